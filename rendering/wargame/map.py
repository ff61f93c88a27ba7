"""The wargame map: the 59 areas as the land nearest their label points (cells.py), tinted in
their controller's colour, the 126 sides as lines between the areas' points by type, and on
every area what a player looks for.

A side is a grey line when plain, a blue one with a bar across it for a river, a dashed brown
one with a peak for a mountain, and a dotted red one crossed by an X when impassable. An area
is a disc (no city), a square (a small city) or a larger square with a gold frame (a big city),
in its controller's colour with the controller's troops in it; a white ring and a plate with
the seat's number under the sign say which player runs that nation (a player's nation is in its
seat's colour; the number tells seats apart for every eye). A gold diamond counts the generals
serving there, a grey one the free (在野) generals; a chip in another power's colour counts its
troops in a battle area (after its seat's number for a player's nation); a red sign with a bar
on a side counts its no-invasion markers. What changed hands since the previous overview has a
gold halo, the battle being fought a red ring.

What never changes (ground, cells, borders, sides) is one cached palette image per scale: each
area's cell is its own palette entry, so a board recolours the cells by control in one
conversion instead of drawing them. The map part's map is drawn taller than wide (`yscale`
up to PART_STRETCH times the across scale), so the names the overview has no room for find
room there.

Names are placed by rendering.kit.labels off the boxes an area's signs may take (its sign and
the seat's plate under it), so a name keeps its place from one board to the next: only a
name that a diamond, another power's chip or a marker's count now covers moves (the diamonds
take the corners that cover least of the neighbours' signs). A name never covers
another text or sign: one with no free place is left to the map part. All text on the map is
at the phone floor (29 px).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.kit.badges import BIG_RADIUS as BADGE
from rendering.kit.badges import badge
from rendering.kit.canvas import Canvas
from rendering.kit.labels import STEPS, Layout, layout, overlap, place, push_apart, settle
from rendering.kit.plates import name_plate
from rendering.kit.theme import GOLD, MUTED, PHONE_FLOOR, RED, TEXT
from rendering.wargame.cells import cells
from rendering.wargame.style import (
    EDGE,
    GOZOKU,
    GOZOKU_COLOUR,
    LAND,
    Table,
    board_data,
    ink_on,
    mix,
    short,
)

Box = tuple[float, float, float, float]
Point = tuple[float, float]
DATA_BOX: Box = (40.0, 25.0, 962.0, 688.0)  # the data's canvas less empty borders
SCALE_STEP = 0.05  # scales are whole multiples of this, so few static layers are cached
TEXT_SIZE = PHONE_FLOOR  # every word and number on the map
LABEL_H = 36
CHIP_H = 36
TAG_H = 32  # the plate of the controlling seat's number
STRETCH = 1.0  # the overview's map keeps its shape: its size then holds while the key changes
PART_STRETCH = 3.0  # on the map part, whose page has room to grow down
CHIP_OFF = (0, 8, 16, 28, 44, 64)  # px a power's chips may stand off its area's sign
CROWDED = 1.2  # below this scale the signs are nudged apart (`_nudges`)
SIGN_OUT = 6  # px a big city's gold frame stands out of its sign
NUDGE_GAP = 2  # px kept between two areas' signs (and plates)
RING_OUT = 20  # px the battle's red ring round a sign that changed hands stands out of it
FOOT = CHIP_H  # under the data box: room for a low area's plate
SEA = "#14181f"
BORDER = "#0f1217"
SIDES = {  # side type -> (colour, width at scale 1, pattern)
    "plain": ("#8a93a3", 3, "solid"),
    "river": ("#4aa3df", 6, "solid"),
    "mountain": ("#c8905a", 6, "dashed"),
    "impassable": ("#e0564f", 3, "dotted"),
}
# Palette entries of the static layer: 0 the sea, 1..n the cells, then the fixed colours.
SEA_INDEX = 0
FIXED = {"border": 200, "plain": 201, "river": 202, "mountain": 203, "impassable": 204,
         "edge": 205}
PLAYER_TINT, MINOR_TINT, GOZOKU_TINT = 0.55, 0.32, 0.38


@dataclass(frozen=True)
class Geometry:
    """Data coordinates to pixels: `scale` pixels a data unit, the window `box` of the data
    drawn with its corner at (x, y)."""

    scale: float
    x: float
    y: float
    box: Box = DATA_BOX
    yscale: float = 0.0  # the down scale; 0: the same as `scale`

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float, box: Box = DATA_BOX,
            most: float = 4.0, stretch: float = 1.0) -> Geometry:
        """The largest scale (a whole multiple of SCALE_STEP, at most `most`) whose window
        fits the space, centred across it and touching its top; the down scale then grows
        into the height left, up to `stretch` times the across scale."""
        x0, y0, x1, y1 = box
        height -= FOOT
        scale = _step(min(width / (x1 - x0), height / (y1 - y0), most))
        down = max(scale, _step(min(height / (y1 - y0), scale * stretch)))
        return cls(scale, x + (width - scale * (x1 - x0)) / 2, y, box,
                   0.0 if down == scale else down)

    @property
    def sy(self) -> float:
        return self.yscale or self.scale

    @property
    def width(self) -> int:
        return math.ceil(self.scale * (self.box[2] - self.box[0]))

    @property
    def height(self) -> int:
        return math.ceil(self.sy * (self.box[3] - self.box[1]))

    @property
    def bottom(self) -> float:
        """The y below the map and the plates its lowest areas carry under them."""
        return self.y + self.height + FOOT

    def point(self, px: float, py: float) -> Point:
        return (self.x + self.scale * (px - self.box[0]), self.y + self.sy * (py - self.box[1]))

    def at(self, aid: str) -> Point:
        """The area's sign's centre: its label point, nudged off a neighbour's sign."""
        x, y = self.raw_at(aid)
        dx, dy = _nudges(self.scale, self.sy).get(aid, (0.0, 0.0))
        return x + dx, y + dy

    def at_origin(self) -> Geometry:
        """The same scales and window with its corner at (0, 0): what a layer depends on."""
        return Geometry(self.scale, 0, 0, self.box, self.yscale)

    def raw_at(self, aid: str) -> Point:
        spot = board_data().areas[aid]
        return self.point(float(spot["x"]), float(spot["y"]))

    def shows(self, aid: str) -> bool:
        spot = board_data().areas[aid]
        return self.box[0] <= spot["x"] <= self.box[2] and self.box[1] <= spot["y"] <= self.box[3]

    @property
    def node(self) -> float:
        """An area's sign, in pixels: larger on a zoomed map, never below a finger's width."""
        return max(44.0, min(64.0, 30 * self.scale))


