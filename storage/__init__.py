"""Storage: games as setup plus an append-only action log, with a snapshot for speed.

Owns all SQL of the project; knows nothing of Discord or of any game's rules.
"""

from storage.backends import is_postgres, repository_for
from storage.errors import (
    DuplicateInteraction,
    NotFound,
    StaleRow,
    StaleVersion,
    StorageError,
    StorageUnavailable,
)
from storage.models import (
    BOARD_TIMES,
    LIVE_STATUSES,
    STATUSES,
    ActionRecord,
    AuditRecord,
    EventRecord,
    GameRecord,
    LoadedGame,
    NewAction,
    NewAudit,
    SeatRecord,
    Turn,
)
from storage.postgres import PostgresRepository
from storage.repository import Repository
from storage.sqlbase import SYNCHRONOUS as SQLITE_SYNCHRONOUS
from storage.sqlite import SqliteRepository

__all__ = [
    "BOARD_TIMES",
    "LIVE_STATUSES",
    "STATUSES",
    "ActionRecord",
    "AuditRecord",
    "DuplicateInteraction",
    "EventRecord",
    "GameRecord",
    "LoadedGame",
    "NewAction",
    "NewAudit",
    "NotFound",
    "SQLITE_SYNCHRONOUS",
    "PostgresRepository",
    "Repository",
    "SeatRecord",
    "SqliteRepository",
    "StaleRow",
    "StaleVersion",
    "StorageError",
    "StorageUnavailable",
    "Turn",
    "is_postgres",
    "repository_for",
]
