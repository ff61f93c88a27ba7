"""Which shards a process serves (bot/config.py: GM_SHARDS, GM_SHARD_COUNT, `gm run --shards
--shard-count`), the bot it makes (bot/discord/client.py), and how fast its shards start."""

from __future__ import annotations

from typing import Any

import pytest

from bot.config import ConfigError, Settings
from bot.discord import client
from bot.discord.client import GameBot, ShardedGameBot, new_bot

SHARED = "postgresql://gm@db/gamemaster"


@pytest.mark.parametrize("shards, count, expected", [
    ("0-3", "8", (0, 1, 2, 3)),
    ("4,6", "8", (4, 6)),
    ("0-1, 5", "8", (0, 1, 5)),
    ("3,1-2,2", "4", (1, 2, 3)),
    ("7", "8", (7,)),
    (None, "3", (0, 1, 2)),  # a count alone: every shard in this process
])
def test_shards_are_read_from_ranges_and_lists(shards: str | None, count: str,
                                               expected: tuple[int, ...]) -> None:
    settings = Settings(token="t").with_shards(shards, count)
    assert (settings.shards, settings.shard_count) == (expected, int(count))


def test_no_shards_means_one_unsharded_connection() -> None:
    settings = Settings.from_env({})
    assert (settings.shards, settings.shard_count) == (None, None)
    assert settings.serves_shard_zero


def test_the_environment_names_the_shards_and_the_command_line_wins() -> None:
    env = {"GM_SHARDS": "0-1", "GM_SHARD_COUNT": "4", "GM_DATABASE": SHARED}
    from_env = Settings.from_env(env)
    assert (from_env.shards, from_env.shard_count) == ((0, 1), 4)
    assert from_env.with_shards("2-3", None).shards == (2, 3)


@pytest.mark.parametrize("shards, count, problem", [
    ("0-3", None, "needs GM_SHARD_COUNT"),
    ("0-8", "8", "shard 8 is not among the 8 shards"),
    ("3-1", "8", "not a list of shards"),
    ("one", "8", "not a list of shards"),
    ("-1", "8", "not a list of shards"),
    ("0", "0", "from 1 on"),
    ("0", "eight", "from 1 on"),
])
def test_unusable_shards_say_why(shards: str, count: str | None, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        Settings(token="t").with_shards(shards, count)


def test_only_the_process_of_shard_zero_registers_the_commands() -> None:
    assert Settings(token="t").with_shards("0-1", "4").serves_shard_zero
    assert not Settings(token="t").with_shards("2-3", "4").serves_shard_zero


def test_sharded_settings_make_a_sharded_bot() -> None:
    app: Any = object()  # the bot only keeps it until it starts
    plain = new_bot(app, Settings(token="t"))
    sharded = new_bot(app, Settings(token="t").with_shards("2-3", "4"))
    assert type(plain) is GameBot
    assert isinstance(sharded, ShardedGameBot) and isinstance(sharded, GameBot)
    assert (sharded.shard_ids, sharded.shard_count) == ([2, 3], 4)


@pytest.mark.parametrize("concurrency, waits", [
    (1, [False, True, True, True]),  # one shard per 5 s window, as discord.py does
    (2, [False, False, True, False]),  # 0 and 1 together, then 2 and 3 together
    (16, [False, False, False, False]),  # a large bot's bucket holds them all
])
async def test_shards_identify_as_fast_as_the_session_start_limit_allows(
        monkeypatch: pytest.MonkeyPatch, concurrency: int, waits: list[bool]) -> None:
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(client.asyncio, "sleep", sleep)
    app: Any = object()
    bot: Any = new_bot(app, Settings(token="t").with_shards("0-3", "4"))
    bot.max_concurrency = concurrency
    waited = []
    for shard in range(4):
        before = len(slept)
        await bot.before_identify_hook(shard, initial=shard == 0)
        waited.append(len(slept) > before)
    assert waited == waits and set(slept) <= {client.IDENTIFY_WINDOW}
