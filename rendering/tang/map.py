"""The Tang map: the 51 cities at the data's coordinates, the 89 links with their crossings,
the 11 regions (州) as tinted areas, and on every city what a player looks for.

A city is a pill in its controller's colour (grey while besieged or empty) with the
controller's seat number on a dark plate and its armies in it, a gold edge when it is special
(特殊城池, 洛阳 thicker), a flag in the owner's colour with the owner's number when it is a
capital, a gold diamond with the number of generals there, and a chip in each other seat's
colour for the armies besieging it, its seat's number before the count: no owner is told by
colour alone. What changed hands since
the previous overview has a gold halo. A link is plain grey; a river blue, the Yangtze (长江)
broad blue; a mountain pass a dashed brown line, the Qinling (秦岭) a broad one; every
crossing has its sign at the link's middle (a bar for water, a peak for mountains).

Names are placed by rendering.kit.labels off the boxes a city's signs may take (its pill at
a two-digit count, a capital's flag, a generals' diamond), so a name keeps its place from one
board to the next; only a name a besieger's chip now covers moves. A name never covers another
text or sign: one with no free place is left to the map part. All text on the map is at the
phone floor (29 px). The map may be drawn taller than wide (`yscale` up to STRETCH times the
across scale) to use the page's height: the map is a schematic, and its crowded middle gains
room. What never changes (ground, regions, links, crossings) is one cached layer per scale
pair, pasted under what the view puts on top.
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
from rendering.kit.theme import GOLD, MUTED, PHONE_FLOOR, TEXT, seat_sign
from rendering.tang.style import EDGE, NEUTRAL, Table, board_data, ink_on

TEXT_SIZE = PHONE_FLOOR  # every word and number on the map
LABEL_H = 36
PILL_H = 40
CHIP_H = 36
FLAG_POLE = 40  # a capital's flag stands this high above its pill
FLAG_W, FLAG_H = 28, 36  # the flag, its owner's number inside
STRETCH = 1.45  # the map's down scale may be this many times its across scale
PART_STRETCH = 3.0  # on the map part, whose page has room to grow down
CHIP_OFF = (0, 8, 16, 28)  # px a city's chips may stand off its pill, nearest first
CHIP_FAR = (44, 64, 88, 116, 150, 190)  # px off where no nearer place is free (tied by a line)
HALO_OUT = 7  # px the gold halo of a city that changed hands stands out of its pill
FOOT = CHIP_H + 8  # under the data box: room for a low city's chips
NUDGE_W = 100  # the pill's width cities are kept apart for (a number and a two-digit count)
RESERVED = "88"  # the count a city's pill is reserved for in the names' static layout
DATA_BOX = (30.0, 8.0, 990.0, 690.0)  # the data's canvas (1000x700) less empty borders
SCALE_STEP = 0.05  # scales are whole multiples of this, so few static layers are cached
GROUND = "#1b2029"
HALO = GOLD
LINKS = {  # crossing: (colour, width at scale 1, dashed)
    "none": ("#6b7280", 3, False),
    "river": ("#4aa3df", 5, False),
    "changjiang": ("#2f86e8", 10, False),
    "mountain": ("#b08050", 5, True),
    "qinling": ("#d0975a", 10, True),
}
WATER = ("river", "changjiang")
REGION_TINTS = ("#26313f", "#2f2a3a", "#2a3529", "#3a2e27", "#263838", "#3a2a31",
                "#2e3326", "#2b2c3f", "#3a3324", "#253133", "#35262c")

Box = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass(frozen=True)
class Geometry:
    """Data coordinates to pixels: `scale` pixels a data unit across, `yscale` down, the
    box's corner at (x, y)."""

    scale: float
    x: float
    y: float
    yscale: float = 0.0  # 0: the same as `scale`

    @classmethod
    def fit(cls, x: float, y: float, width: float, height: float,
            stretch: float = STRETCH) -> Geometry:
        """The largest scale (a whole multiple of SCALE_STEP) whose map fits the box, centred
        across it and touching its top; the down scale then grows into the height left, up to
        `stretch` times the across scale."""
        x0, y0, x1, y1 = DATA_BOX
        height -= FOOT
        scale = _step(min(width / (x1 - x0), height / (y1 - y0)))
        down = _step(min(height / (y1 - y0), scale * stretch))
        return cls(scale, x + (width - scale * (x1 - x0)) / 2, y, max(scale, down))

    @property
    def sy(self) -> float:
        return self.yscale or self.scale

    @property
    def width(self) -> int:
        return math.ceil(self.scale * (DATA_BOX[2] - DATA_BOX[0]))

    @property
    def height(self) -> int:
        return math.ceil(self.sy * (DATA_BOX[3] - DATA_BOX[1]))

    @property
    def bottom(self) -> float:
        """The y below the map and what its lowest cities may carry under them."""
        return self.y + self.height + FOOT

    def at(self, cid: str) -> tuple[float, float]:
        """The city's centre: its data point, nudged off a neighbour its pill would meet."""
        x, y = self.raw_at(cid)
        dx, dy = _nudges(self.scale, self.sy).get(cid, (0.0, 0.0))
        return x + dx, y + dy

    def raw_at(self, cid: str) -> tuple[float, float]:
        city = board_data().cities[cid]
        return (self.x + self.scale * (float(city["x"]) - DATA_BOX[0]),
                self.y + self.sy * (float(city["y"]) - DATA_BOX[1]))

    def at_origin(self) -> Geometry:
        return Geometry(self.scale, 0, 0, self.yscale)


