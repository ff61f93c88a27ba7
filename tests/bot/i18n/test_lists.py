"""Lists of names are joined by one separator per language that no name contains, so a name
with a comma ("Strengthen Walls, Clear the Fields") never splits a list into more items."""

from __future__ import annotations

import tomllib
from importlib.resources import files

import pytest

from bot.i18n import LOCALES, Reader, listed, t, words
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
    head = words(msg("tang.summary.hand", cards="|"), reader).split("|")[0]
    items = shown.removeprefix(head).split(t("core.list_separator", locale))
    assert len(items) == 8
    assert t("tang.card.jianbi", locale) in items


def test_a_list_inside_a_list_item_keeps_the_language_s_own_form() -> None:
    inner = msg("engine.you_chose", what=("Dian Wei", "Jia Xu"))
    outer = msg("engine.not_possible", action="x", choices=(inner, "pass"))
    assert words(outer).endswith("You can: You chose: Dian Wei and Jia Xu.; pass.")


def test_listed_joins_with_the_reader_s_separator() -> None:
    assert listed(["A", "B, C"], "en") == "A; B, C"
    assert listed(["甲", "乙"], Reader("zh-CN")) == "甲、乙"
