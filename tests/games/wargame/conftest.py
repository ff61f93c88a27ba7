"""The wargame's catalogs for its tests: the game is not registered yet, so the bot's catalog
does not load `games/wargame/locales/` by itself (docs/progress/wargame.md, unclear place 3).
`wording` adds them for one test and takes them away after it."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

catalogs = importlib.import_module("bot.i18n.catalog")

LOCALES = Path(__file__).resolve().parents[3] / "games" / "wargame" / "locales"


@pytest.fixture
def wording(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    original = catalogs.catalog_files
    monkeypatch.setattr(catalogs, "catalog_files",
                        lambda: [*original(), *sorted(LOCALES.glob("*.toml"))])
    catalogs.catalog.cache_clear()
    catalogs.bundle.cache_clear()
    yield
    monkeypatch.undo()
    catalogs.catalog.cache_clear()
    catalogs.bundle.cache_clear()
