"""What a hex of the Scythe map holds, as tokens a line of the hex can carry.

A hex has room for two lines of 29 px text, so each owner gets one chip, in its colour,
that reads the owner's initial first and then what the owner has there: a structure (the
chip is then a long house, its mark after the initial: 'N' 'M' reads 'NM', Nordic's
Mill), the character (◆), the mechs (■) and the workers (●), each pictogram as tall as
the text and followed by its count when there are two or more ('N ◆ ■2 ●3'). Owners are
so told by their initial, never by colour alone, and the initial is written once per hex
instead of once per piece. A hex's resource tokens share one chip, a segment of each
resource's colour with its count and initial ('2f 1m'). The encounter token is an orange
'!' and a pending combat crossed blades.

Every token is drawn once on a transparent sprite (the same chips recur on every board)
and pasted; its texts are recorded where their ink lies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

from PIL import Image, ImageDraw

from rendering.kit.canvas import Canvas, Drawn
from rendering.kit.fonts import get_font, text_width
from rendering.kit.theme import DARK_TEXT, GOLD, MUTED, PHONE_FLOOR, TEXT, TILE
from rendering.scythe.style import COMBAT, ENCOUNTER, RESOURCE_COLORS, Table

TEXT_SIZE = PHONE_FLOOR  # every word and number on the map: 9 px on a phone
TOKEN = 34  # a chip's height
CHIP = 32  # the resource chip's height
ENCOUNTER_D = 24  # the encounter token's diameter
SPRITE_PAD = 6  # px around a token's box in its sprite: a house's roof, a diamond's points
PAD = 3  # px inside a chip's ends
SEG_GAP = 3  # px between two signs of a chip
COUNT_GAP = 1  # px between a pictogram and its count
PILE_PAD = 3  # px each side of a resource's text inside its segment
PICTOS = {"diamond": 20, "square": 16, "circle": 18}  # a pictogram's width (and height)
ROOF = 12  # a house chip's eaves below its top: the roof rises that much to its ridge
HOUSE_DROP = 4  # a house chip's text sits this much lower, under the roof
FRESH = GOLD
MAT = "mat"

Segment = tuple[str, str, str]  # (kind, text, fill): kind "text" or a pictogram of PICTOS
RESOURCE_INK = dict(RESOURCE_COLORS.values())  # a resource's fill -> the text on it


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


# -- tokens -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Item:
    """A token on one line of a hex: its shape, colours, size and the signs it reads.

    shape: "chip" (a rounded box), "house" (a chip under a roof), "pile" (the resource
    chip, each segment on its own fill), "circle" (the encounter token), "combat"."""

    shape: str
    segments: tuple[Segment, ...]
    fill: str
    ink: str
    outline: str
    width: float
    height: float = TOKEN
    ring: int = 2

    def draw(self, c: Canvas, x: float, y: float) -> None:
        """The token pasted from its sprite, its texts recorded where their ink lies."""
        x, y = round(x), round(y)
        if c.image is None:
            return
        sprite = _sprite(self, c.cjk)
        c.image.paste(sprite, (x - SPRITE_PAD, y - SPRITE_PAD), sprite)
        font = get_font(TEXT_SIZE, True, c.cjk)
        for (kind, text, _), (sx, sw) in zip(self.segments, self.spans(c.cjk), strict=True):
            if kind == "text" and text:
                c.texts.append(Drawn.at(x + sx + sw / 2, y + self.text_y, text, font, "mm"))

    @property
    def text_y(self) -> float:
        """The texts' centre line below the token's top (lower under a house's roof)."""
        return self.height / 2 + 1 + (HOUSE_DROP if self.shape == "house" else 0)

    def spans(self, cjk: bool) -> list[tuple[float, float]]:
        """Each segment's (x from the token's left, width), laid out from the left pad;
        one segment alone is centred."""
        return _spans(self.segments, cjk, self.width, self.shape == "pile")


def sign_width(text: str, cjk: bool) -> float:
    """A sign's width at the map's size ('N2', '3w' and their like recur on every board)."""
    return _width(text, cjk)


@lru_cache(maxsize=2048)
def _width(text: str, cjk: bool) -> float:
    return text_width(text, get_font(TEXT_SIZE, True, cjk))


def segment_width(segment: Segment, cjk: bool) -> float:
    kind, text, _ = segment
    return PICTOS[kind] if kind in PICTOS else sign_width(text, cjk)


def _gap(before: Segment, after: Segment) -> float:
    """A count hugs the pictogram it counts; other signs keep SEG_GAP apart."""
    return COUNT_GAP if before[0] in PICTOS and after[0] == "text" else SEG_GAP


@lru_cache(maxsize=4096)
def _spans(segments: tuple[Segment, ...], cjk: bool, width: float,
           pile: bool) -> list[tuple[float, float]]:
    if pile:  # abutting segments, each its text and a pad each side
        out, x = [], 0.0
        for segment in segments:
            w = segment_width(segment, cjk) + 2 * PILE_PAD
            out.append((x, w))
            x += w
        return out
    widths = [segment_width(s, cjk) for s in segments]
    x = (width - _inner(segments, cjk)) / 2
    out = []
    for n, w in enumerate(widths):
        out.append((x, w))
        x += w + (_gap(segments[n], segments[n + 1]) if n + 1 < len(segments) else 0)
    return out


def chip_width(segments: tuple[Segment, ...], cjk: bool) -> float:
    """A chip's width: its signs with their gaps and a pad at each end, at least square."""
    return max(TOKEN, _inner(segments, cjk) + 2 * PAD)


def _inner(segments: tuple[Segment, ...], cjk: bool) -> float:
    """The signs' width with the gaps between them."""
    return sum(segment_width(s, cjk) for s in segments) + \
        sum(_gap(a, b) for a, b in pairwise(segments))


def pile_width(segments: tuple[Segment, ...], cjk: bool) -> float:
    return sum(segment_width(s, cjk) + 2 * PILE_PAD for s in segments)


# -- sprites ------------------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def _sprite(item: Item, cjk: bool) -> Image.Image:
    """The token drawn once on a transparent tile, to paste wherever it stands."""
    size = (math.ceil(item.width) + 2 * SPRITE_PAD, math.ceil(item.height) + 2 * SPRITE_PAD)
    tile = Image.new("RGBA", size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(tile)
    x = y = SPRITE_PAD
    _body(pen, item, x, y, cjk)
    font = get_font(TEXT_SIZE, True, cjk)
    for (kind, text, fill), (sx, sw) in zip(item.segments, item.spans(cjk), strict=True):
        cx, cy = x + sx + sw / 2, y + item.text_y
        if kind == "text":
            ink = RESOURCE_INK[fill] if item.shape == "pile" else item.ink
            pen.text((cx, cy), text, font=font, fill=ink, anchor="mm")
        else:
            _picto(pen, kind, cx, cy - 1, item.ink)
    return tile


def _body(pen: ImageDraw.ImageDraw, item: Item, x: float, y: float, cjk: bool) -> None:
    x1, y1 = x + item.width, y + item.height
    if item.shape == "house":
        ridge = x + item.width / 2
        solid(pen, [(x, y + ROOF), (ridge, y - 3), (x1, y + ROOF), (x1, y1), (x, y1)],
              item.fill, item.outline, item.ring)
    elif item.shape == "pile":  # each segment on its colour, in one rounded box
        pen.rounded_rectangle((x, y, x1, y1), radius=7, fill=item.outline)
        for (_, _, fill), (sx, _) in zip(item.segments, item.spans(cjk), strict=True):
            left = x + sx + 1 if sx else x + 1
            pen.rounded_rectangle((left, y + 1, x1 - 1, y1 - 1), radius=6, fill=fill)
            if sx:  # square where it meets the segment before
                pen.rectangle((left, y + 1, left + 7, y1 - 1), fill=fill)
    elif item.shape == "combat":  # crossed blades: drawn, as not every font has U+2694
        pen.ellipse((x, y, x1, y1), fill=item.fill, outline=item.outline, width=2)
        inset = item.width / 4
        pen.line([(x + inset, y + inset), (x1 - inset, y1 - inset)], fill=TEXT, width=4)
        pen.line([(x1 - inset, y + inset), (x + inset, y1 - inset)], fill=TEXT, width=4)
    else:
        radius = round(item.height / 2) if item.shape == "circle" else 7
        pen.rounded_rectangle((x, y, x1, y1), radius=radius, fill=item.fill,
                              outline=item.outline, width=item.ring)


def _picto(pen: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, ink: str) -> None:
    """The character's diamond, a mech's square or a worker's disc, as tall as the text."""
    r = PICTOS[kind] / 2
    if kind == "diamond":
        pen.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=ink)
    elif kind == "square":
        pen.rectangle((cx - r, cy - r, cx + r, cy + r), fill=ink)
    else:
        pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


Points = list[tuple[float, float]]


def solid(pen: ImageDraw.ImageDraw, points: Points, fill: str, outline: str,
          width: int) -> None:
    """A filled convex polygon with an outline `width` wide: the outline colour, then the
    fill shrunk towards the centre (a wide polygon outline goes through a mask the size of
    the whole image, many times slower)."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    reach = max(math.dist((cx, cy), p) for p in points)
    scale = max(0.0, 1 - 1.5 * width / reach)
    pen.polygon(points, fill=outline)
    pen.polygon([(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in points], fill=fill)


MORE = Item("chip", (("text", "+", ""),), TILE, TEXT, MUTED, TOKEN, CHIP)  # what a crowded
#                                                                   hex cannot hold


# -- a hex's tokens -----------------------------------------------------------------------------
def hex_items(c: Canvas, t: Table, place: str, encounter: bool, territory: bool,
              here: dict[int, Force], fresh: frozenset[tuple[str, int, str]],
              widest: float) -> list[Item]:
    """Each owner's chip (split in two when wider than `widest`, each part with the
    initial), the resources' chip (likewise), the combat marker and the encounter token."""
    items: list[Item] = []
    built = (t.view.get("structures") or {}).get(place)
    owners = sorted({*here, *([int(built["seat"])] if built else [])})
    for seat in owners:
        kind = str(built["kind"]) if built and int(built["seat"]) == seat else ""
        items += owner_chips(c, t, seat, kind, here.get(seat, Force()),
                             _is_fresh(place, seat, fresh), widest)
    piles: list[tuple[Segment, ...]] = []
    for segment in resource_segments(t, place):
        if piles and pile_width((*piles[-1], segment), c.cjk) <= widest:
            piles[-1] = (*piles[-1], segment)
        else:
            piles.append((segment,))
    items += [Item("pile", pile, MUTED, TEXT, MUTED, pile_width(pile, c.cjk), CHIP)
              for pile in piles]
    if territory and in_combat(here):
        items.append(Item("combat", (), COMBAT, TEXT, TEXT, TOKEN))
    if encounter:  # last: small enough for the narrow foot of the hex
        items.append(Item("circle", (("text", "!", ""),), ENCOUNTER, DARK_TEXT, DARK_TEXT,
                          ENCOUNTER_D, ENCOUNTER_D))
    return items


