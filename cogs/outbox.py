"""The outbox's poster: announcements whose poster died (the bot was killed between storing a
change and posting it, or in the middle of posting) are posted here, once, in order per game.

The interaction that made a change posts its announcement at once and marks it done
(cogs/turns.py `announce`); this task takes over only entries whose lease ran out
(storage/outbox.py), so it never races a live poster. Its first pass runs as soon as the bot
is connected: what a crash left unsaid goes out right after a restart."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from cogs.common import master_of
from cogs.turns import announce

if TYPE_CHECKING:
    from bot.discord.client import GameBot

log = logging.getLogger(__name__)
INTERVAL = 5.0  # seconds between two passes


class OutboxCog(commands.Cog):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

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
        Their actors get their secret lines by DM: the answer to their click is gone."""
        gm = master_of(self.bot)
        posts = await gm.claim_posts()
        for post in posts:
            await announce(self.bot, await gm.post_update(post), actor=None, sent=post.progress)
        return len(posts)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(OutboxCog(bot))
