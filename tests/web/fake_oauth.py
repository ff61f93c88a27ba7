"""What the web table asks Discord inside an Activity, answered as Discord documents it:
the OAuth2 token exchange (`POST /oauth2/token`, a form with the client's id and secret
and a one-use code), the user of an access token (`GET /users/@me`, Bearer), and an
Activity instance (`GET /applications/<app>/activity-instances/<id>`, Bot token), served
by aiohttp's test server. Each call is counted, so a test sees what reached Discord."""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass, field

from aiohttp import web
from aiohttp.test_utils import TestServer

from bot.web.identity import ActivityConfig

CLIENT_ID = "880000000000000001"
CLIENT_SECRET = "the-client-secret-never-shown-0123456789"
BOT_TOKEN = "the-bot-token-of-the-fake"
GUILD = 555


@dataclass
class FakeOAuth:
    codes: dict[str, int] = field(default_factory=dict)  # code -> user id, used once
    tokens: dict[str, int] = field(default_factory=dict)  # access token -> user id
    instances: dict[str, tuple[int, set[int]]] = field(default_factory=dict)
    calls: Counter[str] = field(default_factory=Counter)
    server: TestServer | None = None

    def code_for(self, user_id: int) -> str:
        """What the SDK's `authorize` hands the page of this user."""
        code = secrets.token_urlsafe(12)
        self.codes[code] = user_id
        return code

    def launch(self, instance_id: str, channel_id: int, *users: int) -> str:
        """An Activity instance running in `channel_id` with these users in it."""
        self.instances[instance_id] = (channel_id, set(users))
        return instance_id

    def config(self) -> ActivityConfig:
        assert self.server is not None
        return ActivityConfig(CLIENT_ID, CLIENT_SECRET, BOT_TOKEN,
                              str(self.server.make_url("/api/v10")))

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_post("/api/v10/oauth2/token", self._token)
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/applications/{app}/activity-instances/{instance}",
                           self._instance)
        return app

    async def _token(self, request: web.Request) -> web.Response:
        self.calls["token"] += 1
        form = await request.post()
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return web.json_response({"error": "invalid_client"}, status=401)
        user = self.codes.pop(str(form.get("code")), None)
        if form.get("grant_type") != "authorization_code" or user is None:
            return web.json_response({"error": "invalid_grant",
                                      "error_description": 'Invalid "code" in request.'},
                                     status=400)
        token = secrets.token_urlsafe(16)
        self.tokens[token] = user
        return web.json_response({"access_token": token, "token_type": "Bearer",
                                  "expires_in": 604800, "refresh_token": "r-" + token,
                                  "scope": "identify"})

    async def _me(self, request: web.Request) -> web.Response:
        self.calls["me"] += 1
        kind, _, token = request.headers.get("Authorization", "").partition(" ")
        user = self.tokens.get(token) if kind == "Bearer" else None
        if user is None:
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        return web.json_response({"id": str(user), "username": f"user{user}",
                                  "discriminator": "0", "global_name": None, "avatar": None,
                                  "public_flags": 0})

    async def _instance(self, request: web.Request) -> web.Response:
        self.calls["instance"] += 1
        if request.headers.get("Authorization") != f"Bot {BOT_TOKEN}":
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        instance = request.match_info["instance"]
        found = self.instances.get(instance)
        if request.match_info["app"] != CLIENT_ID or found is None:
            return web.json_response({"message": "Unknown Application Instance",
                                      "code": 10008}, status=404)
        channel, users = found
        return web.json_response({
            "application_id": CLIENT_ID, "instance_id": instance, "launch_id": "1",
            "location": {"id": f"gc-{GUILD}-{channel}", "kind": "gc",
                         "channel_id": str(channel), "guild_id": str(GUILD)},
            "users": [str(u) for u in sorted(users)]})
