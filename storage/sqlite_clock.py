"""ClockStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

from storage.sqlbase import SqliteBase


class ClockRows(SqliteBase):
    """Rows of storage/clock.py's `ClockStore`."""
