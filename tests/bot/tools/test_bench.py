"""`gm bench`'s comparison of a service action with a bare SQLite commit of the same bytes:
the line's form (compared across runs) and what each side measures. No timing is asserted."""

from __future__ import annotations

import json
import re

from bot.tools.bench import RATIO, commit_times, ratio_line, service_action_times
from games.core import get_game


async def test_service_actions_are_timed_over_a_whole_game_with_its_final_state() -> None:
    samples, size, state = await service_action_times(get_game("record"), 2, seed=1,
                                                      synchronous="FULL")
    assert len(samples) > 10 and all(s > 0 for s in samples)
    assert size > 0
    assert "players" in json.loads(state)


def test_the_bare_commit_writes_the_given_bytes_each_time() -> None:
    assert len(commit_times('{"a": 1}' * 100, 7, "FULL")) == 7


def test_the_ratio_line_has_one_form_and_names_the_setting_both_sides_ran_at() -> None:
    line = ratio_line([0.003, 0.001, 0.002], [0.0004, 0.0005], "NORMAL")
    assert line == f"{RATIO.format('NORMAL')}: 4.4x"
    assert re.fullmatch(r"service action ÷ SQLite commit \(synchronous=NORMAL, same bytes\): "
                        r"\d+\.\dx", line)
