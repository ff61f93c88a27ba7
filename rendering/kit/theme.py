"""One look for every image: the palette, the seat colours and the type scale.

Every game draws with these, so a player who knows one board reads the next: the same gold
for what matters, the same muted grey for what does not, their own colour on every image.
"""

from __future__ import annotations

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
SEAT_COLORS = ("#e8665d", "#4f97ea", "#4fc07a", "#e9aa3a", "#a57ae6")

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
