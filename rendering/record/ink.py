"""The Record boards' shapes: chips whose text never shrinks below the phone floor, and
drawing into a height limit (a compact form when the full one is too tall), on the kit's
canvas that reuses what it drew before (rendering/kit/ink.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rendering.kit.canvas import Canvas, Page
from rendering.kit.ink import ReusingCanvas
from rendering.kit.theme import GOLD, PHONE_FLOOR, RED, TEXT, TILE

WIDTH = 1280
MARGIN = 24
GAP = 16
# The overview's body: every name, count and chip a player reads, a px above the phone
# floor (9 px on a phone 400 px wide), never shrunk.
TEXT_SIZE = PHONE_FLOOR + 1
CHIP_H = 46
CHIP_PAD = 12


@dataclass(frozen=True)
class Chip:
    """A rounded label: its text, fill, text colour and icon ('back', 'coin', 'start')."""

    text: str
    fill: str = TILE
    color: str = TEXT
    icon: str | None = None


def chip_width(c: Canvas, item: Chip) -> float:
    return c.measure(item.text, TEXT_SIZE) + 2 * CHIP_PAD + (CHIP_H - 8 if item.icon else 0)


def chip(c: Canvas, x: float, y: float, item: Chip, max_w: float | None = None) -> float:
    """Draws the chip (ellipsized to `max_w`, never shrunk); returns its width."""
    w = chip_width(c, item) if max_w is None else min(chip_width(c, item), max_w)
    icon_w = CHIP_H - 8 if item.icon else 0
    c.rect((x, y, x + w, y + CHIP_H), fill=item.fill)
    if item.icon:
        _icon(c, item.icon, x + CHIP_PAD - 4, y + 4, CHIP_H - 8)
    c.text(x + CHIP_PAD + icon_w, y + CHIP_H / 2, item.text, TEXT_SIZE, item.color,
           max_width=w - 2 * CHIP_PAD - icon_w + 0.5, anchor="lm", min_size=TEXT_SIZE)
    return w


def _icon(c: Canvas, kind: str, x: float, y: float, side: float) -> None:
    """A card back, a coin or the red start-player marker, as the kit's chips draw them."""
    if kind == "back":
        c.card_back((x + 4, y, x + side - 6, y + side))
    elif kind == "coin":
        c.dot(x + side / 2 - 2, y + side / 2, side / 2 - 4, GOLD, "#b8860b")
    elif kind == "start":
        c.dot(x + side / 2 - 2, y + side / 2, side / 2 - 5, RED, TEXT)


def draw_fitted(width: int, max_height: int, cjk: bool,
                draw: Callable[[Canvas, bool], float]) -> Page:
    """Lays out dry in the full form, then in the compact one if the full one is taller than
    `max_height`, and draws the one chosen (cut at `max_height` if even that is too tall);
    returns the image and the strings drawn."""
    probe = ReusingCanvas(width, 1, cjk, dry=True)
    compact = False
    height = draw(probe, compact)
    if height > max_height:
        compact = True
        height = draw(probe, compact)
    canvas = ReusingCanvas(width, int(min(height, max_height)), cjk, widths=probe.widths)
    draw(canvas, compact)
    assert canvas.image is not None  # a canvas that is not dry has its image
    return canvas.image, canvas.texts
