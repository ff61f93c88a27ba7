"""Fixtures: a fresh in-memory repository and a file-backed one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import SqliteRepository


@pytest.fixture
async def repo() -> AsyncIterator[SqliteRepository]:
    async with SqliteRepository() as repository:
        yield repository


@pytest.fixture
async def file_repo(tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    async with SqliteRepository(tmp_path / "games.sqlite3") as repository:
        yield repository