@lru_cache(maxsize=16)
def _nudges(scale: float, yscale: float) -> dict[str, tuple[float, float]]:
    """How far each city is moved from its data point so that no two pills meet: two
    close cities are pushed apart along the axis they overlap least, a few rounds over, and
    kept on the map. Links and regions follow, since they are drawn from `at` too."""
    g = Geometry(scale, 0, 0, yscale)
    at = {cid: list(g.raw_at(cid)) for cid in board_data().city_ids}
    w, h = NUDGE_W + 6, PILL_H + 12
    ids = sorted(at)
    for _ in range(400):
        moved = False
        for n, a in enumerate(ids):
            for b in ids[n + 1:]:
                across = w - abs(at[b][0] - at[a][0])
                down = h - abs(at[b][1] - at[a][1])
                if across <= 0 or down <= 0:
                    continue
                moved = True
                push_apart(at[a], at[b], across, down)
        for spot in at.values():  # never off the map
            spot[0] = min(max(spot[0], w / 2), g.width - w / 2)
            spot[1] = min(max(spot[1], h / 2), g.height - h / 2)
        if not moved:
            break
    return {cid: (x - g.raw_at(cid)[0], y - g.raw_at(cid)[1]) for cid, (x, y) in at.items()}


def _step(scale: float) -> float:
    """A scale rounded down to a whole multiple of SCALE_STEP (few cached layers)."""
    return max(SCALE_STEP, math.floor(scale / SCALE_STEP + 1e-9) * SCALE_STEP)


