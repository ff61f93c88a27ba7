"""The Scythe map: 47 pointy-top hexes laid out from the data's odd-r offset coordinates, the
seven home bases at their virtual positions, and on every hex what a player looks for.

Each hex shows its id (what `step r3c4` needs) with a tunnel symbol beside it, then in lines
as wide as the hex is at their height, each token in the first line with room for it (see
`tokens`): per owner one chip in its colour reading its initial, a structure's mark, ◆ ■2
●3 for the character, mechs and workers; one chip for the resource tokens; a combat
marker; the encounter token. Nothing leaves its hex: a hex too crowded for 29 px ends in
'+' on the overview (a rare few: 6 of the 324 overviews of a whole seeded 4-seat game in
four languages), and the map part lets its last line run on. A home base's name too wide
for its hex takes two lines. A controlled territory gets a border in its controller's
colour (its chip there reads the controller's initial); rivers are thick blue lines along
the flagged edges. What is new since the previous overview has a gold outline, and the
moves since then are arrows in the mover's colour, each signed with the mover's initial.

The map is drawn at any hex size that fits its box (the overview keeps one box all game),
its text at the phone floor. What never changes (terrain, edges, rivers, tunnels, ids) is
one cached layer per hex size, pasted under what the view puts on top; tokens are pasted
from cached sprites.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from rendering.kit.canvas import Canvas, Drawn, ink_box
from rendering.kit.fonts import get_font
from rendering.kit.theme import BG, TEXT, TILE
from rendering.scythe.lines import two_lines
from rendering.scythe.style import (
    RESOURCE_COLORS,
    RIVER,
    STRUCTURES,
    TERRAIN_COLORS,
    Table,
    board_data,
    ink_on,
)
from rendering.scythe.tokens import (
    MORE,
    TEXT_SIZE,
    TOKEN,
    Force,
    Item,
    forces,
    hex_items,
    resource_initial,
    solid,
)

SQRT3 = math.sqrt(3)
TOKEN_GAP = 3
LINE_GAP = 2
PITCH = TOKEN + LINE_GAP  # from one line of a hex to the next
HOME_SCALE = 0.95  # a home base's hexagon, as large as a control border
HOME_FILL = "#262a33"
INACTIVE = "#8a8f99"
EDGE = "#15171c"
TUNNEL_FILL = "#2a2420"
RIVER_W = 8
ARROW_W = 8
SIZE_STEP = 4  # hex widths are whole multiples of this, so few static layers are cached
COLUMNS = 8  # hex widths across the map (offset columns 0-7, odd rows half a hex right)
HEIGHT_IN_S = 14  # rows -1..7: 8 row steps of 1.5 s, plus a hex's own 2 s
ID_RISE = 0.62  # the id's centre above the hex centre, in corner radii
LABEL_RISE = 0.42  # a home base's name, likewise
LABEL_RISE_TWO = 0.56  # the first line of a home base's name on two lines
LABEL_PITCH = TEXT_SIZE + 2  # from a home base name's first line to its second
INK_HALF = 12  # half the height of a 29 px line's ink: where the id's ink ends below its centre
CONTROL = 0.95  # the control border's share of the hex: its contents stay inside it
BORDER_GAP = 4  # px kept between a hex's contents and the border around them


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
def by_id() -> dict[str, Spot]:
    return {s.id: s for s in spots()}


@cache
def river_edges() -> tuple[tuple[str, str], ...]:
    """Hex pairs with a river on their shared edge, the home bases' river edges included."""
    data = board_data()
    pairs = [(p["a"], p["b"]) for p in data["adjacency"]["pairs"] if p["river"]]
    pairs += [(h["id"], t) for h in data["home_bases"] for t in h["across_river"]]
    return tuple(pairs)


