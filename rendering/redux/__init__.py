"""Three Kingdoms Redux: the overview posted after each phase and the parts a player opens,
drawn from the view of docs/redux-engine.md only.

`overview` lays out the phone-first image (headline from `changes`, body from `overview`);
`parts` draws the details with `actions`, `tracks`, `players` and `score`, in the colours and
words of `style`. Redux has no battle image.
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.ink import draw_reusing
from rendering.kit.layout import WIDTH
from rendering.kit.scene import Scene
from rendering.redux.body import draw_overview
from rendering.redux.parts import PARTS, draw_part
from rendering.redux.style import Table


def overview(scene: Scene, *, cjk: bool | None = None) -> Image.Image:
    """The overview of the scene's public view (at most rendering.OVERVIEW_MAX)."""
    return drawn_overview(scene, resolve_cjk(cjk))[0]


def drawn_overview(scene: Scene, cjk: bool) -> Page:
    """The overview and every string drawn on it (tests read them)."""
    table = Table(scene.view, scene.names, scene.say)
    return draw_reusing(WIDTH, cjk, lambda c: draw_overview(c, table, scene))


def part(scene: Scene, name: str, *, cjk: bool | None = None) -> Image.Image:
    """One of PARTS; from a seat's own view its panel shows that seat's secrets."""
    return drawn_part(scene, name, resolve_cjk(cjk))[0]


def drawn_part(scene: Scene, name: str, cjk: bool) -> Page:
    if name not in PARTS:
        raise ValueError(f"redux has no part {name!r} (parts: {', '.join(PARTS)})")
    table = Table(scene.view, scene.names, scene.say)
    return draw_reusing(WIDTH, cjk, lambda c: draw_part(c, table, name))


__all__ = ["PARTS", "drawn_overview", "drawn_part", "overview", "part"]
