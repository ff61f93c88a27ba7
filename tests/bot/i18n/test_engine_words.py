"""Words the shared engine code gives every game, in each reader's language: the pass a
response window always offers was labelled "Pass" in English for every reader."""

from __future__ import annotations

from bot.i18n import LOCALES, Reader, words
from games.core.flow import PASS


def test_a_windows_pass_is_labelled_in_every_language():
    labels = {locale: words(PASS.label, Reader(locale)) for locale in LOCALES}
    assert labels["en"] == "Pass" and labels["ko"] == "패스" and labels["zh-CN"] == "放弃"
    assert len(set(labels.values())) >= 4  # not the English word everywhere
