"""`/gm …`: moderator tools. A moderator is a member with Manage Server or the guild's
moderator role (`/gm role`, which only Manage Server may set). The cog refuses
non-moderators early with a clear answer; the service checks again and audits every use."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Player, ServiceError, Table, Update
from cogs.common import (
    game_here,
    manages_server,
    master,
    player_for,
    post,
    report_error,
    table_place,
)
from cogs.turns import announce

NOT_MODERATOR = ("Only a moderator can do that: members with the Manage Server permission "
                 "or the moderator role chosen with `/gm role`.")
NOT_MANAGER = "Only members with the Manage Server permission can choose the moderator role."


async def moderator(interaction: discord.Interaction) -> Player:
    """Acknowledge first (the role lookup reads the database), then refuse non-moderators."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    if not player.is_moderator:
        raise ServiceError(NOT_MODERATOR)
    return player


class ModerationCog(commands.Cog):
    gm = app_commands.Group(name="gm", description="Moderator tools for the game of this "
                            "thread", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    async def _publish(self, interaction: discord.Interaction, outcome: Table | Update,
                       news: str) -> None:
        """Everyone learns what a moderator did: an Update is announced like any turn, a
        bare table change gets one line."""
        if isinstance(outcome, Update):
            await announce(self.bot, outcome, actor=None)
        else:
            await post(table_place(self.bot, outcome), news)
        await interaction.edit_original_response(content=f"Done. {news}")

    @gm.command(name="undo", description="Take back the last player move (and the AI moves "
                "after it)")
    async def undo(self, interaction: discord.Interaction) -> None:
        by = await moderator(interaction)
        update = await master(interaction).undo(await game_here(interaction), by)
        await self._publish(interaction, update, "The last move was taken back.")

    @gm.command(name="replace", description="Give a seat to another member, or to an AI")
    @app_commands.describe(seat="The seat number (1 is the first seat)",
                           user="The member who takes the seat; leave empty for an AI")
    async def replace(self, interaction: discord.Interaction,
                      seat: app_commands.Range[int, 1, 25],
                      user: discord.Member | None = None) -> None:
        by = await moderator(interaction)
        new = Player(user.id, user.display_name) if user else None
        outcome = await master(interaction).replace(await game_here(interaction), by,
                                                    seat - 1, new)
        who = new.name if new else "an AI"
        await self._publish(interaction, outcome,
                            f"{by.name} (moderator) gave seat {seat} to {who}.")

    @gm.command(name="kick", description="Remove a player; an AI takes their seat")
    @app_commands.describe(user="The player to remove")
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        by = await moderator(interaction)
        outcome = await master(interaction).kick(await game_here(interaction), by, user.id)
        await self._publish(interaction, outcome,
                            f"{by.name} (moderator) removed {user.display_name}; an AI "
                            "plays their seat.")

    @gm.command(name="pause", description="Pause the game: nobody can act until resumed")
    async def pause(self, interaction: discord.Interaction) -> None:
        by = await moderator(interaction)
        table = await master(interaction).pause(await game_here(interaction), by)
        await self._publish(interaction, table, f"⏸ {by.name} (moderator) paused the game.")

    @gm.command(name="resume", description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction) -> None:
        by = await moderator(interaction)
        table = await master(interaction).resume(await game_here(interaction), by)
        await self._publish(interaction, table, f"▶ {by.name} (moderator) resumed the game.")

    @gm.command(name="end", description="End the game now, with or without final scores")
    @app_commands.describe(scored="Score the game as it stands (default) or abandon it")
    async def end(self, interaction: discord.Interaction, scored: bool = True) -> None:
        by = await moderator(interaction)
        update = await master(interaction).end(await game_here(interaction), by, scored)
        await self._publish(interaction, update, "The game was ended.")

    @gm.command(name="role", description="Choose the moderator role of this server (Manage "
                "Server only)")
    @app_commands.describe(role="The moderator role; leave empty to clear it")
    async def role(self, interaction: discord.Interaction,
                   role: discord.Role | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not manages_server(interaction) or interaction.guild_id is None:
            raise ServiceError(NOT_MANAGER)
        by = Player(interaction.user.id, interaction.user.display_name, is_moderator=True)
        await master(interaction).set_moderator_role(interaction.guild_id,
                                                     role.id if role else None, by)
        text = (f"Moderators are now members with Manage Server or the role {role.mention}."
                if role else "Moderator role cleared: only Manage Server moderates.")
        await interaction.edit_original_response(
            content=text, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerationCog(bot))
