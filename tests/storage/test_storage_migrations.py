"""Numbered migrations: applied in order at open, idempotent, atomic, and old files upgrade."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from storage import SqliteRepository
from storage.migrations import MIGRATIONS, migrate, schema_version, statements
from tests.storage.storage_helpers import started_game

LATEST = MIGRATIONS[-1][0]


def test_migrations_are_numbered_one_by_one() -> None:
    assert [number for number, _ in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))
    assert LATEST >= 2  # so the upgrade test below upgrades something real


def test_statements_split_scripts_safely() -> None:
    script = """
    CREATE TABLE t (a TEXT DEFAULT 'x;y');
    CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN UPDATE t SET a = 'z'; END;
    """
    assert statements(script) == [
        "CREATE TABLE t (a TEXT DEFAULT 'x;y');",
        "CREATE TRIGGER t_ins AFTER INSERT ON t BEGIN UPDATE t SET a = 'z'; END;",
    ]


async def open_raw(path: Path) -> aiosqlite.Connection:
    return await aiosqlite.connect(path, isolation_level=None)


async def test_fresh_database_is_at_the_latest_version(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    for _ in range(2):  # reopening applies nothing twice
        async with SqliteRepository(path):
            pass
    with closing(sqlite3.connect(path)) as raw:
        numbers = [n for n, in raw.execute("SELECT number FROM schema_version ORDER BY number")]
    assert numbers == list(range(1, LATEST + 1))


async def test_old_database_is_migrated_with_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = await open_raw(path)
    assert await migrate(db, MIGRATIONS[:1]) == 1
    await db.close()
    # A version-1 file already holds games (written the way version 1 of the code did).
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("INSERT INTO games (game, options, seed, created_at) VALUES"
                    " ('record', '{}', 5, 0)")
    async with SqliteRepository(path) as repo:
        assert (await repo.get_game(1)).seed == 5
        await repo.set_guild_setting(1, "moderator_role", 3)  # a table of migration 2
        assert await repo.guild_settings(1) == {"moderator_role": 3}
        game_id, _ = await started_game(repo)
        assert game_id == 2
    db = await open_raw(path)
    assert await schema_version(db) == LATEST
    await db.close()


async def test_a_failing_migration_leaves_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    broken = [*MIGRATIONS, (LATEST + 1, "CREATE TABLE extra (a INTEGER); SELECT nonsense(;")]
    db = await open_raw(path)
    with pytest.raises(sqlite3.OperationalError):
        await migrate(db, broken)
    assert await schema_version(db) == LATEST
    tables = [r[0] for r in await db.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE name = 'extra'")]
    assert tables == []
    assert not db.in_transaction
    await db.close()
