"""What each table option does, in the reader's language (issue 14): every option of every
game has its catalog key in five locales, the table lists its options with what each does,
`/game new` suggests them as they are typed, and `gm play` tells them."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.i18n import LOCALES, catalog, t
from bot.service.models import Player
from bot.service.options import (
    CHOICE_LENGTH,
    SUGGESTIONS,
    option_key,
    option_lines,
    option_suggestions,
)
from bot.tools.terminal import play
from games.core import Game, all_games
from games.tang.game import TangGame
from games.wargame.game import WargameGame
from tests.languages import english_runs

GAMES = Path(__file__).resolve().parents[3] / "games"
# Tang and the wargame are not offered yet, so their catalogs are read from their files.
ENGINES: list[Game] = [*all_games(), TangGame(), WargameGame()]


def options_catalog(game: str) -> dict[str, dict[str, str]]:
    """The option keys of a game: from the catalogs for a game on offer (any of its files),
    from its options.toml for one that is not."""
    if game in {engine.name for engine in all_games()}:
        return {k: v for k, v in catalog().items() if k.startswith(f"{game}.option.")}
    return tomllib.loads((GAMES / game / "locales" / "options.toml").read_text("utf-8"))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
def test_every_option_says_what_it_does_in_five_languages(engine):
    texts = options_catalog(engine.name)
    assert sorted(texts) == sorted(option_key(engine.name, o.name) for o in engine.options)
    for key, by_locale in texts.items():
        assert set(by_locale) == set(LOCALES), key
        assert {lo: runs for lo in LOCALES if lo != "en"
                if (runs := english_runs(by_locale[lo]))} == {}, key


def test_the_table_lists_its_options_with_what_each_does_in_the_readers_language():
    lines = option_lines("redux", {"trade_rates": "literal", "pack": "designed"}, "ko")
    assert lines[0].startswith("`pack=designed` — 게임에 쓸 데이터")
    assert f"`trade_rates=literal` — {t('redux.option.trade_rates', 'ko')}" in lines
    assert "`component_limits=true` — " + t("redux.option.component_limits", "ko") in lines
    assert len(lines) == len(next(e for e in ENGINES if e.name == "redux").options)


def test_the_seats_of_an_option_text_are_counted_from_one():
    assert "seat 1 plays Wei" in t("redux.option.nations", "en")


def test_new_suggests_the_options_as_they_are_typed():
    said = option_suggestions("redux", "nations=random, tr", "ja")
    assert [filled for _, filled in said] == ["nations=random trade_rates=spread",
                                              "nations=random trade_rates=literal"]
    assert said[0][0] == "trade_rates=spread — " + t("redux.option.trade_rates", "ja")
    every = option_suggestions("scythe", "", "zh-TW")
    assert ("coins_visible=false" in [filled for _, filled in every]
            and "assignment=draft" in [filled for _, filled in every])
    assert len(every) <= SUGGESTIONS
    assert all(len(shown) <= CHOICE_LENGTH and len(filled) <= CHOICE_LENGTH
               for shown, filled in every)


def test_an_option_already_typed_is_not_suggested_again():
    said = option_suggestions("record", "advanced=true ", "en")
    assert said and not any("advanced=" in filled.partition(" ")[2] for _, filled in said)


async def test_gm_play_tells_the_tables_options_in_its_language(tmp_path: Path) -> None:
    said: list[str] = []
    await play("redux", 3, 2, 1, tmp_path, ask=lambda _: "q", say=said.append,
               locale="zh-CN", options={"rebellion_check": "all_players"})
    told = "\n".join(said)
    assert f"`rebellion_check=all_players` — {t('redux.option.rebellion_check', 'zh-CN')}" \
        in told


async def test_the_tables_status_lists_its_options_in_the_readers_language(gm):
    owner = Player(1, "Ann", is_moderator=True)
    table = await gm.new_game(game="redux", guild_id=5, channel_id=1, creator=owner,
                              options={"nations": "random"})
    status = await gm.status_text(table.game_id, "ja")
    assert f"`nations=random` — {t('redux.option.nations', 'ja')}" in status
    assert f"`pack=designed` — {t('redux.option.pack', 'ja')}" in status
