"""ClockStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import aiosqlite

from storage.clock import (
    CLOCK_LEASE,
    ClockChanges,
    ClockRecord,
    ClockState,
    DeadlineRecord,
)
from storage.rows import clock_record, clock_values, deadline_record, deadline_values
from storage.sqlbase import SqliteBase, Statement, dumps, fetch, where

_NAMES = ("game_id", "seat", "user_id", "version", "started_at", "due_at", "reminded",
          "expired", "held_for", "held_since")
_COLUMNS = ", ".join(_NAMES)
_PREFIXED = ", ".join(f"c.{name} AS {name}" for name in _NAMES)


class ClockRows(SqliteBase):
    """Rows of storage/clock.py's `ClockStore`."""

    async def clocks(self, *, game_id: int | None = None,
                     user_id: int | None = None) -> list[ClockRecord]:
        clause, params = where(game_id=game_id, user_id=user_id)
        async with self._read() as db:
            rows = await fetch(db, f"SELECT {_COLUMNS} FROM clocks{clause}"
                                   " ORDER BY game_id, seat", params)
        return [clock_record(r) for r in rows]

    async def clear_clocks(self, game_id: int) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM clocks WHERE game_id = ?", (game_id,))

    async def save_clock(self, clock: ClockRecord, *, claimed_by: str | None = None) -> bool:
        async with self._write() as db:
            return await _save(db, clock, claimed_by)

    async def claim_clocks(self, now: float, owner: str,
                           lease: float = CLOCK_LEASE) -> list[ClockRecord]:
        # One writer at a time: what this transaction reads free stays free until it sets
        # the claim, a compare-and-set as good as PostgreSQL's row locks.
        async with self._write() as db:
            rows = await fetch(
                db, "UPDATE clocks SET claimed_by = ?, claimed_until = ?"
                    " WHERE claimed_until IS NULL OR claimed_until <= ?"
                    f" RETURNING {_COLUMNS}", (owner, now + lease, now))
        return sorted(map(clock_record, rows), key=lambda c: (c.game_id, c.seat))

    async def release_clocks(self, owner: str) -> None:
        async with self._write() as db:
            await db.execute("UPDATE clocks SET claimed_by = NULL, claimed_until = NULL"
                             " WHERE claimed_by = ?", (owner,))

    async def deadline(self, game_id: int) -> DeadlineRecord | None:
        async with self._read() as db:
            rows = await fetch(db, "SELECT game_id, hours, policy, reminders FROM deadlines"
                                   " WHERE game_id = ?", (game_id,))
        return deadline_record(game_id, rows[0]) if rows else None

    async def set_deadline(self, deadline: DeadlineRecord, *,
                           retimed: Sequence[ClockRecord] = ()) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO deadlines (game_id, hours, policy, reminders) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET hours = excluded.hours,"
                " policy = excluded.policy, reminders = excluded.reminders",
                deadline_values(deadline))
            for clock in retimed:
                await _save(db, clock)


# A game's clock state in one statement (for `load_game`'s read): the deadline's columns ride
# on every clock row, or on one row of NULL clock columns when no clock runs.
CLOCK_STATE = (f"SELECT d.hours, d.policy, d.reminders, {_PREFIXED} FROM (SELECT ? AS id) g"
               " LEFT JOIN deadlines d ON d.game_id = g.id"
               " LEFT JOIN clocks c ON c.game_id = g.id ORDER BY c.seat")


def clock_state(game_id: int, rows: list[sqlite3.Row]) -> ClockState:
    """The rows of `CLOCK_STATE` as a `ClockState`."""
    first = rows[0]
    deadline = None if first["hours"] is None else deadline_record(game_id, first)
    return ClockState(tuple(clock_record(r) for r in rows if r["seat"] is not None), deadline)


def clock_statements(game_id: int, changes: ClockChanges) -> list[Statement]:
    """The statements that apply `changes` in the transaction of the change of the game
    they go with: one per kind of row, not one per clock."""
    statements: list[Statement]
    if changes.clear:
        statements = [("DELETE FROM clocks WHERE game_id = ?", [(game_id,)])]
    else:
        gone = [(game_id, seat) for seat in (*changes.stop, *(c.seat for c in changes.start))]
        statements = [("DELETE FROM clocks WHERE game_id = ? AND seat = ?", gone),
                      (f"INSERT INTO clocks ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       [clock_values(c) for c in changes.start])]
    if changes.deadline is not None:
        statements.append(("INSERT INTO deadlines (game_id, hours, policy, reminders)"
                           " VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING",
                           [deadline_values(changes.deadline)]))
    return statements


async def _save(db: aiosqlite.Connection, clock: ClockRecord,
                claimed_by: str | None = None) -> bool:
    """Only that very clock (and only while `claimed_by` holds it, when given)."""
    rows = await fetch(
        db, "UPDATE clocks SET due_at = ?, reminded = ?, expired = ?, held_for = ?,"
            " held_since = ? WHERE game_id = ? AND seat = ? AND version = ?"
            " AND (? IS NULL OR claimed_by = ?) RETURNING seat",
        (clock.due_at, dumps(list(clock.reminded)), int(clock.expired), clock.held_for,
         clock.held_since, clock.game_id, clock.seat, clock.version, claimed_by, claimed_by))
    return bool(rows)
