"""What every Tang image shares: the seats' colours (the 8 colours of T1.1.6, chosen in the
game), the map data the board is drawn from, and `Table`, the scene being drawn with the
lookups and the words every image needs.

No caption is English here: a name is the engine's Term (`tang.city.luoyang`) and a caption a
key of `games/tang/locales/board.toml`, both worded by the scene's reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core.messages import Msg, Term
from games.tang.data import TangData, load_data
from rendering.kit.canvas import Canvas
from rendering.kit.layout import wrap
from rendering.kit.table import SceneTable
from rendering.kit.theme import DARK_TEXT, SEAT_COLORS, TEXT, seat_color
from rendering.kit.theme import ink_on as ink_on  # the kit's, by contrast

# A chosen colour: (fill of the pieces, ink on that fill, accent on the dark background).
# The first five are the kit's seat colours (apart for every eye, tests/rendering/
# test_palette.py); orange, black and white, beyond five, are told apart by the seat's number
# on every piece and city as well. Black pieces would vanish on the dark board, so their
# accent is a light grey.
PIECES = {
    "red": (SEAT_COLORS[0], DARK_TEXT, SEAT_COLORS[0]),
    "blue": (SEAT_COLORS[1], DARK_TEXT, SEAT_COLORS[1]),
    "green": (SEAT_COLORS[2], DARK_TEXT, SEAT_COLORS[2]),
    "yellow": (SEAT_COLORS[3], DARK_TEXT, SEAT_COLORS[3]),
    "purple": (SEAT_COLORS[4], DARK_TEXT, SEAT_COLORS[4]),
    "orange": ("#a0521a", TEXT, "#f5a524"),
    "black": ("#2b2d33", TEXT, "#b9bec8"),
    "white": ("#f5f5f0", DARK_TEXT, "#f5f5f0"),
}
OUTLINE = {"black": "#e8e8e8"}  # pieces drawn with a contrasting edge
EDGE = "#0d0f13"
NEUTRAL = "#4a4f5a"  # a city nobody controls


@cache
def board_data() -> TangData:
    """The designed data (the view does not say which pack a table plays; a pack keeps the
    same schema, and its cities are drawn where the designed map has them)."""
    return load_data()


TEXT_SIZE = 24  # the floor of every body text in the parts
LINE_SIZE = 29  # the overview's lines (the final order's rule): the phone floor


def lines(c: Canvas, x: float, y: float, text: str, width: float, colour: str,
          size: int = TEXT_SIZE) -> float:
    """Wrapped text at `size`, never shrunk; returns the y below the last line."""
    for line in wrap(c, text, size, width):
        c.text(x, y, line, size, colour, max_width=width, min_size=size)
        y += size + 6
    return y




@dataclass(frozen=True)
class Table(SceneTable):
    """The scene being drawn, with the seat lookups and the wording every image needs."""

    PREFIX = "tang.board."

    # -- words -------------------------------------------------------------------------------
    def worded(self, said: Any) -> str:
        """A message of the view: already words when the service worded the view, else its
        stored form (a view straight from the engine, as tests and tools draw it)."""
        if isinstance(said, dict) and set(said) == {"key", "params"}:
            return self.scene.say(Msg.from_json(said))
        return str(said)

    def term(self, key: str) -> str:
        """A name of the engine's catalog (`tang.city.luoyang`) on its own."""
        return self.say("name", name=Term(key))

    def city(self, cid: str) -> str:
        return self.term(f"tang.city.{cid}")

    def city_short(self, cid: str) -> str:
        """The name on the map: Korean names carry their hanja in brackets (낙양(洛陽)); the
        map keeps the reading before the bracket, the parts and lines the whole name."""
        return self.city(cid).split("(")[0].strip()

    # -- seats -------------------------------------------------------------------------------
    def seats(self) -> list[int]:
        return [int(p["seat"]) for p in self.players()]

    def player(self, seat: int) -> dict[str, Any]:
        players = self.players()
        return players[seat] if 0 <= seat < len(players) else {"seat": seat}

    def pieces(self, seat: int) -> tuple[str, str, str]:
        """(fill, ink, accent) of the seat's chosen colour; the kit's seat colour before a
        colour is chosen."""
        chosen = PIECES.get(str(self.player(seat).get("color") or ""))
        if chosen is not None:
            return chosen
        kit = seat_color(seat)
        return kit, ink_on(kit), kit

    def color(self, seat: int) -> str:
        """The seat's colour for names, stripes and rings on the dark background."""
        return self.pieces(seat)[2]

    def outline(self, seat: int) -> str:
        return OUTLINE.get(str(self.player(seat).get("color") or ""), EDGE)

    def colors(self) -> tuple[str, ...]:
        return tuple(self.color(seat) for seat in self.seats())

    def own(self, seat: int) -> bool:
        """A hand is drawn only on the part drawn from that seat's own view, so a stray hand
        in a public view still never reaches an image."""
        return self.scene.seat is not None and self.scene.seat == seat \
            and self.view.get("seat") == seat

    def armies(self, seat: int) -> int:
        """The seat's armies on the board (T9: public)."""
        return sum(int(c.get("armies", {}).get(str(seat), 0))
                   for c in (self.view.get("cities") or {}).values())

    def cities_of(self, seat: int) -> list[str]:
        return [cid for cid, c in (self.view.get("cities") or {}).items()
                if c.get("controller") == seat]

    def over(self) -> bool:
        return self.view.get("result") is not None
