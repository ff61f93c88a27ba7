"""The storage interface the service depends on.

SQLite (`SqliteRepository`) is the embedded default; a PostgreSQL backend for a bot that
outgrows one machine implements the same Protocol. Every write that takes `expected_version`
is one transaction that first checks the game's version, so a stale writer changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from storage.campaigns import CampaignStore
from storage.clock import ClockChanges, ClockStore
from storage.models import (
    ActionRecord,
    AuditRecord,
    EventRecord,
    GameRecord,
    LoadedGame,
    NewAudit,
    PackRecord,
    PrivateThreadRecord,
    SeatRecord,
    Turn,
)
from storage.outbox import OutboxStore
from storage.server import ServerStore
from storage.tables import TableStore


class Repository(ServerStore, ClockStore, TableStore, CampaignStore, OutboxStore, Protocol):
    # Whether one bot process alone uses the database (a SQLite file): what it finds stored
    # before it started is then nobody else's. PostgreSQL may be shared by several.
    one_process: bool

    async def open(self) -> None:
        """Connect and bring the schema up to date (migrations are idempotent)."""

    async def close(self) -> None: ...

    # -- games ------------------------------------------------------------------------------
    async def create_game(
        self,
        *,
        game: str,
        options: dict[str, Any],
        seed: int,
        guild_id: int | None,
        channel_id: int | None,
        thread_id: int | None,
        created_by: int | None,
    ) -> int:
        """A new game with status "open" and version 0; returns its id."""
        ...

    async def get_game(self, game_id: int) -> GameRecord:
        """Raises NotFound."""
        ...

    async def load_game(self, game_id: int) -> LoadedGame:
        """The game, its seats (in seat order) and its clocks as one consistent read: what
        every change of a game starts from. Raises NotFound."""
        ...

    async def games_in_channel(self, channel_id: int) -> list[GameRecord]:
        """The open/running/paused games whose thread or channel is `channel_id`: the one
        played in that very thread first, then those of the channel, newest first."""
        ...

    async def list_games(
        self,
        *,
        guild_id: int | None = None,
        statuses: Iterable[str] | None = None,
        user_id: int | None = None,
    ) -> list[GameRecord]:
        """Matching games, newest first; `user_id` keeps games where that user holds a seat."""
        ...

    async def set_thread(self, game_id: int, thread_id: int | None) -> None:
        """Where the game is played; not a change of the game, so the version stays."""
        ...

    async def set_boards(self, game_id: int, boards: str) -> None:
        """When the game's overview is posted (one of `BOARD_TIMES`); the version stays."""
        ...

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        expected_version: int,
        result: dict[str, Any] | None = None,
        clocks: ClockChanges | None = None,
        audit: NewAudit | None = None,
    ) -> int:
        """Returns the new version; `result` (if given), the clock changes and the audit
        entry are stored in the same transaction."""
        ...

    # -- seats ------------------------------------------------------------------------------
    async def set_seats(
        self, game_id: int, seats: list[SeatRecord], *, expected_version: int
    ) -> int:
        """Replaces every seat at once; returns the new version."""
        ...

    async def get_seats(self, game_id: int) -> list[SeatRecord]:
        """In seat order."""
        ...

    # -- the action log ---------------------------------------------------------------------
    async def commit_turn(self, game_id: int, turn: Turn) -> int:
        """Stores an accepted change whole, in one transaction (see `Turn`): the start of a
        game, a human action with the AI actions that followed it, a seat change with what
        the AI then played, each with its events, the final state, the clock changes and the
        audit entry.

        Raises DuplicateInteraction (an interaction of its actions was already recorded) or
        StaleVersion (the game is not at `turn.expected_version`), and then writes nothing.
        Returns the new version, `turn.version`.
        """
        ...

    async def actions(self, game_id: int, *, include_undone: bool = False) -> list[ActionRecord]:
        """The log in seq order; replaying the live actions reproduces the snapshot."""
        ...

    async def events(
        self, game_id: int, *, viewer_seat: int | None = None, limit: int | None = None
    ) -> list[EventRecord]:
        """Events that seat may read (None: public only), oldest first, undone ones hidden;
        `limit` keeps the last N."""
        ...

    async def undo_actions(
        self, game_id: int, *, keep: int, state: dict[str, Any], expected_version: int,
        clocks: ClockChanges | None = None, audit: NewAudit | None = None,
    ) -> int:
        """Marks every live action after the first `keep` live ones as undone (kept for the
        record, never deleted) and stores `state` as the snapshot, with the clock changes and
        the audit entry in the same transaction. Returns the new version."""
        ...

    # -- administration ---------------------------------------------------------------------
    async def audit(
        self,
        *,
        guild_id: int | None,
        game_id: int | None,
        user_id: int | None,
        what: str,
        detail: dict[str, Any],
    ) -> None: ...

    async def audit_log(
        self, *, guild_id: int | None = None, game_id: int | None = None, limit: int = 50
    ) -> list[AuditRecord]:
        """Newest first."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Stores a JSON value; None removes the setting so its default applies again."""
        ...

    # -- private threads --------------------------------------------------------------------
    async def add_private_thread(
        self, game_id: int, *, purpose: str, thread_id: int, seats: list[int]
    ) -> PrivateThreadRecord:
        """Records a game's private thread; a purpose has one thread per game (StorageError
        when it already has one)."""
        ...

    async def private_thread(self, game_id: int, purpose: str) -> PrivateThreadRecord | None:
        ...

    async def private_thread_by_id(self, thread_id: int) -> PrivateThreadRecord | None:
        """Which game and purpose a Discord thread serves, if any."""
        ...

    # -- data packs -------------------------------------------------------------------------
    async def save_pack(
        self,
        *,
        guild_id: int,
        game: str,
        name: str,
        text: str,
        digest: str,
        uploaded_by: int | None,
    ) -> PackRecord:
        """Stores a pack under `name` in the guild; one of the same game and name is replaced
        (a group correcting its cards re-uploads under the same name)."""
        ...

    async def packs(self, guild_id: int, game: str | None = None) -> list[PackRecord]:
        """The guild's packs (of one game if given), by name."""
        ...

    async def get_pack(self, guild_id: int, game: str, name: str) -> PackRecord:
        """Raises NotFound."""
        ...

    async def remove_pack(self, guild_id: int, game: str, name: str) -> None:
        """Raises NotFound when the guild has no such pack."""
        ...

    async def size_bytes(self) -> int:
        """Size of the stored data, for `gm bench`."""
        ...
