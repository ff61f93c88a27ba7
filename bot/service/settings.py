"""Server settings a moderator configures, each with its default, the bans, and the settings
each member chooses for themselves (docs/play-by-post.md, "Service").

Settings are read on many paths (every refusal needs the reader's language), so a server's
and a user's settings are cached here for a few seconds (`CACHE_SECONDS`): a write made
through this class refreshes its own cache at once, and one made by another bot process on
the same database is seen here once the cached copy expires. A change read-modify-written
(a block list) starts from the stored value, never from the cache.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from bot.i18n import DEFAULT_LOCALE, DISCORD_LOCALES, LOCALES, pick_locale, text
from bot.service.models import Player, ServiceError
from storage import Repository
from storage.server import EVERY_GAME, BanRecord

POLICIES = ("wait", "skip", "autopilot")
MAX_DEADLINE_HOURS = 720.0  # a month: longer than any play-by-post turn
MAX_REMINDERS = 5
MAX_BLOCKED = 50  # members one player may block
MAX_WINDOW_SECONDS = 86_400.0  # a day: a window longer than that is a deadline
UNSET = object()  # "leave as it is" for keyword arguments where None means "clear"
CACHE_SECONDS = 5.0  # how long a process trusts settings it read (others may change them)
T = TypeVar("T")


@dataclass(frozen=True)
class ServerConfig:
    """A server's settings with the defaults filled in."""

    moderator_role: int | None = None
    language: str = DEFAULT_LOCALE
    deadline_hours: float = 0.0  # 0: new games have no deadline
    deadline_policy: str = "wait"
    reminders: tuple[float, ...] = (12.0, 1.0)  # hours before the deadline
    game_channels: tuple[int, ...] = ()  # empty: tables may open in every channel
    # how long a response window stays open for a seat that can only pass before the game
    # master passes for it (a seat that can answer is asked privately meanwhile)
    window_seconds: float = 60.0


@dataclass(frozen=True)
class UserConfig:
    """What a member chose for themselves, in every server."""

    language: str | None = None  # None: follow the Discord client's language
    dm: bool = False  # a DM as well as the mention when it is their turn
    vacation_until: float | None = None  # epoch seconds; None: not on vacation
    # quiet hours: (start, end) in minutes after local midnight and the time zone as stored
    # (bot/playbypost/quiet.py reads them); None: none
    quiet: tuple[int, int, str] | None = None
    heads_up: bool = False  # a DM "you are next" when the turn order makes it certain
    blocked: tuple[int, ...] = ()  # members never to be seated with in a campaign
    # not a choice: the language of the Discord client they last used with the bot (one we
    # speak, else None), remembered for what reaches them without an interaction (a DM)
    client_locale: str | None = None
    # not a choice either: bumped by `/me links revoke` (GameMaster.revoke_links), so every
    # web link signed for an older generation stops working (bot/web/links.py)
    link_generation: int = 0


SERVER_KEYS = tuple(f.name for f in fields(ServerConfig))
USER_KEYS = tuple(f.name for f in fields(UserConfig))


