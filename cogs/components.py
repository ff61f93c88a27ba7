"""Every click on a button or a menu gets an answer. The bot's components answer their own
clicks (cogs/turns.py, cogs/game.py); this listener answers the rest, which discord.py would
drop and Discord would show as "This interaction failed": an id the bot never made or one
damaged on the way (cogs/ids.py reads ids strictly), an id that is not on the message it was
clicked on, or a menu answer that is not one of its options. The same goes for a submitted
form whose id is not one of the orders forms (cogs/orders.py answers those). Nothing changes
for them."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ext import commands

from bot.i18n import t
from cogs import ids
from cogs.common import reader_locale, reply

log = logging.getLogger(__name__)
SELECT = discord.ComponentType.select.value
_FORM = re.compile(ids.FORM)


class ComponentsCog(commands.Cog):
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        kind = interaction.type
        if kind is discord.InteractionType.component and not answered_by_an_item(
                interaction, custom_id, data):
            await _unknown(interaction, "turns.unknown_component", custom_id)
        # cogs/orders.py answers the bot's own forms
        elif kind is discord.InteractionType.modal_submit and not _FORM.fullmatch(custom_id):
            await _unknown(interaction, "turns.unknown_form", custom_id)


async def _unknown(interaction: discord.Interaction, key: str, custom_id: str) -> None:
    try:
        await reply(interaction, t(key, await reader_locale(interaction)))
    except discord.HTTPException:
        log.warning("Could not answer the unknown component %r", custom_id[:100])


def answered_by_an_item(interaction: discord.Interaction, custom_id: str, data: Any) -> bool:
    """Whether one of the bot's components takes this click (and so answers it)."""
    if not ids.ours(custom_id) or not _offered(interaction.message, custom_id):
        return False
    return data.get("component_type") != SELECT or ids.valid_values(data.get("values") or [])


def _offered(message: discord.Message | None, custom_id: str) -> bool:
    """Whether the message carries a component with this id (discord.py ignores a click on
    one it does not carry)."""
    if message is None:
        return False
    rows: list[Any] = list(message.components)
    return any(getattr(child, "custom_id", None) == custom_id
               for row in rows for child in getattr(row, "children", [row]))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ComponentsCog())
