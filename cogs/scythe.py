"""`/scythe …`: Scythe tables with their options, and your own secrets (combat cards,
objectives, the Factory card) and mat at a glance.

Turns go through the generic prompt (cogs/turns.py): the engine offers every decision step
by step as legal actions (the section, then each action's choices: which unit moves where,
what it carries, which territories produce, which tokens pay), to the awaited player only.
A combat asks both sides at once, each in their own private prompt, and reveals the dials
together; an encounter asks the player whose character met it.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t, text
from bot.service import ServiceError
from bot.service.models import SeatView
from cogs.common import (
    game_here,
    master,
    player_for,
    reader_locale,
    reply_lines,
    report_error,
)
from cogs.game import open_table

GAME = "scythe"
ASSIGNMENT = [
    app_commands.Choice(name="random: a faction and a player mat dealt to each seat (default)",
                        value="random"),
    app_commands.Choice(name="draft: seat 1, 2, ... each picks a faction and a mat",
                        value="draft")]
COINS = [app_commands.Choice(name="visible: everyone sees everyone's coins (default)",
                             value="visible"),
         app_commands.Choice(name="hidden: each player sees only their own coins",
                             value="hidden")]
RULINGS = {  # option -> what it changes (docs/scythe-engine.md; spec ambiguities)
    "wayfare_unassigned_bases": "Crimea's Wayfare may also reach the two unassigned home "
                                "bases (A16)",
    "disarm_counts_own_mine": "Saxony's Disarm also works on a territory with its own Mine "
                              "(A5)",
    "camaraderie_covers_move_in": "Polania's Camaraderie also spares popularity when its "
                                  "units move onto workers (A6)",
}


class ScytheCog(commands.Cog):
    scythe = app_commands.Group(name="scythe", description="Scythe: tables, your combat "
                                "cards, objectives and mat", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    @scythe.command(name="new", description="Open a Scythe table (2-5 players) in a new "
                    "thread of this channel")
    @app_commands.describe(
        assignment="How factions and player mats are given out",
        coins="Whether players see each other's coins (the rules let them be hidden)",
        wayfare_unassigned_bases=RULINGS["wayfare_unassigned_bases"] + "; default yes",
        disarm_counts_own_mine=RULINGS["disarm_counts_own_mine"] + "; default no",
        camaraderie_covers_move_in=RULINGS["camaraderie_covers_move_in"] + "; default no")
    @app_commands.choices(assignment=ASSIGNMENT, coins=COINS)
    async def new(self, interaction: discord.Interaction,
                  assignment: app_commands.Choice[str] | None = None,
                  coins: app_commands.Choice[str] | None = None,
                  wayfare_unassigned_bases: bool | None = None,
                  disarm_counts_own_mine: bool | None = None,
                  camaraderie_covers_move_in: bool | None = None) -> None:
        """The same table flow as `/game new` (thread, seat 1, announcements), with the
        options chosen from lists instead of typed."""
        options: dict[str, Any] = {}
        if assignment is not None:
            options["assignment"] = assignment.value
        if coins is not None:
            options["coins_visible"] = coins.value == "visible"
        rulings = {"wayfare_unassigned_bases": wayfare_unassigned_bases,
                   "disarm_counts_own_mine": disarm_counts_own_mine,
                   "camaraderie_covers_move_in": camaraderie_covers_move_in}
        options |= {name: value for name, value in rulings.items() if value is not None}
        await open_table(interaction, GAME, options)

    @scythe.command(name="hand", description="Your combat cards, objectives, Factory card "
                    "and mat (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        game_id = await _scythe_here(interaction)
        seat_view = await master(interaction).seat_view(game_id, player)
        await reply_lines(interaction, private_lines(seat_view,
                                                     await reader_locale(interaction)))


def private_lines(seat_view: SeatView, locale: str) -> list[str]:
    """One seat's secrets and mat from its own view, in the reader's language: faction, mat,
    objective and card names are the engine's terms (games/scythe/locales/names.toml)."""
    view, seat = seat_view.view, seat_view.seat
    if seat is None:
        return [t("scythe.no_seat", locale)]
    me = view["players"][seat]
    if not me.get("faction"):
        return [t("scythe.drafting", locale)]
    lines = [t("scythe.mat_line", locale, faction=t(f"scythe.faction.{me['faction']}", locale),
               mat=t(f"scythe.mat.{me['mat']}", locale), power=me["power"],
               popularity=me["popularity"], coins=me["coins"],
               stars=sum(me["stars"].values()))]
    values = sorted((c["value"] for c in me.get("cards", [])), reverse=True)
    lines.append(t("scythe.combat_cards", locale, count=len(values),
                   values=", ".join(str(v) for v in values) or t("scythe.none", locale)))
    lines.append(t("scythe.objectives_head", locale))
    held = [f"scythe.objective.{o['id']}" for o in me.get("objectives", [])]
    lines += [f"- {t(key, locale)}: {t(key + '.text', locale)}" for key in held] \
        or [t("scythe.no_objectives", locale)]
    done = [t(f"scythe.objective.{o}", locale) for o in me.get("objectives_done", [])]
    if done:
        lines.append(t("scythe.revealed", locale, objectives=tuple(done)))
    card = me.get("factory_card")
    lines.append(t("scythe.factory_card", locale, card=t(f"scythe.factory.{card}", locale))
                 if card else t("scythe.no_factory_card", locale))
    return lines


async def _scythe_here(interaction: discord.Interaction) -> int:
    game_id = await game_here(interaction)
    if (await master(interaction).table(game_id)).game != GAME:
        raise ServiceError(text("scythe.not_scythe"))
    return game_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ScytheCog(bot))
