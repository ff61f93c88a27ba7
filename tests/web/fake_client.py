"""Discord's side of an Activity in a browser test: one origin (as <app>.discordsays.com
is one) that serves the client's frame around the Activity (tests/web/discord_client.js
answers the SDK's postMessage protocol) and Discord's proxy, which forwards `/.proxy/<path>`
to the web table as `/<path>` (the URL mapping of `/`), streaming, so the event stream
passes too. Every path the proxy forwarded is kept."""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import urlencode

import aiohttp
from aiohttp import web

CLIENT_JS = Path(__file__).with_name("discord_client.js")
PASSED_UP = ("Accept", "Accept-Language", "Content-Type")
PASSED_DOWN = ("Content-Type", "Content-Security-Policy", "Cache-Control", "Retry-After",
               "Referrer-Policy", "X-Content-Type-Options")
FRAME_ID = "f0c1a2b3-0000-4000-8000-000000000001"


class DiscordFrame:
    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.forwarded: list[str] = []
        self._session: aiohttp.ClientSession | None = None

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/activity", self._frame)
        app.router.add_get("/discord_client.js", self._script)
        app.router.add_route("*", "/.proxy/{tail:.*}", self._proxy)
        app.on_cleanup.append(self._close)
        return app

    @staticmethod
    def launch(codes: list[str], user_id: int, client_id: str, instance_id: str,
               channel_id: int, guild_id: int) -> str:
        """The path of the client's frame for one launch: the Activity's iframe at the
        mapping's root under the proxy, with the query Discord adds; `codes` are what
        the client's AUTHORIZE answers, one each time, in turn."""
        query = urlencode({"codes": " ".join(codes), "user": user_id, "client": client_id,
                           "instance_id": instance_id, "channel_id": channel_id,
                           "guild_id": guild_id})
        return f"/activity?{query}"

    async def _frame(self, request: web.Request) -> web.Response:
        asked = request.query
        activity = "/.proxy/?" + urlencode({
            "instance_id": asked["instance_id"], "frame_id": FRAME_ID, "platform": "desktop",
            "guild_id": asked["guild_id"], "channel_id": asked["channel_id"],
            "location_id": f"gc-{asked['guild_id']}-{asked['channel_id']}"})
        page = ('<!doctype html><html><head><meta charset="utf-8"><title>Discord</title>'
                '<script src="/discord_client.js" defer></script></head>'
                f'<body data-codes="{html.escape(asked["codes"])}" '
                f'data-client="{html.escape(asked["client"])}" '
                f'data-user="{html.escape(asked["user"])}">'
                f'<iframe id="activity" src="{html.escape(activity)}" width="1280" '
                'height="760"></iframe></body></html>')
        return web.Response(text=page, content_type="text/html")

    async def _script(self, _: web.Request) -> web.Response:
        return web.Response(text=CLIENT_JS.read_text(encoding="utf-8"),
                            content_type="application/javascript")

    async def _proxy(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.forwarded.append(path)
        if self._session is None:
            self._session = aiohttp.ClientSession()
        headers = {k: request.headers[k] for k in PASSED_UP if k in request.headers}
        async with self._session.request(
                request.method, self.upstream + path, params=request.query, headers=headers,
                data=await request.read() if request.can_read_body else None) as answer:
            response = web.StreamResponse(status=answer.status, headers={
                k: answer.headers[k] for k in PASSED_DOWN if k in answer.headers})
            await response.prepare(request)
            async for chunk in answer.content.iter_any():
                await response.write(chunk)
            return response

    async def _close(self, _: web.Application) -> None:
        if self._session is not None:
            await self._session.close()
