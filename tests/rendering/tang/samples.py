"""Real Tang states for the image tests: seeded games of 2 and 8 players played by random
seats (quick, and they fight many battles), kept at the start, the middle (with the state a
phase earlier, so the changes show) and the end."""

from __future__ import annotations

import copy
import functools
from typing import Any

from games.core import get_game, make_agent

MIDDLE_ROUND = 2


@functools.cache
def moments(seats: int, seed: int = 1,
            options: tuple[tuple[str, Any], ...] = ()) -> dict[str, dict[str, Any]]:
    """name -> state: "start" (set-up), "before" (the state where the middle's phase began),
    "middle" (the action phase of round 2 after a battle fought in it), "end"; read-only."""
    game = get_game("tang")
    state = game.setup(seats, dict(options), seed)
    agents = [make_agent("random", seed + s) for s in range(seats)]
    kept = {"start": copy.deepcopy(state)}
    phase_start = copy.deepcopy(state)
    while game.result(state) is None:
        if game.phase(state) != game.phase(phase_start):
            phase_start = copy.deepcopy(state)
        if "middle" not in kept and state["round"] == MIDDLE_ROUND \
                and game.phase(state) == "action" and game.finished_battle(state) \
                and game.finished_battle(state) != game.finished_battle(phase_start):
            kept.update(middle=copy.deepcopy(state), before=phase_start)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    kept["end"] = state
    kept.setdefault("middle", state)
    kept.setdefault("before", state)
    return kept


def names(seats: int) -> list[str]:
    return ["Alice", "Bartholomew", "劉玄德", "Dana", "Eve", "Frank", "Gwen", "Hiro"][:seats]
