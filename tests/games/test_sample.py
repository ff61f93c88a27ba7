"""The determiniser of each game that has one (`Game.sample`, games/core/game.py): over whole
seeded games of heuristic and random seats, at many steps and for every seat, a sample built
from the seat's view shows that seat the same view, offers the acting seat the same actions,
takes one of them, keeps the game's invariants, really draws what is hidden, and draws it only
from what the seat has not seen."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Game, Rng, get_game, make_agent
from games.core.sampling import seen

# The games with a determiniser (docs/engine-core.md, "Sampling"), their seats (Record, Redux
# and Tang at three, for a hidden hand on either side of the seat) and how often a step is
# checked.
TABLES = {"record": (3, 1), "redux": (3, 2), "scythe": (2, 3), "tang": (3, 4), "wargame": (3, 4)}
# Options that change what is hidden or where: Record's two decks and rebuilds (A1, A4),
# Scythe's secret coins (S21.1), Tang's secret grain (T9), the wargame's unnamed free
# generals (W5.5b).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "record": [{}, {"advanced": True}], "scythe": [{}, {"coins_visible": False}],
    "tang": [{}, {"hidden_grain": True}], "wargame": [{}, {"hide_zaiya": True}]}
# What a game hides from every seat alike, which `secrets` (a seat's own) cannot name: the
# wargame's 天命札 decks, whose order nobody knows (W5.3).
HIDDEN_FROM_ALL = {"wargame": lambda state: any(len(d) > 1 for d in state["decks"].values())}
MOST_STEPS = 600  # a bound on the checked part of a game, so a slow engine stays affordable
SAMPLED = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Tally:
    """What the whole game showed: how often something was hidden, and how often two rngs
    drew it differently."""

    hidden: int = 0
    differed: int = 0
    acted: int = 0
    problems: list[str] = field(default_factory=list)


def hidden_parts(state: dict[str, Any]) -> str:
    """A sample without its generator (fresh from the rng by design), as comparable text."""
    return json.dumps({k: v for k, v in state.items() if k not in ("rng", "seed")},
                      sort_keys=True)


def check_seat(game: Game, state: dict[str, Any], seat: int, step: int, tally: Tally) -> None:
    view = game.view(state, seat)
    first = game.sample(view, seat, Rng(step * 7919 + seat))
    again = game.sample(view, seat, Rng(step * 7919 + seat))
    other = game.sample(view, seat, Rng(step * 7919 + seat + 104729))
    where = f"step {step}, seat {seat}"
    assert hidden_parts(first) == hidden_parts(again), f"{where}: one rng, two samples"
    assert game.view(first, seat) == view, f"{where}: the sample shows another view"
    assert game.invariants(first) == [], f"{where}: {game.invariants(first)}"
    shown = seen(view)
    for owner, ids in game.secrets(first).items():
        if owner != seat:
            assert not ids & shown, f"{where}: seat {owner} holds seen {sorted(ids & shown)}"
    secret = any(ids for owner, ids in game.secrets(state).items() if owner != seat) \
        or HIDDEN_FROM_ALL.get(game.name, lambda state: False)(state)
    if secret:
        tally.hidden += 1
        tally.differed += hidden_parts(first) != hidden_parts(other)
    if seat in game.to_act(state) and game.result(state) is None:
        legal = game.legal_actions(state, seat)
        assert game.legal_actions(first, seat) == legal, f"{where}: other actions"
        after, _ = game.apply(first, seat, legal[step % len(legal)])
        assert game.invariants(after) == [], f"{where}: after acting {game.invariants(after)}"
        tally.acted += 1


def play_and_check(name: str, seed: int, heuristic: bool, options: dict[str, Any]) -> Tally:
    game = get_game(name)
    seats, stride = TABLES[name]
    state = game.setup(seats, options, seed)
    kind = "heuristic" if heuristic else "random"
    agents = [make_agent(kind, seed=seed * 10 + s) for s in range(seats)]
    tally = Tally()
    for step in range(MOST_STEPS):
        if game.result(state) is not None:
            break
        if step % stride == 0:
            for seat in range(seats):
                check_seat(game, state, seat, step, tally)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    return tally


@pytest.mark.parametrize("name", sorted(TABLES))
@SAMPLED
@given(seed=st.integers(0, 2**31), heuristic=st.booleans(), choice=st.integers(0, 1))
def test_a_sample_is_consistent_with_the_seats_view_all_game_long(name: str, seed: int,
                                                                  heuristic: bool, choice: int):
    choices = OPTIONS.get(name, [{}])
    tally = play_and_check(name, seed, heuristic, choices[choice % len(choices)])
    assert tally.acted > 0, "no checked step had the seat to act"
    assert tally.hidden > 0, "nothing was ever hidden from a seat"
    # Two rngs draw the hidden parts differently nearly always; they agree only where what is
    # hidden has one arrangement (one unseen card for one unseen place).
    assert tally.differed >= 0.9 * tally.hidden, f"{tally.differed} of {tally.hidden} differed"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_card_the_seat_holds_is_never_in_a_sampled_opponents_hand(name: str):
    """The unseen pool at the start: the seat's own secrets never reach another seat."""
    game = get_game(name)
    seats, _ = TABLES[name]
    state = game.setup(seats, {}, 5)
    for seat in range(seats):
        own = game.secrets(state).get(seat, set())
        for draw in range(20):
            sampled = game.sample(game.view(state, seat), seat, Rng(draw))
            for owner, ids in game.secrets(sampled).items():
                if owner != seat:
                    assert not ids & own, f"seat {owner} was dealt {sorted(ids & own)}"


def test_a_stratagem_seen_played_in_an_attack_stays_in_the_sampled_discard():
    """Record without the advanced rules never takes a card back out of the discard, so the
    stratagems an attack revealed (R11.8) are there in every sample, never in a hand, also
    once later discards have covered them."""
    game = get_game("record")
    checked = 0
    for seed in range(10, 16):
        state = game.setup(3, {}, seed)
        agents = [make_agent("random", seed=seed * 10 + s) for s in range(3)]
        while game.result(state) is None:
            for seat in range(3):
                checked += check_buried(game, state, seat, Rng(checked))
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    assert checked > 0, "no revealed stratagem was ever covered by a later discard"


def check_buried(game: Game, state: dict[str, Any], seat: int, rng: Rng) -> int:
    """1 when the last attack's stratagems are under the discard's shown top and the sample
    keeps them there, 0 when there is nothing to check."""
    view = game.view(state, seat)
    battle = view["last_battle"] or {}
    played = {battle[role]["id"] for role in ("attack_stratagem", "defence_stratagem")
              if battle.get(role)} - {c["id"] for c in view["discard_top"]}
    if not played:
        return 0
    sampled = game.sample(view, seat, rng)
    assert played <= set(sampled["discard"])
    assert not played & {c for p in sampled["players"] for c in p["hand"]}
    return 1
