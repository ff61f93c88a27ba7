"""Random legal games for 2, 5 and 11 seats as far as the engine goes (invariants, secrets and
JSON state after every action, replay equal), and heuristic games of S2 to their end."""

from __future__ import annotations

import json
import random

import pytest

from bot.tools.simulate import check_state, play_game
from games.core.actions import Action
from games.wargame.game import WargameGame

GAME = WargameGame()


@pytest.mark.parametrize(("seats", "scenario"), [(2, "S1"), (5, "S1"), (11, "S1"), (3, "S3")])
def test_random_legal_games_keep_every_invariant(seats, scenario):
    for seed in (seats,):
        state = GAME.setup(seats, {"scenario": scenario}, seed)
        first = json.loads(json.dumps(state))
        rnd = random.Random(seed)
        log: list[tuple[int, Action]] = []
        for _ in range(300):
            due = sorted(GAME.to_act(state))
            if not due:
                break
            seat = due[0]
            action = rnd.choice(GAME.legal_actions(state, seat))
            state, _ = GAME.apply(state, seat, action)
            log.append((seat, action))
            check_state(GAME, state, seats)
        replayed = first
        for seat, action in log:
            replayed, _ = GAME.apply(replayed, seat, Action.parse(action.text))
        assert replayed == state


@pytest.mark.parametrize("seats", [2, 5, 11])
def test_heuristic_games_of_s2_reach_their_end(seats):
    state, log = play_game(GAME, seats, {"scenario": "S2"}, 3, ["heuristic"] * seats,
                           check=seats == 2)
    check_state(GAME, state, seats)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert state["turn"] == 10 or state["over"]["reason"] != "last_turn"
