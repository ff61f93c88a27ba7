"""The standings image: its size, CJK names and labels, deterministic bytes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering.kit import fonts
from rendering.standings import Standing, draw_standings, standings_png

ROWS = [
    Standing(1, 11, "劉備 Liu Bei", 3, 2, 4.5, 41.0),
    Standing(2, 12, "조조", 3, 1, 3.0, 37.333),
    Standing(3, 13, "Alice", 2, 0, 1.5, 20.5),
    Standing(4, 14, "Eve", 0, 0, 0.0, None),
]
needs_cjk = pytest.mark.skipif(not fonts.has_cjk(), reason="no CJK font installed")


def test_the_image_has_one_row_per_player_and_a_bounded_size():
    one, _ = draw_standings("Spring", "league · Record", ROWS[:1], "en", False)
    four, texts = draw_standings("Spring", "league · Record", ROWS, "en", False)
    assert one.width == four.width == 960
    assert 250 < one.height < four.height < 600
    assert four.height - one.height == 3 * 44
    assert {"Spring", "Player", "Points", "Avg. score", "4.5", "37.3", "-"} <= set(texts)


@needs_cjk
def test_cjk_names_and_labels_are_drawn_in_the_readers_language():
    _, texts = draw_standings("春季联赛", "联赛 · 三國志", ROWS, "zh-CN", True)
    assert {"劉備 Liu Bei", "조조", "春季联赛", "玩家", "积分"} <= set(texts)


def test_without_a_cjk_font_labels_fall_back_to_english_and_names_keep_what_draws():
    _, texts = draw_standings("Spring", "league", ROWS, "ko", False)
    assert {"Player", "Points", "Liu Bei"} <= set(texts)
    assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def test_same_input_same_bytes():
    first = standings_png("Spring", "league · Record", ROWS, "ja")
    assert first == standings_png("Spring", "league · Record", ROWS, "ja")
    assert Image.open(io.BytesIO(first)).format == "PNG"


def test_an_empty_campaign_still_draws_its_table():
    image, texts = draw_standings("Spring", "league", [], "en", False)
    assert "No players yet." in texts and image.height > 200
