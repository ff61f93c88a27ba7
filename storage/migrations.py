"""The SQLite schema as numbered migrations, applied in order at `open()`.

A migration is never edited once released: change the schema by appending a new one. Each
runs in its own IMMEDIATE transaction together with its `schema_version` row, so a crash
mid-migration leaves the previous version intact and two processes opening the same file
never both apply it.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import aiosqlite

# 1: the game log. Games hold setup, status, version and the latest snapshot; actions are
# append-only (undo only flags them); events belong to the action that produced them.
_GAME_LOG = """
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'running', 'paused', 'finished', 'abandoned')),
    guild_id    INTEGER,
    channel_id  INTEGER,
    thread_id   INTEGER,
    created_by  INTEGER,
    created_at  REAL    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0,
    state       TEXT,
    result      TEXT
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id, status);
CREATE INDEX games_by_guild ON games (guild_id, status);

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    ai          TEXT,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    version         INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    user_id         INTEGER,
    action          TEXT    NOT NULL,
    interaction_id  TEXT,
    created_at      REAL    NOT NULL,
    undone          INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    PRIMARY KEY (game_id, seq)
);
-- A Discord interaction is applied once per database; NULL (terminal, AI) never collides.
CREATE UNIQUE INDEX actions_by_interaction ON actions (interaction_id);

CREATE TABLE events (
    game_id     INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    action_seq  INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    text        TEXT    NOT NULL,
    seats       TEXT,  -- JSON list of the seats allowed to read it; NULL = public
    kind        TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq),
    FOREIGN KEY (game_id, action_seq) REFERENCES actions (game_id, seq) ON DELETE CASCADE
);
CREATE INDEX events_by_action ON events (game_id, action_seq);
"""

# 2: administration. Audit rows name a game without a foreign key: the trail outlives games
# and may record refusals about games that never existed.
_ADMIN = """
CREATE TABLE audit (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    game_id     INTEGER,
    user_id     INTEGER,
    what        TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE INDEX audit_by_guild ON audit (guild_id, id);
CREATE INDEX audit_by_game ON audit (game_id, id);

CREATE TABLE guild_settings (
    guild_id    INTEGER NOT NULL,
    key         TEXT    NOT NULL,
    value       TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;
"""

# 3: data packs a server's moderators uploaded (a group's printed cards replacing our designed
# values). Re-uploading a name replaces the row; games never point here: a game freezes the
# pack's text into its own options at creation, so editing or removing a pack leaves every
# running game as it was. Private threads are a game's side rooms open to some seats only (the
# allies' council), found again by purpose or by thread.
_PACKS_AND_THREADS = """
CREATE TABLE data_packs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    text         TEXT    NOT NULL,
    hash         TEXT    NOT NULL,
    uploaded_by  INTEGER,
    uploaded_at  REAL    NOT NULL,
    UNIQUE (guild_id, game, name)
);

CREATE TABLE private_threads (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    purpose     TEXT    NOT NULL,
    thread_id   INTEGER NOT NULL UNIQUE,
    seats       TEXT    NOT NULL,  -- JSON list of the seats whose players are members
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, purpose)
);
"""

SCHEMA_DIR = Path(__file__).parent / "schema"
SCHEMA_FILE = re.compile(r"(\d{3})_[a-z_]+\.sql")


def schema_files(folder: Path = SCHEMA_DIR) -> list[tuple[int, str]]:
    """Migrations from 4 on, one file each (`004_server.sql`), so that features built side by
    side each own their schema; the number is the file's prefix."""
    found = []
    for path in sorted(folder.glob("*.sql")):
        match = SCHEMA_FILE.fullmatch(path.name)
        if match is None:
            raise ValueError(f"schema file {path.name} is not named NNN_name.sql")
        found.append((int(match.group(1)), path.read_text(encoding="utf-8")))
    return found


MIGRATIONS: list[tuple[int, str]] = [
    (1, _GAME_LOG),
    (2, _ADMIN),
    (3, _PACKS_AND_THREADS),
    *schema_files(),
]


def statements(script: str) -> list[str]:
    """Splits a script into statements, so a migration can run inside our own transaction
    (sqlite3's executescript would commit first). `complete_statement` keeps semicolons
    inside strings and trigger bodies intact."""
    result: list[str] = []
    pending = ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            if pending.strip(" \n\t;"):
                result.append(pending.strip())
            pending = ""
    if pending.strip(" \n\t;"):
        raise ValueError(f"incomplete SQL statement in migration: {pending.strip()!r}")
    return result


async def schema_version(db: aiosqlite.Connection) -> int:
    rows = await db.execute_fetchall("SELECT COALESCE(MAX(number), 0) FROM schema_version")
    return int(list(rows)[0][0])


async def _applied(db: aiosqlite.Connection, number: int) -> bool:
    """By number, not by the highest one: features add their migrations side by side, and a
    database may have met 7 before 5 existed."""
    rows = await db.execute_fetchall("SELECT 1 FROM schema_version WHERE number = ?", (number,))
    return bool(list(rows))


async def migrate(
    db: aiosqlite.Connection, migrations: list[tuple[int, str]] = MIGRATIONS
) -> int:
    """Applies every migration newer than the database; returns the resulting version.

    `db` must be in autocommit mode (isolation_level=None) so our BEGIN is the only one.
    """
    await db.execute_fetchall(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " number INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    for number, script in migrations:
        await db.execute_fetchall("BEGIN IMMEDIATE")
        try:
            if not await _applied(db, number):
                for statement in statements(script):
                    await db.execute_fetchall(statement)
                await db.execute_fetchall(
                    "INSERT INTO schema_version (number, applied_at) VALUES (?, ?)",
                    (number, time.time()),
                )
            await db.execute_fetchall("COMMIT")
        except BaseException:
            await db.rollback()  # a no-op when no transaction is open
            raise
    return await schema_version(db)
