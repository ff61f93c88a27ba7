"""Accessors of the Scythe state (schema: docs/scythe-engine.md, "The state").

Every module reads and writes the state through these helpers, so the schema is spelled in
one place: a player's units and their places, resource piles, and the frame stack."""

from __future__ import annotations

from typing import Any

from games.scythe import rules

State = dict[str, Any]
Frame = dict[str, Any]
MAT = "mat"


# -- players and seats -----------------------------------------------------------------------
def player(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def faction_of(state: State, seat: int) -> str:
    return state["players"][seat]["faction"]


def seat_name(state: State, seat: int) -> str:
    """How events name a seat: `Seat 2 (Crimea)`; the service swaps in the player's name."""
    faction = state["players"][seat]["faction"]
    return f"Seat {seat} ({faction.capitalize()})" if faction else f"Seat {seat}"


def left_of(state: State, seat: int) -> int:
    """The next seat clockwise (A21)."""
    order = state["order"]
    return order[(order.index(seat) + 1) % len(order)]


def right_of(state: State, seat: int) -> int:
    """The previous seat clockwise (A21)."""
    order = state["order"]
    return order[(order.index(seat) - 1) % len(order)]


def neighbours(state: State, seat: int) -> list[int]:
    """Left then right neighbour; the one opponent only once with two players (S11.4)."""
    left, right = left_of(state, seat), right_of(state, seat)
    return [left] if left == right else [left, right]


# -- units -------------------------------------------------------------------------------------
def worker_ids() -> list[str]:
    return [f"worker:{n}" for n in range(1, rules.WORKERS + 1)]


def is_worker(unit: str) -> bool:
    return unit.startswith("worker:")


def is_mech(unit: str) -> bool:
    return unit.startswith("mech:")


def unit_place(state: State, seat: int, unit: str) -> str:
    return state["players"][seat]["units"][unit]


def set_unit_place(state: State, seat: int, unit: str, place: str) -> None:
    state["players"][seat]["units"][unit] = place


def units_of(state: State, seat: int, place: str) -> list[str]:
    """A seat's units on `place`, character first, then mechs, then workers."""
    units = state["players"][seat]["units"]
    return [u for u in units if units[u] == place]


def units_at(state: State, place: str) -> list[tuple[int, str]]:
    """Every unit on `place` as (seat, unit), in seat order."""
    return [(p["seat"], u) for p in state["players"] for u, where in p["units"].items()
            if where == place]


def mat_workers(state: State, seat: int) -> list[str]:
    """Workers still on the Produce section, leftmost (lowest number) first (S6.4)."""
    return [w for w in worker_ids() if unit_place(state, seat, w) == MAT]


def workers_off_mat(state: State, seat: int) -> int:
    return rules.WORKERS - len(mat_workers(state, seat))


def mechs_deployed(state: State, seat: int) -> list[str]:
    units = state["players"][seat]["units"]
    return [u for u in units if is_mech(u) and units[u] != MAT]


def abilities(state: State, seat: int) -> set[str]:
    """Unlocked mech abilities: one per deployed mech (S10.1)."""
    return {u.split(":", 1)[1] for u in mechs_deployed(state, seat)}


def unit_key(seat: int, unit: str) -> str:
    """A unit's key in `state["turn"]["moved"]`."""
    return f"{seat}/{unit}"


# -- resources -------------------------------------------------------------------------------
def resources_at(state: State, territory: str) -> dict[str, int]:
    """The tokens on a territory, every kind present (zeros included)."""
    pile = state["resources"].get(territory, {})
    return {r: pile.get(r, 0) for r in rules.RESOURCES}


def add_resource(state: State, territory: str, resource: str, amount: int = 1) -> None:
    pile = state["resources"].setdefault(territory, {})
    pile[resource] = pile.get(resource, 0) + amount


def take_resource(state: State, territory: str, resource: str, amount: int = 1) -> None:
    """Remove tokens (callers check they are there); empty piles are dropped from the state."""
    pile = state["resources"][territory]
    pile[resource] -= amount
    if pile[resource] == 0:
        del pile[resource]
    if not pile:
        del state["resources"][territory]


# -- cards -----------------------------------------------------------------------------------
def combat_card_ids() -> list[str]:
    """The 42 combat cards, `cc01`.. in value order: 16 twos, 12 threes, 8 fours, 6 fives."""
    count = sum(rules.COMBAT_DECK.values())
    return [f"cc{n:02d}" for n in range(1, count + 1)]


def card_value(card_id: str) -> int:
    number = int(card_id[2:])
    for value, copies in sorted(rules.COMBAT_DECK.items()):
        if number <= copies:
            return value
        number -= copies
    raise ValueError(f"no combat card {card_id}")


# -- the frame stack -----------------------------------------------------------------------
def top(state: State) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def pending(state: State) -> Frame:
    """The frame on top when a decision is known to be owed (a seat is to act)."""
    frame = top(state)
    if frame is None:
        raise AssertionError("no frame is pending")
    return frame


def push(state: State, *frames: Frame) -> None:
    """Push frames given in execution order: the first one given ends on top."""
    state["stack"].extend(reversed(frames))


def pop(state: State) -> Frame:
    return state["stack"].pop()


def frame_seats(frame: Frame) -> list[int]:
    """Who a frame waits for: `seats` for simultaneous frames, else `seat`."""
    return list(frame.get("seats", [frame["seat"]]))
