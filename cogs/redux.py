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

from bot.models import Council, PackInfo, SeatView
from bot.service import DESIGNED_PACK, PACK_GAME, PACK_NAME, ServiceError
from cogs.common import (
    chunks,
    game_here,
    master,
    player_for,
    post,
    reply_lines,
    report_error,
)
from cogs.game import CHOICE_LENGTH, CHOICES_LIMIT, open_table
from cogs.moderation import moderator

MAX_PACK_BYTES = 512 * 1024  # the designed pack is far smaller; a bigger file is a mistake
TRADE_RATES = [app_commands.Choice(name="spread: buy dear, sell cheap (default)", value="spread"),
               app_commands.Choice(name="literal: the rulebook's printed rates", value="literal")]
NATIONS = [app_commands.Choice(name="join: seat 1 Wei, seat 2 Wu, seat 3 Shu (default)",
                               value="join"),
           app_commands.Choice(name="random: nations dealt at random", value="random")]
COUNCIL_ARCHIVE_MINUTES = 1440
REQUIREMENTS = {  # a card's prerequisite kinds (docs/redux-engine.md), as players say them
    "farm_level": "farm level", "market_level": "market level", "tribal": "tribal friendship",
    "office": "office", "military": "military", "occupations": "occupied regions",
    "built": "built cards", "support": "support tokens", "generals": "generals"}
