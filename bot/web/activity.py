"""The web table as a Discord Activity: its page at the root of the Activity's URL
mapping, and `/api/token`, where the page's Discord code becomes the game of the
Activity's thread and, for a seated member, their own seat's short-lived token
(bot/web/identity.py asks Discord who and where; docs/deploying.md, "The Activity")."""

from __future__ import annotations

import json
import logging

from aiohttp import web

from bot.i18n import t
from bot.service import ServiceError
from bot.web.identity import DiscordUnreachable, NotVouched, handshake_of
from bot.web.limits import client_address, retry_after
from bot.web.links import public_id
from bot.web.pages import CSP, filled_page, request_locale
from bot.web.table import TABLE

log = logging.getLogger(__name__)
# The Activity's page is framed by Discord's client (the origins the Embedded App SDK
# takes messages from); the SDK itself needs nothing more than this origin: it speaks to
# Discord by postMessage, which no CSP directive governs, and posts to /api/token here.
DISCORD_FRAMES = ("https://discord.com", "https://ptb.discord.com", "https://canary.discord.com",
                  "https://discordapp.com", "https://ptb.discordapp.com",
                  "https://canary.discordapp.com")
ACTIVITY_CSP = CSP.replace("frame-ancestors 'self'",
                           "frame-ancestors 'self' " + " ".join(DISCORD_FRAMES))
ACTIVITY_SECONDS = 4 * 3600  # the Activity's seat token: a sitting, not a month


async def activity_page(request: web.Request) -> web.Response:
    """The Activity's page, at the root Discord's URL mapping opens (`/`, or `/.proxy/`
    through Discord's proxy, hence the relative `static/`): no game until Discord said who
    is looking and in which channel (`/api/token`)."""
    table, locale = request.app[TABLE], request_locale(request)
    config = table.config.activity
    assert config is not None  # routed only with an Activity client
    return filled_page(locale, t("web.activity_title", locale), "", "static/",
                       config.client_id, ACTIVITY_CSP)


async def exchange(request: web.Request) -> web.Response:
    """The Activity's handshake: an OAuth2 code and the instance id in, the game of the
    instance's channel out, with the reader's own seat token when Discord's user holds a
    seat there (else the public view), and the access token the SDK's `authenticate`
    wants. Refusals are JSON the page shows: `{"error": <sentence in the reader's
    language>}`."""
    table, locale = request.app[TABLE], request_locale(request)
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
