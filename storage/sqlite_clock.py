"""ClockStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

import aiosqlite

from storage.clock import ClockRecord, DeadlineRecord
from storage.sqlbase import SqliteBase, dumps, fetch, loads, where

_COLUMNS = ("game_id, seat, user_id, version, started_at, due_at, reminded, expired,"
            " held_for, held_since")


class ClockRows(SqliteBase):
    """Rows of storage/clock.py's `ClockStore`."""

    async def clocks(self, *, game_id: int | None = None,
                     user_id: int | None = None) -> list[ClockRecord]:
        clause, params = where(game_id=game_id, user_id=user_id)
        async with self._read() as db:
            rows = await fetch(db, f"SELECT {_COLUMNS} FROM clocks{clause}"
                                   " ORDER BY game_id, seat", params)
        return [_clock(r) for r in rows]

    async def replace_clocks(self, game_id: int, *, start: list[ClockRecord],
                             stop: list[int]) -> None:
        async with self._write() as db:
            for seat in [*stop, *(c.seat for c in start)]:
                await db.execute("DELETE FROM clocks WHERE game_id = ? AND seat = ?",
                                 (game_id, seat))
            for clock in start:
                await db.execute(f"INSERT INTO clocks ({_COLUMNS}) VALUES"
                                 " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", _values(clock))

    async def clear_clocks(self, game_id: int) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM clocks WHERE game_id = ?", (game_id,))

    async def save_clock(self, clock: ClockRecord) -> bool:
        async with self._write() as db:
            return await _save(db, clock)

    async def last_actions(self, game_id: int) -> dict[int, int]:
        async with self._read() as db:
            rows = await fetch(db, "SELECT seat, MAX(version) AS version FROM actions"
                                   " WHERE game_id = ? AND undone = 0 GROUP BY seat",
                               (game_id,))
        return {r["seat"]: r["version"] for r in rows}

    async def deadline(self, game_id: int) -> DeadlineRecord | None:
        async with self._read() as db:
            rows = await fetch(db, "SELECT game_id, hours, policy, reminders FROM deadlines"
                                   " WHERE game_id = ?", (game_id,))
        if not rows:
            return None
        row = rows[0]
        return DeadlineRecord(row["game_id"], row["hours"], row["policy"],
                              tuple(loads(row["reminders"])))

    async def set_deadline(self, deadline: DeadlineRecord, *,
                           retimed: Sequence[ClockRecord] = ()) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO deadlines (game_id, hours, policy, reminders) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET hours = excluded.hours,"
                " policy = excluded.policy, reminders = excluded.reminders",
                (deadline.game_id, deadline.hours, deadline.policy,
                 dumps(list(deadline.reminders))))
            for clock in retimed:
                await _save(db, clock)


async def _save(db: aiosqlite.Connection, clock: ClockRecord) -> bool:
    rows = await fetch(
        db, "UPDATE clocks SET due_at = ?, reminded = ?, expired = ?, held_for = ?,"
            " held_since = ? WHERE game_id = ? AND seat = ? AND version = ? RETURNING seat",
        (clock.due_at, dumps(list(clock.reminded)), int(clock.expired), clock.held_for,
         clock.held_since, clock.game_id, clock.seat, clock.version))
    return bool(rows)


def _values(clock: ClockRecord) -> tuple[object, ...]:
    return (clock.game_id, clock.seat, clock.user_id, clock.version, clock.started_at,
            clock.due_at, dumps(list(clock.reminded)), int(clock.expired), clock.held_for,
            clock.held_since)


def _clock(row: sqlite3.Row) -> ClockRecord:
    return ClockRecord(row["game_id"], row["seat"], row["user_id"], row["version"],
                       row["started_at"], row["due_at"], tuple(loads(row["reminded"])),
                       bool(row["expired"]), row["held_for"], row["held_since"])
