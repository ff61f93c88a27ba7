"""The one extension the bot loads: the house's cogs, then the extra cog `cogs/<name>.py` of
every registered game that declares one (`Game.extra_commands`), then the persistent
components (so buttons posted before a restart still work).

It is a module of its own, not the package's `__init__`: discord.py forgets every submodule of
an extension when it unloads it, and the whole `cogs` package must not be forgotten."""

from __future__ import annotations

from discord.ext import commands

from cogs.turns import DYNAMIC_ITEMS
from games.core import all_games

HOUSE_COGS = ("cogs.game", "cogs.moderation", "cogs.clock", "cogs.campaign", "cogs.outbox",
              "cogs.components", "cogs.orders")


def extensions() -> list[str]:
    return [*HOUSE_COGS, *(f"cogs.{game.name}" for game in all_games() if game.extra_commands)]


async def setup(bot: commands.Bot) -> None:
    for extension in extensions():
        await bot.load_extension(extension)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
