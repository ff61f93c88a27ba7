"""`gm crashes`: whole games through the local Discord while the real `gm run` process is
killed with SIGKILL at random moments and restarted on the same database, then an account of
what was stored against what was posted (the outbox, cogs/outbox.py).

A player (Alice, with two AI seats) plays through the components; a killer ends the bot a
random 0.2-3 s into her play, she finds her click unanswered, the bot comes back, and she
plays on from the newest Take my turn button. Once every game ended, each game is counted:
actions stored, announcements stored and posted, thread messages posted twice (the same
nonce), public lines never posted, and the final scores posted.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bot.tools.fakediscord.autoplay import FINAL, SeatPlayer, Table, finished, open_table
from bot.tools.fakediscord.bots import BotProcess
from bot.tools.fakediscord.server import FakeDiscord
from storage.outbox import LEASE

# seconds for a restarted bot to post what its killed self left: the lease, then room for a
# busy machine to draw the images first (the wait ends as soon as nothing is pending)
SETTLE = LEASE + 45


@dataclass
class Count:
    """One game's account."""

    game_id: int
    actions: int = 0
    announced: int = 0  # actions whose announcement was posted
    announcements: int = 0
    posted: int = 0
    duplicates: int = 0
    missing_lines: int = 0
    finals: int = 0

    @property
    def clean(self) -> bool:
        """Everything stored was posted, nothing twice, the final scores once."""
        return (self.announced == self.actions and self.posted == self.announcements
                and not self.duplicates and not self.missing_lines and self.finals == 1)

    def line(self) -> str:
        return (f"game {self.game_id}: actions stored {self.actions}, announced "
                f"{self.announced}, announcements "
                f"{self.announcements} (posted {self.posted}), messages posted twice "
                f"{self.duplicates}, public lines never posted {self.missing_lines}, "
                f"final scores posted {self.finals}")


async def crashes(kills: int, seed: int, folder: Path) -> list[Count]:
    """Play games until `kills` kills happened, then count every game."""
    folder.mkdir(parents=True, exist_ok=True)
    database, log = folder / "gm.sqlite3", folder / "bot.log"
    chance = random.Random(seed)
    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        bot = await BotProcess(fake, database, log).start()
        tables: list[Table] = []
        killed = 0
        try:
            while killed < kills:
                table = await open_table(alice, "record", ais=2)
                tables.append(table)
                while not finished(fake, table):
                    player = SeatPlayer(alice, table, seed=chance.randrange(1 << 30))
                    if await _played_until_killed(bot, player, chance, killed < kills):
                        killed += 1
                        bot = await BotProcess(fake, database, log).start()
                    table = Table(table.game_id, table.thread)  # the opening is answered
            await _settled(database)
            await fake.idle()
        finally:
            await bot.stop()
        return [_count(fake, database, t) for t in tables]


def report(counts: list[Count], kills: int, seed: int) -> list[str]:
    return [f"gm crashes · {kills} kills · {len(counts)} games · seed {seed}",
            *(c.line() for c in counts), _total(counts)]


async def _played_until_killed(bot: BotProcess, player: SeatPlayer, chance: random.Random,
                               kill: bool) -> bool:
    """Alice plays; with `kill`, the bot is killed a random moment in. Whether it was."""
    playing = asyncio.create_task(player.play())
    if kill:
        await asyncio.wait([playing], timeout=chance.uniform(0.2, 3.0))
        if not playing.done():
            await bot.kill()
    with contextlib.suppress(AssertionError):  # her click was not answered: the bot is gone
        await playing
    return kill and bot.process is not None and bot.process.returncode == -9


async def _settled(database: Path) -> None:
    for _ in range(int(SETTLE * 10)):
        with sqlite3.connect(database) as db:
            if db.execute("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL").fetchone()[0] == 0:
                return
        await asyncio.sleep(0.1)


def _count(fake: FakeDiscord, database: Path, table: Table) -> Count:
    count = Count(table.game_id)
    thread = fake.world.public(table.thread)
    shown = "\n".join(m.content for m in thread)
    nonces = Counter(m.nonce for m in thread if m.nonce and m.nonce.startswith("gm"))
    count.duplicates = sum(n - 1 for n in nonces.values())
    count.finals = sum(FINAL in m.content for m in thread)
    with sqlite3.connect(database) as db:
        actions = [v for (v,) in db.execute("SELECT version FROM actions WHERE game_id = ?",
                                            (table.game_id,))]
        entries = db.execute("SELECT version, payload, done_at FROM outbox WHERE game_id = ?"
                             " ORDER BY version", (table.game_id,)).fetchall()
    count.actions = len(actions)
    done = [version for version, _, at in entries if at is not None]
    # an action is told by the first announcement stored with or after it
    count.announced = sum(any(v <= version for version in done)
                          and min(version for version, _, _ in entries if version >= v) in done
                          for v in actions)
    count.announcements = len(entries)
    count.posted = len(done)
    count.missing_lines = sum(line not in shown for _, payload, _ in entries
                              for line in json.loads(payload)["public"])
    return count


def _total(counts: list[Count]) -> str:
    return (f"total: actions stored {sum(c.actions for c in counts)}, announced "
            f"{sum(c.announced for c in counts)}, announcements "
            f"{sum(c.announcements for c in counts)} (posted {sum(c.posted for c in counts)}), "
            f"messages posted twice {sum(c.duplicates for c in counts)}, public lines never "
            f"posted {sum(c.missing_lines for c in counts)}, games with their final scores "
            f"posted once {sum(c.finals == 1 for c in counts)} of {len(counts)}")
