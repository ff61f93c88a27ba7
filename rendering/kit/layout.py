"""Where things go: rows of chips that wrap, the page of the tall game images (Redux, Scythe)
with its width and margins, boxed panels sized by a dry run of their body, and wrapped text
(`wrap` between words only, `wrap_anywhere` inside a word too, never before a closing
mark or a small kana).

Everything here places; nothing decides a colour (that is the theme's job).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rendering.kit.canvas import Canvas
from rendering.kit.theme import BODY, CHIP_GAP, CHIP_H, PANEL, TEXT

WIDTH = 1280
# The overview's page (issue 18): portrait at most 4:5 and at most 2 megapixels, whose
# headline a phone shows 400 px wide still reads (1280 x 1560 = 1,996,800 pixels).
OVERVIEW_HEIGHT = 1560
MARGIN = 24
GAP = 16
PAD = 14
ROW_GAP = 10
STRIPE_W = 8
INNER = WIDTH - 2 * MARGIN


@dataclass
class Flow:
    """Left-to-right placement that wraps to a new row when an item does not fit."""

    x0: float
    y0: float
    width: float
    row_h: float
    gap: float = CHIP_GAP
    x: float = 0
    y: float = 0
    placed: bool = False

    def __post_init__(self) -> None:
        self.x, self.y = self.x0, self.y0

    def place(self, w: float) -> tuple[float, float]:
        """Where an item of width w goes (wrapping first if needed)."""
        if self.x > self.x0 and self.x + w > self.x0 + self.width:
            self.x, self.y = self.x0, self.y + self.row_h + self.gap
        at = (self.x, self.y)
        self.x += w + self.gap
        self.placed = True
        return at

    @property
    def bottom(self) -> float:
        """The y below the last row (y0 when nothing was placed)."""
        return self.y + self.row_h if self.placed else self.y0


def chip_rows(c: Canvas, chips: Sequence[tuple[Any, ...]], x: float, width: float, y: float,
              size: int = BODY) -> float:
    """Chips (text, fill, text colour[, icon]) left to right from (x, y), wrapping within
    `width`, none wider than it; returns the y below the last row."""
    flow = Flow(x, y, width, CHIP_H)
    for text, fill, color, *icon in chips:
        mark = icon[0] if icon else None
        cx, cy = flow.place(min(c.chip_width(text, size, icon=mark is not None), width))
        c.chip(cx, cy, text, fill, color, size, max_width=width, icon=mark)
    return flow.bottom


def wrap(c: Canvas, text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Words broken into lines no wider than width (a single over-long word stays whole and
    is ellipsized when drawn)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.measure(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


# What may not start a line (kinsoku): closing marks and punctuation, small kana, the
# prolonged sound mark. Chinese and Japanese break between any two characters but these.
NO_START = frozenset("、。，．・：；？！）」』】〕〉》ー〜"
                     "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}%")


def wrap_anywhere(c: Canvas, text: str, size: int, width: float) -> list[str]:
    """Lines no wider than `width`, broken between words, and inside a word too wide for a
    line (a Chinese or Japanese list has no spaces to break at), so nothing is ellipsized."""
    return wrapped(text, lambda line: c.measure(line, size), width)


def wrapped(text: str, width: Callable[[str], float], room: float) -> list[str]:
    """Lines no wider than `room` as `width` measures them, broken between words, and
    inside a word too wide for a line, never before one of NO_START: that character takes
    the one before it to the next line."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if width(trial) <= room:
            line = trial
            continue
        if line:
            lines.append(line)
        line = ""
        for ch in word:
            if line and width(line + ch) > room:
                keep, carry = (line[:-1], line[-1]) if ch in NO_START and len(line) > 1 \
                    else (line, "")
                lines.append(keep)
                line = carry
            line += ch
    return [*lines, line] if line else lines


def text_lines(c: Canvas, x: float, y: float, text: str, width: float, size: int = BODY,
               color: str = TEXT, bold: bool = False) -> float:
    """Wrapped text; returns the y below the last line."""
    for line in wrap(c, text, size, width, bold):
        c.text(x, y, line, size, color, bold, max_width=width)
        y += size + 6
    return y


def boxed(c: Canvas, box: tuple[float, float, float], body: Callable[[Canvas, float], float],
          fill: str = PANEL, stripe: str | None = None, outline: str | None = None,
          pad: float = PAD) -> float:
    """A panel (x0, x1, top) sized by a dry run of its body, then the body drawn on top.
    The body receives the canvas and the y to start at, and returns the y it ended at."""
    x0, x1, y = box
    bottom = body(c.twin(), y + pad) + pad
    if c.dry:
        return bottom
    if stripe is not None:
        c.rect((x0, y, x1, bottom), fill=stripe)
        x0 += STRIPE_W
    c.rect((x0, y, x1, bottom), fill=fill, outline=outline, width=3)
    return body(c, y + pad) + pad
