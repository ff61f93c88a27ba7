"""Ctrl-C at the terminal's table: it leaves, at once at a prompt, and the game is kept.

`asyncio.run` takes SIGINT over: its first Ctrl-C only cancels the main task, which a prompt
blocked in `input()` never notices, so the player's first Ctrl-C seemed ignored and only the
second left. While a prompt waits, our handler raises KeyboardInterrupt into it, which the
prompt reads as leaving. While the game master works (AI moves, a board), a Ctrl-C is kept
and the next prompt leaves before asking, so what was being played is stored whole and
`gm play --resume` goes on from it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

Ask = Callable[[str], str]


class _Interrupts:
    def __init__(self) -> None:
        self.asking = False  # a prompt waits for the player
        self.pressed = False  # Ctrl-C came while the game master worked

    def on_sigint(self, _signum: int, frame: FrameType | None) -> None:
        if self.asking:
            raise KeyboardInterrupt
        self.pressed = True

    def asker(self, ask: Ask) -> Ask:
        def guarded(prompt: str) -> str:
            if self.pressed:
                raise KeyboardInterrupt
            self.asking = True
            try:
                return ask(prompt)
            finally:
                self.asking = False
        return guarded


@contextmanager
def leaving_on_ctrl_c(ask: Ask) -> Iterator[Ask]:
    """`ask` as a prompt that Ctrl-C leaves (KeyboardInterrupt), for as long as the block
    runs; outside the main thread, where no signal handler can be set, `ask` as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield ask
        return
    interrupts = _Interrupts()
    before = signal.signal(signal.SIGINT, interrupts.on_sigint)
    try:
        yield interrupts.asker(ask)
    finally:
        signal.signal(signal.SIGINT, before)
