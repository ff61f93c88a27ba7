"""Rows to records and back, for every backend: a SQLite row and a PostgreSQL record are both
read by column name, and both backends store the same columns (JSON as text), so one reading
of each row (and one writing of the clocks' values) serves both and their records cannot
drift apart."""

from __future__ import annotations

from typing import Any, Protocol

from storage.campaigns import CampaignRecord
from storage.clock import ClockRecord, DeadlineRecord
from storage.models import ActionRecord, GameRecord, PackRecord, PrivateThreadRecord
from storage.outbox import PostRecord
from storage.server import BanRecord
from storage.sqlbase import dumps, loads
from storage.tables import UndoVoteRecord


class Row(Protocol):
    """What both `sqlite3.Row` and `asyncpg.Record` offer: a column's value by name."""

    def __getitem__(self, key: str, /) -> Any: ...


def game_record(r: Row) -> GameRecord:
    return GameRecord(
        id=r["id"], game=r["game"], options=loads(r["options"]), seed=r["seed"],
        status=r["status"], guild_id=r["guild_id"], channel_id=r["channel_id"],
        thread_id=r["thread_id"], created_by=r["created_by"], created_at=r["created_at"],
        version=r["version"], state=loads(r["state"]), result=loads(r["result"]),
        boards=r["boards"],
    )


def private_thread_record(r: Row) -> PrivateThreadRecord:
    return PrivateThreadRecord(game_id=r["game_id"], purpose=r["purpose"],
                               thread_id=r["thread_id"], seats=loads(r["seats"]),
                               created_at=r["created_at"])


def pack_record(r: Row) -> PackRecord:
    return PackRecord(
        id=r["id"], guild_id=r["guild_id"], game=r["game"], name=r["name"], text=r["text"],
        hash=r["hash"], uploaded_by=r["uploaded_by"], uploaded_at=r["uploaded_at"],
    )


def action_record(r: Row) -> ActionRecord:
    return ActionRecord(
        seq=r["seq"], version=r["version"], seat=r["seat"], user_id=r["user_id"],
        action=loads(r["action"]), interaction_id=r["interaction_id"],
        created_at=r["created_at"], undone=bool(r["undone"]),
    )


def clock_record(r: Row) -> ClockRecord:
    return ClockRecord(r["game_id"], r["seat"], r["user_id"], r["version"],
                       r["started_at"], r["due_at"], tuple(loads(r["reminded"])),
                       bool(r["expired"]), r["held_for"], r["held_since"])


def clock_values(clock: ClockRecord) -> tuple[object, ...]:
    """A clock's columns as `clock_record` reads them, in their order in the table."""
    return (clock.game_id, clock.seat, clock.user_id, clock.version, clock.started_at,
            clock.due_at, dumps(list(clock.reminded)), int(clock.expired), clock.held_for,
            clock.held_since)


def deadline_record(game_id: int, r: Row) -> DeadlineRecord:
    """`game_id` given apart: a game's load reads the deadline's columns beside others."""
    return DeadlineRecord(game_id, r["hours"], r["policy"], tuple(loads(r["reminders"])))


def deadline_values(deadline: DeadlineRecord) -> tuple[object, ...]:
    return (deadline.game_id, deadline.hours, deadline.policy, dumps(list(deadline.reminders)))


def campaign_record(r: Row) -> CampaignRecord:
    return CampaignRecord(
        id=r["id"], guild_id=r["guild_id"], name=r["name"], game=r["game"], kind=r["kind"],
        seats=r["seats"], created_by=r["created_by"], status=r["status"],
        created_at=r["created_at"],
    )


def vote_record(r: Row) -> UndoVoteRecord:
    return UndoVoteRecord(
        id=r["id"], game_id=r["game_id"], requested_by=r["requested_by"], keep=r["keep"],
        version=r["version"], affected=loads(r["affected"]), approved=loads(r["approved"]),
        status=r["status"], created_at=r["created_at"])


def ban_record(r: Row) -> BanRecord:
    return BanRecord(guild_id=r["guild_id"], game_id=r["game_id"], user_id=r["user_id"],
                     reason=r["reason"], banned_by=r["banned_by"], created_at=r["created_at"])


def post_record(r: Row) -> PostRecord:
    return PostRecord(r["game_id"], r["version"], loads(r["payload"]),
                      r["created_at"], r["progress"], r["done_at"] is not None)
