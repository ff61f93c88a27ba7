"""ClockStore on PostgreSQL (mixed into `PostgresRepository`; schema 005 of schema_pg/)."""

from __future__ import annotations

from collections.abc import Sequence

from storage.clock import CLOCK_LEASE, ClockChanges, ClockRecord, DeadlineRecord
from storage.pgbase import PostgresBase
from storage.postgres_migrations import Conn
from storage.rows import clock_record, clock_values, deadline_record, deadline_values
from storage.sqlbase import dumps

_NAMES = ("game_id", "seat", "user_id", "version", "started_at", "due_at", "reminded",
          "expired", "held_for", "held_since")
_COLUMNS = ", ".join(_NAMES)
# The free clocks, locked as they are read: a clock another pass is claiming this instant is
# skipped, and one it claimed no longer qualifies (PostgreSQL re-reads a locked row's
# condition), so no clock is claimed twice.
_CLAIM = (
    "WITH free AS (SELECT game_id, seat FROM clocks"
    " WHERE claimed_until IS NULL OR claimed_until <= $1 FOR UPDATE SKIP LOCKED)"
    " UPDATE clocks SET claimed_by = $2, claimed_until = $3 FROM free"
    " WHERE clocks.game_id = free.game_id AND clocks.seat = free.seat"
    f" RETURNING {', '.join(f'clocks.{name}' for name in _NAMES)}")
_SET_DEADLINE = ("INSERT INTO deadlines (game_id, hours, policy, reminders)"
                 " VALUES ($1, $2, $3, $4)")


class ClockRows(PostgresBase):
    """Rows of storage/clock.py's `ClockStore`."""

    async def clocks(self, *, game_id: int | None = None,
                     user_id: int | None = None) -> list[ClockRecord]:
        # A NULL filter keeps every row: one statement (and one prepared plan) for all four.
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_COLUMNS} FROM clocks WHERE ($1::bigint IS NULL OR game_id = $1)"
                " AND ($2::bigint IS NULL OR user_id = $2) ORDER BY game_id, seat",
                game_id, user_id)
        return [clock_record(r) for r in rows]

    async def clear_clocks(self, game_id: int) -> None:
        async with self._write() as conn:
            await conn.execute("DELETE FROM clocks WHERE game_id = $1", game_id)

    async def save_clock(self, clock: ClockRecord, *, claimed_by: str | None = None) -> bool:
        async with self._write() as conn:
            return await _save(conn, clock, claimed_by)

    async def claim_clocks(self, now: float, owner: str,
                           lease: float = CLOCK_LEASE) -> list[ClockRecord]:
        async with self._write() as conn:
            rows = await conn.fetch(_CLAIM, now, owner, now + lease)
        # RETURNING keeps no order.
        return sorted(map(clock_record, rows), key=lambda c: (c.game_id, c.seat))

    async def release_clocks(self, owner: str) -> None:
        async with self._write() as conn:
            await conn.execute("UPDATE clocks SET claimed_by = NULL, claimed_until = NULL"
                               " WHERE claimed_by = $1", owner)

    async def deadline(self, game_id: int) -> DeadlineRecord | None:
        async with self._connection() as conn:
            row = await conn.fetchrow("SELECT game_id, hours, policy, reminders FROM deadlines"
                                      " WHERE game_id = $1", game_id)
        return None if row is None else deadline_record(game_id, row)

    async def set_deadline(self, deadline: DeadlineRecord, *,
                           retimed: Sequence[ClockRecord] = ()) -> None:
        async with self._write() as conn:
            await conn.execute(
                f"{_SET_DEADLINE} ON CONFLICT (game_id) DO UPDATE SET hours = excluded.hours,"
                " policy = excluded.policy, reminders = excluded.reminders",
                *deadline_values(deadline))
            for clock in retimed:
                await _save(conn, clock)


async def write_clock_changes(conn: Conn, game_id: int, changes: ClockChanges) -> None:
    """Applies `changes` in the transaction of the change of the game they go with: one
    statement per kind of row, not one per clock."""
    if changes.clear:
        await conn.execute("DELETE FROM clocks WHERE game_id = $1", game_id)
    else:
        gone = [*changes.stop, *(c.seat for c in changes.start)]
        if gone:
            await conn.execute("DELETE FROM clocks WHERE game_id = $1 AND seat = ANY($2)",
                               game_id, gone)
        if changes.start:
            await conn.executemany(
                f"INSERT INTO clocks ({_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,"
                " $10)", [clock_values(c) for c in changes.start])
    if changes.deadline is not None:
        await conn.execute(f"{_SET_DEADLINE} ON CONFLICT (game_id) DO NOTHING",
                           *deadline_values(changes.deadline))


async def _save(conn: Conn, clock: ClockRecord, claimed_by: str | None = None) -> bool:
    """Only that very clock (same game, seat and version): a late writer of a replaced
    clock changes nothing; with `claimed_by`, only while that pass holds it."""
    seat = await conn.fetchval(
        "UPDATE clocks SET due_at = $1, reminded = $2, expired = $3, held_for = $4,"
        " held_since = $5 WHERE game_id = $6 AND seat = $7 AND version = $8"
        " AND ($9::text IS NULL OR claimed_by = $9) RETURNING seat",
        clock.due_at, dumps(list(clock.reminded)), int(clock.expired), clock.held_for,
        clock.held_since, clock.game_id, clock.seat, clock.version, claimed_by)
    return seat is not None
