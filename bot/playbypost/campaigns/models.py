"""What a campaign reads and shows: a dealt table with its stored game, a round's schedule,
standings and statistics."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.i18n import text
from bot.service.models import ServiceError, Table
from games.core import Game, GameError, get_game
from games.core.messages import Term
from rendering.standings import Standing
from storage import GameRecord, SeatRecord
from storage.campaigns import CampaignRecord

LIVE = ("open", "running", "paused")
DONE = ("finished", "abandoned")


@dataclass(frozen=True)
class Played:
    """A table the campaign dealt, with its game as stored now."""

    round: int
    table: int
    record: GameRecord
    seats: list[SeatRecord]

    @property
    def users(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None and not s.ai]

    @property
    def live(self) -> bool:
        return self.record.status in LIVE

    @property
    def result(self) -> dict[str, Any]:
        """The stored result of a counted game."""
        if self.record.result is None:
            raise ValueError(f"game {self.record.id} has no result")
        return self.record.result

    @property
    def state(self) -> dict[str, Any]:
        """The engine state of a game that started (every counted game did)."""
        if self.record.state is None:
            raise ValueError(f"game {self.record.id} has not started")
        return self.record.state

    @property
    def counted(self) -> bool:
        """Finished games count, ended "with scores" included; abandoned ones never do."""
        return self.record.status == "finished" and self.record.result is not None

    @property
    def winners(self) -> list[int]:
        """The members who won it (an AI that took a seat over wins for nobody)."""
        if not self.counted:
            return []
        won = set(self.result["winners"])
        return [s.user_id for s in self.seats
                if s.seat in won and s.user_id is not None and not s.ai]

    @property
    def advancing(self) -> list[int]:
        """Who goes on from this table in a tournament: the members placed best among its
        members. These are the winners, unless an AI seat won (one that filled the table,
        or took a seat over): an AI goes nowhere, so the best-placed person does."""
        if not self.counted:
            return []
        places = places_in(self.result)
        people = {s.seat: s.user_id for s in self.seats
                  if s.user_id is not None and not s.ai and s.seat in places}
        best = min((places[seat] for seat in people), default=None)
        return [user for seat, user in people.items() if places[seat] == best]


@dataclass(frozen=True)
class ScheduledTable:
    round: int
    table: int
    game_id: int
    thread_id: int | None
    status: str
    players: list[str]
    winners: list[str]


@dataclass(frozen=True)
class Schedule:
    """The rounds so far and who is free for the next one (`champions` once a tournament
    is decided)."""

    campaign: CampaignRecord
    title: Term  # the game's, worded for each reader
    members: int
    tables: list[ScheduledTable]
    waiting: list[str]
    champions: list[str]


@dataclass(frozen=True)
class OpenedRound:
    campaign: CampaignRecord
    round: int
    tables: list[Table]
    sitting_out: list[str]
    ai_seats: int  # AI seats that fill the only table when too few players are left


@dataclass(frozen=True)
class Standings:
    campaign: CampaignRecord
    title: Term  # the game's, worded for each reader
    rows: list[Standing]
    games: int  # the finished games counted


@dataclass(frozen=True)
class RoleStats:
    kind: str  # the engine's kind of role: "faction", "mat"
    role: str
    games: int
    wins: int
    average: float | None


@dataclass(frozen=True)
class PlayerStats:
    campaign: CampaignRecord
    name: str
    games: int
    wins: int
    average: float | None
    roles: list[RoleStats]


def places_in(result: dict[str, Any]) -> dict[int, int]:
    """Seat -> place (0 is first) from a stored Result: the winners share first place; the
    others follow in the engine's order, tied when their total and tie-breaks are equal."""
    winners = set(result["winners"])
    places = {int(s): 0 for s in winners}
    keys: list[tuple[Any, ...]] = []
    for score in (s for s in result["scores"] if s["seat"] not in winners):
        key = (score["total"], tuple(score.get("tiebreak") or ()))
        places[int(score["seat"])] = 1 + (keys.index(key) if key in keys else len(keys))
        keys.append(key)
    return places


def unique(values: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(values))


def engine_of(game: str) -> Game:
    try:
        return get_game(game)
    except GameError:
        raise ServiceError(text("campaigns.unknown_game", game=game)) from None
