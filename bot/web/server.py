"""The web table's aiohttp application over one GameMaster: a game's public page, a seat's
private view by token, its JSON API, its board images and its live event stream, and the
Activity's routes (bot/web/activity.py) when the application has an OAuth2 client.

Every route passes the rate limit and gets the security headers (`_guard`, bot/web/pages.py).
A public page reads only what `view(state, None)` holds (the public summary, public events,
the board drawn from the public view); a token adds its own seat's view and nothing else,
now or at a step of its history.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.i18n import game_title, t, text
from bot.service import GameMaster, Player, ServiceError
from bot.web.activity import activity_page, exchange
from bot.web.limits import client_address, retry_after
from bot.web.links import game_of
from bot.web.live import Stopped
from bot.web.pages import STATIC, filled_page, request_locale, secure, short_page
from bot.web.table import TABLE, Refused, WebConfig, WebTable

log = logging.getLogger(__name__)
LOG_LINES = 40  # the latest events the page lists
HEARTBEAT_SECONDS = 20.0  # a comment on an idle event stream keeps proxies from closing it


def make_web_app(gm: GameMaster, config: WebConfig,
                 now: Callable[[], float] = time.time) -> web.Application:
    """The web table of `gm`'s games; `now` is the clock tokens expire by."""
    app = web.Application(middlewares=[_guard])
    table = WebTable(gm, config, now)
    app[TABLE] = table
    app.router.add_get("/g/{game}", _page)
    if table.identity is not None:
        app.router.add_get("/", activity_page)
        app.router.add_post("/api/token", exchange)
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
    locale = request_locale(request)
    wait = table.limit.take(client_address(request.remote,
                                           request.headers.get("X-Forwarded-For")))
    try:
        if wait:
            seconds = retry_after(wait)
            response: web.StreamResponse = short_page(
                429, t("web.too_many", locale, seconds=seconds), locale,
                headers={"Retry-After": seconds})
        else:
            response = await handler(request)
    except web.HTTPException as error:
        response = short_page(error.status, t("web.not_found", locale), locale,
                              t("web.not_found_title", locale))
    except Refused:
        response = short_page(403, t("web.refused", locale), locale,
                              t("web.refused_title", locale))
    except ServiceError as error:  # no such game or step, or a game not started yet
        response = short_page(404, error.render(locale), locale,
                              t("web.not_found_title", locale))
    except (asyncio.CancelledError, ConnectionResetError):
        raise
    except Exception:  # no traceback reaches a reader
        log.exception("web request %s failed", request.path)
        response = short_page(500, t("web.error", locale), locale)
    if not response.prepared:
        secure(response)
    return response


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


async def _page(request: web.Request) -> web.Response:
    table, locale = request.app[TABLE], request_locale(request)
    game_id = _game(request)
    info = await table.gm.table(game_id)
    await table.gm.step_count(game_id)  # refuses a game that has not started
    await table.viewer(game_id, request.query.get("t"))
    title = t("web.page_title", locale, title=game_title(info.game), game=game_id)
    return filled_page(locale, title, request.match_info["game"], "/static/", "")


async def _state(request: web.Request) -> web.Response:
    table, locale = request.app[TABLE], request_locale(request)
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
    table, locale = request.app[TABLE], request_locale(request)
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
    secure(response)
    await response.prepare(request)
    await response.write(b"retry: 5000\n\n")
    async with table.live.watching(game_id, since) as stream:
        with contextlib.suppress(Stopped):
            while True:
                version = await stream.changed(HEARTBEAT_SECONDS)
                line = f"event: step\ndata: {version}\n\n" if version else ": still here\n\n"
                await response.write(line.encode())
    return response
