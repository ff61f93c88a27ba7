"""`/game …` (tables, seats, spectators, undo, history, export and import, reading the game,
a group's private thread, the server's data packs) and `/move` (a typed action with
autocomplete).

Every command acknowledges the interaction first (an ephemeral "thinking" answer), because
the service may load, replay or render; what everyone should see is posted in the game's
thread (in the server's language), what only the user should see is the ephemeral answer
(in theirs).
"""

from __future__ import annotations

import dataclasses
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands, ui
from discord.ext import commands

from bot.i18n import t, text
from bot.i18n.lookup import find, lookup
from bot.service import GameMaster, ServiceError, Table, Update
from bot.service.ai import DEFAULT_LEVEL, level_name
from bot.service.export import MAX_BYTES
from bot.service.options import option_suggestions, parse_options
from bot.service.undo import UndoVote
from cogs import ids, packs
from cogs.common import (
    basic_player,
    chunks,
    game_here,
    guarded,
    master,
    master_of,
    open_thread,
    player_for,
    post,
    reader_locale,
    refusal_text,
    reply_lines,
    report_error,
    seat_list,
    table_place,
    table_text,
    thread_locale,
)
from cogs.groups import Councils
from cogs.members import seat_taker
from cogs.turns import after_update, announce
from cogs.web_links import answer_board, my_link, my_view
from games.core.agents import AGENTS

log = logging.getLogger(__name__)

CHOICES_LIMIT = 25
CHOICE_LENGTH = 100
GAME_CHOICES = [app_commands.Choice(name=title[:CHOICE_LENGTH], value=name)
                for name, title in GameMaster.game_names()][:CHOICES_LIMIT]
# The games whose tables may run on a server's data pack (the same choices, so the same
# names in every language: `choice.game.<name>`).
PACK_GAME_CHOICES = [c for c in GAME_CHOICES if c.value in GameMaster.pack_games()]
# Every AI level offered to tables, named in each language (`choice.level.<kind>`); the
# service refuses one the table's game does not offer.
LEVEL_CHOICES = [app_commands.Choice(name=t(f"choice.level.{kind}"), value=kind)
                 for kind, agent in AGENTS.items() if agent.at_tables]
MAX_SEATS = 25
MAX_STEP = 100_000


def read_options(words: str) -> dict[str, object]:
    """Only reads the text; which names and values a game accepts is the service's business."""
    try:
        return parse_options(words)
    except ValueError as error:
        raise ServiceError(text("tables.bad_options", error=str(error))) from None