# -- the static layer --------------------------------------------------------------------------
@lru_cache(maxsize=6)
def base_layer(scale: float, yscale: float = 0.0) -> Image.Image:
    """Ground, regions, links and crossing signs at `scale` (and `yscale` down): the same on
    every board of that size, so drawn once per process and scale (threads only read it)."""
    g = Geometry(scale, 0, 0, yscale)
    layer = Image.new("RGB", (g.width, g.height), GROUND)
    pen = ImageDraw.Draw(layer)
    for n, region in enumerate(board_data().raw["regions"]):
        points = _hull([g.at(cid) for cid in region["cities"]])
        pen.polygon(_grown(points, 26 * scale), fill=REGION_TINTS[n % len(REGION_TINTS)])
    for link in board_data().raw["links"]:
        _link(pen, g, link["a"], link["b"], str(link["crossing"]))
    return layer


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _grown(points: list[tuple[float, float]], by: float) -> list[tuple[float, float]]:
    """A polygon (or a segment, or a point) grown by `by` pixels: each point pushed out
    from the centre, and round caps of 12 points around each when there are fewer than 3."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    if len(points) < 3:
        ring = [(by * math.cos(a * math.pi / 6), by * math.sin(a * math.pi / 6))
                for a in range(12)]
        return _hull([(x + dx, y + dy) for x, y in points for dx, dy in ring])
    out = []
    for x, y in points:
        d = math.dist((x, y), (cx, cy)) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


def _link(pen: ImageDraw.ImageDraw, g: Geometry, a: str, b: str, crossing: str) -> None:
    colour, width, dashed = LINKS.get(crossing, LINKS["none"])
    (x0, y0), (x1, y1) = g.at(a), g.at(b)
    w = max(2, round(width * min(g.scale, 1.6)))
    if dashed:
        length = math.dist((x0, y0), (x1, y1))
        steps = max(1, int(length // (10 * g.scale)))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            pen.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                      (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)], fill=colour, width=w)
    else:
        pen.line([(x0, y0), (x1, y1)], fill=colour, width=w)
    if crossing != "none":
        _crossing_sign(pen, g, (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0, y1 - y0), crossing)


def _crossing_sign(pen: ImageDraw.ImageDraw, g: Geometry, mx: float, my: float,
                   direction: tuple[float, float], crossing: str) -> None:
    """A bar across the link for water, a peak for a mountain (larger for 长江 and 秦岭)."""
    colour = LINKS[crossing][0]
    big = crossing in ("changjiang", "qinling")
    size = (13 if big else 9) * min(g.scale, 1.6)
    length = math.hypot(*direction) or 1.0
    ux, uy = direction[0] / length, direction[1] / length
    if crossing in WATER:
        px, py = -uy * size, ux * size
        pen.line([(mx - px, my - py), (mx + px, my + py)], fill=colour,
                 width=max(4, round(size / 2)))
        return
    pen.polygon([(mx - size, my + size * 0.7), (mx, my - size), (mx + size, my + size * 0.7)],
                fill=colour, outline=EDGE)


# -- what the view puts on the map -------------------------------------------------------------
@dataclass(frozen=True)
class Marks:
    """What the overview marks: the cities that changed hands since the previous board."""

    taken: frozenset[str] = frozenset()


def draw_map(c: Canvas, t: Table, g: Geometry, marks: Marks = Marks(),
             steps: tuple[float, ...] = STEPS) -> float:
    """The map at `g` with the view's cities; returns the y below it. The names go under
    the cities' signs, so where a name finds no free place it is the name that is hidden,
    never a city's armies."""
    if c.image is not None:
        c.image.paste(base_layer(g.scale, g.yscale), (round(g.x), round(g.y)))
    cities = t.view.get("cities") or {}
    ids = board_data().city_ids
    texts = {cid: t.city_short(cid) for cid in ids}
    widths = tuple((cid, c.measure(texts[cid], TEXT_SIZE, True) + 10) for cid in ids)
    reserved = _reserved_w(c)
    static = _static_layout(g, widths, reserved, steps)
    signs = _sided(g, {cid: _city_sign(c, t, g, cid, cities.get(cid) or {}) for cid in ids})
    placed = settle(g, static, tuple((cid, signs[cid].keep_off(), w) for cid, w in widths),
                    LABEL_H, (), steps)
    for cid in ids:
        spot = placed[cid]
        if spot is not None:
            _label(c, signs[cid].pill, texts[cid], *spot, cities.get(cid) or {})
    for cid in ids:
        _city(c, t, signs[cid], cities.get(cid) or {}, cid in marks.taken)
    return g.bottom


def _reserved_w(c: Canvas) -> float:
    """The pill's width the static layout reserves: a seat's number and a two-digit count."""
    return c.measure(RESERVED, TEXT_SIZE, True) + 16 + c.measure("8", TEXT_SIZE, True) + 12


