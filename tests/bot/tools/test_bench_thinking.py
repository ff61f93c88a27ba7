"""`gm bench --thinking LEVEL`: the other table's actions are timed alone and while the
thinking table's AIs think in the bot's AI pool, over the same stretch of its games; a level
the game does not offer is refused. No timing is asserted."""

from __future__ import annotations

import re

from bot.__main__ import main
from bot.tools.bench_thinking import SAMPLES, thinking_times
from games.core import get_game


async def test_the_other_tables_actions_are_timed_alone_and_beside_the_thinking_table():
    record = get_game("record")
    times = await thinking_times(record, 2, "heuristic", seed=1)
    assert len(times.alone) >= SAMPLES or len(times.during) >= SAMPLES
    assert len(times.changes) == len(times.alone)  # one move of the thinking table each
    assert all(s > 0 for s in times.alone + times.during + times.changes)
    first, alone, changes = times.lines(record, 2, "heuristic", 1)
    assert first.startswith("gm bench --thinking heuristic · Record of the Three Kingdoms")
    assert re.fullmatch(r"another table's action alone, median of \d+: \d+\.\d ms · while "
                        r"the AIs think, median of \d+: (\d+\.\d ms \(worst \d+\.\d ms\)|"
                        r"no sample)", alone)
    assert re.fullmatch(r"the thinking table's move with its AIs' replies, median of \d+: "
                        r"\d+\.\d ms", changes)


def test_a_level_the_game_does_not_offer_is_refused(capsys):
    assert main(["bench", "--game", "record", "--thinking", "oracle"]) == 2
    assert "offers these AI levels" in capsys.readouterr().err
