"""The SQLite Repository: the game log, administration, data packs and private threads,
plus the play-by-post features' rows from their mixins, over one connection (`SqliteBase`).
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from storage.clock import ClockChanges
from storage.errors import DuplicateInteraction, NotFound, StaleVersion, StorageError
from storage.models import (
    BOARD_TIMES,
    LIVE_STATUSES,
    ActionRecord,
    AuditRecord,
    EventRecord,
    GameRecord,
    LoadedGame,
    NewAudit,
    PackRecord,
    PrivateThreadRecord,
    SeatRecord,
    Turn,
    game_status,
)
from storage.repository import Repository
from storage.rows import action_record, game_record, pack_record, private_thread_record
from storage.sqlbase import (
    SqliteBase,
    Statement,
    dumps,
    fetch,
    loads,
    run,
    run_async,
    where,
)
from storage.sqlite_campaigns import CampaignRows
from storage.sqlite_clock import CLOCK_STATE, ClockRows, clock_state, clock_statements
from storage.sqlite_log import (
    ACTION_COLUMNS,
    log_statements,
    opening_statements,
    seat_statements,
)
from storage.sqlite_outbox import OutboxRows, post_statement
from storage.sqlite_server import ServerRows
from storage.sqlite_tables import TableRows

_GAME_COLUMNS = (
    "id, game, options, seed, status, guild_id, channel_id, thread_id, created_by,"
    " created_at, version, state, result, boards"
)
_THREAD_COLUMNS = "game_id, purpose, thread_id, seats, created_at"
_PACK_COLUMNS = "id, guild_id, game, name, text, hash, uploaded_by, uploaded_at"


class SqliteRepository(ServerRows, ClockRows, TableRows, CampaignRows, OutboxRows,
                       SqliteBase, Repository):
    """The embedded default backend; `path` is a file, or ":memory:" for tests and `play`.
    The play-by-post features keep their rows in mixins of their own (storage/*_rows.py)."""

    # -- games ------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        created_by: int | None,
    ) -> int:
        async with self._write() as db:
            rows = await fetch(
                db,
                "INSERT INTO games (game, options, seed, status, guild_id, channel_id,"
                " thread_id, created_by, created_at, version)"
                " VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?, 0) RETURNING id",
                (game, dumps(options), seed, guild_id, channel_id, thread_id, created_by,
                 time.time()),
            )
        return int(rows[0][0])

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._read() as db:
            rows = await fetch(db, f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise NotFound(f"no game {game_id}")
        return game_record(rows[0])

    async def load_game(self, game_id: int) -> LoadedGame:
        def read(conn: sqlite3.Connection) -> tuple[sqlite3.Row | None, list[sqlite3.Row]]:
            # The seats ride on the game's row as a JSON array.
            game = conn.execute(
                f"SELECT {_GAME_COLUMNS}, (SELECT json_group_array(json_array(seat, user_id,"
                " name, ai)) FROM seats WHERE game_id = games.id) AS seats FROM games"
                " WHERE id = ?", (game_id,)).fetchone()
            return game, conn.execute(CLOCK_STATE, (game_id,)).fetchall()

        game, clocks = await self._whole("DEFERRED", read)
        if game is None:
            raise NotFound(f"no game {game_id}")
        seats = sorted((SeatRecord(*values) for values in loads(game["seats"])),
                       key=lambda seat: seat.seat)
        return LoadedGame(game_record(game), seats, clock_state(game_id, clocks))

    async def games_in_channel(self, channel_id: int) -> list[GameRecord]:
        marks = ", ".join("?" * len(LIVE_STATUSES))
        async with self._read() as db:
            rows = await fetch(
                db,
                f"SELECT {_GAME_COLUMNS} FROM games"
                f" WHERE (thread_id = ? OR channel_id = ?) AND status IN ({marks})"
                " ORDER BY COALESCE(thread_id = ?, 0) DESC, id DESC",
                (channel_id, channel_id, *LIVE_STATUSES, channel_id),
            )
        return [game_record(row) for row in rows]

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Iterable[str] | None = None,
        user_id: int | None = None,
    ) -> list[GameRecord]:
        where: list[str] = []
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses is not None:
            wanted = [game_status(s) for s in statuses]
            if not wanted:
                return []
            where.append(f"status IN ({', '.join('?' * len(wanted))})")
            params.extend(wanted)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        clause = f" WHERE {' AND '.join(where)}" if where else ""
        async with self._read() as db:
            rows = await fetch(
                db, f"SELECT {_GAME_COLUMNS} FROM games{clause} ORDER BY id DESC", params
            )
        return [game_record(r) for r in rows]

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self._write() as db:
            rows = await fetch(
                db, "UPDATE games SET thread_id = ? WHERE id = ? RETURNING id",
                (thread_id, game_id),
            )
            if not rows:
                raise NotFound(f"no game {game_id}")

    async def set_boards(self, game_id: int, boards: str) -> None:
        if boards not in BOARD_TIMES:
            raise StorageError(f"boards must be one of {', '.join(BOARD_TIMES)}")
        async with self._write() as db:
            rows = await fetch(db, "UPDATE games SET boards = ? WHERE id = ? RETURNING id",
                               (boards, game_id))
            if not rows:
                raise NotFound(f"no game {game_id}")

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        expected_version: int,
        result: dict[str, Any] | None = None,
        clocks: ClockChanges | None = None,
        audit: NewAudit | None = None,
    ) -> int:
        changes: dict[str, Any] = {"status": game_status(status)}
        if result is not None:
            changes["result"] = dumps(result)
        async with self._write() as db:
            await _check_version(db, game_id, expected_version)
            await run_async(db, _alongside(game_id, clocks, audit))
            return await _bump(db, game_id, changes)

    # -- seats ------------------------------------------------------------------------------
    async def set_seats(
        self, game_id: int, seats: list[SeatRecord], *, expected_version: int
    ) -> int:
        async with self._write() as db:
            await _check_version(db, game_id, expected_version)
            await _replace_seats(db, game_id, seats)
            return await _bump(db, game_id, {})

    async def get_seats(self, game_id: int) -> list[SeatRecord]:
        async with self._read() as db:
            await _version(db, game_id)
            rows = await fetch(
                db, "SELECT seat, user_id, name, ai FROM seats WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return [SeatRecord(r["seat"], r["user_id"], r["name"], r["ai"]) for r in rows]

    # -- the action log ---------------------------------------------------------------------
    async def commit_turn(self, game_id: int, turn: Turn) -> int:
        if turn.seats is None and not turn.actions:
            raise ValueError("a turn changes the seats or appends at least one action")
        # Everything is encoded before the transaction: the lock is held for SQL only.
        changes: dict[str, Any] = {"version": turn.version, "state": dumps(turn.state)}
        if turn.result is not None:
            changes["result"] = dumps(turn.result)
        if turn.status is not None:
            changes["status"] = game_status(turn.status)
        first_version = turn.version - len(turn.actions) + 1
        repeats = [a.interaction_id for a in turn.actions if a.interaction_id is not None]
        statements = [
            *([] if turn.seats is None else seat_statements(game_id, turn.seats)),
            *opening_statements(game_id, turn.opening),
            *log_statements(game_id, first_version, time.time(), turn.actions),
            _set(game_id, changes),
            *_alongside(game_id, turn.clocks, turn.audit),
            *([] if turn.post is None else
              [post_statement(game_id, turn.version, turn.post, time.time())])]

        def work(conn: sqlite3.Connection) -> None:
            _check_turn(conn, game_id, turn.expected_version, repeats)
            run(conn, statements)

        await self._whole("IMMEDIATE", work)
        return turn.version

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        live = "" if include_undone else " AND undone = 0"
        async with self._read() as db:
            await _version(db, game_id)
            rows = await fetch(
                db,
                f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ?{live} ORDER BY seq",
                (game_id,),
            )
        return [action_record(r) for r in rows]

    async def events(
        self, game_id: int, *, viewer_seat: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._read() as db:
            await _version(db, game_id)
            # A NULL viewer never matches json_each, so None sees public events only.
            # The opening (seq < 0, version 0) reads before every action's events.
            rows = await fetch(
                db,
                "SELECT seq, version, text, message, seats, kind FROM ("
                " SELECT e.seq, e.version, e.text, e.message, e.seats, e.kind FROM events e"
                " JOIN actions a ON a.game_id = e.game_id AND a.seq = e.action_seq"
                " WHERE e.game_id = ? AND a.undone = 0"
                " UNION ALL SELECT o.seq, 0, o.text, o.message, o.seats, o.kind"
                " FROM opening_events o"
                " WHERE o.game_id = ?) AS l WHERE l.seats IS NULL OR EXISTS"
                " (SELECT 1 FROM json_each(l.seats) WHERE json_each.value = ?)"
                " ORDER BY seq DESC LIMIT ?",
                (game_id, game_id, viewer_seat, -1 if limit is None else limit),
            )
        return [
            EventRecord(r["seq"], r["version"],
                        r["text"] if r["message"] is None else loads(r["message"]),
                        loads(r["seats"]), r["kind"])
            for r in reversed(rows)
        ]

    async def undo_actions(
        self, game_id: int, *, keep: int, state: dict[str, Any], expected_version: int,
        clocks: ClockChanges | None = None, audit: NewAudit | None = None,
    ) -> int:
        if keep < 0:
            raise ValueError("keep must be >= 0")
        async with self._write() as db:
            await _check_version(db, game_id, expected_version)
            live = await fetch(
                db, "SELECT seq FROM actions WHERE game_id = ? AND undone = 0 ORDER BY seq",
                (game_id,),
            )
            if keep < len(live):
                await fetch(
                    db,
                    "UPDATE actions SET undone = 1 WHERE game_id = ? AND undone = 0 AND seq >= ?",
                    (game_id, live[keep]["seq"]),
                )
            await run_async(db, _alongside(game_id, clocks, audit))
            return await _bump(db, game_id, {"state": dumps(state)})

    # -- administration ---------------------------------------------------------------------
    async def audit(
        self,
        *,
        guild_id: int | None,
        game_id: int | None,
        user_id: int | None,
        what: str,
        detail: dict[str, Any],
    ) -> None:
        async with self._write() as db:
            await fetch(
                db,
                "INSERT INTO audit (guild_id, game_id, user_id, what, detail, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, game_id, user_id, what, dumps(detail), time.time()),
            )

    async def audit_log(
        self, *, guild_id: int | None = None, game_id: int | None = None, limit: int = 50
    ) -> list[AuditRecord]:
        clause, params = where(guild_id=guild_id, game_id=game_id)
        async with self._read() as db:
            rows = await fetch(
                db,
                "SELECT id, guild_id, game_id, user_id, what, detail, created_at FROM audit"
                f"{clause} ORDER BY id DESC LIMIT ?",
                (*params, limit),
            )
        return [
            AuditRecord(r["id"], r["guild_id"], r["game_id"], r["user_id"], r["what"],
                        loads(r["detail"]), r["created_at"])
            for r in rows
        ]

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._read() as db:
            rows = await fetch(
                db, "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return {r["key"]: loads(r["value"]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        async with self._write() as db:
            if value is None:
                await fetch(
                    db, "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?",
                    (guild_id, key),
                )
                return
            await fetch(
                db,
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, dumps(value)),
            )

    # -- private threads --------------------------------------------------------------------
    async def add_private_thread(
        self, game_id: int, *, purpose: str, thread_id: int, seats: list[int]
    ) -> PrivateThreadRecord:
        async with self._write() as db:
            rows = await fetch(
                db,
                f"INSERT INTO private_threads ({_THREAD_COLUMNS}) VALUES (?, ?, ?, ?, ?)"
                f" RETURNING {_THREAD_COLUMNS}",
                (game_id, purpose, thread_id, dumps(seats), time.time()),
            )
        return private_thread_record(rows[0])

    async def private_thread(self, game_id: int, purpose: str) -> PrivateThreadRecord | None:
        return await self._one_thread("game_id = ? AND purpose = ?", (game_id, purpose))

    async def private_thread_by_id(self, thread_id: int) -> PrivateThreadRecord | None:
        return await self._one_thread("thread_id = ?", (thread_id,))

    async def _one_thread(self, where: str, params: Sequence[Any]) -> PrivateThreadRecord | None:
        async with self._read() as db:
            rows = await fetch(
                db, f"SELECT {_THREAD_COLUMNS} FROM private_threads WHERE {where}", params)
        return private_thread_record(rows[0]) if rows else None

    # -- data packs -------------------------------------------------------------------------
    async def save_pack(
        self,
        *,
        guild_id: int,
        game: str,
        name: str,
        text: str,
        digest: str,
        uploaded_by: int | None,
    ) -> PackRecord:
        async with self._write() as db:
            rows = await fetch(
                db,
                "INSERT INTO data_packs (guild_id, game, name, text, hash, uploaded_by,"
                " uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, game, name) DO UPDATE SET text = excluded.text,"
                " hash = excluded.hash, uploaded_by = excluded.uploaded_by,"
                " uploaded_at = excluded.uploaded_at"
                f" RETURNING {_PACK_COLUMNS}",
                (guild_id, game, name, text, digest, uploaded_by, time.time()),
            )
        return pack_record(rows[0])

    async def packs(self, guild_id: int, game: str | None = None) -> list[PackRecord]:
        only_game = "" if game is None else " AND game = ?"
        params = (guild_id,) if game is None else (guild_id, game)
        async with self._read() as db:
            rows = await fetch(
                db,
                f"SELECT {_PACK_COLUMNS} FROM data_packs WHERE guild_id = ?{only_game}"
                " ORDER BY name, game",
                params,
            )
        return [pack_record(r) for r in rows]

    async def get_pack(self, guild_id: int, game: str, name: str) -> PackRecord:
        async with self._read() as db:
            rows = await fetch(
                db,
                f"SELECT {_PACK_COLUMNS} FROM data_packs"
                " WHERE guild_id = ? AND game = ? AND name = ?",
                (guild_id, game, name),
            )
        if not rows:
            raise NotFound(f"no {game} pack {name!r} in guild {guild_id}")
        return pack_record(rows[0])

    async def remove_pack(self, guild_id: int, game: str, name: str) -> None:
        async with self._write() as db:
            rows = await fetch(
                db,
                "DELETE FROM data_packs WHERE guild_id = ? AND game = ? AND name = ?"
                " RETURNING id",
                (guild_id, game, name),
            )
        if not rows:
            raise NotFound(f"no {game} pack {name!r} in guild {guild_id}")

    async def size_bytes(self) -> int:
        async with self._read() as db:
            pages = await fetch(db, "PRAGMA page_count")
            size = await fetch(db, "PRAGMA page_size")
        return int(pages[0][0]) * int(size[0][0])


# -- helpers (all run inside a transaction) ---------------------------------------------------
async def _version(db: aiosqlite.Connection, game_id: int) -> int:
    rows = await fetch(db, "SELECT version FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise NotFound(f"no game {game_id}")
    return int(rows[0][0])


async def _check_version(db: aiosqlite.Connection, game_id: int, expected: int) -> None:
    actual = await _version(db, game_id)
    if actual != expected:
        raise StaleVersion(game_id, expected, actual)


async def _bump(db: aiosqlite.Connection, game_id: int, changes: dict[str, Any]) -> int:
    """Applies `changes` (column -> value; names are ours, never user input) and bumps the
    version; returns the new version."""
    sets = "".join(f", {column} = ?" for column in changes)
    rows = await fetch(
        db,
        f"UPDATE games SET version = version + 1{sets} WHERE id = ? RETURNING version",
        (*changes.values(), game_id),
    )
    return int(rows[0][0])


def _set(game_id: int, changes: dict[str, Any]) -> Statement:
    """Sets the columns of `changes` (names are ours, never user input)."""
    sets = ", ".join(f"{column} = ?" for column in changes)
    return f"UPDATE games SET {sets} WHERE id = ?", [(*changes.values(), game_id)]


def _alongside(game_id: int, clocks: ClockChanges | None,
               audit: NewAudit | None) -> list[Statement]:
    """What a change of the game writes beside it, in its transaction: the clock changes
    and the audit entry (with the game's guild)."""
    statements = [] if clocks is None else clock_statements(game_id, clocks)
    if audit is not None:
        statements.append(
            ("INSERT INTO audit (guild_id, game_id, user_id, what, detail, created_at)"
             " SELECT guild_id, id, ?, ?, ?, ? FROM games WHERE id = ?",
             [(audit.user_id, audit.what, dumps(audit.detail), time.time(), game_id)]))
    return statements


def _check_turn(conn: sqlite3.Connection, game_id: int, expected_version: int,
                interactions: list[str]) -> None:
    """One statement checks the version and the interactions. A repeat wins over a stale
    version: a redelivered interaction also carries a stale version, and "already applied"
    is the more useful answer."""
    marks = ", ".join("?" * len(interactions)) or "NULL"
    row = conn.execute(
        "SELECT version,"
        f" (SELECT interaction_id FROM actions WHERE interaction_id IN ({marks}) LIMIT 1)"
        " FROM games WHERE id = ?",
        (*interactions, game_id)).fetchone()
    if row is None:
        raise NotFound(f"no game {game_id}")
    version, repeated = row
    if repeated is not None:
        raise DuplicateInteraction(repeated)
    if version != expected_version:
        raise StaleVersion(game_id, expected_version, version)


async def _replace_seats(
    db: aiosqlite.Connection, game_id: int, seats: Sequence[SeatRecord]
) -> None:
    await run_async(db, seat_statements(game_id, seats))
