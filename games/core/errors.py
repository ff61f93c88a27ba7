"""Typed errors an engine raises. Their message is shown to a player as it is, so it must say
what was wrong and what to do instead."""


class GameError(Exception):
    """Base class: the action was refused and the state is unchanged."""


class IllegalAction(GameError):
    """The action breaks a rule ("Zhao Yun can lead at most 2 units")."""


class NotYourTurn(GameError):
    """The seat owes no decision right now."""


class MalformedAction(GameError):
    """The action text could not be read; the message shows the expected form."""
