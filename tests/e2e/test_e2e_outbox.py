"""Nothing said is lost, through the real `gm run` process: killed with SIGKILL after it
stored a move and before it posted the news (`announce`), or after a message of the news went
out and before it was counted (`progress`), the restarted bot posts what was left, and when
the game ends every announcement was posted, none twice, the final scores once."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from bot.tools.fakediscord.autoplay import FINAL, SeatPlayer, Table, finished, open_table
from bot.tools.fakediscord.bots import BotProcess
from bot.tools.fakediscord.server import FakeDiscord
from storage.outbox import LEASE

POSTED_WITHIN = LEASE + 15  # seconds: the dead poster's lease, then the new poster's pass


async def play_until_killed(bot: BotProcess, player: SeatPlayer) -> None:
    """Play until a click fails because the bot killed itself at its fault."""
    with pytest.raises(AssertionError, match="interaction failed|timed out"):
        await player.play()
    assert bot.process is not None
    assert await asyncio.wait_for(bot.process.wait(), 10) == -9


async def all_posted(database: Path) -> list[tuple[int, int, str]]:
    """Waits until the outbox holds nothing pending; (version, progress, payload) of each."""
    for _ in range(int(POSTED_WITHIN * 10)):
        with sqlite3.connect(database) as db:
            pending = db.execute("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL").fetchone()
            if pending[0] == 0:
                return db.execute("SELECT version, progress, payload FROM outbox"
                                  " ORDER BY version").fetchall()
        await asyncio.sleep(0.1)
    raise AssertionError("announcements still pending")


@pytest.mark.parametrize("point", ["announce", "progress"])
async def test_a_bot_killed_around_a_post_loses_nothing_and_repeats_nothing(
        fake: FakeDiscord, people, tmp_path: Path, point: str) -> None:
    database, log = tmp_path / "gm.sqlite3", tmp_path / "bot.log"
    dying = await BotProcess(fake, database, log, fault=(point, 4)).start()
    try:
        table = await open_table(people.alice, "record", ais=2)
        await play_until_killed(dying, SeatPlayer(people.alice, table, seed=3))
    finally:
        await dying.kill()
    again = await BotProcess(fake, database, log).start()
    try:
        await SeatPlayer(people.alice, Table(table.game_id, table.thread), seed=4).play()
        entries = await all_posted(database)
        await fake.idle()
    finally:
        await again.stop()
    thread = fake.world.public(table.thread)
    assert finished(fake, table) and sum(FINAL in m.content for m in thread) == 1
    nonces = Counter(m.nonce for m in thread if m.nonce and m.nonce.startswith("gm"))
    assert nonces and max(nonces.values()) == 1, "a message was posted twice"
    # a change whose lines were edited into its turn's message sent no message of its own
    assert {int(n.split(".")[1], 36) for n in nonces} <= {v for v, progress, _ in entries
                                                           if progress}
    shown = "\n".join(m.content for m in thread)
    missing = [line for _, _, payload in entries for line in json.loads(payload)["public"]
               if line not in shown]
    assert not missing, f"never posted: {missing[:3]}"
