"""The private thread of a private group (`Game.private_groups`, bot/service/groups.py), for
any game whose own cog offers its players a way to consult: Redux's `/redux council`."""

from __future__ import annotations

from typing import Literal

import discord

from bot.i18n import text
from bot.service import Council, ServiceError

ARCHIVE_MINUTES: Literal[1440] = 1440  # a day without a message: the thread archives itself


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