@lru_cache(maxsize=16)
def _nudges(scale: float, yscale: float) -> dict[str, Point]:
    """How far each area's sign is moved off its label point so that no two signs, with the
    controlling seat's plate under them, meet: on a small map (many seats' headline and key
    leave it little room) neighbouring signs would cover each other's troops and numbers.
    Two signs that meet are pushed apart along the axis they overlap least, a few rounds
    over, and kept on the map. A map at CROWDED or more keeps its label points: its signs
    only touch where their texts stand apart, and moving them would take the names' room.
    The sides follow, since they are drawn from `Geometry.at` too."""
    if scale >= CROWDED:
        return {}
    g = Geometry(scale, 0, 0, DATA_BOX, yscale)
    at = {aid: list(g.raw_at(aid)) for aid in board_data().areas}
    reach = {aid: _radius(g, aid) + SIGN_OUT for aid in at}  # the ring's or frame's edge
    below = {aid: _radius(g, aid) + TAG_H - 8 + 2 for aid in at}  # the plate's bottom
    ids = sorted(at)
    for _ in range(400):
        moved = False
        for n, a in enumerate(ids):
            for b in ids[n + 1:]:
                (ax, ay), (bx, by) = at[a], at[b]
                across = reach[a] + reach[b] + NUDGE_GAP - abs(bx - ax)
                down = (below[a] + reach[b] if ay <= by else below[b] + reach[a]) \
                    + NUDGE_GAP - abs(by - ay)
                if across <= 0 or down <= 0:
                    continue
                moved = True
                push_apart(at[a], at[b], across, down)
        for aid, spot in at.items():  # never off the map
            spot[0] = min(max(spot[0], reach[aid]), g.width - reach[aid])
            spot[1] = min(max(spot[1], reach[aid]), g.height - below[aid])
        if not moved:
            break
    return {aid: (x - g.raw_at(aid)[0], y - g.raw_at(aid)[1]) for aid, (x, y) in at.items()}


