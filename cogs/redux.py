"""`/redux …`: Three Kingdoms Redux tables with their options, the server's data packs, your
hand and generals, and the allies' council.

Turns themselves go through the generic prompt (cogs/turns.py): the engine offers every
decision step by step as legal actions, so "Take my turn" already shows exactly the legal
placements, picks and resolution choices, to the awaited player only. This cog adds what is
particular to Redux: choosing a data pack and the options for a new table, the moderators'
pack commands, reading one's own secrets (ephemeral), and a private thread where the two allies
consult and show each other their views before the alliance action is chosen.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import catalog, t, text
from bot.service import ServiceError
from bot.service.models import Council, PackInfo, SeatView
from bot.service.options import DESIGNED_PACK
from bot.service.packs import PACK_NAME
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
from cogs.game import CHOICE_LENGTH, CHOICES_LIMIT, open_table
from cogs.groups import open_group_thread
from cogs.moderation import moderator

MAX_PACK_BYTES = 512 * 1024  # the designed pack is far smaller; a bigger file is a mistake
TRADE_RATES = [app_commands.Choice(name="spread: buy dear, sell cheap (default)", value="spread"),
               app_commands.Choice(name="literal: the rulebook's printed rates", value="literal")]
NATIONS = [app_commands.Choice(name="join: seat 1 Wei, seat 2 Wu, seat 3 Shu (default)",
                               value="join"),
           app_commands.Choice(name="random: nations dealt at random", value="random")]
GAME = "redux"


class ReduxCog(commands.Cog):
    redux = app_commands.Group(name="redux", description="Three Kingdoms Redux: tables, data "
                               "packs, your hand, the allies' council", guild_only=True)
    pack = app_commands.Group(name="pack", description="The server's data packs (printed "
                              "cards replacing our designed values)", parent=redux)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        # One council thread per round even when both allies ask at the same moment.
        self._council_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

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
        pack = pack.strip()
        if pack != DESIGNED_PACK and not PACK_NAME.fullmatch(pack):
            raise ServiceError(text("redux.no_pack", pack=pack))
        options: dict[str, object] = {"pack": pack}
        for name, choice in (("trade_rates", trade_rates), ("nations", nations)):
            if choice is not None:
                options[name] = choice.value
        await open_table(interaction, GAME, options)

    @new.autocomplete("pack")
    async def new_pack_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        names = [DESIGNED_PACK]
        if interaction.guild_id is not None:
            names += await master(interaction).pack_names(interaction.guild_id, GAME)
        return _matching(names, current)

    # -- data packs -----------------------------------------------------------------------
    @pack.command(name="upload", description="Offer a data pack file for new games of this "
                  "server (moderators)")
    @app_commands.describe(file="The pack, a JSON file in the designed pack's format",
                           name="Its name here (default: the file name); re-using a name "
                           "replaces that pack for new games")
    async def pack_upload(self, interaction: discord.Interaction, file: discord.Attachment,
                          name: str | None = None) -> None:
        by = await moderator(interaction)
        if file.size > MAX_PACK_BYTES:
            raise ServiceError(text("redux.pack_too_big", file=file.filename,
                                    size=f"{file.size:,}", most=f"{MAX_PACK_BYTES:,}"))
        try:
            content = (await file.read()).decode("utf-8")
        except UnicodeDecodeError:
            raise ServiceError(text("redux.pack_not_utf8", file=file.filename)) from None
        info = await master(interaction).upload_pack(
            _guild(interaction), by, GAME, name or file.filename.rsplit(".", 1)[0], content,
            source=file.filename)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("redux.pack_ready", locale, name=info.name),
                                        *pack_lines(info, locale)])

    @pack.command(name="list", description="The data packs of this server")
    async def pack_list(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        infos = await master(interaction).packs(_guild(interaction), GAME)
        locale = await reader_locale(interaction)
        lines = [t("redux.pack_designed", locale, name=DESIGNED_PACK)]
        lines += [t("redux.pack_entry", locale, name=i.name, title=i.title, hash=i.hash,
                    changes=_counted(i.changed), when=_when(i.uploaded_at)) for i in infos]
        await reply_lines(interaction, lines)

    @pack.command(name="show", description="What a data pack holds and changes")
    @app_commands.describe(name="The pack's name in this server")
    async def pack_show(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await master(interaction).pack(_guild(interaction), GAME, name)
        await reply_lines(interaction, pack_lines(info, await reader_locale(interaction)))

    @pack.command(name="remove", description="Stop offering a data pack (moderators; running "
                  "games keep their copy)")
    @app_commands.describe(name="The pack's name in this server")
    async def pack_remove(self, interaction: discord.Interaction, name: str) -> None:
        by = await moderator(interaction)
        await master(interaction).remove_pack(_guild(interaction), by, GAME, name)
        await interaction.edit_original_response(
            content=t("redux.pack_removed", await reader_locale(interaction), name=name))

    @pack_show.autocomplete("name")
    @pack_remove.autocomplete("name")
    async def pack_name_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        return _matching(await master(interaction).pack_names(interaction.guild_id, GAME), current)

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

    # -- the allies' council --------------------------------------------------------------
    @redux.command(name="council", description="Allies: consult in a private thread before "
                   "the alliance action is chosen")
    async def council(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        game_id = await _redux_here(interaction)
        gm = master(interaction)
        async with self._council_locks[game_id]:
            council = await gm.council(game_id, player)
            if council.thread_id is None:
                locale = await thread_locale(interaction)
                thread_id = await open_group_thread(
                    self.bot, council, t("redux.council_thread", locale, game=game_id,
                                         purpose=council.purpose))
                council = await gm.open_council(game_id, player, thread_id)
                opened = self.bot.get_partial_messageable(thread_id)
                await post(opened, council_intro(council, locale)
                           if council.thread_id == thread_id  # else another process's first
                           else t("redux.council_elsewhere", locale,
                                  thread=council.thread_id))
        await interaction.edit_original_response(content=t(
            "redux.council_ready", await reader_locale(interaction), thread=council.thread_id))

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
def pack_lines(info: PackInfo, locale: str) -> list[str]:
    return [f"**{info.name}**: {info.title}",
            t("redux.pack_hash", locale, hash=info.hash, counts=_counted(info.counts)),
            t("redux.pack_changes", locale, changes=_counted(info.changed)),
            t("redux.pack_provenance", locale, provenance=info.provenance)]


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


def council_intro(council: Council, locale: str) -> str:
    allies = t("redux.and", locale).join(f"<@{s.user_id}>" for s in council.allies)
    chooser = council.chooser.name if council.chooser else "-"  # Redux always names one
    return t("redux.council_intro", locale, allies=allies, purpose=council.purpose,
             chooser=chooser, button=t("turns.take_turn", locale))


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


def _counted(counts: dict[str, int]) -> str:
    return ", ".join(f"{section}: {n}" for section, n in counts.items())


def _when(timestamp: float) -> str:
    """Discord shows a timestamp tag in each reader's own time zone ("3 days ago")."""
    return f"<t:{int(timestamp)}:R>"


def _matching(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    return [app_commands.Choice(name=n[:CHOICE_LENGTH], value=n)
            for n in names if typed in n.lower()][:CHOICES_LIMIT]


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise ServiceError(text("redux.server_only"))
    return interaction.guild_id


async def _redux_here(interaction: discord.Interaction) -> int:
    game_id = await game_here(interaction)
    if (await master(interaction).table(game_id)).game != GAME:
        raise ServiceError(text("redux.not_redux"))
    return game_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReduxCog(bot))

