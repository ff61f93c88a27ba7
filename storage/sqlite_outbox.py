"""OutboxStore on SQLite (mixed into `SqliteRepository`; schema 010, storage/outbox.py).

SQLite has one writer at a time, so a compare-and-set on `claimed_until` inside a write
transaction is the claim; PostgreSQL would take the same rows `FOR UPDATE SKIP LOCKED`."""

from __future__ import annotations

import sqlite3
from typing import Any

from storage.outbox import LEASE, NewPost, PostRecord
from storage.rows import post_record
from storage.sqlbase import SqliteBase, Statement, dumps

_COLUMNS = "game_id, version, payload, created_at, progress, done_at"
# The oldest pending entry of each game whose lease ran out (or whose creator is gone).
_CLAIMABLE = (f"SELECT {_COLUMNS} FROM outbox o WHERE done_at IS NULL"
              " AND (claimed_until <= ? OR created_at < ?)"
              " AND version = (SELECT MIN(version) FROM outbox p WHERE p.game_id = o.game_id"
              " AND p.done_at IS NULL) ORDER BY created_at, game_id LIMIT ?")


def post_statement(game_id: int, version: int, post: NewPost, now: float) -> Statement:
    """The entry of a change, written in the change's transaction and held by its writer."""
    return ("INSERT INTO outbox (game_id, version, payload, created_at, claimed_until, board)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [(game_id, version, dumps(post.payload), now, now + LEASE, int(post.board))])


class OutboxRows(SqliteBase):
    """Rows of storage/outbox.py's `OutboxStore`."""

    async def post_of(self, game_id: int, version: int) -> PostRecord | None:
        rows = await self._statement("DEFERRED", f"SELECT {_COLUMNS} FROM outbox WHERE"
                                     " game_id = ? AND version = ?", (game_id, version))
        return post_record(rows[0]) if rows else None

    async def claim_posts(self, now: float, lease: float = LEASE, limit: int = 50,
                          orphaned_before: float | None = None) -> list[PostRecord]:
        def work(conn: sqlite3.Connection) -> list[PostRecord]:
            orphans = float("-inf") if orphaned_before is None else orphaned_before
            rows = conn.execute(_CLAIMABLE, (now, orphans, limit)).fetchall()  # sqlite3.Row
            conn.executemany("UPDATE outbox SET claimed_until = ? WHERE game_id = ?"
                             " AND version = ?",
                             [(now + lease, r["game_id"], r["version"]) for r in rows])
            return [post_record(r) for r in rows]

        return await self._whole("IMMEDIATE", work)

    async def post_payload(self, game_id: int, version: int,
                           payload: dict[str, Any]) -> None:
        await self._statement("IMMEDIATE", "UPDATE outbox SET payload = ? WHERE game_id = ?"
                              " AND version = ?", (dumps(payload), game_id, version))

    async def post_progress(self, game_id: int, version: int, progress: int,
                            now: float, lease: float = LEASE) -> None:
        await self._statement("IMMEDIATE", "UPDATE outbox SET progress = MAX(progress, ?),"
                              " claimed_until = ? WHERE game_id = ? AND version = ?",
                              (progress, now + lease, game_id, version))

    async def post_done(self, game_id: int, version: int, now: float) -> None:
        await self._statement("IMMEDIATE", "UPDATE outbox SET done_at = ? WHERE game_id = ?"
                              " AND version = ? AND done_at IS NULL", (now, game_id, version))

    async def last_board(self, game_id: int) -> PostRecord | None:
        rows = await self._statement("DEFERRED", f"SELECT {_COLUMNS} FROM outbox WHERE"
                                     " game_id = ? AND board = 1 ORDER BY version DESC LIMIT 1",
                                     (game_id,))
        return post_record(rows[0]) if rows else None

    async def newer_board(self, game_id: int, version: int) -> bool:
        rows = await self._statement("DEFERRED", "SELECT 1 FROM outbox WHERE game_id = ?"
                                     " AND version > ? AND board = 1 LIMIT 1", (game_id, version))
        return bool(rows)
