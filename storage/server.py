"""Server administration beyond the game log: bans from a server's games, and the per-user
settings a member chooses for themselves (language, notification by DM, vacation).

The interface and its records; `storage/sqlite_server.py` holds the SQLite rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

EVERY_GAME = 0  # the game_id of a ban from all of a server's games


@dataclass(frozen=True)
class BanRecord:
    guild_id: int
    game_id: int  # EVERY_GAME for the whole server
    user_id: int
    reason: str
    banned_by: int | None
    created_at: float


class ServerStore(Protocol):
    """Part of `Repository`."""

    async def add_ban(self, *, guild_id: int, game_id: int, user_id: int, reason: str,
                      banned_by: int | None) -> None:
        """Bans (again: the reason is replaced)."""
        ...

    async def remove_ban(self, *, guild_id: int, game_id: int, user_id: int) -> bool:
        """False when there was no such ban."""
        ...

    async def bans(self, guild_id: int, *, user_id: int | None = None) -> list[BanRecord]:
        """The server's bans (of one user if given), oldest first."""
        ...

    async def is_banned(self, guild_id: int, game_id: int, user_id: int) -> bool:
        """Banned from this game or from every game of the server."""
        ...

    async def user_settings(self, user_id: int) -> dict[str, Any]: ...

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        """Stores a JSON value; None removes it so the default applies again."""
        ...
