"""What every SQLite store shares: the one connection, its lock and explicit transactions.

Every operation holds the lock for its whole transaction. With a single connection that is
required, not just convenient: without it one coroutine's reads would see another's
uncommitted writes between statements, and two writers would interleave inside one
transaction. Writes use BEGIN IMMEDIATE so the write lock is taken up front (another process
on the same file waits on busy_timeout instead of failing halfway), and any exception rolls
the whole transaction back, so nothing is ever half-written. The load and the write of every
action run their transaction whole on the connection's thread (`_whole`), with the same
guarantees, in one round trip.

Reads that write nothing run on a second connection of their own (a file in WAL mode lets
a reader go on while a writer holds the write lock), so a `/game status` never waits behind
an action, nor behind another process holding the file locked. A fault of the medium
(locked past the busy timeout, read-only, full, an I/O error) is a `StorageUnavailable`, and
the connection it came from is opened anew for the next call.

`SqliteRepository` combines this base with the row mixins of each feature (the game log,
clocks, campaigns...), so they all share these connections and their locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite
import orjson

from storage.errors import StorageError, StorageUnavailable
from storage.migrations import migrate

BUSY_TIMEOUT_MS = 5000
# `synchronous` settings an operator may choose (GM_SQLITE_SYNCHRONOUS, docs/deploying.md).
# FULL, the default, makes an answered action survive a power loss: SQLite syncs the WAL
# to the disk on every COMMIT, as PostgreSQL's default synchronous_commit=on does. NORMAL
# survives a killed or crashed process but may lose the last commits to a power loss or an
# OS crash (never corrupting the file), for a fraction of the cost of a commit.
SYNCHRONOUS = ("FULL", "NORMAL")
# What a repository opened without a setting runs at. The test suite lowers it to NORMAL
# (tests/conftest.py): a test survives no power loss, and thousands of fsyncs are minutes.
DEFAULT_SYNCHRONOUS = "FULL"
# The primary result codes that say the file, not the statement, failed; of them, a lock
# held by another connection passes by itself, any other leaves the connection reopened.
_MEDIUM_FAULTS = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_READONLY,
                  sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_FULL,
                  sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_NOTADB}
_PASSING = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
T = TypeVar("T")
# A statement as data: its SQL and the rows of parameters it runs for (executemany), so the
# same statements run through aiosqlite or whole on the connection's thread.
Statement = tuple[str, Sequence[Sequence[Any]]]


class SqliteBase:
    """The connections and their transactions; `path` is a file, or ":memory:" (one
    connection for both: a second would open another, empty database)."""

    one_process = True  # one bot process per file (docs/deploying.md)

    def __init__(self, path: str | Path = ":memory:", *,
                 synchronous: str | None = None) -> None:
        chosen = (synchronous or DEFAULT_SYNCHRONOUS).upper()
        if chosen not in SYNCHRONOUS:
            raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}")
        self.path = str(path)
        self.synchronous = chosen
        in_memory = self.path == ":memory:"
        self._writer = _Connection(self._connect, reopens=not in_memory)
        self._reader = self._writer if in_memory else _Connection(self._connect_reader)

    # -- lifecycle --------------------------------------------------------------------------
    async def open(self) -> None:
        """Open, migrate and check that the file can be written: a file the bot cannot
        write is refused at start (StorageUnavailable), not at the first move."""
        db = await self._connect()
        try:
            await migrate(db)
            await _check_writable(db)
        except sqlite3.Error as error:
            await db.close()
            raise _unavailable(error) or error from error
        except BaseException:
            await db.close()
            raise
        self._writer.db = db
        if self._reader is not self._writer:
            self._reader.db = await self._connect_reader()

    async def _connect(self) -> aiosqlite.Connection:
        # isolation_level=None: sqlite3 must not open transactions behind our back; we issue
        # every BEGIN/COMMIT ourselves.
        db = await aiosqlite.connect(self.path, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            if self.path != ":memory:":
                await db.execute_fetchall("PRAGMA journal_mode=WAL")
            await db.execute_fetchall(f"PRAGMA synchronous={self.synchronous}")
            await db.execute_fetchall("PRAGMA foreign_keys=ON")
            await db.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        except BaseException:
            await db.close()
            raise
        return db

    async def _connect_reader(self) -> aiosqlite.Connection:
        db = await self._connect()
        await db.execute_fetchall("PRAGMA query_only=ON")  # a write here is a bug: refused
        return db

    async def close(self) -> None:
        for connection in {id(c): c for c in (self._reader, self._writer)}.values():
            await connection.close()

    async def __aenter__(self) -> Any:
        await self.open()
        return self

    async def __aexit__(self, *_: object) -> None:
        """Closed however the block ended; an exception goes on."""
        await self.close()

    @asynccontextmanager
    async def _transaction(self, mode: str) -> AsyncIterator[aiosqlite.Connection]:
        connection = self._reader if mode == "DEFERRED" else self._writer
        async with connection.held() as db:
            try:
                # Inside the try: a caller cancelled while BEGIN runs must still roll back.
                await db.execute_fetchall(f"BEGIN {mode}")
                yield db
                await db.execute_fetchall("COMMIT")
            except sqlite3.IntegrityError as exc:
                await _rollback(db)
                raise StorageError(f"constraint violated: {exc}") from exc
            except BaseException:
                await _rollback(db)
                raise

    def _write(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        return self._transaction("IMMEDIATE")

    def _read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read transaction, so a read of several statements sees one consistent state."""
        return self._transaction("DEFERRED")

    async def _whole(self, mode: str, work: Callable[[sqlite3.Connection], T]) -> T:
        """A transaction run whole on the connection's thread: BEGIN `mode`, `work` and
        COMMIT in one round trip instead of one per statement (a round trip costs a thread
        wake-up each way, more than most statements take to run), for the load and the
        write every action makes. `work` runs off the event loop, so it makes plain sqlite3
        calls and never awaits. A caller cancelled meanwhile leaves the transaction to
        finish whole; the next one queues behind it on the same thread."""
        connection = self._reader if mode == "DEFERRED" else self._writer
        async with connection.held() as db:
            return await _on_thread(db, _whole_transaction, work, mode)

    async def _statement(self, mode: str, sql: str,
                         params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One statement in a transaction of its own, in one round trip (`_whole`): the
        statements a bot runs for every message it posts (the outbox's marks) would
        otherwise hold the connection's lock across three trips through a busy event loop,
        and every other transaction queues behind them."""
        return await self._whole(mode, lambda conn: conn.execute(sql, params).fetchall())


class _Connection:
    """One aiosqlite connection behind its lock, opened anew after a fault of the medium
    (a file read-only when it was opened stays read-only on that connection)."""

    def __init__(self, connect: Callable[[], Awaitable[aiosqlite.Connection]], *,
                 reopens: bool = True) -> None:
        self.db: aiosqlite.Connection | None = None
        self._connect = connect
        self._reopens = reopens  # never for ":memory:": a new connection is a new database
        self._lock = asyncio.Lock()
        self._broken = False

    @asynccontextmanager
    async def held(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, for one transaction: a medium fault inside it becomes
        StorageUnavailable, and one that does not pass by itself (anything but a lock
        held elsewhere) has the connection opened anew before the next transaction."""
        async with self._lock:
            db = await self._usable()
            try:
                yield db
            except sqlite3.Error as error:
                unavailable = _unavailable(error)
                if unavailable is None:
                    raise
                self._broken = self._reopens and not _passing(error)
                raise unavailable from error

    async def _usable(self) -> aiosqlite.Connection:
        if self.db is None:
            raise StorageError("the repository is not open")
        if self._broken:
            try:
                fresh = await self._connect()
            except sqlite3.Error as error:
                raise _unavailable(error) or error from error
            old, self.db, self._broken = self.db, fresh, False
            with contextlib.suppress(sqlite3.Error):
                await old.close()
        return self.db

    async def close(self) -> None:
        async with self._lock:  # let a running transaction finish first
            if self.db is not None:
                db, self.db = self.db, None
                await db.close()


# -- helpers (all run inside a transaction) ---------------------------------------------------
async def fetch(
    db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()
) -> list[sqlite3.Row]:
    return list(await db.execute_fetchall(sql, params))


def run(conn: sqlite3.Connection, statements: Iterable[Statement]) -> None:
    """Runs statements on the connection's thread (inside the work of `_whole`)."""
    for sql, rows in statements:
        conn.executemany(sql, rows)


async def run_async(db: aiosqlite.Connection, statements: Iterable[Statement]) -> None:
    """Runs statements through aiosqlite (inside a `_write` transaction)."""
    for sql, rows in statements:
        await db.executemany(sql, rows)


async def _on_thread(db: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Calls `fn(connection, *args)` on the connection's own thread, with the sqlite3
    connection aiosqlite wraps. aiosqlite has no public call for this: `_execute` is the
    queue every one of its own methods goes through (0.20 to 0.22), so a change there
    fails every storage test at once rather than quietly."""
    return cast(T, await db._execute(fn, db._conn, *args))


def _whole_transaction(conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T],
                       mode: str) -> T:
    conn.execute(f"BEGIN {mode}")
    try:
        result = work(conn)
        conn.execute("COMMIT")
    except sqlite3.IntegrityError as exc:
        conn.rollback()
        raise StorageError(f"constraint violated: {exc}") from exc
    except BaseException:
        conn.rollback()
        raise
    return result


def _primary_code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def _unavailable(error: sqlite3.Error) -> StorageUnavailable | None:
    """StorageUnavailable naming the fault ("SQLITE_READONLY: attempt to write a readonly
    database") when `error` says the file could not be used; None when it is the
    statement's own error, a bug a member must not be told to wait out."""
    if _primary_code(error) not in _MEDIUM_FAULTS:
        return None
    return StorageUnavailable(f"{getattr(error, 'sqlite_errorname', 'SQLITE')}: {error}")


def _passing(error: sqlite3.Error) -> bool:
    return _primary_code(error) in _PASSING


async def _check_writable(db: aiosqlite.Connection) -> None:
    """Writes the file's header to itself and takes it back: SQLite opens a file it may not
    write read-only without a word, and says so only at the first write."""
    version = list(await db.execute_fetchall("PRAGMA user_version"))[0][0]
    await db.execute_fetchall("BEGIN IMMEDIATE")
    try:
        await db.execute_fetchall(f"PRAGMA user_version={int(version)}")
    finally:
        await _rollback(db)


def where(**filters: Any) -> tuple[str, list[Any]]:
    """A WHERE clause that keeps rows equal to every filter given (None: no filter on that
    column), and its parameters; empty when no filter is given. Column names come from our
    own keyword arguments, never from input."""
    given = {column: value for column, value in filters.items() if value is not None}
    if not given:
        return "", []
    return " WHERE " + " AND ".join(f"{column} = ?" for column in given), list(given.values())


async def _rollback(db: aiosqlite.Connection) -> None:
    # Queued behind the failed statement, and a no-op if no transaction is open any more (a
    # COMMIT that completed just as the caller was cancelled), so it never masks the error.
    await db.rollback()


def dumps(value: Any) -> str:
    """Compact JSON with the keys in the order they have: a state read back is then the
    state written, order included, so an engine that walks a dict (to build a list, to break
    a tie) plays on after a reload exactly as in a replay kept in memory
    (tests/games/test_games_stored_order.py). orjson, because encoding and decoding the
    state is most of what an action costs past SQLite's own commit (a Redux state is 60 KB):
    about a third of the standard library's time. Like `json`, it writes non-string keys as
    strings; unlike it, it never writes NaN."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | None) -> Any:
    return None if text is None else orjson.loads(text)
