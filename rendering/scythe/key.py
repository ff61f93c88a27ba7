"""The key on the overview's map: each seat's colour and sign (a chip with the faction's
initial, as every chip of its pieces and structures on the map begins) with the player's
name and faction, then what the marks mean (◆ character, ■2 mechs, ●3 workers, the four
structures under their roof, a move's arrow, the gold ring of what is new).

It is drawn in the map's empty corners, where no hex stands (above row 0 beside the two
home bases there, below row 6 beside Crimea's base and r7c3), at the map's 29 px, in rows as
tall as a unit. `place` says where each entry goes, or None when the corners cannot hold
them all (the overview then gives the map less height and asks again).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rendering.kit.canvas import Canvas
from rendering.kit.fonts import get_font, text_width
from rendering.kit.layout import MARGIN, WIDTH
from rendering.kit.theme import GOLD, MUTED, TEXT, TILE
from rendering.scythe.map import EDGE, SQRT3, Grid, Ground, base_ids, base_layer
from rendering.scythe.style import STRUCTURES, Table
from rendering.scythe.tokens import CHIP, TEXT_SIZE, TOKEN, Item, Segment, chip_width

ROW = TOKEN + 2  # a key row's pitch
PAD = 6  # px between a corner's edge and the hexes around it
ICON_GAP = 6  # px between an entry's icon and its words
ENTRY_GAP = 18  # px between two entries on one row
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Entry:
    """One entry of the key: an icon and its words, drawn in the words' colour."""

    icon: Item | None  # None: a move's arrow
    words: str
    colour: str
    own_row: bool = False  # a seat: one to a row, so the seats read as a list

    def width(self, c: Canvas) -> float:
        return self.icon_width + ICON_GAP + words_width(self.words, c.cjk)

    @property
    def icon_width(self) -> float:
        return self.icon.width if self.icon is not None else TOKEN + 8

    def draw(self, c: Canvas, x: float, y: float, width: float) -> None:
        if self.icon is None:
            _arrow_icon(c, x, y + TOKEN / 2, self.icon_width)
        else:
            self.icon.draw(c, x, y + (TOKEN - self.icon.height) / 2)
        tx = x + self.icon_width + ICON_GAP
        c.text(tx, y + TOKEN / 2, self.words, TEXT_SIZE, self.colour, bold=True,
               anchor="lm", max_width=x + width - tx, min_size=TEXT_SIZE)


def entries(c: Canvas, t: Table) -> list[Entry]:
    """The seats in seat order, then the marks."""
    out = []
    for seat in range(len(t.view.get("players", []))):
        fill, ink, outline = t.piece(seat)
        words = t.who(c, seat) if t.faction(seat) else t.name(c, seat)
        out.append(Entry(_chip("chip", (("text", t.initial(seat), ""),), c.cjk,
                               (fill, ink, outline)), words, t.color(seat), own_row=True))
    out += [Entry(_chip("chip", (("diamond", "", ""),), c.cjk), t.say("key.character"), TEXT),
            Entry(_chip("chip", (("square", "", ""), ("text", "2", "")), c.cjk),
                  t.say("key.mechs"), TEXT),
            Entry(_chip("chip", (("circle", "", ""), ("text", "3", "")), c.cjk),
                  t.say("key.workers"), TEXT)]
    out += [Entry(_chip("house", (("text", t.say(f"mark.{kind}"), ""),), c.cjk),
                  t.term(f"scythe.structure.{kind}"), TEXT) for kind in STRUCTURES]
    out += [Entry(None, t.say("key.moved"), TEXT),
            Entry(Item("chip", (), TILE, TEXT, GOLD, TOKEN, CHIP, ring=5), t.say("key.new"),
                  TEXT)]
    return out


GREY = (TILE, TEXT, MUTED)


def _chip(shape: str, segments: tuple[Segment, ...], cjk: bool,
          colours: tuple[str, str, str] = GREY) -> Item:
    """A key's icon: the chip a hex shows, grey for the marks ('■2': two mechs)."""
    return Item(shape, segments, *colours, chip_width(segments, cjk))


@lru_cache(maxsize=512)
def words_width(words: str, cjk: bool) -> float:
    """An entry's words' width, kept for the process: the marks' words are the same on
    every board, and the key is placed again for each map size tried."""
    return text_width(words, get_font(TEXT_SIZE, True, cjk))


