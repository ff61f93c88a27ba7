"""A canvas that reuses what it drew before: cheaper boards for every game.

Consecutive boards of a table draw mostly the same strings (captions, names, numbers) and
the same small shapes (chips, card backs), and rasterizing glyphs is most of a board's
cost. `ReusingCanvas` pastes each text's mask, each small rounded shape's mask and each
card back from module-level caches (per process, so safe in a process pool; bounded), and
remembers text widths from one board to the next. Positions are rounded to whole pixels,
so a reused board is the same image as one drawn afresh at those positions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageColor, ImageDraw

from rendering.kit.canvas import Canvas, Drawn, Page, font_size
from rendering.kit.fonts import Font, fit_text, text_width
from rendering.kit.theme import BODY, MIN_SIZE, RADIUS, TEXT

SHAPE_MAX_H = 64  # rounded shapes up to this tall (chips, tags) are pasted from a cache


class ReusingCanvas(Canvas):
    """A canvas that pastes cached masks of its texts, small filled rounded shapes and card
    backs instead of drawing them again, and remembers text widths."""

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
            mask, left, top = _text_mask(text, font, anchor)
            at = (round(x) + left, round(y) + top)
            self.texts.append(Drawn(text, (*at, at[0] + mask.width, at[1] + mask.height),
                                    font_size(font)))
            self.image.paste(_solid(color, self.image.mode, mask.size), at, mask)
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
        if self.image is None or fill is None or radius <= 0 \
                or box[3] - box[1] > SHAPE_MAX_H:  # a panel: one fill, cheaper drawn
            super().rect(box, fill, outline, width, radius)
            return
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 <= x0 or y1 <= y0:
            return
        size = (x1 - x0 + 1, y1 - y0 + 1)
        mask = _shape_mask(*size, radius)
        if outline is None:
            self.image.paste(_solid(fill, self.image.mode, size), (x0, y0), mask)
        else:
            self.image.paste(_edged(fill, outline, width, radius, self.image.mode, size),
                             (x0, y0), mask)


def draw_reusing(width: int, cjk: bool,
                 draw: Callable[[Canvas], float]) -> Page:
    """kit.canvas.draw_measured on a ReusingCanvas: lay out dry, then draw; returns the
    image and the strings drawn."""
    probe = ReusingCanvas(width, 1, cjk, dry=True)
    height = draw(probe)
    canvas = ReusingCanvas(width, int(height), cjk, widths=probe.widths)
    draw(canvas)
    assert canvas.image is not None  # a canvas that is not dry has its image
    return canvas.image, canvas.texts


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: Font, anchor: str) -> tuple[Image.Image, int, int]:
    """A text drawn once in white on black, with where its box sits against the anchor."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=1024)
def _shape_mask(width: int, height: int, radius: int) -> Image.Image:
    """A rounded rectangle's mask, drawn once for each size. Pillow draws shapes without
    anti-aliasing, so the mask is all or nothing: a 1-bit mask pastes the same pixels as
    an 8-bit one, four times as fast."""
    mask = Image.new("1", (width, height))
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius,
                                           fill=1)
    return mask


@lru_cache(maxsize=1024)
def _solid(color: str, mode: str, size: tuple[int, int]) -> Image.Image:
    """A tile of one colour to paste through a mask: Pillow blends a tile through a mask
    twice as fast as it fills a colour through it (the same arithmetic, the same pixels)."""
    return Image.new(mode, size, _ink(color, mode))


@lru_cache(maxsize=512)
def _edged(fill: str, outline: str, width: int, radius: int, mode: str,
           size: tuple[int, int]) -> Image.Image:
    """A rounded rectangle with its edge (a chip, a city's pill), drawn once for each size
    and colours, pasted through its shape's mask: drawing an edged rounded rectangle costs
    eight times pasting one."""
    tile = Image.new(mode, size, _ink(fill, mode))
    ImageDraw.Draw(tile).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius,
                                           fill=fill, outline=outline, width=width)
    return tile


@lru_cache(maxsize=256)
def _ink(color: str, mode: str) -> float | tuple[int, ...]:
    """A colour's pixel value: `Image.paste` converts a colour's name on every call (an
    import and a parse), a third of the cost of pasting a small text."""
    return ImageColor.getcolor(color, mode)


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