def _step(scale: float) -> float:
    """A scale rounded down to a whole multiple of SCALE_STEP (few cached layers)."""
    return max(SCALE_STEP, math.floor(scale / SCALE_STEP + 1e-9) * SCALE_STEP)


# -- the static layer --------------------------------------------------------------------------
@lru_cache(maxsize=6)
def base_layer(scale: float, yscale: float = 0.0) -> Image.Image:
    """Sea, cells (each its own palette entry), borders, sides and their signs over the whole
    data box at `scale`: the same on every board of that size, so drawn once per process and
    scale (threads only read it; a board copies it to recolour)."""
    g = Geometry(scale, 0, 0, DATA_BOX, yscale)
    layer = Image.new("P", (g.width, g.height), SEA_INDEX)
    pen = ImageDraw.Draw(layer)
    shapes = cells()
    for n, aid in enumerate(board_data().areas, start=1):
        pen.polygon([g.point(*p) for p in shapes[aid]], fill=n, outline=FIXED["border"],
                    width=max(2, round(2 * scale)))
    for key, kind in board_data().sides.items():
        a, b = sorted(key)
        _side(pen, g, g.at(a), g.at(b), kind)
    return layer


def _side(pen: ImageDraw.ImageDraw, g: Geometry, p: Point, q: Point, kind: str) -> None:
    colour, width, pattern = SIDES[kind]
    index = FIXED[kind]
    w = max(2, round(width * min(g.scale, 1.8)))
    length = math.dist(p, q)
    if pattern == "solid":
        pen.line([p, q], fill=index, width=w)
    else:
        dash = (12 if pattern == "dashed" else 5) * g.scale
        steps = max(1, int(length // dash))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            pen.line([_along(p, q, t0), _along(p, q, t1)], fill=index, width=w)
    if kind != "plain":
        _sign(pen, g, p, q, kind)


def _along(p: Point, q: Point, t: float) -> Point:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def _sign(pen: ImageDraw.ImageDraw, g: Geometry, p: Point, q: Point, kind: str) -> None:
    """A bar across a river, a peak on a mountain, an X on an impassable side."""
    mx, my = _along(p, q, 0.5)
    size = 9 * min(g.scale, 1.8)
    length = math.dist(p, q) or 1.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    index = FIXED[kind]
    if kind == "river":
        pen.line([(mx + uy * size * 1.4, my - ux * size * 1.4),
                  (mx - uy * size * 1.4, my + ux * size * 1.4)], fill=index,
                 width=max(4, round(size / 1.5)))
    elif kind == "mountain":
        pen.polygon([(mx - size, my + size * 0.7), (mx, my - size), (mx + size, my + size * 0.7)],
                    fill=index, outline=FIXED["edge"])
    else:
        for sx in (-1, 1):
            pen.line([(mx - size, my - sx * size), (mx + size, my + sx * size)], fill=index,
                     width=max(3, round(size / 2.5)))


def palette(t: Table) -> list[int]:
    """The static layer's palette for this view: each cell tinted by its controller."""
    colours = [SEA] + [_tint(t, (t.areas().get(aid) or {}).get("control"))
                       for aid in board_data().areas]
    colours += [LAND] * (256 - len(colours))
    colours[FIXED["border"]] = BORDER
    for kind, (colour, _, _) in SIDES.items():
        colours[FIXED[kind]] = colour
    colours[FIXED["edge"]] = EDGE
    return [int(c[i:i + 2], 16) for c in colours for i in (1, 3, 5)]


def _tint(t: Table, pid: str | None) -> str:
    if pid is None:
        return LAND
    if pid == GOZOKU:
        return mix(GOZOKU_COLOUR, LAND, GOZOKU_TINT)
    return mix(t.colour(pid), LAND, PLAYER_TINT if t.is_player_nation(pid) else MINOR_TINT)


def ground(t: Table, g: Geometry) -> Image.Image:
    """The static layer cut to `g`'s window and coloured for this view (read only: boards
    paste it)."""
    return _coloured(g.at_origin(), tuple(palette(t)))


@lru_cache(maxsize=2)
def _coloured(g: Geometry, colours: tuple[int, ...]) -> Image.Image:
    """The static layer in `g`'s window coloured by `colours`: the boards of a table keep
    their colours until an area changes hands, and colouring a megapixel costs a tenth of
    a board."""
    base = base_layer(g.scale, g.yscale)
    left = round(g.scale * (g.box[0] - DATA_BOX[0]))
    top = round(g.sy * (g.box[1] - DATA_BOX[1]))
    layer = base.crop((left, top, left + g.width, top + g.height))
    layer.putpalette(list(colours))
    return layer.convert("RGB")


# -- what the view puts on the map -------------------------------------------------------------
@dataclass(frozen=True)
class Marks:
    """What a board marks: the areas that changed hands since the previous board."""

    taken: frozenset[str] = frozenset()


def draw_map(c: Canvas, t: Table, g: Geometry, marks: Marks = Marks(),
             full_names: bool = False, steps: tuple[float, ...] = STEPS) -> float:
    """The map at `g` with the view's areas; returns the y below it. The names go under the
    areas' signs, so where a name finds no free place it is the name that is hidden, never an
    area's troops."""
    if c.image is not None:
        c.image.paste(ground(t, g), (round(g.x), round(g.y)))
    ids = [aid for aid in board_data().areas if g.shows(aid)]
    signs = _turned(g, {aid: _area_sign(c, t, g, aid) for aid in ids})
    texts = {aid: t.area(aid) if full_names else short(t.area(aid)) for aid in ids}
    widths = tuple((aid, c.measure(texts[aid], TEXT_SIZE, True) + 10) for aid in ids)
    static = _static_layout(g, widths, c.measure("8", TEXT_SIZE, True) + 10, steps)
    placed = settle(g, static, tuple((aid, signs[aid].keep_off(), w) for aid, w in widths),
                    LABEL_H, _marker_boxes(t, g), steps)
    for aid in ids:
        spot = placed[aid]
        if spot is not None:
            _label(c, t, g, aid, texts[aid], *spot)
    for aid in ids:
        _area(c, t, signs[aid], aid in marks.taken)
    _markers(c, t, g)
    return g.bottom


@lru_cache(maxsize=32)
def _static_layout(g: Geometry, widths: tuple[tuple[str, float], ...], tag_w: float,
                   steps: tuple[float, ...] = STEPS) -> Layout:
    """Every name's place off the boxes each area's signs may take (rendering.kit.labels):
    its sign, a seat's plate under it and both diamonds, wherever any area may hold them. It
    depends on nothing a board moves, so it is the same on every board of a language and is
    worked out once."""
    places = []
    for aid, w in widths:
        cx, cy = g.at(aid)
        r = _radius(g, aid)
        tag = (cx - tag_w / 2, cy + r - 8, cx + tag_w / 2, cy + r + TAG_H - 8)
        sign = Sign(aid, (cx, cy), r, (), 0, 0, ("8", tag))
        places.append((aid, sign.keep_off(), w))
    return layout(g, tuple(places), LABEL_H, steps)


def _turned(g: Geometry, signs: dict[str, Sign]) -> dict[str, Sign]:
    """The signs with their diamonds on the corners that cover least of the other areas'
    signs, chips and plates near them (and of the diamonds turned before them), then their
    chips where they are free (`_chips_placed`)."""
    bare = [(aid, box) for aid, sign in signs.items() for box in sign.keep_off(diamonds=False)]
    out: dict[str, Sign] = {}
    turned: list[tuple[str, Box]] = []  # the diamonds turned so far
    for aid, sign in signs.items():
        if sign.serving or sign.free:
            x0, y0, x1, y1 = sign.box
            sign = sign.turned(_within(bare + turned, aid, (x0 - 60, y0 - 60, x1 + 60, y1 + 60)))
            turned += [(aid, box) for box, _, _ in sign.diamonds()]
        out[aid] = sign
    return {aid: _chips_placed(g, sign, bare + turned) for aid, sign in out.items()}


def _within(boxes: list[tuple[str, Box]], aid: str, reach: Box) -> list[Box]:
    """The boxes of areas other than `aid` that share some of `reach` (as `overlap` > 0),
    compared inline: a board asks this of every area's 200 boxes."""
    x0, y0, x1, y1 = reach
    return [box for other, box in boxes
            if other != aid and box[0] < x1 and x0 < box[2] and box[1] < y1 and y0 < box[3]]


def _chips_placed(g: Geometry, sign: Sign, boxes: list[tuple[str, Box]]) -> Sign:
    """The sign with its row of other powers' chips right of it, or, where that covers
    another area's sign, in the nearest free place around it (kept where none is free);
    `boxes` are every area's bare signs and every diamond, by area."""
    if not sign.chips:
        return sign
    x0 = sign.chips[0][2][0]
    y0 = sign.chips[0][2][1]
    w, h = sign.chips[-1][2][2] - x0, CHIP_H
    others = _within(boxes, sign.aid, (x0 - w - 120, y0 - 120, x0 + 2 * w + 120, y0 + h + 120))
    row = (x0, y0, x0 + w, y0 + h)
    if not any(overlap(row, box) for box in others):
        return sign
    own = [box for box in replace(sign, chips=()).keep_off()]
    found = place(g, own, others + own[1:], [], w, h, tuple(px / h for px in CHIP_OFF))
    if found is None:
        return sign
    dx, dy = found[0][0] - x0, found[0][1] - y0
    return replace(sign, chips=tuple((pid, n, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy))
                                     for pid, n, b in sign.chips))


def _radius(g: Geometry, aid: str) -> float:
    return g.node / 2 * (1.12 if board_data().areas[aid]["city"] == "big" else 1.0)


def _marker_boxes(t: Table, g: Geometry) -> tuple[Box, ...]:
    """The no-invasion signs and their counts (W15), which the names keep off."""
    out = []
    for key, count in sorted((t.view.get("markers") or {}).items()):
        a, b = key.split("|")
        if count and (g.shows(a) or g.shows(b)):
            mx, my = _along(g.at(a), g.at(b), 0.5)
            out.append((mx - 16, my - 16, mx + (44 if count > 1 else 16), my + 16))
    return tuple(out)


@dataclass(frozen=True)
class Sign:
    """Where an area's sign and what stands on it go, worked out once: the names are placed
    off these boxes before any of it is drawn."""

    aid: str
    centre: Point
    radius: float
    chips: tuple[tuple[str, int, Box], ...]  # another power's troops: (power, count, box)
    serving: int  # generals serving there (a gold diamond)
    free: int  # free (在野) generals there (a grey diamond)
    tag: tuple[str, Box] | None = None  # the controlling seat's number under the sign
    corner: int = 0  # the serving generals' corner: 0 top right, 1 top left, 2, 3 bottom


    @property
    def box(self) -> Box:
        (cx, cy), r = self.centre, self.radius
        return (cx - r, cy - r, cx + r, cy + r)

    def badges(self, corner: int | None = None) -> list[tuple[Point, int, str]]:
        """The diamonds: (centre, count, colour): the serving generals' on one corner of the
        sign (`corner`, else the sign's own), the free ones' on the opposite."""
        x0, y0, x1, y1 = self.box
        first = self.corner if corner is None else corner

        def at(corner: int, n: int) -> Point:  # a two-digit count stands further off,
            out, up = (15, -1) if n > 9 else (6, 2)  # clear of the sign's own two digits
            return ((x1 + out) if corner in (0, 3) else (x0 - out),
                    (y0 + up) if corner in (0, 1) else (y1 - up))
        return [(at(corner, n), n, colour) for corner, n, colour in (
            (first, self.serving, GOLD), ((first + 2) % 4, self.free, MUTED)) if n]

    def diamonds(self) -> list[tuple[Box, int, str]]:
        """The diamonds' boxes, counts and colours."""
        return [((x - BADGE, y - BADGE, x + BADGE, y + BADGE), n, colour)
                for (x, y), n, colour in self.badges()]

    def turned(self, others: list[Box]) -> Sign:
        """The sign with its diamonds on the corners that cover least of `others`."""
        if not self.serving and not self.free:
            return self
        best = min(range(4), key=lambda k: sum(
            overlap((x - BADGE, y - BADGE, x + BADGE, y + BADGE), box)
            for (x, y), _, _ in self.badges(k) for box in others))
        return replace(self, corner=best)

    def keep_off(self, diamonds: bool = True) -> tuple[Box, ...]:
        """The boxes the names must keep off: the sign with its frame, the chips and (unless
        not `diamonds`) the diamonds."""
        x0, y0, x1, y1 = self.box
        diamonds_at = [(x - BADGE, y - BADGE, x + BADGE, y + BADGE)
                       for (x, y), _, _ in self.badges()] if diamonds else []
        tag = (self.tag[1],) if self.tag else ()
        return ((x0 - 6, y0 - 6, x1 + 6, y1 + 6), *(box for _, _, box in self.chips),
                *diamonds_at, *tag)


def _area_sign(c: Canvas, t: Table, g: Geometry, aid: str) -> Sign:
    spot = t.areas().get(aid) or {}
    owner = spot.get("control")
    cx, cy = g.at(aid)
    r = _radius(g, aid)
    chips, x = [], cx + r + 4
    for pid, n in sorted((spot.get("troops") or {}).items()):
        if pid == owner or not n:
            continue
        w = c.measure(_chip_text(t, pid, n), TEXT_SIZE, True) + 14
        chips.append((pid, n, (x, cy - CHIP_H / 2, x + w, cy + CHIP_H / 2)))
        x += w + 3
    return Sign(aid, (cx, cy), r, tuple(chips), len(t.generals_in(aid)), t.free_in(aid),
                _tag(c, t, owner, cx, cy + r))


def _chip_text(t: Table, pid: str, count: int) -> str:
    """Another power's troops: the count, after its seat's number for a player's nation
    ('2·3': seat 2's three troops), so the colour is never the only sign of whose they are."""
    sign = t.sign(pid)
    return f"{sign}·{count}" if sign else str(count)


def _tag(c: Canvas, t: Table, owner: str | None, cx: float, bottom: float
         ) -> tuple[str, Box] | None:
    """The controlling seat's number on a plate across the sign's bottom edge (None for a
    minor nation, the gentry or nobody): the second sign beside the colour."""
    sign = t.sign(owner)
    if sign is None:
        return None
    w = c.measure(sign, TEXT_SIZE, True) + 10
    return sign, (cx - w / 2, bottom - 8, cx + w / 2, bottom + TAG_H - 8)


def _area(c: Canvas, t: Table, sign: Sign, changed: bool) -> None:
    """The area's sign and what stands on it: a gold halo when it changed hands, a red ring
    for the battle, the gold frame of a big city, the player's white ring, the controller's
    colour with its troops, the chips of other powers and the diamonds."""
    spot = t.areas().get(sign.aid) or {}
    owner = spot.get("control")
    fill = t.colour(owner)
    (cx, cy), r = sign.centre, sign.radius
    count = int((spot.get("troops") or {}).get(owner or "", 0)) if owner else 0
    tag, tag_w = (sign.tag[0], sign.tag[1][2] - sign.tag[1][0]) if sign.tag else ("", 0.0)
    reach = r + RING_OUT
    side = math.ceil(2 * reach) + 2
    c.sprite(cx - reach, cy - reach, (max(side, math.ceil(tag_w) + 8),
                                      side + max(0, math.ceil(r + TAG_H - reach))),
             _area_face, r, board_data().areas[sign.aid]["city"], changed,
             (t.view.get("battle") or {}).get("area") == sign.aid,
             TEXT if t.is_player_nation(owner) else EDGE, fill, str(count) if count else "",
             tag, tag_w)
    for pid, n, chip in sign.chips:
        colour = t.colour(pid)
        c.sprite(chip[0], chip[1], (math.ceil(chip[2] - chip[0]) + 2, CHIP_H + 2), _chip,
                 chip[2] - chip[0], colour, TEXT if t.is_player_nation(pid) else EDGE,
                 _chip_text(t, pid, n))
    for (x, y), n, colour in sign.badges():
        badge(c, x, y, n, colour, EDGE, TEXT_SIZE, BADGE)


def _area_face(c: Canvas, x: float, y: float, r: float, city: str, changed: bool,
               battle: bool, ring: str, fill: str, count: str, tag: str, tag_w: float) -> None:
    """An area's sign of radius `r`, its centre RING_OUT + r px right of and below (x, y):
    the halo, the battle's ring, a big city's frame, the `ring`, the controller's `fill` with
    its troops' `count`, and the controlling seat's number `tag` on its plate under it."""
    cx, cy = x + r + RING_OUT, y + r + RING_OUT
    box = (cx - r, cy - r, cx + r, cy + r)
    if changed:
        _disc(c, cx, cy, r + 10, GOLD)
    if battle:
        _disc(c, cx, cy, r + (18 if changed else 9), RED)
    if city == "big":
        c.rect((box[0] - 6, box[1] - 6, box[2] + 6, box[3] + 6), fill=GOLD, radius=10)
    rounded = round(r) if city == "none" else 7
    c.rect((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), fill=ring, radius=rounded + 3)
    c.rect(box, fill=fill, radius=rounded)
    if count:
        c.text(cx, cy + 1, count, TEXT_SIZE, ink_on(fill), bold=True, anchor="mm")
    if tag:
        x0, y0, x1, y1 = cx - tag_w / 2, cy + r - 8, cx + tag_w / 2, cy + r + TAG_H - 8
        c.rect((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=EDGE, radius=6)
        c.rect((x0, y0, x1, y1), fill=fill, radius=5)
        c.text((x0 + x1) / 2, (y0 + y1) / 2 + 1, tag, TEXT_SIZE, ink_on(fill), bold=True,
               anchor="mm")


def _chip(c: Canvas, x: float, y: float, w: float, colour: str, outline: str,
          text: str) -> None:
    """Another power's troops on a chip `w` wide from (x, y), in its colour."""
    c.rect((x, y, x + w, y + CHIP_H), fill=colour, outline=outline, width=2, radius=6)
    c.text(x + w / 2, y + CHIP_H / 2 + 1, text, TEXT_SIZE, ink_on(colour), bold=True,
           anchor="mm")


def _disc(c: Canvas, cx: float, cy: float, r: float, fill: str) -> None:
    """A filled circle as a fully rounded square, so the reusing canvas pastes its mask."""
    c.rect((cx - r, cy - r, cx + r, cy + r), fill=fill, radius=round(r))


def _markers(c: Canvas, t: Table, g: Geometry) -> None:
    """W15: a red no-entry sign on each side that holds no-invasion markers, with their count
    when more than one."""
    for key, count in sorted((t.view.get("markers") or {}).items()):
        a, b = key.split("|")
        if not count or not (g.shows(a) or g.shows(b)):
            continue
        mx, my = _along(g.at(a), g.at(b), 0.5)
        c.dot(mx, my, 15, RED, TEXT)
        c.rect((mx - 9, my - 3, mx + 9, my + 3), fill=TEXT, radius=1)
        if count > 1:
            c.text(mx + 18, my, str(count), TEXT_SIZE, RED, bold=True, anchor="lm")


def _label(c: Canvas, t: Table, g: Geometry, aid: str, text: str, box: Box,
           far: float) -> None:
    """The area's name on a dark plate (tied to its area when it had to stand off), muted
    on nobody's area."""
    ink = TEXT if (t.areas().get(aid) or {}).get("control") is not None else MUTED
    name_plate(c, text, box, far, g.at(aid), ink, TEXT_SIZE)
