"""Fixtures shared by the service-level tests: a GameMaster over a file-backed SQLite
database (a file, not ":memory:", so WAL mode and the real open path are exercised), without
board images; and a real PostgreSQL server (started once a session, when a test asks for
it) with a fresh database per test, for the storage tests and the tests of several
processes on one database."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

import storage.sqlbase
from bot.app import App, build_app
from bot.service import GameMaster
from storage import SqliteRepository
from tests.storage.storage_postgres import Databases, Unavailable, postgres_server

# A test survives no power loss, and an fsync per commit (synchronous=FULL, the default the
# bot runs at) would add minutes to the suite: the tests' SQLite files, in this process and
# in the bot processes the end-to-end tests start, sync as NORMAL. The default itself is
# tested in tests/storage/test_storage_faults.py.
storage.sqlbase.DEFAULT_SYNCHRONOUS = "NORMAL"
os.environ["GM_SQLITE_SYNCHRONOUS"] = "NORMAL"

# A test taking the `backend` (or `database`) fixture runs once per backend.
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@pytest.fixture
async def app(tmp_path: Path) -> AsyncIterator[App]:
    """The service with its play-by-post features, wired as the bot wires them."""
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    yield build_app(repo, render=False)
    await repo.close()


@pytest.fixture
def gm(app: App) -> GameMaster:
    return app.gm


@pytest.fixture(scope="session")
def postgres_databases() -> Iterator[Databases]:
    """The PostgreSQL server of this session. When none can be had, its tests fail in CI
    (CI=true: the suite must prove the backend there) and are skipped elsewhere."""
    try:
        with postgres_server() as server:
            yield Databases(server)
    except Unavailable as why:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(f"the PostgreSQL tests need a server in CI: {why}")
        pytest.skip(f"no PostgreSQL server: {why}")


@pytest.fixture
def postgres_url(postgres_databases: Databases) -> Iterator[str]:
    """A fresh, migrated database of its own."""
    with postgres_databases.fresh() as url:
        yield url


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def database(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """What `repository_for` opens: a SQLite file, or a fresh PostgreSQL database."""
    if backend == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return str(tmp_path / "games.sqlite3")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e is end to end (and slow), without a mark in every file."""
    for item in items:
        if "e2e" in item.path.relative_to(Path(__file__).parent).parts[:1]:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.slow)
