"""CampaignStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

import time

from storage.campaigns import (
    CAMPAIGN_KINDS,
    CAMPAIGN_STATUSES,
    CampaignGameRecord,
    CampaignRecord,
    MemberRecord,
    round_conflict,
    round_step,
)
from storage.errors import NotFound
from storage.rows import campaign_record
from storage.sqlbase import SqliteBase, fetch

_COLUMNS = "id, guild_id, name, game, kind, seats, created_by, status, created_at"


class CampaignRows(SqliteBase):
    """Rows of storage/campaigns.py's `CampaignStore`."""

    async def create_campaign(self, *, guild_id: int, name: str, game: str, kind: str,
                              seats: int, created_by: int | None) -> CampaignRecord:
        if kind not in CAMPAIGN_KINDS:
            raise ValueError(f"unknown campaign kind {kind!r}; expected one of {CAMPAIGN_KINDS}")
        async with self._write() as db:
            rows = await fetch(
                db,
                "INSERT INTO campaigns (guild_id, name, game, kind, seats, created_by, status,"
                f" created_at) VALUES (?, ?, ?, ?, ?, ?, 'open', ?) RETURNING {_COLUMNS}",
                (guild_id, name, game, kind, seats, created_by, time.time()),
            )
        return campaign_record(rows[0])

    async def get_campaign(self, guild_id: int, name: str) -> CampaignRecord | None:
        async with self._read() as db:
            rows = await fetch(
                db, f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? AND name = ?",
                (guild_id, name),
            )
        return campaign_record(rows[0]) if rows else None

    async def campaigns(self, guild_id: int) -> list[CampaignRecord]:
        async with self._read() as db:
            rows = await fetch(
                db, f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? ORDER BY id DESC",
                (guild_id,),
            )
        return [campaign_record(r) for r in rows]

    async def set_campaign_status(self, campaign_id: int, status: str) -> None:
        if status not in CAMPAIGN_STATUSES:
            raise ValueError(f"unknown campaign status {status!r}")
        async with self._write() as db:
            rows = await fetch(db, "UPDATE campaigns SET status = ? WHERE id = ? RETURNING id",
                               (status, campaign_id))
        if not rows:
            raise NotFound(f"no campaign {campaign_id}")

    async def add_member(self, campaign_id: int, user_id: int, name: str) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db,
                "INSERT INTO campaign_members (campaign_id, user_id, name, joined_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING user_id",
                (campaign_id, user_id, name, time.time()),
            )
        return bool(rows)

    async def remove_member(self, campaign_id: int, user_id: int) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db,
                "DELETE FROM campaign_members WHERE campaign_id = ? AND user_id = ?"
                " RETURNING user_id",
                (campaign_id, user_id),
            )
        return bool(rows)

    async def members(self, campaign_id: int) -> list[MemberRecord]:
        async with self._read() as db:
            rows = await fetch(
                db,
                "SELECT user_id, name FROM campaign_members WHERE campaign_id = ?"
                " ORDER BY joined_at, user_id",
                (campaign_id,),
            )
        return [MemberRecord(r["user_id"], r["name"]) for r in rows]

    async def add_campaign_game(self, campaign_id: int, game_id: int, *, round: int,
                                table: int) -> None:
        async with self._write() as db:
            await fetch(
                db,
                "INSERT INTO campaign_games (campaign_id, game_id, round, table_number)"
                " VALUES (?, ?, ?, ?)",
                (campaign_id, game_id, round, table),
            )

    async def campaign_games(self, campaign_id: int) -> list[CampaignGameRecord]:
        async with self._read() as db:
            rows = await fetch(
                db,
                "SELECT game_id, round, table_number FROM campaign_games WHERE campaign_id = ?"
                " ORDER BY round, table_number",
                (campaign_id,),
            )
        return [CampaignGameRecord(r["game_id"], r["round"], r["table_number"]) for r in rows]

    async def campaign_of_game(self, game_id: int) -> CampaignRecord | None:
        columns = ", ".join(f"c.{c}" for c in _COLUMNS.split(", "))
        async with self._read() as db:
            rows = await fetch(
                db,
                f"SELECT {columns} FROM campaigns c JOIN campaign_games g"
                " ON g.campaign_id = c.id WHERE g.game_id = ?",
                (game_id,),
            )
        return campaign_record(rows[0]) if rows else None

    async def claim_round(self, campaign_id: int, round: int, step: str, now: float, *,
                          stale_before: float | None = None) -> bool:
        async with self._write() as db:
            rows = await fetch(
                db, "INSERT INTO campaign_rounds (campaign_id, round, step, claimed_at)"
                f" VALUES (?, ?, ?, ?) {round_conflict(stale_before, '?')} RETURNING round",
                (campaign_id, round, round_step(step), now,
                 *(() if stale_before is None else (stale_before,))))
        return bool(rows)

    async def release_round(self, campaign_id: int, round: int, step: str) -> None:
        async with self._write() as db:
            await db.execute("DELETE FROM campaign_rounds WHERE campaign_id = ? AND round = ?"
                             " AND step = ?", (campaign_id, round, step))
