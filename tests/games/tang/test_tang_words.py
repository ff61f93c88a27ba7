"""What players read of the engine, worded (spec T10.3): three rounds of a heuristic game's log
lines, private lines, prompts, labels and summaries in Korean, Japanese and Chinese hold no
run of English words, and a few English texts read as sentences. (Through the service, a
whole game: `tests/games/tang/test_tang_languages.py`.)"""

from __future__ import annotations

import random

import pytest

from games.core import Event
from games.core.messages import Msg
from games.tang import GAME
from tests.languages import english_runs
from tests.wording import english

NAMES = ["甲乙", "丙丁", "戊己"]


def game_texts(locale: str, seed: int = 5) -> list[str]:
    players = 3
    state, events = GAME.begin(players, {}, seed)
    chooser = random.Random(seed)
    said: list[Event] = list(events)
    texts: list[str] = []
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        texts.append(english(GAME.prompt(state, seat), NAMES, seat, locale))
        texts += [english(a.label, NAMES, seat, locale) for a in legal]
        scored = [(GAME.action_score(GAME.view(state, seat), seat, a), chooser.random(), a)
                  for a in legal]
        action = max(scored, key=lambda t: (t[0], t[1]))[2]
        state, told = GAME.apply(state, seat, action)
        said += told
        if state["round"] >= 3:
            break
    for reader in (None, 0):
        texts += [english(e.text, NAMES, reader, locale) for e in said if e.visible_to(reader)]
        summary = GAME.summary(GAME.view(state, reader))
        lines = [summary] if isinstance(summary, (str, Msg)) else list(summary)
        texts += [english(line, NAMES, reader, locale) for line in lines]
    return texts


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-CN", "zh-TW"])
def test_t10_3_no_english_sentence_in_other_languages(locale):
    texts = game_texts(locale)
    runs = sorted({run for text in texts for run in english_runs(text)})
    assert not runs, runs[:20]


def test_t10_3_english_reads_as_sentences():
    texts = game_texts("en")
    assert any(t.startswith("Round 1: the supply phase") for t in texts)
    assert all("{" not in t and "tang." not in t for t in texts)
