"""A local stand-in for Discord's REST API, for driving the real discord.py client.

discord.py sends bot REST calls through `HTTPClient.request` and interaction callbacks,
followups and `@original` edits through `AsyncWebhookAdapter.request`; both are patched to
land here. Every call is recorded (with the interaction it was made for, via a context
variable the harness sets before dispatching), and answered with the JSON Discord would
return, so the library builds its real objects from it. Messages are kept with who can see
them: everyone (channels, threads), one user (ephemeral answers, DMs).
"""

from __future__ import annotations

import contextvars
import itertools
import json
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
from discord.http import Route

APP_ID = 900_000_000_000_000_001
GUILD_ID = 800_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_001
TIMESTAMP = "2025-01-01T00:00:00+00:00"
EPHEMERAL = 64

# The interaction on whose behalf the running code acts (tasks inherit it from dispatch).
current_interaction: contextvars.ContextVar[int | None] = contextvars.ContextVar(
    "current_interaction", default=None)


@dataclass
class Event:
    """One thing that happened, in order: an HTTP call or a service call."""

    kind: str  # "rest", "webhook" or "service"
    name: str  # "POST /channels/{channel_id}/messages" or the service method
    interaction: int | None
    json: dict[str, Any] | list[Any] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    files: list[tuple[str, bytes]] = field(default_factory=list, repr=False)


@dataclass
class Message:
    id: int
    channel_id: int
    audience: int | None  # None: public; else the only user who sees it
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list, repr=False)
    flags: int = 0
    loading: bool = False
    history: list[str] = field(default_factory=list)  # every content it ever had
    nonce: str | None = None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        return next(c for row in self.components for c in row["components"]
                    if c.get("custom_id") == custom_id)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), "guild_id": str(GUILD_ID),
            "author": bot_user(), "content": self.content, "timestamp": TIMESTAMP,
            "edited_timestamp": None, "tts": False, "mention_everyone": False,
            "mentions": [], "mention_roles": [], "embeds": [], "pinned": False, "type": 0,
            "flags": self.flags, "components": self.components,
            "attachments": [{"id": str(self.id + i), "filename": name, "size": len(data),
                             "url": f"https://cdn.invalid/{name}",
                             "proxy_url": f"https://cdn.invalid/{name}"}
                            for i, (name, data) in enumerate(self.files)],
        }


@dataclass
class Token:
    """An interaction token: who it belongs to and what its `@original` message is."""

    interaction: int
    user_id: int
    type: int
    channel_id: int
    message_id: int | None = None  # the clicked message (component interactions)
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    original: int | None = None
    followups: list[int] = field(default_factory=list)


def bot_user() -> dict[str, Any]:
    return {"id": str(APP_ID), "username": "GameMaster", "discriminator": "0",
            "global_name": "GameMaster", "avatar": None, "bot": True}


