"""Settings of the Discord bot, read from the environment once at start-up.

The environment is the only way to configure the bot, so a deployment needs no config file,
and `GM_DISCORD_API_BASE` with `GM_DISCORD_GATEWAY` are the only hooks that let a test or a
proxy stand in for Discord. The shards a process serves (`GM_SHARDS`, `GM_SHARD_COUNT`) may
also be given on `gm run`'s command line, which wins over the environment.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from storage import SQLITE_SYNCHRONOUS, is_postgres

DEFAULT_DATABASE = "gamemaster.sqlite3"
DEFAULT_CLOCK_TICK = 60.0  # seconds between two passes of the turn clock
MIN_SECRET = 16  # characters of GM_WEB_SECRET: a short secret is a guessable one


class ConfigError(Exception):
    """A setting is missing or unreadable; the message says which and how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    # a SQLite file (one process), or a postgresql:// URL (any number of processes)
    database: str = DEFAULT_DATABASE
    api_base: str | None = None  # e.g. "http://localhost:8080/api/v10"; None: Discord itself
    log_level: int = logging.INFO
    dev_guild: int | None = None  # also sync the commands to this guild (instant updates)
    gateway: str | None = None  # e.g. "ws://localhost:8080/gateway"; None: Discord's gateway
    clock_tick: float = DEFAULT_CLOCK_TICK  # how often reminders and deadlines are checked
    # Discord's shards this process serves, out of `shard_count`; both None: one unsharded
    # connection (every guild), as a bot under 2,500 servers needs
    shards: tuple[int, ...] | None = None
    shard_count: int | None = None
    # A SQLite file's `synchronous`: FULL (an answered action survives a power loss) or
    # NORMAL (faster; survives a crash of the process, not of the machine)
    sqlite_synchronous: str = SQLITE_SYNCHRONOUS[0]
    # The web table (bot/web): served on this port when set; links start with `web_url`
    # (the address the operator's reverse proxy answers at) and are signed with `web_secret`
    web_port: int | None = None
    web_url: str | None = None
    web_secret: str | None = None
    # GM_ACTIVITY=1: the application has Discord Activities on, so **Board** launches it
    activity: bool = False
    # The application's OAuth2 client (Developer Portal, OAuth2): inside the Activity the
    # web table asks Discord who is looking with it (bot/web/identity.py)
    client_id: str | None = None
    client_secret: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            token=env.get("DISCORD_TOKEN") or None,
            database=_database(env.get("GM_DATABASE") or DEFAULT_DATABASE),
            api_base=(env.get("GM_DISCORD_API_BASE") or "").rstrip("/") or None,
            gateway=env.get("GM_DISCORD_GATEWAY") or None,
            log_level=_log_level(env.get("GM_LOG_LEVEL", "INFO")),
            dev_guild=_snowflake("GM_DEV_GUILD", env.get("GM_DEV_GUILD")),
            clock_tick=_seconds("GM_CLOCK_TICK", env.get("GM_CLOCK_TICK")),
            sqlite_synchronous=_synchronous(env.get("GM_SQLITE_SYNCHRONOUS") or "FULL"),
            web_port=_port("GM_WEB_PORT", env.get("GM_WEB_PORT")),
            web_url=(env.get("GM_WEB_URL") or "").rstrip("/") or None,
            web_secret=env.get("GM_WEB_SECRET") or None,
            activity=env.get("GM_ACTIVITY") == "1",
            client_id=_snowflake_text("GM_DISCORD_CLIENT_ID", env.get("GM_DISCORD_CLIENT_ID")),
            client_secret=env.get("GM_DISCORD_CLIENT_SECRET") or None,
        ).with_shards(env.get("GM_SHARDS") or None, env.get("GM_SHARD_COUNT") or None)

    def with_shards(self, shards: str | None, count: str | None) -> Settings:
        """These settings serving `shards` ("0-3", "0,2,5" or "4") of `count` shards; what
        is not given (None) stays as it was. A count alone serves every shard of it here."""
        shard_count = self.shard_count if count is None else _shard_count(count)
        wanted = self.shards if shards is None else _shard_ids(shards)
        if wanted is not None and shard_count is None:
            raise ConfigError("GM_SHARDS (--shards) needs GM_SHARD_COUNT (--shard-count): "
                              "the shards of every process of the bot, e.g. --shards 0-3 "
                              "--shard-count 8.")
        if shard_count is not None and wanted is None:
            wanted = tuple(range(shard_count))
        outside = [shard for shard in wanted or () if shard >= (shard_count or 0)]
        if outside:
            raise ConfigError(f"shard {outside[0]} is not among the {shard_count} shards "
                              f"(0 to {(shard_count or 1) - 1}) of GM_SHARD_COUNT.")
        return replace(self, shards=wanted, shard_count=shard_count)

    @property
    def serves_shard_zero(self) -> bool:
        """Discord sends direct messages to shard 0 only; its process also registers the
        slash commands, once for the whole bot."""
        return self.shards is None or 0 in self.shards

    def require_web_secret(self) -> str:
        """The web table signs its links with this secret; without one it would hand out
        links anyone could forge, so it does not start."""
        if not self.web_secret or len(self.web_secret) < MIN_SECRET:
            raise ConfigError(
                f"The web table (GM_WEB_PORT) needs GM_WEB_SECRET, a random secret of at "
                f"least {MIN_SECRET} characters that signs its links, e.g. the output of "
                "`python3 -c 'import secrets; print(secrets.token_urlsafe(32))'`; keep it "
                "the same across restarts and for every process, or the links given out "
                "stop working.")
        return self.web_secret

    def web_address(self) -> str:
        """Where links point: GM_WEB_URL, else this machine on the web port."""
        return self.web_url or f"http://localhost:{self.web_port}"

    def require_token(self) -> str:
        if not self.token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Create a bot at "
                "https://discord.com/developers/applications (Bot → Reset Token), invite it "
                "with the `bot` and `applications.commands` scopes, then run "
                "`DISCORD_TOKEN=... make run`. Without a token, `make play` plays at the "
                "terminal.")
        return self.token


