"""The wargame's chips and wrapped lines, their text never below 24 px: the kit's chips
(rendering.kit.chips) at the wargame's text size, a word too wide for a line broken inside
(a Japanese or Chinese list of names has no spaces to break at), so nothing is cut."""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.chips import Chips
from rendering.kit.chips import chips as kit_chips
from rendering.kit.layout import wrap_anywhere
from rendering.wargame.style import TEXT_SIZE

__all__ = ["Chips", "chips", "lines"]


def chips(c: Canvas, items: Chips, x: float, y: float, width: float) -> float:
    """The chips from (x, y) within `width`; returns the y below them."""
    return kit_chips(c, items, x, y, width, TEXT_SIZE, anywhere=True)


def lines(c: Canvas, x: float, y: float, text: str, width: float, colour: str) -> float:
    """Wrapped text at 24 px, never shrunk; returns the y below the last line."""
    for line in wrap_anywhere(c, text, TEXT_SIZE, width):
        c.text(x, y, line, TEXT_SIZE, colour, max_width=width, min_size=TEXT_SIZE)
        y += TEXT_SIZE + 6
    return y
