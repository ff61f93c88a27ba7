"""Builders for Redux tests: a started game after the initial pick (fixed seed), a table at
any bidding moment with chosen generals and resources, and short ways to act. Every builder
keeps each general and component in exactly one place, so `invariants` hold throughout.

Helpers B and C import this module too: `started()` is the common starting point, `rig` sets
fields, `recruited` decides who has which generals."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.redux import GAME
from games.redux.rules import UNIT_WEAPON
from games.redux.state import player

WEI, WU, SHU = 0, 1, 2  # seats under the default option nations=join


def started(seed: int = 7, options: dict | None = None) -> dict:
    """A game after the initial secret pick (each seat takes its first legal pick), at the
    alliance choice of round 1."""
    state = GAME.setup(3, options or {}, seed)
    while state["step"] == "pick":
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return state


def act(state: dict, seat: int, text: str) -> tuple[dict, list[Event]]:
    """Apply one move typed as text, as a player would."""
    return GAME.apply(state, seat, Action.parse(text))


def moves(state: dict, *steps: tuple[int, str]) -> tuple[dict, list[Event]]:
    """Several `(seat, text)` moves in order; all their events."""
    events: list[Event] = []
    for seat, text in steps:
        state, new = act(state, seat, text)
        events += new
    return state, events


def rig(state: dict, seat: int | None = None, **fields: Any) -> dict:
    """Set fields of a player (with `seat`) or of the state; nested dicts are merged, so
    `rig(s, 0, weapons={"horse": 2})` keeps the other weapons. Support tokens and weapons and
    armies are taken from or given back to the general supply to keep them conserved."""
    target = state if seat is None else player(state, seat)
    for key, value in fields.items():
        old = target[key]
        if seat is not None:
            _balance_supply(state, key, old, value)
        if isinstance(old, dict) and isinstance(value, dict):
            old.update(value)
        else:
            target[key] = value
    return state


def _balance_supply(state: dict, key: str, old: Any, new: Any) -> None:
    supply = state["supply"]
    if key == "support":
        supply["support"] -= new - old
    elif key == "weapons":
        for w, n in new.items():
            supply[w] -= n - old[w]
    elif key == "armies":
        for kind, n in new.items():
            supply["armies"] -= n - old[kind]


def recruited(state: dict, seat: int, *generals: str) -> dict:
    """The seat's recruited generals become exactly these (in this order); all its other
    generals go back to its general deck, none drawn or hidden."""
    p = player(state, seat)
    everyone = p["general_deck"] + p["drawn"] + p["hidden"] + p["generals"]
    p["generals"] = list(generals)
    p["general_deck"] = sorted(g for g in everyone if g not in generals)
    p["drawn"], p["hidden"], p["picking"] = [], [], 0
    p["recruited_round"] = {g: 1 for g in generals}
    return state


def bidding(state: dict, alliance: str = "trade", order: tuple[int, int, int] = (0, 1, 2),
            previous: str | None = None) -> dict:
    """The state at the first bidding turn: `order` is the bid order, `alliance` the
    alliance action (last round's was `previous`)."""
    state.update(step="bid", bid_order=list(order), turn=order[0], draft=None, bids=[],
                 seq=0, alliance={"action": alliance, "previous": previous})
    for p in state["players"]:
        p["drawn"], p["picking"] = [], 0
        p["general_deck"] += p["hidden"]
        p["hidden"] = []
    return state


def units(state: dict, seat: int, unit: str, count: int) -> dict:
    """Give the seat `count` trained armies and weapons for `unit` units (A32)."""
    p = player(state, seat)
    weapon = UNIT_WEAPON[unit]
    return rig(state, seat, armies={"trained": p["armies"]["trained"] + count},
               weapons={weapon: p["weapons"][weapon] + count})


def place(state: dict, seat: int, general: str, action: str,
          *answers: str) -> tuple[dict, list[Event]]:
    """One bidding turn: `place`, `on`, then the given stage answers (`units cavalry 2`)."""
    return moves(state, (seat, f"place {general}"), (seat, f"on {action}"),
                 *((seat, a) for a in answers))