def _is_fresh(place: str, seat: int, fresh: frozenset[tuple[str, int, str]]) -> bool:
    return any((place, seat, kind) in fresh for kind in ("structure", "mech", "worker"))


def owner_chips(c: Canvas, t: Table, seat: int, structure: str, force: Force, new: bool,
                widest: float) -> list[Item]:
    """One chip of the seat's things on a hex: 'N' (with a structure's mark: 'NM' under a
    roof), then ◆, ■2, ●3; split where it would be wider than `widest`."""
    fill, ink, outline = t.piece(seat)
    initial = t.initial(seat)
    head: Segment = ("text", f"{initial}{t.say(f'mark.{structure}')}" if structure else
                     initial, "")
    signs = unit_signs(force)
    parts: list[tuple[Segment, ...]] = [(head,)]
    for sign in signs:
        trial = (*parts[-1], *sign)
        if len(parts[-1]) > 1 and chip_width(trial, c.cjk) > widest:
            parts.append((("text", initial, ""), *sign))
        else:
            parts[-1] = trial
    chips = []
    for n, segments in enumerate(parts):
        shape = "house" if structure and n == 0 else "chip"
        chips.append(Item(shape, segments, fill, ink, FRESH if new else outline,
                          chip_width(segments, c.cjk), ring=5 if new else 2))
    return chips


def unit_signs(force: Force) -> list[tuple[Segment, ...]]:
    """◆ for the character, ■ and ● for mechs and workers with their count from two."""
    signs: list[tuple[Segment, ...]] = []
    if force.character:
        signs.append((("diamond", "", ""),))
    for kind, count in (("square", force.mechs), ("circle", force.workers)):
        if count:
            signs.append(((kind, "", ""), ("text", str(count), "")) if count > 1 else
                         ((kind, "", ""),))
    return signs


def resource_segments(t: Table, place: str) -> tuple[Segment, ...]:
    """A segment per kind of token there: its count and the resource name's initial."""
    pile = (t.view.get("resources") or {}).get(place) or {}
    return tuple(("text", f"{int(pile[kind])}{resource_initial(t, kind)}", fill)
                 for kind, (fill, _) in RESOURCE_COLORS.items() if int(pile.get(kind, 0)))


def resource_initial(t: Table, kind: str) -> str:
    """'w' for wood, '목' for 목재: the first letter of the name in the reader's language."""
    return t.term(f"scythe.resource.{kind}")[:1]
