"""Invariants (pieces conserved and each in one allowed place, tracks in range, cards and
objectives each in exactly one place) and per-seat secrets, for simulations and property
tests. Each problem is a sentence naming what is wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.scythe import cards, rules
from games.scythe.board import board
from games.scythe.gains import star_limit
from games.scythe.state import MAT, State, combat_card_ids, is_mech, is_worker, units_of

COMBAT_CARDS = frozenset(combat_card_ids())


def invariants(state: State) -> list[str]:
    return (_unit_problems(state) + _structure_problems(state) + _card_problems(state)
            + _token_problems(state) + _track_problems(state) + _objective_problems(state))


def _started(state: State) -> bool:
    """Pieces are on the table once the draft (if any) is over and the order is known."""
    return bool(state["order"])


# -- units -----------------------------------------------------------------------------------
def _unit_problems(state: State) -> list[str]:
    """1 character, 4 mechs, 8 workers per seat, each on a place its kind may stand on."""
    if not _started(state):
        return []
    problems = []
    inactive = _inactive_home_bases(state)
    for p in state["players"]:
        faction = board().factions[p["faction"]]
        expected = {rules.CHARACTER, *(f"mech:{a}" for a in faction.mech_abilities),
                    *(f"worker:{n}" for n in range(1, rules.WORKERS + 1))}
        if set(p["units"]) != expected:
            problems.append(f"Seat {p['seat']} has the units {sorted(p['units'])}")
        for unit, place in p["units"].items():
            problem = _place_problem(state, p, unit, place, inactive)
            if problem:
                problems.append(f"Seat {p['seat']}'s {unit} {problem}")
    return problems


def _place_problem(state: State, p: dict[str, Any], unit: str, place: str,
                   inactive: set[str]) -> str | None:
    b = board()
    if place == MAT:
        return "is on the mat" if unit == rules.CHARACTER else None
    if place in b.home_bases:
        own = b.home_of(p["faction"])
        wayfare = p["faction"] == "crimea" and place in inactive  # S10.5, A16
        return None if place == own or wayfare else f"stands on the home base {place}"
    if not b.is_territory(place):
        return f"stands on an unknown place {place}"
    if is_worker(unit) and place in b.lakes and not any(
            is_mech(u) for u in units_of(state, p["seat"], place)):
        return f"is on the lake {place} without its mech"
    return None


def _inactive_home_bases(state: State) -> set[str]:
    """Home bases of absent factions, and the unassigned ones unless the option says not."""
    playing = {p["faction"] for p in state["players"]}
    unassigned = state["options"].get("wayfare_unassigned_bases", True)
    return {h.id for h in board().home_bases.values()
            if (h.faction is None and unassigned) or (h.faction and h.faction not in playing)}


# -- structures ------------------------------------------------------------------------------
def _structure_problems(state: State) -> list[str]:
    """At most one structure per territory (the state's map ensures it), never on a lake or a
    home base, at most one of each of the 4 kinds per seat, matching the seat's record."""
    problems = []
    b = board()
    for territory, structure in state["structures"].items():
        if not b.is_territory(territory) or territory in b.lakes:
            problems.append(f"a {structure['kind']} stands on {territory}")
    for p in state["players"]:
        built = sorted(s["kind"] for s in state["structures"].values() if s["seat"] == p["seat"])
        if (built != sorted(p["structures_built"]) or len(set(built)) != len(built)
                or not set(built) <= set(rules.STRUCTURES)):
            problems.append(f"Seat {p['seat']} built {p['structures_built']} but the board "
                            f"holds {built}")
    return problems


# -- cards -----------------------------------------------------------------------------------
def _card_problems(state: State) -> list[str]:
    """The 42 combat cards each in exactly one place (deck, discard, a hand, a pending commit);
    the Factory cards in play (players + 1) on the Factory space or held."""
    decks = state["decks"]
    places = decks["combat"] + decks["combat_discard"]
    places += [c for p in state["players"] for c in p["cards"]]
    places += [c for f in state["stack"] if f["kind"] == "commit" for c in _card_ids(f)]
    problems = []
    counted = Counter(places)
    if set(counted) != COMBAT_CARDS or any(n != 1 for n in counted.values()):
        twice = sorted(c for c, n in counted.items() if n > 1)
        problems.append(f"combat cards are not each in one place: {len(places)} counted, "
                        f"twice: {twice[:5]}, missing: {sorted(COMBAT_CARDS - set(counted))[:5]}")
    held = [p["factory_card"] for p in state["players"] if p["factory_card"]]
    factory = decks["factory"] + held
    if _started(state) and (len(set(factory)) != len(factory)
                            or len(factory) != len(state["players"]) + 1):
        problems.append(f"Factory cards in play: {factory}, expected players + 1")
    return problems


def _card_ids(value: Any) -> Iterator[str]:
    """Combat card ids anywhere inside a frame (cards committed but not yet revealed)."""
    if isinstance(value, str) and value in COMBAT_CARDS:
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _card_ids(item)
    elif isinstance(value, list):
        for item in value:
            yield from _card_ids(item)


def _objective_problems(state: State) -> list[str]:
    """Each objective card in the deck or one hand; revealed ones went back to the deck."""
    places = state["decks"]["objective"] + [o for p in state["players"] for o in p["objectives"]]
    expected = sorted(cards.objectives())
    if sorted(places) != expected:
        return [f"objective cards are not each in one place ({len(places)} of {len(expected)})"]
    return []


# -- tokens and tracks -----------------------------------------------------------------------
def _token_problems(state: State) -> list[str]:
    b = board()
    problems = []
    encounters = state["encounters"]
    if len(set(encounters)) != len(encounters) or not set(encounters) <= set(b.encounter_spots):
        problems.append(f"encounter tokens lie on {encounters}")
    for territory, pile in state["resources"].items():
        if not b.is_territory(territory) or not pile or any(
                kind not in rules.RESOURCES or n <= 0 for kind, n in pile.items()):
            problems.append(f"resources on {territory}: {pile}")
    return problems


def _track_problems(state: State) -> list[str]:
    """Power 0-16, popularity 0-18, coins >= 0 (A11); stars within their limits (S17.3) and
    at most 6; the 6 technology cubes on the top row or the bottom slots."""
    problems = []
    for p in state["players"]:
        seat = p["seat"]
        if not 0 <= p["power"] <= rules.POWER_MAX:
            problems.append(f"Seat {seat}'s power is {p['power']}")
        if not 0 <= p["popularity"] <= rules.POPULARITY_MAX:
            problems.append(f"Seat {seat}'s popularity is {p['popularity']}")
        if p["coins"] < 0:
            problems.append(f"Seat {seat} holds ${p['coins']}")
        if sum(p["stars"].values()) > rules.STARS_TO_END:
            problems.append(f"Seat {seat} placed {sum(p['stars'].values())} stars")
        for star, count in p["stars"].items():
            limit = star_limit(state, seat, star) if star in rules.STARS else 0
            if star == "objective" and limit is None:
                limit = 2  # Saxony holds 2 objectives (S9.4)
            if limit is not None and count > limit:
                problems.append(f"Seat {seat} placed {count} {star} stars")
        if _started(state) and len(p["cubes"]) + sum(p["upgrades"].values()) != len(
                rules.TOP_BOXES):
            problems.append(f"Seat {seat}'s technology cubes: {p['cubes']} and {p['upgrades']}")
    return problems


# -- secrets ---------------------------------------------------------------------------------
def secrets(state: State) -> dict[int, set[str]]:
    """Ids only their owner may see: the combat cards in hand or committed to a combat not yet
    revealed (S13.15), the objectives still held, and the Factory cards on the Factory space
    while the seat looks at them (S21.1)."""
    hidden = {p["seat"]: set(p["cards"]) | set(p["objectives"]) for p in state["players"]}
    for frame in state["stack"]:
        if frame["kind"] == "factory_pick":
            hidden[frame["seat"]] |= set(state["decks"]["factory"])
        if frame["kind"] == "commit":
            for seat, commitment in frame["committed"].items():
                hidden[int(seat)] |= set(commitment["cards"])
    return hidden
