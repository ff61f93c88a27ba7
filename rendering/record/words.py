"""The words a Record board draws: its captions from games/record/locales/board.toml and the
names of cards and players, in the reader's language.

A board draws every string twice (a dry pass measures, the second draws), so each worded
caption is kept for the render: wording a message is the costliest part of a caption.
Without a CJK font a card is named by the view's English name, which has no 漢字, so a
machine without one draws words, never tofu.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from games.core.messages import Param, Term, msg
from games.record.data import term
from rendering.kit.fonts import drawable
from rendering.kit.scene import Scene, Speech
from rendering.kit.views import is_hidden

SIZES = ("small", "medium", "large", "capital")
PLURALS = {"coins", "count"}  # the variables board.toml's plurals select by


@dataclass
class Words:
    """One render's words: `scene.say` for the captions, `cjk` for what the fonts can draw."""

    scene: Scene
    cjk: bool
    _said: dict[tuple, str] = field(default_factory=dict)

    def __call__(self, key: str, /, **params: Param) -> str:
        """The caption `record.board.<key>` in the reader's language."""
        memo = (key, tuple(sorted((name, _plain(name, value)) for name, value in params.items())))
        if memo not in self._said:
            try:
                self._said[memo] = _worded(cast(Hashable, self.scene.say), *memo)
            except TypeError:  # a reader or parameter that cannot be a key: word it now
                self._said[memo] = self.scene.say(msg(f"record.board.{key}", **params))
        return self._said[memo]

    def term(self, key: str) -> str:
        """A term of the game's catalog (a phase, a deck, a lane) as a caption."""
        return self("name", name=Term(key))

    def card(self, card: dict) -> str:
        """A card's name as the reader calls it (the caller has checked it is face up)."""
        if not self.cjk or not card.get("id"):
            return str(card.get("en") or "?")
        return self("name", name=term(str(card["id"])))

    def ability(self, lord: dict) -> str:
        """A lord's ability by its name (天命, 人和...)."""
        if not self.cjk or not lord.get("id"):
            return str(lord.get("ability_en") or "")
        return self("name", name=Term(f"record.ability.{str(lord['id']).partition(':')[2]}"))

    def size(self, city: dict) -> str:
        size = str(city.get("size", ""))
        return self.term(f"record.size.{size}") if size in SIZES else size

    def seat(self, seat: int) -> str:
        """The seat's display name, cleaned of undrawable glyphs, 'Seat n' when empty."""
        names = self.scene.names
        raw = names[seat] if 0 <= seat < len(names) else ""
        return drawable(raw, self.cjk) or f"Seat {seat + 1}"


def _plain(name: str, value: Param) -> Param:
    """A number goes in as its digits unless a plural chooses by it: the board's numbers
    are small, so the locale's grouping never shows, and the number formatter is the
    dearest part of wording a caption."""
    return str(value) if isinstance(value, int) and name not in PLURALS else value


@lru_cache(maxsize=8192)
def _worded(say: Hashable, key: str, params: tuple[tuple[str, Param], ...]) -> str:
    """Captions worded for one reader, kept from one board to the next (a reader is plain
    frozen data, so equal readers share them)."""
    return cast(Speech, say)(msg(f"record.board.{key}", **dict(params)))


def face_up(card: object) -> bool:
    """A card dict whose face the viewer may read."""
    return isinstance(card, dict) and not is_hidden(card)
