"""Write Record overviews (start, middle and end of a real game, in English and Korean, the
smallest and largest tables), every part (public and a seat's own) and the battle images to
/tmp/overviews/record-*.png, for a person to look at (at 400 px wide, as a phone shows them).

Run by hand: .venv/bin/python -m tests.rendering.record.save_overviews
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from rendering import record, to_png
from tests.rendering.record import boards, samples
from tests.rendering.scenes import scene

OUT = Path(os.environ.get("OVERVIEWS", "/tmp/overviews"))  # OVERVIEWS=... elsewhere
NAMES = ["Alice", "Bartholomew", "劉玄德", "Dmitri", "은지"]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for players in (2, 5):
        for moment, (view, before, awaiting) in boards.moments(players).items():
            for locale in ("en", "ko"):
                start = time.perf_counter()
                image = record.overview(scene(view, NAMES[:players], locale, before=before,
                                              awaiting=awaiting))
                _write(f"record-{players}p-{moment}-{locale}.png", image, start)
    final = boards.phase_views(5)[-1][0]
    for seat in (None, 0):
        view = samples.table("mid", 3, seat)
        for name in record.PARTS:
            start = time.perf_counter()
            image = record.part(scene(view, NAMES[:3], "en", seat=seat), name)
            _write(f"record-part-{name}-{'public' if seat is None else 'seat0'}.png", image,
                   start)
    start = time.perf_counter()
    _write("record-part-scores-final-ko.png", record.part(scene(final, NAMES, "ko"), "scores"),
           start)
    for kind, build in samples.BATTLE_SAMPLES.items():
        start = time.perf_counter()
        _write(f"record-battle-{kind}-zh-TW.png", record.battle(scene(build(), NAMES, "zh-TW")),
               start)


def _write(name: str, image, start: float) -> None:
    data = to_png(image)
    (OUT / name).write_bytes(data)
    print(f"{name}: {image.width}x{image.height} {len(data) // 1024} KiB "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