def corners(g: Grid, floor: float) -> list[Box]:
    """The map's empty corners (left, top, right, bottom): below row 6 right of r7c3 and
    left of Crimea's base (down to `floor`, the lowest the page lets the key go), above row
    0 right of Nordic's base, left of the first home base and between the two."""
    left, top, w, s = g.left, g.top, g.w, g.s
    right, low, high = WIDTH - MARGIN, top + 12.5 * s + PAD, top + 1.5 * s - PAD
    foot = max(g.bottom, floor)
    return [(left + 4.5 * w + PAD, low, right, foot),
            (MARGIN, low, left + 2.5 * w - PAD, foot),
            (left + 5.5 * w + PAD, top, right, high),
            (MARGIN, top, left + 1.5 * w - PAD, high),
            (left + 2.5 * w + PAD, top, left + 4.5 * w - PAD, high)]


SEATS_FIRST = (0, 1, 2, 3, 4)  # the seats along the map's foot,
MARKS_FIRST = (2, 3, 4, 0, 1)  # the marks along its head, each then where room is left
Placed = list[tuple[Entry, float, float, float]]  # entry, x, y, width it may take


def place(c: Canvas, t: Table, g: Grid, floor: float) -> Placed | None:
    """Each entry's place in the corners, rows filled left to right, the seats one to a
    row; None when they do not all fit above `floor`."""
    boxes = corners(g, floor)
    rows = [box[1] for box in boxes]  # the next free row's top in each corner
    placed: Placed = []
    every = entries(c, t)
    seats = [e for e in every if e.own_row]
    marks = [e for e in every if not e.own_row]
    widest = max(x1 - x0 for x0, _, x1, _ in boxes)
    for todo, order in ((seats, SEATS_FIRST), (marks, MARKS_FIRST)):
        for n in order:
            todo, rows[n] = _fill_box(c, (*boxes[n][:1], rows[n], *boxes[n][2:]), todo,
                                      placed, widest)
        if todo:
            return None
    return placed


def _fill_box(c: Canvas, box: Box, todo: list[Entry], placed: Placed,
              widest: float) -> tuple[list[Entry], float]:
    """Rows of `box` filled with the next entries; returns those left over and the top of
    the box's next free row. An entry wider than every corner (a very long player name)
    takes a row of the widest, its words ellipsized as the headline's names are."""
    x0, y, x1, y1 = box
    while todo and y + TOKEN <= y1:
        x = x0
        while todo:
            entry, width = todo[0], min(todo[0].width(c), widest)
            if x > x0 and (entry.own_row or x + width > x1):
                break
            if x + width > x1:
                return todo, y  # too wide for this corner: the next one may hold it
            placed.append((entry, x, y, x1 - x))
            x += width + ENTRY_GAP
            todo = todo[1:]
        y += ROW
    return todo, y


def bottom(placed: Placed) -> float:
    """The foot of the key's lowest row."""
    return max((y + TOKEN for _, _, y, _ in placed), default=0.0)


def draw_key(c: Canvas, placed: Placed) -> None:
    """The seats' entries (the marks are in the map's ground, see `ground`)."""
    for entry, x, y, width in placed:
        if entry.own_row:
            entry.draw(c, x, y, width)


def ground(c: Canvas, g: Grid, placed: Placed) -> Ground:
    """The base layer with the key's marks drawn beside it: the same on every board of one
    hex size and language, so drawn once and pasted (fewer texts drawn per board keeps
    rendering within 1.5x of encoding the PNG)."""
    top = round(g.top)
    marks = tuple((entry, x, y - top, width) for entry, x, y, width in placed
                  if not entry.own_row)
    return _ground(g.w, round(g.left), g.height, c.cjk, marks)


@lru_cache(maxsize=16)
def _ground(w: float, left: int, height: int, cjk: bool,
            marks: tuple[tuple[Entry, float, float, float], ...]) -> Ground:
    foot = max([height, *(round(y + TOKEN) + 1 for _, _, y, _ in marks)])
    c = Canvas(WIDTH, foot, cjk)
    assert c.image is not None
    c.image.paste(base_layer(w, cjk), (left, 0))
    c.texts += base_ids(Grid(w, w / SQRT3, left + w / 2, 2.5 * w / SQRT3), cjk)
    for entry, x, y, width in marks:
        entry.draw(c, x, y, width)
    return Ground(c.image, tuple(c.texts))


def _arrow_icon(c: Canvas, x: float, cy: float, width: float) -> None:
    """A short arrow as the map draws a move's, in a neutral colour."""
    tip = x + width
    c.line([(x + 4, cy), (tip - 12, cy)], EDGE, 10)
    c.line([(x + 4, cy), (tip - 12, cy)], TEXT, 5)
    if c.draw is not None:
        c.draw.polygon([(tip, cy), (tip - 16, cy - 11), (tip - 16, cy + 11)], fill=TEXT,
                       outline=EDGE)
