"""What every PostgreSQL store shares: a pool of connections and explicit transactions.

Unlike SQLite's one connection behind a lock, each operation here takes a connection of its
own from the pool, so operations run side by side, and so do other bot processes on the same
database. Nothing in this process's memory keeps a game consistent: every write that changes
a game first updates the game's row only at the version it read (a compare-and-set that also
takes the row's lock until COMMIT), so a writer in another process either waits for the lock
and then finds the version moved (StaleVersion), or goes first. Any exception rolls the whole
transaction back, and a broken constraint is a StorageError, as on SQLite; a server out of
reach, shutting down, full or read-only is a StorageUnavailable, as a faulty file is there.

`PostgresRepository` (storage/postgres.py) combines this base with the row mixins of each
feature, as `SqliteRepository` does with `SqliteBase`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
from asyncpg.pool import Pool

from storage.errors import StorageError, StorageUnavailable
from storage.postgres_migrations import Conn, migrate

POOL_SIZE = 10  # connections per process; PostgreSQL's default allows 100 in all
# What the server (or the way to it) says when it cannot serve at all: refused or lost
# connections, an administrator's shutdown (which asyncpg may only notice as a protocol in
# a state it cannot leave: InternalClientError), a full disk, a standby that only reads.
_MEDIUM_FAULTS = (OSError, TimeoutError, asyncpg.PostgresConnectionError,
                  asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError,
                  asyncpg.exceptions.OperatorInterventionError,
                  asyncpg.exceptions.InsufficientResourcesError,
                  asyncpg.exceptions.ReadOnlySQLTransactionError)


class PostgresBase:
    """The pool and its transactions; `dsn` is a postgresql:// URL."""

    one_process = False  # any number of bot processes may share the database

    def __init__(self, dsn: str, *, pool_size: int = POOL_SIZE) -> None:
        self.dsn = dsn
        self.pool_size = pool_size
        self._pool: Pool[asyncpg.Record] | None = None

    # -- lifecycle --------------------------------------------------------------------------
    async def open(self) -> None:
        pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self.pool_size)
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()  # waits for the connections in use to come back

    async def __aenter__(self) -> Any:
        await self.open()
        return self

    async def __aexit__(self, *_: object) -> None:
        """Closed however the block ended; an exception goes on."""
        await self.close()

    # -- transactions -----------------------------------------------------------------------
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Conn]:
        """A read-committed transaction: every statement sees what was committed before it
        started, which is what a statement run after taking a game's row lock needs."""
        async with self._connection() as conn:
            try:
                async with conn.transaction():
                    yield conn
            except asyncpg.IntegrityConstraintViolationError as exc:
                raise StorageError(f"constraint violated: {exc}") from exc

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        """A read of several statements that sees one consistent state (one snapshot)."""
        async with self._connection() as conn, conn.transaction(
                isolation="repeatable_read", readonly=True):
            yield conn

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Conn]:
        """A connection of the pool, for one statement outside a transaction (or for a
        transaction of its caller's making)."""
        if self._pool is None:
            raise StorageError("the repository is not open")
        try:
            async with self._pool.acquire() as conn:
                yield conn
        except _MEDIUM_FAULTS as error:
            raise StorageUnavailable(f"{type(error).__name__}: {error}") from error


def returned(row: asyncpg.Record | None) -> asyncpg.Record:
    """The row an INSERT ... RETURNING wrote (one that did not raise always returns it)."""
    if row is None:
        raise StorageError("the database returned no row for a write that succeeded")
    return row
