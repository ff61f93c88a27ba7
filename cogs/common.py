"""What every cog shares: who is asking and in which language, where the game is, answering
within Discord's limits, and turning refusals into ephemeral messages in the reader's
language. No rule logic: the service decides."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.i18n import listed, pick_locale, t, text
from bot.service import GameMaster, Player, ServiceError, StorageUnavailable, Table
from bot.service.options import option_lines
from cogs import ids
from games.core import GameError

if TYPE_CHECKING:
    from bot.app import App
    from bot.discord.client import GameBot

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # characters of a message's content
# The game the interaction being handled acts on, once a command found it (each interaction
# runs in its own task, so its own context)
_GAME: ContextVar[int | None] = ContextVar("gm_game", default=None)
THREAD_NAME_LIMIT = 100  # characters of a thread's name
Refusal = (ServiceError, GameError)


def master(interaction: discord.Interaction) -> GameMaster:
    return master_of(interaction.client)


def master_of(client: discord.Client) -> GameMaster:
    return app_of(client).gm


def app(interaction: discord.Interaction) -> App:
    """The service with its play-by-post features (the clock, campaigns)."""
    return app_of(interaction.client)


def app_of(client: discord.Client) -> App:
    bot: GameBot = client  # type: ignore[assignment]
    return bot.app


def basic_player(interaction: discord.Interaction) -> Player:
    """The user as the service knows them, with their client's language, without the
    moderator lookup (for autocomplete, which must answer fast and never needs it)."""
    return Player(interaction.user.id, interaction.user.display_name,
                  locale=interaction.locale.value)


async def reader_locale(interaction: discord.Interaction) -> str:
    """The language of an ephemeral answer to this user: their own choice, else their
    Discord client's, else the server's (bot/service/settings.py). The client's language
    is remembered for what reaches them later without an interaction (a DM)."""
    settings = master(interaction).settings
    await settings.seen_client(interaction.user.id, interaction.locale.value)
    return await settings.reader_locale(interaction.user.id, interaction.locale.value,
                                        interaction.guild_id)


async def thread_locale(interaction: discord.Interaction) -> str:
    """The language of public lines in this server's channels and threads."""
    return await master(interaction).settings.thread_locale(interaction.guild_id)


async def player_for(interaction: discord.Interaction) -> Player:
    """The user who acts, with their client's language (remembered for the lines that
    reach them later: another's move gives them a secret, a clock DMs them)."""
    await master(interaction).settings.seen_client(interaction.user.id,
                                                   interaction.locale.value)
    return Player(interaction.user.id, interaction.user.display_name,
                  await is_moderator(interaction), interaction.locale.value,
                  bot=interaction.user.bot)


def manages_server(interaction: discord.Interaction) -> bool:
    permissions = interaction.permissions
    return interaction.guild_id is not None and (permissions.manage_guild
                                                 or permissions.administrator)


async def is_moderator(interaction: discord.Interaction) -> bool:
    """Manage Server, or the guild's moderator role (the member and its roles come with the
    interaction, so no members intent is needed)."""
    if interaction.guild_id is None:
        return False
    if manages_server(interaction):
        return True
    role_id = await master(interaction).moderator_role(interaction.guild_id)
    member = interaction.user
    return (role_id is not None and isinstance(member, discord.Member)
            and member.get_role(role_id) is not None)


async def game_here(interaction: discord.Interaction) -> int:
    """The game played in this thread, or the user's own table in this channel
    (ServiceError when there is none, or a question when several tables could be meant)."""
    if interaction.channel_id is None:
        raise ServiceError(text("core.use_in_game_channel"))
    game_id = await master(interaction).game_id_for_channel(
        interaction.channel_id, basic_player(interaction), guild_id=interaction.guild_id)
    _GAME.set(game_id)  # a refusal that follows names it (report_error)
    return game_id


def table_place(bot: discord.Client, table: Table) -> discord.PartialMessageable:
    """Where a table's public messages go: its thread, else the channel it was created in.
    A partial messageable needs no cache, so it works for threads the bot never saw."""
    place = table.thread_id or table.channel_id
    if place is None:
        raise ServiceError(text("core.no_channel"))
    return bot.get_partial_messageable(place, guild_id=table.guild_id)


