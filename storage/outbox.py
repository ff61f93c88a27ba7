"""The outbox: announcements stored with the change they announce (schema 010), posted and
marked done by the bot. The interface and its record; `storage/sqlite_outbox.py` holds the
SQLite rows.

Exactly once, across crashes and processes: an entry is created claimed by its creator
(`lease` seconds), which posts it at once; anyone else takes it only once the lease ran out
(`claim_posts`, a compare-and-set, `FOR UPDATE SKIP LOCKED` on PostgreSQL), and always the
oldest pending entry of a game first. A bot that just started takes over at once what was
created before it started (`orphaned_before`): on one machine, its creator is dead.
`progress` counts the messages sent so far, recorded after each (`post_progress`), so a
retry resumes after the last one Discord took.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

LEASE = 15.0  # seconds a poster holds an entry before another may take it over


@dataclass(frozen=True)
class NewPost:
    """What a change must make public, stored in its transaction (`Turn.post`)."""

    payload: dict[str, Any]
    board: bool = False  # it posts the table's board (a later board replaces it)


@dataclass(frozen=True)
class PostRecord:
    """An entry, known by its game and the version its change stored."""

    game_id: int
    version: int
    payload: dict[str, Any]
    created_at: float
    progress: int
    done: bool


class OutboxStore(Protocol):
    async def post_of(self, game_id: int, version: int) -> PostRecord | None:
        """The entry that announces the change of `game_id` stored at `version`."""
        ...

    async def claim_posts(self, now: float, lease: float = LEASE, limit: int = 50,
                          orphaned_before: float | None = None) -> list[PostRecord]:
        """Takes over the entries nobody holds (their lease ran out, or they were created
        before `orphaned_before`: by a process that is gone), only the oldest pending one of
        each game, oldest first, and holds them for `lease` seconds."""
        ...

    async def post_payload(self, game_id: int, version: int,
                           payload: dict[str, Any]) -> None:
        """What the entry posts, as the service's hooks completed it after the commit."""
        ...

    async def post_progress(self, game_id: int, version: int, progress: int,
                            now: float, lease: float = LEASE) -> None:
        """`progress` messages of the entry are sent (each retry starts after them); the
        poster's lease is renewed."""
        ...

    async def post_done(self, game_id: int, version: int, now: float) -> None: ...

    async def last_board(self, game_id: int) -> PostRecord | None:
        """The game's newest entry that carries a board, to mark what changed since."""
        ...

    async def newer_board(self, game_id: int, version: int) -> bool:
        """Whether a later entry of the game carries a board: a late board it replaced is
        not posted."""
        ...
