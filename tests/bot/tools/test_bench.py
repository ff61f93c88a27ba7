"""`gm bench`'s comparison of a service action with a bare SQLite commit of the same bytes:
the line's form (compared across runs) and what each side measures. No timing is asserted."""

from __future__ import annotations

import json
import re

from bot.tools.bench import (
    RATIO,
    BareCommits,
    playout_times,
    ratio_line,
    search_times,
    service_action_times,
)
from games.core import get_game


async def test_service_actions_are_timed_over_a_whole_game_with_its_final_state() -> None:
    times = await service_action_times(get_game("record"), 2, seed=1, synchronous="FULL")
    assert len(times.actions) > 10 and all(s > 0 for s in times.actions)
    assert len(times.commits) == len(times.actions)  # one bare commit beside each action
    assert times.database_bytes > 0
    assert "players" in json.loads(times.final_state)


def test_the_bare_commit_writes_new_bytes_of_the_same_size_each_time(tmp_path) -> None:
    floor = BareCommits(tmp_path / "commit.sqlite3", "FULL")
    try:
        written = []
        for _ in range(3):
            assert floor.commit('{"a": 1, "b": 2}') > 0
            written.append(floor.db.execute("SELECT state FROM snapshot").fetchone()[0])
        assert len(set(written)) == 3 and {len(w) for w in written} == {16}
        assert floor.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        floor.close()


def test_the_ratio_line_has_one_form_and_names_the_setting_both_sides_ran_at() -> None:
    line = ratio_line([0.003, 0.001, 0.002], [0.0004, 0.0005], "NORMAL")
    assert line == f"{RATIO.format('NORMAL')}: 4.4x"
    assert re.fullmatch(r"service action ÷ SQLite commit \(synchronous=NORMAL, same bytes\): "
                        r"\d+\.\dx", line)


def test_random_playouts_time_each_whole_game_and_every_apply_inside_it() -> None:
    playouts = playout_times(get_game("record"), 3, seed=1, games=2)
    assert len(playouts.games) == len(playouts.lengths) == 2
    assert len(playouts.applies) == sum(playouts.lengths)  # one sample per action played
    assert re.fullmatch(r"random playout from the start, median of 2: \d+\.\d ms \(\d+ actions\) "
                        r"· one apply, median of \d+: \d+\.\d{3} ms", playouts.line())


def test_search_decisions_with_a_choice_are_timed_each_beside_one_sample() -> None:
    times = search_times(get_game("record"), 2, seed=1, decisions=2)
    assert len(times.decisions) == len(times.samples) == 2
    decision, sample = times.lines()
    assert re.fullmatch(r"search decision \(a choice of two or more\), median of 2: \d+ ms · "
                        r"p99 \d+ ms", decision)
    assert re.fullmatch(r"sample \(a determinisation from a seat's view\), median of 2: "
                        r"\d+\.\d{3} ms", sample)
