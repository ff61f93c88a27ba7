"""The wargame speaks the reader's language through the service: a whole game played by the
bot's own path, every seat a player reading Japanese (the rulebook's language) or Korean,
shows no run of English words in anything the players read (the table's options, public and
private lines, prompts and their choices, status, final scores), and no wargame text in the
catalogs holds one."""

from __future__ import annotations

import re

import pytest

from bot.i18n import catalog, t
from games.wargame import GAME
from tests.languages import english_runs, whole_game_texts

# Placeables, selectors and variants: what a text fills in, not what it says.
PLACEABLE = re.compile(r"\{ *\$\w+ *\}|\{ *(?:PERSON\()?\$\w+\)? *->|\*?\[\w+\]|[{}]")


@pytest.mark.parametrize("locale", ["ja", "ko"])
async def test_a_whole_wargame_reads_without_english(gm, locale):
    texts = await whole_game_texts(gm, "wargame", 2, locale, seed=1)
    runs = sorted({run for text in texts for run in english_runs(text)})
    assert texts and runs == []
    read = "\n".join(texts)
    assert all(t(f"wargame.option.{o.name}", locale) in read for o in GAME.options)


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_no_wargame_text_has_an_english_run(locale):
    found = {key: english_runs(PLACEABLE.sub(" ", texts[locale]))
             for key, texts in catalog().items()
             if key.startswith("wargame.") or key == "choice.game.wargame"}
    assert {key: runs for key, runs in found.items() if runs} == {}
