"""Written orders: a whole step typed as lines in a form, for a game whose engine takes them
(`Game.orders_draft`, `Game.orders_action`; the area wargame's action step).

Under such a turn's buttons the prompt adds **Write orders**. It opens a form (a Discord
modal) holding the player's unfinished draft; what is sent is played as one action, so the
engine validates the lines together and names the first bad one, and the player's next
prompt follows as after any choice. Play-by-post players with many areas give a step in one
go, from a phone, instead of a click per order.

A refused form is no dead end. Discord cannot answer a form with another form, so the
refusal's answer keeps the player's lines (in a code block, or a file when they are too long
for a message) under an **Edit my orders** button, which opens the form again holding them.
The lines live in that message, not in the game: a refused batch changes nothing, and the
button still works after a restart.

Like every component of the bot, the form is stateless: its custom id carries the game and
the step's version, and this cog's listener answers its submission. discord.py would keep
each open modal in memory and forget it at a restart; the form is sent already stopped, so
discord.py keeps nothing (it stores only a modal that is not finished) and a form opened
before a restart still works after it.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
from discord import ui
from discord.ext import commands

from bot.i18n import t
from bot.service import ServiceError, TurnPrompt
from cogs import ids
from cogs.common import (
    MESSAGE_LIMIT,
    Refusal,
    fit,
    guarded,
    master,
    player_for,
    reader_locale,
    refusal_text,
    reply,
)
from cogs.turns import after_update
from games.core import GameError

FIELD = "orders"
TEXT_LIMIT = 4000  # Discord's longest text input
TITLE_LIMIT = 45  # a modal's title and a label's text
DESCRIPTION_LIMIT = 100  # a label's description
FENCE = "```"
KEPT_FILE = "orders.txt"  # the lines of a refused form too long for its answer's text
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


class ReorderButton(ui.DynamicItem[ui.Button], template=ids.REORDER):
    """**Edit my orders**, under the answer to a refused form: the form again, holding the
    lines that answer kept."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.primary,
                                   custom_id=ids.reorder_id(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ReorderButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: reopen_form(interaction, self.game_id))


async def reopen_form(interaction: discord.Interaction, game_id: int) -> None:
    """The form of the player's step as it is now, holding the lines the clicked answer
    kept (the step's own draft if it kept none)."""
    await open_form(interaction, game_id, await kept_orders(interaction.message))


async def kept_orders(message: discord.Message | None) -> str | None:
    """The lines a refused form's answer kept: its code block, else its file."""
    if message is None:
        return None
    content = message.content or ""
    start, end = content.find(f"{FENCE}\n"), content.rfind(f"\n{FENCE}")
    if 0 <= start < end:
        return content[start + len(FENCE) + 1:end]
    kept = next((a for a in message.attachments if a.filename == KEPT_FILE), None)
    if kept is None:
        return None
    return (await kept.read()).decode("utf-8", "replace")[:TEXT_LIMIT]


async def open_form(interaction: discord.Interaction, game_id: int,
                    draft: str | None = None) -> None:
    """The form for the player's step as it is now (a modal must be the first answer),
    holding `draft` or else the step's own draft, or a private no when the player owes no
    written orders."""
    player = await player_for(interaction)
    locale = await reader_locale(interaction)
    prompt = await master(interaction).turn_prompt(game_id, player)
    if prompt is None or prompt.orders is None:
        await reply(interaction, t("turns.orders_closed", locale,
                                   button=t("turns.take_turn", locale)))
        return
    await interaction.response.send_modal(orders_form(
        prompt.game_id, prompt.version, prompt.orders if draft is None else draft, locale))


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
    try:
        update = await master(interaction).act_orders(game_id, player, orders,
                                                      version=version,
                                                      interaction_id=str(interaction.id))
    except Refusal as error:
        await refused(interaction, game_id, orders, error)
        return
    await after_update(interaction, update, player, [])


async def refused(interaction: discord.Interaction, game_id: int, orders: str,
                  error: ServiceError | GameError) -> None:
    """The answer to a refused form: why, and the player's lines kept under **Edit my
    orders**, so that correcting them is one press away and nothing typed is lost."""
    locale = await reader_locale(interaction)
    why = refusal_text(error, locale)
    button = t("orders.edit_button", locale)
    view = ui.View(timeout=None)
    view.add_item(ReorderButton(game_id, button))
    text = f"{why}\n{t('orders.kept', locale, button=button)}\n{FENCE}\n{orders}\n{FENCE}"
    if len(text) <= MESSAGE_LIMIT:
        await interaction.edit_original_response(content=text, view=view)
        return
    kept = discord.File(io.BytesIO(orders.encode()), filename=KEPT_FILE)
    await interaction.edit_original_response(
        content=fit(f"{why}\n{t('orders.kept_file', locale, button=button)}"), view=view,
        attachments=[kept])


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
    bot.add_dynamic_items(OrdersButton, ReorderButton)