@lru_cache(maxsize=32)
def _static_layout(g: Geometry, widths: tuple[tuple[str, float], ...],
                   reserved: float, steps: tuple[float, ...] = STEPS) -> Layout:
    """Every name's place off the boxes each city's signs may take (rendering.kit.labels):
    its pill at the reserved width, a capital's flag and a generals' diamond, wherever any
    city may hold them. It depends on nothing a board moves, so it is the same on every board
    of a language and is worked out once."""
    places = tuple((cid, _reserved_boxes(g, cid, reserved), w) for cid, w in widths)
    return layout(g, places, LABEL_H, steps)


def _reserved_boxes(g: Geometry, cid: str, w: float) -> tuple[Box, ...]:
    cx, cy = g.at(cid)
    pill = (cx - w / 2, cy - PILL_H / 2, cx + w / 2, cy + PILL_H / 2)
    return Sign(cid, pill, (), None, 0).keep_off()


def _sided(g: Geometry, signs: dict[str, Sign]) -> dict[str, Sign]:
    """The signs with each capital's flag and generals' diamond on the corners of its pill,
    then each city's besiegers' chips in the place (`_chips_placed`), that cover least of
    the other cities' signs near it."""
    bare = {cid: replace(sign, chips=(), capital=None, generals=0).keep_off()
            for cid, sign in signs.items()}
    flagged: dict[str, Sign] = {}
    extras: dict[str, tuple[Box, ...]] = {}  # the flags and diamonds placed so far
    for cid, sign in signs.items():
        if sign.capital is not None or sign.generals:
            sign = _cornered(sign, _near(sign, bare, extras))
            extras[cid] = sign.keep_off()[1:]
        flagged[cid] = sign
    out: dict[str, Sign] = {}
    for cid, sign in flagged.items():
        if sign.chips:
            placed = {other: done.keep_off() for other, done in out.items() if done.chips}
            sign = _chips_placed(g, sign, _near(sign, bare, extras, placed))
        out[cid] = sign
    return out


def _cornered(sign: Sign, others: list[Box]) -> Sign:
    """The sign with its flag and diamond on the ends and corners of its pill that cover
    least of `others` (the first such in order). Only the boxes within their reach are
    weighed: the others cover nothing, and a crowded middle has dozens of them."""
    x0, y0, x1, y1 = sign.pill
    reach = (x0 - BADGE - 8, y0 - FLAG_POLE - 8, x1 + BADGE + 8, y1 + FLAG_POLE + 8)
    near = [box for box in others if overlap(box, reach)]
    return min((replace(sign, flag_right=right, flag_down=down, badge_corner=k)
                for down in (False, True) for right in (False, True) for k in range(4)),
               key=lambda moved: _covered_signs(moved, near))


def _near(sign: Sign, *layers: dict[str, tuple[Box, ...]]) -> list[Box]:
    """The boxes of the other cities (each layer: boxes by city) within reach of `sign`'s
    pill: all that its flag, diamond or chips can meet."""
    x0, y0, x1, y1 = sign.pill
    left, top, right, bottom = x0 - 260, y0 - 200, x1 + 260, y1 + 200
    return [box for layer in layers for other, got in layer.items() if other != sign.cid
            for box in got if box[0] < right and box[2] > left and box[1] < bottom
            and box[3] > top]


def _chips_placed(g: Geometry, sign: Sign, others: list[Box]) -> Sign:
    """The sign with its chips (in a row, else stacked) in the nearest free block around
    its pill (over it when the pill is empty), or where they cover least."""
    if not sign.chips:
        return sign
    others = others + list(sign.chips_to("none").keep_off()[1:])  # its own flag and diamond
    if sign.empty and not any(_covered(chip, others) for _, _, chip in
                              sign.chips_to("over").chips):
        return sign.chips_to("over")
    for steps in (CHIP_OFF, CHIP_FAR):
        for stacked in (False, True):
            row = sign.chips_to("right", stacked)
            x0 = min(b[0] for _, _, b in row.chips)
            y0 = min(b[1] for _, _, b in row.chips)
            w = max(b[2] for _, _, b in row.chips) - x0
            h = max(b[3] for _, _, b in row.chips) - y0
            found = place(g, [sign.keep_off()[0]], others, [], w, h,
                          tuple(px / h for px in steps))
            if found is not None:
                return replace(row.moved(found[0][0] - x0, found[0][1] - y0),
                               tied=steps is CHIP_FAR)
    cores = [(b[0] + 5, b[1] + 5, b[2] - 5, b[3] - 5) for b in others]  # their ink, unpadded
    return min((sign.chips_to(side, stacked).moved(dx, dy) for stacked in (False, True)
                for side in ("right", "left", "below", "above")
                for dx in (-24, 0, 24) for dy in (-12, 0, 12)),
               key=lambda moved: sum(_covered(chip, cores) for _, _, chip in moved.chips))


