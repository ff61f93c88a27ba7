"""Objective conditions (spec S16, A19): is a card's condition true for a seat right now?

A card's condition is the conjunction of its predicates (`cards.objectives()`, S16.5); each
predicate type is one small function below, reading the state through `control.py` and
`state.py`, so adding a card never needs code, only a predicate the engine already knows."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.scythe import rules
from games.scythe.board import LAKE, board
from games.scythe.cards import objective
from games.scythe.control import control_map, controlled, controlled_resources
from games.scythe.state import (
    State,
    is_mech,
    is_worker,
    mechs_deployed,
    player,
    resources_at,
    units_of,
    workers_off_mat,
)

Predicate = dict[str, Any]


def met(state: State, seat: int, objective_id: str) -> bool:
    """Whether every predicate of the card holds for `seat` now."""
    return all(PREDICATES[p["type"]](state, seat, p) for p in objective(objective_id).all_of)


def revealable(state: State, seat: int) -> list[str]:
    """The held objectives `seat` could reveal now: met, and an objective star still free
    (one per player; Saxony has no limit, so both its cards, S9.4, S16.3)."""
    p = player(state, seat)
    limit = rules.STAR_LIMIT["objective"]
    if p["faction"] != rules.UNLIMITED_STARS_FACTION and p["stars"].get("objective", 0) >= limit:
        return []
    return [card for card in p["objectives"] if met(state, seat, card)]


# -- stats --------------------------------------------------------------------------------------

def stat(state: State, seat: int, name: str) -> int:
    """One number of a player, as the objective texts use them (see objectives.json)."""
    return STATS[name](state, seat)


STATS: dict[str, Callable[[State, int], int]] = {
    "power": lambda state, seat: player(state, seat)["power"],
    "popularity": lambda state, seat: player(state, seat)["popularity"],
    "coins": lambda state, seat: player(state, seat)["coins"],
    "combat_cards_in_hand": lambda state, seat: len(player(state, seat)["cards"]),
    "upgrades": lambda state, seat: sum(player(state, seat)["upgrades"].values()),
    "mechs": lambda state, seat: len(mechs_deployed(state, seat)),
    "structures": lambda state, seat: len(player(state, seat)["structures_built"]),
    "recruits": lambda state, seat: len(player(state, seat)["recruits"]),
    "workers": workers_off_mat,
    "combat_stars": lambda state, seat: player(state, seat)["stars"].get("combat", 0),
}


# -- predicates -----------------------------------------------------------------------------------

def _controls_terrain(state: State, seat: int, p: Predicate) -> bool:
    b = board()
    return sum(b.terrain(t) == p["terrain"] for t in controlled(state, seat)) >= p["min"]


def _controls_tunnels(state: State, seat: int, p: Predicate) -> bool:
    """Printed tunnels only: a Mine is a tunnel for movement alone (S12.4)."""
    tunnels = set(board().tunnels)
    return len(tunnels.intersection(controlled(state, seat))) >= p["min"]


def _controls_factory(state: State, seat: int, p: Predicate) -> bool:
    return board().factory in controlled(state, seat)


def _has_highest_power(state: State, seat: int, p: Predicate) -> bool:
    mine = player(state, seat)["power"]
    others = [o["power"] for o in state["players"] if o["seat"] != seat]
    return all(mine >= o if p["ties_ok"] else mine > o for o in others)


def _stat(state: State, seat: int, p: Predicate) -> bool:
    value = stat(state, seat, p["stat"])
    return p.get("min", value) <= value <= p.get("max", value)


def _has_factory_card(state: State, seat: int, p: Predicate) -> bool:
    return (player(state, seat)["factory_card"] is not None) == p["value"]


def _territory_with(state: State, seat: int, p: Predicate) -> bool:
    for territory in controlled(state, seat):
        units = units_of(state, seat, territory)
        if ((rules.CHARACTER in units) == p["character"]
                and sum(map(is_mech, units)) == p["mechs_exact"]
                and sum(map(is_worker, units)) == p["workers_exact"]
                and sum(resources_at(state, territory).values()) >= p["resources_min"]):
            return True
    return False


def _tokens_on_one_territory(state: State, seat: int, p: Predicate) -> bool:
    """Own pieces on one territory: units plus the own structure there."""
    counts: dict[str, int] = {}
    for place in player(state, seat)["units"].values():
        if board().is_territory(place):
            counts[place] = counts.get(place, 0) + 1
    for territory, structure in state["structures"].items():
        if structure["seat"] == seat:
            counts[territory] = counts.get(territory, 0) + 1
    return max(counts.values(), default=0) >= p["min"]


def _controls_same_type(state: State, seat: int, p: Predicate) -> bool:
    return max(controlled_resources(state, seat).values()) >= p["min"]


def _controls_each_resource(state: State, seat: int, p: Predicate) -> bool:
    return min(controlled_resources(state, seat).values()) >= p["min"]


def _territory_resources(state: State, seat: int, p: Predicate) -> bool:
    for territory in controlled(state, seat):
        pile = resources_at(state, territory)
        if sum(pile.values()) >= p["min"] and min(pile.values()) >= p["each_type_min"]:
            return True
    return False


def _controls_adjacent_to(state: State, seat: int, p: Predicate) -> bool:
    """Territories sharing an edge with the Factory, or all around one lake (geometric,
    rivers ignored)."""
    b = board()
    mine = {t for t, owner in control_map(state).items() if owner == seat}
    centres = [b.factory] if p["target"] == "factory" else [t for t in b.territories
                                                            if b.terrain(t) == LAKE]
    return max(len(mine.intersection(b.neighbours[c])) for c in centres) >= p["min"]


def _workers_equal_recruits(state: State, seat: int, p: Predicate) -> bool:
    return workers_off_mat(state, seat) == len(player(state, seat)["recruits"])


def _event_this_turn(state: State, seat: int, p: Predicate) -> bool:
    """A19: the event happened during the current turn, which must be this seat's."""
    return state["active"] == seat and p["event"] in state["turn"]["events"]


PREDICATES: dict[str, Callable[[State, int, Predicate], bool]] = {
    "controls_terrain": _controls_terrain,
    "controls_tunnels": _controls_tunnels,
    "controls_factory": _controls_factory,
    "has_highest_power": _has_highest_power,
    "stat": _stat,
    "has_factory_card": _has_factory_card,
    "territory_with": _territory_with,
    "tokens_on_one_territory_min": _tokens_on_one_territory,
    "controls_resources_same_type_min": _controls_same_type,
    "controls_each_resource_min": _controls_each_resource,
    "territory_resources": _territory_resources,
    "controls_adjacent_to": _controls_adjacent_to,
    "workers_equal_recruits": _workers_equal_recruits,
    "event_this_turn": _event_this_turn,
}
