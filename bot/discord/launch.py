"""`gm run`'s start: check the settings and the database's folder, run the bot, and turn
every way the start can fail into one sentence and an exit code (2 for a setting or a
database, 3 for Discord out of reach). The fault injector of the end-to-end tests starts the
bot through here too, so it runs exactly what an operator runs."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
from pathlib import Path

import discord

from bot.config import ConfigError, Settings
from bot.discord.client import DatabaseUnavailable, run_bot
from bot.i18n import t
from bot.web.serve import PortUnavailable, web_config
from storage import StorageUnavailable, is_postgres


def launch(shards: str | None, shard_count: str | None) -> int:
    """Run the bot until it stops; the exit code says why it stopped."""
    try:
        settings = Settings.from_env().with_shards(shards, shard_count)
        settings.require_token()
        if settings.web_port is not None:
            web_config(settings)  # its secret, and the Activity's client when launched
        _check_shared(settings)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    folder = Path(settings.database).resolve().parent
    if (settings.database != ":memory:" and not is_postgres(settings.database)
            and not (folder.is_dir() and os.access(folder, os.W_OK))):
        print(t("terminal.bad_database", "en", path=settings.database,
                why=t("terminal.no_folder", "en", path=str(folder))), file=sys.stderr)
        return 2
    return _serve(settings)


def _serve(settings: Settings) -> int:
    try:
        return asyncio.run(run_bot(settings))
    except DatabaseUnavailable as error:
        print(f"gm run: cannot open the PostgreSQL database {error}. Check that the server "
              "runs and GM_DATABASE's host, port, user, password and database name.",
              file=sys.stderr)
        return 2
    except PortUnavailable as error:  # GM_WEB_PORT taken by another program
        print(f"gm run: {error}. Set GM_WEB_PORT to a free port, or unset it.",
              file=sys.stderr)
        return 2
    except (OSError, discord.DiscordException) as error:  # no network, Discord unreachable
        print(t("terminal.no_discord", "en", where=settings.api_base or "discord.com",
                why=str(error) or type(error).__name__), file=sys.stderr)
        return 3
    except sqlite3.Error as error:
        print(t("terminal.bad_database", "en", path=settings.database, why=str(error)),
              file=sys.stderr)
        return 2
    except StorageUnavailable as error:  # e.g. a file the bot's user may only read
        print(t("terminal.bad_database", "en", path=settings.database, why=error.fault),
              file=sys.stderr)
        return 2


def _check_shared(settings: Settings) -> None:
    """Some shards only, on a SQLite file: the other shards' processes would need the same
    file, which serves one process (docs/deploying.md)."""
    partial = settings.shards is not None and len(settings.shards) != settings.shard_count
    if partial and not is_postgres(settings.database):
        raise ConfigError("A process serving some shards only shares its database with the "
                          "processes serving the others: set GM_DATABASE to a PostgreSQL "
                          "URL (a SQLite file serves one process, which then serves every "
                          "shard).")
