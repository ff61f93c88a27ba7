"""The map's key on the overview: who each colour and number is. A chip per seat in its colour
with its number, its player and its nation; a chip per minor nation in its colour; the gentry
(豪族) and nobody's land; and what the white ring and the number mean. Players pick a nation
from the map and tell the rest apart on it, so the key names every power the map colours."""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.chips import Chips, chips
from rendering.kit.theme import PHONE_FLOOR, TEXT, TILE, ink_on
from rendering.wargame.style import GOZOKU, LAND, Table, short

TEXT_SIZE = PHONE_FLOOR  # the key is read to tell the powers apart on the map


def key_chips(c: Canvas, t: Table) -> Chips:
    """(text, fill, ink) of the key: the seats, then the living minor nations, the gentry,
    nobody's land and the signs."""
    out: Chips = [_seat(c, t, seat) for seat in t.seats()]
    nations = t.nations()
    for nid in nations:
        if nations[nid].get("alive") and not t.is_player_nation(nid):
            fill = t.colour(nid)
            out.append((t.say("key.minor", nation=short(t.power(nid))), fill, ink_on(fill)))
    gozoku = t.colour(GOZOKU)
    out += [(short(t.power(GOZOKU)), gozoku, ink_on(gozoku)),
            (t.say("key.nobody"), LAND, TEXT), (t.say("key.signs"), TILE, TEXT)]
    return out


def _seat(c: Canvas, t: Table, seat: int) -> tuple[str, str, str]:
    """'1 = Alice · Cao Cao' in the seat's colour (before its pick: no nation yet)."""
    nid = t.nation_of(seat)
    fill = t.seat_colour(seat)
    sign = str(seat + 1) if nid is None else str(t.sign(nid))
    if nid is None:
        return t.say("key.seat_unpicked", sign=sign, who=t.name(c, seat)), fill, ink_on(fill)
    return (t.say("key.seat", sign=sign, who=t.name(c, seat), nation=short(t.power(nid))),
            fill, ink_on(fill))


def draw_key(c: Canvas, t: Table, x: float, y: float, width: float,
             items: Chips | None = None) -> float:
    """The key's chips (`items` when already worded) from (x, y) within `width`; returns
    the y below them."""
    return chips(c, key_chips(c, t) if items is None else items, x, y, width, TEXT_SIZE,
                 anywhere=True)
