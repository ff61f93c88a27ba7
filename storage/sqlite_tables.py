"""TableStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

import time

from storage.errors import NotFound, StaleRow
from storage.models import NewAction
from storage.rows import vote_record
from storage.sqlbase import SqliteBase, dumps, fetch, run_async
from storage.sqlite_log import log_statements, opening_statements, seat_statements
from storage.tables import (
    ImportedGame,
    SpectatorRecord,
    UndoVoteRecord,
    vote_status,
)

_VOTE_COLUMNS = ("id, game_id, requested_by, keep, version, affected, approved, status,"
                 " created_at")
# An imported game counts the versions a played one would have reached: created (0), seated
# (1), started (2), then one per action.
_STARTED_VERSION = 2


class TableRows(SqliteBase):
    """Rows of storage/tables.py's `TableStore`."""

    # -- spectators -------------------------------------------------------------------------
    async def add_spectator(self, game_id: int, user_id: int, name: str) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db, "INSERT INTO spectators (game_id, user_id, name, created_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id",
                (game_id, user_id, name, time.time()))
        return bool(rows)

    async def remove_spectator(self, game_id: int, user_id: int) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db, "DELETE FROM spectators WHERE game_id = ? AND user_id = ? RETURNING user_id",
                (game_id, user_id))
        return bool(rows)

    async def spectators(self, game_id: int) -> list[SpectatorRecord]:
        async with self._read() as db:
            rows = await fetch(
                db, "SELECT game_id, user_id, name, created_at FROM spectators"
                " WHERE game_id = ? ORDER BY created_at, user_id", (game_id,))
        return [SpectatorRecord(r["game_id"], r["user_id"], r["name"], r["created_at"])
                for r in rows]

    # -- undo votes -------------------------------------------------------------------------
    async def open_undo_vote(self, game_id: int, *, requested_by: int, keep: int,
                             version: int, affected: list[int],
                             approved: list[int]) -> UndoVoteRecord:
        async with self._write() as db:
            rows = await fetch(
                db, "INSERT INTO undo_votes (game_id, requested_by, keep, version, affected,"
                f" approved, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING {_VOTE_COLUMNS}",
                (game_id, requested_by, keep, version, dumps(affected), dumps(approved),
                 time.time()))
        return vote_record(rows[0])

    async def undo_vote(self, vote_id: int) -> UndoVoteRecord:
        async with self._read() as db:
            rows = await fetch(db, f"SELECT {_VOTE_COLUMNS} FROM undo_votes WHERE id = ?",
                               (vote_id,))
        if not rows:
            raise NotFound(f"no undo vote {vote_id}")
        return vote_record(rows[0])

    async def undo_votes(self, game_id: int, *, status: str = "open") -> list[UndoVoteRecord]:
        async with self._read() as db:
            rows = await fetch(
                db, f"SELECT {_VOTE_COLUMNS} FROM undo_votes WHERE game_id = ? AND status = ?"
                " ORDER BY id", (game_id, vote_status(status)))
        return [vote_record(r) for r in rows]

    async def set_undo_vote(self, vote_id: int, *, approved: list[int], status: str,
                            was: UndoVoteRecord | None = None) -> UndoVoteRecord:
        expected = None if was is None else dumps(list(was.approved))
        async with self._write() as db:
            rows = await fetch(
                db, "UPDATE undo_votes SET approved = ?, status = ? WHERE id = ?"
                " AND (? IS NULL OR (approved = ? AND status = ?))"
                f" RETURNING {_VOTE_COLUMNS}",
                (dumps(approved), vote_status(status), vote_id, expected, expected,
                 was and was.status))
        if not rows:
            raise NotFound(f"no undo vote {vote_id}") if was is None else StaleRow(
                f"undo vote {vote_id} changed since it was read")
        return vote_record(rows[0])

    # -- imports ----------------------------------------------------------------------------
    async def import_game(self, imported: ImportedGame, *, guild_id: int | None,
                          channel_id: int | None, created_by: int | None) -> int:
        now = time.time()
        version = _STARTED_VERSION + len(imported.actions)
        async with self._write() as db:
            rows = await fetch(
                db, "INSERT INTO games (game, options, seed, status, guild_id, channel_id,"
                " created_by, created_at, version, state, result)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (imported.game, dumps(imported.options), imported.seed, imported.status,
                 guild_id, channel_id, created_by, now, version, dumps(imported.state),
                 None if imported.result is None else dumps(imported.result)))
            game_id = int(rows[0][0])
            actions = [NewAction(a.seat, None, a.action, a.events) for a in imported.actions]
            await run_async(db, [*seat_statements(game_id, imported.seats),
                                 *opening_statements(game_id, imported.opening),
                                 *log_statements(game_id, _STARTED_VERSION + 1, now, actions)])
        return game_id
