"""Server administration beyond the game log: bans from a server's games, and the per-user
settings a member chooses for themselves (language, notification by DM, vacation).

The interface and its records; `storage/sqlite_server.py` holds the SQLite rows.
"""

from __future__ import annotations

from typing import Protocol


class ServerStore(Protocol):
    """Part of `Repository`."""
