"""A table's people beyond its seats (spectators) and its pending undo votes.

The interface and its records; `storage/sqlite_tables.py` holds the SQLite rows.
"""

from __future__ import annotations

from typing import Protocol


class TableStore(Protocol):
    """Part of `Repository`."""
