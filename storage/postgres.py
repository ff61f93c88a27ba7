"""The PostgreSQL Repository: the game log, administration, data packs and private threads,
plus the play-by-post features' rows from their mixins, over one pool (`PostgresBase`).

Chosen by `GM_DATABASE=postgresql://...` (storage/backends.py) for a bot that outgrows one
machine: any number of bot processes may share the database, and everything that keeps a
game consistent is the database's doing.

- A change of a game starts by updating its row only at the version the change was computed
  from (`_claim`): the compare-and-set and the row lock in one statement. A concurrent writer
  in any process waits for the lock, then finds the version moved and writes nothing.
- Sequence numbers are taken in SQL after that lock (storage/postgres_log.py), so they
  cannot race; the primary keys would refuse a repeat anyway.
- A Discord interaction is applied once: the unique index on `interaction_id` is the arbiter
  of `ON CONFLICT`, whichever process sees the repeat.
- Outbox claims take their rows `FOR UPDATE SKIP LOCKED` (storage/postgres_outbox.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from storage.clock import ClockChanges, ClockState
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
from storage.pgbase import PostgresBase, returned
from storage.postgres_campaigns import CampaignRows
from storage.postgres_clock import ClockRows, write_clock_changes
from storage.postgres_log import SELECT_ACTIONS, write_log, write_opening, write_seats
from storage.postgres_migrations import Conn
from storage.postgres_outbox import OutboxRows, write_post
from storage.postgres_server import ServerRows
from storage.postgres_tables import TableRows
from storage.repository import Repository
from storage.rows import (
    action_record,
    clock_record,
    deadline_record,
    game_record,
    pack_record,
    private_thread_record,
)
from storage.sqlbase import dumps, loads

_GAME_COLUMNS = (
    "id, game, options, seed, status, guild_id, channel_id, thread_id, created_by,"
    " created_at, version, state, result, boards"
)
_THREAD_COLUMNS = "game_id, purpose, thread_id, seats, created_at"
_PACK_COLUMNS = "id, guild_id, game, name, text, hash, uploaded_by, uploaded_at"
# A game with its seats, clocks and deadline in one statement, so one snapshot: the seats
# and clocks ride on the game's row as JSON (float8 prints exactly since PostgreSQL 12).
_LOAD_GAME = (
    f"SELECT {_GAME_COLUMNS},"
    " (SELECT json_agg(json_build_array(s.seat, s.user_id, s.name, s.ai) ORDER BY s.seat)"
    "  FROM seats s WHERE s.game_id = g.id)::text AS seats,"
    " (SELECT json_agg(c ORDER BY c.seat) FROM clocks c WHERE c.game_id = g.id)::text"
    "  AS clocks,"
    " (SELECT row_to_json(d) FROM deadlines d WHERE d.game_id = g.id)::text AS deadline"
    " FROM games g WHERE g.id = $1")
# Events a seat may read: a NULL viewer matches no seat list, so None sees public events
# only; the opening (seq < 0, version 0) reads before every action's events.
_EVENTS = (
    "SELECT seq, version, text, message, seats, kind FROM ("
    " SELECT e.seq, e.version, e.text, e.message, e.seats, e.kind FROM events e"
    " JOIN actions a ON a.game_id = e.game_id AND a.seq = e.action_seq"
    " WHERE e.game_id = $1 AND a.undone = 0"
    " UNION ALL SELECT o.seq, 0, o.text, o.message, o.seats, o.kind FROM opening_events o"
    " WHERE o.game_id = $1) AS l"
    " WHERE l.seats IS NULL OR l.seats::jsonb @> to_jsonb($2::bigint)"
    " ORDER BY seq DESC LIMIT $3")


class PostgresRepository(ServerRows, ClockRows, TableRows, CampaignRows, OutboxRows,
                         PostgresBase, Repository):
    """The backend for several bot processes; `dsn` is a postgresql:// URL."""

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
        async with self._write() as conn:
            game_id: int = await conn.fetchval(
                "INSERT INTO games (game, options, seed, status, guild_id, channel_id,"
                " thread_id, created_by, created_at, version)"
                " VALUES ($1, $2, $3, 'open', $4, $5, $6, $7, $8, 0) RETURNING id",
                game, dumps(options), seed, guild_id, channel_id, thread_id, created_by,
                time.time())
        return game_id

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._connection() as conn:
            row = await conn.fetchrow(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = $1",
                                      game_id)
        if row is None:
            raise NotFound(f"no game {game_id}")
        return game_record(row)

    async def load_game(self, game_id: int) -> LoadedGame:
        async with self._connection() as conn:
            row = await conn.fetchrow(_LOAD_GAME, game_id)
        if row is None:
            raise NotFound(f"no game {game_id}")
        seats = [SeatRecord(*values) for values in loads(row["seats"]) or []]
        clocks = tuple(map(clock_record, loads(row["clocks"]) or []))
        deadline = loads(row["deadline"])
        return LoadedGame(game_record(row), seats, ClockState(
            clocks, None if deadline is None else deadline_record(game_id, deadline)))

    async def games_in_channel(self, channel_id: int) -> list[GameRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_GAME_COLUMNS} FROM games"
                " WHERE (thread_id = $1 OR channel_id = $1) AND status = ANY($2::text[])"
                " ORDER BY COALESCE(thread_id = $1, false) DESC, id DESC",
                channel_id, list(LIVE_STATUSES))
        return [game_record(row) for row in rows]

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Iterable[str] | None = None,
        user_id: int | None = None,
    ) -> list[GameRecord]:
        wanted = None if statuses is None else [game_status(s) for s in statuses]
        if wanted == []:
            return []
        # A NULL filter keeps every row: one statement (and one prepared plan) for all.
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_GAME_COLUMNS} FROM games WHERE ($1::bigint IS NULL OR guild_id = $1)"
                " AND ($2::text[] IS NULL OR status = ANY($2))"
                " AND ($3::bigint IS NULL OR id IN (SELECT game_id FROM seats"
                " WHERE user_id = $3)) ORDER BY id DESC",
                guild_id, wanted, user_id)
        return [game_record(r) for r in rows]

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        async with self._write() as conn:
            found = await conn.fetchval("UPDATE games SET thread_id = $1 WHERE id = $2"
                                        " RETURNING id", thread_id, game_id)
        if found is None:
            raise NotFound(f"no game {game_id}")

    async def set_boards(self, game_id: int, boards: str) -> None:
        if boards not in BOARD_TIMES:
            raise StorageError(f"boards must be one of {', '.join(BOARD_TIMES)}")
        async with self._write() as conn:
            found = await conn.fetchval("UPDATE games SET boards = $1 WHERE id = $2"
                                        " RETURNING id", boards, game_id)
        if found is None:
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
        async with self._write() as conn:
            version = await _claim(conn, game_id, expected_version, expected_version + 1,
                                   changes)
            await _alongside(conn, game_id, clocks, audit)
        return version

    # -- seats ------------------------------------------------------------------------------
    async def set_seats(
        self, game_id: int, seats: list[SeatRecord], *, expected_version: int
    ) -> int:
        async with self._write() as conn:
            version = await _claim(conn, game_id, expected_version, expected_version + 1, {})
            await write_seats(conn, game_id, seats)
        return version

    async def get_seats(self, game_id: int) -> list[SeatRecord]:
        async with self._read() as conn:
            await _version(conn, game_id)
            rows = await conn.fetch("SELECT seat, user_id, name, ai FROM seats"
                                    " WHERE game_id = $1 ORDER BY seat", game_id)
        return [SeatRecord(r["seat"], r["user_id"], r["name"], r["ai"]) for r in rows]

    # -- the action log ---------------------------------------------------------------------
    async def commit_turn(self, game_id: int, turn: Turn) -> int:
        if turn.seats is None and not turn.actions:
            raise ValueError("a turn changes the seats or appends at least one action")
        changes: dict[str, Any] = {"state": dumps(turn.state)}
        if turn.result is not None:
            changes["result"] = dumps(turn.result)
        if turn.status is not None:
            changes["status"] = game_status(turn.status)
        repeats = [a.interaction_id for a in turn.actions if a.interaction_id is not None]
        now = time.time()
        async with self._write() as conn:
            await _claim(conn, game_id, turn.expected_version, turn.version, changes, repeats)
            if turn.seats is not None:
                await write_seats(conn, game_id, turn.seats)
            await write_opening(conn, game_id, turn.opening)
            await write_log(conn, game_id, turn.version - len(turn.actions) + 1, now,
                            turn.actions)
            await _alongside(conn, game_id, turn.clocks, turn.audit)
            if turn.post is not None:
                await write_post(conn, game_id, turn.version, turn.post, now)
        return turn.version

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        live = "" if include_undone else " AND undone = 0"
        async with self._read() as conn:
            await _version(conn, game_id)
            rows = await conn.fetch(f"{SELECT_ACTIONS}{live} ORDER BY seq", game_id)
        return [action_record(r) for r in rows]

    async def events(
        self, game_id: int, *, viewer_seat: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        if limit is not None and limit < 0:
            raise ValueError("limit must be >= 0")
        async with self._read() as conn:
            await _version(conn, game_id)
            rows = await conn.fetch(_EVENTS, game_id, viewer_seat, limit)  # NULL: no limit
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
        async with self._write() as conn:
            version = await _claim(conn, game_id, expected_version, expected_version + 1,
                                   {"state": dumps(state)})
            # Every live action from the (keep+1)-th on; none when there are no more.
            await conn.execute(
                "UPDATE actions SET undone = 1 WHERE game_id = $1 AND undone = 0 AND seq >="
                " (SELECT seq FROM actions WHERE game_id = $1 AND undone = 0 ORDER BY seq"
                " OFFSET $2 LIMIT 1)", game_id, keep)
            await _alongside(conn, game_id, clocks, audit)
        return version

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
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO audit (guild_id, game_id, user_id, what, detail, created_at)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                guild_id, game_id, user_id, what, dumps(detail), time.time())

    async def audit_log(
        self, *, guild_id: int | None = None, game_id: int | None = None, limit: int = 50
    ) -> list[AuditRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT id, guild_id, game_id, user_id, what, detail, created_at FROM audit"
                " WHERE ($1::bigint IS NULL OR guild_id = $1)"
                " AND ($2::bigint IS NULL OR game_id = $2) ORDER BY id DESC LIMIT $3",
                guild_id, game_id, limit)
        return [
            AuditRecord(r["id"], r["guild_id"], r["game_id"], r["user_id"], r["what"],
                        loads(r["detail"]), r["created_at"])
            for r in rows
        ]

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        async with self._connection() as conn:
            rows = await conn.fetch("SELECT key, value FROM guild_settings WHERE guild_id = $1",
                                    guild_id)
        return {r["key"]: loads(r["value"]) for r in rows}

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        async with self._write() as conn:
            if value is None:
                await conn.execute("DELETE FROM guild_settings WHERE guild_id = $1"
                                   " AND key = $2", guild_id, key)
                return
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                guild_id, key, dumps(value))

    # -- private threads --------------------------------------------------------------------
    async def add_private_thread(
        self, game_id: int, *, purpose: str, thread_id: int, seats: list[int]
    ) -> PrivateThreadRecord:
        async with self._write() as conn:
            row = await conn.fetchrow(
                f"INSERT INTO private_threads ({_THREAD_COLUMNS}) VALUES ($1, $2, $3, $4, $5)"
                f" RETURNING {_THREAD_COLUMNS}",
                game_id, purpose, thread_id, dumps(seats), time.time())
        return private_thread_record(returned(row))

    async def private_thread(self, game_id: int, purpose: str) -> PrivateThreadRecord | None:
        return await self._one_thread("game_id = $1 AND purpose = $2", game_id, purpose)

    async def private_thread_by_id(self, thread_id: int) -> PrivateThreadRecord | None:
        return await self._one_thread("thread_id = $1", thread_id)

    async def _one_thread(self, where: str, *params: Any) -> PrivateThreadRecord | None:
        async with self._connection() as conn:
            row = await conn.fetchrow(
                f"SELECT {_THREAD_COLUMNS} FROM private_threads WHERE {where}", *params)
        return None if row is None else private_thread_record(row)

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
        async with self._write() as conn:
            row = await conn.fetchrow(
                "INSERT INTO data_packs (guild_id, game, name, text, hash, uploaded_by,"
                " uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                " ON CONFLICT (guild_id, game, name) DO UPDATE SET text = excluded.text,"
                " hash = excluded.hash, uploaded_by = excluded.uploaded_by,"
                " uploaded_at = excluded.uploaded_at"
                f" RETURNING {_PACK_COLUMNS}",
                guild_id, game, name, text, digest, uploaded_by, time.time())
        return pack_record(returned(row))

    async def packs(self, guild_id: int, game: str | None = None) -> list[PackRecord]:
        # Text ordered by code point, as SQLite's BINARY collation does, whatever the
        # database's own collation.
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_PACK_COLUMNS} FROM data_packs WHERE guild_id = $1"
                ' AND ($2::text IS NULL OR game = $2) ORDER BY name COLLATE "C", game COLLATE "C"',
                guild_id, game)
        return [pack_record(r) for r in rows]

    async def get_pack(self, guild_id: int, game: str, name: str) -> PackRecord:
        async with self._connection() as conn:
            row = await conn.fetchrow(
                f"SELECT {_PACK_COLUMNS} FROM data_packs"
                " WHERE guild_id = $1 AND game = $2 AND name = $3", guild_id, game, name)
        if row is None:
            raise NotFound(f"no {game} pack {name!r} in guild {guild_id}")
        return pack_record(row)

    async def remove_pack(self, guild_id: int, game: str, name: str) -> None:
        async with self._write() as conn:
            found = await conn.fetchval(
                "DELETE FROM data_packs WHERE guild_id = $1 AND game = $2 AND name = $3"
                " RETURNING id", guild_id, game, name)
        if found is None:
            raise NotFound(f"no {game} pack {name!r} in guild {guild_id}")

    async def size_bytes(self) -> int:
        async with self._connection() as conn:
            size: int = await conn.fetchval("SELECT pg_database_size(current_database())")
        return size


