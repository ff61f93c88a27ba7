"""A table's thread holds one message per turn (cogs/thread_posts.py): the message that
calls a seat grows with that turn's lines and images, edited in; a new message starts only
for a mention, the final scores, or what does not fit."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

import discord

from bot.service.models import Seat, Table, Update
from cogs import thread_posts
from games.core.messages import Term

THREAD = 7
ALICE, BOB = Seat(0, 11, "Alice", None), Seat(1, 12, "Bob", None)


class Sent:
    """Discord's copy of a message, as `send` and `edit` return it."""

    def __init__(self, message_id: int, files: list[str]) -> None:
        self.id = message_id
        self.attachments = [Attached(name) for name in files]


class Attached:
    def __init__(self, filename: str) -> None:
        self.filename = filename


class Thread:
    """A thread that keeps each message's content and files; `slow` edits take a while, so
    two of them are in flight at once."""

    id = THREAD

    def __init__(self, slow: bool = False) -> None:
        self.slow = slow
        self.messages: dict[int, dict[str, Any]] = {}
        self.edits = 0

    async def send(self, *, content: str | None, files: list[discord.File],
                   allowed_mentions: discord.AllowedMentions, **_: Any) -> Sent:
        message_id = len(self.messages) + 1
        self.messages[message_id] = {"content": content or "",
                                     "files": [f.filename for f in files],
                                     "pinged": [u.id for u in allowed_mentions.users or []]
                                     if isinstance(allowed_mentions.users, list) else []}
        return Sent(message_id, self.messages[message_id]["files"])

    def get_partial_message(self, message_id: int) -> Any:
        thread = self

        class Partial:
            async def edit(self, *, content: str, attachments: list[Any] | None = None,
                           **_: Any) -> Sent:
                if thread.slow:
                    await asyncio.sleep(0.05 if "first" in content.splitlines()[-1] else 0.01)
                message = thread.messages[message_id]
                message["content"] = content
                if attachments is not None:
                    message["files"] = [a.filename for a in attachments]
                thread.edits += 1
                return Sent(message_id, message["files"])

        return Partial()


class Bot:
    """Stands for the client, which only keys the turn messages."""


def change(*lines: str, awaiting: tuple[Seat, ...] = (), boards: tuple[str, ...] = (),
           result: str | None = None) -> Update:
    table = Table(1, "record", Term("game.record"), "running", [ALICE, BOB], 1, 1, 1, THREAD,
                  {}, 2, 5)
    return Update(table, public=list(lines), awaiting=list(awaiting),
                  boards=[(name, b"png") for name in boards], result=result)


async def announce(bot: Any, thread: Any, *updates: Update, actor: int | None = None) -> None:
    sends = [send for update in updates for send in thread_posts.thread_sends(
        bot, thread, update, "en", actor, False, lambda message, locale: None,
        lambda part: None)]
    for send in sends:
        await send()


async def test_a_turn_is_the_message_that_called_it() -> None:
    bot, thread = Bot(), Thread()
    await announce(bot, thread, change("The game begins.", awaiting=(ALICE,),
                                       boards=("board.png",)))
    await announce(bot, thread, change("Alice plays a card."), actor=11)
    await announce(bot, thread, change("Alice attacks.", awaiting=(BOB,),
                                       boards=("board.png",)), actor=11)
    first, second = thread.messages[1], thread.messages[2]
    assert len(thread.messages) == 2
    assert first["content"].splitlines()[0] == "The game begins."
    assert "<@11>" in first["content"] and first["pinged"] == [11]
    assert first["content"].splitlines()[-2:] == ["Alice plays a card.", "Alice attacks."]
    assert "<@12>" in second["content"] and second["pinged"] == [12]
    assert second["files"] == ["board.png"]


async def test_a_board_due_within_a_turn_replaces_the_turns_board() -> None:
    bot, thread = Bot(), Thread()
    await announce(bot, thread, change("Begins.", awaiting=(ALICE,), boards=("board.png",)))
    await announce(bot, thread, change("A new phase.", boards=("board.png", "battle-1.png")),
                   actor=11)
    assert len(thread.messages) == 1
    assert thread.messages[1]["files"] == ["board.png", "battle-1.png"]
    assert thread.messages[1]["content"].endswith("A new phase.")


async def test_the_final_scores_come_in_a_message_of_their_own() -> None:
    bot, thread = Bot(), Thread()
    await announce(bot, thread, change("Begins.", awaiting=(ALICE,)))
    await announce(bot, thread, change("Alice wins.", result="Final scores: ..."), actor=11)
    await announce(bot, thread, change("After the end."))
    assert [m["content"].splitlines()[-1] for m in thread.messages.values()] == [
        "Alice wins.", "Final scores: ...", "After the end."]


async def test_lines_that_do_not_fit_start_a_new_message() -> None:
    bot, thread = Bot(), Thread()
    await announce(bot, thread, change("Begins.", awaiting=(ALICE,)))
    await announce(bot, thread, change("x" * 1990), actor=11)
    assert len(thread.messages) == 2 and thread.messages[2]["content"] == "x" * 1990


async def test_two_changes_announced_at_once_both_keep_their_lines() -> None:
    """In a simultaneous step two players' changes are announced side by side; each edit
    sends everything given so far, so the later does not drop the other's lines (found by
    the test of two bot processes, tests/e2e/test_e2e_processes.py)."""
    bot: Any = Bot()
    thread: Any = Thread(slow=True)
    await announce(bot, thread, change("opening line", awaiting=(ALICE, BOB)))
    first = thread_posts.thread_sends(bot, thread, change("first change"), "en", 11, False,
                                      lambda m, locale: None, lambda part: None)
    second = thread_posts.thread_sends(bot, thread, change("second change"), "en", 12, False,
                                       lambda m, locale: None, lambda part: None)
    await asyncio.gather(*(send() for send in (*first, *second)))
    assert thread.messages[1]["content"].splitlines()[-2:] == ["first change", "second change"]
    assert thread.edits == 2


def test_the_actor_is_not_called_and_a_paused_table_calls_nobody() -> None:
    assert thread_posts.called(change(awaiting=(ALICE, BOB)), actor=11) == [12]
    running = change(awaiting=(ALICE,))
    paused = replace(running, table=replace(running.table, status="paused"))
    assert thread_posts.called(paused, actor=None) == []


async def test_a_board_waiting_for_the_edit_gives_way_to_a_newer_one() -> None:
    bot: Any = Bot()
    thread: Any = Thread()
    await announce(bot, thread, change("Begins.", awaiting=(ALICE,)))
    plan = [thread_posts.thread_sends(bot, thread, change(f"Phase {n}.", boards=("board.png",)),
                                      "en", 11, False, lambda m, locale: None, lambda part: None)
            for n in (1, 2)]  # both planned before either edit went out
    for sends in plan:
        for send in sends:
            await send()
    assert thread.messages[1]["files"] == ["board.png"] and len(thread.messages) == 1
    assert thread_posts.superseded(bot) == 1
    assert thread.messages[1]["content"].splitlines()[-2:] == ["Phase 1.", "Phase 2."]
