"""The wargame's catalogs for the image tests (the game is not registered yet): every test
here words its scenes with them (tests/rendering/wargame/samples.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.rendering.wargame.samples import wording


@pytest.fixture(autouse=True)
def wargame_catalogs() -> Iterator[None]:
    with wording():
        yield
