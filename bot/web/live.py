"""Live updates: each watched game has one poller that tells its page watchers the game's
new version when it moves.

A change made in this process kicks the poller at once (an update hook of the service); a
change made by another process on the same database (several bot processes, or `gm web`
beside `gm run`) is seen at the next poll, a second later. One poller per game reads one
row a second however many pages watch it, and stops with its last watcher. Each watcher
compares against the version it last told its page, so a move made while it connected is
told too.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from bot.service import GameMaster, ServiceError, Update

POLL_SECONDS = 1.0


class Stopped(Exception):
    """The server shuts down: the stream ends."""


class _Watch:
    def __init__(self) -> None:
        self.version: int | None = None  # None until the poller's first read
        self.changed = asyncio.Event()  # set (and replaced) at each new version
        self.kick = asyncio.Event()
        self.watchers = 0
        self.stopped = False
        self.task: asyncio.Task[None] | None = None


class Stream:
    """One page's view of a game's versions, from the one it was loaded at."""

    def __init__(self, watch: _Watch, since: int) -> None:
        self._watch, self.since = watch, since

    async def changed(self, timeout: float) -> int | None:
        """The game's new version, or None when it did not move within `timeout`."""
        watch = self._watch
        while not watch.stopped:
            if watch.version is not None and watch.version != self.since:
                self.since = watch.version
                return watch.version
            try:
                await asyncio.wait_for(watch.changed.wait(), timeout)
            except TimeoutError:
                return None
        raise Stopped


class Live:
    def __init__(self, gm: GameMaster, poll_seconds: float = POLL_SECONDS) -> None:
        self.gm = gm
        self.poll_seconds = poll_seconds
        self._watches: dict[int, _Watch] = {}
        gm.add_update_hook(self._on_update)

    async def _on_update(self, update: Update, steps: list[Any]) -> Update:
        watch = self._watches.get(update.table.game_id)
        if watch is not None:
            watch.kick.set()
        return update

    @contextlib.asynccontextmanager
    async def watching(self, game_id: int, since: int) -> AsyncIterator[Stream]:
        watch = self._watches.setdefault(game_id, _Watch())
        watch.watchers += 1
        if watch.task is None:
            watch.task = asyncio.create_task(self._poll(game_id, watch))
        try:
            yield Stream(watch, since)
        finally:
            watch.watchers -= 1
            if not watch.watchers and self._watches.get(game_id) is watch:
                del self._watches[game_id]
                watch.task.cancel()

    async def _poll(self, game_id: int, watch: _Watch) -> None:
        while True:
            version = await self._version(game_id)
            if version != watch.version:
                watch.version = version
                told, watch.changed = watch.changed, asyncio.Event()
                told.set()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watch.kick.wait(), self.poll_seconds)
            watch.kick.clear()

    async def _version(self, game_id: int) -> int | None:
        try:
            return await self.gm.game_version(game_id)
        except ServiceError:  # deleted meanwhile: nothing moves any more
            return None

    def stop(self) -> None:
        """Ends every watcher's stream (the server shuts down)."""
        for watch in self._watches.values():
            watch.stopped = True
            watch.changed.set()
            if watch.task is not None:
                watch.task.cancel()
