"""Tang speaks the reader's language through the service (spec T10.3): a whole game played
by the bot's own path, every seat a player reading Simplified Chinese or Korean, shows no run
of English words in anything the players read (the table's options, public and private lines,
prompts and their choices, hands, status, final scores), and the captions of the images
(board.toml) hold none either."""

from __future__ import annotations

import pytest

from tests.languages import catalog_runs, reads_without_english

# The overflow rule's letters are the spec's own formula (T3.4.3a), the same in every language.
FORMULA = ("max",)


@pytest.mark.parametrize("locale", ["zh-CN", "ko"])
async def test_t10_3_a_whole_game_reads_without_english(gm, locale):
    await reads_without_english(gm, "tang", 3, locale, seed=1)


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_t10_3_no_tang_text_has_an_english_run(locale):
    assert catalog_runs("tang", locale, FORMULA) == {}
