"""Writes Redux overviews and parts to /tmp/overviews/ to look at by hand (not a test):

    .venv/bin/python -m tests.rendering.redux.save_overviews

One seeded three-player game of the heuristic AI, as the bot posts it: an overview at the
first phase (nothing to compare), one in the middle and one at the end, each with the public
view of the previous phase as `before`, in English and Korean; then every part, from the
public view and from seat 0's own view (its hand), in the middle of the game.
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.i18n import Reader
from bot.service.announce import worded
from games.core import get_game
from games.core.agents import make_agent
from rendering import OVERVIEW_MAX
from rendering.redux import PARTS, overview, part
from tests.rendering.scenes import scene

OUT = Path(os.environ.get("OVERVIEWS", "/tmp/overviews"))  # OVERVIEWS=... elsewhere
NAMES = ["Alice", "Bartholomew the Verbose", "劉玄德"]
MIDDLE = (6, "resolve")


def moments(seed: int = 5) -> dict[str, tuple[dict, dict | None, dict, tuple[int, ...]]]:
    """name -> (public view, the previous phase's public view, seat 0's view, awaited)."""
    game = get_game("redux")
    state = game.setup(3, {}, seed)
    agents = [make_agent("heuristic", seat) for seat in range(3)]
    kept: dict[str, tuple[dict, dict | None, dict, tuple[int, ...]]] = {}
    before: dict | None = None
    phase = None
    while True:
        if game.phase(state) != phase:
            phase = game.phase(state)
            public = game.view(state, None)
            name = "start" if not kept else "middle" if (state["round"], state["step"]) == \
                MIDDLE and "middle" not in kept else "end" if game.result(state) else None
            if name:
                awaited = tuple(sorted(game.to_act(state)))
                kept[name] = (public, before, game.view(state, 0), awaited)
            before = public
        if game.result(state) is not None:
            return kept
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))


def main() -> None:
    OUT.mkdir(exist_ok=True)
    kept = moments()
    for name, (public, before, _own, awaiting) in kept.items():
        for locale in ("en", "ko"):
            reader = Reader(locale, tuple(NAMES))
            image = overview(scene(worded(public, reader), NAMES, locale,
                                   before=before and worded(before, reader), awaiting=awaiting))
            assert image.width <= OVERVIEW_MAX[0] and image.height <= OVERVIEW_MAX[1]
            image.save(OUT / f"redux-{name}-{locale}.png")
            print(OUT / f"redux-{name}-{locale}.png", image.size)
    public, _before, own, _awaiting = kept["middle"]
    for name in PARTS:
        for who, view, seat in (("public", public, None), ("seat0", own, 0)):
            image = part(scene(view, NAMES, "en", seat=seat), name)
            image.save(OUT / f"redux-part-{name}-{who}.png")
            print(OUT / f"redux-part-{name}-{who}.png", image.size)


if __name__ == "__main__":
    main()
