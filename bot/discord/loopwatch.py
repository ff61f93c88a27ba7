"""A watchdog of the event loop: how late a short sleep wakes up is how long the loop was
busy with something else. A bot whose loop stalls for seconds misses Discord's 3 s window
for every interaction waiting behind the stall, so a stall is logged where an operator
looks, and counted for `gm bench --discord`."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

STALL_MESSAGE = "Event loop blocked for %d ms"  # gm bench --discord reads these lines


@dataclass
class LoopWatch:
    interval: float = 0.1  # seconds between wake-ups
    threshold: float = 0.5  # a lateness that counts (and is logged) as a stall
    stalls: list[float] = field(default_factory=list)  # lateness of each stall, seconds
    worst: float = 0.0
    _task: asyncio.Task[None] | None = None

    def start(self) -> LoopWatch:
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _watch(self) -> None:
        while True:
            began = time.monotonic()
            await asyncio.sleep(self.interval)
            late = time.monotonic() - began - self.interval
            self.worst = max(self.worst, late)
            if late >= self.threshold:
                self.stalls.append(late)
                log.warning(STALL_MESSAGE, late * 1000)
