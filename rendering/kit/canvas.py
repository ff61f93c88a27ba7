"""A measuring canvas: the same drawing code runs twice, once dry to learn the height.

Layouts here flow (chips wrap, city tiles wrap), so the image height is only known after
laying everything out. Running the layout once with ``dry=True`` (nothing drawn, nothing
recorded) and once for real keeps measurement and drawing from ever disagreeing.
Every string drawn is recorded in ``texts`` so tests can check what a view revealed, as a
`Drawn`: the string with the box its ink covers and the size it was drawn at, so tests can
also check that no two texts collide, none leaves the page and what must be read is large.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.kit.fonts import Font, drawable, fit_text, get_font, label, text_width
from rendering.kit.theme import (
    BG,
    BODY,
    CARD_BACK,
    CARD_BACK_LINE,
    CHIP_H,
    CHIP_PAD_X,
    GOLD,
    MIN_SIZE,
    RADIUS,
    RED,
    TEXT,
    TILE,
)

Box = tuple[int, int, int, int]


class Drawn(str):
    """A string as drawn: `box` is where its ink lies on the page (left, top, right,
    bottom), `size` the font size it was drawn at (after any shrinking to fit). It is the
    string itself for everything else, so a list of them reads as the strings drawn."""

    box: Box
    size: int

    def __new__(cls, text: str, box: Box, size: int) -> Drawn:
        drawn = super().__new__(cls, text)
        drawn.box, drawn.size = box, size
        return drawn

    @classmethod
    def at(cls, x: float, y: float, text: str, font: Font, anchor: str) -> Drawn:
        """The text as Pillow draws it at (x, y) with that anchor."""
        left, top, right, bottom = ink_box(text, font, anchor)
        return cls(text, (round(x + left), round(y + top), round(x + right), round(y + bottom)),
                   font_size(font))


def font_size(font: Font) -> int:
    """A TrueType font's size (the bitmap fallback, never used for boards, counts as 0)."""
    return int(getattr(font, "size", 0))


Page = tuple[Image.Image, list[Drawn]]  # an image and the strings drawn on it
# Draws a sprite with its top left corner at (x, y): draw(canvas, x, y, *args).
SpriteDrawer = Callable[..., None]


@lru_cache(maxsize=8192)
def ink_box(text: str, font: Font, anchor: str) -> Box:
    """Where a text's ink lies against its anchor point."""
    left, top, right, bottom = font.getbbox(text, anchor=anchor)
    return int(left), int(top), int(right), int(bottom)


