"""The web table's aiohttp application over one GameMaster: a game's public page, a seat's
private view by token, its JSON API, its board images and its live event stream.

Every route passes the rate limit and gets the security headers (`_guard`): a CSP that
allows this origin's scripts, styles and images only (no inline script, nothing third
party), and no Referer (a private page's address carries its token). A public page reads
only what `view(state, None)` holds (the public summary, public events, the board drawn from
the public view); a token adds its own seat's view and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import html
import json
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from string import Template
from typing import Any

from aiohttp import web

from bot.i18n import game_title, t, text
from bot.service import GameMaster, Player, ServiceError
from bot.service.history import HistoryStep, SeatStep
from bot.web.identity import (
    ActivityConfig,
    DiscordUnreachable,
    Identity,
    NotVouched,
    handshake_of,
)
from bot.web.limits import RateLimit, client_address, retry_after
from bot.web.links import LINK_SECONDS, game_of, public_id, read_token, seat_token
from bot.web.live import POLL_SECONDS, Live, Stopped
from bot.web.locale import reader_locale

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"
ACTIVITY_BUNDLE = STATIC / "activity.js"  # built by `make install` (package.json)
LOG_LINES = 40  # the latest events the page lists
CACHED_STEPS = 32  # history steps kept (each replays the game and draws a board)
HEARTBEAT_SECONDS = 20.0  # a comment on an idle event stream keeps proxies from closing it
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
# The Activity's page is framed by Discord's client (the origins the Embedded App SDK
# takes messages from); the SDK itself needs nothing more than this origin: it speaks to
# Discord by postMessage, which no CSP directive governs, and posts to /api/token here.
DISCORD_FRAMES = ("https://discord.com", "https://ptb.discord.com", "https://canary.discord.com",
                  "https://discordapp.com", "https://ptb.discordapp.com",
                  "https://canary.discordapp.com")
ACTIVITY_CSP = CSP.replace("frame-ancestors 'self'",
                           "frame-ancestors 'self' " + " ".join(DISCORD_FRAMES))
ACTIVITY_SECONDS = 4 * 3600  # the Activity's seat token: a sitting, not a month
EXCHANGE_BURST, EXCHANGE_RATE = 6, 0.1  # /api/token asks Discord three times a call
PAGE_TEXTS = ("board", "overview", "table", "log", "history", "latest", "live", "mine",
              "zoom_hint", "zoom_in", "zoom_out", "zoom_fit", "no_events", "no_script",
              "activity_connecting", "activity_outside", "activity_failed")


@dataclass(frozen=True)
class WebConfig:
    """`secret` signs public ids and tokens (GM_WEB_SECRET); `url` is the public address
    links start with (GM_WEB_URL)."""

    secret: bytes
    url: str
    burst: float = 60
    rate: float = 5
    poll_seconds: float = POLL_SECONDS
    activity: ActivityConfig | None = None  # the Activity's OAuth2 client; None: no Activity


def public_link(config: WebConfig, game_id: int) -> str:
    """The game's public page: what a thread's link opens, for everyone."""
    return f"{config.url.rstrip('/')}/g/{public_id(config.secret, game_id)}"


class Refused(Exception):
    """A token that opens nothing here: expired, revoked, forged, or another seat's."""


