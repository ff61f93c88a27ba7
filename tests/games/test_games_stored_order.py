"""A state read back from storage acts as the one that was written.

The bot plays every action on a state read back from storage (storage/sqlbase.dumps, then
JSON), while a replay (`/game export`, the tests' replays, `gm simulate`) keeps the engine's
state in memory. Storage keeps a state's keys in their order, and every game must play the
same from either: an engine that walks a dict to build a list or break a tie would otherwise
play another game after a reload (the wargame's cup did, when storage sorted the keys). Each
game is played here twice by the same AI seats, once through storage after every action, and
the two must stay equal action by action, in their order too.
"""

from __future__ import annotations

import json

import pytest

from games.core import all_games, get_game, make_agent
from storage.sqlbase import dumps

MOST_ACTIONS = 5000


@pytest.mark.parametrize("name", sorted(g.name for g in all_games()))
def test_a_game_played_through_storage_is_the_game_played_in_memory(name: str) -> None:
    game = get_game(name)
    seats = max(2, game.min_players)
    kept = game.setup(seats, {}, 3)
    stored = json.loads(dumps(kept))
    agents = [make_agent("heuristic", seed=10 + seat) for seat in range(seats)]
    for count in range(MOST_ACTIONS):
        if game.result(kept) is not None:
            break
        seat = min(game.to_act(kept))
        action = agents[seat].choose(game, kept, seat)
        kept, _ = game.apply(kept, seat, action)
        stored, _ = game.apply(stored, seat, action)
        stored = json.loads(dumps(stored))
        assert json.dumps(kept) == json.dumps(stored), f"{name}: after action {count + 1}"
    assert game.result(stored) is not None