class FakeDiscord:
    def __init__(self) -> None:
        self._ids = itertools.count(1_300_000_000_000_000_000)
        self.events: list[Event] = []
        self.messages: dict[int, Message] = {}
        self.channels: dict[int, dict[str, Any]] = {}
        self.dm_users: dict[int, int] = {}  # DM channel id -> user id
        self.tokens: dict[str, Token] = {}
        self.commands: list[dict[str, Any]] = []
        self.private_lines: list[str] = []  # secret lines the service produced (harness)
        self.forbidden: set[str] = set()  # "METHOD /path" the bot may not do (403)

    def next_id(self) -> int:
        return next(self._ids)

    # -- the two patched entry points (set on the classes as bound methods of this fake,
    # so they are called without the client's own `self`) ---------------------------------
    async def rest(self, route: Route, *, files: Any = None, form: Any = None,
                   **kwargs: Any) -> Any:
        payload, attached = _body(kwargs.get("json"), form, files)
        self._record("rest", route, payload, kwargs.get("params") or {}, attached)
        if f"{route.method} {route.path}" in self.forbidden:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        return self._answer_rest(route, payload or {}, attached)

    async def webhook(self, route: Route, session: Any = None, *,
                      payload: dict[str, Any] | None = None, multipart: Any = None,
                      files: Any = None, params: dict[str, Any] | None = None,
                      **_: Any) -> Any:
        body, attached = _body(payload, multipart, files)
        self._record("webhook", route, body, params or {}, attached)
        return self._answer_webhook(route, body or {}, attached)

    def _record(self, kind: str, route: Route, payload: Any, params: dict[str, Any],
                files: list[tuple[str, bytes]]) -> None:
        self.events.append(Event(kind, f"{route.method} {route.path}",
                                 current_interaction.get(), payload,
                                 {"url": route.url, **params}, files))

    # -- bot REST -------------------------------------------------------------------------
    def _answer_rest(self, route: Route, body: Any, files: list[tuple[str, bytes]]) -> Any:
        key = f"{route.method} {route.path}"
        channel_id = int(route.channel_id) if route.channel_id else None
        if key == "GET /users/@me":
            return bot_user()
        if key == "GET /oauth2/applications/@me":
            return {"id": str(APP_ID), "name": "GameMaster", "description": "",
                    "icon": None, "bot_public": True, "bot_require_code_grant": False,
                    "owner": bot_user(), "verify_key": "0" * 64, "flags": 0}
        if key.startswith("PUT /applications/"):
            self.commands = [{**c, "id": str(self.next_id()), "application_id": str(APP_ID),
                              "version": "1"} for c in body]
            return self.commands
        if key == "POST /channels/{channel_id}/threads":
            return self._new_thread(channel_id, body)
        if key == "POST /channels/{channel_id}/messages":
            assert channel_id is not None
            same = self._same_nonce(channel_id, body)
            return (same or self._new_message(channel_id, body, files,
                                              audience=self.dm_users.get(channel_id))).payload()
        if key == "PATCH /channels/{channel_id}/messages/{message_id}":
            message = self.messages[int(route.url.rstrip("/").rsplit("/", 1)[1])]
            assert message.channel_id == channel_id and message.audience is None
            self._edit(message, body, files)
            return message.payload()
        if key == "POST /users/@me/channels":
            return self._new_dm(int(body["recipient_id"]))
        if key in ("PUT /channels/{channel_id}/thread-members/{user_id}",
                   "DELETE /channels/{channel_id}/thread-members/{user_id}"):
            return None  # a spectator added to (or taken out of) a thread: 204, no body
        raise AssertionError(f"unexpected REST call {key}")

    def _new_thread(self, parent: int | None, body: dict[str, Any]) -> dict[str, Any]:
        thread = {
            "id": str(self.next_id()), "type": body.get("type", 11), "guild_id": str(GUILD_ID),
            "parent_id": str(parent), "name": body["name"], "owner_id": str(APP_ID),
            "message_count": 0, "member_count": 0, "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                "archive_timestamp": TIMESTAMP, "locked": False},
        }
        self.channels[int(thread["id"])] = thread
        return thread

    def _new_dm(self, user_id: int) -> dict[str, Any]:
        channel_id = self.next_id()
        self.dm_users[channel_id] = user_id
        return {"id": str(channel_id), "type": 1, "last_message_id": None,
                "recipients": [{"id": str(user_id), "username": f"user{user_id}",
                                "discriminator": "0", "avatar": None}]}

    def _same_nonce(self, channel_id: int, body: dict[str, Any]) -> Message | None:
        """Discord's `enforce_nonce`: a message with the nonce of one the bot sent in this
        channel a moment ago is not created again; that one is returned."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        return next((m for m in self.messages.values()
                     if m.channel_id == channel_id and m.nonce == str(nonce)), None)

    def _new_message(self, channel_id: int, body: dict[str, Any],
                     files: list[tuple[str, bytes]], audience: int | None,
                     loading: bool = False) -> Message:
        message = Message(self.next_id(), channel_id, audience, flags=body.get("flags") or 0,
                          nonce=None if body.get("nonce") is None else str(body["nonce"]))
        self._edit(message, body, files)
        message.loading = loading
        self.messages[message.id] = message
        return message

    @staticmethod
    def _edit(message: Message, body: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
        if "content" in body:
            message.content = body["content"] or ""
            message.history.append(message.content)
        if "components" in body:
            message.components = body["components"]
        if files or "attachments" in body:
            message.files = files
        message.loading = False

    # -- interaction webhooks -------------------------------------------------------------
    def _answer_webhook(self, route: Route, body: dict[str, Any],
                        files: list[tuple[str, bytes]]) -> Any:
        key = f"{route.method} {route.path}"
        token = self.tokens[str(route.webhook_token)]
        if key.endswith("/callback"):
            return self._callback(token, body, files)
        if key.endswith("/messages/@original"):
            return self._original(token, route.method, body, files)
        if key == "POST /webhooks/{webhook_id}/{webhook_token}":
            return self._followup(token, body, files).payload()
        if key == "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}":
            message = self.messages[int(route.url.rsplit("/", 1)[1])]
            self._edit(message, body, files)
            return message.payload()
        raise AssertionError(f"unexpected webhook call {key}")

    def _callback(self, token: Token, body: dict[str, Any],
                  files: list[tuple[str, bytes]]) -> dict[str, Any]:
        token.callbacks.append(body)
        kind, data = body["type"], body.get("data") or {}
        audience = token.user_id if (data.get("flags") or 0) & EPHEMERAL else None
        message = None
        if kind == 4:  # a message
            message = self._new_message(token.channel_id, data, files, audience)
            token.original = message.id
        elif kind == 5:  # "thinking": an empty message the first followup fills
            message = self._new_message(token.channel_id, data, [], audience, loading=True)
            token.original = message.id
        elif kind == 12:  # LAUNCH_ACTIVITY: the client opens the Activity; no message
            assert not data, "LAUNCH_ACTIVITY carries no data"
        elif kind in (6, 7):  # acknowledge / edit the clicked message
            token.original = token.message_id
            if kind == 7 and token.message_id is not None:
                message = self.messages[token.message_id]
                self._edit(message, data, files)
        answer: dict[str, Any] = {"interaction": {
            "id": str(token.interaction), "type": token.type,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": audience is not None}}
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            if kind in (4, 7):
                answer["resource"] = {"type": kind, "message": message.payload()}
        return answer

    def _original(self, token: Token, method: str, body: dict[str, Any],
                  files: list[tuple[str, bytes]]) -> Any:
        assert token.original is not None, "@original before any callback"
        message = self.messages[token.original]
        if method == "PATCH":
            self._edit(message, body, files)
        elif method == "DELETE":
            del self.messages[message.id]
            return None
        return message.payload()

    def _followup(self, token: Token, body: dict[str, Any],
                  files: list[tuple[str, bytes]]) -> Message:
        original = self.messages.get(token.original or 0)
        if original is not None and original.loading:  # replaces the "thinking" message
            self._edit(original, body, files)
            return original
        audience = token.user_id if (body.get("flags") or 0) & EPHEMERAL else None
        message = self._new_message(token.channel_id, body, files, audience)
        token.followups.append(message.id)
        return message


def _body(payload: Any, form: Any, files: Any) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON of a call, from `json=` or the multipart `payload_json`, and its files."""
    attached = []
    for file in files or []:
        assert isinstance(file, discord.File)
        file.reset()
        attached.append((file.filename or "", file.fp.read()))
        file.reset()
    if form:
        for part in form:
            if part["name"] == "payload_json":
                payload = json.loads(part["value"])
    return payload, attached
