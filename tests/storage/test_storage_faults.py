"""Faults of the medium (issue 28 items 6, 7 and 11): a SQLite file another process holds
locked, a full one, one the bot may only read, a PostgreSQL connection the server dropped.
Each is a StorageUnavailable naming the fault, changes nothing, does not hold up a read,
and leaves the repository working once the fault is gone; an answered action is synced to
the disk by default."""

from __future__ import annotations

import asyncio
import ctypes
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

import storage.sqlbase
from bot.config import ConfigError, Settings
from storage import PostgresRepository, SqliteRepository, StorageUnavailable, repository_for
from tests.storage.storage_helpers import opened

REPO_ROOT = Path(__file__).resolve().parents[2]


async def new_game(repo: SqliteRepository | PostgresRepository) -> int:
    return await repo.create_game(game="record", options={}, seed=1, guild_id=None,
                                  channel_id=1, thread_id=None, created_by=1)


# -- durability: item 11 ----------------------------------------------------------------------
def test_the_bot_syncs_every_commit_to_the_disk_unless_its_operator_says_otherwise() -> None:
    assert Settings.from_env({}).sqlite_synchronous == "FULL"
    assert Settings.from_env({"GM_SQLITE_SYNCHRONOUS": "normal"}).sqlite_synchronous == "NORMAL"
    with pytest.raises(ConfigError, match="FULL .* or NORMAL"):
        Settings.from_env({"GM_SQLITE_SYNCHRONOUS": "OFF"})


async def test_both_connections_run_at_the_setting_they_were_given(tmp_path: Path) -> None:
    full, normal = 2, 1  # PRAGMA synchronous's numbers
    for setting, number in (("FULL", full), ("NORMAL", normal)):
        repo = repository_for(str(tmp_path / f"{setting}.sqlite3"), synchronous=setting)
        assert isinstance(repo, SqliteRepository)
        async with repo:
            for connection in (repo._reader, repo._writer):
                assert connection.db is not None
                rows = list(await connection.db.execute_fetchall("PRAGMA synchronous"))
                assert rows[0][0] == number


def test_the_shipped_default_is_full() -> None:
    """The suite lowers the module's default (tests/conftest.py); the source ships FULL."""
    source = Path(storage.sqlbase.__file__).read_text(encoding="utf-8")
    assert '\nDEFAULT_SYNCHRONOUS = "FULL"\n' in source


# -- a file locked by another process: item 7 -------------------------------------------------
@pytest.fixture
def short_busy_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """The write gives up after 1.5 s instead of 5 (read when a connection opens)."""
    monkeypatch.setattr(storage.sqlbase, "BUSY_TIMEOUT_MS", 1500)


@pytest.fixture
def other_process_lock(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """Another connection (as another process would) holding the write lock."""
    other = sqlite3.connect(tmp_path / "games.sqlite3", isolation_level=None)
    yield other
    other.close()


async def test_a_write_behind_another_process_lock_is_unavailable_and_a_read_does_not_wait(
        tmp_path: Path, short_busy_wait: None,
        other_process_lock: sqlite3.Connection) -> None:
    async with SqliteRepository(tmp_path / "games.sqlite3") as repo:
        game_id = await new_game(repo)
        other_process_lock.execute("BEGIN IMMEDIATE")
        write = asyncio.create_task(new_game(repo))
        await asyncio.sleep(0.1)  # the write is waiting for the lock on its thread
        assert (await repo.get_game(game_id)).id == game_id
        assert (await repo.load_game(game_id)).record.id == game_id
        assert not write.done()  # the reads answered while the write still waited
        with pytest.raises(StorageUnavailable) as fault:
            await write
        assert fault.value.fault.startswith("SQLITE_BUSY")
        other_process_lock.execute("ROLLBACK")
        assert await new_game(repo) == game_id + 1  # nothing of the failed write was kept


# -- a full file: the connection is opened anew ----------------------------------------------
async def test_a_full_file_is_unavailable_and_the_next_write_after_it_works(
        tmp_path: Path) -> None:
    async with SqliteRepository(tmp_path / "games.sqlite3") as repo:
        await new_game(repo)
        db = repo._writer.db
        assert db is not None
        pages = list(await db.execute_fetchall("PRAGMA page_count"))[0][0]
        await db.execute_fetchall(f"PRAGMA max_page_count={pages}")  # the disk is full
        with pytest.raises(StorageUnavailable) as fault:
            await repo.set_guild_setting(1, "big", "x" * 100_000)
        assert fault.value.fault.startswith("SQLITE_FULL")
        assert (await repo.guild_settings(1)) == {}  # nothing written
        # Room again (a fresh connection has no such limit): the next write goes through.
        await repo.set_guild_setting(1, "big", "x" * 100_000)
        assert (await repo.guild_settings(1)) == {"big": "x" * 100_000}


async def test_a_statement_error_is_not_mistaken_for_a_fault_of_the_file(
        tmp_path: Path) -> None:
    async with SqliteRepository(tmp_path / "games.sqlite3") as repo:
        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await repo._statement("DEFERRED", "SELECT * FROM nowhere")


# -- a file the bot may only read: item 6 -----------------------------------------------------
def _as_a_plain_user() -> None:
    """Root writes any file whatever its mode: the bot's process gives up the capabilities
    that let it (it runs as an operator's service user would)."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 24, 1, 2, 3


def test_gm_run_refuses_a_database_it_cannot_write_before_connecting(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    asyncio.run(_created(database))
    for path in tmp_path.iterdir():
        path.chmod(0o444)
    env = {"PATH": os.environ["PATH"], "PYTHONPATH": str(REPO_ROOT), "HOME": str(tmp_path),
           "DISCORD_TOKEN": "test-token", "GM_DATABASE": str(database),
           # Nothing listens here: reaching for Discord would exit 3, not 2.
           "GM_DISCORD_API_BASE": "http://127.0.0.1:9/api/v10"}
    done = subprocess.run([sys.executable, "-m", "bot", "run"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=_as_a_plain_user)
    assert done.returncode == 2, done.stderr
    assert "SQLITE_READONLY" in done.stderr and "Traceback" not in done.stderr
    assert f"Cannot open the database {database}" in done.stderr


async def _created(database: Path) -> None:
    async with SqliteRepository(database) as repo:
        await new_game(repo)


# -- PostgreSQL: the server drops every connection -------------------------------------------
@pytest.mark.postgres
async def test_postgres_connections_dropped_by_the_server_are_unavailable_then_replaced(
        postgres_url: str) -> None:
    async with opened(postgres_url) as repo:
        assert isinstance(repo, PostgresRepository)
        game_id = await new_game(repo)
        await _drop_connections(postgres_url)
        outcomes: list[int | str] = []
        for _ in range(3):  # the pool finds its connections gone, one by one
            try:
                outcomes.append((await repo.get_game(game_id)).id)
            except StorageUnavailable as fault:
                outcomes.append(fault.fault)
        # Each read either answered or said the storage was unavailable (nothing else
        # escaped), and the pool had new connections by the last one.
        assert outcomes[-1] == game_id, outcomes
        assert await new_game(repo) == game_id + 1


async def _drop_connections(url: str) -> None:
    """What a restart of the server does to the connections it had."""
    admin = await asyncpg.connect(url)
    try:
        await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE"
                            " datname = current_database() AND pid <> pg_backend_pid()")
    finally:
        await admin.close()