def _covered_signs(sign: Sign, others: list[Box]) -> float:
    """How much of `others` a sign's flag and diamond cover, and the flag of its diamond."""
    flag = sign.flag_box() if sign.capital is not None else None
    badge = sign.badge_box() if sign.generals else None
    mine = [box for box in (flag, badge) if box is not None]
    clash = overlap(flag, badge) if flag and badge else 0.0
    return sum(_covered(box, others) for box in mine) + 10 * clash


def _covered(box: Box, others: list[Box]) -> float:
    return sum(overlap(box, other) for other in others)


@dataclass(frozen=True)
class Sign:
    """Where a city's pill and its signs go, worked out once: the names are placed off
    these boxes before any of it is drawn."""

    cid: str
    pill: Box
    chips: tuple[tuple[int, int, Box], ...]  # another seat's armies: (seat, count, box)
    capital: int | None  # the seat whose capital it is (a pennant)
    generals: int  # generals there (a gold diamond)
    empty: bool = False  # nobody controls it: its pill is blank, the chips may cover it
    flag_right: bool = False  # the flag on the pill's right end (else its left)
    flag_down: bool = False  # the flag hangs under the pill (else it stands above)
    tied: bool = False  # the chips stand far off, tied to the pill by a line
    badge_corner: int = 0  # the generals' diamond's corner (see `badge_at`)

    @property
    def flag_at(self) -> Point:
        """The foot of the flag's pole on the pill's edge."""
        x = self.pill[2] - 6 - FLAG_W if self.flag_right else self.pill[0] + 6
        return (x, self.pill[3] if self.flag_down else self.pill[1])

    def flag_box(self) -> Box:
        x, y = self.flag_at
        top = y if self.flag_down else y - FLAG_POLE - 2
        return (x - 2, top, x + FLAG_W + 2, top + FLAG_POLE + 2)

    @property
    def badge_at(self) -> Point:
        """The diamond's centre on a corner of the pill (`badge_corner`: 0 top right, then
        anticlockwise)."""
        x0, y0, x1, y1 = self.pill
        k = self.badge_corner
        return (x1 - 4 if k in (0, 3) else x0 + 4, y0 - 6 if k in (0, 1) else y1 + 6)

    def badge_box(self) -> Box:
        bx, by = self.badge_at
        return (bx - BADGE, by - BADGE, bx + BADGE, by + BADGE)

    def moved(self, dx: float, dy: float) -> Sign:
        """The same sign with its chips moved by (dx, dy)."""
        return replace(self, chips=tuple((seat, n, (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy))
                                         for seat, n, b in self.chips))

    def chips_to(self, side: str, stacked: bool = False) -> Sign:
        """The same sign with its chips on the pill's `side` (right, left, below, above, or
        over an empty pill; "none" drops them), in a row or `stacked` one above the other."""
        if not self.chips or side == "none":
            return replace(self, chips=())
        x0, y0, x1, y1 = self.pill
        widths = [box[2] - box[0] for _, _, box in self.chips]
        n = len(widths)
        across = max(widths) if stacked else sum(widths) + 3 * (n - 1)
        down = n * CHIP_H + 3 * (n - 1) if stacked else CHIP_H
        x = {"right": x1 + 4, "left": x0 - 4 - across}.get(side, (x0 + x1 - across) / 2)
        top = {"below": y1 + 4, "above": y0 - 4 - down}.get(side, (y0 + y1 - down) / 2)
        chips = []
        for (seat, count, _), w in zip(self.chips, widths, strict=True):
            chips.append((seat, count, (x, top, x + w, top + CHIP_H)))
            x, top = (x, top + CHIP_H + 3) if stacked else (x + w + 3, top)
        return replace(self, chips=tuple(chips))

    def keep_off(self) -> tuple[Box, ...]:
        """The boxes the names must keep off: the pill, the chips, the pennant, the
        diamond."""
        x0, y0, x1, y1 = self.pill
        boxes = [(x0 - 4, y0 - 4, x1 + 4, y1 + 4), *(box for _, _, box in self.chips)]
        if self.capital is not None:
            boxes.append(self.flag_box())
        if self.generals:
            boxes.append(self.badge_box())
        return tuple(boxes)


