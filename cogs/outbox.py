"""The outbox's poster: announcements whose poster died (the bot was killed between storing a
change and posting it, or in the middle of posting) are posted here, once, in order per game.

The interaction that made a change posts its announcement at once and marks it done
(cogs/posting.py `announce`); this task takes over only entries whose lease ran out
(storage/outbox.py), so it never races a live poster, and the entries stored before this bot
started, whose poster is gone (one bot process per database: with several processes on one
PostgreSQL the lease alone decides). Its first pass runs as soon as the bot is connected:
what a crash left unsaid goes out right after a restart. It posts for every guild, not only
those of this process's shards: posting is a REST call, so a dead process's guilds hear
what it left unsaid from the others (docs/deploying.md, "Several processes")."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.common import master_of
from cogs.turns import announce

if TYPE_CHECKING:
    from bot.discord.client import GameBot
    from storage.outbox import PostRecord

log = logging.getLogger(__name__)
INTERVAL = 5.0  # seconds between two passes


class OutboxCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.started = time.time()  # what was stored before is nobody's to post any more

    async def cog_load(self) -> None:
        self.poster.start()

    async def cog_unload(self) -> None:
        self.poster.cancel()

    @tasks.loop(seconds=INTERVAL)
    async def poster(self) -> None:
        try:
            await self.flush()
        except Exception:  # the next pass tries again
            log.exception("The outbox's pass failed")

    @poster.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()

    async def flush(self) -> int:
        """Posts what is left of every unfinished announcement; returns how many it took.

        A claim hands over only the oldest pending entry of each game (their order is the
        game's), so the pass claims again after posting until nothing is left: a bot killed
        behind a busy table's boards leaves dozens of entries of one game, and one a pass
        would take minutes to catch up. An entry that fails stays claimed until its lease
        runs out, so the pass ends and the next one retries it."""
        gm = master_of(self.bot)
        taken = 0
        while posts := await gm.claim_posts(orphaned_before=self.started):
            for post in posts:
                await self._post(post)
            taken += len(posts)
        return taken

    async def _post(self, post: PostRecord) -> None:
        """One entry; a failure is logged and leaves the other games' entries to go on."""
        gm = master_of(self.bot)
        try:
            update, actor = await gm.post_update(post)
            await announce(self.bot, update, actor=actor, sent=post.progress, recovered=True)
        except Exception:  # its lease runs out, and a later pass tries it again
            log.exception("Could not post the announcement of game %s at version %s",
                          post.game_id, post.version)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(OutboxCog(bot))
