"""The final-score table every game's score image draws: a column of labels, a column per
seat (best first) under a head that names its rank and its player, striped rows, the total
framed, and the winners' columns framed in gold.

A game words the cells and colours the heads (its categories, its seats' pieces); this
module only lays them out, so the score images of all games read alike and a fix to the
table (a stripe, a frame, the phone floor) is made once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rendering.kit.canvas import Canvas
from rendering.kit.theme import GOLD, MIN_SIZE, MUTED, TEXT, TILE

EMPTY = ("0", "-")  # cells that say nothing scored, written muted


@dataclass(frozen=True)
class Head:
    """A seat's column head: its rank (or "Winner") over its player's name."""

    top: str
    name: str
    fill: str
    ink: str
    outline: str | None = None
    won: bool = False


@dataclass(frozen=True)
class Row:
    """A label and a cell per column; `bold` for the total, which is framed."""

    label: str
    cells: Sequence[str]
    bold: bool = False


@dataclass(frozen=True)
class Grid:
    """The table's measures, a game's own (its type scale and its image's width)."""

    label_w: float
    row_h: float
    head_h: float
    text: int  # a row's size
    bold_text: int  # the total's
    head_text: int  # the rank's
    name_text: int  # the player's name under it
    min_size: int = MIN_SIZE
    winner_frame: int = 4


def draw_table(c: Canvas, grid: Grid, x: float, y: float, w: float, heads: Sequence[Head],
               rows: Sequence[Row]) -> float:
    """The table at (x, y), `w` wide; the y below it."""
    col_w = (w - grid.label_w) / len(heads)
    for n, row in enumerate(rows):  # the stripes first, so the winners' frames are on top
        ry = y + grid.head_h + n * grid.row_h
        if row.bold:
            c.rect((x, ry + 2, x + w, ry + grid.row_h - 2), outline=GOLD, width=2, radius=4)
        elif n % 2 == 1:
            c.rect((x, ry + 2, x + w, ry + grid.row_h - 2), fill=TILE, radius=4)
    bottom = y + grid.head_h + len(rows) * grid.row_h
    for i, head in enumerate(heads):
        cx = x + grid.label_w + i * col_w
        if head.won:
            c.rect((cx + 2, y, cx + col_w - 2, bottom), outline=GOLD, width=grid.winner_frame)
        _head(c, grid, head, cx, col_w, y)
    y += grid.head_h
    for row in rows:
        _row(c, grid, row, x, col_w, y)
        y += grid.row_h
    return y


def _head(c: Canvas, grid: Grid, head: Head, x: float, w: float, y: float) -> None:
    c.rect((x + 6, y + 4, x + w - 6, y + grid.head_h - 6), fill=head.fill,
           outline=head.outline, width=2, radius=6)
    c.text(x + w / 2, y + 10, head.top, grid.head_text, head.ink, bold=True,
           max_width=w - 20, anchor="ma", min_size=min(grid.min_size, grid.head_text))
    c.text(x + w / 2, y + grid.head_h - 12, head.name, grid.name_text, head.ink,
           max_width=w - 20, anchor="md", min_size=min(grid.min_size, grid.name_text))


def _row(c: Canvas, grid: Grid, row: Row, x: float, col_w: float, y: float) -> None:
    size = grid.bold_text if row.bold else grid.text
    c.text(x + 10, y + grid.row_h / 2, row.label, size, GOLD if row.bold else TEXT,
           bold=row.bold, max_width=grid.label_w - 20, anchor="lm",
           min_size=min(grid.min_size, size))
    for i, cell in enumerate(row.cells):
        color = GOLD if row.bold else MUTED if cell in EMPTY else TEXT
        c.text(x + grid.label_w + (i + 0.5) * col_w, y + grid.row_h / 2, cell, size, color,
               bold=row.bold, max_width=col_w - 12, anchor="mm",
               min_size=min(grid.min_size, size))
