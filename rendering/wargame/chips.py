"""Rows of chips that wrap, their text never below 24 px: the lists of the parts (generals by
area, legends, cards). A chip wider than the row (a long list of names) becomes a box of its
own with its words wrapped, so nothing is cut."""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, Flow
from rendering.kit.theme import CHIP_H, CHIP_PAD_X
from rendering.wargame.style import TEXT_SIZE

Chips = list[tuple[str, str, str]]  # (text, fill, ink)


def chips(c: Canvas, items: Chips, x: float, y: float, width: float) -> float:
    """The chips from (x, y) within `width`; returns the y below them."""
    flow = Flow(x, y, width, CHIP_H)
    for text, fill, colour in items:
        w = c.measure(text, TEXT_SIZE) + 2 * CHIP_PAD_X
        if w > width:
            y = _long_chip(c, text, fill, colour, x, flow.bottom + (GAP if flow.placed else 0),
                           width)
            flow = Flow(x, y + GAP, width, CHIP_H)
            continue
        cx, cy = flow.place(w)
        c.rect((cx, cy, cx + w, cy + CHIP_H), fill=fill)
        c.text(cx + CHIP_PAD_X, cy + CHIP_H / 2, text, TEXT_SIZE, colour, anchor="lm",
               max_width=w, min_size=TEXT_SIZE)
    return flow.bottom if flow.placed else flow.y0 - GAP


def _long_chip(c: Canvas, text: str, fill: str, colour: str, x: float, y: float,
               width: float) -> float:
    lines = wrap(c, text, width - 2 * CHIP_PAD_X)
    height = len(lines) * (TEXT_SIZE + 8) + 2 * 6
    c.rect((x, y, x + width, y + height), fill=fill)
    for n, line in enumerate(lines):
        c.text(x + CHIP_PAD_X, y + 6 + n * (TEXT_SIZE + 8), line, TEXT_SIZE, colour,
               max_width=width - 2 * CHIP_PAD_X, min_size=TEXT_SIZE)
    return y + height


def wrap(c: Canvas, text: str, width: float) -> list[str]:
    """Lines no wider than `width`, broken between words, and inside a word too wide for a
    line (a Chinese or Japanese list has no spaces to break at)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if c.measure(trial, TEXT_SIZE) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and c.measure(line + ch, TEXT_SIZE) > width:
                lines.append(line)
                line = ""
            line += ch
    return [*lines, line] if line else lines


def lines(c: Canvas, x: float, y: float, text: str, width: float, colour: str) -> float:
    """Wrapped text at 24 px, never shrunk; returns the y below the last line."""
    for line in wrap(c, text, width):
        c.text(x, y, line, TEXT_SIZE, colour, max_width=width, min_size=TEXT_SIZE)
        y += TEXT_SIZE + 6
    return y
