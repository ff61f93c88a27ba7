"""Storage errors: the service tells a stale click from a repeated one from a missing game."""

from __future__ import annotations


class StorageError(Exception):
    """Base of every error the storage layer raises on purpose."""


class NotFound(StorageError):
    """The game (or other row) asked for does not exist."""


class StaleVersion(StorageError):
    """The game changed since the caller read it; nothing was written.

    A button built at version v carries v; any change bumps the version, so a late click
    lands here instead of acting on a state its player never saw.
    """

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class StaleRow(StorageError):
    """A row the caller read (an undo vote's ballots) changed since; nothing was written.

    Two ballots cast at once, in one process or two, must not both count from the same
    reading: the second is refused and tried again from the row as it is now.
    """


class DuplicateInteraction(StorageError):
    """This Discord interaction was already recorded; nothing was written.

    Discord may deliver an interaction twice; it must be applied once.
    """

    def __init__(self, interaction_id: str) -> None:
        super().__init__(f"interaction {interaction_id} was already applied")
        self.interaction_id = interaction_id


class StorageUnavailable(Exception):
    """The database could not be read or written at all: locked by another process past
    the busy timeout, read-only, full, or (PostgreSQL) unreachable; nothing was written.

    Not a StorageError: those refuse a write for what it holds (a constraint, a stale
    version), and their callers answer "already done" or "changed meanwhile". This one
    says only that the medium failed, so a member is told to try again, and the repository
    opens its connection anew for the next call (a file that was read-only at open stays
    read-only on that connection even once it can be written)."""

    def __init__(self, fault: str) -> None:
        super().__init__(fault)
        self.fault = fault
