"""Writes Scythe overviews and parts to look at by hand (not collected by pytest):

    .venv/bin/python -m tests.rendering.scythe.save_overviews

A seeded 4-player game played by the heuristic AI gives the start, the middle (with the
view a turn earlier as `before`, so the changes show) and the end; each overview is written
in English and Korean, and every part from the public view and from the first seat's own
view, to /tmp/overviews/scythe-*.png (or the folder named by $OVERVIEWS).
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

from games.core import get_game, make_agent
from rendering import parts, render_overview, render_part
from tests.rendering.scenes import scene

OUT = Path(os.environ.get("OVERVIEWS", "/tmp/overviews"))
SEATS, SEED, MIDDLE = 4, 7, 40
NAMES = ["Alice", "Bartholomew", "劉玄德", "Dana"]


def moments() -> dict[str, tuple[dict, dict | None, tuple[int, ...]]]:
    """name -> (state, the state an overview earlier or None, the seats awaited)."""
    game = get_game("scythe")
    state = game.setup(SEATS, game.default_options(), SEED)
    agents = [make_agent("heuristic", SEED + s) for s in range(SEATS)]
    kept: dict[str, tuple[dict, dict | None]] = {"start": (copy.deepcopy(state), None)}
    turn_start = copy.deepcopy(state)  # where the previous overview was posted
    while game.result(state) is None:
        if state["turn_number"] != turn_start["turn_number"]:
            previous, turn_start = turn_start, copy.deepcopy(state)
            if state["turn_number"] == MIDDLE:
                kept["middle"] = (turn_start, previous)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    kept["end"] = (state, turn_start)
    return {name: (s, before, tuple(sorted(game.to_act(s))))
            for name, (s, before) in kept.items()}


def main() -> None:
    game = get_game("scythe")
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (state, before, awaiting) in moments().items():
        view = game.view(state, None)
        old = None if before is None else game.view(before, None)
        for locale in ("en", "ko"):
            path = OUT / f"scythe-{name}-{locale}.png"
            path.write_bytes(render_overview("scythe", scene(view, NAMES, locale, before=old,
                                                             awaiting=awaiting)))
            print(path)
        if name == "start":
            continue
        for part in parts("scythe"):
            for seat in (None, 0):
                who = "public" if seat is None else "seat0"
                path = OUT / f"scythe-{name}-part-{part}-{who}.png"
                own = scene(game.view(state, seat), NAMES, "en", seat=seat)
                path.write_bytes(render_part("scythe", part, own))
                print(path)


if __name__ == "__main__":
    main()
