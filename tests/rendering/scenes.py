"""A renderer's input in tests: a view with the players' names, worded in English unless a
test asks for another language."""

from __future__ import annotations

from typing import Any

from bot.i18n import Reader
from rendering import Scene


def scene(view: dict[str, Any], names: list[str], locale: str = "en", *,
          before: dict[str, Any] | None = None, awaiting: tuple[int, ...] = (),
          seat: int | None = None) -> Scene:
    return Scene(view, list(names), Reader(locale, tuple(names), seat), before=before,
                 awaiting=awaiting, seat=seat)
