"""Lists keep their language's own form unless an item holds its comma; then one separator
per language that no name contains joins them, so a name with a comma ("Strengthen Walls,
Clear the Fields") never splits a list into more items."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from bot.i18n import LOCALES, Reader, listed, t, words
from bot.i18n.words import _list_comma
from games.core import get_game
from games.core.messages import Msg, msg
from games.core.registry import GAME_PACKAGES


def _names() -> list[tuple[str, str, str]]:
    """(key, locale, name) of every name of every game's names catalog: its things' names,
    not their texts (a card's `.text`, an encounter's options `.a`-`.d`, a lord's
    `lord_text`), which are sentences no list holds."""
    found = []
    for package in GAME_PACKAGES:
        path = files(package).joinpath("locales", "names.toml")
        if not path.is_file():
            continue
        for key, texts in tomllib.loads(path.read_text("utf-8")).items():
            last = key.rsplit(".", 1)[-1]
            if last == "text" or len(last) == 1 or "_text" in key:
                continue
            found += [(key, locale, name) for locale, name in texts.items()]
    return found


NAMES = _names()


def test_the_catalogs_hold_names_of_every_game() -> None:
    games = {key.split(".", 1)[0] for key, _, _ in NAMES}
    assert games == {"record", "redux", "scythe", "wargame", "tang"}


@pytest.mark.parametrize("locale", LOCALES)
def test_no_name_of_any_game_contains_its_language_s_separator(locale: str) -> None:
    separator = t("core.list_separator", locale)
    assert separator.strip()
    clashing = [(key, name) for key, where, name in NAMES
                if where == locale and separator.strip() in name]
    assert clashing == []


@pytest.mark.parametrize("locale", LOCALES)
def test_a_tang_hand_of_8_with_a_comma_name_reads_as_8(locale: str) -> None:
    engine = get_game("tang")
    state = engine.setup(3, {}, 1)
    while state["players"][0]["rep"] is None:  # every seat picks whom it represents
        seat = min(engine.to_act(state))
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
    hand = [c for c in state["jn_deck"] if c.startswith("jianbi.")][:3]
    hand += [c for c in state["jn_deck"] if not c.startswith("jianbi.")][:5]
    state["players"][0]["hand"] = hand
    reader = Reader(locale, ("Ann", "Bo", "Cy"), seat=0)
    summary = engine.summary(engine.view(state, 0))
    said = next(line for line in ([summary] if isinstance(summary, Msg) else summary)
                if isinstance(line, Msg) and line.key == "tang.summary.hand")
    shown = words(said, reader)
    names = [t(f"tang.card.{card.split('.')[0]}", locale) for card in sorted(hand)]
    assert shown.endswith(listed(names, reader))
    separator = t("core.list_separator", locale)
    if separator in shown:  # a name has a comma: the separator alone tells the items apart
        head = words(msg("tang.summary.hand", cards="|"), reader).split("|")[0]
        assert shown.removeprefix(head).split(separator) == names
    else:  # the language's own form, whose commas no name holds
        assert not any(_list_comma(locale) in name for name in names)
    if locale == "en":
        assert separator in shown and "Strengthen Walls, Clear the Fields" in shown


def test_a_list_without_commas_in_its_items_keeps_the_language_s_form() -> None:
    assert listed(["Zhao Yun", "Ma Chao"], "en") == "Zhao Yun and Ma Chao"
    assert listed(["甲", "乙", "丙"], Reader("zh-CN")) == "甲、乙和丙"
    assert listed(["A", "B, C"], "en") == "A; B, C"
    assert listed(["部族友好度（南蛮、蜀）", "乙"], "ja") == "部族友好度（南蛮、蜀）；乙"
