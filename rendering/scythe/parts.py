"""The details a player opens under the overview (`/game board part:`), each its own image:

- "players": the table's state (turn order, structure bonus tile, encounter tokens, decks,
  who has committed to a combat) and every player's tracks, stars, pieces and cards; drawn
  from a seat's own view it adds that seat's combat cards, objectives and Factory offer;
- "mats": every player's four mat sections, faction ability and mechs;
- "map": the map at full size with its legend;
- "score": the final score sheet (a note before the end).

Every part is 1280 px wide with text at 24 px or more; five players' panels may run past
1560 px (the overview's height), the other parts stay within it.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from games.core.messages import msg
from rendering.kit.canvas import Canvas, Page, draw_measured
from rendering.kit.fonts import resolve_cjk
from rendering.kit.layout import GAP, INNER, MARGIN, WIDTH, Flow
from rendering.kit.scene import Scene
from rendering.kit.theme import CHIP_H, GOLD, GREEN, LARGE, MUTED, PANEL, TEXT, TILE, TITLE
from rendering.scythe.front import MAX_HEIGHT
from rendering.scythe.map import Grid, draw_map, legend
from rendering.scythe.mats import draw_mats, draw_players
from rendering.scythe.score import draw_score
from rendering.scythe.style import Table

PARTS: tuple[str, ...] = ("players", "mats", "map", "score")
TEXT_SIZE = LARGE  # 24 px: the phone floor
DECKS = ("combat", "combat_discard", "encounter", "objective", "factory")


def part(scene: Scene, name: str) -> Image.Image:
    """The part `name` of the scene (the view a seat's own when `scene.seat` is set)."""
    return draw_part(scene, name)[0]


def draw_part(scene: Scene, name: str,
              cjk: bool | None = None) -> Page:
    """The part and the strings drawn on it (tests read them to check hidden names)."""
    if name not in DRAWERS:
        raise ValueError(f"scythe has no part {name!r}")
    t = Table(scene)
    draw = DRAWERS[name]

    def page(c: Canvas) -> float:
        c.text(MARGIN, MARGIN, scene.say(msg(f"scythe.part.{name}")), TITLE, TEXT, bold=True,
               max_width=INNER, min_size=TEXT_SIZE)
        return draw(c, t, MARGIN + TITLE + GAP) + MARGIN

    return draw_measured(WIDTH, resolve_cjk(cjk), page)


def _players(c: Canvas, t: Table, y: float) -> float:
    y = _chips(c, _table_chips(c, t), y)
    return draw_players(c, t, y + GAP)


def _table_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """Turn order, the structure bonus tile, the encounter tokens left, the decks' sizes
    (never their order or faces), and who has already committed to a pending combat."""
    view = t.view
    chips = []
    if view.get("order"):
        chips.append((t.say("order", factions=" → ".join(t.faction_name(s) for s in t.seats())),
                      TILE, TEXT))
    if view.get("bonus_tile"):
        chips.append((t.say("bonus_tile", tile=t.term(f"scythe.bonus_tile.{view['bonus_tile']}")),
                      TILE, GOLD))
    chips.append((t.say("encounters_left", count=len(view.get("encounters") or [])), TILE,
                  TEXT))
    decks = view.get("decks") or {}
    chips += [(t.say(f"deck.{key}", count=int(decks[key])), PANEL, MUTED)
              for key in DECKS if key in decks]
    frame = (view.get("stack") or [{}])[-1]
    if frame.get("kind") == "commit" and frame.get("committed"):
        done = tuple(t.who(c, int(s)) for s in frame["committed"])
        chips.append((t.say("committed", who=done), TILE, GREEN))
    return chips


def _chips(c: Canvas, chips: list[tuple[str, str, str]], y: float) -> float:
    flow = Flow(MARGIN, y, INNER, CHIP_H)
    for text, fill, colour in chips:
        x, cy = flow.place(min(c.chip_width(text, TEXT_SIZE), INNER))
        c.chip(x, cy, text, fill, colour, TEXT_SIZE, max_width=INNER)
    return flow.bottom


def _map(c: Canvas, t: Table, y: float) -> float:
    """The map as large as the page allows above its legend (measured dry first): each
    seat's sign and name in its pieces' colours, then the terrains, tokens and marks."""
    chips = _seat_chips(c, t) + legend(t)
    legend_h = _chips(c.twin(), chips, 0)
    room = MAX_HEIGHT - y - legend_h - GAP - MARGIN
    grid = Grid.fit(MARGIN, y, INNER, room)
    return _chips(c, chips, draw_map(c, t, grid, whole=True) + GAP)


def _seat_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """'N · Alice (Nordic)': the initial its pieces read, the player and the faction."""
    chips = []
    for seat in range(len(t.view.get("players", []))):
        fill, ink, _ = t.piece(seat)
        who = t.who(c, seat) if t.faction(seat) else t.name(c, seat)
        chips.append((f"{t.initial(seat)} · {who}", fill, ink))
    return chips


DRAWERS: dict[str, Callable[[Canvas, Table, float], float]] = {
    "players": _players, "mats": draw_mats, "map": _map, "score": draw_score}
