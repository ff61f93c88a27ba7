"""`/campaign …`: leagues and tournaments of games in a server.

Every command acknowledges first (privately), then asks the service. What concerns everyone
(a new campaign, a member joining, a round dealt, a campaign closed) is posted in the
channel in the server's language; schedules, standings and statistics answer the asker
privately in theirs. The news of a round that ended comes with the Update of its last
table (cogs/posting.py `announce`).
"""

from __future__ import annotations

import io
import logging

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.i18n import catalog, t, text
from bot.playbypost.campaigns import OpenedRound, PlayerStats, Schedule, ScheduledTable, Standings
from bot.service import Player, ServiceError, Table
from cogs.common import (
    app,
    chunks,
    open_thread,
    player_for,
    post,
    reader_locale,
    reply_lines,
    report_error,
    table_text,
    thread_locale,
)
from cogs.game import GAME_CHOICES
from storage.campaigns import CAMPAIGN_KINDS

log = logging.getLogger(__name__)

KIND_CHOICES = [app_commands.Choice(name=kind, value=kind) for kind in CAMPAIGN_KINDS]
CHOICES_LIMIT = 25


async def done(interaction: discord.Interaction, key: str, **params: object) -> None:
    """The asker's private confirmation, in their language."""
    content = t(key, await reader_locale(interaction), **params)
    await interaction.edit_original_response(content=content)


def bold(name: str) -> str:
    return f"**{escape_markdown(name)}**"


