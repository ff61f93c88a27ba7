"""The Scythe map: 47 pointy-top hexes laid out from the data's odd-r offset coordinates, the
seven home bases at their virtual positions, and on every hex what a player looks for.

Each hex shows its id (what `step r3c4` needs) with tunnel and encounter symbols beside it,
then the structure and a combat marker, the units by faction (a diamond with the faction's
initial for the character, squares for mechs and circles for workers, each with its count),
and the resource tokens as coloured chips with their count. A controlled territory gets a
border in its controller's colour; rivers are thick blue lines along the flagged edges.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from PIL import ImageDraw

from rendering.kit.canvas import Canvas
from rendering.kit.layout import INNER, MARGIN, Flow
from rendering.kit.theme import BODY, DARK_TEXT, GOLD, MUTED, PANEL, SMALL, TEXT
from rendering.scythe.style import (
    COMBAT,
    ENCOUNTER,
    RESOURCE_COLORS,
    RIVER,
    STRUCTURE_LETTERS,
    TERRAIN_COLORS,
    Table,
    board_data,
)

SQRT3 = math.sqrt(3)
TOKEN = 34  # unit and structure height
CHIP = 30  # resource chip height
COUNT = 22  # the size of counts and initials on the map
TOKEN_GAP = 4
LINE_GAP = 3
HOME_SCALE = 0.86
HOME_FILL = "#262a33"
INACTIVE = "#8a8f99"
EDGE = "#15171c"
TUNNEL_FILL = "#2a2420"
RIVER_W = 8
LEGEND_H = 36
MAT = "mat"


@dataclass(frozen=True)
class Spot:
    """A hex on the image: a territory (with its terrain) or a home base (no terrain; faction
    '' when unassigned)."""

    id: str
    row: int
    col: int
    terrain: str = ""
    tunnel: bool = False
    encounter: bool = False
    home: str | None = None


@cache
def spots() -> tuple[Spot, ...]:
    data = board_data()
    out = [Spot(t["id"], t["offset"]["row"], t["offset"]["col"], t["terrain"], t["tunnel"],
                t["encounter"]) for t in data["territories"]]
    out += [Spot(h["id"], h["virtual_offset"]["row"], h["virtual_offset"]["col"],
                 home=h["faction"] or "") for h in data["home_bases"]]
    return tuple(out)


@cache
def river_edges() -> tuple[tuple[str, str], ...]:
    """Hex pairs with a river on their shared edge, the home bases' river edges included."""
    data = board_data()
    pairs = [(p["a"], p["b"]) for p in data["adjacency"]["pairs"] if p["river"]]
    pairs += [(h["id"], t) for h in data["home_bases"] for t in h["across_river"]]
    return tuple(pairs)


