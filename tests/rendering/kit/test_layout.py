"""Wrapped text (rendering/kit/layout.py): nothing cut, and a Chinese or Japanese line never
starts with a closing mark or a small kana (kinsoku), in every renderer that wraps."""

from __future__ import annotations

from rendering.kit.layout import NO_START, wrapped


def width(text: str) -> float:
    return float(len(text))  # one unit a character: the cuts are easy to predict


def test_words_fill_each_line_from_the_left():
    assert wrapped("one two three four", width, 9) == ["one two", "three", "four"]


def test_a_word_wider_than_a_line_is_broken_inside_and_nothing_is_lost():
    lines = wrapped("ルスヴィエト連邦", width, 3)
    assert "".join(lines) == "ルスヴィエト連邦"
    assert all(width(line) <= 3 for line in lines)


def test_a_closing_mark_or_small_kana_takes_the_character_before_it_along():
    # a cut after three characters would start the second line with "ー"
    lines = wrapped("コーヒーです。", width, 3)
    assert "".join(lines) == "コーヒーです。"
    assert not any(line[0] in NO_START for line in lines)
    assert lines == ["コー", "ヒーで", "す。"]
