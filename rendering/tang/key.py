"""The map's key on the Tang overview: who each colour and number is. A chip per seat in its
colour with its number, its player and, once chosen, its nation; nobody's city in grey; and
what the numbers, the flag, the diamond and the besiegers' chips mean, so that no owner is
told by colour alone and a reader new to the board reads the map without the map part."""

from __future__ import annotations

from games.core.messages import Term
from rendering.kit.canvas import Canvas
from rendering.kit.chips import Chips, chips
from rendering.kit.theme import PHONE_FLOOR, TEXT, TILE, seat_sign
from rendering.tang.style import NEUTRAL, Table, ink_on

TEXT_SIZE = PHONE_FLOOR  # the key is read to tell the seats apart on the map


def key_chips(c: Canvas, t: Table) -> Chips:
    """(text, fill, ink) of the key: the seats, nobody's city, then the signs."""
    out: Chips = [_seat(c, t, seat) for seat in t.seats()]
    out += [(t.say("key.neutral"), NEUTRAL, ink_on(NEUTRAL)), (t.say("key.signs"), TILE, TEXT)]
    return out


def _seat(c: Canvas, t: Table, seat: int) -> tuple[str, str, str]:
    """'1 = Alice · Tang' in the seat's colour (before its pick: the player alone)."""
    fill, ink, _ = t.pieces(seat)
    nation = t.player(seat).get("nation")
    if nation is None:
        return t.say("key.seat_unpicked", sign=seat_sign(seat), who=t.name(c, seat)), fill, ink
    return (t.say("key.seat", sign=seat_sign(seat), who=t.name(c, seat),
                  nation=Term(f"tang.nation.{nation}")), fill, ink)


def draw_key(c: Canvas, t: Table, x: float, y: float, width: float) -> float:
    """The key's chips from (x, y) within `width`; returns the y below them."""
    return chips(c, key_chips(c, t), x, y, width, TEXT_SIZE, anywhere=True)
