"""A deadline passes while the bot is down: the real `gm run` process sets a tiny autopilot
deadline and is stopped, the deadline passes, and the restarted bot's first clock pass lets
the AI play the awaited player's decision and announces it in the game's thread (then
mentions her for the next one)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.tools.fakediscord.autoplay import open_table
from bot.tools.fakediscord.bots import BotProcess
from storage import SqliteRepository

DEADLINE_HOURS = 0.0005  # 1.8 seconds
ANNOUNCED = "The deadline passed: the AI played for Alice."
WAIT_SECONDS = 20.0


async def stored(database: Path, game_id: int):
    """The game's clocks and log as the stopped bot left them."""
    repo = SqliteRepository(database)
    await repo.open()
    try:
        return await repo.clocks(game_id=game_id), await repo.actions(game_id)
    finally:
        await repo.close()


async def announced(fake, thread: int) -> bool:
    """Whether the thread shows the autopilot's announcement, within WAIT_SECONDS."""
    deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
    while asyncio.get_running_loop().time() < deadline:
        if any(ANNOUNCED in m.content for m in fake.world.public(thread)):
            return True
        await asyncio.sleep(0.1)
    return False


async def test_a_deadline_that_passed_while_the_bot_was_down_is_played_by_autopilot(
        fake, people, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database, log = tmp_path / "gm.sqlite3", tmp_path / "bot.log"
    # Passes only at start-up: the restarted bot must apply the deadline in its very first
    # pass, and no later pass plays on while the test reads the thread.
    monkeypatch.setenv("GM_CLOCK_TICK", "3600")
    first = await BotProcess(fake, database, log).start()
    try:
        table = await open_table(people.alice, "record", ais=1)
        reply = await people.alice.command("deadline set", channel=table.thread,
                                           hours=DEADLINE_HOURS, policy="autopilot")
        assert not reply.failed and "Turn deadline" in reply.text
    finally:
        await first.stop()

    [clock], before = await stored(database, table.game_id)
    assert clock.user_id == people.alice.id and clock.due_at is not None
    await asyncio.sleep(max(0.0, clock.due_at - time.time()) + 0.1)  # under two seconds
    assert not any(ANNOUNCED in m.content for m in fake.world.public(table.thread))

    second = await BotProcess(fake, database, log).start()
    try:
        assert await announced(fake, table.thread), log.read_text(errors="replace")[-2000:]
        await fake.idle()
    finally:
        await second.stop()

    _, after = await stored(database, table.game_id)
    played = [a for a in after[len(before):] if a.seat == clock.seat]
    assert played and played[0].user_id is None  # the game master played Alice's seat
    thread = fake.world.public(table.thread)
    first_news = next(i for i, m in enumerate(thread) if ANNOUNCED in m.content)
    assert any(f"<@{people.alice.id}>" in m.content for m in thread[first_news:]), (
        "Alice is mentioned for her next decision")
    assert fake.problems() == []
