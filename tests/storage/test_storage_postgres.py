"""PostgreSQL's own migrations: kept in step with SQLite's (the same tables, columns and
indexes, compared from both databases' catalogs), applied once however many processes open
the database at once, and atomic."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from storage import PostgresRepository, SqliteRepository
from storage.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from storage.postgres_migrations import MIGRATIONS, migrate, schema_version

LATEST = MIGRATIONS[-1][0]
pytestmark = pytest.mark.postgres
# How each backend names a column's kind of value (both store JSON as text).
KINDS = {"integer": "integer", "bigint": "integer", "real": "real",
         "double precision": "real", "text": "text"}
# A key compared without ASCII case: SQLite's NOCASE, PostgreSQL's lower() under "C".
_FOLDED = re.compile(r'lower\(\(?(\w+)\)?(?:::text)? COLLATE "C"\)')

Schema = dict[str, Any]


def test_each_sqlite_migration_has_its_postgresql_twin() -> None:
    assert [n for n, _ in MIGRATIONS] == [n for n, _ in SQLITE_MIGRATIONS]


async def test_both_backends_make_the_same_schema(tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "schema.sqlite3"
    async with SqliteRepository(path):
        pass
    sqlite = await sqlite_schema(path)
    postgres = await postgres_schema(postgres_url)
    assert sorted(postgres) == sorted(sqlite)
    for table in sqlite:
        assert postgres[table] == sqlite[table], table


async def test_a_fresh_database_is_migrated_once(empty_postgres_url: str) -> None:
    """Processes starting at once on an empty database: each migration applies once."""
    openings = [PostgresRepository(empty_postgres_url, pool_size=1) for _ in range(3)]
    await asyncio.gather(*(repo.open() for repo in openings))
    await asyncio.gather(*(repo.close() for repo in openings))
    async with PostgresRepository(empty_postgres_url) as repo:  # and reopening adds nothing
        await repo.create_game(game="record", options={}, seed=1, guild_id=None,
                               channel_id=None, thread_id=None, created_by=None)
    conn = await asyncpg.connect(empty_postgres_url)
    try:
        numbers = [r[0] for r in await conn.fetch("SELECT number FROM schema_version"
                                                  " ORDER BY number")]
    finally:
        await conn.close()
    assert numbers == list(range(1, LATEST + 1))


async def test_a_failing_migration_leaves_the_previous_version(postgres_url: str) -> None:
    broken = [*MIGRATIONS, (LATEST + 1, "CREATE TABLE extra (a BIGINT); SELECT nonsense(;")]
    conn = await asyncpg.connect(postgres_url)
    try:
        with pytest.raises(asyncpg.PostgresSyntaxError):
            await migrate(conn, broken)
        assert await schema_version(conn) == LATEST
        assert await conn.fetchval("SELECT to_regclass('extra')") is None
        assert not conn.is_in_transaction()
    finally:
        await conn.close()


# -- both catalogs, in one shape ----------------------------------------------------------------
async def sqlite_schema(path: Path) -> Schema:
    """table -> (columns as (name, kind, not null), primary key, other indexes as
    (unique, keys, partial))."""
    schema: Schema = {}
    async with aiosqlite.connect(path) as db:
        tables = [r[0] for r in await db.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
            " AND name NOT LIKE 'sqlite_%'")]
        for table in tables:
            info = list(await db.execute_fetchall(f"PRAGMA table_info({table})"))
            key = [r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
            columns = [(r[1], KINDS[r[2].lower()], bool(r[3]) or r[1] in key) for r in info]
            indexes = set()
            for _, name, unique, origin, partial in await db.execute_fetchall(
                    f"PRAGMA index_list({table})"):
                if origin == "pk":
                    continue
                keys = tuple((r[2], "nocase" if r[4] == "NOCASE" else "binary")
                             for r in await db.execute_fetchall(f"PRAGMA index_xinfo({name})")
                             if r[5])
                indexes.add((bool(unique), keys, bool(partial)))
            schema[table] = (columns, key, indexes)
    return schema


async def postgres_schema(url: str) -> Schema:
    """The same shape from PostgreSQL's catalogs."""
    schema: Schema = {}
    conn = await asyncpg.connect(url)
    try:
        for (table,) in await conn.fetch("SELECT tablename FROM pg_tables"
                                         " WHERE schemaname = current_schema()"):
            columns = [(r["column_name"], KINDS[r["data_type"]], r["is_nullable"] == "NO")
                       for r in await conn.fetch(
                "SELECT column_name, data_type, is_nullable FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1"
                " ORDER BY ordinal_position", table)]
            key: list[str] = []
            indexes = set()
            for index in await conn.fetch(
                    "SELECT i.indexrelid, i.indisprimary, i.indisunique, i.indnkeyatts,"
                    " i.indpred IS NOT NULL AS partial FROM pg_index i"
                    " WHERE i.indrelid = $1::regclass", table):
                keys = [await conn.fetchval("SELECT pg_get_indexdef($1, $2, true)",
                                            index["indexrelid"], n)
                        for n in range(1, index["indnkeyatts"] + 1)]
                if index["indisprimary"]:
                    key = keys
                    continue
                indexes.add((index["indisunique"], tuple(map(_key, keys)), index["partial"]))
            schema[table] = (columns, key, indexes)
    finally:
        await conn.close()
    return schema


def _key(definition: str) -> tuple[str, str]:
    folded = _FOLDED.fullmatch(definition)
    return (folded.group(1), "nocase") if folded else (definition, "binary")
