"""A player's prompt comes back to them while they still hold it open.

A player who has just acted reads "Done — waiting for others" in their own ephemeral
message. When their next decision comes while Discord still lets the bot edit that message
(an interaction's token answers for 15 minutes), the message becomes their new prompt at
once, so a table that plays live needs no **Take my turn** press between two turns; the
thread still mentions them, and after that time, or a restart, the button opens it as ever.
Kept in memory per process: a guild's interactions all reach the process of its shard.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

import discord

from bot.service import Player

log = logging.getLogger(__name__)
LIFETIME = 14 * 60.0  # seconds: within Discord's 15 minutes, with room for the edit itself
Show = Callable[[discord.Interaction, int, Player], Awaitable[None]]


@dataclass(frozen=True)
class HeldPrompt:
    interaction: discord.Interaction
    player: Player
    at: float  # time.monotonic() of the answer that left it open


_HELD: weakref.WeakKeyDictionary[discord.Client, dict[tuple[int, int], HeldPrompt]] = \
    weakref.WeakKeyDictionary()


_NEWEST: weakref.WeakKeyDictionary[discord.Client, dict[tuple[int, int], int]] = \
    weakref.WeakKeyDictionary()


def drawing(client: discord.Client, game_id: int, user_id: int, version: int) -> None:
    """Notes that a prompt of `version` is going onto one of the player's messages."""
    newest = _NEWEST.setdefault(client, {})
    newest[(game_id, user_id)] = max(version, newest.get((game_id, user_id), version))


def outdated(client: discord.Client, game_id: int, user_id: int, version: int) -> bool:
    """Whether a newer prompt already went to the player. A prompt brought back is read
    before its edit is sent; when the player answers meanwhile, their answer's newer prompt
    reaches the message first, and the late edit would put back a step they have played
    (whose buttons then only say "already taken")."""
    return version < _NEWEST.get(client, {}).get((game_id, user_id), version)


_PRESSED: weakref.WeakKeyDictionary[discord.Client, dict[tuple[int, int], dict[int, int]]] = \
    weakref.WeakKeyDictionary()
PRESSED_KEPT = 8  # a player's prompt messages remembered per game, newest last


def pressing(interaction: discord.Interaction, game_id: int, user_id: int,
             version: int) -> bool:
    """Notes a press on a prompt of `version`; whether that message was pressed at that
    version before (a second press of one step, whose first press's answer is the
    message's to show). Any other press on an older step comes from a prompt left open
    elsewhere, which is brought up to date (cogs/turns.py `_stale`)."""
    if interaction.message is None:
        return False
    pressed = _PRESSED.setdefault(interaction.client, {}).setdefault((game_id, user_id), {})
    again = pressed.pop(interaction.message.id, None) == version
    pressed[interaction.message.id] = version
    while len(pressed) > PRESSED_KEPT:
        del pressed[next(iter(pressed))]
    return again


def hold(interaction: discord.Interaction, game_id: int, player: Player) -> None:
    """The player's ephemeral answer in this game, to bring their next decision back to."""
    _HELD.setdefault(interaction.client, {})[(game_id, player.user_id)] = HeldPrompt(
        interaction, player, time.monotonic())


async def bring_back(bot: discord.Client, game_id: int, users: Iterable[int],
                     show: Show) -> set[int]:
    """Edits the held message of each of `users` into their prompt where it is still
    young enough; returns those whose prompt came back. A refused edit (the player
    dismissed the message, the token ran out early) is no fault: the button still works."""
    held = _HELD.get(bot, {})
    back: set[int] = set()
    for user in users:
        found = held.pop((game_id, user), None)
        if found is None or time.monotonic() - found.at > LIFETIME:
            continue
        try:
            await show(found.interaction, game_id, found.player)
        except discord.HTTPException:
            log.info("The prompt of user %s in game %s could not come back", user, game_id)
            continue
        back.add(user)
    return back
