"""The processes that draw the boards for `gm run`, and how they end with the bot.

Drawing a board is Python work that holds the GIL: in a thread it would slow the event loop
that must acknowledge every interaction within 3 s, so the bot draws in processes, one per
core. They are started with `spawn`: forking a process that runs threads (aiosqlite, the
loop) is unsafe. Their C heap keeps a board's large buffers for the next (rendering/kit/heap.py).

A renderer must not outlive the bot, even a bot killed with SIGKILL, which cannot shut its
pool down: on Linux the kernel kills a renderer the moment its parent dies
(`PR_SET_PDEATHSIG`); elsewhere a thread of the renderer watches its parent. The pool's
queues are guarded by named semaphores that `spawn` registers with multiprocessing's
resource tracker; when the bot is killed the tracker unlinks them, as it should, and warns
about "leaked semaphore objects" — the expected end of a killed pool, not a fault, so the
tracker is told not to warn about it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from rendering.kit.heap import keep_board_buffers

PR_SET_PDEATHSIG = 1  # linux/prctl.h
# Passed to the resource tracker's interpreter (multiprocessing.util._args_from_interpreter_flags
# forwards sys.warnoptions), which reports the semaphores of a killed pool as leaked.
QUIET_TRACKER = "ignore::UserWarning:multiprocessing.resource_tracker"


def render_pool() -> ProcessPoolExecutor:
    return spawned_pool(renderer_started)


def spawned_pool(started: Callable[[int], None]) -> ProcessPoolExecutor:
    """A pool of the bot's own, one `spawn`ed process per core, each running
    `started(the bot's pid)` first (to follow the bot: `follow_parent`); the renderers and
    the AI's thinkers (bot/discord/thinkers.py) are two such pools."""
    if QUIET_TRACKER not in sys.warnoptions:
        sys.warnoptions.append(QUIET_TRACKER)
    return ProcessPoolExecutor(max_workers=os.cpu_count() or 2,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=started, initargs=(os.getpid(),))


def renderer_started(parent: int) -> None:
    """In a renderer, before its first board: follow the bot, keep the boards' buffers."""
    follow_parent(parent)
    keep_board_buffers()


def follow_parent(parent: int) -> None:
    """In a renderer: end as soon as the bot process `parent` is gone."""
    if not _die_with_parent() or os.getppid() != parent:
        threading.Thread(target=_watch, args=(parent,), name="follow-parent",
                         daemon=True).start()


def _die_with_parent() -> bool:
    """Ask the kernel to kill this process when its parent dies (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)
