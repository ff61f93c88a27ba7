"""What every SQLite store shares: the one connection, its lock and explicit transactions.

Every operation holds the lock for its whole transaction. With a single connection that is
required, not just convenient: without it one coroutine's reads would see another's
uncommitted writes between statements, and two writers would interleave inside one
transaction. Writes use BEGIN IMMEDIATE so the write lock is taken up front (another process
on the same file waits on busy_timeout instead of failing halfway), and any exception rolls
the whole transaction back, so nothing is ever half-written. The load and the write of every
action run their transaction whole on the connection's thread (`_whole`), with the same
guarantees, in one round trip.

`SqliteRepository` combines this base with the row mixins of each feature (the game log,
clocks, campaigns...), so they all share one connection and one lock.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar, cast

import aiosqlite
import orjson

from storage.errors import StorageError
from storage.migrations import migrate

BUSY_TIMEOUT_MS = 5000
T = TypeVar("T")
# A statement as data: its SQL and the rows of parameters it runs for (executemany), so the
# same statements run through aiosqlite or whole on the connection's thread.
Statement = tuple[str, Sequence[Sequence[Any]]]


class SqliteBase:
    """The connection and its transactions; `path` is a file, or ":memory:"."""

    one_process = True  # one bot process per file (docs/deploying.md)

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle --------------------------------------------------------------------------
    async def open(self) -> None:
        # isolation_level=None: sqlite3 must not open transactions behind our back; we issue
        # every BEGIN/COMMIT ourselves.
        db = await aiosqlite.connect(self.path, isolation_level=None)
        db.row_factory = sqlite3.Row
        try:
            await self._configure(db)
            await migrate(db)
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def _configure(self, db: aiosqlite.Connection) -> None:
        if self.path != ":memory:":
            await db.execute_fetchall("PRAGMA journal_mode=WAL")
        # In WAL mode, NORMAL still makes every COMMIT durable against a killed or crashed
        # process: the commit is in the WAL file (the OS page cache) when COMMIT returns, and
        # the next open replays it. Only a power loss or OS crash may lose the last few
        # commits (never corrupt the file); FULL would fsync on every action for that.
        await db.execute_fetchall("PRAGMA synchronous=NORMAL")
        await db.execute_fetchall("PRAGMA foreign_keys=ON")
        await db.execute_fetchall(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")

    async def close(self) -> None:
        async with self._lock:  # let a running transaction finish first
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()

    async def __aenter__(self) -> Any:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def _transaction(self, mode: str) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            db = self._connection()
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
        async with self._lock:
            return await _on_thread(self._connection(), _whole_transaction, work, mode)

    async def _statement(self, mode: str, sql: str,
                         params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One statement in a transaction of its own, in one round trip (`_whole`): the
        statements a bot runs for every message it posts (the outbox's marks) would
        otherwise hold the connection's lock across three trips through a busy event loop,
        and every other transaction queues behind them."""
        return await self._whole(mode, lambda conn: conn.execute(sql, params).fetchall())

    def _connection(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StorageError("the repository is not open")
        return self._db


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
