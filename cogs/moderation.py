"""`/gm …`: moderator tools. A moderator is a member with Manage Server or the guild's
moderator role (`/gm role`, which only Manage Server may set). The cog refuses
non-moderators early with a clear answer; the service checks again and audits every use.

Besides a game's tools (undo, replace, kick, ban, pause, resume, end) a moderator sets the
server's defaults (`/gm set …`: language, deadline, game channels) and reads the audit log.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import LOCALES, t, text
from bot.service import Player, ServiceError, Table, Update
from bot.service.settings import POLICIES, ServerConfig, parse_reminders
from cogs.common import (
    chunks,
    game_here,
    manages_server,
    master,
    player_for,
    post,
    reader_locale,
    report_error,
    table_place,
)
from cogs.members import seat_taker
from cogs.turns import announce
from storage import AuditRecord
from storage.server import EVERY_GAME

LANGUAGE_CHOICES = [app_commands.Choice(name=t(f"language.{code}"), value=code)
                    for code in LOCALES]
POLICY_CHOICES = [app_commands.Choice(name=policy, value=policy) for policy in POLICIES]


async def moderator(interaction: discord.Interaction) -> Player:
    """Acknowledge first (the role lookup reads the database), then refuse non-moderators."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    if not player.is_moderator:
        raise ServiceError(text("moderation.not_moderator"))
    return player


def check_role(role: discord.Role | None) -> None:
    """A role that would make no one or everyone a moderator is refused before it is saved:
    @everyone (everyone would moderate), an id Discord did not resolve to one of the
    server's roles (a forged or stale option)."""
    if role is None:
        return
    if not isinstance(role, discord.Role):
        raise ServiceError(text("moderation.role_unknown"))
    if role.is_default():
        raise ServiceError(text("moderation.role_everyone"))


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:  # the group is guild_only; a DM never gets here
        raise ServiceError(text("moderation.guild_only"))
    return interaction.guild_id


