"""Live updates: each watched game has one poller that tells its page watchers the game's
new version when it moves.

A change made in this process kicks the poller at once (an update hook of the service); a
change made by another process on the same database (several bot processes, or `gm web`
beside `gm run`) is seen at the next poll, a second later. One poller per game reads one
row a second however many pages watch it, and stops with its last watcher.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from bot.service import GameMaster, ServiceError, Update

POLL_SECONDS = 1.0


class _Watch:
    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[int | None]] = set()
        self.kick = asyncio.Event()
        self.task: asyncio.Task[None] | None = None


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
    async def watching(self, game_id: int) -> AsyncIterator[asyncio.Queue[int | None]]:
        """A queue of the game's new versions (None: the server is stopping)."""
        watch = self._watches.setdefault(game_id, _Watch())
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        watch.queues.add(queue)
        if watch.task is None:
            watch.task = asyncio.create_task(self._poll(game_id, watch))
        try:
            yield queue
        finally:
            watch.queues.discard(queue)
            if not watch.queues and self._watches.get(game_id) is watch:
                del self._watches[game_id]
                if watch.task is not None:
                    watch.task.cancel()

    async def _poll(self, game_id: int, watch: _Watch) -> None:
        last = await self._version(game_id)
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watch.kick.wait(), self.poll_seconds)
            watch.kick.clear()
            version = await self._version(game_id)
            if version != last:
                last = version
                for queue in watch.queues:
                    queue.put_nowait(version)

    async def _version(self, game_id: int) -> int | None:
        try:
            return await self.gm.game_version(game_id)
        except ServiceError:  # deleted meanwhile: nothing moves any more
            return None

    def stop(self) -> None:
        """Ends every watcher's stream (the server shuts down)."""
        for watch in list(self._watches.values()):
            if watch.task is not None:
                watch.task.cancel()
            for queue in watch.queues:
                queue.put_nowait(None)