@dataclass(frozen=True)
class Grid:
    """Pixel geometry: hex width w, corner radius s, and the centre of offset (0, 0)."""

    w: float
    s: float
    x0: float
    y0: float

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float) -> Grid:
        """The largest hexes (a whole multiple of SIZE_STEP wide) whose map fits the box,
        centred across it and touching its top."""
        w = min(width / COLUMNS, height * SQRT3 / HEIGHT_IN_S)
        w = max(SIZE_STEP, w // SIZE_STEP * SIZE_STEP)
        s = w / SQRT3
        return cls(w, s, x + (width - COLUMNS * w) / 2 + w / 2, y + 2.5 * s)

    @property
    def width(self) -> int:
        return math.ceil(COLUMNS * self.w)

    @property
    def height(self) -> int:
        return math.ceil(HEIGHT_IN_S * self.s)

    @property
    def left(self) -> float:
        return self.x0 - self.w / 2

    @property
    def top(self) -> float:
        return self.y0 - 2.5 * self.s

    @property
    def bottom(self) -> float:
        return self.top + self.height

    def span(self, rise: float) -> float:
        """The hex's width `rise` px above (or below) its centre."""
        return max(0.0, min(self.w, 2 * self.w * (self.s - abs(rise)) / self.s))

    def at_origin(self) -> Grid:
        """The same hexes with the map's top-left corner at (0, 0): the static layer's."""
        return Grid(self.w, self.s, self.w / 2, 2.5 * self.s)

    def centre(self, spot: Spot) -> tuple[float, float]:
        return (self.x0 + self.w * (spot.col + 0.5 * (spot.row & 1)),
                self.y0 + 1.5 * self.s * spot.row)

    def corners(self, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        r = self.s * scale
        return [(cx + r * math.cos(math.radians(60 * i - 30)),
                 cy + r * math.sin(math.radians(60 * i - 30))) for i in range(6)]


# -- what stands where ------------------------------------------------------------------------
@dataclass(frozen=True)
class Arrow:
    """Units of one seat that went from one place to another since the previous overview."""

    seat: int
    start: str
    end: str


@dataclass(frozen=True)
class Marks:
    """What the overview marks on the map: the moves, and (place, seat, kind) of what is new
    there, kind one of "structure", "mech", "worker"."""

    arrows: tuple[Arrow, ...] = ()
    fresh: frozenset[tuple[str, int, str]] = frozenset()


# -- the static layer --------------------------------------------------------------------------
@lru_cache(maxsize=8)
def base_layer(w: float, cjk: bool) -> Image.Image:
    """Terrain, edges, home base hexes, rivers, tunnels and ids at hex width `w`: the same
    on every board of that size, so drawn once per process and size (a process pool's
    workers each keep their own; threads only read it)."""
    g = Grid(w, w / SQRT3, 0, 0).at_origin()
    layer = Image.new("RGB", (g.width, g.height), BG)
    pen = ImageDraw.Draw(layer)
    font = get_font(TEXT_SIZE, True, cjk)
    for spot in spots():
        cx, cy = g.centre(spot)
        if spot.home is not None:
            pen.polygon(g.corners(cx, cy, HOME_SCALE), fill=HOME_FILL)
            continue
        fill, ink = TERRAIN_COLORS[spot.terrain]
        pen.polygon(g.corners(cx, cy), fill=fill, outline=EDGE, width=2)
        ty = cy - ID_RISE * g.s
        pen.text((cx, ty), spot.id, font=font, fill=ink, anchor="mm")
        if spot.tunnel:
            x = cx - font.getlength(spot.id) / 2 - 16
            pen.pieslice((x - 12, ty - 8, x + 12, ty + 16), 180, 360, fill=TUNNEL_FILL,
                         outline=TEXT, width=2)
    for a, b in river_edges():
        ca, cb = g.centre(by_id()[a]), g.centre(by_id()[b])
        corners = sorted(g.corners(*ca), key=lambda p: math.dist(p, cb))[:2]
        pen.line(corners, fill=RIVER, width=RIVER_W)
    return layer


def base_ids(g: Grid, cjk: bool) -> list[Drawn]:
    """The hex ids the base layer holds, where they lie on the page."""
    font = get_font(TEXT_SIZE, True, cjk)
    return [Drawn.at(cx, cy - ID_RISE * g.s, s.id, font, "mm")
            for s in spots() if s.home is None for cx, cy in [g.centre(s)]]


# -- drawing ---------------------------------------------------------------------------------
Points = list[tuple[float, float]]


def ring(pen: ImageDraw.ImageDraw, corners: Points, colour: str, width: int) -> None:
    """A polygon's outline as a closed line: Pillow draws a wide polygon outline through a
    mask the size of the whole image, many times slower than the line."""
    pen.line([*corners, corners[0]], fill=colour, width=width)


@dataclass(frozen=True)
class Ground:
    """A page-wide strip under the map, from its top: the base layer and what else never
    changes from board to board (the key's marks), with the texts it holds (y from the
    strip's top)."""

    image: Image.Image
    texts: tuple[Drawn, ...]


def draw_map(c: Canvas, t: Table, g: Grid, marks: Marks = Marks(), whole: bool = False,
             ground: Ground | None = None) -> float:
    """The map in grid `g` with the view's pieces and `marks`, over `ground` when given
    (else the base layer alone); returns the y below it. The overview puts a '+' on a hex
    too crowded to hold all its pieces; the map part (`whole`) lets such a hex's last line
    run past its border, so every piece is drawn somewhere."""
    if c.image is not None:
        if ground is None:
            c.image.paste(base_layer(g.w, c.cjk), (round(g.left), round(g.top)))
            c.texts += base_ids(g, c.cjk)
        else:
            top = round(g.top)
            c.image.paste(ground.image, (0, top))
            c.texts += [Drawn(d, (d.box[0], d.box[1] + top, d.box[2], d.box[3] + top), d.size)
                        for d in ground.texts]
        _dynamic_hexes(c, t, g)
    placed = forces(t.view)
    taken = set(t.view.get("encounters") or ())
    filled = {*placed, *taken, *(t.view.get("structures") or {}),
              *(t.view.get("resources") or {})}
    for spot in spots():
        if spot.home is not None:
            _home_label(c, t, g, spot)
        if spot.id in filled:  # the other hexes hold nothing but their id
            _contents(c, t, g, spot, placed.get(spot.id, {}), marks.fresh, whole,
                      spot.encounter and spot.id in taken)
    for arrow in marks.arrows:
        _arrow(c, t, g, arrow)
    return g.bottom


def _dynamic_hexes(c: Canvas, t: Table, g: Grid) -> None:
    """What the view decides on the static hexes: control borders and home base rings."""
    assert c.draw is not None
    for place, owner in (t.view.get("control") or {}).items():
        spot = by_id().get(place)
        if spot is None or spot.home is not None:
            continue
        fill, _, outline = t.piece(int(owner))
        corners = g.corners(*g.centre(spot), CONTROL)
        ring(c.draw, corners, outline, 7)
        ring(c.draw, corners, fill, 3)
    for spot in spots():
        if spot.home is not None:
            ring(c.draw, g.corners(*g.centre(spot), HOME_SCALE), _home_colour(t, spot.home), 6)


def _home_colour(t: Table, faction: str) -> str:
    """A home base in its faction's colour while that faction plays, else grey (inactive)."""
    seat = _home_seat(t, faction)
    return INACTIVE if seat is None else t.color(seat)


def _home_seat(t: Table, faction: str) -> int | None:
    for seat in range(len(t.view.get("players", []))):
        if faction and t.faction(seat) == faction:
            return seat
    return None


def _home_label(c: Canvas, t: Table, g: Grid, spot: Spot) -> None:
    """The faction's short name on its home base, on two lines when one is too narrow for
    it; a base not in play has only its grey ring (the legend says so)."""
    cx, cy = g.centre(spot)
    lines = home_name(c, t, g, spot)
    for n, line in enumerate(lines):
        c.text(cx, cy - _label_rise(lines) * g.s + n * LABEL_PITCH, line, TEXT_SIZE, TEXT,
               bold=True, max_width=g.w, anchor="mm", min_size=TEXT_SIZE)


def _label_rise(lines: list[str]) -> float:
    """A two-line name starts higher, its narrower line in the hex's narrower top, so the
    units under it keep the hex's full width."""
    return LABEL_RISE if len(lines) < 2 else LABEL_RISE_TWO


def home_name(c: Canvas, t: Table, g: Grid, spot: Spot) -> list[str]:
    """The lines of a home base's name, two ('クリ' 'ミア') when one is wider than the hex
    at the top of its ink; none in a base not in play."""
    seat = _home_seat(t, spot.home or "")
    if seat is None:
        return []
    name = t.faction_name(seat)
    left, top, right, _ = ink_box(name, c.font(TEXT_SIZE, True), "mm")
    if right - left <= g.span(LABEL_RISE * g.s - top) - 2:  # its ink, inside the hex
        return [name]
    return two_lines(name, lambda text: c.measure(text, TEXT_SIZE, True), 0)


def _contents(c: Canvas, t: Table, g: Grid, spot: Spot, here: dict[int, Force],
              fresh: frozenset[tuple[str, int, str]], whole: bool, encounter: bool) -> None:
    """The hex's markers, units and resources in lines under its id, every line as wide as
    the hex is at its height, so nothing leaves the hex; a hex too crowded for all of them
    draws what fits and a '+' saying the map part has the rest."""
    cx, cy = g.centre(spot)
    home = spot.home is not None
    top = cy - ID_RISE * g.s + INK_HALF + LINE_GAP
    if home:
        name = home_name(c, t, g, spot)
        top = cy - _label_rise(name) * g.s + max(0, len(name) - 1) * LABEL_PITCH + \
            INK_HALF + LINE_GAP
    inside = Inside(g, cy, HOME_SCALE if home else CONTROL, whole)
    items = hex_items(c, t, spot.id, encounter, not home, here, fresh,
                      inside.room(top, top + TOKEN))
    if not items:
        return
    lines = _fill(inside, top, items)
    for ly, line in lines:
        height = max(item.height for item in line)
        width = sum(item.width for item in line) + TOKEN_GAP * (len(line) - 1)
        x = cx - width / 2
        for item in line:
            item.draw(c, x, ly + (height - item.height) / 2)
            x += item.width + TOKEN_GAP


Line = tuple[float, list["Item"]]


@dataclass(frozen=True)
class Inside:
    """The inside of one hex's border (at `scale` of the hex): how wide it is at a height."""

    g: Grid
    cy: float
    scale: float
    spill: bool = False  # lines as wide as the hex's middle, down past its bottom at need

    @property
    def bottom(self) -> float:
        return math.inf if self.spill else self.cy + self.g.s * self.scale - BORDER_GAP

    def room(self, y0: float, y1: float) -> float:
        """The width over the whole band y0..y1: the hex's, at the band's narrower end."""
        far = max(abs(y0 - self.cy), abs(y1 - self.cy))
        taper = 1.0 if self.spill else min(1.0, 2 * (1 - far / (self.g.s * self.scale)))
        return max(0.0, (self.g.w * self.scale - 2 * BORDER_GAP) * taper)

    def holds(self, lines: list[Line]) -> bool:
        return all(_width(line) <= self.room(y, y + _height(line)) and
                   y + _height(line) <= self.bottom for y, line in lines)


def _fill(inside: Inside, top: float, items: list[Item]) -> list[Line]:
    """Lines from `top` down, each holding what the hex's width there allows, lowered to
    the hex's middle when they leave room; a hex too crowded for all of them draws what
    fits and a '+' (the map part, drawn larger, shows the rest)."""
    lines = _lines(inside, top, items)
    keep = len(items)
    while lines is None:
        keep -= 1
        lines = _lines(inside, top, [*items[:keep], MORE])
    assert lines  # '+' alone fits any hex the map is drawn at
    used = lines[-1][0] + _height(lines[-1][1]) - top
    middle = inside.cy + 0.14 * inside.g.s
    shift = max(0.0, middle - (top + used / 2))
    moved = [(y + shift, line) for y, line in lines]
    return moved if inside.holds(moved) else lines


def _width(line: list[Item]) -> float:
    return sum(item.width for item in line) + TOKEN_GAP * (len(line) - 1)


def _height(line: list[Item]) -> float:
    return max(item.height for item in line)


def _lines(inside: Inside, top: float, items: list[Item]) -> list[Line] | None:
    """The items laid into lines as wide as the hex allows at their height, each into the
    first line with room for it (a small token after a wide one still finds the gap an
    earlier line left); None when they do not all fit above the hex's bottom."""
    lines: list[list[Item]] = []
    for item in items:
        for n, line in enumerate(lines):
            if inside.holds([(top + n * PITCH, [*line, item])]):
                line.append(item)
                break
        else:
            if not inside.holds([(top + len(lines) * PITCH, [item])]):
                return None
            lines.append([item])
    return [(top + n * PITCH, line) for n, line in enumerate(lines)]


# -- moves -------------------------------------------------------------------------------------
def _arrow(c: Canvas, t: Table, g: Grid, arrow: Arrow) -> None:
    """From the start hex's centre to just inside the end hex, in the mover's colour over a
    dark edge, so it reads on every terrain without hiding the end hex's pieces."""
    if c.draw is None or arrow.start not in by_id() or arrow.end not in by_id():
        return
    (x0, y0), (x1, y1) = g.centre(by_id()[arrow.start]), g.centre(by_id()[arrow.end])
    length = math.dist((x0, y0), (x1, y1))
    if length < g.s:  # a unit cannot stay where it was and still have moved
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * 0.72 * g.s, y1 - uy * 0.72 * g.s)  # at the edge, off the id
    head = 26
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = (-uy * head * 0.6, ux * head * 0.6)
    points = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    start = (x0 + ux * 0.3 * g.s, y0 + uy * 0.3 * g.s)  # off the pieces left behind
    colour = t.color(arrow.seat)
    c.draw.line([start, base], fill=EDGE, width=ARROW_W + 6)
    solid(c.draw, points, colour, EDGE, 3)
    c.draw.line([start, base], fill=colour, width=ARROW_W)
    c.dot(*start, ARROW_W, colour, EDGE)
    _mover(c, t, arrow.seat, start, base)


SIGN_R = 18  # the radius of the disc that signs an arrow with its mover's initial
ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.0, 1.0)  # where along its shaft a sign may go,
ASIDE = (0, 24, -24, 44, -44, 64, -64)  # and how far beside it (px), the nearest clear spot first