class ModerationCog(commands.Cog):
    gm = app_commands.Group(name="gm", description="Moderator tools for the game of this "
                            "thread", guild_only=True)
    set_group = app_commands.Group(name="set", description="Change a server setting "
                                   "(moderators)", parent=gm)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    async def _publish(self, interaction: discord.Interaction, outcome: Table | Update,
                       key: str, **params: object) -> None:
        """Everyone learns what a moderator did: an Update is announced like any turn, a
        bare table change gets one line in the thread's language."""
        if isinstance(outcome, Update):
            await announce(self.bot, outcome, actor=None)
        else:
            thread = await master(interaction).settings.thread_locale(outcome.guild_id)
            await post(table_place(self.bot, outcome), t(key, thread, **params))
        locale = await reader_locale(interaction)
        await interaction.edit_original_response(
            content=t("moderation.done", locale, news=t(key, locale, **params)))

    # -- a game's tools -------------------------------------------------------------------
    @gm.command(name="undo", description="Take back the last player move (and the AI moves "
                "after it)")
    async def undo(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        gm = master(interaction)
        game_id = await game_here(interaction)
        seen = await gm.undo_point(game_id)  # first of all: the game as the request found it
        by = await moderator(interaction)
        update = await gm.undo(game_id, by, seen)
        await self._publish(interaction, update, "moderation.undone")

    @gm.command(name="replace", description="Give a seat to another member, or to an AI")
    @app_commands.describe(seat="The seat number (1 is the first seat)",
                           user="The member who takes the seat; leave empty for an AI")
    async def replace(self, interaction: discord.Interaction,
                      seat: app_commands.Range[int, 1, 25],
                      user: discord.Member | None = None) -> None:
        by = await moderator(interaction)
        new = seat_taker(user) if user else None
        outcome = await master(interaction).replace(await game_here(interaction), by,
                                                    seat - 1, new)
        key = "moderation.replaced" if new else "moderation.replaced_by_ai"
        await self._publish(interaction, outcome, key, moderator=by.name, seat=seat,
                            player=new.name if new else "")

    @gm.command(name="kick", description="Remove a player; an AI takes their seat")
    @app_commands.describe(user="The player to remove")
    async def kick(self, interaction: discord.Interaction, user: discord.User) -> None:
        by = await moderator(interaction)
        outcome = await master(interaction).kick(await game_here(interaction), by, user.id)
        await self._publish(interaction, outcome, "moderation.kicked", moderator=by.name,
                            player=user.display_name)

    @gm.command(name="ban", description="Ban a member from this game (an AI takes their "
                "seat) or from all of the server's games")
    @app_commands.describe(user="The member to ban",
                           everywhere="From every game of this server, not just this one",
                           reason="Why (kept in the audit log)")
    async def ban(self, interaction: discord.Interaction, user: discord.User,
                  everywhere: bool = False, reason: str = "") -> None:
        by = await moderator(interaction)
        gm, guild = master(interaction), guild_of(interaction)
        game_id = EVERY_GAME if everywhere else await game_here(interaction)
        await gm.settings.ban(guild, by, user.id, game_id=game_id, reason=reason[:200])
        key = "moderation.banned_everywhere" if everywhere else "moderation.banned_here"
        seated = not everywhere and (await gm.table(game_id)).seat_of(user.id) is not None
        if seated:
            await self._publish(interaction, await gm.kick(game_id, by, user.id), key,
                                moderator=by.name, player=user.display_name)
            return
        locale = await reader_locale(interaction)
        await interaction.edit_original_response(content=t(
            "moderation.done", locale,
            news=t(key, locale, moderator=by.name, player=user.display_name)))

    @gm.command(name="unban", description="Lift a ban from this game or from all games")
    @app_commands.describe(user="The member to let back in",
                           everywhere="The server-wide ban rather than this game's")
    async def unban(self, interaction: discord.Interaction, user: discord.User,
                    everywhere: bool = False) -> None:
        by = await moderator(interaction)
        game_id = EVERY_GAME if everywhere else await game_here(interaction)
        await master(interaction).settings.unban(guild_of(interaction), by, user.id,
                                                 game_id=game_id)
        locale = await reader_locale(interaction)
        await interaction.edit_original_response(
            content=t("moderation.unbanned", locale, player=user.display_name))

    @gm.command(name="pause", description="Pause the game: nobody can act until resumed")
    async def pause(self, interaction: discord.Interaction) -> None:
        by = await moderator(interaction)
        table = await master(interaction).pause(await game_here(interaction), by)
        await self._publish(interaction, table, "moderation.paused", moderator=by.name)

    @gm.command(name="resume", description="Resume a paused game")
    async def resume(self, interaction: discord.Interaction) -> None:
        by = await moderator(interaction)
        table = await master(interaction).resume(await game_here(interaction), by)
        await self._publish(interaction, table, "moderation.resumed", moderator=by.name)

    @gm.command(name="end", description="End the game now, with or without final scores")
    @app_commands.describe(scored="Score the game as it stands (default) or abandon it")
    async def end(self, interaction: discord.Interaction, scored: bool = True) -> None:
        by = await moderator(interaction)
        update = await master(interaction).end(await game_here(interaction), by, scored)
        await self._publish(interaction, update, "moderation.ended")

    # -- the server -----------------------------------------------------------------------
    @gm.command(name="role", description="Choose the moderator role of this server (Manage "
                "Server only)")
    @app_commands.describe(role="The moderator role; leave empty to clear it")
    async def role(self, interaction: discord.Interaction,
                   role: discord.Role | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if not manages_server(interaction) or interaction.guild_id is None:
            raise ServiceError(text("moderation.not_manager"))
        check_role(role)
        by = Player(interaction.user.id, interaction.user.display_name, is_moderator=True)
        await master(interaction).settings.set_server(interaction.guild_id, by,
                                                      moderator_role=role.id if role else None)
        locale = await reader_locale(interaction)
        content = (t("moderation.role_set", locale, role=role.mention) if role
                   else t("moderation.role_cleared", locale))
        await interaction.edit_original_response(
            content=content, allowed_mentions=discord.AllowedMentions.none())

    @gm.command(name="settings", description="This server's game settings and their "
                "defaults")
    async def settings(self, interaction: discord.Interaction) -> None:
        await moderator(interaction)
        config = await master(interaction).settings.server(guild_of(interaction))
        await self._answer(interaction, settings_lines(config, await reader_locale(interaction)))

    @set_group.command(name="language", description="The language of game threads and the "
                 "default for members")
    @app_commands.describe(language="One of the five languages the game master speaks")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def set_language(self, interaction: discord.Interaction,
                           language: app_commands.Choice[str]) -> None:
        by = await moderator(interaction)
        await self._set(interaction, by, language=language.value)

    @set_group.command(name="deadline", description="The turn deadline new games start with")
    @app_commands.describe(hours="Hours a player has for a decision; 0 means no deadline",
                           policy="What happens when it passes",
                           reminders="Hours before the deadline to remind, e.g. 12,1")
    @app_commands.choices(policy=POLICY_CHOICES)
    async def set_deadline(self, interaction: discord.Interaction,
                           hours: app_commands.Range[float, 0, 720],
                           policy: app_commands.Choice[str] | None = None,
                           reminders: str | None = None) -> None:
        by = await moderator(interaction)
        changes: dict[str, object] = {"deadline_hours": hours}
        if policy is not None:
            changes["deadline_policy"] = policy.value
        if reminders is not None:
            changes["reminders"] = list(parse_reminders(reminders))
        await self._set(interaction, by, **changes)

    @set_group.command(name="window", description="How long a response window waits "
                       "before the game master passes for seats that cannot answer")
    @app_commands.describe(seconds="Seconds each response window stays open, whoever can "
                                   "answer it")
    async def set_window(self, interaction: discord.Interaction,
                         seconds: app_commands.Range[int, 0, 86_400]) -> None:
        by = await moderator(interaction)
        await self._set(interaction, by, window_seconds=seconds)

    @set_group.command(name="channel", description="Allow or forbid opening tables in a channel")
    @app_commands.describe(channel="A text channel of this server",
                           allowed="Tables may open there (once one channel is chosen, "
                                   "only chosen channels allow it)")
    async def set_channel(self, interaction: discord.Interaction,
                          channel: discord.TextChannel, allowed: bool) -> None:
        by = await moderator(interaction)
        current = set((await master(interaction).settings.server(
            guild_of(interaction))).game_channels)
        chosen = current | {channel.id} if allowed else current - {channel.id}
        await self._set(interaction, by, game_channels=sorted(chosen) or None)

    async def _set(self, interaction: discord.Interaction, by: Player,
                   **changes: object) -> None:
        config = await master(interaction).settings.set_server(guild_of(interaction), by,
                                                               **changes)
        locale = await reader_locale(interaction)
        await self._answer(interaction, [t("moderation.settings_saved", locale),
                                         *settings_lines(config, locale)])

    @gm.command(name="audit", description="The latest moderator and system decisions")
    @app_commands.describe(limit="How many entries (1-50)",
                           this_game="Only the game of this thread")
    async def audit(self, interaction: discord.Interaction,
                    limit: app_commands.Range[int, 1, 50] = 20,
                    this_game: bool = False) -> None:
        await moderator(interaction)
        game_id = await game_here(interaction) if this_game else None
        rows = await master(interaction).repo.audit_log(guild_id=guild_of(interaction),
                                                        game_id=game_id, limit=limit)
        locale = await reader_locale(interaction)
        await self._answer(interaction, [audit_line(r, locale) for r in rows]
                           or [t("moderation.audit_empty", locale)])

    @gm.command(name="bans", description="Who is banned from this server's games")
    async def bans(self, interaction: discord.Interaction) -> None:
        await moderator(interaction)
        bans = await master(interaction).settings.bans(guild_of(interaction))
        locale = await reader_locale(interaction)
        lines = [t("moderation.ban_line", locale, player=f"<@{b.user_id}>",
                   scope=(t("moderation.scope_everywhere", locale) if b.game_id == EVERY_GAME
                          else t("moderation.scope_game", locale, game=b.game_id)),
                   reason=b.reason or "—") for b in bans]
        await self._answer(interaction, lines or [t("moderation.no_bans", locale)])

    async def _answer(self, interaction: discord.Interaction, lines: list[str]) -> None:
        """A private answer of several lines, mentions shown but never pinging."""
        first, *rest = chunks(lines)
        none = discord.AllowedMentions.none()
        await interaction.edit_original_response(content=first, allowed_mentions=none)
        for more in rest:
            await interaction.followup.send(more, ephemeral=True, allowed_mentions=none)


def settings_lines(config: ServerConfig, locale: str) -> list[str]:
    """Every server setting with its value, in the reader's language."""
    role = f"<@&{config.moderator_role}>" if config.moderator_role else t(
        "moderation.role_none", locale)
    channels = (", ".join(f"<#{c}>" for c in config.game_channels)
                or t("moderation.channels_all", locale))
    deadline = (t("moderation.deadline_none", locale) if not config.deadline_hours
                else t("moderation.deadline_hours", locale, hours=f"{config.deadline_hours:g}"))
    reminders = ", ".join(f"{h:g}" for h in config.reminders)
    return [
        t("moderation.setting_role", locale, role=role),
        t("moderation.setting_language", locale, language=t(f"language.{config.language}")),
        t("moderation.setting_deadline", locale, deadline=deadline,
          policy=t(f"moderation.policy_{config.deadline_policy}", locale)),
        t("moderation.setting_reminders", locale, hours=reminders),
        t("moderation.setting_channels", locale, channels=channels),
        t("moderation.setting_window", locale, seconds=f"{config.window_seconds:g}"),
    ]


def audit_line(row: AuditRecord, locale: str) -> str:
    """One audit entry: when (a Discord timestamp, shown in the reader's own time zone), who
    (a gear for the game master itself), what, in which game, and the details as stored."""
    who = f"<@{row.user_id}>" if row.user_id else "⚙"
    game = t("moderation.audit_game", locale, game=row.game_id) if row.game_id else ""
    detail = ", ".join(f"{k}={v}" for k, v in row.detail.items())
    return " · ".join(part for part in (f"<t:{int(row.created_at)}:f>", who,
                                        f"**{row.what}**", game, detail) if part)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerationCog(bot))
