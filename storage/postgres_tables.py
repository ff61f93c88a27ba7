"""TableStore on PostgreSQL (mixed into `PostgresRepository`; schema 006 of schema_pg/)."""

from __future__ import annotations

import time

from storage.errors import NotFound, StaleRow
from storage.models import NewAction
from storage.pgbase import PostgresBase, returned
from storage.postgres_log import write_log, write_opening, write_seats
from storage.rows import vote_record
from storage.sqlbase import dumps
from storage.tables import ImportedGame, SpectatorRecord, UndoVoteRecord, vote_status

_VOTE_COLUMNS = ("id, game_id, requested_by, keep, version, affected, approved, status,"
                 " created_at")
# An imported game counts the versions a played one would have reached: created (0), seated
# (1), started (2), then one per action (as storage/sqlite_tables.py counts them).
_STARTED_VERSION = 2


class TableRows(PostgresBase):
    """Rows of storage/tables.py's `TableStore`."""

    # -- spectators -------------------------------------------------------------------------
    async def add_spectator(self, game_id: int, user_id: int, name: str) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "INSERT INTO spectators (game_id, user_id, name, created_at)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id",
                game_id, user_id, name, time.time())
        return found is not None

    async def remove_spectator(self, game_id: int, user_id: int) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "DELETE FROM spectators WHERE game_id = $1 AND user_id = $2 RETURNING user_id",
                game_id, user_id)
        return found is not None

    async def spectators(self, game_id: int) -> list[SpectatorRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT game_id, user_id, name, created_at FROM spectators"
                " WHERE game_id = $1 ORDER BY created_at, user_id", game_id)
        return [SpectatorRecord(r["game_id"], r["user_id"], r["name"], r["created_at"])
                for r in rows]

    # -- undo votes -------------------------------------------------------------------------
    async def open_undo_vote(self, game_id: int, *, requested_by: int, keep: int,
                             version: int, affected: list[int],
                             approved: list[int]) -> UndoVoteRecord:
        async with self._write() as conn:
            row = await conn.fetchrow(
                "INSERT INTO undo_votes (game_id, requested_by, keep, version, affected,"
                " approved, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                f" RETURNING {_VOTE_COLUMNS}",
                game_id, requested_by, keep, version, dumps(affected), dumps(approved),
                time.time())
        return vote_record(returned(row))

    async def undo_vote(self, vote_id: int) -> UndoVoteRecord:
        async with self._connection() as conn:
            row = await conn.fetchrow(f"SELECT {_VOTE_COLUMNS} FROM undo_votes WHERE id = $1",
                                      vote_id)
        if row is None:
            raise NotFound(f"no undo vote {vote_id}")
        return vote_record(row)

    async def undo_votes(self, game_id: int, *, status: str = "open") -> list[UndoVoteRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_VOTE_COLUMNS} FROM undo_votes WHERE game_id = $1 AND status = $2"
                " ORDER BY id", game_id, vote_status(status))
        return [vote_record(r) for r in rows]

    async def set_undo_vote(self, vote_id: int, *, approved: list[int], status: str,
                            was: UndoVoteRecord | None = None) -> UndoVoteRecord:
        expected = None if was is None else dumps(list(was.approved))
        async with self._write() as conn:
            row = await conn.fetchrow(
                "UPDATE undo_votes SET approved = $1, status = $2 WHERE id = $3"
                " AND ($4::text IS NULL OR (approved = $4 AND status = $5))"
                f" RETURNING {_VOTE_COLUMNS}", dumps(approved), vote_status(status), vote_id,
                expected, was and was.status)
        if row is None:
            raise NotFound(f"no undo vote {vote_id}") if was is None else StaleRow(
                f"undo vote {vote_id} changed since it was read")
        return vote_record(row)

    # -- imports ----------------------------------------------------------------------------
    async def import_game(self, imported: ImportedGame, *, guild_id: int | None,
                          channel_id: int | None, created_by: int | None) -> int:
        now = time.time()
        version = _STARTED_VERSION + len(imported.actions)
        actions = [NewAction(a.seat, None, a.action, a.events) for a in imported.actions]
        async with self._write() as conn:
            game_id: int = await conn.fetchval(
                "INSERT INTO games (game, options, seed, status, guild_id, channel_id,"
                " created_by, created_at, version, state, result)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
                imported.game, dumps(imported.options), imported.seed, imported.status,
                guild_id, channel_id, created_by, now, version, dumps(imported.state),
                None if imported.result is None else dumps(imported.result))
            await write_seats(conn, game_id, imported.seats)
            await write_opening(conn, game_id, imported.opening)
            await write_log(conn, game_id, _STARTED_VERSION + 1, now, actions)
        return game_id
