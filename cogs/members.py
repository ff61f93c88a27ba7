"""Who a member names in a user option, as the service knows them. Only Discord knows a bot
account from a member, so the cogs read it here, where the option is parsed: a bot never
plays (it would be pinged "your turn" and the game would stall on it), whichever bot it is."""

from __future__ import annotations

import discord

from bot.i18n import text
from bot.service import Player, ServiceError


def seat_taker(user: discord.User | discord.Member) -> Player:
    """The member about to get a seat (a handover, a replacement); a bot is refused."""
    if user.bot:
        raise ServiceError(text("core.bot_no_seat", name=user.display_name))
    return Player(user.id, user.display_name)
