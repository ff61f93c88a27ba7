"""Random legal games (RandomAgent and HeuristicAgent) for 2-5 players and every option: no
crash, invariants after every action, no seat's secret in the public view or another seat's
view, JSON-serialisable views, determinism, and termination with a result."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Action, HeuristicAgent, RandomAgent
from games.record import GAME

MAX_ACTIONS = 3000


def _check_views(state: dict) -> None:
    secrets = GAME.secrets(state)
    public = json.dumps(GAME.view(state, None), ensure_ascii=False)
    views = {s: json.dumps(GAME.view(state, s), ensure_ascii=False)
             for s in range(len(state["players"]))}
    for owner, hidden in secrets.items():
        for secret in (json.dumps(h, ensure_ascii=False) for h in hidden):  # quoted: exact ids
            assert secret not in public, f"Seat {owner}'s {secret} is in the public view"
            for seat, text in views.items():
                if seat != owner:
                    assert secret not in text, f"Seat {owner}'s {secret} is in Seat {seat}'s view"


def play_game(players: int, options: dict, seed: int, agent: str,
              check_views: bool = True) -> tuple[dict, list[tuple[int, Action]]]:
    kind = RandomAgent if agent == "random" else HeuristicAgent
    agents = [kind(seed * 7 + s) for s in range(players)]
    state = GAME.setup(players, options, seed)
    moves: list[tuple[int, Action]] = []
    while GAME.result(state) is None:
        assert len(moves) < MAX_ACTIONS, "the game did not end"
        acting = sorted(GAME.to_act(state))
        assert acting, "nobody to act in an unfinished game"
        seat = acting[len(moves) % len(acting)]
        legal = GAME.legal_actions(state, seat)
        assert legal and all(a.label for a in legal) and len(legal) <= 40
        action = agents[seat].choose(GAME, state, seat)
        state, events = GAME.apply(state, seat, action)
        moves.append((seat, action))
        assert GAME.invariants(state) == []
        assert all(e.text for e in events)
        if check_views:
            _check_views(state)
            assert json.loads(json.dumps(state)) == state  # storable as it is
    return state, moves


def _replay(players: int, options: dict, seed: int, moves: list) -> dict:
    state = GAME.setup(players, options, seed)
    for seat, action in moves:
        state, _ = GAME.apply(state, seat, Action.parse(action.text))
    return state


options_st = st.fixed_dictionaries({
    "advanced": st.booleans(), "qin_zei_captures": st.booleans(),
    "luoyang_literal": st.booleans()})


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), options=options_st, seed=st.integers(0, 2**31),
       agent=st.sampled_from(["random", "heuristic"]))
def test_random_games_are_sound(players, options, seed, agent):
    state, moves = play_game(players, options, seed, agent)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert len(result.scores) == players
    assert _replay(players, options, seed, moves) == state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(advanced=st.booleans(), seed=st.integers(0, 2**31),
       agent=st.sampled_from(["random", "heuristic"]))
def test_two_player_lord_games_are_sound(advanced, seed, agent):
    options = {"two_player_lords": True, "advanced": advanced}
    state, _ = play_game(2, options, seed, agent)
    assert all(len(p["lords"]) == 2 for p in state["players"])
    assert GAME.result(state) is not None


def test_many_heuristic_games_end():
    """Cheaper bulk run without view checks: every player count, basic and advanced."""
    for seed in range(6):
        for players in (2, 3, 4, 5):
            state, _ = play_game(players, {"advanced": seed % 2 == 1}, seed, "heuristic",
                                 check_views=False)
            assert GAME.result(state) is not None
