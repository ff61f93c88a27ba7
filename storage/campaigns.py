"""Campaigns: a league or tournament of games in one server, its members and its games.

The interface and its records; `storage/sqlite_campaigns.py` holds the SQLite rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

CAMPAIGN_KINDS = ("league", "tournament")
CAMPAIGN_STATUSES = ("open", "running", "finished")
# What happens once per round (`claim_round`): it is dealt, and its news is told.
ROUND_STEPS = ("dealt", "told")


def round_step(step: str) -> str:
    if step not in ROUND_STEPS:
        raise ValueError(f"unknown round step {step!r}; expected one of {ROUND_STEPS}")
    return step


def round_conflict(stale_before: float | None, placeholder: str) -> str:
    """The ON CONFLICT clause of a round's claim, the same on both backends: a claim stays
    (DO NOTHING), or one made before `stale_before` (the placeholder's value) is taken
    over."""
    if stale_before is None:
        return "ON CONFLICT DO NOTHING"
    return ("ON CONFLICT (campaign_id, round, step) DO UPDATE SET claimed_at ="
            f" excluded.claimed_at WHERE campaign_rounds.claimed_at < {placeholder}")


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

    async def claim_round(self, campaign_id: int, round: int, step: str, now: float, *,
                          stale_before: float | None = None) -> bool:
        """Claims a round's `step` (`ROUND_STEPS`) for the caller: True for the one caller
        whose row lands, in whichever process it runs (INSERT ... ON CONFLICT DO NOTHING),
        False for every other. With `stale_before`, a claim made before then is taken over
        (its dealer died before dealing a table)."""
        ...

    async def release_round(self, campaign_id: int, round: int, step: str) -> None:
        """Gives a claim back: a deal refused before its first table was recorded."""
        ...
