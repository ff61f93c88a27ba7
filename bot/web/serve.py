"""Running the web table: beside the bot in `gm run` (GM_WEB_PORT), alone in `gm web`, and
in a thread of its own beside `gm play`, whose terminal waits on `input()` and so cannot
share its event loop. Each reads the same storage as the bot, through an app of its own."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from aiohttp import web

from bot.app import opened_app
from bot.config import ConfigError, Settings
from bot.service import GameMaster
from bot.web import pages
from bot.web.identity import ActivityConfig
from bot.web.server import make_web_app
from bot.web.table import TABLE, WebConfig, WebTable, public_link

LOCALHOST = "127.0.0.1"


class PortUnavailable(OSError):
    """The web table's port cannot be served (taken, or not ours to bind); the message
    names the port and why."""


def web_config(settings: Settings) -> WebConfig:
    """The web table as the environment sets it (docs/deploying.md, "The web table"): its
    secret and address, and the Activity's OAuth2 client when there is one. GM_ACTIVITY=1
    without that client, or without the SDK's bundle, would launch an Activity that cannot
    learn who is looking."""
    activity = ActivityConfig.from_settings(settings)
    if settings.activity and activity is None:
        raise ConfigError(
            "GM_ACTIVITY=1 needs the application's OAuth2 client, so that the Activity "
            "learns who is looking: set GM_DISCORD_CLIENT_ID (the application id) and "
            "GM_DISCORD_CLIENT_SECRET (Developer Portal → OAuth2 → Client Secret), with "
            "DISCORD_TOKEN.")
    if settings.activity and not pages.ACTIVITY_BUNDLE.exists():
        raise ConfigError(
            f"GM_ACTIVITY=1 needs the Activity's script, {pages.ACTIVITY_BUNDLE}, which "
            "is not built: `make install` builds it (Discord's Embedded App SDK, with Node "
            "20 and npm).")
    return WebConfig(settings.require_web_secret().encode(), settings.web_address(),
                     activity=activity)


@dataclass(frozen=True)
class Served:
    table: WebTable
    port: int  # the one asked for, or the free one the system chose for port 0


@contextlib.asynccontextmanager
async def serving(gm: GameMaster, config: WebConfig, port: int,
                  host: str = "0.0.0.0") -> AsyncIterator[Served]:
    """The web table of `gm` on `port` until the block ends; its event streams are closed
    first."""
    app = make_web_app(gm, config)
    runner = web.AppRunner(app, shutdown_timeout=2.0, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as error:
        await runner.cleanup()
        raise PortUnavailable(f"the web table cannot serve port {port}: "
                              f"{error.strerror or error}") from None
    try:
        yield Served(app[TABLE], int(runner.addresses[0][1]))
    finally:
        await runner.cleanup()


async def serve_alone(database: str, port: int, config: WebConfig,
                      announce: Callable[[str], None] = print,
                      stop: asyncio.Event | None = None) -> None:
    """`gm web`: the web table of `database`'s games until stopped (Ctrl-C, or `stop`)."""
    async with opened_app(database) as app, serving(app.gm, config, port) as served:
        announce(f"gm web: serving {config.url} on port {served.port}")
        await (stop or asyncio.Event()).wait()


async def links_of(database: str, config: WebConfig) -> list[str]:
    """`gm web --links`: each started game's public link, newest first."""
    async with opened_app(database, render=False) as app:
        return [public_link(config, game_id) for game_id in await app.gm.watched_games()]


@dataclass
class Watching:
    """A web table served from a thread beside a terminal game; `url` is its address."""

    url: str
    config: WebConfig
    _loop: asyncio.AbstractEventLoop
    _stopped: asyncio.Event
    _thread: threading.Thread

    def link(self, game_id: int) -> str:
        return public_link(self.config, game_id)

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stopped.set)
        self._thread.join(timeout=5)


def watch_in_thread(database: str) -> Watching:
    """Serve `database`'s games on a free local port from a daemon thread (it never keeps
    the terminal from exiting), with a secret made for this run."""
    ready: list[Watching] = []
    started = threading.Event()
    failed: list[BaseException] = []

    async def run() -> None:
        stopped = asyncio.Event()
        try:
            async with opened_app(database) as app:
                config = WebConfig(secrets.token_bytes(32), "")
                async with serving(app.gm, config, 0, LOCALHOST) as served:
                    url = f"http://{LOCALHOST}:{served.port}"
                    served.table.config = WebConfig(config.secret, url)
                    ready.append(Watching(url, served.table.config,
                                          asyncio.get_running_loop(), stopped, thread))
                    started.set()
                    await stopped.wait()
        except BaseException as error:  # told to the terminal, which plays on without it
            failed.append(error)
            started.set()

    thread = threading.Thread(target=lambda: asyncio.run(run()), name="gm-web",
                              daemon=True)
    thread.start()
    started.wait(timeout=30)
    if not ready:
        raise OSError(f"the web table did not start: {failed[0] if failed else 'timeout'}")
    return ready[0]
