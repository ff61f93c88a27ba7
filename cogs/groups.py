"""`/game council`: the private thread of a private group (`Game.private_groups`,
bot/service/groups.py), for every game that declares groups: Redux's two allies, once per
round; a Tang camp, once for the whole game. The service decides who belongs and whether a
thread exists for the occasion; this module opens the thread on Discord and words it, in the
game's own terms where its catalog has them (`<game>.groups.*`), else the house's."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Literal

import discord

from bot.i18n import listed, t, text
from bot.service import Council, ServiceError
from bot.service.groups import say
from cogs.common import game_here, master, player_for, post, reader_locale, thread_locale

ARCHIVE_MINUTES: Literal[1440] = 1440  # a day without a message: the thread archives itself


class Councils:
    """Opens the group's thread once per occasion, even when two members ask at the same
    moment (one lock per game); a member asking later is pointed to it."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def answer(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        game_id = await game_here(interaction)
        gm = master(interaction)
        async with self._locks[game_id]:
            council = await gm.council(game_id, player)
            if council.thread_id is None:
                locale = await thread_locale(interaction)
                thread_id = await open_group_thread(self.client, council, say(
                    council.game, "thread", game=game_id, purpose=council.purpose).render(
                        locale))
                council = await gm.open_council(game_id, player, thread_id)
                opened = self.client.get_partial_messageable(thread_id)
                await post(opened, intro(council, locale)
                           if council.thread_id == thread_id  # else another process's first
                           else say(council.game, "elsewhere", thread=council.thread_id)
                           .render(locale))
        await interaction.edit_original_response(content=say(
            council.game, "ready", thread=council.thread_id).render(
                await reader_locale(interaction)))


def intro(council: Council, locale: str) -> str:
    """The thread's first message: who is in it, what for, and who decides (if anyone)."""
    members = listed([f"<@{s.user_id}>" for s in council.allies], locale)
    chooser = council.chooser.name if council.chooser else "-"
    return say(council.game, "intro", members=members, purpose=council.purpose,
               chooser=chooser, button=t("turns.take_turn", locale)).render(locale)


async def open_group_thread(client: discord.Client, council: Council, name: str) -> int:
    """A private thread in the table's channel with the group's members only (not
    invitable, so they cannot add anyone else); its id."""
    channel = client.get_channel(council.channel_id) if council.channel_id is not None else None
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError(text("groups.no_channel"))
    try:
        thread = await channel.create_thread(
            name=name[:100], type=discord.ChannelType.private_thread, invitable=False,
            auto_archive_duration=ARCHIVE_MINUTES)
        # The service refuses a group with an AI; a seat left vacant has nobody to add.
        for user_id in (member.user_id for member in council.allies):
            if user_id is not None:
                await thread.add_user(discord.Object(user_id))
    except discord.Forbidden:
        raise ServiceError(text("groups.no_private_threads")) from None
    return thread.id
