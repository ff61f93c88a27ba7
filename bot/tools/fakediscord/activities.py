"""The local Discord's Activities: the instance an answer of type 12 (LAUNCH_ACTIVITY)
opens in the interaction's channel, the OAuth2 code the Embedded App SDK's `authorize`
hands a member's Activity, and what the application's server may then ask, as Discord
documents it: `POST /oauth2/token` (the code for an access token, under the client's id
and secret), `GET /users/@me` with that token (Bearer), and
`GET /applications/<app>/activity-instances/<instance>` with the bot's token (where the
instance runs and who is in it).

A code is used once; a member who launches in a channel where an instance runs joins it,
as Discord's "Join Activity" does.
"""

from __future__ import annotations

import itertools
import secrets
from dataclasses import dataclass, field
from typing import Any

CLIENT_SECRET = "the-local-discord-client-secret"  # the application's, in the Portal
ACCESS_SECONDS = 604_800  # Discord's access tokens last a week


class OAuthRefused(Exception):
    """An OAuth2 error as the token endpoint writes it: `{"error", "error_description"}`."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(description)
        self.status, self.error, self.description = status, error, description

    def body(self) -> dict[str, Any]:
        return {"error": self.error, "error_description": self.description}


@dataclass
class Instance:
    id: str
    channel_id: int
    guild_id: int | None
    users: set[int] = field(default_factory=set)

    def payload(self, application_id: int) -> dict[str, Any]:
        kind = "gc" if self.guild_id else "pc"  # a guild channel, or a private one
        where = f"{kind}-{self.guild_id}-{self.channel_id}" if self.guild_id else (
            f"{kind}-{self.channel_id}")
        return {"application_id": str(application_id), "instance_id": self.id,
                "launch_id": self.id.split("-")[1],
                "location": {"id": where, "kind": kind,
                             "channel_id": str(self.channel_id),
                             **({"guild_id": str(self.guild_id)} if self.guild_id else {})},
                "users": [str(u) for u in sorted(self.users)]}


class Activities:
    def __init__(self, application_id: int) -> None:
        self.application_id = application_id
        self.instances: dict[str, Instance] = {}
        self.codes: dict[str, int] = {}  # code -> user, until exchanged
        self.tokens: dict[str, int] = {}  # access token -> user
        self._launches = itertools.count(1)

    def launch(self, channel_id: int, guild_id: int | None, user_id: int) -> Instance:
        """The instance running in the channel, joined by the user, or a new one."""
        running = self.in_channel(channel_id)
        if running is None:
            number = next(self._launches)
            running = Instance(f"i-{number}-gc-{guild_id or 0}-{channel_id}", channel_id,
                               guild_id)
            self.instances[running.id] = running
        running.users.add(user_id)
        return running

    def in_channel(self, channel_id: int) -> Instance | None:
        return next((i for i in self.instances.values() if i.channel_id == channel_id), None)

    def authorize(self, user_id: int) -> str:
        """What `authorize` (prompt none: the member allowed the app before) gives the
        member's Activity: a code for this application."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = user_id
        return code

    def exchange(self, form: dict[str, Any]) -> dict[str, Any]:
        """The token endpoint: a code of this application's for the user's access token."""
        if (form.get("client_id") != str(self.application_id)
                or form.get("client_secret") != CLIENT_SECRET):
            raise OAuthRefused(401, "invalid_client", "Unknown client or wrong secret.")
        if form.get("grant_type") != "authorization_code":
            raise OAuthRefused(400, "unsupported_grant_type", "Unsupported grant type.")
        user = self.codes.pop(str(form.get("code")), None)
        if user is None:
            raise OAuthRefused(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(24)
        self.tokens[token] = user
        return {"access_token": token, "token_type": "Bearer", "expires_in": ACCESS_SECONDS,
                "refresh_token": secrets.token_urlsafe(24), "scope": "identify"}

    def bearer(self, authorization: str) -> int | None:
        """The user of a `Bearer <access token>` header, or None."""
        kind, _, token = authorization.partition(" ")
        return self.tokens.get(token) if kind == "Bearer" else None
