"""What a thing does reads in the reader's language (issue 30): every thing of a game that has
a text (`Reference.texts` from its data, or `<key>.text` in its catalog) has `<key>.text` in all
five languages, so `rules <name>` never falls back to the data's English or Chinese. Tang's
texts are in games/tang/locales/texts.toml, Record's in games/record/locales/texts.toml.
The wargame's references carry no text, so it passes trivially."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, catalog, t
from bot.i18n.lookup import lookup
from games.core import all_games, get_game
from games.tang.data import load_data


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_thing_with_a_text_has_it_in_every_language(game):
    texts = catalog()
    missing = [(r.key, locale) for r in get_game(game).references()
               if r.texts or f"{r.key}.text" in texts
               for locale in LOCALES if locale not in texts.get(f"{r.key}.text", {})]
    assert missing == []


def _cards() -> list[tuple[str, str, str]]:
    """Each Tang character with a skill and each Record lord: its key, the key of its
    skill's or ability's name, and the key of what that does."""
    tang = [(f"tang.character.{person['id']}", f"tang.skill.{person['skill']['id']}",
             f"tang.skill.{person['skill']['id']}.text")
            for person in load_data().raw["characters"] if person.get("skill")]
    lords = [r.key.split(".")[-1] for r in get_game("record").references() if r.kind == "lord"]
    return tang + [(f"record.lord.{lord}", f"record.ability.{lord}", f"record.lord_text.{lord}")
                   for lord in lords]


@pytest.mark.parametrize(("person", "skill", "does"), _cards())
def test_a_character_s_text_is_its_skill_as_its_card_reads(person, skill, does):
    """A Tang character's text is its skill's name then its text; a Record lord's, its
    ability's name then what it does (`record.lord_text`): the two copies never part."""
    for locale in LOCALES:
        said = t(f"{person}.text", locale)
        assert said.startswith(t(skill, locale)) and said.endswith(t(does, locale))


@pytest.mark.parametrize(("game", "typed", "locale", "says"), [
    ("tang", "Guo Ziyi", "ko", "보급 단계에 6점을 추가로 얻습니다"),
    ("tang", "Guo Ziyi", "ja", "補給フェイズに追加で6点を得る"),
    ("tang", "Fire Attack", "ko", "공격측만 사용: 자신의 점수 합계 +3."),
    ("tang", "Fire Attack", "ja", "攻撃側のみ使用：自分の合計値+3。"),
    ("record", "Fish in Troubled Waters", "ko", "4원을 얻습니다."),
    ("record", "Fish in Troubled Waters", "ja", "4元を得る。"),
    ("record", "Beauty Trap", "zh-CN", "攻城时使用"),
])
def test_the_lookup_answers_in_the_readers_language(game, typed, locale, says):
    """Issue 30: a Korean or Japanese reader got the English text of Tang's characters and
    锦囊 and of Record's cards under names in their own language."""
    said = lookup(game, typed, locale)
    english = lookup(game, typed, "en").splitlines()[1]
    assert says in said and english not in said
