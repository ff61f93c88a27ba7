"""OutboxStore on PostgreSQL (mixed into `PostgresRepository`; schema 010 of schema_pg/).

Several processes may poll the outbox at once: a claim takes the claimable rows
`FOR UPDATE SKIP LOCKED`, so rows another poster is claiming this instant are left to it,
and a row it already claimed no longer qualifies once its lease is renewed (PostgreSQL
re-reads a locked row's condition after the lock is released)."""

from __future__ import annotations

from typing import Any

from storage.outbox import LEASE, NewPost, PostRecord
from storage.pgbase import PostgresBase
from storage.postgres_migrations import Conn
from storage.rows import post_record
from storage.sqlbase import dumps

_COLUMNS = "game_id, version, payload, created_at, progress, done_at"
_CLAIM = (
    "WITH claimable AS (SELECT game_id, version FROM outbox o WHERE done_at IS NULL"
    " AND (claimed_until <= $1 OR created_at < $2)"
    " AND version = (SELECT MIN(version) FROM outbox p WHERE p.game_id = o.game_id"
    " AND p.done_at IS NULL) ORDER BY created_at, game_id LIMIT $3 FOR UPDATE SKIP LOCKED)"
    " UPDATE outbox SET claimed_until = $4 FROM claimable"
    " WHERE outbox.game_id = claimable.game_id AND outbox.version = claimable.version"
    f" RETURNING {', '.join(f'outbox.{c}' for c in _COLUMNS.split(', '))}")


async def write_post(conn: Conn, game_id: int, version: int, post: NewPost,
                     now: float) -> None:
    """The entry of a change, written in the change's transaction and held by its writer."""
    await conn.execute(
        "INSERT INTO outbox (game_id, version, payload, created_at, claimed_until, board)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        game_id, version, dumps(post.payload), now, now + LEASE, int(post.board))


class OutboxRows(PostgresBase):
    """Rows of storage/outbox.py's `OutboxStore`."""

    async def post_of(self, game_id: int, version: int) -> PostRecord | None:
        async with self._connection() as conn:
            row = await conn.fetchrow(f"SELECT {_COLUMNS} FROM outbox WHERE game_id = $1"
                                      " AND version = $2", game_id, version)
        return None if row is None else post_record(row)

    async def claim_posts(self, now: float, lease: float = LEASE, limit: int = 50,
                          orphaned_before: float | None = None) -> list[PostRecord]:
        orphans = float("-inf") if orphaned_before is None else orphaned_before
        async with self._write() as conn:
            rows = await conn.fetch(_CLAIM, now, orphans, limit, now + lease)
        # RETURNING keeps no order: oldest first, as the claim chose them.
        return sorted(map(post_record, rows), key=lambda p: (p.created_at, p.game_id))

    async def post_payload(self, game_id: int, version: int,
                           payload: dict[str, Any]) -> None:
        async with self._write() as conn:
            await conn.execute("UPDATE outbox SET payload = $1 WHERE game_id = $2"
                               " AND version = $3", dumps(payload), game_id, version)

    async def post_progress(self, game_id: int, version: int, progress: int,
                            now: float, lease: float = LEASE) -> None:
        async with self._write() as conn:
            await conn.execute("UPDATE outbox SET progress = GREATEST(progress, $1),"
                               " claimed_until = $2 WHERE game_id = $3 AND version = $4",
                               progress, now + lease, game_id, version)

    async def post_done(self, game_id: int, version: int, now: float) -> None:
        async with self._write() as conn:
            await conn.execute("UPDATE outbox SET done_at = $1 WHERE game_id = $2"
                               " AND version = $3 AND done_at IS NULL", now, game_id, version)

    async def last_board(self, game_id: int) -> PostRecord | None:
        async with self._connection() as conn:
            row = await conn.fetchrow(f"SELECT {_COLUMNS} FROM outbox WHERE game_id = $1"
                                      " AND board = 1 ORDER BY version DESC LIMIT 1", game_id)
        return None if row is None else post_record(row)

    async def newer_board(self, game_id: int, version: int) -> bool:
        async with self._connection() as conn:
            found = await conn.fetchval("SELECT 1 FROM outbox WHERE game_id = $1"
                                        " AND version > $2 AND board = 1 LIMIT 1",
                                        game_id, version)
        return found is not None
