"""ServerStore on PostgreSQL (mixed into `PostgresRepository`; schema 004 of schema_pg/)."""

from __future__ import annotations

import time
from typing import Any

from storage.pgbase import PostgresBase
from storage.rows import ban_record
from storage.server import EVERY_GAME, BanRecord
from storage.sqlbase import dumps, loads

_BAN_COLUMNS = "guild_id, game_id, user_id, reason, banned_by, created_at"


class ServerRows(PostgresBase):
    """Rows of storage/server.py's `ServerStore`."""

    async def add_ban(self, *, guild_id: int, game_id: int, user_id: int, reason: str,
                      banned_by: int | None) -> None:
        async with self._write() as conn:
            await conn.execute(
                f"INSERT INTO bans ({_BAN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (guild_id, user_id, game_id) DO UPDATE SET"
                " reason = excluded.reason, banned_by = excluded.banned_by",
                guild_id, game_id, user_id, reason, banned_by, time.time())

    async def remove_ban(self, *, guild_id: int, game_id: int, user_id: int) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "DELETE FROM bans WHERE guild_id = $1 AND game_id = $2 AND user_id = $3"
                " RETURNING user_id", guild_id, game_id, user_id)
        return found is not None

    async def bans(self, guild_id: int, *, user_id: int | None = None) -> list[BanRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_BAN_COLUMNS} FROM bans WHERE guild_id = $1"
                " AND ($2::bigint IS NULL OR user_id = $2) ORDER BY created_at, user_id",
                guild_id, user_id)
        return [ban_record(r) for r in rows]

    async def is_banned(self, guild_id: int, game_id: int, user_id: int) -> bool:
        async with self._connection() as conn:
            found = await conn.fetchval(
                "SELECT 1 FROM bans WHERE guild_id = $1 AND user_id = $2"
                " AND game_id IN ($3, $4) LIMIT 1", guild_id, user_id, game_id, EVERY_GAME)
        return found is not None

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        async with self._connection() as conn:
            rows = await conn.fetch("SELECT key, value FROM user_settings WHERE user_id = $1",
                                    user_id)
        return {r["key"]: loads(r["value"]) for r in rows}

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        async with self._write() as conn:
            if value is None:
                await conn.execute("DELETE FROM user_settings WHERE user_id = $1 AND key = $2",
                                   user_id, key)
                return
            await conn.execute(
                "INSERT INTO user_settings (user_id, key, value) VALUES ($1, $2, $3)"
                " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
                user_id, key, dumps(value))
