"""A SQLite database copied whole into PostgreSQL (`gm migrate`): every table, row for row,
value for value, in one PostgreSQL transaction, so a failed copy leaves the target empty.

Both schemas are first brought to their latest migration (which the tests prove equal), so
every SQLite column has its PostgreSQL twin. Parents are copied before the rows that point
at them (the foreign keys are checked as rows arrive), and the identity columns then go on
after the highest copied id, so the ids the bot hands out next never collide.
"""

from __future__ import annotations

import sqlite3
from graphlib import TopologicalSorter
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from storage.errors import StorageError
from storage.postgres import PostgresRepository
from storage.postgres_migrations import Conn
from storage.sqlite import SqliteRepository

BATCH = 5000  # rows read and sent at a time: a large table never sits whole in memory
_SKIPPED = ("schema_version",)  # each database keeps its own record of its migrations
_KINDS: dict[str, type] = {"bigint": int, "double precision": float, "text": str}


async def copy_database(sqlite_path: str | Path, postgres_url: str) -> dict[str, int]:
    """Copies every table of the SQLite file into the PostgreSQL database, which must hold
    no rows yet; returns the rows copied per table. Raises StorageError when the target is
    not empty or the schemas disagree."""
    async with SqliteRepository(sqlite_path):
        pass  # the file at its latest migration
    async with PostgresRepository(postgres_url, pool_size=1):
        pass  # and the target at its own
    async with aiosqlite.connect(sqlite_path, isolation_level=None) as source:
        await source.execute("BEGIN")  # one snapshot of the file for the whole copy
        tables = await _tables_in_order(source)
        target = await asyncpg.connect(postgres_url)
        try:
            async with target.transaction():
                await _refuse_rows(target, tables)
                copied = {table: await _copy_table(source, target, table) for table in tables}
                await _restart_identities(target)
        finally:
            await target.close()
            await source.execute("COMMIT")
    return copied


async def _tables_in_order(source: aiosqlite.Connection) -> list[str]:
    """The tables to copy, each after the tables its foreign keys point at."""
    names = [row[0] for row in await source.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name") if row[0] not in _SKIPPED]
    parents = {name: {row[2] for row in await source.execute_fetchall(
        f"PRAGMA foreign_key_list({name})")} - {name} for name in names}
    return list(TopologicalSorter(parents).static_order())


async def _refuse_rows(target: Conn, tables: list[str]) -> None:
    for table in tables:
        if await target.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
            raise StorageError(f"the PostgreSQL database already holds {table}: copy into "
                               "an empty database (createdb a new one)")


async def _copy_table(source: aiosqlite.Connection, target: Conn, table: str) -> int:
    columns = [row[1] for row in await source.execute_fetchall(f"PRAGMA table_info({table})")]
    kinds = {row["column_name"]: row["data_type"] for row in await target.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name = $1", table)}
    if set(kinds) != set(columns):
        raise StorageError(f"{table} has columns {sorted(columns)} in SQLite but "
                           f"{sorted(kinds)} in PostgreSQL: update the bot on both first")
    casts = [_KINDS[kinds[column]] for column in columns]
    copied = 0
    async with source.execute(f"SELECT {', '.join(columns)} FROM {table}") as cursor:
        while rows := list(await cursor.fetchmany(BATCH)):
            await target.copy_records_to_table(
                table, columns=columns, records=[_cast(row, casts) for row in rows])
            copied += len(rows)
    return copied


def _cast(row: sqlite3.Row | tuple[Any, ...], casts: list[type]) -> tuple[Any, ...]:
    """SQLite keeps a value in whatever type it came (an integral REAL may read back as an
    int); PostgreSQL's binary copy wants exactly its column's."""
    return tuple(None if value is None else cast(value) for value, cast in zip(row, casts,
                                                                              strict=True))


async def _restart_identities(target: Conn) -> None:
    """Each identity column goes on after its highest copied value."""
    for row in await target.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND is_identity = 'YES'"):
        table, column = row["table_name"], row["column_name"]
        await target.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
            f" COALESCE(MAX({column}), 1), MAX({column}) IS NOT NULL) FROM {table}")
