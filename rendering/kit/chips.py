"""Rows of chips that wrap, their text never shrunk below its size: the lists of a game's
parts (a player's facts, legends, generals by place, cards). A chip wider than the row (a
long list of names) becomes a box of its own with its words wrapped, so nothing is cut.

Unlike `layout.chip_rows`, which narrows a too-wide chip and lets its text shrink and
ellipsize, these keep every word at the phone floor: the Tang and wargame parts are read on
a phone, where a shrunk list of names no longer reads.
"""

from __future__ import annotations

import math

from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, Flow, wrap, wrap_anywhere
from rendering.kit.theme import CHIP_H, CHIP_PAD_X

Chips = list[tuple[str, str, str]]  # (text, fill, ink)
LINE_GAP = 8  # between the lines of a long chip
LONG_PAD_Y = 6  # above and below a long chip's lines


def chips(c: Canvas, items: Chips, x: float, y: float, width: float, size: int,
          anywhere: bool = False) -> float:
    """The chips from (x, y) within `width`, their text at `size`; returns the y below them.
    A long chip's words are wrapped between words, and inside a word too wide for a line
    when `anywhere` (a Chinese or Japanese list has no spaces to break at)."""
    flow = Flow(x, y, width, CHIP_H)
    for text, fill, colour in items:
        w = c.measure(text, size) + 2 * CHIP_PAD_X
        if w > width:
            top = flow.bottom + (GAP if flow.placed else 0)
            y = _long_chip(c, (text, fill, colour), x, top, width, size, anywhere)
            flow = Flow(x, y + GAP, width, CHIP_H)
            continue
        cx, cy = flow.place(w)
        c.sprite(cx, cy, (math.ceil(w) + 2, CHIP_H + 2), _chip, text, w, fill, colour, size)
    return flow.bottom if flow.placed else flow.y0 - GAP


def _chip(c: Canvas, x: float, y: float, text: str, w: float, fill: str, colour: str,
          size: int) -> None:
    """One chip `w` wide from (x, y), its text at `size`."""
    c.rect((x, y, x + w, y + CHIP_H), fill=fill)
    c.text(x + CHIP_PAD_X, y + CHIP_H / 2, text, size, colour, anchor="lm", max_width=w,
           min_size=size)


def _long_chip(c: Canvas, item: tuple[str, str, str], x: float, y: float, width: float,
               size: int, anywhere: bool) -> float:
    """A chip the row's whole width, as tall as its wrapped lines; returns the y below it."""
    text, fill, colour = item
    room = width - 2 * CHIP_PAD_X
    lines = wrap_anywhere(c, text, size, room) if anywhere else wrap(c, text, size, room)
    height = len(lines) * (size + LINE_GAP) + 2 * LONG_PAD_Y
    c.rect((x, y, x + width, y + height), fill=fill)
    for n, line in enumerate(lines):
        c.text(x + CHIP_PAD_X, y + LONG_PAD_Y + n * (size + LINE_GAP), line, size, colour,
               max_width=room, min_size=size)
    return y + height
