"""The Discord client: one `GameBot` holding the GameMaster, and `run_bot` to run it.

The bot asks only for the `guilds` intent: slash commands and components bring the member
(with roles and permissions) inside each interaction, so no privileged intent is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import App, build_app
from bot.config import ConfigError, Settings
from bot.discord.loopwatch import LoopWatch
from bot.discord.renderers import render_pool
from bot.discord.translator import CatalogTranslator
from bot.service import GameMaster
from storage import repository_for

log = logging.getLogger(__name__)


COGS = "cogs.loader"  # the one extension, which loads every cog


class GameBot(commands.Bot):
    def __init__(self, app: App, settings: Settings) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, allowed_mentions=discord.AllowedMentions.none())
        self.app = app
        self.settings = settings
        self.loop_watch = LoopWatch()

    async def setup_hook(self) -> None:
        """Cogs, then the persistent components (so buttons posted before a restart still
        work), then the command tree, which Discord needs to show the slash commands, with
        their names and descriptions in every language we speak."""
        self.loop_watch.start()
        await self.load_extension(COGS)
        await self.tree.set_translator(CatalogTranslator(self.tree))
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
    repo = repository_for(settings.database)  # a SQLite file, or postgresql://...
    await repo.open()
    renderers = render_pool()
    try:
        async with GameBot(build_app(repo, executor=renderers), settings) as bot:
            _close_on_sigterm(bot)
            await bot.start(token)
    except discord.LoginFailure:
        log.error("Discord refused DISCORD_TOKEN: reset the token in the developer portal.")
        return 2
    finally:
        renderers.shutdown(cancel_futures=True)
        await repo.close()
    return 0


def _close_on_sigterm(bot: GameBot) -> None:
    """A service manager stops the bot with SIGTERM: close the gateway and let `run_bot`
    shut the renderers and the database down, instead of dying on the spot."""
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(
            signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
