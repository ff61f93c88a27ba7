"""The rows storage hands out: plain frozen dataclasses, JSON columns already decoded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from storage.clock import ClockChanges, ClockState
from storage.outbox import NewPost

STATUSES = ("open", "running", "paused", "finished", "abandoned")

# A channel has at most one game "in play" at a time; these statuses count as in play.
LIVE_STATUSES = ("open", "running", "paused")


BOARD_TIMES = ("phase", "round", "request")  # after every phase, every round, on request only


def game_status(status: str) -> str:
    """`status` if it is one of `STATUSES`, for every backend's writes; else ValueError."""
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")
    return status


@dataclass(frozen=True)
class GameRecord:
    """A game's setup, status and latest snapshot. `version` counts every change."""

    id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    created_by: int | None
    created_at: float
    version: int
    state: dict[str, Any] | None
    result: dict[str, Any] | None
    boards: str = "phase"  # when its overview is posted: one of BOARD_TIMES


@dataclass(frozen=True)
class SeatRecord:
    """Who sits at a seat: a user, or an AI agent kind (`ai`, e.g. "heuristic")."""

    seat: int
    user_id: int | None
    name: str
    ai: str | None = None


@dataclass(frozen=True)
class ActionRecord:
    """One accepted action. `seq` orders the log; `version` is the game's version after it."""

    seq: int
    version: int
    seat: int
    user_id: int | None
    action: dict[str, Any]
    interaction_id: str | None
    created_at: float
    undone: bool


@dataclass(frozen=True)
class LoadedGame:
    """A game as every change of it starts: its record, its seats in seat order and its
    clocks, from one consistent read."""

    record: GameRecord
    seats: list[SeatRecord]
    clocks: ClockState


@dataclass(frozen=True)
class NewAction:
    """An accepted action to append to the log: who took it (`user_id` None for an AI or
    the game master), its JSON form, its events as `Event.to_json()` makes them, and the
    Discord interaction that carried it, if any."""

    seat: int
    user_id: int | None
    action: dict[str, Any]
    events: list[dict[str, Any]]
    interaction_id: str | None = None


@dataclass(frozen=True)
class NewAudit:
    """A decision worth a trail (who started the game, who changed a seat), written with
    the change it made; the game's guild and id are the turn's."""

    user_id: int | None
    what: str
    detail: dict[str, Any]


@dataclass(frozen=True)
class Turn:
    """Everything one accepted change of a game writes, as one transaction: new `seats`
    (the start, with what the setup told, `opening`; a seat taken or left), then the
    `actions` in order (a human's and the AI replies that followed it), the `state` after
    the last of them, the game's new `status` and `result` if they changed, what the
    change does to the clocks, and its audit entry.

    The version goes up by one for the seat change and by one per action, as if each had
    been written on its own: every action keeps a version of its own in the log."""

    expected_version: int
    state: dict[str, Any]
    actions: Sequence[NewAction] = ()
    seats: Sequence[SeatRecord] | None = None
    status: str | None = None
    result: dict[str, Any] | None = None
    clocks: ClockChanges | None = None
    audit: NewAudit | None = None
    # at the start: what the setup told (Event.to_json() dicts), the log's first lines
    opening: Sequence[dict[str, Any]] = ()
    # what the change makes public, for the outbox (storage/outbox.py)
    post: NewPost | None = None

    @property
    def version(self) -> int:
        """The game's version once the turn is stored."""
        return self.expected_version + (self.seats is not None) + len(self.actions)


@dataclass(frozen=True)
class EventRecord:
    """One event of an action; `seats` None means public, else only those seats may read it."""

    seq: int
    version: int
    text: str | dict[str, Any]  # a plain sentence, or a message (Msg.to_json)
    seats: list[int] | None
    kind: str


@dataclass(frozen=True)
class AuditRecord:
    """A moderator or system decision worth a trail (pause, undo, replace, end)."""

    id: int
    guild_id: int | None
    game_id: int | None
    user_id: int | None
    what: str
    detail: dict[str, Any]
    created_at: float


@dataclass(frozen=True)
class PackRecord:
    """A data pack uploaded in a guild for one game: its name there, the file's text as
    uploaded (the engine validates and freezes it), and the hash of the validated pack."""

    id: int
    guild_id: int
    game: str
    name: str
    text: str
    hash: str
    uploaded_by: int | None
    uploaded_at: float


@dataclass(frozen=True)
class PrivateThreadRecord:
    """A game's private thread for some seats only, e.g. the allies' council of a round
    (`purpose` "council 4"): only the players of `seats` were added to it."""

    game_id: int
    purpose: str
    thread_id: int
    seats: list[int]
    created_at: float
