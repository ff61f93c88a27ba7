"""Private groups speak the game's own words where its catalog has them (the Redux council),
and the house's words for any other game that declares groups."""

from __future__ import annotations

from bot.i18n import LOCALES, t
from bot.service.groups import say
from games.core import all_games


def test_a_game_with_its_own_words_uses_them():
    assert say("redux", "over").render("en") == t("redux.groups.over", "en")
    assert "council" in say("redux", "over").render("en")


def test_any_other_game_gets_the_house_words_in_every_language():
    for locale in LOCALES:
        assert say("scythe", "over").render(locale) == t("groups.over", locale)
        assert "Cao Cao" in say("tang", "outsider", names="Cao Cao").render(locale)


def test_the_games_with_private_groups_are_those_that_declare_them():
    """`/game council` tells a game that does not override `private_groups` it has none."""
    assert {g.name for g in all_games() if g.has_private_groups} == {"redux", "tang"}
