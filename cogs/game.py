"""`/game …` (tables, reading the game) and `/move` (a typed action with autocomplete).

Every command acknowledges the interaction first (an ephemeral "thinking" answer), because
the service may load, replay or render; what everyone should see is posted in the game's
thread, what only the user should see is the ephemeral answer.
"""

from __future__ import annotations

import dataclasses
import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.options import parse_options
from bot.service import GameMaster, ServiceError, Table
from cogs.common import (
    basic_player,
    game_here,
    master,
    player_for,
    post,
    reply_lines,
    report_error,
    seat_list,
    table_place,
    table_text,
)
from cogs.turns import after_update
from games.core.agents import AGENTS

log = logging.getLogger(__name__)

CHOICES_LIMIT = 25
CHOICE_LENGTH = 100
GAME_CHOICES = [app_commands.Choice(name=title[:CHOICE_LENGTH], value=name)
                for name, title in GameMaster.game_names()][:CHOICES_LIMIT]
AI_CHOICES = [app_commands.Choice(name=kind, value=kind) for kind in AGENTS]
OPTIONS_HELP = ("Write options as name=value separated by spaces or commas, for example "
                "`advanced=true`.")


def read_options(text: str) -> dict[str, object]:
    """Only reads the text; which names and values a game accepts is the service's business."""
    try:
        return parse_options(text)
    except ValueError as error:
        raise ServiceError(f"{error} {OPTIONS_HELP}") from None


async def open_table(interaction: discord.Interaction, game: str,
                     options: dict[str, object]) -> None:
    """Open a table in a new public thread of this channel, the user in seat 1; shared by
    `/game new` and the game groups (`/redux new`) that offer options as lists."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError("Open a table from a text channel (not a thread): each game "
                           "gets its own thread there.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    table = await master(interaction).new_game(
        game=game, guild_id=interaction.guild_id, channel_id=channel.id,
        creator=player, options=options)
    thread = await _open_thread(interaction, channel, table)
    if thread is None:
        await post(channel, table_text(table))
        await interaction.edit_original_response(
            content="I may not create threads here, so the game is played in this channel.")
        return
    await post(thread, table_text(table))
    await post(channel, f"{player.name} opened a table of **{table.title}** (game "
                        f"{table.game_id}): join in {thread.mention} with `/game join`.")
    await interaction.edit_original_response(
        content=f"Your table is ready in {thread.mention}; you hold seat 1.")


async def _open_thread(interaction: discord.Interaction, channel: discord.TextChannel,
                       table: Table) -> discord.Thread | None:
    """The game's own public thread, or None when the bot lacks the permission."""
    name = f"{table.title} · game {table.game_id}"[:100]
    try:
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    except discord.Forbidden:
        log.info("No permission to create a thread in channel %s", channel.id)
        return None
    await master(interaction).set_thread(table.game_id, thread.id)
    return thread


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and follow a board game "
                              "played by post", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    # -- tables -------------------------------------------------------------------------
    @game.command(name="new", description="Open a table in a new thread of this channel")
    @app_commands.describe(game="The game to play",
                           options="Table options as name=value, e.g. advanced=true")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  options: str | None = None) -> None:
        await open_table(interaction, game.value, read_options(options or ""))

    @game.command(name="join", description="Take a seat at the table of this thread")
    async def join(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        table = await master(interaction).join(await game_here(interaction), player)
        await self._seats_changed(interaction, table, f"{player.name} joined.")

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        table = await master(interaction).leave(await game_here(interaction), player)
        await self._seats_changed(interaction, table, f"{player.name} left.")

    @game.command(name="ai", description="Seat an AI player at this table")
    @app_commands.describe(kind="How the AI plays")
    @app_commands.choices(kind=AI_CHOICES)
    async def ai(self, interaction: discord.Interaction,
                 kind: app_commands.Choice[str] | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        table = await master(interaction).add_ai(await game_here(interaction), player,
                                                 kind.value if kind else "heuristic")
        await self._seats_changed(interaction, table, f"{player.name} seated an AI.")

    async def _seats_changed(self, interaction: discord.Interaction, table: Table,
                             news: str) -> None:
        await post(table_place(self.bot, table),
                   f"{news} Seats {len(table.seats)}/{table.max_players}: {seat_list(table)}")
        await interaction.edit_original_response(content=f"Done. {news}")

    @game.command(name="start", description="Deal and start the game once everyone is seated")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).start(await game_here(interaction), player)
        opening = f"**{update.table.title}** begins! Seats: {seat_list(update.table)}"
        update = dataclasses.replace(update, public=[opening, *update.public])
        await after_update(interaction, update, player, ["The game has started."])

    # -- reading ------------------------------------------------------------------------
    @game.command(name="status", description="The public state of this game (only to you)")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await master(interaction).status_text(await game_here(interaction))
        await reply_lines(interaction, text.splitlines())

    @game.command(name="board", description="The current board image (only to you)")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await master(interaction).board_png(await game_here(interaction))
        await interaction.followup.send(file=discord.File(io.BytesIO(png), "board.png"),
                                        ephemeral=True)

    @game.command(name="log", description="The latest events of this game, with your secrets")
    @app_commands.describe(limit="How many events (1-50)")
    async def log(self, interaction: discord.Interaction,
                  limit: app_commands.Range[int, 1, 50] = 20) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        lines = await master(interaction).log_lines(await game_here(interaction), player,
                                                    limit)
        await reply_lines(interaction, lines or ["Nothing has happened yet."])

    @game.command(name="hand", description="Your hand and secret information (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        text = await master(interaction).private_text(await game_here(interaction), player)
        await reply_lines(interaction, text.splitlines())

    # -- typed moves --------------------------------------------------------------------
    @app_commands.command(name="move", description="Play an action by typing it")
    @app_commands.describe(action="The action, e.g. `pass`; suggestions show what you can do")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).act(await game_here(interaction), player, action,
                                               interaction_id=str(interaction.id))
        await after_update(interaction, update, player, [f"You played **{action}**."])

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """The player's legal actions matching what they typed; silence when they owe
        nothing or there is no game here (autocomplete cannot show errors)."""
        try:
            game_id = await game_here(interaction)
            actions = await master(interaction).legal_actions(game_id,
                                                              basic_player(interaction))
        except ServiceError:
            return []
        typed = current.strip().lower()
        choices = []
        for action in actions:
            label = action.label or action.text
            if len(action.text) > CHOICE_LENGTH:
                continue  # Discord cannot carry it; the buttons of the prompt can
            if typed in action.text.lower() or typed in label.lower():
                name = label if label == action.text else f"{label} — {action.text}"
                choices.append(app_commands.Choice(name=name[:CHOICE_LENGTH],
                                                   value=action.text))
            if len(choices) == CHOICES_LIMIT:
                break
        return choices


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
