"""The Discord client: one `GameBot` holding the GameMaster, and `run_bot` to run it.

The bot asks only for the `guilds` intent: slash commands and components bring the member
(with roles and permissions) inside each interaction, so no privileged intent is needed.

With shards (`gm run --shards 0-3 --shard-count 8`) the process is a `ShardedGameBot`: one
gateway connection per shard, and Discord sends it the events of the guilds those shards
hold, `(guild_id >> 22) % shard_count`. Everything else is the same bot: the database keeps
the games consistent whichever process a click reaches, and the background work (the
outbox's take-over, the clock's reminders and expiries) is claimed in the database by
whichever process gets to it first, for any guild, since posting is a REST call that needs
no gateway connection to the guild (docs/deploying.md, "Several processes").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import asyncpg
import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import App, build_app
from bot.config import ConfigError, Settings
from bot.discord.loopwatch import LoopWatch
from bot.discord.renderers import render_pool
from bot.discord.thinkers import think_pool
from bot.discord.translator import CatalogTranslator
from bot.service import GameMaster
from storage import is_postgres, repository_for

if TYPE_CHECKING:
    from bot.web.table import WebTable

log = logging.getLogger(__name__)


COGS = "cogs.loader"  # the one extension, which loads every cog


class DatabaseUnavailable(Exception):
    """The PostgreSQL server of GM_DATABASE cannot be reached or refused us at start-up; the
    message names the server (never the password) and why."""


IDENTIFY_WINDOW = 5.0  # seconds: Discord starts `max_concurrency` sessions per window


class GameBot(commands.Bot):
    def __init__(self, app: App, settings: Settings, **sharding: Any) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none(),
                         **sharding)
        self.app = app
        self.settings = settings
        # the web table served beside the bot (GM_WEB_PORT), which makes players' links
        self.web_table: WebTable | None = None
        self.loop_watch = LoopWatch()

    async def setup_hook(self) -> None:
        """Cogs, then the persistent components (so buttons posted before a restart still
        work), then the command tree, which Discord needs to show the slash commands, with
        their names and descriptions in every language we speak. Registering the commands
        is the bot's, not a process's: of several processes, the one serving shard 0 does
        it (each doing it again would spend Discord's daily limit of command updates)."""
        self.loop_watch.start()
        await self.load_extension(COGS)
        await self.tree.set_translator(CatalogTranslator(self.tree))
        if not self.settings.serves_shard_zero:
            return
        await self.tree.sync()
        if self.settings.dev_guild is not None:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        log.info("Commands synced%s", f" (and to dev guild {self.settings.dev_guild})"
                 if self.settings.dev_guild else "")

    @property
    def gm(self) -> GameMaster:
        return self.app.gm

    async def close(self) -> None:
        self.loop_watch.stop()
        await super().close()

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        """An event handler failed: log it and keep serving the other tables."""
        log.exception("Unhandled error in %s", event_method)


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot serving `settings.shards` of `settings.shard_count`, one connection each."""

    def __init__(self, app: App, settings: Settings) -> None:
        super().__init__(app, settings, shard_ids=list(settings.shards or ()),
                         shard_count=settings.shard_count)
        self.max_concurrency = 1  # Discord's session start limit, read in setup_hook

    async def setup_hook(self) -> None:
        limits = await self.fetch_session_start_limits()
        self.max_concurrency = max(1, limits.max_concurrency)
        await super().setup_hook()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False
                                   ) -> None:
        """Discord lets `max_concurrency` shards identify in each 5 s window, shard s in
        bucket `s % max_concurrency` (1 for most bots, 16 and more for large ones); the
        shards are started in order, so a new window begins at each bucket 0. discord.py
        would wait 5 s before every shard but the first, which starts 64 shards of a large
        bot in five minutes instead of twenty seconds."""
        if not initial and (shard_id or 0) % self.max_concurrency == 0:
            await asyncio.sleep(IDENTIFY_WINDOW)


def new_bot(app: App, settings: Settings) -> GameBot:
    """The bot for these settings: sharded when they name shards, else one connection."""
    return ShardedGameBot(app, settings) if settings.shard_count is not None else GameBot(
        app, settings)


def use_api_base(api_base: str | None, gateway: str | None = None) -> None:
    """Send every REST call (including interaction callbacks) to `api_base`, and open the
    gateway at `gateway`, instead of Discord: a local fake for tests, or a proxy. A plain
    (unsharded) discord.py client never asks `/gateway/bot` where the gateway is, so the
    REST base alone cannot move it."""
    if api_base:
        Route.BASE = api_base
    if gateway:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)


async def run_bot(settings: Settings) -> int:
    """Open the database, build the GameMaster and serve until stopped; 0 on a clean stop,
    2 when the settings are unusable (the reason is logged)."""
    discord.utils.setup_logging(level=settings.log_level)
    try:
        token = settings.require_token()
    except ConfigError as error:
        log.error("%s", error)
        return 2
    use_api_base(settings.api_base, settings.gateway)
    # a SQLite file, or postgresql://...
    repo = repository_for(settings.database, synchronous=settings.sqlite_synchronous)
    try:
        await repo.open()
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        if not is_postgres(settings.database):
            raise
        raise DatabaseUnavailable(f"{_server_of(settings.database)}: "
                                  f"{error or type(error).__name__}") from error
    renderers, thinkers = render_pool(), think_pool()
    try:
        app = build_app(repo, executor=renderers, ai_executor=thinkers)
        async with _web_table(app, settings) as web_table, new_bot(app, settings) as bot:
            bot.web_table = web_table
            _close_on_sigterm(bot)
            await bot.start(token)
    except discord.LoginFailure:
        log.error("Discord refused DISCORD_TOKEN: reset the token in the developer portal.")
        return 2
    finally:
        renderers.shutdown(cancel_futures=True)
        thinkers.shutdown(cancel_futures=True)
        await repo.close()
    return 0


@contextlib.asynccontextmanager
async def _web_table(app: App, settings: Settings) -> AsyncIterator[WebTable | None]:
    """The web table beside the bot when GM_WEB_PORT is set (docs/deploying.md); None,
    and nothing served or loaded, when it is not."""
    if settings.web_port is None:
        yield None
        return
    from bot.web.serve import serving, web_config

    config = web_config(settings)
    async with serving(app.gm, config, settings.web_port) as served:  # or PortUnavailable
        log.info("The web table serves port %s for %s", settings.web_port, config.url)
        yield served.table


def _server_of(url: str) -> str:
    """A PostgreSQL URL without its password, to be shown in a log or a terminal."""
    parsed = yarl.URL(url)
    return str(parsed.with_password(None)) if parsed.password else url


def _close_on_sigterm(bot: GameBot) -> None:
    """A service manager stops the bot with SIGTERM: close the gateway and let `run_bot`
    shut the renderers, the AI thinkers and the database down, instead of dying on the
    spot."""
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(
            signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
