"""A canvas that reuses what it drew before: cheaper boards for every game.

Consecutive boards of a table draw mostly the same strings (captions, names, numbers) and
the same small shapes (chips, card backs), and rasterizing glyphs is most of a board's
cost. `ReusingCanvas` pastes each text's mask, each small rounded shape and each card back
from module-level caches (per process, so safe in a process pool; bounded), and remembers
text widths from one board to the next. A sprite (a map's sign with its numbers, a name on
its plate: `Canvas.sprite`) is drawn once and pasted whole through its shapes' mask.
Positions are rounded to whole pixels, so a reused board is the same image as one drawn
afresh at those positions, and a board drawn with warm caches is the same as with cold ones.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import lru_cache

from PIL import Image, ImageChops, ImageColor, ImageDraw

from rendering.kit.canvas import Canvas, Drawn, Page, SpriteDrawer, font_size
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
            self._ink_text(mask, at, color)
        return self.width_in(text, font)

    def _ink_text(self, mask: Image.Image, at: tuple[int, int], color: str) -> None:
        assert self.image is not None  # only a canvas that draws inks
        _paste(self.image, _solid(color, self.image.mode, mask.size), at, mask)

    def sprite(self, x: float, y: float, size: tuple[int, int], draw: SpriteDrawer,
               *args: Hashable) -> None:
        """As `Canvas.sprite`, pasted from the cache at (x, y) rounded; one the cache could
        not make paste unchanged (`_sprite`) is drawn in place."""
        if self.image is None:
            return
        made = _sprite(draw, args, size, self.cjk, self.image.mode)
        if made is None:
            draw(self, x, y, *args)
            return
        tile, shapes, loose, texts = made
        ox, oy = round(x), round(y)
        _paste(self.image, tile, (ox, oy), shapes)
        if loose is not None:
            edge, at = loose
            _paste(self.image, edge[0], (ox + at[0], oy + at[1]), edge[1])
        self.texts += [Drawn(t, (t.box[0] + ox, t.box[1] + oy, t.box[2] + ox, t.box[3] + oy),
                             t.size) for t in texts]

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
            _paste(self.image, _solid(fill, self.image.mode, size), (x0, y0), mask)
        else:
            _paste(self.image, _edged(fill, outline, width, radius, self.image.mode, size),
                   (x0, y0), mask)


def _paste(image: Image.Image, tile: Image.Image, at: tuple[int, int],
           mask: Image.Image) -> None:
    """`image.paste(tile, at, mask)` straight to Pillow's core: a canvas's image is its
    own (never read-only, always loaded) and a tile is as large as its mask, so the checks
    `Image.paste` makes first, half the cost of pasting a small text, are already met."""
    x, y = at
    image.im.paste(tile.im, (x, y, x + tile.width, y + tile.height), mask.im)


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


# Two grounds a sprite is drawn on: where the two drawings differ, no shape was drawn.
GROUNDS = ((1, 2, 3), (254, 252, 250))
MARGIN = 8  # px round a sprite's tile where it is checked to have drawn nothing (even: a
#             shift by it rounds every coordinate as drawing in place does)
# A sprite: its tile, its shapes' 1-bit mask, its texts' edges off the shapes (a tile, its
# 8-bit mask and their place in the sprite, None when there are none) and its texts.
Loose = tuple[tuple[Image.Image, Image.Image], tuple[int, int]]
Sprite = tuple[Image.Image, Image.Image, Loose | None, tuple[Drawn, ...]]
Inked = list[tuple[Image.Image, tuple[int, int], str]]  # each text's mask, place and colour


class _SpriteCanvas(ReusingCanvas):
    """A reusing canvas that keeps each text's mask, colour and place as it inks it: where a
    text's edge leaves the sprite's shapes (a descender below its plate), the sprite's mask
    takes the text's own."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.inked: Inked = []

    def _ink_text(self, mask: Image.Image, at: tuple[int, int], color: str) -> None:
        super()._ink_text(mask, at, color)
        self.inked.append((mask, at, color))


