"""What a catalog text may call beyond Fluent's own NUMBER: `PERSON($who)`, the grammatical
person of a player for this reader, so one key says "You choose" and "Cao Cao chooses"."""

from __future__ import annotations

from typing import Any

from fluent.runtime.types import FluentType


class Who(FluentType):
    """A player as a text reads them: their name, and whether the reader is that player."""

    def __init__(self, name: str, you: bool) -> None:
        self.name, self.you = name, you

    def format(self, locale: Any) -> str:
        return self.name


def person(who: Any) -> str:
    """ "you" for the reader's own seat, else "other" (also for a value that is no player,
    so a text never fails on it)."""
    return "you" if isinstance(who, Who) and who.you else "other"


FUNCTIONS = {"PERSON": person}
