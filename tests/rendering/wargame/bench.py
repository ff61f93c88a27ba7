"""Times the wargame overview as `gm bench` times a registered game's board (bot/tools/bench.py,
`render_times`): the overview drawn and encoded, against the PNG encoding of the same pixels
alone, timed in turns, medians of 20, on the final board of a seeded heuristic game (not
collected by pytest):

    .venv/bin/python -m tests.rendering.wargame.bench
"""

from __future__ import annotations

import time
from collections.abc import Callable
from statistics import median

from bot.i18n import Reader
from rendering import Scene
from rendering.kit.png import to_png
from rendering.wargame import overview
from tests.rendering.wargame.samples import GAME, moments, wording

REPEAT = 20


def _times(render: Callable[[], object], encode: Callable[[], object]
           ) -> tuple[list[float], list[float]]:
    """Both timed in turns, so a busy machine slows both alike."""
    render()  # the first board fills the caches (static layer, glyphs), as a running bot has
    out: tuple[list[float], list[float]] = ([], [])
    for _ in range(REPEAT):
        for fn, into in ((render, out[0]), (encode, out[1])):
            start = time.perf_counter()
            fn()
            into.append(time.perf_counter() - start)
    return out


def main() -> None:
    with wording():
        for seats in (2, 11):
            state = moments(seats)["end"]
            names = [f"Player {i + 1}" for i in range(seats)]
            reader = Reader("en", tuple(names))
            scene = Scene(GAME.view(state, None), names, reader)
            drawn = overview(scene)
            render, encode = _times(lambda: to_png(overview(scene)),  # noqa: B023 (at once)
                                    lambda: to_png(drawn))  # noqa: B023
            width, height = drawn.size
            print(f"{seats} seats: board {width}x{height} render ÷ PNG encode of the same "
                  f"pixels: {median(render) / median(encode):.2f}x "
                  f"({median(render) * 1000:.1f} ÷ {median(encode) * 1000:.1f} ms, medians of "
                  f"{REPEAT})")


if __name__ == "__main__":
    main()
