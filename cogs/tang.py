"""`/tang council`: the private thread of a camp (Tang, spec T1.1.2).

Turns go through the generic prompt (cogs/turns.py). What is particular to Tang is the camp: the
players whose representatives share a nationality score their camp's average (T4.4), so its
members may talk over their plans where nobody else reads them. The engine declares the camps
of 2+ players as private groups (`TangGame.private_groups`); this command opens the camp's
thread, with its members only, once for the whole game.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t, text
from bot.service import ServiceError
from bot.service.models import Council
from cogs.common import (
    game_here,
    master,
    player_for,
    post,
    reader_locale,
    report_error,
    thread_locale,
)
from cogs.groups import open_group_thread

GAME = "tang"


class TangCog(commands.Cog):
    tang = app_commands.Group(name="tang", description="Tang: your camp's private thread",
                              guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # One thread per camp even when two members ask at the same moment.
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    @tang.command(name="council", description="Your camp: consult in a private thread")
    async def council(self, interaction: discord.Interaction) -> None:
        """Open the camp's thread (or point to it when a member opened it already)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        game_id = await _tang_here(interaction)
        gm = master(interaction)
        async with self._locks[game_id]:
            council = await gm.council(game_id, player)
            if council.thread_id is None:
                locale = await thread_locale(interaction)
                thread_id = await open_group_thread(
                    self.bot, council, t("tang.council_thread", locale, game=game_id))
                council = await gm.open_council(game_id, player, thread_id)
                opened = self.bot.get_partial_messageable(thread_id)
                await post(opened, council_intro(council, locale)
                           if council.thread_id == thread_id  # else another process's first
                           else t("tang.council_elsewhere", locale, thread=council.thread_id))
        await interaction.edit_original_response(content=t(
            "tang.council_ready", await reader_locale(interaction), thread=council.thread_id))


def council_intro(council: Council, locale: str) -> str:
    members = ", ".join(f"<@{s.user_id}>" for s in council.allies)
    return t("tang.council_intro", locale, members=members)


async def _tang_here(interaction: discord.Interaction) -> int:
    game_id = await game_here(interaction)
    if (await master(interaction).table(game_id)).game != GAME:
        raise ServiceError(text("tang.not_tang"))
    return game_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TangCog(bot))