def _city_sign(c: Canvas, t: Table, g: Geometry, cid: str, city: dict) -> Sign:
    cx, cy = g.at(cid)
    w = max(PILL_H + 4, c.measure(_count(city), TEXT_SIZE, True) + 16 + _tag_w(c, city))
    pill = (cx - w / 2, cy - PILL_H / 2, cx + w / 2, cy + PILL_H / 2)
    owner = city.get("controller")
    chips, x = [], pill[2] + 4
    for key, n in sorted((city.get("armies") or {}).items(), key=lambda kv: int(kv[0])):
        seat = int(key)
        if seat == owner or not n:
            continue
        width = c.measure(_chip_text(seat, n), TEXT_SIZE, True) + 12
        chips.append((seat, n, (x, cy - CHIP_H / 2, x + width, cy + CHIP_H / 2)))
        x += width + 3
    return Sign(cid, pill, tuple(chips), _capital_of(t, cid), len(city.get("generals") or {}),
                owner is None)


def _tag_w(c: Canvas, city: dict) -> float:
    """The width of the controller's number at the pill's left end (0 for nobody's city)."""
    owner = city.get("controller")
    return 0.0 if owner is None else c.measure(seat_sign(int(owner)), TEXT_SIZE, True) + 12


def _chip_text(seat: int, count: int) -> str:
    """Another seat's armies: its number, then the count ('2·3': seat 2's three armies), so
    the colour is never the only sign of whose they are."""
    return f"{seat_sign(seat)}·{count}"


def _count(city: dict) -> str:
    """The controller's armies on its city ('' for an empty one)."""
    owner = city.get("controller")
    if owner is None:
        return ""
    n = int((city.get("armies") or {}).get(str(owner), 0))
    return str(n) if n else ""


def _city(c: Canvas, t: Table, sign: Sign, city: dict, changed: bool) -> None:
    """The pill and its signs: a halo when it changed hands, the controller's colour with
    its armies, the chips of other seats, a capital's pennant and the generals' diamond."""
    info = board_data().cities[sign.cid]
    owner = city.get("controller")
    fill = NEUTRAL if owner is None else t.pieces(int(owner))[0]
    x0, y0, x1, y1 = sign.pill
    edge = GOLD if info["special"] or info["luoyang"] else \
        EDGE if owner is None else t.outline(int(owner))
    tag = "" if owner is None else seat_sign(int(owner))
    c.sprite(x0 - HALO_OUT, y0 - HALO_OUT, (math.ceil(x1 - x0) + 2 * HALO_OUT + 2,
                                            PILL_H + 2 * HALO_OUT + 2),
             _pill, x1 - x0, fill, edge, 5 if info["luoyang"] else 3, tag, _tag_w(c, city),
             _count(city), changed)
    if sign.tied and sign.chips:
        first = sign.chips[0][2]
        c.line([((x0 + x1) / 2, (y0 + y1) / 2), ((first[0] + first[2]) / 2, first[1])], TEXT, 3)
    for seat, n, chip in sign.chips:
        colour, ink, _ = t.pieces(seat)
        c.sprite(chip[0], chip[1], (math.ceil(chip[2] - chip[0]) + 2, CHIP_H + 2), _chip,
                 chip[2] - chip[0], colour, t.outline(seat), _chip_text(seat, n), ink)
    if sign.capital is not None:
        _flag(c, t, sign.capital, *sign.flag_at, sign.flag_down)
    if sign.generals:
        badge(c, *sign.badge_at, sign.generals, GOLD, EDGE, TEXT_SIZE, BADGE)


