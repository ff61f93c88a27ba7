"""Forged mid-game states for the wargame's rule tests: a real set-up, the nations picked,
then a chosen nation's action step begun with the flow's stack set by hand."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.flow import chance, push
from games.wargame import orders
from games.wargame.data import designed
from games.wargame.game import WargameGame

GAME = WargameGame()
DATA = designed()
State = dict[str, Any]


def picked(seats: int = 3, seed: int = 1, **options: Any) -> State:
    """A state whose seats have picked their nations (in the seat order drawn), with the
    first turn begun."""
    state = GAME.setup(seats, {"scenario": "S1", **options}, seed)
    while any(step["rule"] == "pick" for step in state["flow"]["stack"]):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def acting(nation: str = "cao", seats: int = 3, **options: Any) -> State:
    """The start of `nation`'s action step in turn 1, with an empty cup after it."""
    state = picked(seats, **options)
    state["flow"]["stack"] = []
    state["cup"] = []
    push(state, chance("draw"))
    state["acting"] = nation
    orders.begin_action(state, nation)
    return state


def seat_of(state: State, nation: str) -> int:
    return int(state["nations"][nation]["seat"])


def play(state: State, *texts: str) -> tuple[State, list]:
    """Apply the actions (canonical text forms) for whoever is due; the events of all."""
    told: list = []
    for text in texts:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, Action.parse(text))
        told += events
    return state, told


def legal(state: State) -> list[str]:
    seat = min(GAME.to_act(state))
    return [a.text for a in GAME.legal_actions(state, seat)]


def keys(events: list) -> list[str]:
    return [e.text.key for e in events]