class WebTable:
    """The routes' shared state: the service, the signing secret, the limits, the caches."""

    def __init__(self, gm: GameMaster, config: WebConfig,
                 now: Callable[[], float] = time.time) -> None:
        self.gm, self.config, self.now = gm, config, now
        self.limit = RateLimit(config.burst, config.rate)
        self.live = Live(gm, config.poll_seconds)
        self.exchanges = RateLimit(EXCHANGE_BURST, EXCHANGE_RATE)
        self.identity = Identity(config.activity) if config.activity else None
        # replayed steps by (game, version, step, locale, the seat holder or None: public)
        self._steps: OrderedDict[tuple[int, int, int, str, int | None], Any] = OrderedDict()

    def public_link(self, game_id: int) -> str:
        return public_link(self.config, game_id)

    async def private_link(self, game_id: int, player: Player) -> str:
        """The player's own page of the game, valid for LINK_SECONDS unless revoked; refused
        (ServiceError) to a member without a seat there."""
        token = await self.seat_token(game_id, player.user_id, LINK_SECONDS)
        if token is None:
            raise ServiceError(text("tables.no_seat_to_view"))
        return f"{self.public_link(game_id)}?t={token}"

    async def seat_token(self, game_id: int, user_id: int, seconds: int) -> str | None:
        """A token of the member's own seat for `seconds`, None when they hold none."""
        seat = next((s.seat for s in (await self.gm.table(game_id)).seats
                     if s.user_id == user_id and not s.ai), None)
        if seat is None:
            return None
        return seat_token(self.config.secret, game_id, seat, user_id,
                          int(self.now()) + seconds, await self.gm.link_generation(user_id))

    async def viewer(self, game_id: int, token: str | None) -> Player | None:
        """The seat holder a token opens, None without a token; Refused for a bad one."""
        if not token:
            return None
        claim = read_token(token)
        if claim is None or claim.game_id != game_id:
            raise Refused
        generation = await self.gm.link_generation(claim.user_id)
        if not claim.signed_by(self.config.secret, generation, self.now()):
            raise Refused
        try:
            holder = await self.gm.seat_holder(game_id, claim.seat)
        except ServiceError:
            raise Refused from None
        if holder.user_id != claim.user_id:
            raise Refused
        return holder

    async def step(self, game_id: int, step: int, locale: str) -> HistoryStep:
        """The public board and events after `step`, cached by the game's version."""
        return await self._remembered(
            (game_id, await self.gm.game_version(game_id), step, locale, None),
            lambda: self.gm.history(game_id, step, locale))

    async def seat_step(self, game_id: int, step: int, viewer: Player,
                        locale: str) -> SeatStep:
        """The viewer's own seat after `step` (their view and events then), cached by the
        game's version and the viewer: never served to anyone else."""
        return await self._remembered(
            (game_id, await self.gm.game_version(game_id), step, locale, viewer.user_id),
            lambda: self.gm.seat_history(game_id, step, viewer, locale))

    async def _remembered(self, key: tuple[int, int, int, str, int | None],
                          make: Callable[[], Awaitable[Any]]) -> Any:
        """A replayed step from the cache, else made and kept (the oldest forgotten)."""
        if key in self._steps:
            self._steps.move_to_end(key)
            return self._steps[key]
        found = self._steps[key] = await make()
        while len(self._steps) > CACHED_STEPS:
            self._steps.popitem(last=False)
        return found


TABLE = web.AppKey("table", WebTable)


def make_web_app(gm: GameMaster, config: WebConfig,
                 now: Callable[[], float] = time.time) -> web.Application:
    """The web table of `gm`'s games; `now` is the clock tokens expire by."""
    app = web.Application(middlewares=[_guard])
    table = WebTable(gm, config, now)
    app[TABLE] = table
    app.router.add_get("/g/{game}", _page)
    if table.identity is not None:
        app.router.add_get("/", _activity_page)
        app.router.add_post("/api/token", _token)
    app.router.add_get("/api/g/{game}/state", _state)
    app.router.add_get("/api/g/{game}/board.png", _board)
    app.router.add_get("/api/g/{game}/events", _events)
    app.router.add_static("/static/", STATIC, show_index=False)

    async def stop_streams(_: web.Application) -> None:
        table.live.stop()

    async def close_identity(_: web.Application) -> None:
        if table.identity is not None:
            await table.identity.close()

    app.on_shutdown.append(stop_streams)
    app.on_cleanup.append(close_identity)
    return app


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    table = request.app[TABLE]
    locale = _locale(request)
    wait = table.limit.take(client_address(request.remote,
                                           request.headers.get("X-Forwarded-For")))
    try:
        if wait:
            seconds = retry_after(wait)
            response: web.StreamResponse = _short_page(
                429, t("web.too_many", locale, seconds=seconds), locale,
                headers={"Retry-After": seconds})
        else:
            response = await handler(request)
    except web.HTTPException as error:
        response = _short_page(error.status, t("web.not_found", locale), locale,
                               t("web.not_found_title", locale))
    except Refused:
        response = _short_page(403, t("web.refused", locale), locale,
                               t("web.refused_title", locale))
    except ServiceError as error:  # no such game or step, or a game not started yet
        response = _short_page(404, error.render(locale), locale,
                               t("web.not_found_title", locale))
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:  # no traceback reaches a reader
        log.exception("web request %s failed", request.path)
        response = _short_page(500, t("web.error", locale), locale)
    if not response.prepared:
        _secure(response)
    return response


def _secure(response: web.StreamResponse) -> None:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"


def _short_page(status: int, message: str, locale: str, title: str | None = None,
                headers: dict[str, str] | None = None) -> web.Response:
    page = (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="/static/game.css">'
            f"<title>{html.escape(title or message)}</title></head><body class=short>"
            f"<h1>{html.escape(title or '')}</h1><p>{html.escape(message)}</p></body></html>")
    return web.Response(status=status, text=page, content_type="text/html", headers=headers)


