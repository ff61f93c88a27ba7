"""Who a member names in a user option, as the service knows them. Only Discord knows a bot
account from a member, so the cogs read it here, where the option is parsed, and the service
refuses to seat it (a bot never plays: it would be pinged "your turn" and the game would
stall on it), whichever bot it is."""

from __future__ import annotations

import discord

from bot.service import Player


def seat_taker(user: discord.User | discord.Member) -> Player:
    """The member about to get a seat (a handover, a replacement), bot or not."""
    return Player(user.id, user.display_name, bot=user.bot)
