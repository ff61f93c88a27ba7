"""Who is looking at the page inside a Discord Activity, as Discord itself vouches for it.

The Activity's page gets an OAuth2 code from Discord's client (the Embedded App SDK's
`authorize`) and posts it to `/api/token`. Here the code is exchanged with Discord's
OAuth2 endpoint under the application's client secret (which never leaves this process),
the access token names its user (`/users/@me`), and the Activity instance the page says
it runs in is read with the bot's token (`/applications/<id>/activity-instances/<id>`):
Discord answers where the instance runs (its channel, the game's thread) and who is in it.
So nothing the browser says is believed but the code and an instance id, and both are
checked by Discord: a forged instance id or a user outside the instance is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import aiohttp

from bot.config import Settings

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT_SECONDS = 10.0
# An instance id as Discord writes them ("i-1234-gc-5678-…"); anything else is no path
INSTANCE_ID = re.compile(r"^[A-Za-z0-9_-]{1,100}$")
MAX_CODE = 200


class NotVouched(Exception):
    """Discord did not vouch for the page's reader: a bad or used code, an instance that
    is not running, or a user who is not in it."""


class DiscordUnreachable(Exception):
    """Discord did not answer as documented (down, slow, or a misconfigured client)."""


@dataclass(frozen=True)
class ActivityConfig:
    """The application's OAuth2 client (GM_DISCORD_CLIENT_ID and GM_DISCORD_CLIENT_SECRET,
    from the Developer Portal), the bot's token that reads Activity instances, and where
    Discord's API is (GM_DISCORD_API_BASE: a local Discord in tests)."""

    client_id: str
    client_secret: str
    bot_token: str
    api_base: str = DISCORD_API

    @classmethod
    def from_settings(cls, settings: Settings) -> ActivityConfig | None:
        """The Activity's client when the operator set one, else None (no Activity page)."""
        if not (settings.client_id and settings.client_secret and settings.token):
            return None
        return cls(settings.client_id, settings.client_secret, settings.token,
                   settings.api_base or DISCORD_API)


@dataclass(frozen=True)
class Looker:
    """A Discord user, by Discord's word, in an Activity instance running in a channel."""

    user_id: int
    access_token: str  # for the SDK's `authenticate`, in the page that asked
    channel_id: int


def handshake_of(asked: object) -> tuple[str, str] | None:
    """The code and the instance id of the page's JSON when shaped like them, before any
    of it reaches Discord; else None."""
    if not isinstance(asked, dict):
        return None
    code, instance_id = asked.get("code"), asked.get("instance_id")
    if (isinstance(code, str) and 0 < len(code) <= MAX_CODE and isinstance(instance_id, str)
            and INSTANCE_ID.match(instance_id)):
        return code, instance_id
    return None


class Identity:
    """Asks Discord who holds a code, over one HTTP session kept for the server's life."""

    def __init__(self, config: ActivityConfig) -> None:
        self.config = config
        self._session: aiohttp.ClientSession | None = None

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    def _http(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=TIMEOUT_SECONDS))
        return self._session

    async def looker(self, code: str, instance_id: str) -> Looker:
        """The user whose code this is, in the instance, and the instance's channel."""
        access_token = await self._exchange(code)
        user = await self._get("/users/@me", f"Bearer {access_token}")
        instance = await self._get(
            f"/applications/{quote(self.config.client_id, safe='')}/activity-instances/"
            f"{quote(instance_id, safe='')}", f"Bot {self.config.bot_token}")
        try:
            user_id = int(user["id"])
            channel_id = int(instance["location"]["channel_id"])
            users = {int(u) for u in instance.get("users", ())}
        except (KeyError, TypeError, ValueError):
            raise DiscordUnreachable("Discord's answer lacks a user or a channel") from None
        if user_id not in users:
            raise NotVouched
        return Looker(user_id, access_token, channel_id)

    async def _exchange(self, code: str) -> str:
        """Discord's token endpoint: the authorization code for the user's access token."""
        form = {"client_id": self.config.client_id,
                "client_secret": self.config.client_secret,
                "grant_type": "authorization_code", "code": code}
        try:
            async with self._http().post(f"{self.config.api_base}/oauth2/token",
                                         data=form) as answer:
                if answer.status in (400, 401):  # invalid_grant: a bad, old or used code
                    raise NotVouched
                answer.raise_for_status()
                token = (await answer.json()).get("access_token")
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise DiscordUnreachable(f"the OAuth2 token exchange failed: {error}") from None
        if not isinstance(token, str) or not token:
            raise DiscordUnreachable("the OAuth2 token exchange gave no access token")
        return token

    async def _get(self, path: str, authorization: str) -> dict[str, Any]:
        try:
            async with self._http().get(f"{self.config.api_base}{path}",
                                        headers={"Authorization": authorization}) as answer:
                if answer.status in (401, 403, 404):  # not this user's, no such instance
                    raise NotVouched
                answer.raise_for_status()
                body = await answer.json()
        except (aiohttp.ClientError, TimeoutError, ValueError) as error:
            raise DiscordUnreachable(f"Discord's {path.split('/')[1]} failed: {error}") from None
        if not isinstance(body, dict):
            raise DiscordUnreachable(f"Discord's {path} is not an object")
        return body