@dataclass(frozen=True)
class Grid:
    """Pixel geometry: hex width w, corner radius s, and the origin of offset (0, 0)."""

    w: float
    s: float
    x0: float
    y0: float

    def centre(self, spot: Spot) -> tuple[float, float]:
        return (self.x0 + self.w * (spot.col + 0.5 * (spot.row & 1)),
                self.y0 + 1.5 * self.s * spot.row)

    def corners(self, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        r = self.s * scale
        return [(cx + r * math.cos(math.radians(60 * i - 30)),
                 cy + r * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def grid(top: float) -> Grid:
    """The largest hexes that fit the image width, the top row touching `top`."""
    xs = [s.col + 0.5 * (s.row & 1) for s in spots()]
    rows = [s.row for s in spots()]
    w = INNER / (max(xs) - min(xs) + 1)
    s = w / SQRT3
    return Grid(w, s, MARGIN + w / 2 - min(xs) * w, top + s - min(rows) * 1.5 * s)


def map_bottom(g: Grid) -> float:
    return g.y0 + 1.5 * g.s * max(s.row for s in spots()) + g.s


# -- what stands where ------------------------------------------------------------------------
@dataclass
class Force:
    """One seat's units on one place."""

    character: bool = False
    mechs: int = 0
    workers: int = 0


def forces(view: dict) -> dict[str, dict[int, Force]]:
    """place -> seat -> units there, from every player's unit places."""
    out: dict[str, dict[int, Force]] = {}
    for p in view.get("players", []):
        for unit, place in (p.get("units") or {}).items():
            if place == MAT:
                continue
            force = out.setdefault(place, {}).setdefault(int(p["seat"]), Force())
            if unit.startswith("mech:"):
                force.mechs += 1
            elif unit.startswith("worker:"):
                force.workers += 1
            else:
                force.character = True
    return out


def in_combat(here: dict[int, Force]) -> bool:
    """Two seats with a character or mech on one territory: a combat is pending (S13.1)."""
    return sum(1 for f in here.values() if f.character or f.mechs) >= 2


# -- drawing ---------------------------------------------------------------------------------
def draw_map(c: Canvas, t: Table, y: float) -> float:
    g = grid(y)
    placed = forces(t.view)
    if c.draw is not None:
        for spot in spots():
            _hex(c.draw, t, g, spot)
        for a, b in river_edges():
            _river(c.draw, g, a, b)
    for spot in spots():
        _contents(c, t, g, spot, placed.get(spot.id, {}))
    return map_bottom(g)


@cache
def _by_id() -> dict[str, Spot]:
    return {s.id: s for s in spots()}


def _hex(pen: ImageDraw.ImageDraw, t: Table, g: Grid, spot: Spot) -> None:
    cx, cy = g.centre(spot)
    if spot.home is not None:
        fill, ring = HOME_FILL, _home_colour(t, spot.home)
        pen.polygon(g.corners(cx, cy, HOME_SCALE), fill=fill, outline=ring, width=6)
        return
    pen.polygon(g.corners(cx, cy), fill=TERRAIN_COLORS[spot.terrain][0], outline=EDGE, width=2)
    owner = (t.view.get("control") or {}).get(spot.id)
    if owner is not None:
        fill, _, outline = t.piece(int(owner))
        pen.polygon(g.corners(cx, cy, 0.9), outline=outline, width=9)
        pen.polygon(g.corners(cx, cy, 0.9), outline=fill, width=5)


def _home_colour(t: Table, faction: str) -> str:
    """A home base in its faction's colour while that faction plays, else grey (inactive)."""
    for seat in range(len(t.view.get("players", []))):
        if t.faction(seat) == faction and faction:
            return t.color(seat)
    return INACTIVE


def _river(pen: ImageDraw.ImageDraw, g: Grid, a: str, b: str) -> None:
    spots_by_id = _by_id()
    ca, cb = g.centre(spots_by_id[a]), g.centre(spots_by_id[b])
    corners = sorted(g.corners(*ca), key=lambda p: math.dist(p, cb))[:2]
    pen.line(corners, fill=RIVER, width=RIVER_W)


def _contents(c: Canvas, t: Table, g: Grid, spot: Spot, here: dict[int, Force]) -> None:
    cx, cy = g.centre(spot)
    home = spot.home is not None
    _title(c, t, g, spot, cx, cy - (0.4 if home else 0.64) * g.s)
    lines = _wrap(_markers(t, spot, here) + _units(t, here), g.w - 20)
    lines += _wrap(_resources(t, spot), g.w - 24)
    heights = [max(item.height for item in line) for line in lines]
    ly = cy + (0.2 if home else 0.1) * g.s - (sum(heights) + LINE_GAP * (len(lines) - 1)) / 2
    for line, height in zip(lines, heights, strict=True):
        width = sum(item.width for item in line) + TOKEN_GAP * (len(line) - 1)
        x = cx - width / 2
        for item in line:
            item.draw(c, x, ly + (height - item.height) / 2)
            x += item.width + TOKEN_GAP
        ly += height + LINE_GAP


def _title(c: Canvas, t: Table, g: Grid, spot: Spot, cx: float, cy: float) -> None:
    """The hex id (or the home base's faction) with the tunnel and encounter symbols."""
    if spot.home is not None:
        label = _home_label(t, spot.home)
        c.text(cx, cy, label, SMALL, TEXT, bold=True, max_width=g.w * 0.7, anchor="mm")
        return
    ink = TERRAIN_COLORS[spot.terrain][1]
    width = c.measure(spot.id, SMALL, bold=True)
    c.text(cx, cy, spot.id, SMALL, ink, bold=True, anchor="mm")
    if spot.tunnel:
        _tunnel(c, cx - width / 2 - 18, cy)
    if spot.encounter and spot.id in set(t.view.get("encounters", [])):
        _encounter(c, cx + width / 2 + 16, cy)
    if spot.terrain == "factory":
        c.text(cx, cy + 24, "FACTORY", SMALL, TEXT, bold=True, anchor="mm")


def _home_label(t: Table, faction: str) -> str:
    for seat in range(len(t.view.get("players", []))):
        if faction and t.faction(seat) == faction:
            return t.faction_name(seat)
    return "Inactive"


def _tunnel(c: Canvas, x: float, y: float) -> None:
    if c.draw is not None:
        c.draw.pieslice((x - 14, y - 10, x + 14, y + 18), 180, 360, fill=TUNNEL_FILL,
                        outline=TEXT, width=2)


def _encounter(c: Canvas, x: float, y: float) -> None:
    c.dot(x, y, 12, ENCOUNTER, DARK_TEXT)
    c.text(x, y + 1, "!", SMALL, DARK_TEXT, bold=True, anchor="mm")


# -- items inside a hex --------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """Something drawn on one line of a hex: its shape, colours, text and size."""

    shape: str  # "diamond", "square", "circle", "house", "chip", "combat"
    text: str
    fill: str
    ink: str
    outline: str
    width: float = TOKEN
    height: float = TOKEN
    size: int = COUNT

    def draw(self, c: Canvas, x: float, y: float) -> None:
        cx, cy = x + self.width / 2, y + self.height / 2
        if c.draw is not None:
            _shape(c.draw, self, x, y, cx, cy)
        c.text(cx, cy + (5 if self.shape == "house" else 1), self.text, self.size, self.ink,
               bold=True, anchor="mm")


def _shape(pen: ImageDraw.ImageDraw, item: Item, x: float, y: float, cx: float,
           cy: float) -> None:
    x1, y1 = x + item.width, y + item.height
    if item.shape == "diamond":
        r = item.height / 2 + 3
        pen.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)],
                       fill=item.fill, outline=item.outline, width=2)
    elif item.shape == "circle":
        pen.ellipse((x, y, x1, y1), fill=item.fill, outline=item.outline, width=2)
    elif item.shape == "combat":  # crossed blades: drawn, as not every font has U+2694
        pen.ellipse((x, y, x1, y1), fill=item.fill, outline=item.outline, width=2)
        inset = item.width / 4
        pen.line([(x + inset, y + inset), (x1 - inset, y1 - inset)], fill=TEXT, width=4)
        pen.line([(x1 - inset, y + inset), (x + inset, y1 - inset)], fill=TEXT, width=4)
    elif item.shape == "house":
        pen.polygon([(x, y + 11), (cx, y - 3), (x1, y + 11), (x1, y1), (x, y1)],
                       fill=item.fill, outline=item.outline, width=2)
    else:
        radius = 3 if item.shape == "square" else 7
        pen.rounded_rectangle((x, y, x1, y1), radius=radius, fill=item.fill,
                                 outline=item.outline, width=2)


