"""Messages put into words (bot/i18n/words.py): grammatical person, plurals, lists and names
are right by construction in every language, and a message survives storage unchanged."""

from __future__ import annotations

import pytest

from bot.i18n import Reader, t, words
from games.core import Event
from games.core.messages import Msg, Seat, Term, msg

NAMES = ("Cao Cao", "Liu Bei")


def test_the_reader_s_own_seat_is_you_and_another_s_is_named():
    chosen = msg("engine.has_chosen", who=Seat(0))
    assert words(chosen, Reader("en", NAMES, seat=0)) == "You have chosen."
    assert words(chosen, Reader("en", NAMES, seat=1)) == "Cao Cao has chosen."
    assert words(chosen, Reader("en", NAMES)) == "Cao Cao has chosen."  # a shared thread
    assert words(chosen, Reader("ja", NAMES, seat=1)) == "Cao Caoが選択しました。"


def test_plurals_follow_each_language_s_rules():
    one = msg("engine.too_few_args", action="move", count=1)
    two = msg("engine.too_few_args", action="move", count=2)
    assert words(one) == "`move` needs a value after it."
    assert words(two) == "`move` needs at least 2 values after it."
    assert words(one, Reader("ko")) == "`move` 뒤에 값이 1개 이상 필요합니다."


@pytest.mark.parametrize("locale, expected", [
    ("en", "You can: a, b, and c."), ("ko", "가능한 행동: a, b 및 c."),
    ("zh-CN", "你可以：a、b和c。"), ("ja", "できること：a、b、c。"),
])
def test_a_list_is_joined_in_the_reader_s_language(locale, expected):
    refusal = msg("engine.not_possible", action="x", choices=("a", "b", "c"))
    assert words(refusal, Reader(locale)).endswith(expected)


def test_numbers_are_not_grouped_and_seats_without_names_count_from_one():
    assert words(msg("engine.seat", number=1234)) == "Seat 1234"
    assert words(msg("engine.has_chosen", who=Seat(2))) == "Seat 3 has chosen."
    assert words(msg("engine.has_chosen", who=Seat(2)), Reader("ko")) == (
        "3번 자리: 선택을 마쳤습니다.")


def test_a_term_and_a_nested_message_are_worded_in_the_reader_s_language():
    said = msg("engine.you_chose", what=Term("terminal.player"))
    with pytest.raises(Exception, match="number"):  # a term is a name: it takes no values
        words(said, Reader("zh-TW"))
    said = msg("engine.you_chose", what=Term("tang.card.jianbi"))
    assert words(said, Reader("zh-TW")) == "你的選擇：堅壁清野。"
    nested = msg("engine.you_chose", what=msg("engine.seat", number=2))
    assert words(nested, Reader("ko")) == "선택한 내용: 2번 자리."


def test_an_older_sentence_keeps_working_with_names_for_its_seats():
    assert words("Seat 1 draws.", Reader("ko", NAMES)) == "Liu Bei draws."


def test_a_message_reads_back_from_json_as_it_was():
    said = msg("engine.roll_for", who=Seat(1), dice=2, sides=6, why=Term("engine.seat"),
               result=msg("engine.dice", faces="1+2", total=3), listed=[Seat(0), "x", 3])
    assert Msg.from_json(said.to_json()) == said
    assert Event.from_json(Event(said, seats=(1,)).to_json()) == Event(said, seats=(1,))


def test_a_sentence_opening_with_a_thing_s_name_starts_with_a_capital():
    """The gentry's name is "the gentry" mid-sentence, "The gentry" when it opens one; a
    player's name is left as its player spells it, and other scripts are unchanged."""
    gentry = Term("wargame.marker.gozoku")
    assert words(msg("wargame.battle.stays", power=gentry)) == "The gentry stays."
    assert words(msg("wargame.battle.stays", power=gentry), Reader("ja")) == "豪族は留まります。"
    inside = msg("wargame.battle.won", power=gentry, area=Term("wargame.area.luoyang"))
    assert words(inside).startswith("The gentry wins the battle of ")
    assert words(msg("engine.has_chosen", who=Seat(0)), Reader("en", ("alice",))) == \
        "alice has chosen."


def test_a_caption_opening_with_a_thing_s_name_is_left_as_its_board_writes_it():
    """A board's caption is no sentence: "game deck: 38" stays beside "start player: …"."""
    deck = msg("record.board.deck", deck=Term("record.deck.game"), count=38)
    assert words(deck) == "game deck: 38"


def test_an_overlong_parameter_is_shortened_not_a_catalog_error() -> None:
    """Fluent refuses a placeable over 2500 characters; a quoted 6000-character option is
    cut to PARAM_LIMIT instead (issue 28, item 5), and the sentence around it survives."""
    from bot.i18n.words import PARAM_LIMIT

    worded = t("tables.export_game", "en", game="q" * 6000)
    assert "q" * (PARAM_LIMIT - 1) + "…" in worded and "q" * PARAM_LIMIT not in worded
    assert worded.replace("q" * (PARAM_LIMIT - 1) + "…", "") == t("tables.export_game", "en",
                                                                  game="")