def _mover(c: Canvas, t: Table, seat: int, start: tuple[float, float],
           end: tuple[float, float]) -> None:
    """The mover's initial on a disc of the arrow's colour along its shaft (the middle,
    else the nearest point clear of every text drawn), so a move is never told by its
    colour alone."""
    fill = t.color(seat)
    initial = t.initial(seat)
    length = max(1.0, math.dist(start, end))
    nx, ny = (start[1] - end[1]) / length, (end[0] - start[0]) / length  # across the shaft
    spots = [(start[0] + (end[0] - start[0]) * f + nx * side,
              start[1] + (end[1] - start[1]) * f + ny * side)
             for side in ASIDE for f in ALONG]
    x, y = next((p for p in spots if _clear(c, _disc(*p))), None) or \
        next((p for p in spots if _clear(c, _disc(*p, INK_HALF))), spots[0])
    c.dot(x, y, SIGN_R, fill, EDGE)
    c.text(x, y + 1, initial, TEXT_SIZE, ink_on(fill), bold=True, anchor="mm")


def _disc(x: float, y: float, r: float = SIGN_R) -> tuple[float, float, float, float]:
    """The disc's box, or with a smaller `r` its letter's (a disc may cover a token's rim
    where no spot clears the whole disc, never its text)."""
    return (x - r, y - r, x + r, y + r)


def _clear(c: Canvas, box: tuple[float, float, float, float]) -> bool:
    """Whether `box` meets no text already drawn."""
    x0, y0, x1, y1 = box
    return all(d.box[2] <= x0 or d.box[0] >= x1 or d.box[3] <= y0 or d.box[1] >= y1
               for d in c.texts if d.strip())


# -- the legend ----------------------------------------------------------------------------------
def legend(t: Table) -> list[tuple[str, str, str]]:
    """(text, fill, ink) chips saying what the colours and shapes mean."""
    chips = [(t.say(f"terrain.{terrain}"), fill, ink)
             for terrain, (fill, ink) in TERRAIN_COLORS.items()]
    chips += [(f"{resource_initial(t, kind)} = {t.term(f'scythe.resource.{kind}')}", fill, ink)
              for kind, (fill, ink) in RESOURCE_COLORS.items()]
    marks = [f"{t.say(f'mark.{kind}')} = {t.term(f'scythe.structure.{kind}')}"
             for kind in STRUCTURES]
    chips += [(text, TILE, TEXT) for text in (
        t.say("legend.units"), t.say("legend.structures", marks=" · ".join(marks)),
        t.say("legend.symbols"), t.say("legend.edges"), t.say("legend.new"))]
    return chips
