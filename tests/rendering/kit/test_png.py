"""The boards' PNG encoding: a palette of 256 colours that keeps what a board shows."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from rendering.kit.fonts import get_font
from rendering.kit.png import paletted, to_png, to_truecolour_png


def board_like() -> Image.Image:
    """Flat panels in many colours with anti-aliased text on them, as a board has."""
    image = Image.new("RGB", (640, 400), (24, 26, 32))
    draw = ImageDraw.Draw(image)
    for i in range(24):
        colour = ((i * 53) % 256, (i * 97) % 256, (i * 31 + 80) % 256)
        x, y = (i % 6) * 106, (i // 6) * 100
        draw.rounded_rectangle((x + 4, y + 4, x + 100, y + 94), 12, fill=colour,
                               outline=(240, 240, 240), width=3)
        draw.text((x + 12, y + 30), f"r{i}c3 劉備 강하", fill=(250, 250, 250),
                  font=get_font(22, cjk=True))
    return image


def test_the_palette_png_reads_back_as_the_board_within_a_few_levels() -> None:
    """24 saturated panels are more colours than a real board has (there the largest
    difference is 22 of 255); still no pixel's brightness moves by more than 32, which is
    what keeps text legible, and the average pixel moves by less than 2."""
    board = board_like()
    decoded = Image.open(io.BytesIO(to_png(board)))
    assert decoded.mode == "P"
    difference = ImageChops.difference(board, decoded.convert("RGB")).convert("L")
    counts = difference.histogram()
    assert max(level for level, count in enumerate(counts) if count) <= 32
    assert sum(level * count for level, count in enumerate(counts)) / sum(counts) < 2


def test_the_palette_png_is_smaller_than_the_truecolour_one_of_the_same_pixels() -> None:
    board = board_like()
    assert len(to_png(board)) < len(to_truecolour_png(board))
    same = Image.open(io.BytesIO(to_truecolour_png(board))).convert("RGB")
    assert ImageChops.difference(board, same).getbbox() is None  # truecolour is lossless


def test_an_image_of_another_mode_is_paletted_too() -> None:
    grey = Image.new("L", (10, 10), 128)
    assert paletted(grey).mode == "P"
