"""Who controls what (spec S2.7, S2.8, S19.4).

A player controls a territory where they have a unit, or their structure with no opponent
unit there. Resources have no owner: a player "has" the tokens on territories they control,
so payment, scoring and objectives all ask this module. Home bases are never controlled.

While a combat is pending (both sides' character/mech on one territory) the player who was
there first keeps control (S2.7). The newcomer is recognised by the current Move action's
record: the active seat whose units there all appear in `state["turn"]["moved"]`."""

from __future__ import annotations

from functools import lru_cache

from games.scythe import rules
from games.scythe.board import board
from games.scythe.state import State, resources_at, unit_key


def controller(state: State, territory: str) -> int | None:
    """The seat controlling `territory`, or None (nobody, or a home base)."""
    if not board().is_territory(territory):
        return None
    return control_map(state).get(territory)


def control_map(state: State) -> dict[str, int]:
    """Every controlled territory and its controller, in board order. It is asked for every
    payment, objective and score, many times for one state and its copies, so it is computed
    once per placement of the units and structures (`_control_of`); callers only read it."""
    units = tuple([(p["seat"], tuple(p["units"].items())) for p in state["players"]])
    structures = tuple([(t, s["seat"]) for t, s in state["structures"].items()])
    return _control_of(units, structures, state["active"], frozenset(state["turn"]["moved"]))


@lru_cache(maxsize=1024)
def _control_of(units: tuple[tuple[int, tuple[tuple[str, str], ...]], ...],
                structures: tuple[tuple[str, int], ...], active: int | None,
                moved: frozenset[str]) -> dict[str, int]:
    """S2.7 over the board, from everything it depends on: where each seat's units are, the
    structures' owners, the active seat and the units moved in its current Move action."""
    present: dict[str, set[int]] = {}
    for seat, placed in units:
        for _, place in placed:
            present.setdefault(place, set()).add(seat)
    built = dict(structures)
    owners = {t: _decide(t, present.get(t, set()), built, units, active, moved)
              for t in board().territories
              if t in present or t in built}  # nobody controls an empty territory
    return {t: seat for t, seat in owners.items() if seat is not None}


def _decide(territory: str, present: set[int], built: dict[str, int],
            units: tuple[tuple[int, tuple[tuple[str, str], ...]], ...], active: int | None,
            moved: frozenset[str]) -> int | None:
    """S2.7 for one territory, given the seats with units there."""
    if not present:
        return built.get(territory)
    if len(present) == 1:
        return next(iter(present))
    holders = [seat for seat in sorted(present)
               if not (seat == active and _newcomer(seat, territory, units, moved))]
    return holders[0] if len(holders) == 1 else None


def _newcomer(seat: int, territory: str,
              units: tuple[tuple[int, tuple[tuple[str, str], ...]], ...],
              moved: frozenset[str]) -> bool:
    """Did every unit the active `seat` has on `territory` arrive there in the current Move
    action?"""
    placed = next(placed for owner, placed in units if owner == seat)
    return all(unit_key(seat, unit) in moved for unit, place in placed if place == territory)


def controlled(state: State, seat: int) -> list[str]:
    """The territories `seat` controls, in board order."""
    return [t for t, owner in control_map(state).items() if owner == seat]


def controlled_resources(state: State, seat: int) -> dict[str, int]:
    """Resource tokens on the territories `seat` controls, every kind (zeros included)."""
    totals = dict.fromkeys(rules.RESOURCES, 0)
    for territory in controlled(state, seat):
        for kind, n in resources_at(state, territory).items():
            totals[kind] += n
    return totals


def resource_sources(state: State, seat: int, resource: str) -> dict[str, int]:
    """Where `seat` could pay `resource` from: controlled territories holding some (S2.8)."""
    sources = {t: resources_at(state, t)[resource] for t in controlled(state, seat)}
    return {t: n for t, n in sources.items() if n}


def territory_count(state: State, seat: int) -> int:
    """Controlled territories for scoring and tie-breaks: the Factory counts 3 (S19.4, A18);
    lakes count; home bases are not territories."""
    factory = board().factory
    return sum(rules.FACTORY_TERRITORY_VALUE if t == factory else 1
               for t in controlled(state, seat))
