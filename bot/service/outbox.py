"""The outbox of the service: every change stored through `_commit` carries what it makes
public (storage/outbox.py), and the poster marks it done once Discord took it.

The payload is plain data fixed at the change: the public lines in the thread's language,
each player's private lines in theirs, the final scores, who is awaited, whom to DM, and the
images to draw (drawn from the public view of that very step, so a post made late shows the
board of its step). A poster that finds an entry nobody finished (the bot died between the
commit and the post) rebuilds its Update here and posts the rest of it.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from bot.service.announce import Image
from bot.service.base import GameBase, table_of
from bot.service.models import Private, Update
from storage.outbox import PostRecord


class OutboxMixin(GameBase):
    async def claim_posts(self, orphaned_before: float | None = None) -> list[PostRecord]:
        """The announcements nobody is posting: their poster died (or is too slow), or
        they were stored before `orphaned_before`, when this bot started. That fast
        take-over holds only where this process is the database's one user (a SQLite
        file): on a shared PostgreSQL a live process may be posting what was stored before
        this one started, so only its lease running out hands an entry over."""
        orphans = orphaned_before if self.repo.one_process else None
        return await self.repo.claim_posts(time.time(), orphaned_before=orphans)

    async def post_update(self, post: PostRecord) -> tuple[Update, int | None]:
        """The Update of a stored announcement, to post what is left of it, and the player
        whose click made it (the messages are rebuilt exactly as that click built them)."""
        payload: dict[str, Any] = post.payload
        loaded = await self._load(post.game_id)
        table = replace(table_of(loaded.record, loaded.seats), status=payload["status"])
        update = Update(
            table, public=payload["public"], result=payload["result"],
            private=[Private(p["user"], p["lines"]) for p in payload["private"]],
            awaiting=[table.seats[n] for n in payload["awaiting"]],
            notify_dm=[(user, locale) for user, locale in payload["notify_dm"]],
            news=payload["news"], images=payload["images"], post=post.version)
        return await self.drawn(update), payload["actor"]

    async def drawn(self, update: Update) -> Update:
        """The update with its images drawn, off the event loop. The cogs ask for them when
        they post, after the change is stored and its game free again, so neither the
        player's next prompt nor the game's next move waits for pixels; and an overview that
        a later change already replaced (its board posted, or drawn first) is not drawn at
        all, so a busy table draws only its newest board."""
        images = [Image.from_json(image) for image in update.images]
        if update.post is not None and any(i.board for i in images) and \
                await self.repo.newer_board(update.table.game_id, update.post):
            images = [i for i in images if not i.board]
        names = [seat.name for seat in update.table.seats]
        locale = await self.settings.thread_locale(update.table.guild_id)
        boards = await self.announcer.draw(update.table.game, images, names, locale)
        return replace(update, boards=[*update.boards, *boards], images=[])

    async def post_progress(self, game_id: int, version: int, sent: int) -> None:
        """`sent` messages of the announcement are out: a retry starts after them."""
        await self.repo.post_progress(game_id, version, sent, time.time())

    async def post_done(self, game_id: int, version: int) -> None:
        await self.repo.post_done(game_id, version, time.time())
