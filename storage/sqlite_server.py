"""ServerStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

from storage.sqlbase import SqliteBase


class ServerRows(SqliteBase):
    """Rows of storage/server.py's `ServerStore`."""
