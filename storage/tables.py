"""A table's people beyond its seats (spectators), its undo votes, and games imported whole
from an export.

The interface and its records; `storage/sqlite_tables.py` holds the SQLite rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from storage.models import SeatRecord

VOTE_STATUSES = ("open", "passed", "rejected", "stale")


def vote_status(status: str) -> str:
    """`status` if it is one of `VOTE_STATUSES`, for every backend's writes; else
    ValueError."""
    if status not in VOTE_STATUSES:
        raise ValueError(f"unknown undo vote status {status!r}; expected one of {VOTE_STATUSES}")
    return status



@dataclass(frozen=True)
class SpectatorRecord:
    game_id: int
    user_id: int
    name: str
    created_at: float


@dataclass(frozen=True)
class UndoVoteRecord:
    """A player's request to take back every live action after the first `keep`, which the
    `affected` players (user ids) must all approve; opened at game version `version`."""

    id: int
    game_id: int
    requested_by: int
    keep: int
    version: int
    affected: list[int]
    approved: list[int]
    status: str  # open | passed | rejected | stale
    created_at: float


@dataclass(frozen=True)
class ImportedAction:
    """One action of an imported log with the events its replay produced (JSON forms)."""

    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class ImportedGame:
    """A game rebuilt from an export: its setup, seats, log and the state the log replays to."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: list[SeatRecord]
    actions: list[ImportedAction]
    state: dict[str, Any]
    result: dict[str, Any] | None
    status: str  # running, or finished when the log reaches the end of the game
    opening: list[dict[str, Any]] = field(default_factory=list)  # what the setup told


class TableStore(Protocol):
    """Part of `Repository`."""

    async def add_spectator(self, game_id: int, user_id: int, name: str) -> bool:
        """False when the user already spectates (nothing changes)."""
        ...

    async def remove_spectator(self, game_id: int, user_id: int) -> bool:
        """False when the user did not spectate."""
        ...

    async def spectators(self, game_id: int) -> list[SpectatorRecord]:
        """Oldest first."""
        ...

    async def open_undo_vote(self, game_id: int, *, requested_by: int, keep: int,
                             version: int, affected: list[int],
                             approved: list[int]) -> UndoVoteRecord:
        """StorageError when the game has an open vote at `version` already (a unique index,
        whichever process opened it)."""
        ...

    async def undo_vote(self, vote_id: int) -> UndoVoteRecord:
        """Raises NotFound."""
        ...

    async def undo_votes(self, game_id: int, *, status: str = "open") -> list[UndoVoteRecord]:
        """The game's votes in that status, oldest first."""
        ...

    async def set_undo_vote(self, vote_id: int, *, approved: list[int], status: str,
                            was: UndoVoteRecord | None = None) -> UndoVoteRecord:
        """Records the approvals and the status; raises NotFound. With `was` (the vote as
        the caller read it), only if its status and approvals are still those: StaleRow
        otherwise, and nothing is written."""
        ...

    async def import_game(self, imported: ImportedGame, *, guild_id: int | None,
                          channel_id: int | None, created_by: int | None) -> int:
        """The whole game (row, seats, log with its events, snapshot) in one transaction, so
        a crash never leaves half an import; returns its id."""
        ...
