"""Record overviews as the service posts them, from real games: the public view at every
phase change of an AI game, each with the view the previous overview showed, so tests and
`save_overviews` draw the start, the middle and the end of a game as players see them."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core import get_game, make_agent

GAME = get_game("record")
View = dict[str, Any]


@cache
def phase_views(players: int, seed: int = 3) -> tuple[tuple[View, View | None, tuple], ...]:
    """(view, before, awaiting) at every phase change of a heuristic game, the last one the
    final view."""
    state = GAME.setup(players, GAME.default_options(), seed)
    agents = [make_agent("heuristic", seed * 31 + i) for i in range(players)]
    posted: list[tuple[View, View | None, tuple]] = []
    before: View | None = None
    phase = None
    while True:
        if GAME.phase(state) != phase or GAME.result(state) is not None:
            phase = GAME.phase(state)
            view = GAME.view(state, None)
            posted.append((view, before, tuple(sorted(GAME.to_act(state)))))
            before = view
        if GAME.result(state) is not None:
            return tuple(posted)
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))


def moments(players: int) -> dict[str, tuple[View, View | None, tuple]]:
    """The start, the middle and the end of one game."""
    posted = phase_views(players)
    return {"start": posted[0], "middle": posted[len(posted) // 2], "end": posted[-1]}
