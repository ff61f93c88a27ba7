"""Two `gm run` processes on one PostgreSQL under faults (issue 17, item 5), with scripted
players at several tables at once:

- the same button pressed in both processes at once applies once (both processes serve the
  same shard, so Discord gives each of them every click, as it does to a bot started twice);
- `kill -9` of one process in the middle of actions loses no accepted action and leaves no
  half action: the other process posts what the dead one had stored and not said (posting is
  REST, for any guild), and after a restart the dead one's games go on from the old buttons;
- a PostgreSQL restart mid-game gives players a clear "try again" and loses nothing.

Each game is then accounted for from the database and from what its thread shows: every
stored action announced, every announcement posted and none twice, the final scores once,
and the log replays to the stored state.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.i18n import t
from bot.tools.fakediscord.autoplay import Table, open_table
from bot.tools.fakediscord.bots import BotProcess, Shards
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import CHANNEL_ID, GUILD_ID, shard_of
from storage.outbox import LEASE
from tests.e2e.processes import OwnServer, Seat, account, own_server, until_posted
from tests.storage.storage_postgres import Unavailable

pytestmark = pytest.mark.postgres

GAME = "record"
TIMEOUT = 240.0  # seconds for every table to finish
TRY_AGAIN = t("core.storage_unavailable", "en")


@pytest.fixture
def restartable() -> Iterator[OwnServer]:
    try:
        with own_server() as server:
            yield server
    except Unavailable as why:
        pytest.skip(f"no local PostgreSQL binaries to restart a server of our own: {why}")


async def seat_tables(fake: FakeDiscord, channels: list[int], per_channel: int,
                      humans: int = 2) -> list[Seat]:
    """`per_channel` tables in each channel, each with `humans` scripted players and AI
    seats up to three, opened one after the other; their seats."""
    seats = []
    for number, channel in enumerate(c for c in channels for _ in range(per_channel)):
        users = [fake.user(f"T{number}-{n}") for n in range(humans)]
        table = await open_table(users[0], GAME, joiners=tuple(users[1:]), ais=3 - humans,
                                 channel=channel)
        seats += [Seat(user, table, seed=number * 10 + n) for n, user in enumerate(users)]
    return seats


def tables_of(seats: list[Seat]) -> list[Table]:
    return list({seat.table.game_id: seat.table for seat in seats}.values())


async def assert_accounted(fake: FakeDiscord, url: str, seats: list[Seat]) -> None:
    for table in tables_of(seats):
        found = await account(fake, url, table)
        assert found.clean, found


async def test_the_same_button_in_both_processes_applies_once(
        postgres_url: str, tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        both = [BotProcess(fake, postgres_url, tmp_path / f"bot{n}.log",
                           shards=Shards((0,), 1)) for n in (1, 2)]
        for process in both:
            await process.start()
        try:
            seats = await seat_tables(fake, [CHANNEL_ID], per_channel=4)
            async with asyncio.timeout(TIMEOUT):
                await asyncio.gather(*(seat.play(fake) for seat in seats))
            await fake.idle()
            await assert_accounted(fake, postgres_url, seats)
        finally:
            for process in both:
                await process.stop()
    clicks = [i for i in fake.world.interactions.values()
              if str(i.data.get("custom_id", "")).startswith(("gm:act:", "gm:pick:"))]
    refused_twice = [i for i in clicks if 40060 in i.refusals]
    assert clicks and all(i.acked_at is not None and not i.failed for i in clicks)
    assert len(refused_twice) > len(clicks) // 2, "both processes got the clicks"
    assert not any(s.unanswered for s in seats)


def two_guilds(fake: FakeDiscord) -> tuple[list[int], list[int]]:
    """The first guild's channel and a second guild's, on the other of two shards; the
    shards of each, in that order."""
    guild, channel = fake.world.add_guild()
    return [CHANNEL_ID, channel], [shard_of(GUILD_ID, 2), shard_of(guild, 2)]


async def test_a_killed_process_loses_nothing_and_its_games_go_on(
        postgres_url: str, tmp_path: Path) -> None:
    """The process of the first guild's shard kills itself (SIGKILL) at its 12th
    announcement, stored with its change and not posted yet, while the players of both
    guilds act. The other process posts it in a guild it has no shard for (a REST call)
    once the dead poster's lease ran out; then the dead one restarts and its players go on
    from the buttons already in their threads."""
    async with FakeDiscord() as fake:
        channels, shards = two_guilds(fake)
        log = tmp_path / "dying.log"
        dying = BotProcess(fake, postgres_url, log, fault=("announce", 12),
                           shards=Shards((shards[0],), 2))
        other = BotProcess(fake, postgres_url, tmp_path / "other.log",
                           shards=Shards((shards[1],), 2))
        await dying.start()
        await other.start()
        try:
            seats = await seat_tables(fake, channels, per_channel=2)
            playing = asyncio.gather(*(seat.play(fake) for seat in seats))
            async with asyncio.timeout(TIMEOUT):
                assert dying.process is not None
                assert await dying.process.wait() == -9
                left = await until_posted(postgres_url, LEASE + 15)
                dying = await BotProcess(fake, postgres_url, log,
                                         shards=Shards((shards[0],), 2)).start()
                await playing
            await fake.idle()
            await assert_accounted(fake, postgres_url, seats)
        finally:
            for process in (dying, other):
                await process.stop()
    assert left == 0, "the live process posts what the dead one stored, in its guild too"
    hit = [s for s in seats if fake.world.guild_of(s.table.thread) == GUILD_ID]
    spared = [s for s in seats if s not in hit]
    assert any(s.unanswered for s in hit), "the dead process's players saw it die"
    assert not any(s.unanswered for s in spared), "the other guild played on undisturbed"


async def test_a_postgresql_restart_asks_players_to_try_again_and_loses_nothing(
        restartable: OwnServer, tmp_path: Path) -> None:
    url = restartable.server.url("games")
    async with FakeDiscord() as fake:
        channels, shards = two_guilds(fake)
        both = [BotProcess(fake, url, tmp_path / f"bot{shard}.log", shards=Shards((shard,), 2))
                for shard in shards]
        for process in both:
            await process.start()
        try:
            seats = await seat_tables(fake, channels, per_channel=2)
            playing = asyncio.gather(*(seat.play(fake) for seat in seats))
            await asyncio.sleep(3)
            await asyncio.to_thread(restartable.stop)
            await asyncio.sleep(2)
            await asyncio.to_thread(restartable.start)
            async with asyncio.timeout(TIMEOUT):
                await playing
            await fake.idle()
            left = await until_posted(url, LEASE + 15)
            await assert_accounted(fake, url, seats)
        finally:
            for process in both:
                await process.stop()
    told = [m for m in fake.world.messages.values() if TRY_AGAIN in m.content]
    assert left == 0
    assert told and all(m.audience is not None for m in told), "each asker, privately"
    assert not fake.world.failed_interactions(), "every click answered within 3 s"
    assert not any("Traceback" in m.content for m in fake.world.messages.values())
