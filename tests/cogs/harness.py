"""Driving the real command tree and components with interaction payloads.

`Harness.invoke(user, "game new", game="record")` builds the INTERACTION_CREATE payload
Discord would send (member with roles and permissions, channel, resolved users and roles),
hands it to `ConnectionState.parse_interaction_create` and waits until every task it started
has finished; `click` and `select` do the same for a component of a message the user can see.
What each user saw is read back from the FakeDiscord.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from bot.discord.client import GameBot
from bot.service import GameMaster, Player, TurnPrompt, Update
from games.core import get_game
from games.record.data import CARDS
from tests.cogs.fake_discord import (
    APP_ID,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    TIMESTAMP,
    Event,
    FakeDiscord,
    Message,
    Token,
    current_interaction,
)

MOD_ROLE = 600_000_000_000_000_002
MEMBER = discord.Permissions(view_channel=True, send_messages=True,
                             send_messages_in_threads=True, use_application_commands=True,
                             read_message_history=True)
MANAGER = MEMBER | discord.Permissions(manage_guild=True)
SERVICE_METHODS = (
    "new_game", "set_thread", "game_id_for_channel", "table", "join", "leave", "add_ai",
    "start", "act", "turn_prompt", "status_text", "private_text", "board_png", "log_lines",
    "legal_actions", "undo", "replace", "kick", "pause", "resume", "end", "moderator_role",
)
SETTLE_SECONDS = 20
SEED = 1234  # tables opened through /game new get this seed, so every run plays the same


@dataclass(frozen=True)
class User:
    id: int
    name: str
    roles: tuple[int, ...] = ()
    permissions: discord.Permissions = MEMBER

    def user_payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name.lower(), "discriminator": "0",
                "global_name": self.name, "avatar": None}

    def member_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        member = {"roles": [str(r) for r in self.roles], "joined_at": TIMESTAMP,
                  "deaf": False, "mute": False, "flags": 0, "pending": False, "nick": None,
                  "avatar": None, "communication_disabled_until": None,
                  "permissions": str(self.permissions.value)}
        return {"user": self.user_payload(), **member} if with_user else member


@dataclass(frozen=True)
class Upload:
    """A file attached to a slash command option; the bot downloads it from `url` (the test
    serves it: attachments come from Discord's CDN, not the REST API the fake stands in for).
    `size` is what Discord reports, by default the real one."""

    filename: str
    data: bytes
    size: int | None = None

    @property
    def id(self) -> int:
        return int.from_bytes(hashlib.sha256(self.filename.encode() + self.data).digest()[:7])

    @property
    def url(self) -> str:
        return f"https://cdn.invalid/attachments/{self.id}/{self.filename}"

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "filename": self.filename, "url": self.url,
                "proxy_url": self.url, "content_type": "application/json",
                "size": len(self.data) if self.size is None else self.size}


def served(cdn: dict[str, bytes], filename: str, text: str, size: int | None = None) -> Upload:
    """A file for a command's attachment option, served by the test's CDN (the `cdn`
    fixture); `size` is what Discord would report, by default the real one."""
    upload = Upload(filename, text.encode("utf-8"), size)
    cdn[upload.url] = upload.data
    return upload


ALICE = User(11, "Alice")
BOB = User(12, "Bob")
CARA = User(13, "Cara")
STRANGER = User(14, "Stranger")
OWNER = User(20, "Owner", permissions=MANAGER)
MOD = User(21, "Moderator", roles=(MOD_ROLE,))


@dataclass
class Reply:
    """What one interaction produced for its user."""

    harness: Harness
    token: Token
    messages: list[Message] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(m.content for m in self.messages)

    @property
    def ephemeral(self) -> bool:
        return bool(self.messages) and all(m.audience is not None for m in self.messages)

    @property
    def custom_ids(self) -> list[str]:
        return [cid for m in self.messages for cid in m.custom_ids()]

    @property
    def callback_types(self) -> list[int]:
        return [c["type"] for c in self.token.callbacks]

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The answer to an autocomplete interaction."""
        return self.token.callbacks[0]["data"]["choices"]


def role_payload(role_id: int, name: str, permissions: int = 0,
                 position: int = 0) -> dict[str, Any]:
    return {"id": str(role_id), "name": name, "permissions": str(permissions),
            "position": position, "color": 0, "hoist": False, "managed": False,
            "mentionable": False, "flags": 0}


def text_channel_payload() -> dict[str, Any]:
    return {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(GUILD_ID), "name": "games",
            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None,
            "rate_limit_per_user": 0, "topic": None, "last_message_id": None}


def guild_payload() -> dict[str, Any]:
    return {
        "id": str(GUILD_ID), "name": "Board gamers", "owner_id": "1", "icon": None,
        "roles": [role_payload(GUILD_ID, "@everyone", MEMBER.value),
                  role_payload(MOD_ROLE, "Game moderators", 0, 1)],
        "channels": [text_channel_payload()], "threads": [], "members": [], "emojis": [],
        "stickers": [], "features": [], "member_count": 10, "large": False,
        "unavailable": False, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "mfa_level": 0, "premium_tier": 0,
        "preferred_locale": "en-US", "system_channel_id": None, "afk_channel_id": None,
        "afk_timeout": 300, "nsfw_level": 0,
    }


def record_service_calls(gm: GameMaster, fake: FakeDiscord) -> None:
    """Log each service call with the interaction it serves, to check that the interaction
    was acknowledged before any (possibly slow) service work; keep the secret lines of every
    Update, to check that none is ever posted in public."""
    for name in SERVICE_METHODS:
        original = getattr(gm, name)

        @functools.wraps(original)
        async def recorded(*args: Any, __name: str = name, __original: Any = original,
                           **kwargs: Any) -> Any:
            fake.events.append(Event("service", __name, current_interaction.get()))
            result = await __original(*args, **kwargs)
            if isinstance(result, Update):
                fake.private_lines += [line for p in result.private for line in p.lines]
            return result

        setattr(gm, name, recorded)


def fixed_seed(gm: GameMaster) -> None:
    """Tables opened by `/game new` get a known seed instead of a random one."""
    original = gm.new_game

    @functools.wraps(original)
    async def seeded(**kwargs: Any) -> Any:
        return await original(**{"seed": SEED, **kwargs})

    gm.new_game = seeded  # type: ignore[method-assign]


class Harness:
    def __init__(self, bot: GameBot, fake: FakeDiscord, gm: GameMaster) -> None:
        self.bot, self.fake, self.gm = bot, fake, gm

    # -- sending interactions ------------------------------------------------------------
    async def invoke(self, user: User, command: str, /, *, where: int = CHANNEL_ID,
                     **options: Any) -> Reply:
        return (await self.dispatch(self.command_payload(user, command, where=where,
                                                         **options)))[0]

    def command_payload(self, user: User, command: str, /, *, where: int = CHANNEL_ID,
                        **options: Any) -> dict[str, Any]:
        """The INTERACTION_CREATE payload of `/command`, for a test to alter before sending."""
        return self.payload(user, 2, self._command_data(command, options), where)

    async def autocomplete(self, user: User, command: str, option: str, typed: str, /, *,
                           where: int = CHANNEL_ID, **others: Any) -> Reply:
        data = self._command_data(command, others, focused=(option, typed))
        return (await self.dispatch(self.payload(user, 4, data, where)))[0]

    def click_payload(self, user: User, custom_id: str, *,
                      values: list[str] | None = None,
                      message: Message | None = None) -> dict[str, Any]:
        message = message or self.find(user, custom_id)
        kind = message.component(custom_id)["type"]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        return self.payload(user, 3, data, message.channel_id, message)

    async def click(self, user: User, custom_id: str, *,
                    message: Message | None = None) -> Reply:
        return (await self.dispatch(self.click_payload(user, custom_id, message=message)))[0]

    async def select(self, user: User, custom_id: str, values: list[str], *,
                     message: Message | None = None) -> Reply:
        payload = self.click_payload(user, custom_id, values=values, message=message)
        return (await self.dispatch(payload))[0]

    async def dispatch(self, *payloads: dict[str, Any]) -> list[Reply]:
        """Hand the payloads to the gateway parser together (so they run concurrently), then
        wait for every task they started."""
        before = asyncio.all_tasks()
        for payload in payloads:
            marker = current_interaction.set(int(payload["id"]))
            try:
                self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            finally:
                current_interaction.reset(marker)
        await self._settle(before)
        return [self._reply(self.fake.tokens[p["token"]]) for p in payloads]

    async def _settle(self, before: set[asyncio.Task[Any]]) -> None:
        me = asyncio.current_task()
        deadline = asyncio.get_running_loop().time() + SETTLE_SECONDS
        while True:
            pending = [t for t in asyncio.all_tasks() - before if t is not me and not t.done()]
            if not pending:
                return
            left = deadline - asyncio.get_running_loop().time()
            assert left > 0, f"interaction tasks still running: {pending}"
            await asyncio.wait(pending, timeout=left)

    def _reply(self, token: Token) -> Reply:
        ids = ([token.original] if token.original else []) + token.followups
        return Reply(self, token, [self.fake.messages[i] for i in ids
                                   if i in self.fake.messages])

    def payload(self, user: User, kind: int, data: dict[str, Any], channel_id: int,
                message: Message | None = None) -> dict[str, Any]:
        interaction_id = self.fake.next_id()
        token = f"token-{interaction_id}"
        self.fake.tokens[token] = Token(interaction_id, user.id, kind, channel_id,
                                        message.id if message else None)
        payload = {
            "id": str(interaction_id), "application_id": str(APP_ID), "type": kind,
            "token": token, "version": 1, "guild_id": str(GUILD_ID),
            "channel_id": str(channel_id), "channel": self._channel(channel_id),
            "member": user.member_payload(), "app_permissions": str(MANAGER.value),
            "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "attachment_size_limit": 25 * 1024 * 1024, "context": 0,
            "authorizing_integration_owners": {"0": str(GUILD_ID)}, "data": data,
        }
        if message is not None:
            payload["message"] = message.payload()
        return payload

    def _channel(self, channel_id: int) -> dict[str, Any]:
        if channel_id == CHANNEL_ID:
            return text_channel_payload()
        return self.fake.channels[channel_id]

    def _command_data(self, command: str, options: dict[str, Any],
                      focused: tuple[str, str] | None = None) -> dict[str, Any]:
        names = command.split()
        target: Any = self.bot.tree.get_command(names[0])
        for name in names[1:]:
            target = target.get_command(name)
        assert isinstance(target, app_commands.Command), f"no command /{command}"
        params = {p.name: p for p in target.parameters}
        resolved: dict[str, dict[str, Any]] = {}
        given = [self._option(params[k], v, resolved) for k, v in options.items()]
        if focused is not None:
            given.append({"type": params[focused[0]].type.value, "name": focused[0],
                          "value": focused[1], "focused": True})
        for name in reversed(names[1:]):
            given = [{"type": 1, "name": name, "options": given}]
        registered = next(c for c in self.fake.commands if c["name"] == names[0])
        return {"id": registered["id"], "name": names[0], "type": 1, "options": given,
                "resolved": resolved, "guild_id": str(GUILD_ID)}

    @staticmethod
    def _option(param: app_commands.Parameter, value: Any,
                resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
        kind = param.type
        if isinstance(value, Upload):
            resolved.setdefault("attachments", {})[str(value.id)] = value.payload()
            value = str(value.id)
        elif isinstance(value, User):
            resolved.setdefault("users", {})[str(value.id)] = value.user_payload()
            resolved.setdefault("members", {})[str(value.id)] = value.member_payload(
                with_user=False)
            value = str(value.id)
        elif kind is discord.AppCommandOptionType.channel:
            resolved.setdefault("channels", {})[str(value)] = {
                **text_channel_payload(), "id": str(value), "permissions": str(MEMBER.value)}
            value = str(value)
        elif kind is discord.AppCommandOptionType.role:
            names = {MOD_ROLE: "Game moderators"}
            resolved.setdefault("roles", {})[str(value)] = role_payload(value, names[value])
            value = str(value)
        return {"type": kind.value, "name": param.name, "value": value}

    # -- scenarios -----------------------------------------------------------------------
    async def open_table(self, creator: User, *, joiners: tuple[User, ...] = (),
                         ais: int = 0, game: str = "record") -> tuple[int, int]:
        """`/game new` by the creator, the others join, AIs are added: (game id, thread)."""
        await self.invoke(creator, "game new", game=game)
        thread = self.threads()[-1]
        for user in joiners:
            await self.invoke(user, "game join", where=thread)
        for _ in range(ais):
            await self.invoke(creator, "game ai", where=thread)
        return await self.gm.game_id_for_channel(thread), thread

    async def version(self, game_id: int) -> int:
        return (await self.gm.table(game_id)).version

    async def state(self, game_id: int) -> dict[str, Any]:
        """The engine state of a started game (an open table has none yet)."""
        state = (await self.gm.repo.get_game(game_id)).state
        assert state is not None, f"game {game_id} has not started"
        return state

    async def prompt(self, user: User, game_id: int) -> TurnPrompt | None:
        return await self.gm.turn_prompt(game_id, Player(user.id, user.name))

    async def take_turn(self, user: User, game_id: int) -> Reply:
        """Press the newest public Take my turn button of the game."""
        return await self.click(user, f"gm:turn:{game_id}")

    async def choose(self, user: User, message: Message, action: str,
                     legal: list[str]) -> Reply:
        """Pick `action` in an ephemeral prompt, by button or menu, turning pages as needed."""
        refs = {action, f"#{legal.index(action)}"}
        for row in message.components:
            for item in row["components"]:
                custom_id = item.get("custom_id", "")
                if item["type"] == 2 and custom_id.startswith("gm:act:") \
                        and custom_id.split(":", 4)[4] in refs:
                    return await self.click(user, custom_id, message=message)
                values = [o["value"] for o in item.get("options", []) if o["value"] in refs]
                if item["type"] == 3 and values:
                    return await self.select(user, custom_id, values, message=message)
        following = [item["custom_id"] for row in message.components
                     for item in row["components"] if "Next" in item.get("label", "")]
        assert following, f"{action} is not offered in {message.custom_ids()}"
        await self.click(user, following[0], message=message)
        return await self.choose(user, message, action, legal)

    def assert_answered_first(self) -> None:
        """Every interaction got exactly one initial response, and commands and components
        got it before the service was asked anything (autocomplete answers with data, so
        it reads first)."""
        callbacks = self.callbacks()
        for token in self.fake.tokens.values():
            assert len(callbacks[token.interaction]) == 1, (
                f"interaction {token.interaction} answered {len(callbacks[token.interaction])}"
                " times")
            if token.type == 4 or self.bot.settings.activity:
                continue  # with Activities on (GM_ACTIVITY) the live board reads its game
                # first: LAUNCH_ACTIVITY can only be an interaction's first answer
            mine = [e for e in self.fake.events if e.interaction == token.interaction]
            first_call = next((i for i, e in enumerate(mine) if e.kind == "service"), None)
            answered = next(i for i, e in enumerate(mine) if e.name.endswith("/callback"))
            assert first_call is None or answered < first_call, (
                f"interaction {token.interaction} called {mine[first_call].name} before "
                "acknowledging")

    # -- reading what people saw ---------------------------------------------------------
    def find(self, user: User, custom_id: str) -> Message:
        """The newest message this user can see that holds the component."""
        found = self.find_or_none(user, custom_id)
        assert found, f"{user.name} sees no component {custom_id}"
        return found

    def find_or_none(self, user: User, custom_id: str) -> Message | None:
        visible = [m for m in self.fake.messages.values()
                   if m.audience in (None, user.id) and custom_id in m.custom_ids()]
        return visible[-1] if visible else None

    def public(self) -> list[Message]:
        return [m for m in self.fake.messages.values() if m.audience is None]

    def in_channel(self, channel_id: int) -> list[Message]:
        return [m for m in self.public() if m.channel_id == channel_id]

    def dms(self, user: User) -> list[Message]:
        return [m for m in self.fake.messages.values()
                if m.audience == user.id and m.channel_id in self.fake.dm_users]

    def public_history(self) -> str:
        """Every text that was ever public, edits included."""
        return "\n".join(text for m in self.public() for text in m.history)

    def threads(self) -> list[int]:
        return [cid for cid, c in self.fake.channels.items() if c["type"] == 11]

    def calls(self, name: str) -> list[Event]:
        return [e for e in self.fake.events if e.name == name]

    def callbacks(self) -> dict[int, list[Event]]:
        found: dict[int, list[Event]] = {t.interaction: [] for t in self.fake.tokens.values()}
        for event in self.fake.events:
            if event.name.endswith("/callback"):
                found[int(event.params["url"].split("/")[-3])].append(event)
        return found

    def is_ephemeral_callback(self, event: Event) -> bool:
        data = (event.json or {}).get("data") or {}  # type: ignore[union-attr]
        return bool((data.get("flags") or 0) & EPHEMERAL)


class SecretWatch:
    """Checks that public messages carry no secret: no private line the service produced
    appears in public, and every public line that is not one of the engine's public events
    (those are the engine's business) names no card hidden at the time it was posted: the
    engine's secret ids, and the names of hidden generals and cities (unique cards; copies
    of a stratagem share a name, so for those only the id is checked)."""

    def __init__(self, harness: Harness, game_id: int) -> None:
        self.harness, self.game_id = harness, game_id
        self.seen: dict[int, int] = {}
        self.checked = 0

    async def check(self) -> None:
        state = (await self.harness.gm.repo.get_game(self.game_id)).state
        hidden = set().union(*RECORD.secrets(state).values()) if state else set()
        words = hidden | {n for card in hidden for n in UNIQUE_NAMES.get(card, ())}
        events = set(await self.harness.gm.log_lines(self.game_id, None, limit=100_000))
        private = set(self.harness.fake.private_lines)
        for message in self.harness.public():
            for text in message.history[self.seen.get(message.id, 0):]:
                for line in text.splitlines():
                    assert line not in private, f"private line in public: {line!r}"
                    leaked = sorted(w for w in words if w in line)
                    assert line in events or not leaked, (
                        f"public message names hidden cards {leaked}: {line!r}")
                self.checked += 1
            self.seen[message.id] = len(message.history)


def _unique_names() -> dict[str, tuple[str, ...]]:
    names: dict[str, list[str]] = {}
    for card_id, card in CARDS.items():
        for name in (card["en"], card["zh"]):
            names.setdefault(name, []).append(card_id)
    return {card_id: tuple(n for n in (card["en"], card["zh"])
                           if len(names[n]) == 1 and len(n) > 1)
            for card_id, card in CARDS.items()
            if card_id.startswith(("general:", "city:"))}


RECORD = get_game("record")
UNIQUE_NAMES = _unique_names()
