"""Settings of the Discord bot, read from the environment once at start-up.

The environment is the only way to configure the bot, so a deployment needs no config file,
and `GM_DISCORD_API_BASE` with `GM_DISCORD_GATEWAY` are the only hooks that let a test or a
proxy stand in for Discord.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass

from storage import is_postgres

DEFAULT_DATABASE = "gamemaster.sqlite3"
DEFAULT_CLOCK_TICK = 60.0  # seconds between two passes of the turn clock


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
        )

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


def _snowflake(name: str, value: str | None) -> int | None:
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a Discord id (a number), not `{value}`.") from None
