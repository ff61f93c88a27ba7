"""The details a player opens under the overview (`/game board part:`), each its own image:

- "nations": every nation (the players' first, then the minor ones, then the fallen): its
  ruler, who runs it, its areas, troops, value and big cities and its generals by area; the
  acting nation's DP and what its areas did this step; drawn from a seat's own view it adds
  that seat's order being built, its paused orders, its battle plan and its secret picks;
- "map": the whole map zoomed (a 1280 px page, no wider than the overview, so never
  smaller on a phone; drawn taller, so that the names the overview has no room for find
  room) with its legend and every general by area;
- "zoom": the battle area, or the acting nation's areas, with their neighbours, close up, with
  the generals there and their ratings;
- "turns": the turn track with its periods and scoring turns, the cup, the revealed 天命札,
  the decks and the VP each player banked on each scoring turn.

Text is 24 px or more everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from rendering.kit.canvas import Canvas, Page
from rendering.kit.pages import titled_part
from rendering.kit.scene import Scene
from rendering.wargame.nations import draw_nations
from rendering.wargame.style import Table
from rendering.wargame.tracks import draw_turns
from rendering.wargame.views import draw_full_map, draw_zoom

PARTS: tuple[str, ...] = ("nations", "map", "zoom", "turns")
MAP_WIDTH = 1280  # the map part's page: no wider than the overview, so never smaller on a phone


def part(scene: Scene, name: str) -> Image.Image:
    """The part `name` of the scene (the view a seat's own when `scene.seat` is set)."""
    return draw_part(scene, name)[0]


def draw_part(scene: Scene, name: str,
              cjk: bool | None = None) -> Page:
    """The part and the strings drawn on it (tests read them to check hidden names)."""
    return titled_part(scene, name, cjk, "wargame", Table, DRAWERS, {"map": MAP_WIDTH})


DRAWERS: dict[str, Callable[[Canvas, Table, float, float], float]] = {
    "nations": draw_nations, "map": draw_full_map, "zoom": draw_zoom, "turns": draw_turns}
