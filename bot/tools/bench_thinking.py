"""`gm bench --thinking LEVEL`: what another table waits while AI seats think.

Two tables of one game in one GameMaster over a SQLite file, with the bot's AI pool
(bot/discord/thinkers.py) and no boards drawn. At the thinking table one member plays against
AI seats at LEVEL; at the other, members play one another. The other table's actions are
timed alone (nothing thinks) and while the thinking table's change is under way (its member's
move handed to the AIs: only an action that ended before that change did counts), in turns
over the same stretch of the other game. The two medians side by side tell what an AI's
thinking costs another table; the thinking table's changes are timed too (its AIs' moves,
thought in the pool, every thinker started before the first).
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

SAMPLES = 40  # the other table's actions timed each way


@dataclass
class ThinkingTimes:
    alone: list[float] = field(default_factory=list)
    during: list[float] = field(default_factory=list)
    changes: list[float] = field(default_factory=list)  # the thinking table's, AIs included

    def lines(self, game: Game, players: int, level: str, seed: int) -> list[str]:
        return [
            f"gm bench --thinking {level} · {game.title} · {players} seats (1 member, "
            f"{players - 1} AI at {level}) beside a table of {players} members · seed {seed}",
            f"another table's action alone, median of {len(self.alone)}: "
            f"{_ms(self.alone)} · while the AIs think, median of {len(self.during)}: "
            f"{_ms(self.during)}" + (f" (worst {_ms([max(self.during)])})"
                                     if self.during else ""),
            f"the thinking table's move with its AIs' replies, median of "
            f"{len(self.changes)}: {_ms(self.changes)}",
        ]


def _ms(samples: list[float]) -> str:
    return f"{median(samples) * 1000:.1f} ms" if samples else "no sample"


def bench_thinking(game_name: str, players: int, level: str, seed: int) -> list[str]:
    game = get_game(game_name)
    times = asyncio.run(thinking_times(game, players, level, seed))
    return times.lines(game, players, level, seed)


async def thinking_times(game: Game, players: int, level: str, seed: int) -> ThinkingTimes:
    with tempfile.TemporaryDirectory() as folder, think_pool() as pool:
        repo = SqliteRepository(Path(folder) / "bench.sqlite3")
        await repo.open()
        try:
            gm = build_app(repo, render=False, ai_executor=pool).gm
            await _started(pool)
            return await _measured(gm, game, players, level, seed)
        finally:
            await repo.close()


async def _started(pool: Executor) -> None:
    """Every thinker started and its games loaded before anything is timed: the pool starts
    its processes on demand, and the first decision after the bot starts pays for that."""
    loop = asyncio.get_running_loop()
    await asyncio.gather(*(loop.run_in_executor(pool, os.getpid)
                           for _ in range(os.cpu_count() or 2)))


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


async def _measured(gm: GameMaster, game: Game, players: int, level: str,
                    seed: int) -> ThinkingTimes:
    """The other table's actions alone and during the thinking table's changes, taken in
    turns, so both come from the same stretch of its game (a new game of it when one
    ends), until the thinking table's game ends or both have their samples."""
    members = [Player(i + 1, f"Player {i + 1}") for i in range(players + 1)]
    thinking = await Table.opened(gm, game, members[:1], seed, players - 1, level)
    other = Others(gm, game, members[1:], seed)
    times = ThinkingTimes()
    while min(len(times.alone), len(times.during)) < SAMPLES:
        times.alone.append(await other.move())
        change = asyncio.ensure_future(thinking.move())
        await asyncio.sleep(0)  # the member's move is under way
        while not change.done():
            beside = await other.move()
            if not change.done():
                times.during.append(beside)
        took = await change
        if took is None:
            break
        times.changes.append(took)
    return times


class Others:
    """The other table: members only, a new game of them whenever one ends."""

    def __init__(self, gm: GameMaster, game: Game, members: list[Player], seed: int) -> None:
        self.gm, self.game, self.members, self.seed = gm, game, members, seed
        self.table: Table | None = None

    async def move(self) -> float:
        for _ in range(2):  # a finished game's table is followed by a new one
            if self.table is None:
                self.seed += 1
                self.table = await Table.opened(self.gm, self.game, self.members,
                                                self.seed)
            took = await self.table.move()
            if took is not None:
                return took
            self.table = None
        raise RuntimeError(f"a new game of {self.game.name} offers its members no move")
