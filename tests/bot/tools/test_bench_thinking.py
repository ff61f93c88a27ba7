"""`gm bench --thinking LEVEL`: the other table's actions are timed in pairs of the same
action, one inside a change of the thinking table (its AIs thinking in the bot's AI pool) and
one inside its rest; a level the game does not offer is refused. No timing is asserted."""

from __future__ import annotations

import re

from bot.__main__ import main
from bot.tools.bench_thinking import thinking_times
from games.core import get_game


async def test_the_other_table_plays_one_game_twice_beside_the_thinking_table():
    record = get_game("record")
    times = await thinking_times(record, 2, "heuristic", seed=1, actions=30)
    assert times.actions == 30 and times.changes  # its start at least
    assert len(times.beside) == len(times.alone) <= 30  # pairs of the same action
    assert all(s > 0 for s in times.alone + times.beside + times.changes)
    first, beside, changes = times.lines(record, 2, "heuristic", 1)
    assert first.startswith("gm bench --thinking heuristic · Record of the Three Kingdoms")
    ms = r"(\d+\.\d ms|-)"
    assert re.fullmatch(rf"another table's action while the AIs think: median {ms} \(worst "
                        rf"{ms}\) · the same action while nothing thinks: median {ms} "
                        rf"\(\d+ pairs of 30 actions\)", beside)
    assert re.fullmatch(rf"the thinking table's changes \(its start, its member's moves\) "
                        rf"with its AIs' replies, median of \d+: {ms} \(longest {ms}\)",
                        changes)


def test_a_level_the_game_does_not_offer_is_refused(capsys):
    assert main(["bench", "--game", "record", "--thinking", "oracle"]) == 2
    assert "offers these AI levels" in capsys.readouterr().err
