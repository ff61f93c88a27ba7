"""`/me …` (a player's games and settings) and `/deadline …` (a game's turn deadline),
and the task that sends reminders and applies expired deadlines."""

from __future__ import annotations

from discord.ext import commands


class ClockCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClockCog(bot))