@lru_cache(maxsize=1024)
def _sprite(draw: SpriteDrawer, args: tuple[Hashable, ...], size: tuple[int, int], cjk: bool,
            mode: str) -> Sprite | None:
    """The sprite drawn on two grounds, MARGIN px in. Its shapes are where the two agree
    (Pillow draws shapes without anti-aliasing: each pixel is drawn or not); off them the
    mask is its texts' own, the tile their ink. None when that would not paste what drawing
    in place does: something drawn in the margin (it would be cut off), a text's edge off
    the shapes where another text lies, or anything else there not opaque."""
    full = (size[0] + 2 * MARGIN, size[1] + 2 * MARGIN)
    drawn = []
    for ground in GROUNDS:
        c = _SpriteCanvas(*full, cjk)
        c.image = Image.new(mode, full, ground)
        c.draw = ImageDraw.Draw(c.image)
        draw(c, MARGIN, MARGIN, *args)
        drawn.append(c)
    first, second = (c.image for c in drawn)
    assert first is not None and second is not None  # both were given their image
    inked = drawn[0].inked
    shapes = _binary(_most(ImageChops.difference(first, second)), same=True)
    texts = Image.new("L", full)
    for mask, at, _ in inked:
        texts.paste(ImageChops.lighter(texts.crop(_box(mask, at)), mask), at)
    off = ImageChops.invert(shapes)
    loose = ImageChops.darker(texts, off)  # the texts' ink off the shapes
    if not _clean(ImageChops.lighter(shapes, texts)) or \
            (loose.getbbox() is not None and not _loose_ok(drawn, inked, off, texts)):
        return None
    tile = first.copy()
    for mask, at, colour in inked:  # off the shapes, a text's pixels are its ink
        tile.paste(_ink(colour, mode), at,
                   ImageChops.darker(off.crop(_box(mask, at)), _binary(mask)))
    inner = (MARGIN, MARGIN, MARGIN + size[0], MARGIN + size[1])
    edges = loose.getbbox()  # pasted apart: an 8-bit mask pastes three times slower
    return (tile.crop(inner), shapes.crop(inner).convert("1", dither=Image.Dither.NONE),
            None if edges is None else ((tile.crop(edges), loose.crop(edges)),
                                        (edges[0] - MARGIN, edges[1] - MARGIN)),
            tuple(Drawn(t, (t.box[0] - MARGIN, t.box[1] - MARGIN, t.box[2] - MARGIN,
                            t.box[3] - MARGIN), t.size) for t in drawn[0].texts))


def _loose_ok(drawn: list[_SpriteCanvas], inked: Inked, off: Image.Image,
              texts: Image.Image) -> bool:
    """Whether the texts' edges off the shapes paste as drawn: no two texts meet, and off
    the shapes and the texts both drawings show their grounds untouched."""
    boxes = [_box(mask, at) for mask, at, _ in inked]
    if any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
           for n, a in enumerate(boxes) for b in boxes[n + 1:]):
        return False
    bare = ImageChops.darker(off, ImageChops.invert(_binary(texts)))
    for c, ground in zip(drawn, GROUNDS, strict=True):
        assert c.image is not None  # drawn on
        stray = ImageChops.difference(c.image, Image.new(c.image.mode, c.image.size, ground))
        if ImageChops.darker(_most(stray), bare).getbbox() is not None:
            return False
    return True


def _clean(drawn: Image.Image) -> bool:
    """Whether nothing lies in the MARGIN round the tile."""
    inner = Image.new("L", drawn.size)
    inner.paste(255, (MARGIN, MARGIN, drawn.width - MARGIN, drawn.height - MARGIN))
    return ImageChops.darker(drawn, ImageChops.invert(inner)).getbbox() is None


def _box(mask: Image.Image, at: tuple[int, int]) -> tuple[int, int, int, int]:
    return (at[0], at[1], at[0] + mask.width, at[1] + mask.height)


def _binary(image: Image.Image, same: bool = False) -> Image.Image:
    """255 where an 'L' image is not 0 (or, `same`, where it is), else 0."""
    return image.point(lambda v: 255 if (v == 0) == same else 0)


def _most(image: Image.Image) -> Image.Image:
    """The largest of an image's channels, pixel by pixel (an 'L' image)."""
    bands = image.split()
    out = bands[0]
    for band in bands[1:]:
        out = ImageChops.lighter(out, band)
    return out
