"""A table's thread, one message per turn.

A group that plays by post lives in the thread for weeks: every message is a line in
everyone's unread count, and every mention a phone's notification. So a turn is one
message: the message that mentions the awaited seats (with **Take my turn**, and the board
when the table's boards setting makes one due) is the turn's, and the lines of that turn,
the AI moves that follow it and a board or battle drawn meanwhile are edited into it. A new
message starts only when someone must be mentioned (Discord notifies the mentions of a new
message, never those an edit adds), when the game ends (the final scores), or when the turn's
message is full (Discord's 2000 characters, 10 files).

The turn's message is kept in memory: after a restart the next lines simply start a new
one. Two changes of a table announced at once (a simultaneous step) both add to it, and its
edits, one at a time, each send everything given so far, so neither overwrites the other.
"""

from __future__ import annotations

import asyncio
import functools
import io
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import discord
from discord import ui

from bot.i18n import t
from bot.service import BOARD_FILE, GameMaster, Update
from cogs.common import MESSAGE_LIMIT, chunks

FILES_PER_MESSAGE = 10
Send = Callable[[], Awaitable[Any]]
ViewOf = Callable[["Outgoing", str], ui.View | None]  # the components under a message


@dataclass
class Outgoing:
    """One public message to post."""

    content: str | None = None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    mention: list[int] = field(default_factory=list)
    take_turn: int | None = None  # game id for the Take my turn button
    details: tuple[int, str] | None = None  # (game id, game) for the menu of the board's parts
    board: int | None = None  # game id, when it holds the board: **Board** (the web table)


@dataclass
class TurnMessage:
    """The table's newest thread message, which the turn's lines and images join.

    `content` holds every line given to it so far and `pending` the files not yet uploaded,
    sent or not: each edit sends them all. `sent` is Discord's copy after the last edit
    (its attachments are kept by the next edit), `shown` what its components show."""

    place: int
    sent: discord.Message
    content: str
    shown: Outgoing
    pending: list[tuple[str, bytes]] = field(default_factory=list)
    editing: asyncio.Lock = field(default_factory=asyncio.Lock, compare=False, repr=False)

    def takes_lines(self, lines: list[str]) -> bool:
        return bool(lines) and len(self.content) + 1 + len("\n".join(lines)) <= MESSAGE_LIMIT

    def takes_files(self, files: list[tuple[str, bytes]]) -> bool:
        """Whether the files fit beside those it keeps (a new board replaces its board)."""
        names = [name for name, _ in files]
        kept = [a for a in self.sent.attachments
                if not (a.filename == BOARD_FILE and BOARD_FILE in names)]
        return len(kept) + len(self.pending) + len(files) <= FILES_PER_MESSAGE


_OPEN: weakref.WeakKeyDictionary[discord.Client, dict[int, TurnMessage]] = \
    weakref.WeakKeyDictionary()
# boards a newer board of the same turn replaced before either was uploaded, per client
_SUPERSEDED: weakref.WeakKeyDictionary[discord.Client, int] = weakref.WeakKeyDictionary()


def superseded(bot: discord.Client) -> int:
    """How many boards never went up because a newer one of the same turn replaced them
    while waiting for the turn message's edit (two changes announced at once)."""
    return _SUPERSEDED.get(bot, 0)


def public_messages(update: Update, locale: str, actor: int | None = None) -> list[Outgoing]:
    """The update as new messages of their own: its lines, the result, the images and the
    mention of the awaited seats, in as few messages as Discord's limits allow; the mention
    and the button come last so they are what the thread shows at the bottom. The actor is
    not mentioned: their own ephemeral answer already holds their next decision."""
    lines = list(update.public)
    if update.result:
        lines.append(update.result)
    awaited = called(update, actor)
    if awaited:
        lines.append(t("turns.your_turn", locale,
                       mentions=" ".join(f"<@{user}>" for user in awaited),
                       button=t("turns.take_turn", locale)))
    messages = [Outgoing(text) for text in chunks(lines)] or [Outgoing()]
    files = list(update.boards)
    extra = [Outgoing(files=files[i:i + FILES_PER_MESSAGE])
             for i in range(0, len(files), FILES_PER_MESSAGE)]
    if extra:
        messages[-1].files = extra.pop().files
        messages[-1:-1] = extra
    if awaited:
        messages[-1].mention = awaited
        messages[-1].take_turn = update.table.game_id
    for message in messages:
        message.details = _details(update, message.files)
        message.board = _board(update, message.files)
    return [m for m in messages if m.content or m.files]


def called(update: Update, actor: int | None) -> list[int]:
    """The players this update must notify: the awaited human seats (the clock left only
    those newly awaited), but for the actor."""
    if update.table.status != "running":
        return []
    return [s.user_id for s in update.awaiting
            if s.user_id is not None and not s.ai and s.user_id != actor]


