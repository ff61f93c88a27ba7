"""TableStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

from storage.sqlbase import SqliteBase


class TableRows(SqliteBase):
    """Rows of storage/tables.py's `TableStore`."""
