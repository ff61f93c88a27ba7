"""The search AI (games/core/search.py, agent kind `search`): it reads only its seat's view,
one seed and one iteration budget give one choice, a single legal action is played without
a search, a game without a determiniser keeps to the heuristic, and in a small race it finds
the win the greedy heuristic walks past. `Game.values` judges what a rollout reaches."""

from __future__ import annotations

import json
from typing import Any

from games.core import Action, Event, Game, Result, Rng, Score, get_game, make_agent
from games.core.agents import SearchAgent, agent_kinds
from games.core.search import Budget, Search
from tests.games.core.toy import HighRoll

RECORD = get_game("record")
TARGET = 10
SMALL = Budget(iterations=12, depth=8)


class Race(Game):
    """Two seats add 1 or 2 to a count in turn; who reaches 10 wins. Everything is public,
    so its sample is the view with a fresh generator. Its heuristic adds as much as it
    can, which loses from 6 (7 is a lost count for the seat to move: 7 + 3k)."""

    name, title, min_players, max_players = "race", "Race to ten", 2, 2

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[dict[str, Any], list[Event]]:
        return at(0, 0, seed), []

    def to_act(self, state: dict[str, Any]) -> set[int]:
        return set() if state["winner"] is not None else {state["turn"]}

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        return [Action("add", (n,)) for n in (1, 2) if state["count"] + n <= TARGET]

    def _apply(self, state: dict[str, Any], seat: int, action: Action) -> list[Event]:
        state["count"] += action.number()
        if state["count"] == TARGET:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return []

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {k: state[k] for k in ("count", "turn", "winner")}

    def result(self, state: dict[str, Any]) -> Result | None:
        if state["winner"] is None:
            return None
        scores = [Score(s, int(s == state["winner"]), {}) for s in (0, 1)]
        return Result(sorted(scores, key=lambda s: -s.total), [state["winner"]], "ten")

    def phase(self, state: dict[str, Any]) -> str:
        return "race"

    def summary(self, view: dict[str, Any]) -> str:
        return str(view)

    def action_score(self, view: dict[str, Any], seat: int, action: Action) -> float:
        return action.number()

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
        return {**at(view["count"], view["turn"], 0), "winner": view["winner"],
                "rng": rng.next_u64()}


class UnsampledRace(Race):
    """The race, whose determiniser must never be asked."""

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> dict[str, Any]:
        raise AssertionError("a single legal action was searched")


def at(count: int, turn: int, seed: int) -> dict[str, Any]:
    return {"seed": seed, "rng": Rng.from_seed(seed).state, "players": [{}, {}],
            "count": count, "turn": turn, "winner": None}


def record_position(seed: int = 3, actions: int = 40) -> tuple[dict[str, Any], int]:
    """A Record table after `actions` heuristic actions, at the next seat with a choice."""
    state = RECORD.setup(3, {}, seed)
    agents = [make_agent("heuristic", seed + s) for s in range(3)]
    played = 0
    while True:
        seat = min(RECORD.to_act(state))
        if played >= actions and len(RECORD.legal_actions(state, seat)) > 1:
            return state, seat
        state, _ = RECORD.apply(state, seat, agents[seat].choose(RECORD, state, seat))
        played += 1


def hidden(state: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in state.items() if k not in ("rng", "seed")},
                      sort_keys=True)


def test_search_finds_the_win_the_greedy_heuristic_misses():
    race = Race()
    state = at(6, 0, 1)
    assert make_agent("heuristic", 1).choose(race, state, 0).text == "add 2"  # 8: lost
    assert make_agent("search", 1).choose(race, state, 0).text == "add 1"  # 7: won


def test_a_single_legal_action_is_played_without_a_search():
    state = at(9, 1, 1)
    assert SearchAgent(1).choose(UnsampledRace(), state, 1).text == "add 1"


def test_the_choice_reads_only_the_seats_view():
    state, seat = record_position()
    scrambled = RECORD.sample(RECORD.view(state, seat), seat, Rng(11))
    assert hidden(scrambled) != hidden(state)  # other hands and the decks drawn anew
    assert RECORD.view(scrambled, seat) == RECORD.view(state, seat)
    assert RECORD.legal_actions(scrambled, seat) == RECORD.legal_actions(state, seat)
    assert SearchAgent(4, SMALL).choose(RECORD, scrambled, seat) == \
        SearchAgent(4, SMALL).choose(RECORD, state, seat)


def test_one_seed_and_one_iteration_budget_give_one_choice():
    state, seat = record_position(seed=5)
    choices = {SearchAgent(9, SMALL).choose(RECORD, state, seat).text for _ in range(3)}
    assert len(choices) == 1


def test_every_iteration_visits_one_of_the_roots_actions():
    state, seat = record_position(seed=5)
    search = Search(RECORD, RECORD.view(state, seat), seat, Rng(2), SMALL)
    search.best(RECORD.legal_actions(state, seat))
    assert sum(child.visits for child in search.root.children.values()) == 12
    assert {key[0] for key in search.root.children} == {seat}


def test_a_time_cap_ends_the_search_with_a_legal_choice():
    state, seat = record_position(seed=5)
    capped = SearchAgent(9, Budget(iterations=10**9, seconds=0.05))
    assert capped.choose(RECORD, state, seat) in RECORD.legal_actions(state, seat)


def test_a_game_without_a_determiniser_is_not_offered_search_and_keeps_to_the_heuristic():
    toy = HighRoll()
    assert not toy.can_sample and RECORD.can_sample and Race().can_sample
    assert "search" not in agent_kinds(toy) and "search" in agent_kinds(RECORD)
    state = toy.setup(2, {}, 1)
    assert SearchAgent(1).choose(toy, state, 0) in toy.legal_actions(state, 0)


def test_values_put_the_leader_at_one_the_last_seat_at_zero_and_others_by_points():
    state, _ = record_position(seed=3, actions=120)
    totals = {s.seat: s.total for s in RECORD.standings(state).scores}
    low, high = min(totals.values()), max(totals.values())
    assert low < high  # the seats differ by then
    assert RECORD.values(state) == [(totals[s] - low) / (high - low) for s in range(3)]


def test_values_of_a_finished_game_are_its_wins():
    race = Race()
    won, _ = race.apply(at(8, 1, 1), 1, Action("add", (2,)))
    assert race.values(won) == [0.0, 1.0]
    assert Race().values(at(3, 0, 1)) == [0.5, 0.5]  # no standings: nobody is ahead
