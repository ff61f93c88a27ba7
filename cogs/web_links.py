"""The web table from Discord: **Open my view** in a player's private answers, **Board**
under each posted board, `/game board live:true`.

They appear only when the web table is served with a public address (GM_WEB_PORT and
GM_WEB_URL, docs/deploying.md): a link to this machine's localhost opens nothing for the
other members. A seat's private link is made when shown, so a link revoked by
`/me links revoke` is replaced by the next answer's.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import ui

from bot.i18n import t
from bot.service import Player, ServiceError
from cogs import ids
from cogs.common import guarded, master, player_for, reader_locale

if TYPE_CHECKING:
    from bot.discord.client import GameBot
    from bot.web.table import WebTable

ENDED = ("finished", "abandoned")


def web_table(client: discord.Client) -> WebTable | None:
    """The web table whose links members can open, or None when it is off."""
    bot: GameBot = client  # type: ignore[assignment]
    return bot.web_table if bot.settings.web_url else None


def launches_activity(client: discord.Client) -> bool:
    """Whether the operator turned the application's Activities on (GM_ACTIVITY=1)."""
    bot: GameBot = client  # type: ignore[assignment]
    return bot.settings.activity


async def my_link(client: discord.Client, game_id: int, player: Player) -> str | None:
    """The player's private page of the game; None when the web table is off or they hold
    no seat there."""
    table = web_table(client)
    if table is None:
        return None
    try:
        return await table.private_link(game_id, player)
    except ServiceError:
        return None


def add_my_view(view: ui.View, link: str | None, locale: str) -> None:
    """**Open my view**, a link button (it opens the page, the bot hears nothing)."""
    if link is not None:
        view.add_item(ui.Button(label=t("web.open_my_view", locale), url=link,
                                style=discord.ButtonStyle.link))


def my_view(link: str | None, locale: str) -> dict[str, Any]:
    """`view=` with **Open my view** for a send, or nothing without a link."""
    view = ui.View(timeout=None)
    add_my_view(view, link, locale)
    return {"view": view} if view.children else {}


async def answer_board(interaction: discord.Interaction,
                       game: Callable[[], Awaitable[int]]) -> None:
    """The live board of `game()`: the Activity when the application has one, else the
    game's public page and, for a seated player, their own; a clear sentence for a game
    that ended or is gone. Launching the Activity must be the interaction's first answer,
    so only then is the game read before answering."""
    web = web_table(interaction.client)
    activity = web is not None and launches_activity(interaction.client)
    if not activity:
        await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await reader_locale(interaction)
    game_id = await game()
    said = await _not_live(interaction, web, game_id, locale)
    if said is None and activity:
        await interaction.response.launch_activity()
        return
    view: dict[str, Any] = {}
    if said is None and web is not None:
        said = t("web.board_links", locale, game=game_id, link=web.public_link(game_id))
        view = my_view(await my_link(interaction.client, game_id,
                                     await player_for(interaction)), locale)
    if activity:
        await interaction.response.send_message(said or "", ephemeral=True)
    else:
        await interaction.followup.send(said or "", ephemeral=True, **view)


async def _not_live(interaction: discord.Interaction, web: WebTable | None, game_id: int,
                    locale: str) -> str | None:
    """Why the game has no live board to open (off, gone, not started, ended), or None."""
    if web is None:
        return t("web.board_off", locale)
    try:
        table = await master(interaction).table(game_id)
    except ServiceError:
        return t("web.board_gone", locale, game=game_id)
    if table.status == "open":
        return t("web.board_not_started", locale, game=game_id)
    if table.status in ENDED:
        return t("web.board_ended", locale, game=game_id, link=web.public_link(game_id))
    return None


class BoardButton(ui.DynamicItem[ui.Button], template=ids.LIVE):
    """**Board** under a posted board: the live board (`answer_board`)."""

    def __init__(self, game_id: int, label: str | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=ids.live_id(game_id)))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> BoardButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def this_game() -> int:
            return self.game_id

        await guarded(interaction, lambda: answer_board(interaction, this_game))
