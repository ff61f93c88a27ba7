"""`/campaign …`: leagues and tournaments of games in a server."""

from __future__ import annotations

from discord.ext import commands


class CampaignCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))
