"""The Record boards' shapes: chips whose text never shrinks below the phone floor, drawing
into a height limit (a compact form when the full one is too tall), and a canvas that
reuses what it drew before.

Consecutive boards of a game draw mostly the same words (captions, names, cards) and the
same chip shapes, and rasterizing glyphs is most of a board's cost. `ReusingCanvas` keeps
each text's rendered mask and each rounded shape's mask in module-level caches (per
process, so safe in a process pool) and pastes them, which costs about what copying the
pixels does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.kit.canvas import Canvas
from rendering.kit.fonts import Font, fit_text, text_width
from rendering.kit.theme import BODY, GOLD, MIN_SIZE, RADIUS, RED, TEXT, TILE

WIDTH = 1280
MARGIN = 24
GAP = 16
TEXT_SIZE = 24  # the overview's body floor: legible on a phone once tapped
CHIP_H = 40
CHIP_PAD = 12
SHAPE_MAX_H = 64  # rounded shapes up to this tall (chips, tags) are pasted from a cache


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


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: Font, anchor: str) -> tuple[Image.Image, int, int]:
    """A text drawn once in white on black, with where its box sits against the anchor."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=1024)
def _shape_mask(width: int, height: int, radius: int) -> Image.Image:
    """A rounded rectangle's mask, drawn once for each size."""
    mask = Image.new("L", (width, height))
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius,
                                           fill=255)
    return mask


@lru_cache(maxsize=8192)
def _width(text: str, font: Font) -> float:
    return text_width(text, font)


@lru_cache(maxsize=64)
def _card_back(width: int, height: int) -> Image.Image:
    """A card back drawn once for each size, on a transparent ground."""
    back = ReusingCanvas(width, height, False)
    back.image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    back.draw = ImageDraw.Draw(back.image)
    Canvas.card_back(back, (0, 0, width - 1, height - 1))
    return back.image


class ReusingCanvas(Canvas):
    """A canvas that pastes cached masks of its texts and small filled rounded shapes (chips)
    instead of rasterizing them again (positions rounded to whole pixels), and remembers
    text widths from one board to the next."""

    def twin(self) -> Canvas:
        return ReusingCanvas(self.width, 1, self.cjk, dry=True, widths=self.widths)

    def width_in(self, text: str, font: Font) -> float:
        return _width(text, font)

    def text(self, x: float, y: float, text: str, size: int = BODY, color: str = TEXT,
             bold: bool = False, max_width: float | None = None, anchor: str = "la",
             min_size: int = MIN_SIZE) -> float:
        """As `Canvas.text`: shrunk down to `min_size`, then ellipsized to `max_width`."""
        if self.image is None:
            return super().text(x, y, text, size, color, bold, max_width, anchor, min_size)
        if max_width is None:
            font = self.font(size, bold)
        else:
            text, font = fit_text(text, max_width, size, min(size, min_size), bold, self.cjk,
                                  self.width_in)
        if text:
            self.texts.append(text)
            mask, left, top = _text_mask(text, font, anchor)
            self.image.paste(color, (round(x) + left, round(y) + top), mask)
        return self.width_in(text, font)

    def card_back(self, box: tuple[float, float, float, float]) -> None:
        if self.image is None:
            return
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 - x0 < 2 or y1 - y0 < 2:
            return
        back = _card_back(x1 - x0 + 1, y1 - y0 + 1)
        self.image.paste(back, (x0, y0), back)

    def rect(self, box: tuple[float, float, float, float], fill: str | None = None,
             outline: str | None = None, width: int = 1, radius: int = RADIUS) -> None:
        if self.image is None or fill is None or outline is not None or radius <= 0 \
                or box[3] - box[1] > SHAPE_MAX_H:  # a panel: one fill, cheaper drawn
            super().rect(box, fill, outline, width, radius)
            return
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 <= x0 or y1 <= y0:
            return
        self.image.paste(fill, (x0, y0), _shape_mask(x1 - x0 + 1, y1 - y0 + 1, radius))


def draw_fitted(width: int, max_height: int, cjk: bool,
                draw: Callable[[Canvas, bool], float]) -> tuple[Image.Image, list[str]]:
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