class ServerSettings:
    """`now` is a monotonic clock in seconds (tests move it instead of waiting)."""

    def __init__(self, repo: Repository, *, cache_seconds: float = CACHE_SECONDS,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.repo = repo
        self.cache_seconds = cache_seconds
        self.now = now
        self._servers: dict[int, tuple[float, ServerConfig]] = {}  # (read at, settings)
        self._users: dict[int, tuple[float, UserConfig]] = {}

    # -- reading ----------------------------------------------------------------------------
    async def server(self, guild_id: int | None) -> ServerConfig:
        if guild_id is None:
            return ServerConfig()
        return await self._cached(self._servers, guild_id, self._read_server)

    async def user(self, user_id: int) -> UserConfig:
        return await self._cached(self._users, user_id, self._read_user)

    async def _read_server(self, guild_id: int) -> ServerConfig:
        return _server_config(await self.repo.guild_settings(guild_id))

    async def _read_user(self, user_id: int) -> UserConfig:
        return _user_config(await self.repo.user_settings(user_id))

    async def _cached(self, cache: dict[int, tuple[float, T]], key: int,
                      read: Callable[[int], Awaitable[T]]) -> T:
        """The cached copy while it is fresh, else the stored one (cached from now on)."""
        now = self.now()
        found = cache.get(key)
        if found is not None and now - found[0] < self.cache_seconds:
            return found[1]
        value = await read(key)
        cache[key] = (now, value)
        return value

    async def reader_locale(self, user_id: int, discord_locale: str | None,
                            guild_id: int | None) -> str:
        """The member's own choice, else their Discord client's language if we speak it
        (the interaction's, else the one last seen: a DM or a line worded for someone who
        is not the one clicking has no interaction), else the server's, else English."""
        config = await self.user(user_id)
        return pick_locale(config.language, discord_locale, config.client_locale,
                           (await self.server(guild_id)).language)

    async def thread_locale(self, guild_id: int | None) -> str:
        """A game's thread has many readers: it speaks the server's language."""
        return (await self.server(guild_id)).language

    # -- checks -----------------------------------------------------------------------------
    async def check_new_game(self, guild_id: int | None, channel_id: int, user_id: int) -> None:
        """Tables open only in the server's game channels (when it chose some), and never for
        a member banned from its games."""
        config = await self.server(guild_id)
        if config.game_channels and channel_id not in config.game_channels:
            channels = ", ".join(f"<#{c}>" for c in config.game_channels)
            raise ServiceError(text("moderation.not_a_game_channel", channels=channels))
        await self.check_allowed(guild_id, EVERY_GAME, user_id)

    async def check_allowed(self, guild_id: int | None, game_id: int, user_id: int) -> None:
        """A member banned from this game (or from all games of the server) may not sit,
        spectate or take a seat over."""
        if guild_id is not None and await self.repo.is_banned(guild_id, game_id, user_id):
            raise ServiceError(text("moderation.banned"))

    # -- writing ----------------------------------------------------------------------------
    async def set_server(self, guild_id: int, by: Player, **changes: Any) -> ServerConfig:
        """A moderator changes settings (validated, audited); None restores a default."""
        _require_moderator(by)
        for key, value in changes.items():
            stored = _validated(key, value)
            await self.repo.set_guild_setting(guild_id, key, stored)
            await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                                  what="setting", detail={"key": key, "value": stored})
        self._servers.pop(guild_id, None)
        return await self.server(guild_id)

    async def set_user(self, user_id: int, *, language: Any = UNSET, dm: Any = UNSET,
                       vacation_until: Any = UNSET, quiet: Any = UNSET,
                       heads_up: Any = UNSET) -> UserConfig:
        """A member's own choices; only the given ones change, None restores a default.
        `quiet` is validated by the clock (bot/playbypost/quiet.py) before it comes here."""
        given = {"language": language, "dm": dm, "vacation_until": vacation_until,
                 "quiet": quiet, "heads_up": heads_up}
        changes = {k: v for k, v in given.items() if v is not UNSET}
        if changes.get("language") not in (None, *LOCALES):
            raise ServiceError(text("moderation.unknown_language", languages=", ".join(LOCALES)))
        return await self._store_user(user_id, changes)

    async def seen_client(self, user_id: int, discord_locale: str | None) -> None:
        """Remember the language of the client a member just used, for the lines that reach
        them later without an interaction. Stored only when it changed, so an interaction
        normally costs no write (the read is the one `reader_locale` makes anyway). A client
        we do not speak forgets the last one; no locale at all (not an interaction) tells
        nothing."""
        if discord_locale is None:
            return
        ours = spoken_locale(discord_locale)
        if (await self.user(user_id)).client_locale != ours:
            await self._store_user(user_id, {"client_locale": ours})

    async def next_link_generation(self, user_id: int) -> int:
        """Read-modify-written from the stored value, never the cache, so two revocations
        in two processes both move it on."""
        generation = (await self._stored_user(user_id)).link_generation + 1
        await self._store_user(user_id, {"link_generation": generation})
        return generation

    async def block(self, user_id: int, other_id: int) -> UserConfig:
        """The member never sits at a campaign table with `other_id` (nor they with them)."""
        if other_id == user_id:
            raise ServiceError(text("campaigns.block_self"))
        blocked = (await self._stored_user(user_id)).blocked
        if other_id in blocked:
            raise ServiceError(text("campaigns.already_blocked"))
        if len(blocked) >= MAX_BLOCKED:
            raise ServiceError(text("campaigns.too_many_blocked", most=MAX_BLOCKED))
        return await self._store_user(user_id, {"blocked": [*blocked, other_id]})

    async def unblock(self, user_id: int, other_id: int) -> UserConfig:
        blocked = (await self._stored_user(user_id)).blocked
        if other_id not in blocked:
            raise ServiceError(text("campaigns.not_blocked"))
        left = [u for u in blocked if u != other_id]
        return await self._store_user(user_id, {"blocked": left or None})

    async def _store_user(self, user_id: int, changes: dict[str, Any]) -> UserConfig:
        for key, value in changes.items():
            await self.repo.set_user_setting(user_id, key, value)
        return await self._stored_user(user_id)

    async def _stored_user(self, user_id: int) -> UserConfig:
        """As stored now, whatever the cache held (another process may have written)."""
        self._users.pop(user_id, None)
        return await self.user(user_id)

    # -- bans -------------------------------------------------------------------------------
    async def ban(self, guild_id: int, by: Player, user_id: int, *, game_id: int = EVERY_GAME,
                  reason: str = "") -> None:
        _require_moderator(by)
        await self.repo.add_ban(guild_id=guild_id, game_id=game_id, user_id=user_id,
                                reason=reason, banned_by=by.user_id)
        await self.repo.audit(guild_id=guild_id, game_id=game_id or None, user_id=by.user_id,
                              what="ban", detail={"user_id": user_id, "reason": reason})

    async def unban(self, guild_id: int, by: Player, user_id: int, *,
                    game_id: int = EVERY_GAME) -> None:
        _require_moderator(by)
        if not await self.repo.remove_ban(guild_id=guild_id, game_id=game_id, user_id=user_id):
            raise ServiceError(text("moderation.not_banned"))
        await self.repo.audit(guild_id=guild_id, game_id=game_id or None, user_id=by.user_id,
                              what="unban", detail={"user_id": user_id})

    async def bans(self, guild_id: int) -> list[BanRecord]:
        return await self.repo.bans(guild_id)


