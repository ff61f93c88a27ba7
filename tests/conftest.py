"""Fixtures shared by the service-level tests: a GameMaster over a file-backed SQLite
database (a file, not ":memory:", so WAL mode and the real open path are exercised), without
board images."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameMaster
from storage import SqliteRepository


@pytest.fixture
async def gm(tmp_path: Path) -> AsyncIterator[GameMaster]:
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    yield GameMaster(repo, render=False)
    await repo.close()