async def open_table(interaction: discord.Interaction, game: str,
                     options: dict[str, object], pack: str | None = None) -> None:
    """Open a table in a new public thread of this channel, the user in seat 1, on the named
    data pack (if any); shared by `/game new` and the game groups (`/redux new`) that offer
    options as lists."""
    channel = _text_channel(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    table = await master(interaction).new_game(
        game=game, guild_id=interaction.guild_id, channel_id=channel.id,
        creator=player, options=options, pack=pack)
    await _publish_table(interaction, channel, table, "tables.opened", "tables.table_ready")


def _text_channel(interaction: discord.Interaction) -> discord.TextChannel:
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError(text("tables.text_channel_only"))
    return channel


async def _publish_table(interaction: discord.Interaction, channel: discord.TextChannel,
                         table: Table, news: str, ready: str) -> None:
    """Post a new table in its own thread (or the channel, without the permission), invite
    the channel there, and tell the user where it is."""
    public, mine = await thread_locale(interaction), await reader_locale(interaction)
    name = t("tables.thread_name", public, title=table.title, game=table.game_id)
    thread = await open_thread(interaction, channel, table.game_id, name)
    if thread is None:
        await post(channel, table_text(table, public))
        await interaction.edit_original_response(content=t("tables.no_thread_permission",
                                                           mine))
        return
    await post(thread, table_text(table, public))
    name = interaction.user.display_name
    await post(channel, t(news, public, name=name, title=table.title, game=table.game_id,
                          thread=thread.mention))
    await interaction.edit_original_response(content=t(ready, mine, thread=thread.mention))


class GameCog(commands.Cog):
    game = app_commands.Group(name="game", description="Open, join and follow a board game "
                              "played by post", guild_only=True)
    pack = app_commands.Group(name="pack", description="The server's data packs (a group's "
                              "printed values replacing our designed ones)", parent=game)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.councils = Councils(bot)

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    # -- tables -------------------------------------------------------------------------
    @game.command(name="new", description="Open a table in a new thread of this channel")
    @app_commands.describe(game="The game to play",
                           options="Table options as name=value, e.g. advanced=true",
                           pack="The data it runs on: our designed values or one of this "
                           "server's packs (games with packs)")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  options: str | None = None, pack: str | None = None) -> None:
        await open_table(interaction, game.value, read_options(options or ""), pack)

    @new.autocomplete("pack")
    async def new_pack(self, interaction: discord.Interaction,
                       current: str) -> list[app_commands.Choice[str]]:
        """The designed data and this server's packs of the chosen game."""
        return await packs.suggested(interaction, getattr(interaction.namespace, "game", None),
                                     current, designed=True)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's options as they are typed, each with what it does in the
        reader's language (bot/service/options.py)."""
        game = getattr(interaction.namespace, "game", None)
        if game not in dict(GameMaster.game_names()):
            return []
        return [app_commands.Choice(name=shown, value=filled) for shown, filled in
                option_suggestions(game, current, await reader_locale(interaction))]

    @game.command(name="join", description="Take a seat at the table of this thread")
    async def join(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        table = await master(interaction).join(await game_here(interaction), player)
        await self._seats_changed(interaction, table, "tables.joined", player.name)

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        outcome = await master(interaction).leave(await game_here(interaction), player)
        if isinstance(outcome, Update):
            await self._announced(interaction, outcome)
        else:
            await self._seats_changed(interaction, outcome, "tables.left", player.name)

    @game.command(name="ai", description="Seat an AI player at this table, or change an AI "
                  "seat's level")
    @app_commands.describe(level="How well the AI plays (default: standard); with seat: an "
                           "AI seat's new level",
                           seat="A vacant seat to fill, or an AI seat whose level to change "
                           "(1 is the first seat)")
    @app_commands.choices(level=LEVEL_CHOICES)
    async def ai(self, interaction: discord.Interaction,
                 level: app_commands.Choice[str] | None = None,
                 seat: app_commands.Range[int, 1, MAX_SEATS] | None = None) -> None:
        """Without `seat` an AI takes the next seat of an open table; with it, an AI fills
        that vacant seat or that AI seat changes level (the service tells which and refuses
        the rest). The choices are every registered level; one the table's game does not
        offer is refused by the service, naming those it does."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        gm, game_id = master(interaction), await game_here(interaction)
        chosen = level.value if level else DEFAULT_LEVEL
        if seat is None:
            table = await gm.add_ai(game_id, player, chosen)
            await self._seats_changed(interaction, table, "tables.ai_added", player.name,
                                      level=level_name(chosen))
        else:
            await self._announced(interaction, await gm.seat_ai(game_id, player, seat - 1,
                                                                chosen))

    @game.command(name="handover", description="Give your seat to a member who has none")
    @app_commands.describe(user="The member who takes your seat")
    async def handover(self, interaction: discord.Interaction, user: discord.Member) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).handover(
            await game_here(interaction), player, seat_taker(user))
        await self._announced(interaction, update)

    @game.command(name="takeover", description="Take a vacant or AI seat of this game")
    @app_commands.describe(seat="The seat number (1 is the first seat)")
    async def takeover(self, interaction: discord.Interaction,
                       seat: app_commands.Range[int, 1, MAX_SEATS]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).takeover(await game_here(interaction), player,
                                                    seat - 1)
        await after_update(interaction, update, player,
                           [t("tables.took_seat", await reader_locale(interaction),
                              seat=seat)])

    async def _seats_changed(self, interaction: discord.Interaction, table: Table,
                             news: str, name: str, **params: Any) -> None:
        public, mine = await thread_locale(interaction), await reader_locale(interaction)
        seats = t("tables.seats_now", public, count=len(table.seats), most=table.max_players,
                  seats=seat_list(table, public))
        await post(table_place(self.bot, table),
                   f"{t(news, public, name=name, **params)} {seats}")
        await interaction.edit_original_response(
            content=t("tables.done", mine, news=t(news, mine, name=name, **params)))

    async def _announced(self, interaction: discord.Interaction, update: Update) -> None:
        """A seat change of a started game: its line and what the AI played, in public."""
        await announce(self.bot, update, actor=None)
        news = update.public[0] if update.public else ""
        await interaction.edit_original_response(
            content=t("tables.done", await reader_locale(interaction), news=news))

    @game.command(name="start", description="Deal and start the game once everyone is seated")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).start(await game_here(interaction), player)
        public = await thread_locale(interaction)
        opening = t("tables.begins", public, title=update.table.title,
                    seats=seat_list(update.table, public))
        update = dataclasses.replace(update, public=[opening, *update.public])
        await after_update(interaction, update, player,
                           [t("tables.started", await reader_locale(interaction))],
                           mention_me=True)

    # -- spectators ---------------------------------------------------------------------
    @game.command(name="spectate", description="Follow this game's thread without a seat")
    async def spectate(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await master(interaction).spectate(await game_here(interaction),
                                                   await player_for(interaction))
        if table.thread_id is not None:
            await self._thread_member(self.bot.http.add_user_to_thread, table,
                                      interaction.user.id)
        await interaction.edit_original_response(
            content=t("tables.spectating", await reader_locale(interaction),
                      game=table.game_id))

    @game.command(name="unspectate", description="Stop following this game's thread")
    async def unspectate(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await master(interaction).unspectate(await game_here(interaction),
                                                     await player_for(interaction))
        if table.thread_id is not None:
            await self._thread_member(self.bot.http.remove_user_from_thread, table,
                                      interaction.user.id)
        await interaction.edit_original_response(
            content=t("tables.unspectated", await reader_locale(interaction),
                      game=table.game_id))

    @staticmethod
    async def _thread_member(call: Any, table: Table, user_id: int) -> None:
        """Add or remove a thread member by ids (the thread may not be in the cache after
        a restart); the spectator list is saved either way, so a refusal is only logged."""
        try:
            await call(table.thread_id, user_id)
        except discord.HTTPException:
            log.info("Could not change membership of user %s in thread %s", user_id,
                     table.thread_id)

    # -- undo ---------------------------------------------------------------------------
    @game.command(name="undo", description="Take back your last move (a vote when others "
                  "moved since)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id = await game_here(interaction)
        seen = await master(interaction).undo_point(game_id)  # the game as the request found it
        player = await player_for(interaction)
        outcome = await master(interaction).request_undo(game_id, player, seen)
        mine = await reader_locale(interaction)
        if outcome.update is not None:
            await after_update(interaction, outcome.update, player, [t("tables.undone", mine)])
            return
        assert outcome.vote is not None  # the service answers with an update or a vote
        table = await master(interaction).table(outcome.vote.game_id)
        await post_vote(self.bot, table, outcome.vote)
        names = tuple(name for _, name in outcome.vote.affected)
        await interaction.edit_original_response(content=t("tables.vote_asked", mine,
                                                           names=names))

    # -- history, export and import -----------------------------------------------------
    @game.command(name="history", description="The public board and events after a step of "
                  "the log (0 is the setup)")
    @app_commands.describe(step="The step of the log (0 is the setup)")
    async def history(self, interaction: discord.Interaction,
                      step: app_commands.Range[int, 0, MAX_STEP]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await reader_locale(interaction)
        seen = await master(interaction).history(await game_here(interaction), step, mine)
        if seen.who is None:
            head = t("tables.history_setup", mine, last=seen.last)
        elif seen.action is None:  # a running game's move, which may be secret
            head = t("tables.history_step_running", mine, step=seen.step, last=seen.last,
                     who=seen.who)
        else:
            head = t("tables.history_step", mine, step=seen.step, last=seen.last,
                     who=seen.who, action=seen.action)
        lines = [head, *seen.lines] if seen.lines else [head, t("tables.history_quiet", mine)]
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True,
                                        file=discord.File(io.BytesIO(seen.board), "board.png"))

    @game.command(name="export", description="The game as a file to replay or import "
                  "(moderators while it runs)")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = await reader_locale(interaction)
        files = await master(interaction).export_files(await game_here(interaction),
                                                       await player_for(interaction), mine)
        attached = [discord.File(io.BytesIO(files.json_text.encode()), f"{files.name}.json"),
                    discord.File(io.BytesIO(files.log_text.encode()), f"{files.name}.txt")]
        await interaction.followup.send(t("tables.exported", mine), files=attached,
                                        ephemeral=True)

    @game.command(name="import", description="Open a new table from an exported game file")
    @app_commands.describe(file="A game exported with /game export")
    async def import_(self, interaction: discord.Interaction,
                      file: discord.Attachment) -> None:
        channel = _text_channel(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if file.size > MAX_BYTES:
            raise ServiceError(text("tables.export_too_big", most=MAX_BYTES // 1024 // 1024))
        table = await master(interaction).import_game(
            guild_id=interaction.guild_id, channel_id=channel.id,
            by=await player_for(interaction), raw=await file.read())
        await _publish_table(interaction, channel, table, "tables.imported",
                             "tables.import_ready")

    # -- reading ------------------------------------------------------------------------
    @game.command(name="status", description="The public state of this game (only to you)")
    async def status(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = await master(interaction).status_text(await game_here(interaction),
                                                      await reader_locale(interaction))
        await reply_lines(interaction, words.splitlines())

    @game.command(name="board", description="The board now, or one of its details "
                  "(only to you)")
    @app_commands.describe(part="A detail: suggestions show what this game draws; your own "
                           "shows your private panel",
                           live="True: the live board of the web table instead of an image")
    async def board(self, interaction: discord.Interaction, part: str | None = None,
                    live: bool = False) -> None:
        if live:
            await answer_board(interaction, lambda: game_here(interaction))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        png = await master(interaction).board_png(await game_here(interaction),
                                                  await reader_locale(interaction), part,
                                                  await player_for(interaction))
        await interaction.followup.send(file=discord.File(io.BytesIO(png), f"{part or 'board'}"
                                                          ".png"), ephemeral=True)

    @board.autocomplete("part")
    async def board_parts(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        """The details this table's game draws, named in the reader's language."""
        try:
            table = await master(interaction).table(await game_here(interaction))
        except ServiceError:
            return []
        locale, typed = await reader_locale(interaction), current.strip().lower()
        named = [(t(f"{table.game}.part.{name}", locale), name)
                 for name in GameMaster.board_parts(table.game)]
        return [app_commands.Choice(name=label[:CHOICE_LENGTH], value=name)
                for label, name in named if typed in label.lower() or typed in name]

    @game.command(name="boards", description="When this table's board is posted: after "
                  "every phase, every round, or only on request")
    @app_commands.describe(when="After every phase (the default), every round, or only when "
                           "someone asks with /game board")
    @app_commands.choices(when=[app_commands.Choice(name=t(f"choice.when.{when}"), value=when)
                                for when in GameMaster.board_times])
    async def boards(self, interaction: discord.Interaction,
                     when: app_commands.Choice[str]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await master(interaction).set_boards(await game_here(interaction),
                                             await player_for(interaction), when.value)
        await reply_lines(interaction, [t(f"tables.boards_set_{when.value}",
                                          await reader_locale(interaction))])

    @game.command(name="log", description="The latest events of this game, with your secrets")
    @app_commands.describe(limit="How many events (1-50)")
    async def log(self, interaction: discord.Interaction,
                  limit: app_commands.Range[int, 1, 50] = 20) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player, mine = await player_for(interaction), await reader_locale(interaction)
        lines = await master(interaction).log_lines(await game_here(interaction), player,
                                                    limit, mine)
        await reply_lines(interaction, lines or [t("tables.log_empty", mine)])

    @game.command(name="hand", description="Your hand and secret information (only to you)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        game_id, locale = await game_here(interaction), await reader_locale(interaction)
        words = await master(interaction).private_text(game_id, player, locale)
        pieces = chunks(words.splitlines()) or [t("core.nothing_to_show", locale)]
        for piece in pieces[:-1]:
            await interaction.followup.send(piece, ephemeral=True)
        view = my_view(await my_link(interaction.client, game_id, player), locale)
        await interaction.followup.send(pieces[-1], ephemeral=True, **view)

    @game.command(name="rules", description="What a card, general, place or rule of this "
                  "game does (only to you)")
    @app_commands.describe(name="Its name, in any language; suggestions show the matches")
    async def rules(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await master(interaction).table(await game_here(interaction))
        answer = lookup(table.game, name, await reader_locale(interaction))
        await reply_lines(interaction, answer.splitlines())

    @rules.autocomplete("name")
    async def rules_names(self, interaction: discord.Interaction,
                          current: str) -> list[app_commands.Choice[str]]:
        """The things of this table's game whose name holds what was typed, in the reader's
        language (an autocomplete answers fast: no moderator lookup, no refusal)."""
        try:
            table = await master(interaction).table(await game_here(interaction))
        except ServiceError:
            return []
        locale = await reader_locale(interaction)
        return [app_commands.Choice(name=entry.name(locale)[:CHOICE_LENGTH],
                                    value=entry.ref[:CHOICE_LENGTH])
                for entry in find(table.game, current)[:CHOICES_LIMIT]] if current else []

    # -- private groups and data packs, for the games that declare them ------------------
    @game.command(name="council", description="Your group (allies, a camp): consult in a "
                  "private thread")
    async def council(self, interaction: discord.Interaction) -> None:
        await self.councils.answer(interaction)

    @pack.command(name="upload", description="Offer a data pack file for new games of this "
                  "server (moderators)")
    @app_commands.describe(game="The game the pack is for", file="The pack, a JSON file in "
                           "the game's designed data format", name="Its name here (default: "
                           "the file name); re-using a name replaces that pack for new games")
    @app_commands.choices(game=PACK_GAME_CHOICES)
    async def pack_upload(self, interaction: discord.Interaction,
                          game: app_commands.Choice[str], file: discord.Attachment,
                          name: str | None = None) -> None:
        await packs.upload(interaction, game.value, file, name)

    @pack.command(name="list", description="The data packs of this server for a game")
    @app_commands.describe(game="The game whose packs to list")
    @app_commands.choices(game=PACK_GAME_CHOICES)
    async def pack_list(self, interaction: discord.Interaction,
                        game: app_commands.Choice[str]) -> None:
        await packs.listing(interaction, game.value)

    @pack.command(name="show", description="What a data pack holds and changes")
    @app_commands.describe(game="The game the pack is for", name="The pack's name in this "
                           "server")
    @app_commands.choices(game=PACK_GAME_CHOICES)
    async def pack_show(self, interaction: discord.Interaction,
                        game: app_commands.Choice[str], name: str) -> None:
        await packs.show(interaction, game.value, name)

    @pack.command(name="remove", description="Stop offering a data pack (moderators; running "
                  "games keep their copy)")
    @app_commands.describe(game="The game the pack is for", name="The pack's name in this "
                           "server")
    @app_commands.choices(game=PACK_GAME_CHOICES)
    async def pack_remove(self, interaction: discord.Interaction,
                          game: app_commands.Choice[str], name: str) -> None:
        await packs.remove(interaction, game.value, name)

    @pack_show.autocomplete("name")
    @pack_remove.autocomplete("name")
    async def pack_names(self, interaction: discord.Interaction,
                         current: str) -> list[app_commands.Choice[str]]:
        return await packs.suggested(interaction, getattr(interaction.namespace, "game", None),
                                     current, designed=False)

    # -- typed moves --------------------------------------------------------------------
    @app_commands.command(name="move", description="Play an action by typing it")
    @app_commands.describe(action="The action, e.g. `pass`; suggestions show what you can do")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        update = await master(interaction).act(await game_here(interaction), player, action,
                                               interaction_id=str(interaction.id))
        await after_update(interaction, update, player,
                           [t("tables.you_played", await reader_locale(interaction),
                              action=action)])

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
            label = str(action.label or action.text)  # the service worded the label
            if len(action.text) > CHOICE_LENGTH:
                continue  # Discord cannot carry it; the buttons of the prompt can
            if typed in action.text.lower() or typed in label.lower():
                name = label if label == action.text else f"{label} — {action.text}"
                choices.append(app_commands.Choice(name=name[:CHOICE_LENGTH],
                                                   value=action.text))
            if len(choices) == CHOICES_LIMIT:
                break
        return choices


# -- the undo vote ----------------------------------------------------------------------------
async def post_vote(bot: discord.Client, table: Table, vote: UndoVote) -> None:
    """The vote's public message: what would be taken back, who must approve (mentioned),
    and the two buttons."""
    locale = await master_of(bot).settings.thread_locale(table.guild_id)
    view = ui.View(timeout=None)
    view.add_item(VoteButton(vote.vote_id, True, t("tables.vote_approve", locale)))
    view.add_item(VoteButton(vote.vote_id, False, t("tables.vote_reject", locale)))
    mentions = " ".join(f"<@{user}>" for user in vote.waiting)
    try:
        await table_place(bot, table).send(
            f"{vote.describe().render(locale)}\n{mentions}".strip(), view=view,
            allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in vote.waiting]))
    except discord.HTTPException:
        log.exception("Could not post undo vote %s of game %s", vote.vote_id, table.game_id)


async def cast_ballot(interaction: discord.Interaction, vote_id: int, approve: bool) -> None:
    """Acknowledge, then record the ballot: the vote message shows the new count (without
    buttons once decided), a passed vote is announced like a turn, and a refusal (not
    affected, stale, decided) is told to the clicker alone."""
    await interaction.response.defer()
    player = await player_for(interaction)
    try:
        outcome = await master(interaction).vote_undo(vote_id, player, approve)
    except ServiceError as error:
        await interaction.followup.send(refusal_text(error, await reader_locale(interaction)),
                                        ephemeral=True)
        return
    assert outcome.vote is not None  # a ballot always answers with the vote
    content = outcome.vote.describe().render(await thread_locale(interaction))
    mentions = discord.AllowedMentions.none()
    if outcome.vote.status == "open":
        await interaction.edit_original_response(content=content, allowed_mentions=mentions)
    else:  # decided: the buttons go
        await interaction.edit_original_response(content=content, allowed_mentions=mentions,
                                                 view=None)
    if outcome.update is not None:
        await announce(interaction.client, outcome.update, actor=None)


class VoteButton(ui.DynamicItem[ui.Button], template=ids.UNDO):
    def __init__(self, vote_id: int, approve: bool, label: str = "") -> None:
        choice = "yes" if approve else "no"
        style = discord.ButtonStyle.success if approve else discord.ButtonStyle.danger
        super().__init__(ui.Button(label=label or choice, style=style,
                                   custom_id=f"gm:undo:{vote_id}:{choice}"))
        self.vote_id, self.approve = vote_id, approve

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> VoteButton:
        return cls(int(match["vote"]), match["choice"] == "yes",
                   getattr(item, "label", None) or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: cast_ballot(interaction, self.vote_id,
                                                       self.approve))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
    bot.add_dynamic_items(VoteButton)