def spoken_locale(discord_locale: str | None) -> str | None:
    """Our locale for a Discord client's (`en-GB` is `en`), None for one we do not speak."""
    if discord_locale is None:
        return None
    ours = DISCORD_LOCALES.get(discord_locale, discord_locale)
    return ours if ours in LOCALES else None


def _server_config(stored: dict[str, Any]) -> ServerConfig:
    """Stored values as the dataclass holds them (JSON has lists, not tuples); a key this
    version no longer knows is ignored rather than breaking the server."""
    known = {k: v for k, v in stored.items() if k in SERVER_KEYS}
    for key in ("reminders", "game_channels"):
        if key in known:
            known[key] = tuple(known[key])
    return ServerConfig(**known)


def _user_config(stored: dict[str, Any]) -> UserConfig:
    """Stored values as the dataclass holds them; unknown keys are ignored."""
    return UserConfig(**{k: _user_value(k, v) for k, v in stored.items() if k in USER_KEYS})


def _user_value(key: str, value: Any) -> Any:
    if key == "quiet":
        start, end, zone = value
        return int(start), int(end), str(zone)
    if key == "blocked":
        return tuple(int(u) for u in value)
    return value


def _validated(key: str, value: Any) -> Any:
    """The JSON value to store for a setting, or a ServiceError saying what is allowed."""
    if key not in SERVER_KEYS:
        raise ValueError(f"unknown server setting {key!r}")
    if value is None:
        return None
    if key == "language" and value not in LOCALES:
        raise ServiceError(text("moderation.unknown_language", languages=", ".join(LOCALES)))
    if key == "deadline_hours" and not 0 <= float(value) <= MAX_DEADLINE_HOURS:
        raise ServiceError(text("moderation.bad_deadline", most=int(MAX_DEADLINE_HOURS)))
    if key == "window_seconds" and not 0 <= float(value) <= MAX_WINDOW_SECONDS:
        raise ServiceError(text("moderation.bad_window", most=int(MAX_WINDOW_SECONDS)))
    if key == "deadline_policy" and value not in POLICIES:
        raise ServiceError(text("moderation.bad_policy", policies=", ".join(POLICIES)))
    if key == "reminders":
        return list(parse_reminders(value))
    if key == "game_channels":
        return sorted({int(c) for c in value}) or None
    return float(value) if key in ("deadline_hours", "window_seconds") else value


def parse_reminders(value: str | tuple[float, ...] | list[float]) -> tuple[float, ...]:
    """Hours before a deadline, as typed ("12, 1") or as a list; latest first, distinct."""
    parts = value.replace(";", ",").split(",") if isinstance(value, str) else list(value)
    try:
        hours = sorted({float(p) for p in parts if str(p).strip()}, reverse=True)
    except ValueError:
        raise ServiceError(text("moderation.bad_reminders", most=MAX_REMINDERS)) from None
    if len(hours) > MAX_REMINDERS or any(h <= 0 or h > MAX_DEADLINE_HOURS for h in hours):
        raise ServiceError(text("moderation.bad_reminders", most=MAX_REMINDERS))
    return tuple(hours)


def _require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError(text("moderation.not_moderator"))