class CampaignCog(commands.Cog):
    campaign = app_commands.Group(name="campaign", description="Leagues and tournaments of "
                                  "this server's games", guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    # -- membership -------------------------------------------------------------------------
    @campaign.command(name="new", description="Start a league or a tournament (moderators)")
    @app_commands.describe(name="The campaign's name in this server",
                           game="The game every table plays",
                           kind="league: everyone plays every round; tournament: winners "
                           "go on", seats="Players wanted at each table")
    @app_commands.choices(game=GAME_CHOICES, kind=KIND_CHOICES)
    async def new(self, interaction: discord.Interaction, name: str,
                  game: app_commands.Choice[str], kind: app_commands.Choice[str],
                  seats: app_commands.Range[int, 1, 25]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        created = await app(interaction).campaigns.create(
            _guild(interaction), player, name=name, game=game.value, kind=kind.value,
            seats=seats)
        locale = await thread_locale(interaction)
        await news(interaction, t(
            "campaigns.created", locale, name=bold(created.name),
            kind=t(f"campaigns.kind.{created.kind}", locale), title=game.name,
            seats=created.seats))
        await done(interaction, "campaigns.done")

    @campaign.command(name="join", description="Join a campaign of this server")
    @app_commands.describe(name="The campaign")
    async def join(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        player = await player_for(interaction)
        joined = await app(interaction).campaigns.join(_guild(interaction), name, player)
        await news(interaction, t("campaigns.joined", await thread_locale(interaction),
                                  user=player.name, name=bold(joined.name)))
        await done(interaction, "campaigns.you_joined", name=bold(joined.name))

    @campaign.command(name="leave", description="Leave a campaign (a moderator may remove "
                      "a member)")
    @app_commands.describe(name="The campaign", user="A member to remove (moderators only)")
    async def leave(self, interaction: discord.Interaction, name: str,
                    user: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        by = await player_for(interaction)
        member = Player(user.id, user.display_name) if user else by
        left = await app(interaction).campaigns.leave(_guild(interaction), name, by, member)
        await news(interaction, t("campaigns.left", await thread_locale(interaction),
                                  user=member.name, name=bold(left.name)))
        await done(interaction, "campaigns.done")

    # -- rounds -----------------------------------------------------------------------------
    @campaign.command(name="schedule", description="The rounds so far and who waits; "
                      "moderators open the next round")
    @app_commands.describe(name="The campaign",
                           open_round="Deal the next round into new tables (moderators)")
    async def schedule(self, interaction: discord.Interaction, name: str,
                       open_round: bool = False) -> None:
        channel = _round_channel(interaction) if open_round else None
        await interaction.response.defer(ephemeral=True, thinking=True)
        campaigns = app(interaction).campaigns
        if channel is not None:
            opened = await campaigns.open_round(_guild(interaction), name,
                                                await player_for(interaction), channel.id)
            await self._announce_round(interaction, channel, opened)
        schedule = await campaigns.schedule(_guild(interaction), name)
        await reply_lines(interaction, schedule_lines(schedule,
                                                      await reader_locale(interaction)))

    async def _announce_round(self, interaction: discord.Interaction,
                              channel: discord.TextChannel, opened: OpenedRound) -> None:
        locale = await thread_locale(interaction)
        name = opened.campaign.name
        lines = [t("campaigns.round_opened", locale, name=bold(name), round=opened.round,
                   count=len(opened.tables))]
        if opened.sitting_out:
            lines.append(t(f"campaigns.sitting_out.{opened.campaign.kind}", locale,
                           names=tuple(opened.sitting_out)))
        if opened.ai_seats:
            lines.append(t("campaigns.ai_seats", locale, count=opened.ai_seats))
        await post(channel, "\n".join(lines))
        for number, table in enumerate(opened.tables, start=1):
            title = t("campaigns.thread_name", locale, name=name, round=opened.round,
                      table=number)
            thread = await open_thread(interaction, channel, table.game_id, title)
            await post(thread or channel, table_text(table, locale))
            await self._call_players(channel, table, locale, number, thread)

    @staticmethod
    async def _call_players(channel: discord.TextChannel, table: Table, locale: str,
                            number: int, thread: discord.Thread | None) -> None:
        """The seated players are mentioned (and only they), so each learns where to play."""
        users = [s.user_id for s in table.seats if s.user_id is not None]
        where = thread.mention if thread else channel.mention
        content = t("campaigns.table_ready", locale, table=number, game=table.game_id,
                    players=" ".join(f"<@{u}>" for u in users), place=where)
        mentions = discord.AllowedMentions(everyone=False, roles=False,
                                           users=[discord.Object(u) for u in users])
        try:
            await channel.send(content, allowed_mentions=mentions)
        except discord.HTTPException:
            log.exception("Could not announce table %s in channel %s", table.game_id,
                          channel.id)

    @campaign.command(name="close", description="End a campaign for good and post its final "
                      "standings (moderators)")
    @app_commands.describe(name="The campaign")
    async def close(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        campaigns = app(interaction).campaigns
        final = await campaigns.close(_guild(interaction), name, await player_for(interaction))
        locale = await thread_locale(interaction)
        lines = [t("campaigns.closed", locale, name=bold(final.campaign.name),
                   games=final.games), *standings_lines(final, locale)[1:]]
        png = await campaigns.standings_image(final, locale)
        await _post_standings(news_place(interaction), lines, png)
        await done(interaction, "campaigns.done")

    # -- results ----------------------------------------------------------------------------
    @campaign.command(name="standings", description="The campaign's standings, as text and "
                      "as an image (only to you)")
    @app_commands.describe(name="The campaign")
    async def standings(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        campaigns = app(interaction).campaigns
        table = await campaigns.standings(_guild(interaction), name)
        locale = await reader_locale(interaction)
        png = await campaigns.standings_image(table, locale)
        await reply_lines(interaction, standings_lines(table, locale))
        await interaction.followup.send(file=discord.File(io.BytesIO(png), "standings.png"),
                                        ephemeral=True)

    @campaign.command(name="stats", description="A player's statistics in a campaign, by "
                      "role too (only to you)")
    @app_commands.describe(name="The campaign", user="The player (you, if empty)")
    async def stats(self, interaction: discord.Interaction, name: str,
                    user: discord.Member | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        who = Player(user.id, user.display_name) if user else await player_for(interaction)
        found = await app(interaction).campaigns.stats(_guild(interaction), name, who)
        await reply_lines(interaction, stats_lines(found, await reader_locale(interaction)))

    # -- campaign names -------------------------------------------------------------------
    @join.autocomplete("name")
    @leave.autocomplete("name")
    @schedule.autocomplete("name")
    @close.autocomplete("name")
    @standings.autocomplete("name")
    @stats.autocomplete("name")
    async def name_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        names = await app(interaction).campaigns.names(interaction.guild_id)
        wanted = current.casefold().strip()
        return [app_commands.Choice(name=n, value=n) for n in names
                if wanted in n.casefold()][:CHOICES_LIMIT]


def news_place(interaction: discord.Interaction) -> discord.abc.Messageable | None:
    """The channel or thread a command came from, where the campaign's news goes; None when
    discord.py could not make it out (the interaction lacks it, or it is of a type the library
    does not know)."""
    channel = interaction.channel
    return channel if isinstance(channel, discord.abc.Messageable) else None


async def news(interaction: discord.Interaction, content: str) -> None:
    """News of a change that is already saved, for everyone where the command came from.
    Without a channel to post in there is no news, and the asker still gets their private
    confirmation: the change is made either way."""
    place = news_place(interaction)
    if place is None:
        log.warning("No channel to post the news of interaction %s in", interaction.id)
        return
    await post(place, content)


def _round_channel(interaction: discord.Interaction) -> discord.TextChannel:
    """The text channel a round is opened from, its tables getting their threads there."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise ServiceError(text("campaigns.not_text_channel"))
    return channel


async def _post_standings(channel: discord.abc.Messageable | None, lines: list[str],
                          png: bytes) -> None:
    """Final standings for everyone, the image with the last piece of text; the campaign is
    closed already, so a refusal by Discord is logged rather than reported as a failure."""
    if channel is None:
        return
    *pieces, last = chunks(lines)
    try:
        for piece in pieces:
            await channel.send(piece, allowed_mentions=discord.AllowedMentions.none())
        await channel.send(last, file=discord.File(io.BytesIO(png), "standings.png"),
                           allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.exception("Could not post the final standings in channel %s",
                      getattr(channel, "id", "?"))


# -- texts ------------------------------------------------------------------------------------
def schedule_lines(schedule: Schedule, locale: str) -> list[str]:
    campaign = schedule.campaign
    lines = [t("campaigns.schedule.head", locale, name=bold(campaign.name),
               kind=t(f"campaigns.kind.{campaign.kind}", locale), title=schedule.title,
               status=t(f"campaigns.status.{campaign.status}", locale),
               members=schedule.members, seats=campaign.seats)]
    round_number = 0
    for table in schedule.tables:
        if table.round != round_number:
            round_number = table.round
            lines.append(t("campaigns.schedule.round", locale, round=round_number))
        lines.append(_table_line(table, locale))
    if not schedule.tables:
        lines.append(t("campaigns.schedule.none", locale))
    if schedule.waiting and campaign.status != "finished":
        lines.append(t("campaigns.schedule.waiting", locale,
                       names=tuple(schedule.waiting)))
    if campaign.status == "finished" and campaign.kind == "tournament":
        lines.append(t("campaigns.schedule.champions", locale,
                       names=tuple(schedule.champions)) if schedule.champions
                     else t("campaigns.schedule.no_champion", locale))
    return lines


def _table_line(table: ScheduledTable, locale: str) -> str:
    line = t("campaigns.schedule.table", locale, table=table.table, game=table.game_id,
             status=t(f"campaigns.status.{table.status}", locale),
             players=tuple(table.players))
    if table.thread_id is not None:
        line += f" <#{table.thread_id}>"
    if table.winners:
        line += " " + t("campaigns.schedule.won_by", locale, names=tuple(table.winners))
    return line


def standings_lines(standings: Standings, locale: str) -> list[str]:
    name = bold(standings.campaign.name)
    if not standings.rows:
        return [t("campaigns.standings.empty", locale, name=name)]
    return [t("campaigns.standings.head", locale, name=name, games=standings.games)] + [
        t("campaigns.standings.line", locale, rank=row.rank, player=row.name,
          points=row.points_text, wins=row.wins, games=row.games, average=row.average_text)
        for row in standings.rows]


def stats_lines(stats: PlayerStats, locale: str) -> list[str]:
    lines = [t("campaigns.stats.head", locale, user=bold(stats.name),
               name=bold(stats.campaign.name), games=stats.games, wins=stats.wins,
               average=_average(stats.average))]
    if not stats.games:
        return [*lines, t("campaigns.stats.none", locale)]
    kind = None
    for role in stats.roles:
        if role.kind != kind:
            kind = role.kind
            lines.append(t("campaigns.stats.by", locale, kind=_role_kind(kind, locale)))
        lines.append(t("campaigns.stats.role", locale, role=role.role, games=role.games,
                       wins=role.wins, average=_average(role.average)))
    return lines


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _role_kind(kind: str, locale: str) -> str:
    """A kind of role the catalog names ("faction", "mat"); an engine's new kind as it is."""
    key = f"campaigns.role.{kind}"
    return t(key, locale) if key in catalog() else kind


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:  # the group is guild-only; a DM never reaches here
        raise ServiceError(text("campaigns.guild_only"))
    return interaction.guild_id


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(CampaignCog(bot))
