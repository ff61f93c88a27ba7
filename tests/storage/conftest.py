"""Fixtures: a fresh repository of each backend, SQLite (in memory, or a file) and
PostgreSQL (a fresh database on a real server, tests/storage/storage_postgres.py; the
server, `backend` and `database` are tests/conftest.py's, shared with the service tests).

A test that takes `repo`, `file_repo` or `database` runs once per backend; the PostgreSQL
runs carry the `postgres` mark (`pytest -m "not postgres"` leaves them out). When no server
can be had they fail in CI (CI=true: the suite must prove the backend there) and are
skipped elsewhere, saying why.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from storage import Repository
from tests.storage.storage_helpers import opened
from tests.storage.storage_postgres import Databases


@pytest.fixture
def empty_postgres_url(postgres_databases: Databases) -> Iterator[str]:
    """A fresh database that no migration touched yet."""
    with postgres_databases.fresh(empty=True) as url:
        yield url


@pytest.fixture
def memory_database(backend: str, request: pytest.FixtureRequest) -> str:
    """As `database`, but SQLite in memory (the quickest)."""
    if backend == "postgres":
        return str(request.getfixturevalue("postgres_url"))
    return ":memory:"


@pytest.fixture
async def repo(memory_database: str) -> AsyncIterator[Repository]:
    async with opened(memory_database) as repository:
        yield repository


@pytest.fixture
async def file_repo(database: str) -> AsyncIterator[Repository]:
    async with opened(database) as repository:
        yield repository
