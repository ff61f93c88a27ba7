"""`gm crashes` (bot/tools/crashes.py) on a short run: a bot killed at random moments of a
whole game loses no announcement and repeats none."""

from __future__ import annotations

from pathlib import Path

from bot.tools.crashes import crashes, report


async def test_random_kills_lose_and_repeat_nothing(tmp_path: Path) -> None:
    counts = await crashes(2, seed=5, folder=tmp_path)
    assert counts and all(count.clean for count in counts), "\n".join(report(counts, 2, 5))
    assert sum(count.actions for count in counts) > 0
