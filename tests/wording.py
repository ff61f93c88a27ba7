"""Engine messages in words, for tests that read what a player would: the bot's own wording
(bot/i18n) of a message, an event or a refusal, in English unless a locale is given."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.i18n import Reader, words
from games.core import Event, GameError
from games.core.messages import Said


def english(said: Said, names: Sequence[str] = (), seat: int | None = None,
            locale: str = "en") -> str:
    return words(said, Reader(locale, tuple(names), seat))


def told(events: Iterable[Event], names: Sequence[str] = (), seat: int | None = None) -> list[str]:
    """Each event's text in English."""
    return [english(e.text, names, seat) for e in events]


def refusal(error: GameError | BaseException) -> str:
    """A refusal as the player reads it (pytest.raises(...).value)."""
    return english(error.message) if isinstance(error, GameError) else str(error)
