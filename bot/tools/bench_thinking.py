"""`gm bench --thinking LEVEL`: what another table waits while AI seats think.

One GameMaster over a SQLite file, with the bot's AI pool (bot/discord/thinkers.py) and no
boards drawn. At the thinking table one member plays against AI seats at LEVEL (a new game
when one ends), and after each change (its start, or its member's move with the AIs'
replies, thought in the pool) it rests as long as the change took (`REST`). At the other
table members play one another, two copies of one game (the same seed, the same choices):
the first inside the thinking table's changes, the second inside its rests, a few actions
behind (`Copies`). Action n of the game is so timed once while AIs think and once while
nothing does, seconds apart: what this machine's other work does to both is alike, and the
two medians differ by what the thinking costs another table. Every thinker is started, and
one game played, before anything is timed; SQLite syncs as NORMAL, so the disk's sync time
(which differs for pages written before) is not measured.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Awaitable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median
from typing import TypeVar

from bot.app import build_app
from bot.discord.thinkers import think_pool
from bot.service import GameMaster
from bot.service.ai import DEFAULT_LEVEL
from bot.service.base import started_state
from bot.service.models import Player
from games.core import Game, get_game, make_agent
from storage import SqliteRepository

ACTIONS = 200  # the other table's actions, per copy (fewer if its game ends)
STARTING_TRIES = 20
REST = (0.05, 2.0)  # the thinking table's rest after a change: as long as it, within these
AHEAD = 20  # the other table's first copy's lead on the second, in actions
WAIT = 0.005  # seconds between two looks at the thinking table's phase
T = TypeVar("T")


@dataclass
class ThinkingTimes:
    actions: int = 0  # the other table's actions played, per copy
    beside: list[float] = field(default_factory=list)  # a pair's action inside a change
    alone: list[float] = field(default_factory=list)  # the same action inside a rest
    changes: list[float] = field(default_factory=list)  # the thinking table's, AIs included

    def lines(self, game: Game, players: int, level: str, seed: int) -> list[str]:
        return [
            f"gm bench --thinking {level} · {game.title} · {players} seats (1 member, "
            f"{players - 1} AI at {level}) beside a table of {players} members · seed {seed}",
            f"another table's action while the AIs think: median {_ms(self.beside)} (worst "
            f"{_worst(self.beside)}) · the same action while nothing thinks: median "
            f"{_ms(self.alone)} ({len(self.beside)} pairs of {self.actions} actions)",
            f"the thinking table's changes (its start, its member's moves) with its AIs' "
            f"replies, median of {len(self.changes)}: {_ms(self.changes)} (longest "
            f"{_worst(self.changes)})",
        ]


def _ms(samples: list[float]) -> str:
    return f"{median(samples) * 1000:.1f} ms" if samples else "-"


def _worst(samples: list[float]) -> str:
    return f"{max(samples) * 1000:.1f} ms" if samples else "-"


def bench_thinking(game_name: str, players: int, level: str, seed: int) -> list[str]:
    game = get_game(game_name)
    times = asyncio.run(thinking_times(game, players, level, seed))
    return times.lines(game, players, level, seed)


async def thinking_times(game: Game, players: int, level: str, seed: int,
                         actions: int = ACTIONS) -> ThinkingTimes:
    with tempfile.TemporaryDirectory() as folder, think_pool() as pool:
        repo = SqliteRepository(Path(folder) / "bench.sqlite3", synchronous="NORMAL")
        await repo.open()
        try:
            gm = build_app(repo, render=False, ai_executor=pool).gm
            await _started(pool)
            return await _measured(gm, game, players, level, seed, actions)
        finally:
            await repo.close()


async def _started(pool: Executor) -> None:
    """Every thinker started and its games loaded before anything is timed (the pool starts
    its processes on demand, and a starting one takes a core for a second and a half):
    until as many thinkers as cores have answered, each kept a moment so the next job
    goes to another."""
    loop = asyncio.get_running_loop()
    workers, answered = os.cpu_count() or 2, set()
    for _ in range(STARTING_TRIES):
        answered |= set(await asyncio.gather(*(loop.run_in_executor(pool, _pid_in_a_moment)
                                               for _ in range(workers))))
        if len(answered) >= workers:
            return


def _pid_in_a_moment() -> int:
    """In a thinker: its process id, a moment later."""
    time.sleep(0.2)
    return os.getpid()


async def _measured(gm: GameMaster, game: Game, players: int, level: str, seed: int,
                    actions: int) -> ThinkingTimes:
    members = [Player(i + 1, f"Player {i + 1}") for i in range(players + 1)]
    warm = await Table.opened(gm, game, members[1:], seed + 1)  # what a first game loads
    while await warm.move() is not None:
        pass
    copies = Copies(*[await Table.opened(gm, game, members[1:], seed + 1) for _ in range(2)])
    thinking = Thinking(gm, game, members[0], players - 1, level, seed)
    times = ThinkingTimes()
    going = asyncio.ensure_future(thinking.go(times.changes))
    try:
        while times.actions < actions and await copies.step(thinking, times):
            pass
        thinking.last = True
        await going  # its change under way ends, and is timed
    finally:
        going.cancel()
    return times


class Copies:
    """The other table's two copies of one game: the first plays inside the thinking
    table's changes (at most `AHEAD` actions before the second), the second inside its
    rests, so action n of both is timed once in each, seconds apart at most."""

    def __init__(self, changing: Table, resting: Table) -> None:
        self.changing, self.resting = changing, resting
        self.inside: dict[int, float] = {}  # the first copy's actions timed inside a change
        self.ahead = 0  # the first copy's actions played, beyond the second's

    async def step(self, thinking: Thinking, times: ThinkingTimes) -> bool:
        """One action of the copy whose phase it is (or a moment's wait); whether the game
        goes on."""
        phase = thinking.phase
        number = times.actions + self.ahead
        if phase[0] and self.ahead < AHEAD:
            took = await self.changing.move()
            if took is not None and thinking.phase == phase:
                self.inside[number] = took
            self.ahead += 1
        elif not phase[0] and self.ahead:
            number = times.actions
            took = await self.resting.move()
            if took is not None and thinking.phase == phase and number in self.inside:
                times.beside.append(self.inside.pop(number))
                times.alone.append(took)
            times.actions, self.ahead = times.actions + 1, self.ahead - 1
        else:
            await asyncio.sleep(WAIT)
            return True
        return took is not None


class Table:
    """A running table of the bench and the members who play it (its first seats; AIs at
    `level` in the rest), each member choosing as the standard AI would from the stored
    state, outside the time measured."""

    def __init__(self, gm: GameMaster, game: Game, game_id: int, members: list[Player],
                 seed: int) -> None:
        self.gm, self.game, self.game_id, self.members = gm, game, game_id, members
        self.agent = make_agent(DEFAULT_LEVEL, seed)

    @classmethod
    async def opened(cls, gm: GameMaster, game: Game, members: list[Player], seed: int,
                     ais: int = 0, level: str = DEFAULT_LEVEL) -> Table:
        table = await gm.new_game(game=game.name, guild_id=None, channel_id=1,
                                  creator=members[0], seed=seed)
        for member in members[1:]:
            await gm.join(table.game_id, member)
        for _ in range(ais):
            await gm.add_ai(table.game_id, members[0], level)
        await gm.start(table.game_id, members[0])
        return cls(gm, game, table.game_id, members, seed)

    async def move(self) -> float | None:
        """One member's move, timed; None when the game is over."""
        record = await self.gm.repo.get_game(self.game_id)
        state = started_state(record)
        due = sorted(self.game.to_act(state) & set(range(len(self.members))))
        if record.status != "running" or not due:
            return None
        action = self.agent.choose(self.game, state, due[0])
        start = time.perf_counter()
        await self.gm.act(self.game_id, self.members[due[0]], action.text)
        return time.perf_counter() - start


class Thinking:
    """The thinking table: a change (its start, or its member's move with its AIs'
    replies), then a rest as long, a new game when one ends, until told the change under
    way is the `last`. `phase` is (inside a change?, which one)."""

    def __init__(self, gm: GameMaster, game: Game, member: Player, ais: int, level: str,
                 seed: int) -> None:
        self.gm, self.game, self.member, self.ais, self.level = gm, game, member, ais, level
        self.seed = seed
        self.phase: tuple[bool, int] = (False, 0)
        self.last = False  # set: the change under way is the last

    async def go(self, took: list[float]) -> None:
        while not self.last:
            table = await self._timed(took, Table.opened(
                self.gm, self.game, [self.member], self.seed, self.ais, self.level))
            self.seed += 1
            while not self.last and await self._timed(took, table.move()) is not None:
                pass

    async def _timed(self, took: list[float], change: Awaitable[T]) -> T:
        """A change, timed, then its rest."""
        number = self.phase[1] + 1
        self.phase = (True, number)
        start = time.perf_counter()
        done = await change
        lasted = time.perf_counter() - start
        if done is not None:  # a game over is only read
            took.append(lasted)
        self.phase = (False, number)
        await asyncio.sleep(min(max(lasted, REST[0]), REST[1]))
        return done
