"""Shards (issue 17, item 3): the local Discord serves several shards as Discord does, and
the bot serves the shards it is given (`gm run --shards ... --shard-count ...`).

The first tests talk to the fake directly, as a minimal sharded bot would: IDENTIFY with
a shard pair, READY naming the shard and its guilds, each guild's events on the session of
`(guild_id >> 22) % shard_count`, direct messages on shard 0. The last one runs the real
bot with two shards in one process and plays a game in a guild of each.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.discord.client import ShardedGameBot
from bot.tools.fakediscord.autoplay import SeatPlayer, finished, open_table
from bot.tools.fakediscord.bots import InProcessBot, Shards
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import CHANNEL_ID, COMMAND, GUILD_ID, TOKEN, shard_of
from tests.e2e.test_e2e_fake_discord import RawGateway, call

GUILDS, DIRECT_MESSAGES = 1 << 0, 1 << 12


@asynccontextmanager
async def session(fake: FakeDiscord, shard: list[int] | None,
                  intents: int = GUILDS) -> AsyncIterator[tuple[RawGateway, dict[str, Any]]]:
    """A raw gateway session identified for `shard` (None: none given); with its READY."""
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        gateway = RawGateway(ws, compressed=False)
        await gateway.receive()  # HELLO
        identify: dict[str, Any] = {"token": TOKEN, "intents": intents, "properties": {}}
        if shard is not None:
            identify["shard"] = shard
        await ws.send_json({"op": 2, "d": identify})
        yield gateway, await gateway.until("READY")


async def guild_creates(gateway: RawGateway, count: int) -> list[int]:
    return [int((await gateway.until("GUILD_CREATE"))["d"]["id"]) for _ in range(count)]


async def nothing_more(gateway: RawGateway) -> bool:
    """Whether the session receives no further dispatch within a short while."""
    try:
        await gateway.until("INTERACTION_CREATE", timeout=0.3)
    except TimeoutError:
        return True
    return False


def test_guilds_added_in_a_row_fall_on_consecutive_shards() -> None:
    fake = FakeDiscord()
    guilds = [GUILD_ID, *(fake.world.add_guild()[0] for _ in range(3))]
    assert [shard_of(g, 4) for g in guilds] == [(shard_of(GUILD_ID, 4) + n) % 4
                                               for n in range(4)]
    assert shard_of(GUILD_ID, 1) == 0


async def test_ready_names_the_shard_and_only_its_guilds() -> None:
    async with FakeDiscord() as fake:
        others = [fake.world.add_guild()[0] for _ in range(3)]
        by_shard = {s: [g for g in [GUILD_ID, *others] if shard_of(g, 2) == s] for s in (0, 1)}
        async with session(fake, [0, 2]) as (zero, ready0), \
                session(fake, [1, 2]) as (one, ready1):
            created = [await guild_creates(zero, 2), await guild_creates(one, 2)]
        for shard, ready in ((0, ready0), (1, ready1)):
            assert ready["d"]["shard"] == [shard, 2]
            assert [int(g["id"]) for g in ready["d"]["guilds"]] == by_shard[shard]
            assert created[shard] == by_shard[shard]


async def test_a_guilds_interactions_reach_its_shard_only() -> None:
    async with FakeDiscord() as fake:
        guild, channel = fake.world.add_guild()
        alice = fake.user("Alice")
        home = shard_of(guild, 2)
        async with session(fake, [home, 2]) as (own, _), \
                session(fake, [1 - home, 2]) as (other, _):
            await fake.interact(alice.member, COMMAND, {"id": "1", "name": "ping", "type": 1},
                                channel)
            delivered = await own.until("INTERACTION_CREATE")
            assert await nothing_more(other)
        assert int(delivered["d"]["guild_id"]) == guild
        assert int(delivered["d"]["channel_id"]) == channel


async def test_direct_messages_reach_shard_zero_only() -> None:
    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        async with session(fake, [0, 2], GUILDS | DIRECT_MESSAGES) as (zero, _), \
                session(fake, [1, 2], GUILDS | DIRECT_MESSAGES) as (one, _):
            _, dm, _ = await call(fake, "POST", "/users/@me/channels",
                                  body={"recipient_id": str(alice.id)})
            await call(fake, "POST", f"/channels/{dm['id']}/messages", body={"content": "hi"})
            created = await zero.until("MESSAGE_CREATE")
            with pytest.raises(TimeoutError):
                await one.until("MESSAGE_CREATE", timeout=0.3)
        assert created["d"]["content"] == "hi" and "guild_id" not in created["d"]


async def test_two_sessions_of_one_shard_both_receive_its_events() -> None:
    """As on Discord: a bot started twice for the same shard gets every click twice, and
    only the first acknowledgement of each is accepted (40060 for the second)."""
    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        async with session(fake, [0, 1]) as (first, _), session(fake, None) as (second, _):
            interaction = await fake.interact(
                alice.member, COMMAND, {"id": "1", "name": "ping", "type": 1}, CHANNEL_ID)
            ids = [(await g.until("INTERACTION_CREATE"))["d"]["id"] for g in (first, second)]
        assert ids == [str(interaction.id)] * 2


async def test_a_new_identify_of_a_shard_replaces_its_dropped_session() -> None:
    """A killed bot never resumes; its successor identifies the shard anew, and the dead
    session stops collecting that shard's events for nobody."""
    async with FakeDiscord() as fake:
        async with session(fake, [1, 2]) as (_, dead):
            pass
        async with session(fake, [1, 2]) as (_, alive), session(fake, [0, 2]):
            sessions = set(fake.gateway.sessions)
        assert dead["d"]["session_id"] not in sessions
        assert alive["d"]["session_id"] in sessions and len(sessions) == 2