@dataclass
class Canvas:
    """Drawing surface that can run dry (measure only) and records every drawn string."""

    width: int
    height: int
    cjk: bool
    dry: bool = False
    texts: list[Drawn] = field(default_factory=list)
    # Text widths of this render, shared with twins (one render = one thread).
    widths: dict[tuple[str, Font], float] = field(default_factory=dict)

    # What is drawn on; both None for a dry canvas, which only measures.
    image: Image.Image | None = field(init=False, default=None)
    draw: ImageDraw.ImageDraw | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not self.dry:
            self.image = Image.new("RGB", (self.width, self.height), BG)
            self.draw = ImageDraw.Draw(self.image)

    def twin(self) -> Canvas:
        """A dry canvas with the same fonts, to measure a block before painting behind it."""
        return Canvas(self.width, 1, self.cjk, dry=True, widths=self.widths)

    def font(self, size: int, bold: bool = False) -> Font:
        return get_font(size, bold, self.cjk)

    def label(self, obj: dict) -> str:
        """A card's name, bilingual when CJK can be drawn."""
        return label(str(obj.get("zh", "")), str(obj.get("en", "")), self.cjk)

    def clean(self, text: str) -> str:
        """Player-supplied text stripped of glyphs our fonts cannot draw."""
        return drawable(text, self.cjk)

    def measure(self, text: str, size: int, bold: bool = False) -> float:
        return self.width_in(text, self.font(size, bold))

    def width_in(self, text: str, font: Font) -> float:
        """Cached text_width: every string is measured by the dry run, then again to draw."""
        key = (text, font)
        if key not in self.widths:
            self.widths[key] = text_width(text, font)
        return self.widths[key]

    def text(
        self, x: float, y: float, text: str, size: int = BODY, color: str = TEXT,
        bold: bool = False, max_width: float | None = None, anchor: str = "la",
        min_size: int = MIN_SIZE,
    ) -> float:
        """Draw text (shrunk down to `min_size`, then ellipsized to max_width); returns the
        drawn width."""
        if max_width is None:
            font = self.font(size, bold)
        else:
            text, font = fit_text(text, max_width, size, min(size, min_size), bold, self.cjk,
                                  self.width_in)
        if self.draw is not None and text:
            self.texts.append(Drawn.at(x, y, text, font, anchor))
            self.draw.text((x, y), text, font=font, fill=color, anchor=anchor)
        return self.width_in(text, font)

    def rect(self, box: tuple[float, float, float, float], fill: str | None = None,
             outline: str | None = None, width: int = 1, radius: int = RADIUS) -> None:
        if self.draw is not None:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline,
                                        width=width)

    def line(self, points: list[tuple[float, float]], color: str, width: int = 2) -> None:
        if self.draw is not None:
            self.draw.line(points, fill=color, width=width)

    def dot(self, cx: float, cy: float, r: float, fill: str, outline: str | None = None) -> None:
        if self.draw is not None:
            self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline,
                              width=2)

    def card_back(self, box: tuple[float, float, float, float]) -> None:
        """A face-down card: a lattice back, never any hint of what is underneath."""
        if self.draw is None:
            return
        x0, y0, x1, y1 = box
        self.rect(box, fill=CARD_BACK, outline=GOLD, width=2, radius=5)
        inset = max(3.0, min(x1 - x0, y1 - y0) / 8)
        self.rect((x0 + inset, y0 + inset, x1 - inset, y1 - inset), outline=CARD_BACK_LINE,
                  width=1, radius=3)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        rx, ry = (x1 - x0) / 2 - 2 * inset, (y1 - y0) / 2 - 2 * inset
        if rx > 1 and ry > 1:
            self.draw.polygon([(cx, cy - ry), (cx + rx, cy), (cx, cy + ry), (cx - rx, cy)],
                              outline=GOLD)

    def sprite(self, x: float, y: float, size: tuple[int, int], draw: SpriteDrawer,
               *args: Hashable) -> None:
        """What `draw(canvas, x, y, *args)` draws: opaque shapes with their texts inside
        them, within `size` px right of and below (x, y), depending on nothing but `args`
        (a map's sign, a name on its plate). A plain canvas draws it in place; the reusing
        canvas (rendering.kit.ink) pastes it from a cache, drawn once."""
        draw(self, x, y, *args)

    def chip_width(self, text: str, size: int = BODY, bold: bool = False,
                   icon: bool = False) -> float:
        return self.measure(text, size, bold) + 2 * CHIP_PAD_X + (CHIP_H - 8 if icon else 0)

    def chip(self, x: float, y: float, text: str, fill: str = TILE, color: str = TEXT,
             size: int = BODY, bold: bool = False, max_width: float | None = None,
             outline: str | None = None, icon: str | None = None) -> float:
        """A rounded label; icon='back' adds a tiny card back, 'coin' a coin, 'start' the
        red start-player marker. Returns the chip width."""
        icon_w = CHIP_H - 8 if icon else 0
        text_w = self.measure(text, size, bold)
        if max_width is not None:
            text_w = min(text_w, max_width - 2 * CHIP_PAD_X - icon_w)
        w = text_w + 2 * CHIP_PAD_X + icon_w
        self.rect((x, y, x + w, y + CHIP_H), fill=fill, outline=outline, width=2)
        if icon:
            self._icon(icon, x + CHIP_PAD_X - 4, y + 4, CHIP_H - 8)
        self.text(x + CHIP_PAD_X + icon_w, y + CHIP_H / 2, text, size, color, bold,
                  max_width=text_w + 0.5, anchor="lm")
        return w

    def _icon(self, kind: str, x: float, y: float, side: float) -> None:
        if kind == "back":
            self.card_back((x + 4, y, x + side - 6, y + side))
        elif kind == "coin":
            self.dot(x + side / 2 - 2, y + side / 2, side / 2 - 4, GOLD, "#b8860b")
        elif kind == "start":
            self.dot(x + side / 2 - 2, y + side / 2, side / 2 - 5, RED, TEXT)


def draw_measured(width: int, cjk: bool,
                  draw: Callable[[Canvas], float]) -> Page:
    """Lay out dry to learn the height, then draw, so measuring and drawing cannot disagree;
    returns the image and the strings drawn (tests read them to check hidden names)."""
    probe = Canvas(width, 1, cjk, dry=True)
    height = draw(probe)
    canvas = Canvas(width, int(height), cjk, widths=probe.widths)
    draw(canvas)
    assert canvas.image is not None  # a canvas that is not dry always has its image
    return canvas.image, canvas.texts
