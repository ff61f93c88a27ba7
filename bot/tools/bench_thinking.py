"""`gm bench --thinking LEVEL`: what another table waits while AI seats think.

One GameMaster over a SQLite file, with the bot's AI pool (bot/discord/thinkers.py) and no
boards drawn. At the thinking table one member plays against AI seats at LEVEL, move after
move (a new game when one ends); at the other table members play one another. The other
table plays the same game three times, the same seed and the same choices: to warm what a
first game loads or caches, then alone, nothing thinking, then beside the thinking table. An
action of the last run counts when it began and ended inside one change of the thinking
table (its member's move handed to the AIs, thought in the pool); it is compared with the
same action of the run alone, so the two medians differ by what the thinking cost, not by
which moves were measured. Every thinker is started before anything is timed, and SQLite
syncs as NORMAL: a FULL sync per commit costs what the disk pays, and this disk syncs pages
it wrote before much faster, which would favour a later run.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from bot.app import build_app
from bot.discord.thinkers import think_pool
from bot.service import GameMaster
from bot.service.ai import DEFAULT_LEVEL
from bot.service.base import started_state
from bot.service.models import Player
from games.core import Game, get_game, make_agent
from storage import SqliteRepository

ACTIONS = 200  # the other table's actions played in each run (fewer if its game ends)
STARTING_TRIES = 20


@dataclass
class ThinkingTimes:
    alone: list[float] = field(default_factory=list)  # the other table's actions, alone
    beside: dict[int, float] = field(default_factory=dict)  # the same, inside a change
    changes: list[float] = field(default_factory=list)  # the thinking table's, AIs included

    def lines(self, game: Game, players: int, level: str, seed: int) -> list[str]:
        during = list(self.beside.values())
        same = [self.alone[i] for i in self.beside]
        return [
            f"gm bench --thinking {level} · {game.title} · {players} seats (1 member, "
            f"{players - 1} AI at {level}) beside a table of {players} members · seed {seed}",
            f"another table's action while the AIs think, {len(during)} of "
            f"{len(self.alone)} actions of one game: median {_ms(during)} (worst "
            f"{_worst(during)}) · the same actions alone: median {_ms(same)}",
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
    times, warm = ThinkingTimes(), ThinkingTimes()
    for run in (warm, times):  # the first run warms what a first game loads or caches
        alone = await Table.opened(gm, game, members[1:], seed + 1)
        while len(run.alone) < actions and (took := await alone.move()) is not None:
            run.alone.append(took)
    thinking = Thinking(gm, game, members[0], players - 1, level, seed)
    going = asyncio.ensure_future(thinking.go(times.changes))
    try:
        again = await Table.opened(gm, game, members[1:], seed + 1)  # the same game
        for number in range(len(times.alone)):
            await asyncio.sleep(0)  # the thinking table's next change is under way
            inside, change = thinking.busy, thinking.changes
            took = await again.move()
            if took is not None and inside and thinking.busy and thinking.changes == change:
                times.beside[number] = took
        thinking.last = True
        await going  # its change under way ends, and is timed
    finally:
        going.cancel()
    return times


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
    """The thinking table: its member moves as soon as the AIs have replied, a new game
    when one ends, until told the change under way is the `last`; `busy` while a change
    is under way, `changes` counts them."""

    def __init__(self, gm: GameMaster, game: Game, member: Player, ais: int, level: str,
                 seed: int) -> None:
        self.gm, self.game, self.member, self.ais, self.level = gm, game, member, ais, level
        self.seed = seed
        self.busy, self.changes = False, 0
        self.last = False  # set: the change under way is the last

    async def go(self, took: list[float]) -> None:
        while not self.last:
            self.busy = True  # its start is a change too: the AIs play what they owe
            start = time.perf_counter()
            table = await Table.opened(self.gm, self.game, [self.member], self.seed,
                                       self.ais, self.level)
            took.append(time.perf_counter() - start)
            self.busy, self.changes, self.seed = False, self.changes + 1, self.seed + 1
            while not self.last:
                self.busy = True
                moved = await table.move()
                self.busy, self.changes = False, self.changes + 1
                if moved is None:
                    break
                took.append(moved)
