"""Cheaper Redux boards: what one board drew, the next one reuses.

Consecutive boards of a table draw mostly the same strings (captions, names, numbers), and
rasterizing glyphs and wording catalog messages are most of a board's cost. `ReusingCanvas`
pastes each text's mask from a module-level cache and remembers text widths; `worded` keeps
the words of each caption per reader. The caches are per process (safe in a process pool)
and bounded. (Record's boards do the same in rendering/record/ink.py: a candidate for the kit.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import is_dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from games.core.messages import Msg
from rendering.kit.canvas import Canvas
from rendering.kit.fonts import Font, fit_text, text_width
from rendering.kit.scene import Speech
from rendering.kit.theme import BODY, MIN_SIZE, TEXT


class ReusingCanvas(Canvas):
    """A canvas that pastes cached masks of its texts (positions rounded to whole pixels)
    and remembers text widths from one board to the next."""

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


def draw_reusing(width: int, cjk: bool,
                 draw: Callable[[Canvas], float]) -> tuple[Image.Image, list[str]]:
    """kit.canvas.draw_measured on a ReusingCanvas: lay out dry, then draw."""
    probe = ReusingCanvas(width, 1, cjk, dry=True)
    height = draw(probe)
    canvas = ReusingCanvas(width, int(height), cjk, widths=probe.widths)
    draw(canvas)
    assert canvas.image is not None  # a canvas that is not dry has its image
    return canvas.image, canvas.texts


WORDED_MAX = 8192
_worded: dict[tuple[str, str], str] = {}


def worded(speech: Speech, said: Msg) -> str:
    """The reader's words for a message, kept for the next board when the reader is plain
    data (the service's Reader: its repr names its language, players and seat); a message's
    repr is its key, its parameters being a dict. Bounded: the cache starts over when full."""
    if not is_dataclass(speech):  # a reader we cannot name: worded each time
        return speech(said)
    key = (repr(speech), repr(said))
    hit = _worded.get(key)
    if hit is None:
        if len(_worded) >= WORDED_MAX:
            _worded.clear()
        hit = _worded[key] = speech(said)
    return hit


@lru_cache(maxsize=4096)
def _text_mask(text: str, font: Font, anchor: str) -> tuple[Image.Image, int, int]:
    """A text drawn once in white on black, with where its box sits against the anchor."""
    left, top, right, bottom = (int(v) for v in font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=font, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=8192)
def _width(text: str, font: Font) -> float:
    return text_width(text, font)
