"""The standings image: its size, CJK names and labels, deterministic bytes."""

from __future__ import annotations

import io
from dataclasses import fields, replace

import pytest
from PIL import Image

from rendering.kit import fonts
from rendering.standings import Standing, StandingsLabels, draw_standings, standings_png

ROWS = [
    Standing(1, 11, "劉備 Liu Bei", 3, 2, 4.5, 41.0),
    Standing(2, 12, "조조", 3, 1, 3.0, 37.333),
    Standing(3, 13, "Alice", 2, 0, 1.5, 20.5),
    Standing(4, 14, "Eve", 0, 0, 0.0, None),
]
ENGLISH = StandingsLabels(
    rank="#", player="Player", games="Games", wins="Wins", points="Points",
    average="Avg. score", empty="No players yet.",
    rule="Each finished game gives 1 point per opponent placed below you and 1/2 point per "
         "opponent tied with you. Ties in the table: points, then wins, then average score.")
CHINESE = StandingsLabels(
    rank="名次", player="玩家", games="局数", wins="胜场", points="积分", average="平均得分",
    empty="还没有玩家。",
    rule="每局结束后，每有一名对手排名在你之下得 1 分，每有一名对手与你并列得 1/2 分。"
         "排名相同时依次比较积分、胜场、平均得分。")
KOREAN = StandingsLabels(
    rank="순위", player="플레이어", games="게임", wins="승리", points="승점",
    average="평균 점수", empty="아직 플레이어가 없습니다.", rule="끝난 게임마다 승점을 얻습니다.")
needs_cjk = pytest.mark.skipif(not fonts.has_cjk(), reason="no CJK font installed")


def test_the_image_has_one_row_per_player_and_a_bounded_size():
    one, _ = draw_standings("Spring", "league · Record", ROWS[:1], ENGLISH, ENGLISH, False)
    four, texts = draw_standings("Spring", "league · Record", ROWS, ENGLISH, ENGLISH, False)
    assert one.width == four.width == 960
    assert 250 < one.height < four.height < 600
    assert four.height - one.height == 3 * 44
    assert {"Spring", "Player", "Points", "Avg. score", "4.5", "37.3", "-"} <= set(texts)


@needs_cjk
def test_cjk_names_and_labels_are_drawn_in_the_readers_language():
    _, texts = draw_standings("春季联赛", "联赛 · 三國志", ROWS, CHINESE, ENGLISH, True)
    assert {"劉備 Liu Bei", "조조", "春季联赛", "玩家", "积分"} <= set(texts)


def test_without_a_cjk_font_labels_fall_back_to_english_and_names_keep_what_draws():
    _, texts = draw_standings("Spring", "league", ROWS, KOREAN, ENGLISH, False)
    assert {"Player", "Points", "Liu Bei"} <= set(texts)
    assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def test_only_the_labels_that_cannot_be_drawn_fall_back_to_english():
    mixed = replace(ENGLISH, player="玩家", points="Punkte")
    _, texts = draw_standings("Spring", "league", ROWS, mixed, ENGLISH, False)
    assert {"Player", "Punkte"} <= set(texts) and "Points" not in texts


def test_labels_are_translated_field_by_field():
    labels = StandingsLabels.translated(lambda field: f"<{field}>")
    assert [getattr(labels, f.name) for f in fields(labels)] == [
        "<rank>", "<player>", "<games>", "<wins>", "<points>", "<average>", "<empty>", "<rule>"]
    assert labels.headings == ("<rank>", "<player>", "<games>", "<wins>", "<points>",
                               "<average>")


def test_same_input_same_bytes():
    first = standings_png("Spring", "league · Record", ROWS, KOREAN, ENGLISH)
    assert first == standings_png("Spring", "league · Record", ROWS, KOREAN, ENGLISH)
    assert Image.open(io.BytesIO(first)).format == "PNG"


def test_an_empty_campaign_still_draws_its_table():
    image, texts = draw_standings("Spring", "league", [], ENGLISH, ENGLISH, False)
    assert "No players yet." in texts and image.height > 200
