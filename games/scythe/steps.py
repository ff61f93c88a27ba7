"""Which places are one step away for a unit (spec S8.3-S8.8, S10, A4, A16, A20).

Movement adjacency = geometric adjacency minus rivers and lakes, plus the tunnel network (with
the owner's Mine), home-base exits and the unlocked abilities of the character and mechs.
Rivers only block geometric steps (A20). Who is already standing on a place (S8.9) is not
asked here: the move module applies occupancy on top of these steps."""

from __future__ import annotations

from games.scythe.board import LAKE, MOUNTAIN, VILLAGE, Board, Faction, board
from games.scythe.control import control_map
from games.scythe.state import State, abilities, faction_of, is_worker

WAYFARE_OPTION = "wayfare_unassigned_bases"
SWIM = "swim"


def legal_steps(state: State, seat: int, unit: str, place: str, *,
                carried: bool = False) -> list[str]:
    """The places `unit` of `seat` may step to from `place`, in board order (territories,
    then home bases). `carried=True` asks for a worker riding a mech of its seat: it goes
    where that mech goes, so it steps as a mech does (S8.2), lakes included (S8.5)."""
    b = board()
    big = carried or not is_worker(unit)
    powers = abilities(state, seat) if big else set()
    faction = b.factions[faction_of(state, seat)]
    swim = not big and faction.ability == SWIM
    found = set(_land_steps(b, place, powers, faction, swim))
    if b.is_territory(place):
        found |= _network_steps(state, seat, place, powers)
    if "wayfare" in powers:
        found |= _wayfare_targets(state, seat)
    found.discard(place)
    return [p for p in [*b.territories, *b.home_bases] if p in found]


def _land_steps(b: Board, place: str, powers: set[str], faction: Faction,
                swim: bool) -> list[str]:
    """Geometric steps (and home-base exits), with rivers and lakes checked (S8.4, S8.5,
    S8.7). A worker never enters a lake and never leaves one by itself."""
    lake_mover = bool(powers & {"seaworthy", "submerge"})
    if place in b.home_bases:
        home = b.home_bases[place]
        exits = [(t, t in home.across_river) for t in home.touches]
    else:
        if b.terrain(place) == LAKE and not lake_mover:
            return []
        exits = [(t, b.river(place, t)) for t in b.neighbours[place]]
    out = []
    for target, river in exits:
        if b.terrain(target) == LAKE and not lake_mover:
            continue
        if river and not (swim or ("riverwalk" in powers
                                   and b.terrain(target) in faction.riverwalk)):
            continue
        out.append(target)
    return out


def _network_steps(state: State, seat: int, place: str, powers: set[str]) -> set[str]:
    """Steps that ignore geometry: tunnels and the owner's Mine (S8.6, S12.4), Township and
    Underpass over territories controlled now (S10.4, S10.8, S10.9), Submerge between
    lakes (S10.7)."""
    b = board()
    tunnels = set(b.tunnels) | _own_mines(state, seat)
    found = set(tunnels) if place in tunnels else set()
    groups = []
    if {"township", "underpass"} & powers:
        mine = {t for t, owner in control_map(state).items() if owner == seat}
        if "township" in powers:
            groups.append({t for t in mine if b.terrain(t) == VILLAGE} | {b.factory})
        if "underpass" in powers:
            groups.append({t for t in mine if b.terrain(t) == MOUNTAIN} | tunnels)
    if "submerge" in powers:
        groups.append(set(b.lakes))
    for group in groups:
        if place in group:
            found |= group
    return found


def _own_mines(state: State, seat: int) -> set[str]:
    return {t for t, s in state["structures"].items() if s["seat"] == seat and s["kind"] == "mine"}


def _wayfare_targets(state: State, seat: int) -> set[str]:
    """Crimea's Wayfare: the own home base and every inactive one, at any distance (S10.5):
    absent factions' bases, and the unassigned ones unless the option says no (A16)."""
    b = board()
    playing = {p["faction"] for p in state["players"]}
    unassigned = state["options"].get(WAYFARE_OPTION, True)
    own = b.home_of(faction_of(state, seat))
    return {h.id for h in b.home_bases.values()
            if h.id == own or (h.faction is None and unassigned)
            or (h.faction is not None and h.faction not in playing)}
