"""A renderer's input in tests: a view with the players' names, worded in English unless a
test asks for another language, as the service words it (`bot.service.announce.worded`): the
messages the engine left in the view (an end reason, a phase) reach the drawing as text."""

from __future__ import annotations

from typing import Any

from bot.i18n import Reader
from bot.service.announce import worded
from rendering import Scene


def scene(view: dict[str, Any], names: list[str], locale: str = "en", *,
          before: dict[str, Any] | None = None, awaiting: tuple[int, ...] = (),
          seat: int | None = None) -> Scene:
    reader = Reader(locale, tuple(names), seat)
    return Scene(worded(view, reader), list(names), reader,
                 before=None if before is None else worded(before, reader),
                 awaiting=awaiting, seat=seat)
