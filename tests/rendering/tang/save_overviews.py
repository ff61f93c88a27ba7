"""Writes Tang overviews, parts and a battle to look at by hand (not collected by pytest):

    .venv/bin/python -m tests.rendering.tang.save_overviews

Seeded random games of 2 and 8 players (tests/rendering/tang/samples.py) give the start, the
middle (with the view where its phase began as `before`, so the changes show) and the end;
each overview is written in English, Simplified Chinese and Korean, every part from the
public view and from the first seat's own view, and the middle's battle, to
/tmp/overviews/tang-*.png.
"""

from __future__ import annotations

from pathlib import Path

from games.core import get_game
from rendering import parts, render_battle_png, render_overview, render_part
from tests.rendering.scenes import scene
from tests.rendering.tang.samples import moments, names

OUT = Path("/tmp/overviews")


def main() -> None:
    game = get_game("tang")
    OUT.mkdir(parents=True, exist_ok=True)
    for seats in (2, 8):
        kept = moments(seats)
        for moment, before in (("start", None), ("middle", kept["before"]),
                               ("end", kept["middle"])):
            state = kept[moment]
            old = None if before is None else game.view(before, None)
            for locale in ("en", "zh-CN", "ko"):
                path = OUT / f"tang-{seats}p-{moment}-{locale}.png"
                path.write_bytes(render_overview("tang", scene(
                    game.view(state, None), names(seats), locale, before=old,
                    awaiting=tuple(sorted(game.to_act(state))))))
                print(path)
            for part in parts("tang"):
                for seat in (None, 0):
                    who = "public" if seat is None else "seat0"
                    path = OUT / f"tang-{seats}p-{moment}-part-{part}-{who}.png"
                    path.write_bytes(render_part("tang", part, scene(
                        game.view(state, seat), names(seats), seat=seat)))
                    print(path)
        battle = game.finished_battle(kept["middle"])
        if battle:
            path = OUT / f"tang-{seats}p-battle.png"
            path.write_bytes(render_battle_png("tang", scene(battle, names(seats))))
            print(path)


if __name__ == "__main__":
    main()
