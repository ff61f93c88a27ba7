"""Record of the Three Kingdoms images: the overview posted after each phase (`overview`), the
details opened on request (`PARTS`, `part`) and one attack (`battle`), all drawn from the view
of docs/record-view.md only, with captions in the reader's language
(games/record/locales/board.toml)."""

from __future__ import annotations

from PIL import Image

from rendering.kit.fonts import resolve_cjk
from rendering.kit.scene import Scene
from rendering.record.battle import render_battle
from rendering.record.overview import draw_overview
from rendering.record.parts import PARTS, draw_part


def overview(scene: Scene) -> Image.Image:
    """The headline and the compact table of every player, at most 1280x1560."""
    return draw_overview(scene, resolve_cjk(None))[0]


def part(scene: Scene, name: str) -> Image.Image:
    """One of `PARTS`; from a seat's own view it shows that seat's private things."""
    return draw_part(scene, name, resolve_cjk(None))[0]


def battle(scene: Scene) -> Image.Image:
    """One attack, `scene.view` its record (a view's "battle" or `Game.finished_battle`)."""
    return render_battle(scene)


__all__ = ["PARTS", "battle", "overview", "part", "render_battle"]
