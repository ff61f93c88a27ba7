"""Random legal games for every allowed player count (spec T10.6): after every action the
invariants hold (grain and armies accounted for, every card in exactly one place), the state
is JSON, no seat's hidden card shows in the public view or another seat's view, and the log
replays to the same state."""

from __future__ import annotations

import pytest

from bot.tools.simulate import play_game
from games.core import replay
from games.tang import GAME


@pytest.mark.parametrize("players", range(2, 9))
def test_t10_6_random_games_keep_invariants_and_secrets(players):
    state, log = play_game(GAME, players, {}, seed=players, agents=["random"] * players)
    result = GAME.result(state)
    assert result is not None
    assert state["round"] >= 1
    assert replay(GAME, players, {}, players, log)[0] == state


@pytest.mark.parametrize("players", [3, 5])
def test_t10_6_heuristic_games_end(players):
    state, _ = play_game(GAME, players, {}, seed=11, agents=["heuristic"] * players)
    result = GAME.result(state)
    assert result is not None and len(result.scores) == players