# -- helpers (all run inside a transaction) ---------------------------------------------------
async def _version(conn: Conn, game_id: int) -> int:
    version = await conn.fetchval("SELECT version FROM games WHERE id = $1", game_id)
    if version is None:
        raise NotFound(f"no game {game_id}")
    return int(version)


async def _claim(conn: Conn, game_id: int, expected: int, new: int, changes: dict[str, Any],
                 interactions: list[str] | None = None) -> int:
    """The compare-and-set every change of a game starts with: sets `changes` (column ->
    value; names are ours, never user input) and the version `new`, only if the game is at
    `expected`. The updated row stays locked until the transaction ends, so nothing else
    changes the game meanwhile, in this process or another. Otherwise raises, and nothing
    was written: DuplicateInteraction if one of `interactions` is recorded (a redelivered
    interaction also carries a stale version, and "already applied" is the more useful
    answer), else NotFound or StaleVersion. Returns `new`."""
    sets = "".join(f", {column} = ${n}" for n, column in enumerate(changes, start=4))
    claimed = await conn.fetchval(
        f"UPDATE games SET version = $3{sets} WHERE id = $1 AND version = $2 RETURNING id",
        game_id, expected, new, *changes.values())
    if claimed is not None:
        return new
    actual = await _version(conn, game_id)
    repeated = await conn.fetchval(
        "SELECT interaction_id FROM actions WHERE interaction_id = ANY($1::text[]) LIMIT 1",
        interactions or [])
    if repeated is not None:
        raise DuplicateInteraction(repeated)
    raise StaleVersion(game_id, expected, actual)


async def _alongside(conn: Conn, game_id: int, clocks: ClockChanges | None,
                     audit: NewAudit | None) -> None:
    """What a change of the game writes beside it, in its transaction: the clock changes
    and the audit entry (with the game's guild)."""
    if clocks is not None:
        await write_clock_changes(conn, game_id, clocks)
    if audit is not None:
        await conn.execute(
            "INSERT INTO audit (guild_id, game_id, user_id, what, detail, created_at)"
            " SELECT guild_id, id, $2, $3, $4, $5 FROM games WHERE id = $1",
            game_id, audit.user_id, audit.what, dumps(audit.detail), time.time())

