"""Tang speaks the reader's language through the service (spec T10.3): a whole game played
by the bot's own path, every seat a player reading Simplified Chinese or Korean, shows no run
of English words in anything the players read (the table's options, public and private lines,
prompts and their choices, hands, status, final scores), and the captions of the images
(board.toml) hold none either."""

from __future__ import annotations

import re

import pytest

from bot.i18n import catalog, t
from games.tang import GAME
from tests.languages import english_runs, whole_game_texts

# Placeables, selectors and variants: what a text fills in, not what it says.
PLACEABLE = re.compile(r"\{ *\$\w+ *\}|\{ *(?:PERSON\()?\$\w+\)? *->|\*?\[\w+\]|[{}]")
# The overflow rule's letters are the spec's own formula (T3.4.3a), the same in every language.
FORMULA = ("max",)


@pytest.mark.parametrize("locale", ["zh-CN", "ko"])
async def test_t10_3_a_whole_game_reads_without_english(gm, locale):
    texts = await whole_game_texts(gm, "tang", 3, locale, seed=1)
    runs = sorted({run for text in texts for run in english_runs(text)})
    assert texts and runs == []
    read = "\n".join(texts)
    assert all(t(f"tang.option.{o.name}", locale) in read for o in GAME.options)


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_t10_3_no_tang_text_has_an_english_run(locale):
    found = {key: english_runs(PLACEABLE.sub(" ", texts[locale]), FORMULA)
             for key, texts in catalog().items()
             if key.startswith("tang.") or key == "choice.game.tang"}
    assert {key: runs for key, runs in found.items() if runs} == {}
