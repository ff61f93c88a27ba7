"""Looking up a card, a general, a place or a rule by name (bot/i18n/lookup.py): loose
matching in any language, the reader's language, and the move form of what was named."""

from __future__ import annotations

import pytest

from bot.i18n import LOCALES, catalog, t
from bot.i18n import lookup as lookup_module
from bot.i18n.lookup import entries, find, forms_of, lookup, normal
from games.core import all_games


@pytest.mark.parametrize("game", [g.name for g in all_games()])
def test_every_thing_of_every_game_reads_in_every_language(game):
    found = entries(game)
    assert found or game not in ("record", "redux", "scythe")
    for entry in found:
        for locale in LOCALES:
            described = entry.describe(locale)
            assert entry.ref in described and entry.name(locale)
        assert entry.ref in [e.ref for e in find(game, entry.ref)]  # its move form finds it


@pytest.mark.parametrize(("game", "typed", "ref"), [
    ("redux", "Guo Jia", "wei.guo_jia"),
    ("redux", "guo_jia", "wei.guo_jia"),
    ("redux", "WEI.GUO_JIA", "wei.guo_jia"),
    ("redux", "郭嘉", "wei.guo_jia"),
    ("redux", "곽가", "wei.guo_jia"),
    ("redux", "Guo Jai", "wei.guo_jia"),  # a near miss
    ("record", "草船借箭", "stratagem:cao_chuan_jie_jian"),
    ("record", "Borrowing Arrows", "stratagem:cao_chuan_jie_jian"),
    ("record", "liu shan", "general:liu_shan"),
    ("scythe", "Balanced Workforce", "obj_15"),
])
def test_a_typed_name_matches_loosely(game, typed, ref):
    assert [e.ref for e in find(game, typed)] == [ref]


def test_several_matches_are_listed_with_their_move_forms():
    said = lookup("redux", "Zhuge", "en")
    assert said.startswith("2 things match “Zhuge”")
    assert "`wu.zhuge_jin`" in said and "`shu.zhuge_liang`" in said


def test_the_text_comes_in_the_readers_language_where_the_data_has_it():
    assert "智力" in lookup("record", "cao_chuan_jie_jian", "zh-TW")
    assert "intelligence" in lookup("record", "cao_chuan_jie_jian", "en")
    key = "record.general.liu_shan"  # the names catalog's name, else the data's kanji
    name = t(key, "ja") if key in catalog() else "劉禪"
    assert lookup("record", "Liu Shan", "ja").startswith(f"{name}（武将）")


def test_names_only_in_the_catalog_are_found_too():
    """Scythe's factions and abilities have no data file of their own: their names in the
    game's names catalog are enough to be found, in any language."""
    if "scythe.ability.riverwalk" not in catalog():
        pytest.skip("Scythe's names catalog is not there yet")
    assert [e.ref for e in find("scythe", "Riverwalk")] == ["riverwalk"]
    assert [e.ref for e in find("scythe", t("scythe.ability.riverwalk", "ko"))] == ["riverwalk"]


def test_a_move_s_argument_is_typed_by_its_id_or_the_reader_s_names():
    assert {"luoyang", "洛阳"} <= forms_of("tang", "luoyang", "zh-CN")
    assert "洛阳" not in forms_of("tang", "luoyang", "en")
    assert {"generalmasu", "masu"} <= forms_of("record", "general:ma_su", "en")
    assert normal("Luòyáng") == "luoyang" and normal("が") != normal("か")


def test_the_catalog_comes_first_and_its_rules_can_be_looked_up(monkeypatch):
    """A name in the game's catalog (`<game>.<kind>.<id>`), a text under `.text`, and a rule
    under `<game>.rule.<name>` are what a reader sees once the game's catalog has them."""
    real = lookup_module.catalog()
    extra = {"redux.general.wei.guo_jia": {"en": "Guo Jia (郭嘉)"},
             "redux.general.wei.guo_jia.text": {"en": "Reads the enemy."},
             "redux.rule.upkeep": {"en": "Upkeep"},
             "redux.rule.upkeep.text": {"en": "Pay rice for each army."}}
    texts = {key: value["en"] for key, value in extra.items()}
    monkeypatch.setattr(lookup_module, "catalog", lambda: {**real, **extra})
    monkeypatch.setattr(lookup_module, "t", lambda key, locale=None, **params: texts.get(
        key) or real_t(key, locale, **params))
    lookup_module._index.cache_clear()
    try:
        said = lookup("redux", "guo jia", "en")
        assert said.startswith("Guo Jia (郭嘉) (general)") and "Reads the enemy." in said
        assert "Pay rice for each army." in lookup("redux", "upkeep", "en")
    finally:
        lookup_module._index.cache_clear()


real_t = lookup_module.t


@pytest.mark.parametrize(("game", "typed", "ref"), [
    ("record", "Cao Cao", "lord:cao_cao"),  # not "3 things match": his ability's id reads so too
    ("record", "Liu Bei", "lord:liu_bei"),
    ("wargame", "Cao Cao", "cao_cao"),  # the general, over the nation "Cao Cao (Wei)"
    ("wargame", "Cao Cao (Wei)", "cao"),
    ("tang", "Guo Ziyi", "guo_ziyi"),
    ("tang", "坚壁清野", "jianbi"),
])
def test_an_exact_name_wins_over_partial_and_id_matches(game, typed, ref):
    """Issue 30: every Record lord's English name answered "3 things match …; type more of
    the name", with no longer name to type."""
    said = lookup(game, typed, "en")
    assert said.splitlines()[0].endswith(f"`{ref}`") and "type more" not in said


@pytest.mark.parametrize(("game", "typed", "locale", "says"), [
    ("tang", "Guo Ziyi", "en", "6 extra points"),  # his skill, as its card reads
    ("tang", "坚壁清野", "zh-CN", "点数之和+3"),  # the 锦囊's effect, in Chinese
    ("tang", "Yong", "en", "region bonus 5"),
    ("wargame", "関羽", "ja", "武力 5"),  # a general's abilities, named in the reader's words
    ("wargame", "Xuchang", "en", "power 4"),
    ("wargame", "Dong Zhuo", "ko", "계승 순서"),  # his nation's heirs (the name is shared)
])
def test_tang_and_the_wargame_answer_what_a_thing_does(game, typed, locale, says):
    """Issue 30: in Tang and the wargame `rules <name>` gave the move id and nothing more."""
    assert says in lookup(game, typed, locale)


@pytest.mark.parametrize("game", [g.name for g in all_games()])
@pytest.mark.parametrize("locale", ["en", "ko", "ja"])
def test_the_helps_example_is_a_name_of_that_game_that_answers(game, locale):
    """Issue 30: the help's `rules Guo Jia` exists only in Redux."""
    from bot.i18n.lookup import example

    name = example(game, locale)
    assert f"`rules {name}`" in lookup(game, "", locale)
    said = lookup(game, name, locale)
    assert said != t("terminal.rules.none", locale, typed=name)
    several = t("terminal.rules.several", locale, typed=name, count=2)
    assert not said.startswith(several.split("2")[0] or several)  # one thing, described
    assert find(game, name)[0].name(locale) in said
