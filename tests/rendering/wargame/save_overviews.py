"""Writes wargame overviews, parts and a battle to look at by hand (not collected by pytest):

    .venv/bin/python -m tests.rendering.wargame.save_overviews

Seeded heuristic games of 2 and 11 players (tests/rendering/wargame/samples.py) give the start,
the middle (with the view where its phase began as `before`, so the changes show) and the end;
each overview is written in English, Japanese and Korean, every part from the public view and
from the acting seat's own view, and the middle's battle, to /tmp/overviews/wargame-*.png;
the 11-player overviews in English are also /tmp/overviews/wargame-{start,middle,end}.png.
The battles with forced rolls (duels, kill checks) are /tmp/overviews/wargame-battle-*.png.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from rendering.kit.png import to_png
from rendering.wargame import PARTS, battle, overview, part
from tests.rendering.scenes import scene
from tests.rendering.wargame.samples import GAME, forced_battles, moments, names

OUT = Path("/tmp/overviews")
SHOWN = 11  # the seat count whose English overviews get the short names


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for seats in (2, 11):
        _game(seats)
    for name, fought in forced_battles().items():
        for locale in ("en", "ja", "ko"):
            _write(f"wargame-battle-{name}-{locale}.png",
                   battle(scene(fought, names(2), locale)))


def _game(seats: int) -> None:
    kept = moments(seats)
    for moment, before in (("start", None), ("middle", kept["before"]), ("end", kept["middle"])):
        state = kept[moment]
        old = None if before is None else GAME.view(before, None)
        awaiting = tuple(sorted(GAME.to_act(state)))
        for locale in ("en", "ja", "ko"):
            image = overview(scene(GAME.view(state, None), names(seats), locale, before=old,
                                   awaiting=awaiting))
            _write(f"wargame-{seats}p-{moment}-{locale}.png", image)
            if seats == SHOWN and locale == "en":
                _write(f"wargame-{moment}.png", image)
        own = awaiting[0] if awaiting else 0
        for name in PARTS:
            for seat in (None, own):
                who = "public" if seat is None else f"seat{seat}"
                _write(f"wargame-{seats}p-{moment}-part-{name}-{who}.png", part(scene(
                    GAME.view(state, seat), names(seats), seat=seat), name))
    fought = GAME.finished_battle(kept["middle"])
    if fought:
        for locale in ("en", "ja"):
            _write(f"wargame-{seats}p-battle-{locale}.png",
                   battle(scene(fought, names(seats), locale)))
    _write(f"wargame-{seats}p-battle-zoom.png", part(scene(
        GAME.view(kept["battle"], None), names(seats)), "zoom"))


def _write(name: str, image: Image.Image) -> None:
    path = OUT / name
    path.write_bytes(to_png(image))
    print(path, image.size)


if __name__ == "__main__":
    main()
