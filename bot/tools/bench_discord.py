"""`gm bench --discord`: many concurrent games driven through a local Discord.

The bot runs as real `gm run` processes pointed at the local Discord of the end-to-end tests
(`bot/tools/fakediscord`, served on 127.0.0.1 by this process); scripted players open tables
with slash commands and play every seat through the components. The figures are what a
server would feel: the time from an interaction's arrival at the bot to its
acknowledgement and to the board image being posted, the interactions that missed
Discord's 3 s window, the bot's peak memory and the database size per finished game.

One process runs on a SQLite file of its own. With `--processes N` and `--database
postgresql://...` (an empty database made for the bench), N processes share it, process k
serving shard k of N; the local Discord then has one guild per shard and the games are
spread over them, and the figures come for the whole and for each process.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from statistics import quantiles
from typing import Any

import asyncpg

from bot.discord import loopwatch
from bot.discord.loopwatch import LoopWatch
from bot.tools.fakediscord.bots import BotProcess, Shards
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import CHANNEL_ID, shard_of
from storage import PostgresRepository

ACTION_PREFIXES = ("gm:act:", "gm:pick:")
FREEZE_EVERY = 5.0  # seconds between two freezes of this process's heap (see _freezing)


@dataclass(frozen=True)
class Load:
    game: str
    games: int
    players: int
    humans: int
    think: float  # mean seconds a scripted player waits before each click
    seed: int
    minutes: float  # time budget: games still running then are stopped and counted
    processes: int = 1  # bot processes, process k serving shard k of them
    database: str | None = None  # a PostgreSQL URL; None: a SQLite file of the bench's own


class BenchError(Exception):
    """The bench cannot run as asked; the message says why."""


@dataclass
class Bot:
    """One bot process of the bench and what it measured."""

    process: BotProcess
    shard: int | None  # None: unsharded, the only process
    peak_kib: int = 0


def bench_discord(load: Load) -> list[str]:
    return asyncio.run(_bench(load))


async def _bench(load: Load) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        database = load.database or str(Path(folder) / "bench.sqlite3")
        before = await _empty_size(load.database)
        async with FakeDiscord(keep_files=False) as fake:
            channels = _channels(fake, load.processes)
            bots = [Bot(BotProcess(fake, database, Path(folder) / f"bot{n}.log", shards=(
                Shards((n,), load.processes) if load.processes > 1 else None)),
                None if load.processes == 1 else n) for n in range(load.processes)]
            logging.getLogger(loopwatch.__name__).setLevel(logging.CRITICAL + 1)  # counted only
            here = LoopWatch().start()
            freezing = asyncio.create_task(_freezing())
            started = time.monotonic()
            try:
                for bot in bots:
                    await bot.process.start()
                games = [_one_game(fake, load, n, channels[n % len(channels)])
                         for n in range(load.games)]
                outcomes = await _within(load.minutes * 60, games)
                await _quiet(fake, bots)
                for bot in bots:
                    bot.peak_kib = bot.process.peak_memory_kib()
            finally:
                here.stop()
                freezing.cancel()
                for bot in bots:
                    await bot.process.stop()
            elapsed = time.monotonic() - started
            size = (await _database_size(load.database) - before if load.database else
                    sum(p.stat().st_size for p in Path(folder).glob("bench.sqlite3*")))
            stalls = [stall for bot in bots for stall in bot.process.stalls()]
            return [*_report(load, fake, outcomes, elapsed, bots, size),
                    *_per_process(load, fake, bots, elapsed), *_stall_lines(stalls, here),
                    *_missed_lines(fake)]


async def _quiet(fake: FakeDiscord, bots: list[Bot]) -> None:
    """Until the bots stop posting after the last game; when they never do, the error
    carries the end of each bot's log, which goes with the bench's folder."""
    try:
        await fake.idle(quiet=0.5, timeout=120)
    except AssertionError as error:
        logs = [f"bot {n}'s log ends: {bot.process.log.read_text(errors='replace')[-1500:]}"
                for n, bot in enumerate(bots)]
        raise AssertionError("\n".join([str(error), *logs])) from None


def _channels(fake: FakeDiscord, processes: int) -> list[int]:
    """The text channel of one guild per shard, in shard order (the first guild's when the
    bot is one unsharded process)."""
    channels = [CHANNEL_ID, *(fake.world.add_guild()[1] for _ in range(processes - 1))]
    return sorted(channels, key=lambda c: shard_of(fake.world.guild_of(c) or 0, processes))


async def _empty_size(database: str | None) -> int:
    """The size of the PostgreSQL database before the bench, its schema made (0 for the
    bench's own SQLite file); BenchError when it holds games already: the bench writes
    hundreds of games into it and reports their size."""
    if database is None:
        return 0
    async with PostgresRepository(database, pool_size=1):  # migrated, as the bots will
        pass
    conn = await asyncpg.connect(database)
    try:
        if await conn.fetchval("SELECT COUNT(*) FROM games"):
            raise BenchError("gm bench --discord --database needs an empty database made for "
                             "the bench: this one holds games.")
    finally:
        await conn.close()
    return await _database_size(database)


async def _database_size(database: str | None) -> int:
    conn = await asyncpg.connect(database)
    try:
        return int(await conn.fetchval("SELECT pg_database_size(current_database())"))
    finally:
        await conn.close()


async def _freezing() -> None:
    """Keeps this process's garbage collector off what it has recorded. The local Discord
    keeps every interaction and message of the run (the figures are read from them), a heap
    that only grows; each full collection walks all of it and stopped this event loop for
    up to 3.5 s in a 20-minute run, which delayed deliveries and acknowledgements alike and
    showed up as the bot's misses. So every few seconds the young garbage is collected and
    the survivors are frozen (`gc.freeze`: never scanned again); cycles that die after
    being frozen stay in memory until the bench ends, which costs this process some memory
    and measures nothing."""
    with contextlib.suppress(asyncio.CancelledError):
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            gc.collect(1)
            gc.freeze()


async def _within(seconds: float, games: list[Any]) -> list[Any]:
    """Each game's outcome: True when it finished, an exception when it failed, None when
    the time budget ran out first (it is cancelled)."""
    tasks = [asyncio.ensure_future(g) for g in games]
    await asyncio.wait(tasks, timeout=seconds)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return [None if t.cancelled() else t.exception() or t.result() for t in tasks]


async def _one_game(fake: Any, load: Load, number: int, channel: int) -> bool:
    """Open a table in `channel`, seat humans and AIs, and play it to the end; whether it
    finished."""
    from bot.tools.fakediscord.autoplay import SeatPlayer, finished, open_table, play_table

    rng = random.Random(load.seed * 1_000_003 + number)
    await asyncio.sleep(rng.random() * max(load.think, 0.01) * 10)  # players arrive over time
    users = [fake.user(f"P{number}-{i + 1}") for i in range(load.humans)]
    table = await open_table(users[0], load.game, joiners=tuple(users[1:]),
                             ais=load.players - load.humans, channel=channel)
    players = [SeatPlayer(u, table, rng.randrange(2**32), think=load.think) for u in users]
    await play_table(players)
    return finished(fake, table)


def _report(load: Load, fake: Any, outcomes: list[Any], elapsed: float, bots: list[Bot],
            size: int) -> list[str]:
    interactions = list(fake.world.interactions.values())
    acks = [i.acked_at - i.sent_at for i in interactions if i.acked_at is not None]
    boards = _board_latencies(fake)
    peak_kib = sum(bot.peak_kib for bot in bots)
    done = sum(o is True for o in outcomes)
    errors = [o for o in outcomes if isinstance(o, BaseException)]
    stopped = sum(o is None for o in outcomes)
    actions = sum(1 for i in interactions if str(i.data.get("custom_id", "")).startswith(
        ACTION_PREFIXES))
    backend = "PostgreSQL" if load.database else "SQLite"
    lines = [
        f"gm bench --discord · {load.games} games of {load.game} · {load.players} seats "
        f"({load.humans} scripted players, {load.players - load.humans} AI) · think "
        f"{load.think:.2f} s · seed {load.seed} · {load.processes} bot process"
        f"{'es' if load.processes > 1 else ''} on {backend}",
        f"finished games: {done}/{load.games} in {elapsed:.1f} s · {len(interactions)} "
        f"interactions ({len(interactions) / elapsed:.1f}/s)",
        f"arrival → acknowledgement: {_percentiles(acks)}",
        f"arrival → board image posted ({len(boards)} boards): {_percentiles(boards)}",
        f"missed the 3 s window: {len(fake.world.failed_interactions())}",
        f"rate-limited requests (429): {len(fake.ratelimits.limited)} · refused calls: "
        f"{len(fake.problems())}",
        f"bot peak memory (VmHWM, with its renderer processes"
        f"{', every bot process summed' if len(bots) > 1 else ''}): {peak_kib / 1024:.0f} MiB",
        _database_line(backend, size, done, stopped, actions, _finished_choices(fake)),
    ]
    if stopped:
        lines.append(f"stopped by the {load.minutes:g} min budget: {stopped} games")
    if errors:
        lines.append(f"games that did not finish: {len(errors)}; first: {errors[0]!r}")
    return lines


def _per_process(load: Load, fake: Any, bots: list[Bot], elapsed: float) -> list[str]:
    """Each process's share: the interactions of the guilds its shard holds."""
    if len(bots) == 1:
        return []
    lines = []
    for bot in bots:
        mine = [i for i in fake.world.interactions.values()
                if bot.shard == shard_of(fake.world.guild_of(i.channel_id) or 0,
                                         load.processes)]
        acks = [i.acked_at - i.sent_at for i in mine if i.acked_at is not None]
        boards = _board_latencies(fake, {i.channel_id for i in mine})
        stalls = bot.process.stalls()
        lines += [
            f"process {bot.shard} (shard {bot.shard} of {load.processes}): {len(mine)} "
            f"interactions ({len(mine) / elapsed:.1f}/s) · missed the 3 s window "
            f"{sum(i.failed for i in mine)} · peak memory {bot.peak_kib / 1024:.0f} MiB · "
            f"event loop stalls ≥ 0.5 s {len(stalls)}",
            f"  arrival → acknowledgement: {_percentiles(acks)}",
            f"  arrival → board image posted ({len(boards)} boards): {_percentiles(boards)}",
        ]
    return lines


def _stall_lines(bot_stalls: list[float], here: LoopWatch) -> list[str]:
    """Where waiting time came from: the bot's event loop, or this process's, which runs
    the local Discord and every scripted player (its stalls delay deliveries and
    acknowledgements alike, so a miss with a stall here is the bench's, not the bot's)."""
    return [
        f"bot event loop stalls ≥ 0.5 s: {len(bot_stalls)}"
        + (f" (worst {max(bot_stalls) * 1000:.0f} ms)" if bot_stalls else ""),
        f"local Discord event loop stalls ≥ 0.5 s: {len(here.stalls)} (worst "
        f"{here.worst * 1000:.0f} ms)",
    ]


def _missed_lines(fake: Any) -> list[str]:
    """The timeline of each missed interaction: when the bot got it and when its answer
    reached the local Discord, from the moment the click was made."""
    lines = []
    for i in fake.world.failed_interactions()[:20]:
        what = i.data.get("custom_id") or i.data.get("name")
        delivered = _since(i.sent_at, i.delivered_at)
        answered = _since(i.sent_at, i.callback_at)
        lines.append(f"  missed {what}: delivered +{delivered}, answer arrived +{answered}")
    return lines


def _since(start: float, moment: float | None) -> str:
    return "never" if moment is None else f"{(moment - start) * 1000:.0f} ms"


def _database_line(backend: str, size: int, done: int, stopped: int, actions: int,
                   finished_choices: list[int]) -> str:
    """Per finished game when every game finished; otherwise the database holds games cut
    off midway, so the size per player choice is measured and a finished game's size
    estimated from the choices its games took. PostgreSQL's size is what the bench's games
    added to the database (pg_database_size), SQLite's the file's with its WAL."""
    total = f"{size / 1024 / 1024:.1f} MiB in all"
    if stopped == 0 and done:
        return f"{backend} per finished game: {size / done / 1024:.0f} KiB ({total})"
    per_choice = size / max(actions, 1)
    line = f"{backend}: {per_choice:.0f} bytes per player choice ({total}"
    if not finished_choices:
        return line + "; no game finished, so no per-game figure)"
    choices = sum(finished_choices) / len(finished_choices)
    return (line + f"); a finished game took {choices:.0f} choices on average, so about "
            f"{per_choice * choices / 1024:.0f} KiB per finished game")


def _finished_choices(fake: Any) -> list[int]:
    """The player choices (buttons and selects of a prompt) of each game that reached its
    final scores, counted in its thread."""
    from bot.tools.fakediscord.autoplay import FINAL

    choices: Counter[int] = Counter()
    for i in fake.world.interactions.values():
        if str(i.data.get("custom_id", "")).startswith(ACTION_PREFIXES):
            choices[i.channel_id] += 1
    return [choices[channel] for channel in fake.world.by_channel
            if any(FINAL in m.content for m in fake.world.public(channel))]


def _board_latencies(fake: Any, channels: set[int] | None = None) -> list[float]:
    """For each board posted in a game's thread (of `channels`; None: all), the time since
    the arrival of the latest action (a choice, or /game start) taken in that thread before
    it."""
    triggers: dict[int, list[float]] = {}
    for i in fake.world.interactions.values():
        if channels is not None and i.channel_id not in channels:
            continue
        custom_id = str(i.data.get("custom_id", ""))
        if custom_id.startswith(ACTION_PREFIXES) or i.data.get("name") in ("game", "move"):
            triggers.setdefault(i.channel_id, []).append(i.sent_at)
    latencies = []
    for channel, messages in fake.world.by_channel.items():
        sent = sorted(triggers.get(channel, []))
        for message in messages:
            if message.audience is None and any(a.filename == "board.png"
                                                for a in message.attachments):
                before = [t for t in sent if t <= message.created_at]
                if before:
                    latencies.append(message.created_at - before[-1])
    return latencies


def _percentiles(samples: list[float]) -> str:
    if len(samples) < 2:
        return "not enough samples"
    cuts = quantiles(samples, n=100)
    return (f"p50 {cuts[49] * 1000:.0f} ms · p95 {cuts[94] * 1000:.0f} ms · "
            f"p99 {cuts[98] * 1000:.0f} ms · max {max(samples) * 1000:.0f} ms")
