"""The web table's pages as HTML: the page of a game (and of the Activity) filled from
bot/web/static/game.html in the reader's language, the short page of a refusal, and the
security headers every answer carries: a CSP that allows this origin's scripts, styles
and images only (no inline script, nothing third party), and no Referer (a private page's
address carries its token)."""

from __future__ import annotations

import functools
import html
from pathlib import Path
from string import Template

from aiohttp import web

from bot.i18n import t
from bot.web.locale import reader_locale

STATIC = Path(__file__).parent / "static"
ACTIVITY_BUNDLE = STATIC / "activity.js"  # built by `make install` (package.json)
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
       "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'")
PAGE_TEXTS = ("board", "overview", "table", "log", "history", "latest", "live", "mine",
              "zoom_hint", "zoom_in", "zoom_out", "zoom_fit", "no_events", "no_script",
              "activity_connecting", "activity_outside", "activity_failed")


def secure(response: web.StreamResponse) -> None:
    """The security headers; a page that set its own CSP (the Activity's) keeps it."""
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"


def request_locale(request: web.Request) -> str:
    return reader_locale(request.query.get("lang"), request.headers.get("Accept-Language"))


def short_page(status: int, message: str, locale: str, title: str | None = None,
               headers: dict[str, str] | None = None) -> web.Response:
    page = (f'<!doctype html><html lang="{locale}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="stylesheet" href="/static/game.css">'
            f"<title>{html.escape(title or message)}</title></head><body class=short>"
            f"<h1>{html.escape(title or '')}</h1><p>{html.escape(message)}</p></body></html>")
    return web.Response(status=status, text=page, content_type="text/html", headers=headers)


@functools.cache
def _page_template() -> Template:
    return Template((STATIC / "game.html").read_text(encoding="utf-8"))


def filled_page(locale: str, title: str, game: str, static: str, client: str,
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
