"""What the tests of several bot processes on one PostgreSQL share: players who keep playing
through a process's death (clicking the newest Take my turn button again), an account of each
game read from the database and from what Discord shows, and a PostgreSQL server of the
test's own that it may stop and start (the session's server is shared by other tests).
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import asyncpg

from bot.app import build_app
from bot.tools.fakediscord.autoplay import FINAL, SeatPlayer, Table, finished
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from storage import PostgresRepository
from tests.storage import storage_postgres as pg

RETRY_PAUSE = 0.5  # seconds a player waits after an unanswered click before trying again


@dataclass
class Seat:
    """A scripted person at one table, who goes on playing whatever happens to the bot."""

    user: ScriptedUser
    table: Table
    seed: int
    think: float = 0.05
    unanswered: list[str] = field(default_factory=list)  # clicks Discord said failed
    tries: int = 0

    async def play(self, fake: FakeDiscord) -> None:
        """Plays until the final scores; a failed click (the bot died under it) is retried
        from the newest Take my turn button of the thread, as a person would."""
        table = self.table
        while not finished(fake, table):
            player = SeatPlayer(self.user, table, random.Random(self.seed).randrange(1 << 30)
                                + self.tries, think=self.think)
            self.tries += 1
            try:
                await player.play()
            except AssertionError as error:  # unanswered, or nothing new for a while
                self.unanswered.append(str(error))
                await asyncio.sleep(RETRY_PAUSE)
            table = Table(table.game_id, table.thread)  # the opening prompt is answered


@dataclass
class Account:
    """One game as stored and as shown."""

    game_id: int
    actions: int = 0
    interactions: list[str] = field(default_factory=list)  # of the stored actions
    announcements: int = 0
    posted: int = 0
    unannounced: int = 0  # stored actions no posted announcement tells
    duplicates: int = 0  # thread messages posted twice (the same nonce)
    missing_lines: list[str] = field(default_factory=list)  # stored, never shown
    finals: int = 0
    replays: bool = False

    @property
    def clean(self) -> bool:
        return (self.posted == self.announcements and not self.unannounced
                and not self.duplicates and not self.missing_lines and self.finals == 1
                and self.replays and len(set(self.interactions)) == len(self.interactions))


async def account(fake: FakeDiscord, url: str, table: Table) -> Account:
    """The game's account: what is stored (PostgreSQL) against what the thread shows."""
    found = Account(table.game_id)
    thread = fake.world.public(table.thread)
    shown = "\n".join(m.content for m in thread)
    nonces = Counter(m.nonce for m in thread if m.nonce and m.nonce.startswith("gm"))
    found.duplicates = sum(n - 1 for n in nonces.values())
    found.finals = sum(FINAL in m.content for m in thread)
    conn = await asyncpg.connect(url)
    try:
        actions = await conn.fetch("SELECT version, interaction_id FROM actions "
                                   "WHERE game_id = $1", table.game_id)
        entries = await conn.fetch("SELECT version, payload, done_at FROM outbox "
                                   "WHERE game_id = $1 ORDER BY version", table.game_id)
    finally:
        await conn.close()
    found.actions = len(actions)
    found.interactions = [a["interaction_id"] for a in actions if a["interaction_id"]]
    done = {e["version"] for e in entries if e["done_at"] is not None}
    # an action is told by the first announcement stored with it or after it
    found.unannounced = sum(min((e["version"] for e in entries if e["version"] >= a["version"]),
                                default=None) not in done for a in actions)
    found.announcements, found.posted = len(entries), len(done)
    found.missing_lines = [line for e in entries for line in json.loads(e["payload"])["public"]
                           if line not in shown]
    async with PostgresRepository(url, pool_size=1) as repo:
        found.replays = await build_app(repo, render=False).gm.verify(table.game_id)
    return found


async def pending_announcements(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT COUNT(*) FROM outbox WHERE done_at IS NULL"))
    finally:
        await conn.close()


async def until_posted(url: str, timeout: float) -> int:
    """Waits until no announcement is left unposted, at most `timeout` s; how many are."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (left := await pending_announcements(url)) and (
            asyncio.get_running_loop().time() < deadline):
        await asyncio.sleep(0.25)
    return left


@dataclass
class OwnServer:
    """A PostgreSQL server of this test alone (pg_ctl on a data folder of its own)."""

    data: Path
    log: Path
    user: Any
    bin_dir: Path
    server: pg.Server

    def stop(self) -> None:
        """As a crash would: no checkpoint, every connection cut at once."""
        pg._run(self.user, self.bin_dir / "pg_ctl", "-D", self.data, "-m", "immediate", "-w",
                "stop")

    def start(self) -> None:
        options = " ".join(f"-c {key}={value}" for key, value in pg.SETTINGS.items())
        pg._run(self.user, self.bin_dir / "pg_ctl", "-D", self.data, "-l", self.log, "-w",
                "-t", pg.START_TIMEOUT, "-o", f"-k {self.data.parent} -p {pg.PORT} {options}",
                "start", log=self.log)


@contextmanager
def own_server() -> Iterator[OwnServer]:
    """A local server (Debian's binaries, as tests/storage/storage_postgres.py starts the
    session's one), with a migrated database `games` at `.server.url("games")`; raises
    pg.Unavailable when there are no binaries here. Not from a running event loop: it
    prepares the database with asyncio.run, as the session's fixtures do."""
    with pg._local_server() as server:
        folder = Path(unquote(server.admin_url.split("host=")[1].split("&")[0]))
        found = OwnServer(folder / "data", folder / "server.log", pg._server_user(),
                          pg._bin_dir(), server)
        pg._prepare(server)
        asyncio.run(server.create("games"))
        yield found
