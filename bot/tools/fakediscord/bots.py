"""Running the real bot against the fake: in this process (fast; the test can read the
service's database) or as a real `python -m bot run` process (a restart is a real restart).

Either way the bot is the production code, pointed at the fake only through its settings
(GM_DISCORD_API_BASE and GM_DISCORD_GATEWAY). The database is a SQLite file or a PostgreSQL
URL, and a bot may serve some shards only (`Shards`), so several bots can share one database
as several `gm run --shards ...` processes do.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import re
import signal
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import build_app
from bot.config import Settings
from bot.discord.client import GameBot, new_bot, use_api_base
from bot.discord.loopwatch import STALL_MESSAGE
from bot.service import GameMaster
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import TOKEN
from storage import Repository, repository_for

REPO_ROOT = Path(__file__).resolve().parents[3]  # the folder that holds the bot package
START_TIMEOUT = 30.0


@dataclass(frozen=True)
class Shards:
    """The shards a bot serves (`ids`, of `count`), as `gm run --shards --shard-count`."""

    ids: tuple[int, ...]
    count: int

    def arguments(self) -> list[str]:
        return ["--shards", ",".join(map(str, self.ids)), "--shard-count", str(self.count)]


def _sessions(shards: Shards | None) -> int:
    """How many gateway sessions a bot opens: one per shard."""
    return 1 if shards is None else len(shards.ids)


class InProcessBot:
    """A GameBot on this event loop. `seed` fixes the seed of tables opened by /game new
    (the service draws one at random), so an in-process game plays the same every run."""

    def __init__(self, fake: FakeDiscord, database: Path | str,
                 seed: int | None = None, shards: Shards | None = None,
                 clock_tick: float | None = None) -> None:
        """`clock_tick`: seconds between the clock's passes (default GM_CLOCK_TICK's), short
        where a test waits for response windows to close."""
        self.fake, self.database, self.seed, self.shards = fake, str(database), seed, shards
        self.clock_tick = clock_tick
        self.bot: GameBot | None = None
        self.repo: Repository | None = None
        self._task: asyncio.Task[None] | None = None
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)

    @property
    def gm(self) -> GameMaster:
        assert self.bot is not None, "the bot is not running"
        return self.bot.gm

    async def start(self) -> InProcessBot:
        settings = Settings(token=TOKEN, database=self.database, api_base=self.fake.api_base,
                            gateway=self.fake.gateway_url,
                            shards=self.shards.ids if self.shards else None,
                            shard_count=self.shards.count if self.shards else None)
        if self.clock_tick is not None:
            settings = replace(settings, clock_tick=self.clock_tick)
        use_api_base(settings.api_base, settings.gateway)
        self.repo = repository_for(self.database)
        await self.repo.open()
        app = build_app(self.repo)
        if self.seed is not None:
            _fix_seed(app.gm, self.seed)
        self.bot = new_bot(app, settings)
        ready = self.fake.gateway.ready_count + _sessions(self.shards)
        self._task = asyncio.create_task(self.bot.start(TOKEN))
        waiting = asyncio.create_task(self.fake.gateway.wait_ready(ready, START_TIMEOUT))
        await asyncio.wait([self._task, waiting], return_when=asyncio.FIRST_COMPLETED)
        if self._task.done():
            waiting.cancel()
            self._task.result()  # raises why the bot stopped
            raise AssertionError("the bot stopped before connecting")
        await waiting
        return self

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(Exception):
                await self._task
        if self.repo is not None:
            await self.repo.close()
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved

    async def __aenter__(self) -> InProcessBot:
        return await self.start()

    async def __aexit__(self, *_: object) -> None:
        await self.stop()


def _fix_seed(gm: GameMaster, seed: int) -> None:
    original = gm.new_game

    @functools.wraps(original)
    async def seeded(**kwargs: Any) -> Any:
        return await original(**{"seed": seed, **kwargs})

    gm.new_game = seeded  # type: ignore[method-assign]


class BotProcess:
    """`python -m bot run` in its own process, with its log in `log`, serving `shards`
    (None: all); with a `fault` (point, n), one that kills itself there
    (bot/tools/fakediscord/faults.py)."""

    def __init__(self, fake: FakeDiscord, database: Path | str, log: Path,
                 fault: tuple[str, int] | None = None, shards: Shards | None = None) -> None:
        self.fake, self.database, self.log, self.shards = fake, str(database), log, shards
        sharding = shards.arguments() if shards else []
        self.command = (["bot", "run", *sharding] if fault is None else
                        ["bot.tools.fakediscord.faults", fault[0], str(fault[1]), *sharding])
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> BotProcess:
        env = {**os.environ, **self.fake.env(), "GM_DATABASE": self.database,
               "GM_LOG_LEVEL": "WARNING", "PYTHONPATH": str(REPO_ROOT)}
        ready = self.fake.gateway.ready_count + _sessions(self.shards)
        with self.log.open("ab") as out:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", *self.command, cwd=REPO_ROOT, env=env,
                stdout=out, stderr=out)
        waiting = asyncio.create_task(self.fake.gateway.wait_ready(ready, START_TIMEOUT))
        exited = asyncio.create_task(self.process.wait())
        await asyncio.wait([waiting, exited], return_when=asyncio.FIRST_COMPLETED)
        if exited.done():
            waiting.cancel()
            raise AssertionError(f"gm run exited with {exited.result()}: "
                                 f"{self.log.read_text(errors='replace')[-2000:]}")
        exited.cancel()
        await waiting
        return self

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def family(self) -> list[int]:
        """The bot's process and its renderers."""
        return _with_children(self.pid)

    @staticmethod
    async def all_gone(pids: list[int], timeout: float = 5.0) -> bool:
        """Whether every process of `pids` exits within `timeout` seconds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while any(Path(f"/proc/{pid}").exists() for pid in pids):
            if asyncio.get_running_loop().time() > deadline:
                return False
            await asyncio.sleep(0.1)
        return True

    def stalls(self) -> list[float]:
        """The event-loop stalls the bot logged (bot.discord.loopwatch), in seconds."""
        pattern = re.compile(STALL_MESSAGE.replace("%d", r"(\d+)"))
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [int(m) / 1000 for m in pattern.findall(text)]

    def peak_memory_kib(self) -> int:
        """High-water resident memory (VmHWM) in KiB of the bot and its child processes (the
        board renderers), summed: an upper bound of what they held at once."""
        return sum(_peak_kib(pid) for pid in _with_children(self.pid))

    async def kill(self) -> None:
        """A crash: SIGKILL, no goodbye to the gateway."""
        await self._end(signal.SIGKILL)

    async def stop(self) -> None:
        await self._end(signal.SIGTERM)

    async def _end(self, how: signal.Signals) -> None:
        if self.process is None or self.process.returncode is not None:
            return
        self.process.send_signal(how)
        try:
            await asyncio.wait_for(self.process.wait(), 10)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()


def _with_children(pid: int) -> list[int]:
    """`pid` and every process below it, from /proc (Linux)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    below = children.read_text().split() if children.exists() else []
    return [pid, *(p for child in below for p in _with_children(int(child)))]


def _peak_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc; peak memory needs Linux")
