"""Fixtures shared by the service-level tests: a GameMaster over a file-backed SQLite
database (a file, not ":memory:", so WAL mode and the real open path are exercised), without
board images."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app import App, build_app
from bot.service import GameMaster
from storage import SqliteRepository


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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Everything under tests/e2e is end to end (and slow), without a mark in every file."""
    for item in items:
        if "e2e" in item.path.relative_to(Path(__file__).parent).parts[:1]:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.slow)
