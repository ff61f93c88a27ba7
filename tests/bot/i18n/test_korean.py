"""Korean particles follow the word before them (bot/i18n/korean.py): the catalogs write
both forms, and the filled sentence keeps the one Korean print uses."""

from __future__ import annotations

import pytest

from bot.i18n import Reader, words
from bot.i18n.korean import particles
from games.core.messages import msg


@pytest.mark.parametrize(("written", "read"), [
    ("낙양을(를) 점령", "낙양을 점령"),  # a final consonant
    ("강하(江夏)을(를) 건설", "강하(江夏)를 건설"),  # the reading in parentheses is skipped
    ("가후(賈詡)은(는)", "가후(賈詡)는"),
    ("“라디오 송신탑”을(를)", "“라디오 송신탑”을"),  # a closing quote is looked through
    ("군대 2개을(를)", "군대 2개를"),
    ("AI 2이(가) 공격", "AI 2가 공격"),  # a digit as Korean reads it: 이
    ("3을(를)", "3을"), ("6이(가)", "6이"), ("9은(는)", "9는"),
    ("서울(으)로", "서울로"),  # ㄹ takes 로
    ("부산(으)로", "부산으로"),
    ("유비와(과) 조조", "유비와 조조"), ("손권과(와)", "손권과"),
    ("Alice와(과) Bob", "Alice와(과) Bob"),  # a Latin name: both forms stay
    ("공격 (으)로", "공격 (으)로"),  # nothing attached
])
def test_each_particle_takes_the_form_its_word_needs(written: str, read: str) -> None:
    assert particles(written) == read


def test_filled_korean_sentences_choose_and_other_languages_are_untouched() -> None:
    said = msg("engine.seat", number=3)
    assert words(said, Reader("ko")) == "3번 자리"
    assert particles(f"{words(msg('engine.seat', number=1), Reader('ko'))}이(가)") == \
        "1번 자리가"
    assert words(msg("engine.board.awaiting"), Reader("ja")) == "待っている人："