def _locale(request: web.Request) -> str:
    return reader_locale(request.query.get("lang"), request.headers.get("Accept-Language"))


def _game(request: web.Request) -> int:
    game_id = game_of(request.app[TABLE].config.secret, request.match_info["game"])
    if game_id is None:
        raise web.HTTPNotFound
    return game_id


def _step(request: web.Request) -> int | None:
    raw = request.query.get("step")
    if raw is None or raw == "":
        return None
    if not raw.isdigit():
        raise web.HTTPNotFound
    return int(raw)


@functools.cache
def _page_template() -> Template:
    return Template((STATIC / "game.html").read_text(encoding="utf-8"))


async def _page(request: web.Request) -> web.Response:
    table, locale = request.app[TABLE], _locale(request)
    game_id = _game(request)
    info = await table.gm.table(game_id)
    await table.gm.step_count(game_id)  # refuses a game that has not started
    await table.viewer(game_id, request.query.get("t"))
    title = t("web.page_title", locale, title=game_title(info.game), game=game_id)
    return _filled_page(locale, title, request.match_info["game"], "/static/", "")


async def _activity_page(request: web.Request) -> web.Response:
    """The Activity's page, at the root Discord's URL mapping opens (`/`, or `/.proxy/`
    through Discord's proxy, hence the relative `static/`): no game until Discord said who
    is looking and in which channel (`/api/token`)."""
    table, locale = request.app[TABLE], _locale(request)
    config = table.config.activity
    assert config is not None  # routed only with an Activity client
    return _filled_page(locale, t("web.activity_title", locale), "", "static/",
                        config.client_id, ACTIVITY_CSP)


def _filled_page(locale: str, title: str, game: str, static: str, client: str,
                 csp: str = CSP) -> web.Response:
    """The page, for a game (`game`, its public id) or for the Activity (`client`, the
    application's public client id, which the SDK needs)."""
    texts = {f"text_{key}": html.escape(t(f"web.{key}", locale)) for key in PAGE_TEXTS}
    scripts = f'<script src="{static}game.js" defer></script>'
    if client:
        scripts += f'\n<script src="{static}activity.js" defer></script>'
    page = _page_template().substitute(
        texts, lang=locale, game=html.escape(game), title=html.escape(title),
        static=static, client=html.escape(client), scripts=scripts)
    return web.Response(text=page, content_type="text/html",
                        headers={"Cache-Control": "no-store", "Content-Security-Policy": csp})


async def _token(request: web.Request) -> web.Response:
    """The Activity's handshake: an OAuth2 code and the instance id in, the game of the
    instance's channel out, with the reader's own seat token when Discord's user holds a
    seat there (else the public view), and the access token the SDK's `authenticate`
    wants. Refusals are JSON the page shows: `{"error": <sentence in the reader's
    language>}`."""
    table, locale = request.app[TABLE], _locale(request)
    assert table.identity is not None  # routed only with an Activity client
    wait = table.exchanges.take(client_address(request.remote,
                                               request.headers.get("X-Forwarded-For")))
    if wait:
        seconds = retry_after(wait)
        return _refusal(429, t("web.too_many", locale, seconds=seconds), {"Retry-After": seconds})
    try:
        asked = await request.json()
    except ValueError:
        asked = None
    handshake = handshake_of(asked)
    if handshake is None:
        return _refusal(400, t("web.activity_bad_request", locale))
    try:
        looker = await table.identity.looker(*handshake)
    except NotVouched:
        return _refusal(403, t("web.activity_refused", locale))
    except DiscordUnreachable as why:
        log.warning("The Activity's handshake with Discord failed: %s", why)
        return _refusal(502, t("web.activity_unreachable", locale))
    try:
        game_id = await table.gm.thread_game(looker.channel_id)
        await table.gm.step_count(game_id)  # an open table has no page yet
    except ServiceError as error:
        return _refusal(404, error.render(locale))
    token = await table.seat_token(game_id, looker.user_id, ACTIVITY_SECONDS)
    return web.json_response({"game": public_id(table.config.secret, game_id), "token": token,
                              "access_token": looker.access_token},
                             headers={"Cache-Control": "no-store"})


def _refusal(status: int, said: str, headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"error": said}, status=status, headers=headers,
                             dumps=lambda d: json.dumps(d, ensure_ascii=False))


