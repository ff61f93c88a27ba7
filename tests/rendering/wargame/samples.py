"""Real wargame states for the image tests: seeded games of 2 and 11 players played by the
heuristic AI (it invades, so battles are fought), kept at the start, the middle (with the state
a phase earlier, so the changes show) and the end; and battles with every roll forced, for the
duels and kill checks the seeded games seldom fight.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from games.core import make_agent
from games.core.chance import force
from games.wargame.game import WargameGame
from tests.games.wargame.scenario import wx14_fall
from tests.games.wargame.test_wargame_combat import by
from tests.games.wargame.test_wargame_rules_w18_w21 import gentry_battle
from tests.games.wargame.test_wargame_rules_w22_w24 import double_rout

GAME = WargameGame()
MIDDLE_TURN = 3
MOST_ACTIONS = 6000
NAMES = ["Alice", "Bartholomew", "劉玄德", "Dana", "Eve", "Frank", "Gwen", "Hiro", "Ines",
         "Jun", "Kay"]


@functools.cache
def moments(seats: int, seed: int = 1,
            options: tuple[tuple[str, Any], ...] = ()) -> dict[str, dict[str, Any]]:
    """name -> state: "start" (the first turn's first phase), "before" (where the middle's
    nation phase began), "middle" (a phase of turn 3 right after a battle fought in it),
    "battle" (the state while that battle's generals are chosen), "end"; read-only."""
    state, _ = GAME.begin(seats, dict(options), seed)
    agents = [make_agent("heuristic", seed + s) for s in range(seats)]
    kept: dict[str, dict[str, Any]] = {}
    phase_start = copy.deepcopy(state)
    for _ in range(MOST_ACTIONS):
        if GAME.result(state) is not None:
            break
        if state["acting"] != phase_start["acting"]:
            phase_start = copy.deepcopy(state)
        if "start" not in kept and state["turn"] == 1 and state["acting"]:
            kept["start"] = copy.deepcopy(state)
        if state["battle"] is not None and "battle" not in kept and state["turn"] >= MIDDLE_TURN:
            kept["battle"] = copy.deepcopy(state)
        if "middle" not in kept and state["turn"] >= MIDDLE_TURN \
                and GAME.finished_battle(state) != GAME.finished_battle(phase_start):
            kept.update(middle=copy.deepcopy(state), before=phase_start)
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
    kept["end"] = state
    for name in ("start", "middle", "before", "battle"):
        kept.setdefault(name, state)
    return kept


def names(seats: int) -> list[str]:
    return NAMES[:seats]


@functools.cache
def forced_battles() -> dict[str, dict[str, Any]]:
    """name -> a finished battle's record: "fall" (WX14: a duel kills 袁術's last heir and
    the fallen nation's generals are checked), "gentry" (夏侯惇 and 曹仁 against the 豪族'
    duellists, one unopposed; 曹操 retreats and is pursued, face 6), "rout" (a pitched battle
    ending in a double rout: a capture made void, a death); read-only."""
    gentry, _ = gentry_battle(("xiahou_dun", "cao_ren"), (5, 6, 6, 1, 1, 3))
    gentry, _ = by(gentry, "cao", "general xiahou_dun", "general cao_ren")
    force(gentry, 6)
    gentry, _ = by(gentry, "cao", "retreat")
    found: dict[str, dict[str, Any]] = {}
    for name, state in (("fall", wx14_fall()[0]), ("gentry", gentry),
                        ("rout", double_rout(5, 6)[0])):
        record = GAME.finished_battle(state)
        assert record is not None, name
        found[name] = record
    return found