def _pill(c: Canvas, x: float, y: float, w: float, fill: str, edge: str, width: int,
          tag: str, tag_w: float, count: str, changed: bool) -> None:
    """A city's pill `w` wide, HALO_OUT px right of and below (x, y): its halo when it
    changed hands, its controller's number `tag` on a dark plate at its left end and the
    controller's armies `count` in the ink that reads on `fill`."""
    x0, y0 = x + HALO_OUT, y + HALO_OUT
    x1, y1 = x0 + w, y0 + PILL_H
    if changed:
        c.rect((x0 - 7, y0 - 7, x1 + 7, y1 + 7), fill=HALO, radius=PILL_H // 2 + 7)
    c.rect((x0, y0, x1, y1), fill=fill, outline=edge, width=width, radius=PILL_H // 2)
    if tag:  # the controller's number on a dark plate at the left
        c.rect((x0 + 4, y0 + 4, x0 + 4 + tag_w, y1 - 4), fill=EDGE, radius=(PILL_H - 8) // 2)
        c.text(x0 + 4 + tag_w / 2, (y0 + y1) / 2 + 1, tag, TEXT_SIZE, TEXT, bold=True,
               anchor="mm")
    if count:
        c.text((x0 + 4 + tag_w + x1) / 2, (y0 + y1) / 2 + 1, count, TEXT_SIZE, ink_on(fill),
               bold=True, anchor="mm")


def _chip(c: Canvas, x: float, y: float, w: float, colour: str, outline: str, text: str,
          ink: str) -> None:
    """Another seat's armies on a chip `w` wide from (x, y), in its colour."""
    c.rect((x, y, x + w, y + CHIP_H), fill=colour, outline=outline, width=2, radius=6)
    c.text(x + w / 2, y + CHIP_H / 2 + 1, text, TEXT_SIZE, ink, bold=True, anchor="mm")


def _capital_of(t: Table, cid: str) -> int | None:
    for p in t.players():
        if p.get("capital") == cid:
            return int(p["seat"])
    return None


def _flag(c: Canvas, t: Table, seat: int, x: float, y: float, down: bool) -> None:
    """A flag on a pole above (or under) an end of the pill, in the capital owner's colour
    with its number: a capital taken by another seat still says whose it was without its
    colour."""
    fill, ink, _ = t.pieces(seat)
    c.sprite(x - 2, y if down else y - FLAG_POLE, (FLAG_W + 4, FLAG_POLE + 2), _pennant,
             seat_sign(seat), fill, ink, down)


def _pennant(c: Canvas, x: float, y: float, sign: str, fill: str, ink: str,
             down: bool) -> None:
    """The pole and its flag, the pole's foot 2 px right of x, at the top (`down`) or the
    bottom of the FLAG_POLE px from y."""
    x += 2
    foot, top = (y, y + FLAG_POLE - FLAG_H) if down else (y + FLAG_POLE, y)
    if c.draw is not None:
        c.draw.line([(x, foot), (x, y + FLAG_POLE if down else top)], fill=TEXT, width=3)
    c.rect((x + 1, top, x + FLAG_W, top + FLAG_H), fill=TEXT, radius=4)
    c.rect((x + 3, top + 2, x + FLAG_W - 2, top + FLAG_H - 2), fill=fill, radius=3)
    c.text(x + 1 + FLAG_W / 2, top + FLAG_H / 2 + 1, sign, TEXT_SIZE, ink, bold=True,
           anchor="mm")


def _label(c: Canvas, pill: Box, text: str, box: Box, far: float, city: dict) -> None:
    """The city's name on a dark plate (tied to its city when it had to stand off), muted
    on nobody's city."""
    ink = TEXT if city.get("controller") is not None else MUTED
    name_plate(c, text, box, far, ((pill[0] + pill[2]) / 2, (pill[1] + pill[3]) / 2), ink,
               TEXT_SIZE)
