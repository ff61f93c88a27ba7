"""The game log's rows as statements (`Statement`): actions with their events, and seats, for
every writer of them: a turn (storage/sqlite.py) and an imported game (sqlite_tables.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.models import NewAction, SeatRecord
from storage.sqlbase import Statement, dumps

ACTION_COLUMNS = "seq, version, seat, user_id, action, interaction_id, created_at, undone"


def log_statements(game_id: int, first_version: int, now: float,
                   actions: Sequence[NewAction]) -> list[Statement]:
    """Appends `actions` (the first at `first_version`) with their events: one statement
    for the actions and one for the events, however many. Each row takes the next sequence
    number from the rows before it, in SQL, so the statements are made before the
    transaction; an event finds its action counting back from the last action written."""
    action_rows, event_rows = [], []
    for offset, action in enumerate(actions):
        version = first_version + offset
        action_rows.append((game_id, game_id, version, action.seat, action.user_id,
                            dumps(action.action), action.interaction_id, now))
        back = len(actions) - 1 - offset
        event_rows += [(game_id, game_id, game_id, back, version, *values)
                       for values in map(event_values, action.events)]
    return [
        (f"INSERT INTO actions (game_id, {ACTION_COLUMNS}) VALUES (?,"
         " (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?),"
         " ?, ?, ?, ?, ?, ?, 0)", action_rows),
        ("INSERT INTO events (game_id, seq, action_seq, version, text, message, seats, kind)"
         " VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM events WHERE game_id = ?),"
         " (SELECT MAX(seq) FROM actions WHERE game_id = ?) - ?, ?, ?, ?, ?, ?)", event_rows),
    ]


def opening_statements(game_id: int, events: Sequence[dict[str, Any]]) -> list[Statement]:
    """What the game's setup told (`Event.to_json()` dicts), numbered -N..-1 so it reads
    before the events of the actions."""
    count = len(events)
    rows = [(game_id, index - count, *event_values(event))
            for index, event in enumerate(events)]
    return [("INSERT INTO opening_events (game_id, seq, text, message, seats, kind)"
             " VALUES (?, ?, ?, ?, ?, ?)", rows)] if rows else []


def seat_statements(game_id: int, seats: Sequence[SeatRecord]) -> list[Statement]:
    return [("DELETE FROM seats WHERE game_id = ?", [(game_id,)]),
            ("INSERT INTO seats (game_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, ?)",
             [(game_id, s.seat, s.user_id, s.name, s.ai) for s in seats])]


def event_values(event: dict[str, Any]) -> tuple[str, str | None, str | None, str]:
    """(text, message JSON, seats JSON or None, kind) from an `Event.to_json()` dict: its
    "text" is a plain sentence, or a message as a dict, stored as JSON (on either backend)."""
    said, seats = event["text"], event.get("seats")
    text, message = (said, None) if isinstance(said, str) else ("", dumps(said))
    return (text, message, None if seats is None else dumps([int(s) for s in seats]),
            event.get("kind", "log"))