def _markers(t: Table, spot: Spot, here: dict[int, Force]) -> list[Item]:
    """The structure (a house with its letter) and the combat marker."""
    items = []
    built = (t.view.get("structures") or {}).get(spot.id)
    if built:
        fill, ink, outline = t.piece(int(built["seat"]))
        items.append(Item("house", STRUCTURE_LETTERS.get(built["kind"], "?"), fill, ink,
                          outline, 40, size=SMALL))
    if spot.home is None and in_combat(here):
        items.append(Item("combat", "", COMBAT, TEXT, TEXT))
    return items


def _units(t: Table, here: dict[int, Force]) -> list[Item]:
    """Per seat: the character (diamond, faction initial), mechs (square) and workers
    (circle), each with its count."""
    items: list[Item] = []
    for seat in sorted(here):
        force = here[seat]
        fill, ink, outline = t.piece(seat)
        if force.character:
            items.append(Item("diamond", t.initial(seat), fill, ink, outline, TOKEN + 6))
        if force.mechs:
            items.append(Item("square", str(force.mechs), fill, ink, outline))
        if force.workers:
            items.append(Item("circle", str(force.workers), fill, ink, outline))
    return items


def _resources(t: Table, spot: Spot) -> list[Item]:
    pile = (t.view.get("resources") or {}).get(spot.id) or {}
    items = []
    for kind, (fill, ink, letter) in RESOURCE_COLORS.items():
        count = int(pile.get(kind, 0))
        if count:
            text = f"{count}{letter}"
            items.append(Item("chip", text, fill, ink, MUTED, 10 + 12 * len(text), CHIP,
                              BODY))
    return items


def _wrap(items: Iterable[Item], width: float) -> list[list[Item]]:
    lines: list[list[Item]] = []
    line: list[Item] = []
    used = 0.0
    for item in items:
        if line and used + TOKEN_GAP + item.width > width:
            lines.append(line)
            line, used = [], 0.0
        used += item.width + (TOKEN_GAP if line else 0)
        line.append(item)
    return [*lines, line] if line else lines


# -- the legend ----------------------------------------------------------------------------------
def draw_legend(c: Canvas, t: Table, y: float) -> float:
    """What the colours and shapes mean, in chips under the map."""
    flow = Flow(MARGIN, y, INNER, LEGEND_H)
    for terrain, (fill, ink) in TERRAIN_COLORS.items():
        x, cy = flow.place(c.chip_width(terrain.capitalize(), SMALL))
        c.chip(x, cy, terrain.capitalize(), fill, ink, SMALL)
    for kind, (fill, ink, letter) in RESOURCE_COLORS.items():
        text = f"{letter} = {kind}"
        x, cy = flow.place(c.chip_width(text, SMALL))
        c.chip(x, cy, text, fill, ink, SMALL, outline=MUTED)
    keys = ("◆ character (faction initial)", "■ mechs", "● workers",
            "Structures: M mill · Mi mine · Mo monument · A armory",
            "! encounter · ◓ tunnel · red × combat pending", "River: blue edge",
            "Border: controller")
    for text in keys:
        x, cy = flow.place(c.chip_width(text, SMALL))
        c.chip(x, cy, text, PANEL, GOLD if text.startswith("River") else TEXT, SMALL)
    return flow.bottom

