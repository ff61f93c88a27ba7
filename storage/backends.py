"""Which backend a database setting names: a postgresql:// (or postgres://) URL is a
PostgreSQL database shared by any number of bot processes; anything else is a SQLite file
(or ":memory:"), the embedded default for one process. `sqlite:PATH` names a file
explicitly, as `gm migrate --from sqlite:PATH` does."""

from __future__ import annotations

from storage.postgres import PostgresRepository
from storage.repository import Repository
from storage.sqlite import SqliteRepository

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:"


def is_postgres(database: str) -> bool:
    return database.startswith(POSTGRES_SCHEMES)


def repository_for(database: str, *, synchronous: str | None = None) -> Repository:
    """The repository `database` names, not yet opened; `synchronous` is a SQLite file's
    (storage/sqlbase.py SYNCHRONOUS), PostgreSQL keeps its server's own."""
    if is_postgres(database):
        return PostgresRepository(database)
    return SqliteRepository(database.removeprefix(SQLITE_SCHEME), synchronous=synchronous)
