"""Random legal games for every allowed player count (spec T10.6): after every action the
invariants hold (grain and armies accounted for, every card in exactly one place), the state
is JSON, no seat's hidden card shows in the public view or another seat's view, and the log
replays to the same state. Every count plays its set-up and first three rounds; whole games
are played to their end at 2, 4 and 8 players, and by the heuristic at 3 and 5."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from bot.tools.simulate import check_state, play_game
from games.core import Action, replay
from games.core.agents import make_agent
from games.core.messages import Msg
from games.tang import GAME
from tests.games.tang.simulate_tang import run


def random_game(players: int, seed: int, rounds: int) -> None:
    state = GAME.setup(players, {}, seed)
    chooser = random.Random(seed)
    log: list[tuple[int, Action]] = []
    while GAME.result(state) is None and state["round"] <= rounds:
        seat = min(GAME.to_act(state))
        action = chooser.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        log.append((seat, action))
        check_state(GAME, state, players)
    assert replay(GAME, players, {}, seed, log)[0] == state
    assert state["round"] > rounds or GAME.result(state) is not None


@pytest.mark.parametrize("players", range(2, 9))
def test_t10_6_random_games_keep_invariants_and_secrets(players):
    random_game(players, seed=players, rounds=3)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 8])
def test_t10_6_random_games_to_the_end(players):
    state, log = play_game(GAME, players, {}, seed=100 + players, agents=["random"] * players)
    assert GAME.result(state) is not None
    assert replay(GAME, players, {}, 100 + players, log)[0] == state


@pytest.mark.parametrize("players", [3, 5])
def test_t10_6_heuristic_games_end(players):
    state, _ = play_game(GAME, players, {}, seed=11, agents=["heuristic"] * players)
    result = GAME.result(state)
    assert result is not None and len(result.scores) == players


def grain_params(said: object) -> list[object]:
    """Every `grain` parameter of a message, its clauses included."""
    if not isinstance(said, Msg):
        return []
    found: list[object] = [v for k, v in said.params.items() if k == "grain"]
    for value in said.params.values():
        for part in value if isinstance(value, tuple) else (value,):
            found += grain_params(part)
    return found


def test_t9_hidden_grain_a_whole_game_tells_no_amount_to_others():
    """With hidden_grain, no public line and no other seat's view carries a seat's grain; the
    amounts go to their seats alone, and the game still runs its ordinary checks."""
    players, options, seed = 4, {"hidden_grain": True}, 5
    state = GAME.setup(players, options, seed)
    agents = [make_agent(kind, seed=seed + i)
              for i, kind in enumerate(["heuristic", "random"] * 2)]
    told: Counter[str] = Counter()
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        check_state(GAME, state, players)
        for event in events:
            assert isinstance(event.text, Msg)
            if event.public:
                assert not grain_params(event.text), event.text
            elif grain_params(event.text):
                told[event.text.key] += 1
        for viewer in range(players if GAME.result(state) is None else 0):
            shown = GAME.view(state, viewer)
            assert [p["seat"] for p in shown["players"] if "grain" in p] == [viewer]
    assert {f"tang.log.{k}" for k in ("color", "claim_fail", "bought", "attack", "rally",
                                       "retreat", "extra_bought", "grain")
            } <= set(told)
    assert "grain" in GAME.view(state, None)["players"][1]  # the end shows everything


def test_finished_battle_changes_exactly_when_a_battle_is_fought_and_hides_nothing():
    """Game.finished_battle through a whole game: a new record after every step that fought
    a battle (its totals line), the same record after every other step, and no seat's hidden
    card in it."""
    players, seed = 4, 21
    state = GAME.setup(players, {}, seed)
    agents = [make_agent(kind, seed=seed + i)
              for i, kind in enumerate(["heuristic", "random"] * 2)]
    fought = 0
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        before = GAME.finished_battle(state)
        state, events = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        after = GAME.finished_battle(state)
        battle = any(isinstance(e.text, Msg) and e.text.key == "tang.log.totals"
                     for e in events)
        assert (after != before) is battle
        if battle:
            fought += 1
            assert after is not None and after["number"] == fought
            shown = json.dumps(after, ensure_ascii=False)
            for hidden in GAME.secrets(state).values():
                assert not [s for s in hidden if json.dumps(s, ensure_ascii=False) in shown]
    assert fought >= 10


@pytest.mark.slow
def test_t0_4_simulate_every_player_count_without_errors():
    """The simulate driver (tests/games/tang/simulate_tang.py) at every count T0.4 allows."""
    for players in range(GAME.min_players, GAME.max_players + 1):
        figures = run(players, games=1, seed=1)
        assert not figures.errors, figures.errors
        assert len(figures.rounds) == 1