def _database(value: str) -> str:
    """A SQLite path or a PostgreSQL URL; another URL would quietly become a file of that
    odd name, so it is refused."""
    if "://" in value and not is_postgres(value):
        raise ConfigError(f"GM_DATABASE `{value}` is neither a SQLite file nor a PostgreSQL "
                          "URL: use a path such as gamemaster.sqlite3, or "
                          "postgresql://user:password@host:5432/database.")
    return value


def _synchronous(value: str) -> str:
    if value.strip().upper() not in SQLITE_SYNCHRONOUS:
        raise ConfigError(f"GM_SQLITE_SYNCHRONOUS `{value}` is not a setting: use FULL (the "
                          "default: an answered action survives a power loss) or NORMAL "
                          "(faster; the last actions may be lost to a power loss).")
    return value.strip().upper()


def _log_level(name: str) -> int:
    level = logging.getLevelName(name.strip().upper())
    if not isinstance(level, int):
        raise ConfigError(f"GM_LOG_LEVEL `{name}` is not a level: use DEBUG, INFO, WARNING "
                          "or ERROR.")
    return level


def _seconds(name: str, value: str | None) -> float:
    if not value:
        return DEFAULT_CLOCK_TICK
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not seconds > 0:
        raise ConfigError(f"{name} must be a number of seconds above 0, not `{value}`.")
    return seconds


def _shard_count(value: str) -> int:
    count = _number(value)
    if count is None or count < 1:
        raise ConfigError(f"GM_SHARD_COUNT (--shard-count) must be a number of shards from 1 "
                          f"on, not `{value}`.")
    return count


def _shard_ids(value: str) -> tuple[int, ...]:
    """`0-3`, `0,2,5` or a mix (`0-1,4`): the shard ids, sorted, each once."""
    shards: set[int] = set()
    for part in value.split(","):
        low, _, high = part.strip().partition("-")
        first, last = _number(low), _number(high) if high else _number(low)
        if first is None or last is None or first > last:
            raise ConfigError(f"GM_SHARDS (--shards) `{value}` is not a list of shards: use "
                              "a range such as 0-3, numbers such as 0,2,5, or both.")
        shards.update(range(first, last + 1))
    return tuple(sorted(shards))


def _number(text: str) -> int | None:
    """A whole number written with digits only (no sign), else None."""
    text = text.strip()
    return int(text) if text.isdigit() else None


def _port(name: str, value: str | None) -> int | None:
    if not value:
        return None
    port = _number(value)
    if port is None or not 1 <= port <= 65535:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not `{value}`.")
    return port


def _snowflake(name: str, value: str | None) -> int | None:
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a Discord id (a number), not `{value}`.") from None


def _snowflake_text(name: str, value: str | None) -> str | None:
    """A Discord id kept as written (the SDK and OAuth2 take it as a string), checked."""
    number = _snowflake(name, value)
    return None if number is None else str(number)
