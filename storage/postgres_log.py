"""The game log's rows on PostgreSQL: actions with their events, the opening, and seats, for
every writer of them (a turn, storage/postgres.py; an imported game, postgres_tables.py).

Each runs inside its caller's transaction, after the caller took the game's row lock (its
compare-and-set on the version, or a game created in the same transaction), so the sequence
numbers a statement takes from the rows before it cannot race: no other writer of the game's
log can run between them. The primary keys (game, seq) would refuse one that did anyway.
Every kind of row is one statement, whatever the number of rows (arrays unnested).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.errors import DuplicateInteraction, StorageError
from storage.models import NewAction, SeatRecord
from storage.postgres_migrations import Conn
from storage.sqlbase import dumps
from storage.sqlite_log import ACTION_COLUMNS, event_values

_INSERT_ACTIONS = (
    "INSERT INTO actions (game_id, seq, version, seat, user_id, action, interaction_id,"
    " created_at, undone)"
    " SELECT $1, base.last + a.n, a.version, a.seat, a.user_id, a.action, a.interaction_id,"
    " $2, 0 FROM unnest($3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[])"
    " WITH ORDINALITY AS a (version, seat, user_id, action, interaction_id, n),"
    " (SELECT COALESCE(MAX(seq), 0) AS last FROM actions WHERE game_id = $1) AS base"
    " ORDER BY a.n"
    # A Discord interaction is applied once: a repeat (from any process) is left out here,
    # which `write_log` turns into DuplicateInteraction and so a rollback.
    " ON CONFLICT (interaction_id) DO NOTHING RETURNING interaction_id")
# An event finds its action counting back from the last action written.
_INSERT_EVENTS = (
    "INSERT INTO events (game_id, seq, action_seq, version, text, message, seats, kind)"
    " SELECT $1, base.last + e.n, acts.last - e.back, e.version, e.text, e.message, e.seats,"
    " e.kind FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[],"
    " $7::text[]) WITH ORDINALITY AS e (back, version, text, message, seats, kind, n),"
    " (SELECT COALESCE(MAX(seq), 0) AS last FROM events WHERE game_id = $1) AS base,"
    " (SELECT MAX(seq) AS last FROM actions WHERE game_id = $1) AS acts")

SELECT_ACTIONS = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = $1"


async def write_log(conn: Conn, game_id: int, first_version: int, now: float,
                    actions: Sequence[NewAction]) -> None:
    """Appends `actions` (the first at `first_version`) with their events. Raises
    DuplicateInteraction when an interaction of theirs is already recorded (the caller's
    transaction then rolls back)."""
    if not actions:
        return
    stored = await conn.fetch(
        _INSERT_ACTIONS, game_id, now,
        [first_version + offset for offset in range(len(actions))],
        [a.seat for a in actions], [a.user_id for a in actions],
        [dumps(a.action) for a in actions], [a.interaction_id for a in actions])
    if len(stored) < len(actions):
        _refuse_repeat(actions, {row["interaction_id"] for row in stored})
    rows = [(len(actions) - 1 - offset, first_version + offset, *event_values(event))
            for offset, action in enumerate(actions) for event in action.events]
    if rows:
        await conn.execute(_INSERT_EVENTS, game_id, *map(list, zip(*rows, strict=True)))


async def write_opening(conn: Conn, game_id: int, events: Sequence[dict[str, Any]]) -> None:
    """What the game's setup told, numbered -N..-1 so it reads before the actions' events."""
    if not events:
        return
    rows = [(index - len(events), *event_values(event)) for index, event in enumerate(events)]
    await conn.execute(
        "INSERT INTO opening_events (game_id, seq, text, message, seats, kind)"
        " SELECT $1, o.seq, o.text, o.message, o.seats, o.kind FROM unnest($2::bigint[],"
        " $3::text[], $4::text[], $5::text[], $6::text[]) AS o (seq, text, message, seats, kind)",
        game_id, *map(list, zip(*rows, strict=True)))


async def write_seats(conn: Conn, game_id: int, seats: Sequence[SeatRecord]) -> None:
    """Replaces every seat of the game."""
    await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
    await conn.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, ai) SELECT $1, s.seat, s.user_id,"
        " s.name, s.ai FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[])"
        " AS s (seat, user_id, name, ai)",
        game_id, [s.seat for s in seats], [s.user_id for s in seats],
        [s.name for s in seats], [s.ai for s in seats])


def _refuse_repeat(actions: Sequence[NewAction], written: set[str | None]) -> None:
    """Why some of `actions` were left out: an interaction recorded before (by any process)
    is a DuplicateInteraction; one carried twice by the turn itself breaks the unique index,
    a StorageError as on SQLite."""
    for action in actions:
        if action.interaction_id is not None and action.interaction_id not in written:
            raise DuplicateInteraction(action.interaction_id)
    raise StorageError("constraint violated: an interaction appears twice in one turn")
