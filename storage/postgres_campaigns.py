"""CampaignStore on PostgreSQL (mixed into `PostgresRepository`; schema 007 of schema_pg/).

A campaign's name compares without ASCII case, as SQLite's NOCASE: lower() under the "C"
collation folds ASCII letters only, and the unique index is on that same expression."""

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
from storage.pgbase import PostgresBase, returned
from storage.rows import campaign_record

_COLUMNS = "id, guild_id, name, game, kind, seats, created_by, status, created_at"


class CampaignRows(PostgresBase):
    """Rows of storage/campaigns.py's `CampaignStore`."""

    async def create_campaign(self, *, guild_id: int, name: str, game: str, kind: str,
                              seats: int, created_by: int | None) -> CampaignRecord:
        if kind not in CAMPAIGN_KINDS:
            raise ValueError(f"unknown campaign kind {kind!r}; expected one of {CAMPAIGN_KINDS}")
        async with self._write() as conn:
            row = await conn.fetchrow(
                "INSERT INTO campaigns (guild_id, name, game, kind, seats, created_by, status,"
                " created_at) VALUES ($1, $2, $3, $4, $5, $6, 'open', $7)"
                f" RETURNING {_COLUMNS}",
                guild_id, name, game, kind, seats, created_by, time.time())
        return campaign_record(returned(row))

    async def get_campaign(self, guild_id: int, name: str) -> CampaignRecord | None:
        async with self._connection() as conn:
            row = await conn.fetchrow(
                f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = $1"
                ' AND lower(name COLLATE "C") = lower($2::text COLLATE "C")', guild_id, name)
        return None if row is None else campaign_record(row)

    async def campaigns(self, guild_id: int) -> list[CampaignRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = $1 ORDER BY id DESC",
                guild_id)
        return [campaign_record(r) for r in rows]

    async def set_campaign_status(self, campaign_id: int, status: str) -> None:
        if status not in CAMPAIGN_STATUSES:
            raise ValueError(f"unknown campaign status {status!r}")
        async with self._write() as conn:
            found = await conn.fetchval(
                "UPDATE campaigns SET status = $1 WHERE id = $2 RETURNING id",
                status, campaign_id)
        if found is None:
            raise NotFound(f"no campaign {campaign_id}")

    async def add_member(self, campaign_id: int, user_id: int, name: str) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "INSERT INTO campaign_members (campaign_id, user_id, name, joined_at)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING user_id",
                campaign_id, user_id, name, time.time())
        return found is not None

    async def remove_member(self, campaign_id: int, user_id: int) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "DELETE FROM campaign_members WHERE campaign_id = $1 AND user_id = $2"
                " RETURNING user_id", campaign_id, user_id)
        return found is not None

    async def members(self, campaign_id: int) -> list[MemberRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT user_id, name FROM campaign_members WHERE campaign_id = $1"
                " ORDER BY joined_at, user_id", campaign_id)
        return [MemberRecord(r["user_id"], r["name"]) for r in rows]

    async def add_campaign_game(self, campaign_id: int, game_id: int, *, round: int,
                                table: int) -> None:
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO campaign_games (campaign_id, game_id, round, table_number)"
                " VALUES ($1, $2, $3, $4)", campaign_id, game_id, round, table)

    async def campaign_games(self, campaign_id: int) -> list[CampaignGameRecord]:
        async with self._connection() as conn:
            rows = await conn.fetch(
                "SELECT game_id, round, table_number FROM campaign_games"
                " WHERE campaign_id = $1 ORDER BY round, table_number", campaign_id)
        return [CampaignGameRecord(r["game_id"], r["round"], r["table_number"]) for r in rows]

    async def campaign_of_game(self, game_id: int) -> CampaignRecord | None:
        columns = ", ".join(f"c.{c}" for c in _COLUMNS.split(", "))
        async with self._connection() as conn:
            row = await conn.fetchrow(
                f"SELECT {columns} FROM campaigns c JOIN campaign_games g"
                " ON g.campaign_id = c.id WHERE g.game_id = $1", game_id)
        return None if row is None else campaign_record(row)

    async def claim_round(self, campaign_id: int, round: int, step: str, now: float, *,
                          stale_before: float | None = None) -> bool:
        async with self._write() as conn:
            found = await conn.fetchval(
                "INSERT INTO campaign_rounds (campaign_id, round, step, claimed_at)"
                f" VALUES ($1, $2, $3, $4) {round_conflict(stale_before, '$5')} RETURNING round",
                campaign_id, round, round_step(step), now,
                *(() if stale_before is None else (stale_before,)))
        return found is not None

    async def release_round(self, campaign_id: int, round: int, step: str) -> None:
        async with self._write() as conn:
            await conn.execute("DELETE FROM campaign_rounds WHERE campaign_id = $1"
                               " AND round = $2 AND step = $3", campaign_id, round, step)
