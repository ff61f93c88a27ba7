"""The PostgreSQL schema as numbered migrations (storage/schema_pg/NNN_name.sql), applied in
order at `open()`.

They mirror SQLite's migrations one for one (storage/migrations.py): the same number makes
the same tables, columns and indexes in PostgreSQL's words, and a test compares the two
resulting schemas, so a migration added to one and not the other fails the tests. As on
SQLite, a migration is never edited once released, and each runs in its own transaction with
its `schema_version` row. Every transaction here first takes one advisory lock, held until it
ends, so processes opening the same database at once apply each migration once, in turn.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from storage.migrations import schema_files

if TYPE_CHECKING:  # what statements run on: a pool's connection, or one of its own
    Conn: TypeAlias = PoolConnectionProxy[asyncpg.Record] | asyncpg.Connection[asyncpg.Record]
else:
    Conn = PoolConnectionProxy | asyncpg.Connection  # not subscriptable at run time

SCHEMA_DIR = Path(__file__).parent / "schema_pg"
MIGRATIONS: list[tuple[int, str]] = schema_files(SCHEMA_DIR)
# The advisory lock of schema changes: any fixed number, the same in every process.
_MIGRATION_LOCK = 0x676D5F736368656D  # "gm_schem" in ASCII


async def schema_version(conn: Conn) -> int:
    return int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_version"))


async def migrate(conn: Conn, migrations: list[tuple[int, str]] = MIGRATIONS) -> int:
    """Applies every migration the database has not met yet; returns the resulting version.
    Applied by number, not by the highest one, as on SQLite (features add their migrations
    side by side)."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version ("
                           " number BIGINT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
    for number, script in migrations:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            if await conn.fetchval("SELECT 1 FROM schema_version WHERE number = $1", number):
                continue
            await conn.execute(script)  # no arguments: the script's statements run in turn
            await conn.execute("INSERT INTO schema_version (number, applied_at)"
                               " VALUES ($1, $2)", number, time.time())
    return await schema_version(conn)
