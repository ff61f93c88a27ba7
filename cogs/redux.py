"""`/redux …`: Three Kingdoms Redux tables with their options, your hand and generals, and
showing your view in the allies' council.

Turns themselves go through the generic prompt (cogs/turns.py): the engine offers every
decision step by step as legal actions, so "Take my turn" already shows exactly the legal
placements, picks and resolution choices, to the awaited player only. This cog adds what is
particular to Redux: the options of a new table as lists, reading one's own secrets
(ephemeral), and showing one's view to the ally in the council thread that `/game council`
opens (cogs/groups.py) before the alliance action is chosen. The server's data packs are the
house's `/game pack …` (cogs/packs.py).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import catalog, t, text
from bot.service import ServiceError
from bot.service.models import SeatView
from bot.service.options import DESIGNED_PACK
from cogs.common import (
    chunks,
    game_here,
    master,
    player_for,
    post,
    reader_locale,
    reply_lines,
    report_error,
    thread_locale,
)
from cogs.game import open_table
from cogs.packs import suggested

TRADE_RATES = [app_commands.Choice(name="spread: buy dear, sell cheap (default)", value="spread"),
               app_commands.Choice(name="literal: the rulebook's printed rates", value="literal")]
NATIONS = [app_commands.Choice(name="join: seat 1 Wei, seat 2 Wu, seat 3 Shu (default)",
                               value="join"),
           app_commands.Choice(name="random: nations dealt at random", value="random")]
GAME = "redux"


class ReduxCog(commands.Cog):
    redux = app_commands.Group(name="redux", description="Three Kingdoms Redux: tables, your "
                               "hand, your view in the allies' council", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    # -- a new table ----------------------------------------------------------------------
    @redux.command(name="new", description="Open a Redux table in a new thread of this channel")
    @app_commands.describe(pack="The data the game runs on: our designed values or one of "
                           "this server's packs", trade_rates="Gold per lot of rice or "
                           "weapons (ambiguity A2)", nations="Which nation each seat plays")
    @app_commands.choices(trade_rates=TRADE_RATES, nations=NATIONS)
    async def new(self, interaction: discord.Interaction, pack: str = DESIGNED_PACK,
                  trade_rates: app_commands.Choice[str] | None = None,
                  nations: app_commands.Choice[str] | None = None) -> None:
        """The same table flow as `/game new` (thread, seat 1, announcements), with the
        options chosen from lists instead of typed."""
        options: dict[str, object] = {}
        for name, choice in (("trade_rates", trade_rates), ("nations", nations)):
            if choice is not None:
                options[name] = choice.value
        await open_table(interaction, GAME, options, pack)

    @new.autocomplete("pack")
    async def new_pack_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        return await suggested(interaction, GAME, current, designed=True)

    # -- reading the game -----------------------------------------------------------------
    @redux.command(name="hand", description="Your cards, generals and secret picks (only to "
                   "you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        seat_view = await master(interaction).seat_view(await _redux_here(interaction), player)
        await reply_lines(interaction, private_lines(seat_view,
                                                     await reader_locale(interaction)))

    @redux.command(name="generals", description="Every revealed general with stats and "
                   "ability (only to you)")
    async def generals(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat_view = await master(interaction).seat_view(await _redux_here(interaction), None)
        await reply_lines(interaction, generals_lines(seat_view,
                                                      await reader_locale(interaction)))

    # -- the allies' council (opened by /game council) -------------------------------------
    @redux.command(name="share", description="Show your own view (hand, hidden picks) to your "
                   "ally in your council thread")
    async def share(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        if interaction.channel_id is None:
            raise ServiceError(text("redux.use_in_council"))
        seat_view = await master(interaction).shared_view(interaction.channel_id, player,
                                                             GAME)
        place = self.bot.get_partial_messageable(interaction.channel_id,
                                                 guild_id=interaction.guild_id)
        locale = await thread_locale(interaction)
        for message in chunks([t("redux.shows_view", locale, name=player.name),
                               *private_lines(seat_view, locale)]):
            await post(place, message)
        await interaction.edit_original_response(
            content=t("redux.shared", await reader_locale(interaction)))


# -- texts ---------------------------------------------------------------------------------
# Card, general, nation and office names and ability texts are the engine's data, shown as
# the game's data pack words them; only the labels around them are ours.
def private_lines(seat_view: SeatView, locale: str) -> list[str]:
    """One seat's secrets from its own view: the hand of state development cards, generals
    (revealed, picked but hidden, drawn for a pending pick)."""
    me = seat_view.view["players"][seat_view.seat]
    none = t("redux.none", locale)
    lines = [t("redux.seat_line", locale, seat=_seat_name(seat_view, me["seat"]),
               nation=t(f"redux.nation.{me['nation']}", locale), gold=me["gold"], rice=me["rice"],
               support=me["support"]),
             t("redux.hand_head", locale, count=len(me.get("hand", [])))]
    lines += [_card_line(card, locale) for card in me.get("hand", [])] or [none]
    lines.append(t("redux.generals_head", locale))
    lines += [_general_line(g, locale) for g in me["generals"]] or [none]
    if me.get("hidden"):
        lines.append(t("redux.hidden_head", locale))
        lines += [_general_line(g, locale) for g in me["hidden"]]
    if me.get("picking"):
        lines.append(t("redux.picking_head", locale, count=me["picking"]))
        lines += [_general_line(g, locale) for g in me.get("drawn", [])]
    return lines


def generals_lines(seat_view: SeatView, locale: str) -> list[str]:
    lines = []
    for player in seat_view.view["players"]:
        hidden = player["hidden_count"]
        head = t("redux.nation_line", locale, nation=t(f"redux.nation.{player['nation']}", locale),
                 seat=_seat_name(seat_view, player["seat"]))
        lines.append(head + (t("redux.nation_hidden", locale, count=hidden) if hidden else ""))
        lines += ([_general_line(g, locale) for g in player["generals"]]
                  or [t("redux.none", locale)])
    return lines


def _card_line(card: dict[str, Any], locale: str) -> str:
    cost = (", ".join(f"{n} {t(f'redux.resource.{k}', locale)}"
                      for k, n in card["cost"].items() if n)
            or t("redux.free", locale))
    needs = "".join(t("redux.needs", locale, what=t(f"redux.requirement.{r['kind']}", locale),
                      least=r["min"]) for r in card.get("requires", []))
    return t("redux.card_line", locale, name=_name("card", card, locale),
             deck=t(f"redux.deck.{card['deck']}", locale), vp=card["vp"],
             cost=cost, needs=needs, text=_text("card", card, locale))


def _general_line(general: dict[str, Any], locale: str) -> str:
    status = " · " + t("redux.status." + general["status"], locale) \
        if general.get("status") else ""
    ruler = t("redux.ruler", locale) if general.get("ruler") else ""
    return t("redux.general_line", locale, name=_name("general", general, locale), ruler=ruler,
             admin=general["admin"], combat=general["combat"],
             leadership=general["leadership"],
             officer=t(f"redux.officer.{general['officer']}", locale),
             specialties="/".join(t(f"redux.unit.{u}", locale) for u in general["specialties"]),
             status=status,
             text=_text("general", general, locale))


def _name(kind: str, entry: dict[str, Any], locale: str) -> str:
    """A general's or card's name in the reader's language where the catalog has it (the
    designed pack's names, games/redux/locales/names.toml), else the pack's own."""
    key = f"redux.{kind}.{entry['id']}"
    if key in catalog() and catalog()[key]["en"] == entry["name"]:
        return t(key, locale)
    return str(entry["name"])


def _text(kind: str, entry: dict[str, Any], locale: str) -> str:
    """What a general or card does, in the reader's language where the catalog words the
    pack's text (the designed pack's, games/redux/locales/abilities.toml), else as printed."""
    key = f"redux.{kind}.{entry['id']}.text"
    if key in catalog() and catalog()[key]["en"] == entry["text"]:
        return t(key, locale)
    return str(entry["text"])


def _seat_name(seat_view: SeatView, seat: int) -> str:
    return seat_view.table.seats[seat].label


async def _redux_here(interaction: discord.Interaction) -> int:
    game_id = await game_here(interaction)
    if (await master(interaction).table(game_id)).game != GAME:
        raise ServiceError(text("redux.not_redux"))
    return game_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReduxCog(bot))