def _details(update: Update, files: list[tuple[str, bytes]]) -> tuple[int, str] | None:
    """The menu of the board's parts goes under the overview, where a game has parts."""
    if GameMaster.board_parts(update.table.game) and any(n == BOARD_FILE for n, _ in files):
        return (update.table.game_id, update.table.game)
    return None


def _board(update: Update, files: list[tuple[str, bytes]]) -> int | None:
    return update.table.game_id if any(n == BOARD_FILE for n, _ in files) else None


def thread_sends(bot: discord.Client, place: discord.PartialMessageable, update: Update,
                 locale: str, actor: int | None, recovered: bool, view_of: ViewOf,
                 nonce: Callable[[str], str | None]) -> list[Send]:
    """The thread's messages of an update: what the turn's message takes is edited into it,
    and a message of its own follows only for a mention, the result, or what does not fit.
    After a crash (`recovered`) nothing joins a message: the one in memory is gone."""
    tables = _OPEN.setdefault(bot, {})
    game_id = update.table.game_id
    opened = None if recovered else tables.get(game_id)
    if opened is not None and opened.place != place.id:
        opened = None
    sends: list[Send] = []
    if opened is not None:
        update, joined = _join(opened, update, actor, bot)
        if joined:
            sends.append(functools.partial(_extend, place, opened, locale, view_of))
    outgoing = public_messages(update, locale, actor)
    if outgoing or recovered:
        tables.pop(game_id, None)  # a newer message takes the turn's lines from now on
    for number, message in enumerate(outgoing):
        keep = number == len(outgoing) - 1 and not update.result
        sends.append(functools.partial(_send, tables if keep else None, game_id, place,
                                       message, locale, view_of, nonce(f"{number}")))
    return sends


def _join(opened: TurnMessage, update: Update, actor: int | None,
          bot: discord.Client) -> tuple[Update, bool]:
    """Gives the turn's message the update's lines, and its images unless the update calls
    someone (the images then go with the call) or ends the game; returns what is left.
    A board still waiting for the edit gives way to the newer one."""
    joined = False
    if opened.takes_lines(update.public):
        opened.content = "\n".join(filter(None, [opened.content, *update.public]))
        update, joined = replace(update, public=[]), True
    files = list(update.boards)
    if files and not called(update, actor) and not update.result \
            and opened.takes_files(files):
        newer = any(name == BOARD_FILE for name, _ in files)
        kept = [f for f in opened.pending if not (newer and f[0] == BOARD_FILE)]
        _SUPERSEDED[bot] = superseded(bot) + len(opened.pending) - len(kept)
        opened.pending = kept + files
        opened.shown.details = opened.shown.details or _details(update, files)
        opened.shown.board = opened.shown.board or _board(update, files)
        update, joined = replace(update, boards=[]), True
    return update, joined


async def _extend(place: discord.PartialMessageable, opened: TurnMessage, locale: str,
                  view_of: ViewOf) -> None:
    """Edits the turn's message to hold every line and file given to it so far. An edit
    notifies nobody: the mentions it carries pinged when it was posted."""
    async with opened.editing:
        kwargs: dict[str, Any] = {"content": opened.content,
                                  "allowed_mentions": discord.AllowedMentions.none()}
        if opened.pending:
            names = {name for name, _ in opened.pending}
            kept: list[discord.Attachment | discord.File] = [
                a for a in opened.sent.attachments
                if not (a.filename == BOARD_FILE and BOARD_FILE in names)]
            kwargs["attachments"] = kept + [discord.File(io.BytesIO(png), filename=name)
                                            for name, png in opened.pending]
            view = view_of(opened.shown, locale)
            if view is not None:
                kwargs["view"] = view
            opened.pending = []
        opened.sent = await place.get_partial_message(opened.sent.id).edit(**kwargs)


async def _send(tables: dict[int, TurnMessage] | None, game_id: int,
                place: discord.PartialMessageable, message: Outgoing, locale: str,
                view_of: ViewOf, nonce: str | None) -> None:
    """Sends a thread message; with `tables`, it becomes the table's turn message."""
    nonced: dict[str, Any] = {} if nonce is None else {"nonce": nonce}
    sent = await place.send(**send_kwargs(message, locale, view_of), **nonced)
    if tables is not None:
        tables[game_id] = TurnMessage(place.id, sent, message.content or "", message)


def send_kwargs(message: Outgoing, locale: str, view_of: ViewOf) -> dict[str, Any]:
    """A new message's content, files, components and the users it may notify."""
    kwargs: dict[str, Any] = {
        "content": message.content,
        "files": [discord.File(io.BytesIO(png), filename=name) for name, png in message.files],
        "allowed_mentions": discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in message.mention]),
    }
    view = view_of(message, locale)
    if view is not None:
        kwargs["view"] = view
    return kwargs