@pytest.mark.parametrize("shard", [[2, 2], [-1, 2], [0, 0], "0", [0]])
async def test_an_impossible_shard_is_refused_with_4010(shard: Any) -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http, \
            http.ws_connect(fake.gateway_url) as ws:
        await ws.receive_json()  # HELLO
        await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": GUILDS,
                                           "shard": shard, "properties": {}}})
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and closed.data == 4010


async def test_gateway_bot_tells_the_shards_and_the_session_start_limit() -> None:
    async with FakeDiscord() as fake:
        fake.gateway.recommended_shards, fake.gateway.max_concurrency = 4, 16
        status, body, _ = await call(fake, "GET", "/gateway/bot")
        assert status == 200 and body["shards"] == 4
        assert body["session_start_limit"]["max_concurrency"] == 16


async def test_a_bot_with_two_shards_plays_in_a_guild_of_each(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        fake.gateway.max_concurrency = 2  # both shards identify at once
        guild, channel = fake.world.add_guild()
        assert {shard_of(GUILD_ID, 2), shard_of(guild, 2)} == {0, 1}
        players = [fake.user("Alice"), fake.user("Bob")]
        async with InProcessBot(fake, tmp_path / "gm.sqlite3", seed=4,
                                shards=Shards((0, 1), 2)) as running:
            bot = running.bot
            assert isinstance(bot, ShardedGameBot)
            assert sorted(bot.shards) == [0, 1] and bot.shard_count == 2
            assert {s.shard for s in fake.gateway.sessions.values()} == {(0, 2), (1, 2)}
            tables = await asyncio.gather(*(
                open_table(player, "record", ais=2, channel=place)
                for player, place in zip(players, (CHANNEL_ID, channel), strict=True)))
            await asyncio.gather(*(SeatPlayer(player, table, seed=n).play() for n, (
                player, table) in enumerate(zip(players, tables, strict=True))))
            await fake.idle()
            assert all(finished(fake, table) for table in tables)
            assert fake.problems() == []
        assert [fake.world.guild_of(t.thread) for t in tables] == [GUILD_ID, guild]