async def _state(request: web.Request) -> web.Response:
    table, locale = request.app[TABLE], _locale(request)
    game_id = _game(request)
    viewer = await table.viewer(game_id, request.query.get("t"))
    data = await _game_state(table, game_id, viewer, _step(request), locale)
    return web.json_response(data, dumps=lambda d: json.dumps(d, ensure_ascii=False),
                             headers={"Cache-Control": "no-store"})


async def _game_state(table: WebTable, game_id: int, viewer: Player | None, step: int | None,
                      locale: str) -> dict[str, Any]:
    """What the page shows: public, plus the viewer's own seat when a token opened it."""
    gm = table.gm
    info, last = await gm.table(game_id), await gm.step_count(game_id)
    if step is not None and step > last:
        raise ServiceError(text("web.bad_step", step=step, last=last))
    shown = last if step is None else step
    data: dict[str, Any] = {
        "title": t("web.page_title", locale, title=game_title(info.game), game=game_id),
        "version": info.version, "step": shown, "last": last,
        "step_label": (t("web.step_of", locale, step=shown, last=last) if shown
                       else t("web.setup_of", locale, last=last)),
        "status": t(f"tables.status_{info.status}", locale),
        "summary": _plain(await gm.status_text(game_id, locale)),
        "result": _plain(await gm.result_line(game_id, locale) or "") or None,
        "parts": [{"name": name, "label": t(f"{info.game}.part.{name}", locale)}
                  for name in gm.board_parts(info.game)],
        "view_note": (t("web.private_view", locale, name=viewer.name) if viewer
                      else t("web.public_view", locale)),
    }
    awaited = await gm.awaited_names(game_id)
    data["awaiting"] = t("web.awaiting", locale, names=tuple(awaited)) if awaited else None
    if step is None:
        data["log"] = [_plain(line) for line in await gm.log_lines(game_id, viewer,
                                                                   LOG_LINES, locale)]
        data["acted"] = None
    else:
        history = await table.step(game_id, step, locale)
        data["log"] = [_plain(line) for line in history.lines]
        data["acted"] = t("web.acted", locale, who=history.who) if history.who else None
    if viewer is not None:
        data.update(await _own_seat(table, game_id, viewer, step, locale))
    return data


async def _own_seat(table: WebTable, game_id: int, viewer: Player, step: int | None,
                    locale: str) -> dict[str, Any]:
    """The token holder's own seat, now or as it was after `step` (with the events of
    that step their seat read, its secret ones too)."""
    gm = table.gm
    if step is None:
        seat_view = await gm.seat_view(game_id, viewer)
        return {"private": {"seat": seat_view.seat, "name": viewer.name,
                            "text": _plain(await gm.private_text(game_id, viewer, locale)),
                            "view": seat_view.view}}
    then = await table.seat_step(game_id, step, viewer, locale)
    return {"private": {"seat": then.seat, "name": viewer.name, "text": _plain(then.text),
                        "view": then.view},
            "log": [_plain(line) for line in then.lines]}


def _plain(said: str) -> str:
    """A thread's text for a page: Discord's bold marks would show as asterisks."""
    return said.replace("**", "")


async def _board(request: web.Request) -> web.Response:
    table, locale = request.app[TABLE], _locale(request)
    game_id = _game(request)
    viewer = await table.viewer(game_id, request.query.get("t"))
    step, part = _step(request), request.query.get("part") or None
    if step is not None:
        last = await table.gm.step_count(game_id)
        if step > last:
            raise ServiceError(text("web.bad_step", step=step, last=last))
        png = (await table.step(game_id, step, locale)).board
    else:
        png = await table.gm.board_png(game_id, locale, part, viewer)
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": "private, no-store" if viewer
                                 else "no-cache"})


async def _events(request: web.Request) -> web.StreamResponse:
    """Server-sent events: `step` with the game's new version whenever it moves."""
    table = request.app[TABLE]
    game_id = _game(request)
    await table.viewer(game_id, request.query.get("t"))
    since = await table.gm.game_version(game_id)  # refuses a game that does not exist
    response = web.StreamResponse(headers={"Content-Type": "text/event-stream",
                                           "Cache-Control": "no-store",
                                           "X-Accel-Buffering": "no"})
    _secure(response)
    await response.prepare(request)
    await response.write(b"retry: 5000\n\n")
    async with table.live.watching(game_id, since) as stream:
        with contextlib.suppress(Stopped):
            while True:
                version = await stream.changed(HEARTBEAT_SECONDS)
                line = f"event: step\ndata: {version}\n\n" if version else ": still here\n\n"
                await response.write(line.encode())
    return response
