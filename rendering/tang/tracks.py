"""The two tracks of the Tang board (T0.3): the round track (rounds 1-8, the current one
lit) and the 民生 track (0-20), with a marker in each seat's colour at its value, several
markers on one value stacked two abreast. A marker carries its seat's number, so a
colour-blind reader (or an eighth colour) still tells whose it is."""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.theme import DARK_TEXT, GOLD, MUTED, PANEL, PHONE_FLOOR, TEXT, TILE, seat_sign
from rendering.tang.style import Table, board_data

TEXT_SIZE = PHONE_FLOOR  # the tracks are read to play: the phone floor
CELL_H = 42
MARK_W, MARK_H = 30, 34  # a seat's marker: its number on its colour, at the floor
DOT_STEP = MARK_H + 2
GAP = 10


def draw_tracks(c: Canvas, t: Table, x: float, y: float, width: float) -> float:
    """The round track, then the 民生 track below it; returns the y below them."""
    y = draw_round_track(c, t, x, y, width)
    return draw_minsheng_track(c, t, x, y + GAP, width)


def draw_round_track(c: Canvas, t: Table, x: float, y: float, width: float) -> float:
    rounds = int(board_data().raw["tracks"]["round"]["last"])
    now = int(t.view.get("round") or 0)
    caption = t.say("track.round")
    used = c.text(x, y + CELL_H / 2, caption, TEXT_SIZE, MUTED, bold=True, anchor="lm",
                  max_width=width / 3, min_size=TEXT_SIZE) + GAP
    cell = min(64.0, (width - used) / rounds)
    for n in range(1, rounds + 1):
        cx = x + used + (n - 1) * cell
        lit = n == now
        c.rect((cx, y, cx + cell - 4, y + CELL_H), fill=GOLD if lit else TILE,
               outline=None if lit else PANEL, radius=6)
        c.text(cx + (cell - 4) / 2, y + CELL_H / 2 + 1, str(n), TEXT_SIZE,
               DARK_TEXT if lit else TEXT if n > now else MUTED, bold=True, anchor="mm")
    return y + CELL_H


def draw_minsheng_track(c: Canvas, t: Table, x: float, y: float, width: float) -> float:
    track = board_data().raw["tracks"]["minsheng"]
    low, high = int(track["min"]), int(track["max"])
    caption = t.say("track.minsheng")
    c.text(x, y, caption, TEXT_SIZE, MUTED, bold=True, max_width=width, min_size=TEXT_SIZE)
    y += TEXT_SIZE + 8
    cells = high - low + 1
    cell = width / cells
    at: dict[int, list[int]] = {}
    for p in t.players():
        if p.get("rep") is not None or p.get("minsheng") is not None:
            value = max(low, min(high, int(p.get("minsheng") or 0)))
            at.setdefault(value, []).append(int(p["seat"]))
    for n in range(cells):
        cx = x + n * cell
        value = low + n
        c.rect((cx + 1, y, cx + cell - 2, y + CELL_H), fill=TILE if value in at else PANEL,
               radius=5)
        c.text(cx + cell / 2, y + CELL_H / 2 + 1, str(value), TEXT_SIZE,
               TEXT if value in at else MUTED, bold=value in at, anchor="mm")
    rows = max((len(seats) + 1) // 2 for seats in at.values()) if at else 0
    for value, seats in at.items():
        cx = x + (value - low) * cell + cell / 2
        for k, seat in enumerate(seats):
            dx = (k % 2 - 0.5) * DOT_STEP if len(seats) > 1 else 0
            _marker(c, t, seat, cx + dx, y + CELL_H + 4 + MARK_H / 2 + (k // 2) * DOT_STEP)
    return y + CELL_H + 4 + rows * DOT_STEP


def _marker(c: Canvas, t: Table, seat: int, cx: float, cy: float) -> None:
    """A seat's marker centred on (cx, cy): its number on its colour, edged."""
    fill, ink, _ = t.pieces(seat)
    box = (cx - MARK_W / 2, cy - MARK_H / 2, cx + MARK_W / 2, cy + MARK_H / 2)
    c.rect(box, fill=t.outline(seat), radius=6)
    c.rect((box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2), fill=fill, radius=5)
    c.text(cx, cy + 1, seat_sign(seat), TEXT_SIZE, ink, bold=True, anchor="mm")
