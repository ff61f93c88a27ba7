"""`/me …` (a player's games and settings) and `/deadline …` (a game's turn deadline),
and the task that sends reminders and applies expired deadlines."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.i18n import LOCALES, t
from bot.playbypost.clock import MAX_VACATION_DAYS, DeadlineView, MyGame, Notice
from bot.playbypost.quiet import QuietHours
from bot.service import StorageUnavailable
from bot.service.models import Update
from bot.service.settings import MAX_DEADLINE_HOURS, POLICIES, UserConfig
from cogs.common import (
    app,
    app_of,
    fit,
    game_here,
    master,
    player_for,
    post,
    reader_locale,
    reply_lines,
    report_error,
    table_place,
)
from cogs.turns import announce

if TYPE_CHECKING:
    from bot.discord.client import GameBot

log = logging.getLogger(__name__)

DISCORD_LANGUAGE = "discord"  # the /me language choice that follows the Discord client
LANGUAGE_CHOICES = [*(app_commands.Choice(name=t(f"language.{code}"), value=code)
                      for code in LOCALES),
                    app_commands.Choice(name="Discord", value=DISCORD_LANGUAGE)]
POLICY_CHOICES = [app_commands.Choice(name=policy, value=policy) for policy in POLICIES]


class ClockCog(commands.Cog):
    me = app_commands.Group(name="me", description="Your games and your own settings")
    links = app_commands.Group(name="links", description="Your private links to the web "
                               "table", parent=me)
    deadline = app_commands.Group(name="deadline", description="This game's turn deadline",
                                  guild_only=True)

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.ticker.change_interval(seconds=bot.settings.clock_tick)

    async def cog_load(self) -> None:
        self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

    async def cog_app_command_error(self, interaction: discord.Interaction,
                                    error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    # -- the background pass ------------------------------------------------------------
    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        """The first pass runs as soon as the bot is connected, so deadlines that passed
        while it was down apply at once; a failing pass is logged and the next one runs."""
        try:
            await self.run_pass()
        except StorageUnavailable as error:  # nothing claimed: the next pass finds it due
            log.error("The clock's pass found the storage unavailable: %s", error.fault)
        except Exception:
            log.exception("The clock's pass failed")

    @ticker.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()

    async def run_pass(self) -> None:
        """Publishes everything the clock finds due now, in any guild (the clocks this
        pass claimed, whatever shard serves their guild: posting is a REST call)."""
        for work in await app_of(self.bot).clock.due_work():
            if isinstance(work, Update):
                await announce(self.bot, work, actor=None)
            else:
                await self._notice(work)

    async def _notice(self, notice: Notice) -> None:
        if notice.text:
            try:
                place = table_place(self.bot, notice.table)
                await place.send(fit(notice.text), allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False,
                    users=[discord.Object(u) for u in notice.mention]))
            except Exception:  # one game's thread gone must not stop the others' reminders
                log.exception("Could not post a clock notice of game %s",
                              notice.table.game_id)
        for user_id, line in notice.dms:
            try:  # best effort, like every DM: a user may refuse them
                channel = await self.bot.create_dm(discord.Object(user_id))
                await channel.send(fit(line))
            except discord.HTTPException:
                log.info("Could not DM user %s about game %s", user_id, notice.table.game_id)

    # -- /me ----------------------------------------------------------------------------
    @links.command(name="revoke", description="Every private web link you were given stops "
                   "opening; new prompts carry new ones")
    async def revoke(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await master(interaction).revoke_links(interaction.user.id)
        await reply_lines(interaction, [t("web.links_revoked",
                                          await reader_locale(interaction))])

    @me.command(name="games", description="The games waiting for you, with their deadlines, "
                "then your other games")
    async def games(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await reader_locale(interaction)
        mine = await app(interaction).clock.my_games(interaction.user.id)
        await reply_lines(interaction, games_lines(mine, locale))

    @me.command(name="dm", description="Direct messages: your turn, and your secret lines "
                "from others' moves")
    @app_commands.describe(on="True: a DM on your turn as well; False: the mention only")
    async def dm(self, interaction: discord.Interaction, on: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await master(interaction).settings.set_user(interaction.user.id, dm=on)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("clock.dm_on" if on else "clock.dm_off", locale)])

    @me.command(name="vacation", description="Stop your turn deadlines while you are away")
    @app_commands.describe(days="Days away, 0 to 60 (0 ends your vacation)")
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, MAX_VACATION_DAYS]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        until = await app(interaction).clock.set_vacation(interaction.user.id, days)
        locale = await reader_locale(interaction)
        line = (t("clock.vacation_set", locale, until=f"<t:{int(until)}:F>") if until
                else t("clock.vacation_over", locale))
        await reply_lines(interaction, [line])

    @me.command(name="language", description="The language I answer you in")
    @app_commands.describe(language="A language, or Discord to follow your Discord client")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        chosen = None if language == DISCORD_LANGUAGE else language
        await master(interaction).settings.set_user(interaction.user.id, language=chosen)
        locale = await reader_locale(interaction)
        line = (t("clock.language_set", locale, language=t(f"language.{chosen}", locale))
                if chosen else t("clock.language_discord", locale))
        await reply_lines(interaction, [line])

    @me.command(name="quiet", description="Hours of the day without mentions or DMs, when "
                "your deadlines do not expire")
    @app_commands.describe(start="When they begin, e.g. 23 or 22:30 (leave both hours empty "
                           "to remove them)", end="When they end, e.g. 8 or 7:30",
                           zone="Your time zone: a name such as Europe/Paris, or an offset "
                           "such as +9")
    async def quiet(self, interaction: discord.Interaction, start: str | None = None,
                    end: str | None = None, zone: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hours = await app(interaction).clock.set_quiet(interaction.user.id, start, end, zone)
        locale = await reader_locale(interaction)
        line = (t("clock.quiet_set", locale, span=hours.span()) if hours
                else t("clock.quiet_cleared", locale))
        await reply_lines(interaction, [line])

    @me.command(name="next", description="A DM when you are next, after the player now "
                "awaited")
    @app_commands.describe(on="True: tell me when I am next; False: do not")
    async def next_up(self, interaction: discord.Interaction, on: bool) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await app(interaction).clock.set_heads_up(interaction.user.id, on)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("clock.heads_up_on" if on else "clock.heads_up_off",
                                          locale)])

    @me.command(name="block", description="Never be seated with this member at a campaign "
                "table")
    @app_commands.describe(user="The member you do not want to play with")
    async def block(self, interaction: discord.Interaction, user: discord.User) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await master(interaction).settings.block(interaction.user.id, user.id)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("campaigns.blocked", locale, user=f"<@{user.id}>")])

    @me.command(name="unblock", description="Take a member off your block list")
    @app_commands.describe(user="The member to take off your block list")
    async def unblock(self, interaction: discord.Interaction, user: discord.User) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await master(interaction).settings.unblock(interaction.user.id, user.id)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("campaigns.unblocked", locale,
                                          user=f"<@{user.id}>")])

    @me.command(name="settings", description="Your own settings: language, DMs, quiet hours, "
                "vacation, blocked players")
    async def settings(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        config = await master(interaction).settings.user(interaction.user.id)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, settings_lines(config, locale,
                                                      app(interaction).clock.now()))

    # -- /deadline ----------------------------------------------------------------------
    @deadline.command(name="set", description="Set this game's turn deadline (moderators "
                      "and the game's creator)")
    @app_commands.describe(hours="Hours per turn, 0 to 720 (0: no deadline)",
                           policy="What happens when a turn's deadline passes",
                           reminders="Hours before the deadline to remind the player, e.g. "
                           "12,1")
    @app_commands.choices(policy=POLICY_CHOICES)
    async def set_deadline(self, interaction: discord.Interaction,
                           hours: app_commands.Range[float, 0.0, MAX_DEADLINE_HOURS],
                           policy: str | None = None, reminders: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        by = await player_for(interaction)
        gm, clock = master(interaction), app(interaction).clock
        game_id = await game_here(interaction)
        await clock.set_deadline(game_id, by, hours=hours, policy=policy, reminders=reminders)
        view = await clock.deadline(game_id)
        locale = await reader_locale(interaction)
        await reply_lines(interaction, [t("clock.deadline_set", locale,
                                          deadline=deadline_line(view, locale))])
        thread = await gm.settings.thread_locale(interaction.guild_id)
        await post(table_place(self.bot, await gm.table(game_id)),
                   t("clock.deadline_changed", thread, name=by.name,
                     deadline=deadline_line(view, thread)))

    @deadline.command(name="show", description="This game's turn deadline and who is "
                      "awaited until when")
    async def show_deadline(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await app(interaction).clock.deadline(await game_here(interaction))
        locale = await reader_locale(interaction)
        await reply_lines(interaction, deadline_lines(view, locale))


def games_lines(games: list[MyGame], locale: str) -> list[str]:
    """`/me games`: the games awaiting the player with what they wait for and a relative
    deadline, then the others briefly."""
    awaited = [g for g in games if g.waiting_for is not None]
    others = [g for g in games if g.waiting_for is None]
    lines = [t("clock.my_turns", locale)] if awaited else []
    for game in awaited:
        due = (t("clock.due", locale, when=f"<t:{int(game.due_at)}:R>")
               if game.due_at is not None else t("clock.no_deadline", locale))
        if game.table.status == "paused":
            due = t("clock.paused", locale)
        lines.append(t("clock.my_turn_line", locale, title=game.table.title,
                       game=game.table.game_id, waiting=game.waiting_for, due=due,
                       link=game.link))
    if others:
        lines.append(t("clock.my_others", locale))
        lines += [t("clock.my_other_line", locale, title=g.table.title, game=g.table.game_id,
                    link=g.link) for g in others]
    return lines or [t("clock.no_games", locale)]


def settings_lines(config: UserConfig, locale: str, now: float) -> list[str]:
    """`/me settings`: every choice a member made for themselves, their block list too."""
    def on_off(value: bool) -> str:
        return t("clock.setting_on" if value else "clock.setting_off", locale)

    none = t("clock.setting_none", locale)
    language = (t(f"language.{config.language}", locale) if config.language
                else t("choice.language.discord", locale))
    quiet = QuietHours.stored(config.quiet)
    lines = [t("clock.my_settings", locale),
             t("clock.setting_language", locale, language=language),
             t("clock.setting_dm", locale, value=on_off(config.dm)),
             t("clock.setting_heads_up", locale, value=on_off(config.heads_up)),
             t("clock.setting_quiet", locale, span=quiet.span() if quiet else none)]
    if config.vacation_until is not None and config.vacation_until > now:
        lines.append(t("clock.setting_vacation", locale,
                       until=f"<t:{int(config.vacation_until)}:F>"))
    blocked = ", ".join(f"<@{u}>" for u in config.blocked) or none
    lines.append(t("clock.setting_blocked", locale, users=blocked))
    return lines


def deadline_line(view: DeadlineView, locale: str) -> str:
    deadline = view.deadline
    if not deadline.hours:
        return t("clock.deadline_none", locale)
    reminders = ", ".join(t("clock.reminders_hours", locale, hours=f"{h:g}")
                          for h in deadline.reminders) or t("clock.no_reminders", locale)
    return t("clock.deadline_line", locale, hours=f"{deadline.hours:g}",
             policy=t(f"clock.policy.{deadline.policy}", locale), reminders=reminders)


def deadline_lines(view: DeadlineView, locale: str) -> list[str]:
    """`/deadline show`: the deadline, then each awaited seat with its due time."""
    lines = [deadline_line(view, locale)]
    for seat, due_at in view.awaited:
        due = (t("clock.due", locale, when=f"<t:{int(due_at)}:R>") if due_at is not None
               else t("clock.no_deadline", locale))
        lines.append(t("clock.deadline_seat", locale, name=seat.name, due=due))
    return lines


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ClockCog(bot))  # type: ignore[arg-type]