async def post(place: discord.abc.Messageable, text: str) -> None:
    """A public line about a change that is already saved: if Discord refuses it, log it
    rather than tell the user the change failed."""
    try:
        await place.send(fit(text), allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.exception("Could not post in channel %s", getattr(place, "id", "?"))


def chunks(lines: Iterable[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pack lines into as few messages as the limit allows; a line longer than the limit is
    cut into pieces rather than lost."""
    packed: list[str] = []
    current = ""
    for line in lines:
        for piece in _pieces(line, limit):
            if current and len(current) + 1 + len(piece) > limit:
                packed.append(current)
                current = piece
            else:
                current = f"{current}\n{piece}" if current else piece
    if current:
        packed.append(current)
    return packed


def _pieces(line: str, limit: int) -> list[str]:
    return [line[i:i + limit] for i in range(0, len(line), limit)] or [""]


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def seat_list(table: Table, locale: str) -> str:
    return listed([t("core.seat_ai" if s.ai else "core.seat", locale, number=s.seat + 1,
                     name=s.name) for s in table.seats], locale)


def table_text(table: Table, locale: str) -> str:
    """A table at a glance: what, who, and what to do next while it is open."""
    options = ("".join(f"\n  {line}" for line in option_lines(table.game, table.options, locale))
               or t("core.default_rules", locale))
    lines = [
        t("core.table_head", locale, title=table.title, game=table.game_id,
          status=t(f"core.status.{table.status}", locale)),
        t("core.table_seats", locale, count=len(table.seats), most=table.max_players,
          least=table.min_players, seats=seat_list(table, locale) or t("core.no_seats", locale)),
        t("core.table_options", locale, options=options),
    ]
    if table.status == "open":
        lines.append(t("core.table_open_hint", locale))
    return "\n".join(lines)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was acknowledged yet."""
    if interaction.response.is_done():
        await interaction.followup.send(fit(text), ephemeral=True)
    else:
        await interaction.response.send_message(fit(text), ephemeral=True)


async def reply_lines(interaction: discord.Interaction, lines: Iterable[str]) -> None:
    """A long private answer in as few messages as possible."""
    for message in chunks(lines) or [t("core.nothing_to_show", await reader_locale(interaction))]:
        await reply(interaction, message)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Refusals are shown as the service worded them, in the reader's language; anything
    else is logged and the user learns only that nothing changed."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = await _error_locale(interaction)
    if isinstance(error, Refusal):
        message = await _naming_the_game(interaction, refusal_text(error, locale), locale)
    elif isinstance(error, app_commands.CheckFailure):
        message = t("core.not_allowed_here", locale)
    elif isinstance(error, StorageUnavailable):  # the operator's log names the fault
        log.error("Storage unavailable in interaction %s: %s", interaction.id, error.fault)
        message = t("core.storage_unavailable", locale)
    else:
        log.error("Unexpected error in interaction %s", interaction.id, exc_info=error)
        message = t("core.unexpected", locale)
    try:
        await reply(interaction, message)
    except discord.HTTPException:
        log.warning("Could not tell user %s about an error", interaction.user.id, exc_info=True)


async def _naming_the_game(interaction: discord.Interaction, refusal: str, locale: str) -> str:
    """A refusal about a table played elsewhere than where it was asked (a command in a
    channel holding several tables, a button in a DM) says which table it is about."""
    game_id = _GAME.get()
    data: Any = interaction.data or {}
    if game_id is None and interaction.type is discord.InteractionType.component:
        game_id = ids.game_of(str(data.get("custom_id", "")))
    if game_id is None:
        return refusal
    try:
        table = await master(interaction).table(game_id)
    except ServiceError:
        return refusal  # a game that is not there: the refusal says so itself
    if table.thread_id in (None, interaction.channel_id):
        return refusal
    ref = t("tables.game_ref", locale, thread=table.thread_id, title=table.title,
            game=game_id)
    return t("tables.refusal_about", locale, game=ref, refusal=refusal)


def refusal_text(error: ServiceError | GameError, locale: str) -> str:
    """A refusal in the reader's language."""
    return (error if isinstance(error, ServiceError) else ServiceError.of(error)).render(locale)


async def _error_locale(interaction: discord.Interaction) -> str:
    """The reader's language, or their Discord client's when the settings cannot be read
    (the error being reported may be the database's own)."""
    try:
        return await reader_locale(interaction)
    except Exception:  # an error report must never fail for want of a language
        log.warning("Could not read the language of user %s", interaction.user.id,
                    exc_info=True)
        return pick_locale(interaction.locale.value)


async def guarded(interaction: discord.Interaction,
                  handler: Callable[[], Awaitable[None]]) -> None:
    """Run a component callback with the same error handling as commands: discord.py only
    logs errors raised by dynamic items. A press on someone else's private prompt (only a
    forged client can make one) is refused before the handler could edit that prompt."""
    try:
        if not owns_message(interaction):
            raise ServiceError(text("turns.not_your_prompt"))
        await handler()
    except Exception as error:  # every failure gets an answer, never silence
        await report_error(interaction, error)


def owns_message(interaction: discord.Interaction) -> bool:
    """Whether the user may act on the message they pressed: a public one, or a private
    (ephemeral) answer that Discord says was made for them."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return True
    origin = message.interaction_metadata
    return origin is None or origin.user.id == interaction.user.id


async def open_thread(interaction: discord.Interaction, channel: discord.TextChannel,
                      game_id: int, name: str) -> discord.Thread | None:
    """A game's own public thread in `channel`, recorded as where the game is played; None
    (the game plays in the channel) when the bot lacks the permission to create threads."""
    try:
        thread = await channel.create_thread(name=name[:THREAD_NAME_LIMIT],
                                             type=discord.ChannelType.public_thread)
    except discord.Forbidden:
        log.info("No permission to create a thread in channel %s", channel.id)
        return None
    await master(interaction).set_thread(game_id, thread.id)
    return thread
