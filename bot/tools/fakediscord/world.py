"""What the local Discord holds: its guilds (one at first, more for a sharded bot) with their
roles, members and channels, the messages (with who can see each), the registered commands,
the interactions and every request the bot made. Payload builders give the JSON Discord
would send for each thing. Every member belongs to every guild.

Nothing here knows HTTP or websockets; `rest.py` and `gateway.py` read and change a World.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from bot.tools.fakediscord.activities import Activities

APP_ID = 900_000_000_000_000_001
GUILD_ID = 800_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_001
MOD_ROLE = 600_000_000_000_000_002
TOKEN = "fake-bot-token"
TIMESTAMP = "2025-01-01T00:00:00+00:00"
EPHEMERAL = 64
LOADING = 128
TOKEN_LIFETIME = 15 * 60.0  # interaction tokens answer followups for 15 minutes
ACK_DEADLINE = 3.0  # an interaction must be acknowledged within 3 seconds
NONCE_SECONDS = 5 * 60.0  # how long Discord remembers an enforced nonce ("a few minutes")
GUILD_STEP = 1 << 22  # guild ids added this far apart fall on consecutive shards

# Permission bits (Discord's values).
VIEW, SEND, HISTORY, SEND_IN_THREADS = 1 << 10, 1 << 11, 1 << 16, 1 << 38
MANAGE_GUILD, CREATE_PUBLIC_THREADS, USE_COMMANDS = 1 << 5, 1 << 35, 1 << 31
MEMBER_PERMISSIONS = VIEW | SEND | HISTORY | SEND_IN_THREADS | USE_COMMANDS
MANAGER_PERMISSIONS = MEMBER_PERMISSIONS | MANAGE_GUILD
BOT_PERMISSIONS = MEMBER_PERMISSIONS | CREATE_PUBLIC_THREADS | (1 << 14) | (1 << 15)

# Interaction types and the callbacks each may receive.
COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5  # (1, PING: webhooks only)
CALLBACKS_ALLOWED = {
    COMMAND: {4, 5, 9, 12},  # 12: LAUNCH_ACTIVITY (an app with Activities on)
    COMPONENT: {4, 5, 6, 7, 9, 12},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
FINAL_CALLBACKS = {4, 7, 8, 9, 12}  # a callback that is itself the whole answer


@dataclass(frozen=True)
class Member:
    """A guild member as Discord describes them inside interactions."""

    id: int
    name: str
    roles: tuple[int, ...] = ()
    permissions: int = MEMBER_PERMISSIONS
    locale: str = "en-US"  # their Discord client's language, sent with each interaction
    bot: bool = False  # a bot account (Discord flags it in every user object)

    def user_payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None, "bot": self.bot}

    def member_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        member = {"roles": [str(r) for r in self.roles], "joined_at": TIMESTAMP,
                  "deaf": False, "mute": False, "flags": 0, "pending": False, "nick": None,
                  "avatar": None, "communication_disabled_until": None,
                  "permissions": str(self.permissions)}
        return {"user": self.user_payload(), **member} if with_user else member


BOT = Member(APP_ID, "GameMaster", permissions=BOT_PERMISSIONS, bot=True)


@dataclass(frozen=True)
class Attachment:
    id: int
    filename: str
    data: bytes = field(repr=False)  # empty when the fake keeps no file contents
    content_type: str = "application/octet-stream"
    size: int = 0


@dataclass(frozen=True)
class Version:
    """One state of a message, as a viewer saw it at the time."""

    content: str
    components: list[dict[str, Any]]
    files: tuple[str, ...]


@dataclass
class Message:
    id: int
    channel_id: int
    audience: int | None  # None: everyone in the channel; else the one user who sees it
    author_id: int = APP_ID
    content: str = ""
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None
    created_at: float = 0.0  # fake clock
    history: list[Version] = field(default_factory=list)
    deleted: bool = False
    nonce: str | None = None
    pinged: tuple[int, ...] = ()  # users Discord notified when the message was created

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def files(self) -> list[tuple[str, bytes]]:
        return [(a.filename, a.data) for a in self.attachments]

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", [])
                if "custom_id" in c]

    def component(self, custom_id: str) -> dict[str, Any]:
        found = [c for row in self.components for c in row.get("components", [])
                 if c.get("custom_id") == custom_id]
        if not found:
            raise LookupError(f"message {self.id} has no component {custom_id!r}")
        return found[0]

    def labelled(self, label: str) -> str:
        """The custom id of the component whose label is `label`."""
        for row in self.components:
            for item in row.get("components", []):
                if item.get("label") == label and "custom_id" in item:
                    return item["custom_id"]
        raise LookupError(f"message {self.id} has no component labelled {label!r}")

    def mentions(self, user_id: int) -> bool:
        return f"<@{user_id}>" in self.content or f"<@!{user_id}>" in self.content

    def record(self) -> None:
        self.history.append(Version(self.content, self.components,
                                    tuple(a.filename for a in self.attachments)))


USER_MENTION = re.compile(r"<@!?(\d+)>")


def pinged(content: str, allowed: dict[str, Any] | None) -> tuple[int, ...]:
    """The users a new message notifies: those its content mentions, as far as its
    `allowed_mentions` let them (absent: every mention pings; `parse` with "users": all
    users; else only the ids in `users`). Discord notifies nobody for mentions an edit adds."""
    mentioned = [int(found) for found in USER_MENTION.findall(content)]
    if allowed is None or "users" in (allowed.get("parse") or []):
        return tuple(dict.fromkeys(mentioned))
    permitted = {int(user) for user in allowed.get("users") or []}
    return tuple(dict.fromkeys(u for u in mentioned if u in permitted))


@dataclass
class Interaction:
    """One INTERACTION_CREATE and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: Member
    channel_id: int
    data: dict[str, Any]
    message_id: int | None  # the message of a clicked component
    sent_at: float  # when the gateway delivered it (fake clock)
    deadline: float
    delivered_at: float | None = None  # the event written to the bot's websocket
    callback_at: float | None = None  # the bot's first acknowledgement call reached us
    acked_at: float | None = None
    ack_type: int | None = None
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    answers: int = 0  # message-producing calls after the acknowledgement
    busy: int = 0  # requests on this token being served now
    last_activity: float = 0.0
    failed: bool = False  # "This interaction failed": not acknowledged in time
    refusals: list[int] = field(default_factory=list)  # error codes of refused calls
    choices: list[dict[str, Any]] | None = None  # autocomplete answer
    modal: dict[str, Any] | None = None

    @property
    def answered(self) -> bool:
        """Whether the user sees the bot's full answer (or the failure)."""
        if self.failed:
            return True
        if self.ack_type is None:
            return False
        return self.ack_type in FINAL_CALLBACKS or self.answers > 0


