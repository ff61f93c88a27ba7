"""The wargame speaks the reader's language through the service: a whole game played by the
bot's own path, every seat a player reading Japanese (the rulebook's language) or Korean,
shows no run of English words in anything the players read (the table's options, public and
private lines, prompts and their choices, status, final scores), and no wargame text in the
catalogs holds one."""

from __future__ import annotations

import pytest

from tests.languages import catalog_runs, reads_without_english


@pytest.mark.parametrize("locale", ["ja", "ko"])
async def test_a_whole_wargame_reads_without_english(gm, locale):
    await reads_without_english(gm, "wargame", 2, locale, seed=1)


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_no_wargame_text_has_an_english_run(locale):
    assert catalog_runs("wargame", locale) == {}
