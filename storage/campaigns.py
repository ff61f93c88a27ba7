"""Campaigns: a league or tournament of games in one server, its members and its games.

The interface and its records; `storage/sqlite_campaigns.py` holds the SQLite rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

CAMPAIGN_KINDS = ("league", "tournament")
CAMPAIGN_STATUSES = ("open", "running", "finished")


@dataclass(frozen=True)
class CampaignRecord:
    """A campaign of one server; `seats` is the table size its moderator asked for, `game`
    the engine's registry name."""

    id: int
    guild_id: int
    name: str
    game: str
    kind: str  # league | tournament
    seats: int
    created_by: int | None
    status: str  # open | running | finished
    created_at: float


@dataclass(frozen=True)
class MemberRecord:
    """A member as they were named when they joined (standings show that name even after
    they leave the server)."""

    user_id: int
    name: str
    joined_at: float


@dataclass(frozen=True)
class CampaignGameRecord:
    """One table the campaign dealt: which game, in which round, at which table (from 1)."""

    game_id: int
    round: int
    table: int


class CampaignStore(Protocol):
    """Part of `Repository`."""

    async def create_campaign(self, *, guild_id: int, name: str, game: str, kind: str,
                              seats: int, created_by: int | None) -> CampaignRecord:
        """A new open campaign; StorageError when the server already has one of that name
        (names compare without ASCII case)."""
        ...

    async def get_campaign(self, guild_id: int, name: str) -> CampaignRecord | None:
        """By name, without ASCII case."""
        ...

    async def campaigns(self, guild_id: int) -> list[CampaignRecord]:
        """The server's campaigns, newest first."""
        ...

    async def set_campaign_status(self, campaign_id: int, status: str) -> None:
        """Raises NotFound."""
        ...

    async def add_member(self, campaign_id: int, user_id: int, name: str) -> bool:
        """False (and nothing written) when the user is already a member."""
        ...

    async def remove_member(self, campaign_id: int, user_id: int) -> bool:
        """False when the user was not a member."""
        ...

    async def members(self, campaign_id: int) -> list[MemberRecord]:
        """In the order they joined."""
        ...

    async def add_campaign_game(self, campaign_id: int, game_id: int, *, round: int,
                                table: int) -> None:
        """StorageError when the table or the game is already recorded."""
        ...

    async def campaign_games(self, campaign_id: int) -> list[CampaignGameRecord]:
        """By round, then table."""
        ...

    async def campaign_of_game(self, game_id: int) -> CampaignRecord | None:
        """The campaign that dealt this game; None for a game of no campaign."""
        ...