@dataclass(frozen=True)
class Request:
    """One HTTP call the bot made, as the fake answered it."""

    at: float
    method: str
    route: str  # the template, e.g. "POST /channels/{channel_id}/messages"
    path: str
    status: int
    code: int | None  # Discord's JSON error code, when refused
    interaction: int | None
    json: Any
    files: tuple[tuple[str, int], ...]  # (name, size)


class World:
    """The guild, its channels and messages, commands, interactions and the request log."""

    def __init__(self) -> None:
        self._ids = itertools.count(1_300_000_000_000_000_000)
        self.members: dict[int, Member] = {BOT.id: BOT}
        self.roles: dict[int, dict[str, Any]] = {
            GUILD_ID: role_payload(GUILD_ID, "@everyone", MEMBER_PERMISSIONS),
            MOD_ROLE: role_payload(MOD_ROLE, "Game moderators", 0, 1),
        }
        self.guilds: list[int] = [GUILD_ID]
        self.role_guild: dict[int, int] = {}  # roles of a guild added later
        self.channels: dict[int, dict[str, Any]] = {CHANNEL_ID: text_channel(CHANNEL_ID)}
        self.dm_channels: dict[int, int] = {}  # DM channel id -> the user
        self.thread_members: dict[int, set[int]] = {}  # thread -> users added to it
        self.refusing_dms: set[int] = set()
        self.messages: dict[int, Message] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}  # guild (None: global)
        self.interactions: dict[int, Interaction] = {}
        self.tokens: dict[str, Interaction] = {}
        self.attachments: dict[int, Attachment] = {}  # on the CDN: uploaded by users or the bot
        self.requests: list[Request] = []
        self.unexpected: list[str] = []  # routes Discord does not have
        self.sync_refusals: list[list[tuple[str, str]]] = []
        self.forbidden: set[str] = set()  # routes the bot lacks the permission for
        self.by_channel: dict[int, list[Message]] = {}
        self.by_nonce: dict[tuple[int, str], Message] = {}  # the latest of each, per channel
        self.changes = 0
        self._changed: dict[Hashable, asyncio.Event] = {}
        self.activities = Activities(APP_ID)  # launched Activities and their OAuth2

    def next_id(self) -> int:
        return next(self._ids)

    def add_member(self, member: Member) -> Member:
        self.members[member.id] = member
        return member

    def add_guild(self) -> tuple[int, int]:
        """Another guild, with its @everyone role and a text channel; (guild, channel).
        Its id follows the last guild's by GUILD_STEP, so with n shards, n guilds added in
        a row land on n different shards."""
        guild_id = self.guilds[-1] + GUILD_STEP
        self.guilds.append(guild_id)
        self.roles[guild_id] = role_payload(guild_id, "@everyone", MEMBER_PERMISSIONS)
        self.role_guild[guild_id] = guild_id
        channel_id = self.next_id()
        self.channels[channel_id] = text_channel(channel_id, guild_id=guild_id)
        return guild_id, channel_id

    def guild_of(self, channel_id: int) -> int | None:
        """The guild a channel or thread belongs to; None for a DM."""
        channel = self.channels.get(channel_id)
        return int(channel["guild_id"]) if channel is not None else None

    # -- change notification -------------------------------------------------------------
    def touch(self, *keys: Hashable) -> None:
        """Something changed: wake whoever waits on anything, or on one of `keys` (a
        ("channel", id) or an ("interaction", id)), so thousands of waiters in a bench do
        not all wake for every change."""
        self.changes += 1
        for key in (None, *keys):
            event = self._changed.pop(key, None)
            if event is not None:
                event.set()

    async def changed(self, timeout: float, key: Hashable = None) -> None:
        event = self._changed.setdefault(key, asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # -- reading ---------------------------------------------------------------------------
    def visible_to(self, user_id: int, message: Message) -> bool:
        return not message.deleted and message.audience in (None, user_id)

    def public(self, channel_id: int | None = None) -> list[Message]:
        found = (self.messages.values() if channel_id is None
                 else self.by_channel.get(channel_id, []))
        return [m for m in found if m.audience is None and not m.deleted]

    def same_nonce(self, channel_id: int, body: dict[str, Any], now: float) -> Message | None:
        """Discord's `enforce_nonce`: a message whose nonce the bot used in this channel in
        the last few minutes is not created again; that one is answered instead."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        found = self.by_nonce.get((channel_id, str(nonce)))
        return found if found is not None and now - found.created_at <= NONCE_SECONDS else None

    def add_message(self, message: Message) -> None:
        """Kept by id, by channel and by nonce: a bench posts tens of thousands, and a scan
        of them all for each new one would stall this server, not the bot it measures."""
        self.messages[message.id] = message
        self.by_channel.setdefault(message.channel_id, []).append(message)
        if message.nonce is not None:
            self.by_nonce[(message.channel_id, message.nonce)] = message

    def failed_interactions(self) -> list[Interaction]:
        return [i for i in self.interactions.values() if i.failed]

    # -- payloads --------------------------------------------------------------------------
    def message_payload(self, message: Message) -> dict[str, Any]:
        guild_id = self.guild_of(message.channel_id)
        guild = {"guild_id": str(guild_id)} if guild_id is not None else {}
        author = self.members.get(message.author_id, BOT)
        return {**self._origin(message),
            "id": str(message.id), "channel_id": str(message.channel_id), **guild,
            "author": author.user_payload(),
            "content": message.content, "timestamp": TIMESTAMP, "edited_timestamp": None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
            "embeds": [], "pinned": False, "type": 0, "flags": message.flags,
            "components": message.components,
            "attachments": [self.attachment_payload(a) for a in message.attachments],
        }

    def _origin(self, message: Message) -> dict[str, Any]:
        """The interaction a message answers, as Discord names it on the message (who it
        answered: the owner of an ephemeral prompt)."""
        origin = self.interactions.get(message.interaction_id or 0)
        if origin is None:
            return {}
        return {"interaction_metadata": {
            "id": str(origin.id), "type": origin.type, "user": origin.user.user_payload(),
            "authorizing_integration_owners": {}}}

    def attachment_payload(self, attachment: Attachment) -> dict[str, Any]:
        url = f"{self.cdn_base}/attachments/{attachment.id}/{attachment.filename}"
        return {"id": str(attachment.id), "filename": attachment.filename,
                "size": attachment.size, "url": url, "proxy_url": url,
                "content_type": attachment.content_type}

    cdn_base = "http://127.0.0.1"  # set by the server once it listens

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        if channel_id in self.dm_channels:
            user = self.members[self.dm_channels[channel_id]]
            return {"id": str(channel_id), "type": 1, "last_message_id": None,
                    "recipients": [user.user_payload()]}
        return self.channels[channel_id]

    def guild_payload(self, guild_id: int = GUILD_ID, *, with_members: bool) -> dict[str, Any]:
        members = list(self.members.values()) if with_members else [BOT]
        channels = [c for c in self.channels.values() if c["guild_id"] == str(guild_id)]
        return {
            "id": str(guild_id), "name": "Board gamers", "owner_id": "1", "icon": None,
            "roles": [r for role_id, r in self.roles.items()
                      if self.role_guild.get(role_id, GUILD_ID) == guild_id],
            "channels": [c for c in channels if c["type"] == 0],
            "threads": [c for c in channels if c["type"] in (11, 12)],
            "members": [m.member_payload() for m in members], "emojis": [], "stickers": [],
            "features": [], "member_count": len(self.members), "large": False,
            "unavailable": False, "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
            "preferred_locale": "en-US", "system_channel_id": None, "afk_channel_id": None,
            "afk_timeout": 300, "nsfw_level": 0, "voice_states": [], "presences": [],
            "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
            "joined_at": TIMESTAMP,
        }

    def new_thread(self, parent: int, name: str, kind: int) -> dict[str, Any]:
        thread_id = self.next_id()
        thread = {
            "id": str(thread_id), "type": kind, "guild_id": self.channels[parent]["guild_id"],
            "parent_id": str(parent), "name": name, "owner_id": str(APP_ID),
            "message_count": 0, "member_count": 0, "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "auto_archive_duration": 1440,
                                "archive_timestamp": TIMESTAMP, "locked": False},
        }
        self.channels[thread_id] = thread
        return thread

    def dm_channel(self, user_id: int) -> int:
        for channel_id, user in self.dm_channels.items():
            if user == user_id:
                return channel_id
        channel_id = self.next_id()
        self.dm_channels[channel_id] = user_id
        return channel_id


def role_payload(role_id: int, name: str, permissions: int = 0,
                 position: int = 0) -> dict[str, Any]:
    return {"id": str(role_id), "name": name, "permissions": str(permissions),
            "position": position, "color": 0, "hoist": False, "managed": False,
            "mentionable": False, "flags": 0}


def text_channel(channel_id: int, name: str = "games", guild_id: int = GUILD_ID
                 ) -> dict[str, Any]:
    return {"id": str(channel_id), "type": 0, "guild_id": str(guild_id), "name": name,
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
            "rate_limit_per_user": 0, "topic": None, "last_message_id": None}


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard formula: the shard whose session receives a guild's events."""
    return (guild_id >> 22) % shard_count


def bot_user() -> dict[str, Any]:
    return {**BOT.user_payload(), "bot": True, "flags": 0, "verified": True, "mfa_enabled": False}
