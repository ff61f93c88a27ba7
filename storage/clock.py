"""Turn clocks: when each awaited seat's wait began, its deadline, the reminders already sent
and whether its mention was posted, so deadlines survive a restart of the bot.

The interface and its records; `storage/sqlite_clock.py` holds the SQLite rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

# In `ClockRecord.reminded`: the mention of the turn's start, held back by the player's quiet
# hours until they end (reminders are hours > 0 before the deadline, so 0 names nothing else).
HELD = 0.0
# ... and the clock of a response window's seat whose only answer is its pass: at `due_at`
# the game master passes for it (negative, so no reminder's hours name it either).
WINDOW = -1.0
# ... and the clock of a response window's seat asked privately (it can answer): the window
# names nobody, so its close calls nobody and names no last seat either.
ASKED = -2.0
# Seconds a pass of the clock holds the clocks it claimed, should its process die meanwhile;
# a pass gives them back when it ends (`release_clocks`).
CLOCK_LEASE = 120.0


@dataclass(frozen=True)
class ClockRecord:
    """One awaited human seat. A clock is known by (game, seat, version): a seat awaited
    again gets a new clock at a new version, so a late writer of the old one changes
    nothing. `held_for` is the time it stood still (vacation, pause) before `held_since`,
    the start of the current hold, if any. `reminded` holds the reminders sent (hours
    before the deadline) and `HELD` while the turn's mention waits for quiet hours to end."""

    game_id: int
    seat: int
    user_id: int
    version: int
    started_at: float
    due_at: float | None
    reminded: tuple[float, ...] = ()
    expired: bool = False
    held_for: float = 0.0
    held_since: float | None = None


@dataclass(frozen=True)
class DeadlineRecord:
    """A game's turn deadline: `hours` 0 means none; `reminders` are hours before it."""

    game_id: int
    hours: float
    policy: str
    reminders: tuple[float, ...]


@dataclass(frozen=True)
class ClockState:
    """A game's running clocks (by seat) and its stored deadline (None: the server's
    defaults apply until its first clock starts), read with the game: what the clock plans
    the `ClockChanges` of a change of the game from."""

    clocks: tuple[ClockRecord, ...] = ()
    deadline: DeadlineRecord | None = None


@dataclass(frozen=True)
class ClockChanges:
    """What one change of a game does to its clocks, written in that change's transaction
    (so a crash never leaves an action without the clocks it started or stopped): `clear`
    drops every clock of the game (it ended); otherwise the seats of `stop` lose their clock
    and those of `start` get the given one. `deadline` is the deadline the game keeps from
    its first clock on, stored unless the game has one already."""

    start: tuple[ClockRecord, ...] = ()
    stop: tuple[int, ...] = ()
    clear: bool = False
    deadline: DeadlineRecord | None = None


class ClockStore(Protocol):
    """Part of `Repository`."""

    async def clocks(self, *, game_id: int | None = None,
                     user_id: int | None = None) -> list[ClockRecord]:
        """Running clocks, of one game or one user if given, by game and seat."""
        ...

    async def clear_clocks(self, game_id: int) -> None:
        """A game that ended waits for nobody."""
        ...

    async def save_clock(self, clock: ClockRecord, *, claimed_by: str | None = None) -> bool:
        """Writes the clock's due time, reminders, expiry and holds if that very clock
        (same game, seat and version) still runs, and, with `claimed_by`, only while that
        pass still holds it; False when it was replaced, stopped or taken over."""
        ...

    async def claim_clocks(self, now: float, owner: str,
                           lease: float = CLOCK_LEASE) -> list[ClockRecord]:
        """The clocks nobody else holds (never claimed, given back, or whose claim ran out),
        as stored now, by game and seat, held for `owner` until `now + lease`: a pass of
        the clock looks only at what it claimed and saves with `claimed_by`, so two
        processes never both remind or expire the same deadline (`FOR UPDATE SKIP LOCKED`
        on PostgreSQL, a compare-and-set in one write transaction on SQLite)."""
        ...

    async def release_clocks(self, owner: str) -> None:
        """Gives back every clock `owner` holds: its pass is over."""
        ...

    async def deadline(self, game_id: int) -> DeadlineRecord | None: ...

    async def set_deadline(self, deadline: DeadlineRecord, *,
                           retimed: Sequence[ClockRecord] = ()) -> None:
        """Stores the deadline and, in the same transaction, the game's re-timed clocks."""
        ...
