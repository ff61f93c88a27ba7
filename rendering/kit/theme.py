"""One look for every image: the palette, the seat colours and the type scale.

Every game draws with these, so a player who knows one board reads the next: the same gold
for what matters, the same muted grey for what does not, their own colour on every image.
"""

from __future__ import annotations

from functools import lru_cache

# Palette: dark theme (Discord is mostly used dark), contrast >= 7:1 for body text.
BG = "#15171c"
PANEL = "#22252d"
PANEL_HI = "#2c3242"
TILE = "#30343f"
TEXT = "#f2f3f5"
MUTED = "#aab1bd"
DARK_TEXT = "#15171c"
GOLD = "#f0c14b"
RED = "#ef5b52"
GREEN = "#5cc97f"
AMBER = "#f5a524"
CARD_BACK = "#7a2630"
CARD_BACK_LINE = "#a5404b"
CARD_FACE = "#ece4d3"
# The seats' colours: vermillion, sky blue, bluish green, yellow and reddish purple (after
# Okabe and Ito), chosen so that any two of them stay apart (CIEDE2000 >= 15) in normal vision
# and under protanopia, deuteranopia and tritanopia (tests/rendering/test_palette.py), and all
# light enough for dark text on them. A sixth seat and beyond repeat a colour: their number
# (`seat_sign`) tells them apart, as it does for a colour-blind reader anywhere.
SEAT_COLORS = ("#ee7733", "#a6d8ff", "#44ad8c", "#f0e442", "#dd5eff")

# What a player must read to play (who is awaited, standings, names on a map, unit counts,
# their own resources) is drawn at PHONE_FLOOR or more on a 1280 px page: 9 px on a phone
# 400 px wide. What does not fit at that size belongs in a part.
PHONE_FLOOR = 29

# Type scale (px). Body text never goes below MIN_SIZE so a phone can read it.
MIN_SIZE = 18
SMALL = 18
BODY = 20
LARGE = 24
NAME = 28
TITLE = 34

# Chips: the rounded labels every board is built from.
CHIP_H = 36
CHIP_PAD_X = 12
CHIP_GAP = 8
RADIUS = 8


def seat_color(seat: int) -> str:
    """Each seat keeps one colour on every image, so players find themselves at a glance."""
    return SEAT_COLORS[seat % len(SEAT_COLORS)]


def seat_sign(seat: int) -> str:
    """The second sign of a seat beside its colour: its number from 1, the same in every
    language, drawn wherever a board would otherwise tell an owner by colour alone."""
    return str(seat + 1)


def _luminance(colour: str) -> float:
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(colour[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two '#rrggbb' colours (1 to 21)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@lru_cache(maxsize=512)
def ink_on(fill: str) -> str:
    """Text colour for a fill: whichever of the dark and the light text contrasts more with
    it (a brightness threshold put white on the vermillion and orange, at under 3:1)."""
    return DARK_TEXT if contrast(fill, DARK_TEXT) >= contrast(fill, TEXT) else TEXT