NOT_HERE = "Use this command in a Redux game's thread."


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
            raise ServiceError(f"This server has no data pack named `{pack}`; "
                               "`/redux pack list` shows them.")
        options = {"pack": pack}
        for name, choice in (("trade_rates", trade_rates), ("nations", nations)):
            if choice is not None:
                options[name] = choice.value
        await open_table(interaction, PACK_GAME, options)

    @new.autocomplete("pack")
    async def new_pack_autocomplete(self, interaction: discord.Interaction,
                                    current: str) -> list[app_commands.Choice[str]]:
        names = [DESIGNED_PACK]
        if interaction.guild_id is not None:
            names += await master(interaction).pack_names(interaction.guild_id)
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
            raise ServiceError(f"`{file.filename}` has {file.size:,} bytes; a pack may have "
                               f"at most {MAX_PACK_BYTES:,}.")
        try:
            text = (await file.read()).decode("utf-8")
        except UnicodeDecodeError:
            raise ServiceError(f"`{file.filename}` is not UTF-8 text; save the pack as "
                               "UTF-8 JSON.") from None
        info = await master(interaction).upload_pack(
            _guild(interaction), by, name or file.filename.rsplit(".", 1)[0], text,
            source=file.filename)
        await reply_lines(interaction, [f"Pack `{info.name}` is ready for new games: "
                                        f"`/redux new pack:{info.name}`.", *pack_lines(info)])

    @pack.command(name="list", description="The data packs of this server")
    async def pack_list(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        infos = await master(interaction).packs(_guild(interaction))
        lines = [f"`{DESIGNED_PACK}`: our designed values (the default)"]
        lines += [f"`{i.name}`: {i.title} · hash `{i.hash}` · changes "
                  f"{_changes(i)} · uploaded {_when(i.uploaded_at)}" for i in infos]
        await reply_lines(interaction, lines)

    @pack.command(name="show", description="What a data pack holds and changes")
    @app_commands.describe(name="The pack's name in this server")
    async def pack_show(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await master(interaction).pack(_guild(interaction), name)
        await reply_lines(interaction, pack_lines(info))

    @pack.command(name="remove", description="Stop offering a data pack (moderators; running "
                  "games keep their copy)")
    @app_commands.describe(name="The pack's name in this server")
    async def pack_remove(self, interaction: discord.Interaction, name: str) -> None:
        by = await moderator(interaction)
        await master(interaction).remove_pack(_guild(interaction), by, name)
        await interaction.edit_original_response(
            content=f"Pack `{name}` is no longer offered; games that use it keep their copy.")

    @pack_show.autocomplete("name")
    @pack_remove.autocomplete("name")
    async def pack_name_autocomplete(self, interaction: discord.Interaction,
                                     current: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        return _matching(await master(interaction).pack_names(interaction.guild_id), current)

    # -- reading the game -----------------------------------------------------------------
    @redux.command(name="hand", description="Your cards, generals and secret picks (only to "
                   "you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        seat_view = await master(interaction).seat_view(await _redux_here(interaction), player)
        await reply_lines(interaction, private_lines(seat_view))

    @redux.command(name="generals", description="Every revealed general with stats and "
                   "ability (only to you)")
    async def generals(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        seat_view = await master(interaction).seat_view(await _redux_here(interaction), None)
        await reply_lines(interaction, generals_lines(seat_view))

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
                council = await gm.open_council(game_id, player,
                                                await self._open_council(council))
                await post(self.bot.get_partial_messageable(council.thread_id),
                           council_intro(council))
        await interaction.edit_original_response(
            content=f"Your council with your ally is <#{council.thread_id}>; only the two of "
                    "you see it. Show your view there with `/redux share`.")

    async def _open_council(self, council: Council) -> int:
        """A private thread in the table's channel with the two allies only (not invitable,
        so nobody else can be added by them)."""
        channel = (self.bot.get_channel(council.channel_id)
                   if council.channel_id is not None else None)
        if not isinstance(channel, discord.TextChannel):
            raise ServiceError("I cannot find this game's channel to open a private thread.")
        try:
            thread = await channel.create_thread(
                name=f"Council · game {council.game_id} · {council.purpose}"[:100],
                type=discord.ChannelType.private_thread, invitable=False,
                auto_archive_duration=COUNCIL_ARCHIVE_MINUTES)
            for ally in council.allies:  # both human: the service refuses an AI ally
                await thread.add_user(discord.Object(ally.user_id))
        except discord.Forbidden:
            raise ServiceError("I may not open private threads in this channel; consult by "
                               "direct message instead.") from None
        return thread.id

    @redux.command(name="share", description="Show your own view (hand, hidden picks) to your "
                   "ally in your council thread")
    async def share(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        if interaction.channel_id is None:
            raise ServiceError(NOT_HERE)
        seat_view = await master(interaction).shared_view(interaction.channel_id, player)
        place = self.bot.get_partial_messageable(interaction.channel_id,
                                                 guild_id=interaction.guild_id)
        for text in chunks([f"**{player.name} shows their view:**",
                              *private_lines(seat_view)]):
            await post(place, text)
        await interaction.edit_original_response(content="Shared with your ally in this "
                                                         "council thread only.")


# -- texts ---------------------------------------------------------------------------------
def pack_lines(info: PackInfo) -> list[str]:
    return [f"**{info.name}**: {info.title}", f"Hash `{info.hash}` · {_counted(info.counts)}",
            f"Differs from the designed values in {_changes(info)}",
            f"Provenance: {info.provenance}"]


def private_lines(seat_view: SeatView) -> list[str]:
    """One seat's secrets from its own view: the hand of state development cards, generals
    (revealed, picked but hidden, drawn for a pending pick)."""
    me = seat_view.view["players"][seat_view.seat]
    lines = [f"**{_seat_name(seat_view, me['seat'])}** ({me['nation_name']}) · gold "
             f"{me['gold']} · rice {me['rice']} · support {me['support']}",
             f"**Hand** ({len(me.get('hand', []))} state development cards):"]
    lines += [_card_line(card) for card in me.get("hand", [])] or ["(none)"]
    lines.append("**Generals**:")
    lines += [_general_line(g) for g in me["generals"]] or ["(none)"]
    if me.get("hidden"):
        lines.append("**Picked, revealed when every nation has picked**:")
        lines += [_general_line(g) for g in me["hidden"]]
    if me.get("picking"):
        lines.append(f"**Pick {me['picking']} of these** (your turn prompt offers the pick):")
        lines += [_general_line(g) for g in me.get("drawn", [])]
    return lines


def generals_lines(seat_view: SeatView) -> list[str]:
    lines = []
    for player in seat_view.view["players"]:
        hidden = player["hidden_count"]
        lines.append(f"**{player['nation_name']}** · {_seat_name(seat_view, player['seat'])}"
                     + (f" ({hidden} picked, revealed when every nation has picked)"
                        if hidden else ""))
        lines += [_general_line(g) for g in player["generals"]] or ["(none)"]
    return lines


def council_intro(council: Council) -> str:
    allies = " and ".join(f"<@{s.user_id}>" for s in council.allies)
    return (f"Council of {allies} ({council.purpose}). Only you two see this thread. Show "
            f"each other your hands and picks with `/redux share`; then "
            f"{council.chooser.name} chooses the alliance action with **Take my turn**.")


def _card_line(card: dict[str, Any]) -> str:
    cost = ", ".join(f"{n} {k}" for k, n in card["cost"].items() if n) or "free"
    needs = "".join(f" · needs {REQUIREMENTS[r['kind']]} {r['min']}+"
                    for r in card.get("requires", []))
    return (f"· {card['name']} ({card['deck']}, {card['vp']} VP) · cost {cost}{needs} · "
            f"{card['text']}")


def _general_line(general: dict[str, Any]) -> str:
    status = f" · {general['status']}" if general.get("status") else ""
    ruler = " · ruler" if general.get("ruler") else ""
    return (f"· {general['name']}{ruler}: admin {general['admin']}, combat "
            f"{general['combat']}, leadership {general['leadership']}, {general['officer']}, "
            f"{'/'.join(general['specialties'])}{status} · {general['text']}")


def _seat_name(seat_view: SeatView, seat: int) -> str:
    return seat_view.table.seats[seat].label


def _changes(info: PackInfo) -> str:
    return _counted(info.changed)


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
        raise ServiceError("Data packs belong to a server; use this command in one.")
    return interaction.guild_id


async def _redux_here(interaction: discord.Interaction) -> int:
    game_id = await game_here(interaction)
    if (await master(interaction).table(game_id)).game != PACK_GAME:
        raise ServiceError("The game of this thread is not Three Kingdoms Redux; "
                           "`/game hand` shows your secrets there.")
    return game_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReduxCog(bot))

