"""Written orders: a whole step typed as lines in a form, for a game whose engine takes them
(`Game.orders_draft`, `Game.orders_action`; the area wargame's action step).

Under such a turn's buttons the prompt adds **Write orders**. It opens a form (a Discord
modal) holding the player's unfinished draft; what is sent is played as one action, so the
engine validates the lines together and names the first bad one, and the player's next
prompt follows as after any choice. Play-by-post players with many areas give a step in one
go, from a phone, instead of a click per order.

Like every component of the bot, the form is stateless: its custom id carries the game and
the step's version, and this cog's listener answers its submission. discord.py would keep
each open modal in memory and forget it at a restart; the form is sent already stopped, so
discord.py keeps nothing (it stores only a modal that is not finished) and a form opened
before a restart still works after it.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import ui
from discord.ext import commands

from bot.i18n import t
from bot.service import TurnPrompt
from cogs import ids
from cogs.common import fit, guarded, master, player_for, reader_locale, reply
from cogs.turns import after_update

FIELD = "orders"
TEXT_LIMIT = 4000  # Discord's longest text input
TITLE_LIMIT = 45  # a modal's title and a label's text
DESCRIPTION_LIMIT = 100  # a label's description
_FORM = re.compile(ids.FORM)


class OrdersButton(ui.DynamicItem[ui.Button], template=ids.ORDERS):
    """**Write orders**, under a turn prompt whose engine offers an orders form."""

    def __init__(self, game_id: int, version: int, label: str | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.primary,
                                   custom_id=ids.orders_id(game_id, version)))
        self.game_id, self.version = game_id, version

    @classmethod
    def offering(cls, prompt: TurnPrompt, locale: str) -> OrdersButton:
        return cls(prompt.game_id, prompt.version, t("turns.orders_button", locale))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> OrdersButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: open_form(interaction, self.game_id))


async def open_form(interaction: discord.Interaction, game_id: int) -> None:
    """The form for the player's step as it is now (a modal must be the first answer), or a
    private no when the player owes no written orders."""
    player = await player_for(interaction)
    locale = await reader_locale(interaction)
    prompt = await master(interaction).turn_prompt(game_id, player)
    if prompt is None or prompt.orders is None:
        await reply(interaction, t("turns.orders_closed", locale,
                                   button=t("turns.take_turn", locale)))
        return
    await interaction.response.send_modal(orders_form(prompt.game_id, prompt.version,
                                                      prompt.orders, locale))


def orders_form(game_id: int, version: int, draft: str, locale: str) -> ui.Modal:
    """The form of one step, already stopped so that discord.py does not keep it."""
    form = ui.Modal(title=fit(t("turns.orders_title", locale, game=game_id), TITLE_LIMIT),
                    custom_id=f"gm:form:{game_id}:{version}", timeout=None)
    field: ui.TextInput[ui.Modal] = ui.TextInput(
        custom_id=FIELD, style=discord.TextStyle.paragraph, default=draft[:TEXT_LIMIT] or None,
        max_length=TEXT_LIMIT)
    form.add_item(ui.Label(text=fit(t("turns.orders_label", locale), TITLE_LIMIT),
                           description=fit(t("turns.orders_hint", locale), DESCRIPTION_LIMIT),
                           component=field))
    form.stop()
    return form


def typed_orders(data: Any) -> str:
    """The text of the form's field in a submission, as Discord sends it: inside a label
    (`component`) or, from older clients, an action row (`components`)."""
    if isinstance(data, dict):
        if data.get("custom_id") == FIELD and isinstance(data.get("value"), str):
            return data["value"]
        return next((found for key in ("component", "components")
                     if (found := typed_orders(data.get(key)))), "")
    if isinstance(data, list):
        return next((found for item in data if (found := typed_orders(item))), "")
    return ""


async def submit(interaction: discord.Interaction, game_id: int, version: int,
                 orders: str) -> None:
    """Play the orders at the version the form was opened for; the player's answer is their
    private lines and next prompt, as after a click."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    update = await master(interaction).act_orders(game_id, player, orders, version=version,
                                                  interaction_id=str(interaction.id))
    await after_update(interaction, update, player, [])


class OrdersCog(commands.Cog):
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        data: Any = interaction.data or {}
        found = _FORM.fullmatch(str(data.get("custom_id", "")))
        if found is None:
            return
        await guarded(interaction, lambda: submit(interaction, int(found["game"]),
                                                  int(found["version"]),
                                                  typed_orders(data.get("components"))))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(OrdersCog())
    bot.add_dynamic_items(OrdersButton)
