"""The pages a game draws on request beside its overview, laid out alike in every game that
has them: a part (`/game board part:`) under its title, and a page drawn from one record of
the view (a fought battle). Each is drawn on a reusing canvas (rendering.kit.ink): once dry
to learn its height, then for real.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from games.core.messages import msg
from rendering.kit.canvas import Canvas, Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.ink import draw_reusing
from rendering.kit.layout import GAP, MARGIN, WIDTH
from rendering.kit.scene import Scene
from rendering.kit.table import SceneTable
from rendering.kit.theme import LARGE, TEXT, TITLE

T = TypeVar("T", bound=SceneTable)


def titled_part(scene: Scene, name: str, cjk: bool | None, game: str,
                table: Callable[[Scene], T],
                drawers: Mapping[str, Callable[[Canvas, T, float, float], float]],
                widths: Mapping[str, int]) -> Page:
    """The part `name`: its title (`<game>.part.<name>`), then its drawer's body from
    (MARGIN, y) within the page's width less the margins. A part is WIDTH wide unless
    `widths` names it (a zoomed map's page is wider); an unknown name is a ValueError."""
    if name not in drawers:
        raise ValueError(f"{game} has no part {name!r}")
    t = table(scene)
    width = widths.get(name, WIDTH)
    draw = drawers[name]

    def page(c: Canvas) -> float:
        c.text(MARGIN, MARGIN, scene.say(msg(f"{game}.part.{name}")), TITLE, TEXT, bold=True,
               max_width=width - 2 * MARGIN, min_size=LARGE)
        return draw(c, t, MARGIN + TITLE + GAP, width - 2 * MARGIN) + MARGIN

    return draw_reusing(width, resolve_cjk(cjk), page)


def record_page(t: T, body: Callable[[Canvas, T, dict[str, Any]], float],
                cjk: bool | None) -> Page:
    """A WIDTH wide page of the scene's view as one record (a battle): `body` draws it and
    returns the y below it."""
    return draw_reusing(WIDTH, resolve_cjk(cjk), lambda c: body(c, t, t.view))
