"""Write sample images to /tmp/render-samples/ for a human (or a reviewer) to look at.

Run: .venv/bin/python -m tests.rendering.record.save_samples [--no-cjk]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rendering import record, to_png
from tests.rendering.record import samples

OUT = Path("/tmp/render-samples")


def main() -> None:
    cjk = "--no-cjk" not in sys.argv
    suffix = "" if cjk else "-nocjk"
    OUT.mkdir(parents=True, exist_ok=True)
    for kind, n, seat in (("start", 4, None), ("mid", 3, None), ("mid", 3, 1), ("late", 5, None),
                          ("attack", 3, None), ("over", 5, None), ("late", 2, None)):
        start = time.perf_counter()
        image = record.render_table(samples.table(kind, n, seat), samples.NAMES, cjk=cjk)
        data = to_png(image)
        ms = (time.perf_counter() - start) * 1000
        name = f"table-{kind}-{n}p{'' if seat is None else f'-seat{seat}'}{suffix}.png"
        (OUT / name).write_bytes(data)
        print(f"{name}: {image.size} {len(data) // 1024} KiB {ms:.0f} ms")
    for kind, build in samples.BATTLE_SAMPLES.items():
        image = record.render_battle(build(), samples.NAMES, cjk=cjk)
        (OUT / f"battle-{kind}{suffix}.png").write_bytes(to_png(image))
        print(f"battle-{kind}{suffix}.png: {image.size}")


if __name__ == "__main__":
    main()
