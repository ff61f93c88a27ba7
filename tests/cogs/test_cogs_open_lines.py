"""A table's open thread message (cogs/turns.py, OpenLines) keeps the lines of two changes
announced at once: in a simultaneous step two players' changes are announced side by side,
and each edit used to set the content it had read, the later dropping the other's lines
(found by the test of two bot processes, tests/e2e/test_e2e_processes.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.service.models import Table, Update
from cogs import turns
from games.core.messages import Term

THREAD = 7
MESSAGE = 70


class SlowThread:
    """A thread whose edits take a while, so two of them are in flight at once; it keeps
    the content of the message as the last edit to arrive set it."""

    id = THREAD

    def __init__(self) -> None:
        self.content = "opening line"
        self.edits: list[str] = []

    def get_partial_message(self, message_id: int) -> Any:
        assert message_id == MESSAGE
        thread = self

        class Partial:
            async def edit(self, *, content: str, **_: Any) -> None:
                await asyncio.sleep(0.05 if "first" in content.splitlines()[-1] else 0.01)
                thread.edits.append(content)
                thread.content = content

        return Partial()


class Bot:
    """Stands for the client, which only keys the open messages."""


def change(game_id: int, line: str) -> Update:
    table = Table(game_id, "record", Term("game.record"), "running", [], 1, 1, 1, THREAD, {},
                  2, 5)
    return Update(table, public=[line])


async def test_two_changes_announced_at_once_both_keep_their_lines() -> None:
    bot: Any = Bot()
    thread: Any = SlowThread()
    turns._OPEN[bot] = {1: turns.OpenLines(THREAD, MESSAGE, thread.content)}
    first = turns._thread_sends(bot, thread, change(1, "first change"), "en", None, False)
    second = turns._thread_sends(bot, thread, change(1, "second change"), "en", None, False)
    await asyncio.gather(*(send() for send in (*first, *second)))
    assert thread.content.splitlines() == ["opening line", "first change", "second change"]
    assert len(thread.edits) == 2
