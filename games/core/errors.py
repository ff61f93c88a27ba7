"""Typed errors an engine raises. Their message is shown to a player (worded in the reader's
language when it is a `Msg`), so it must say what was wrong and what to do instead."""

from __future__ import annotations

from games.core.messages import Said


class GameError(Exception):
    """Base class: the action was refused and the state is unchanged."""

    def __init__(self, message: Said) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


class IllegalAction(GameError):
    """The action breaks a rule ("Zhao Yun can lead at most 2 units")."""


class NotYourTurn(GameError):
    """The seat owes no decision right now."""


class MalformedAction(GameError):
    """The action text could not be read; the message shows the expected form."""
