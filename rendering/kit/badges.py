"""A count on a diamond: the sign a map puts on a corner of a place's sign for the generals
standing there (gold on a Tang city, gold or grey on a wargame area). A diamond reads apart
from the round and square signs of the pieces, and its number stays at the phone floor."""

from __future__ import annotations

import math

from rendering.kit.canvas import Canvas
from rendering.kit.theme import BG, LARGE

Box = tuple[float, float, float, float]
RADIUS = 16  # centre to corner: a 24 px number fits inside
BIG_RADIUS = 21  # centre to corner: a number at the phone floor (29 px) fits inside


def badge(c: Canvas, cx: float, cy: float, count: int, fill: str, edge: str,
          size: int = LARGE, radius: float = RADIUS) -> Box:
    """The diamond centred on (cx, cy), `fill` edged with `edge`, its count written at `size`
    in the background's colour; returns its box (the names keep off it). A number larger
    than 24 px wants a larger `radius` (BIG_RADIUS for the phone floor)."""
    r = radius
    side = math.ceil(2 * r) + 2
    c.sprite(cx - r, cy - r, (side, side), _diamond, count, fill, edge, size, r)
    return (cx - r, cy - r, cx + r, cy + r)


def _diamond(c: Canvas, x: float, y: float, count: int, fill: str, edge: str, size: int,
             r: float) -> None:
    """The diamond whose box has its top left corner at (x, y), and its count."""
    cx, cy = x + r, y + r
    if c.draw is not None:
        c.draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill,
                       outline=edge)
    c.text(cx, cy + 1, str(count), size, BG, bold=True, anchor="mm")
