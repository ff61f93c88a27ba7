"""ServerStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

import time
from typing import Any

from storage.rows import ban_record
from storage.server import EVERY_GAME, BanRecord
from storage.sqlbase import SqliteBase, dumps, fetch, loads

_BAN_COLUMNS = "guild_id, game_id, user_id, reason, banned_by, created_at"


class ServerRows(SqliteBase):
    """Rows of storage/server.py's `ServerStore`."""

    async def add_ban(self, *, guild_id: int, game_id: int, user_id: int, reason: str,
                      banned_by: int | None) -> None:
        async with self._write() as db:
            await fetch(
                db,
                f"INSERT INTO bans ({_BAN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id, user_id, game_id) DO UPDATE SET"
                " reason = excluded.reason, banned_by = excluded.banned_by",
                (guild_id, game_id, user_id, reason, banned_by, time.time()),
            )

    async def remove_ban(self, *, guild_id: int, game_id: int, user_id: int) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db, "DELETE FROM bans WHERE guild_id = ? AND game_id = ? AND user_id = ?"
                " RETURNING user_id", (guild_id, game_id, user_id))
        return bool(rows)

    async def bans(self, guild_id: int, *, user_id: int | None = None) -> list[BanRecord]:
        where, params = "guild_id = ?", [guild_id]
        if user_id is not None:
            where, params = f"{where} AND user_id = ?", [guild_id, user_id]
        async with self._read() as db:
            rows = await fetch(db, f"SELECT {_BAN_COLUMNS} FROM bans WHERE {where}"
                               " ORDER BY created_at, user_id", params)
        return [ban_record(r) for r in rows]

    async def is_banned(self, guild_id: int, game_id: int, user_id: int) -> bool:
        async with self._read() as db:
            rows = await fetch(
                db, "SELECT 1 FROM bans WHERE guild_id = ? AND user_id = ?"
                " AND game_id IN (?, ?) LIMIT 1", (guild_id, user_id, game_id, EVERY_GAME))
        return bool(rows)

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        async with self._read() as db:
            rows = await fetch(db, "SELECT key, value FROM user_settings WHERE user_id = ?",
                               (user_id,))
        return {r["key"]: loads(r["value"]) for r in rows}

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        async with self._write() as db:
            if value is None:
                await fetch(db, "DELETE FROM user_settings WHERE user_id = ? AND key = ?",
                            (user_id, key))
                return
            await fetch(
                db, "INSERT INTO user_settings (user_id, key, value) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value",
                (user_id, key, dumps(value)))
