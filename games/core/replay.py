"""Rebuild a game from its setup and action log. Storage keeps snapshots for speed; this is
the ground truth they must equal."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.game import Game, State


def replay(
    game: Game, seats: int, options: dict[str, Any], seed: int,
    actions: Iterable[tuple[int, Action]],
) -> tuple[State, list[Event]]:
    """Apply `(seat, action)` pairs in order from a fresh setup; raises GameError if any is
    refused, which means the log does not belong to this setup."""
    state = game.setup(seats, options, seed)
    events: list[Event] = []
    for seat, action in actions:
        state, new_events = game.apply(state, seat, action)
        events.extend(new_events)
    return state, events
