"""The Move action (spec S8), unit by unit, and what follows it (S8.12).

A Move is a `move` frame (choose a unit not moved yet, or `done`) over the automatic
`after_move` frame, both pushed by `games.scythe.starts.begin_move`. Choosing a unit pushes a
`step` frame for it: `step <place>` as long as it has steps left, loading and unloading on
the way, or `stop`. Each step applies S8.9 and S8.10 at once, because they decide whether
the unit may go on: a character or mech that meets opponent workers alone sends them home and
stops, one that meets an opponent character or mech stops for a combat, a character that meets
an encounter token stops. A unit whose movement ended is never moved again in this action
(S8.11).

Carried resources and workers stay physically on the board at the carrier's place and travel
with it step by step, so control, payment and the view never see a token "in the air".
`turn.moved` records where every unit that changed place began (carried workers included):
control (S2.7), the S18.3 undo and the units already moved all read it.

`after_move` runs S8.12 in order and is re-entered after each sub-step: the combats (one by
one, the active player choosing the order), then the encounter of the character, then the
Factory pickup. Each of these removes its own trigger (the loser retreats, the token is
discarded, the card is kept), so re-checking them is how the frame knows what is left."""

from __future__ import annotations

from games.core import Action, Event
from games.core.messages import Msg, msg
from games.scythe import combat, encounter, gains
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.frames import Decision, offered
from games.scythe.starts import begin_pickup, pickup_due
from games.scythe.state import (
    MAT,
    Frame,
    State,
    abilities,
    add_resource,
    is_mech,
    is_worker,
    pending,
    player,
    pop,
    push,
    resources_at,
    set_unit_place,
    take_resource,
    unit_key,
    unit_place,
    units_at,
    units_of,
)
from games.scythe.steps import legal_steps

CAMARADERIE_OPTION = "camaraderie_covers_move_in"  # A6


def step_budget(state: State, seat: int, unit: str, steps: int) -> int:
    """Speed gives a character or mech one more step (S10.3, S8.14); workers never."""
    return steps + (not is_worker(unit) and "speed" in abilities(state, seat))


# -- which units and which steps ---------------------------------------------------------------
def opponents_at(state: State, seat: int, place: str) -> list[tuple[int, str]]:
    return [(s, u) for s, u in units_at(state, place) if s != seat]


def fighters(units: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Characters and mechs: the units that fight and hold a territory against a move."""
    return [(s, u) for s, u in units if not is_worker(u)]


def allowed_steps(state: State, seat: int, unit: str) -> list[str]:
    """Helper A's steps with the occupancy of S8.9 on top: a worker moving by itself never
    enters a place holding an opponent unit, nor leaves one where an opponent character or
    mech stands (A22). A character or mech may enter anywhere: what it meets stops it."""
    place = unit_place(state, seat, unit)
    steps = legal_steps(state, seat, unit, place)
    if not is_worker(unit):
        return steps
    if fighters(opponents_at(state, seat, place)):
        return []
    return [p for p in steps if not opponents_at(state, seat, p)]


def movable_units(state: State, frame: Frame) -> list[str]:
    """Units of the seat on the board, not moved in this action, with a step to take; equal
    workers (same place, none of them moved) are offered once, the lowest id (S8.1, S8.11)."""
    seat, seen, found = frame["seat"], set(), []
    for unit, place in player(state, seat)["units"].items():
        if place == MAT or unit in frame["moved"]:
            continue
        group = (place, "worker") if is_worker(unit) else (place, unit)
        if group in seen:
            continue
        if allowed_steps(state, seat, unit):
            seen.add(group)
            found.append(unit)
    return found


# -- the move frame ----------------------------------------------------------------------------
def _move_legal(state: State, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    actions = [Action("unit", (u,), msg("scythe.label.unit", unit=w.unit(u),
                                        place=w.place(unit_place(state, seat, u))))
               for u in movable_units(state, frame)]
    left = frame["units"] - len(frame["moved"])
    return [*actions, Action("done", (), w.label("scythe.label.end_move", count=left))]


def _move_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat = frame["seat"]
    if action.kind == "done":
        pop(state)
        return []
    unit = str(action.args[0])
    frame["moved"].append(unit)
    push(state, {"kind": "step", "seat": seat, "unit": unit,
                 "left": step_budget(state, seat, unit, frame["steps"]),
                 "cargo": {}, "workers": []})
    return []


def _move_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind != "unit" or len(action.args) != 1:
        return None
    seat, unit = frame["seat"], str(action.args[0])
    units = player(state, seat)["units"]
    choices = offered(_move_legal(state, frame))
    if unit not in units:
        return msg("scythe.refuse.no_unit", choices=choices)
    if unit in frame["moved"]:
        return msg("scythe.refuse.unit_moved", unit=w.unit(unit), choices=choices)
    if units[unit] == MAT:
        return msg("scythe.refuse.unit_off_board", unit=w.unit(unit), choices=choices)
    if is_worker(unit) and fighters(opponents_at(state, seat, units[unit])):
        return msg("scythe.refuse.worker_pinned", place=w.place(units[unit]), choices=choices)
    if not allowed_steps(state, seat, unit):
        return msg("scythe.refuse.unit_stuck", unit=w.unit(unit), place=w.place(units[unit]),
                   choices=choices)
    return None


# -- the step frame ----------------------------------------------------------------------------
def _step_legal(state: State, frame: Frame) -> list[Action]:
    seat, unit = frame["seat"], frame["unit"]
    place = unit_place(state, seat, unit)
    actions = [Action("step", (p,), _step_label(state, frame, p))
               for p in allowed_steps(state, seat, unit)]
    pile, cargo = resources_at(state, place), frame["cargo"]
    here = w.place(place)
    actions += [Action("load", (kind,), msg("scythe.label.load", what=w.amount(kind, 1),
                                            place=here))
                for kind, n in pile.items() if n > cargo.get(kind, 0)]
    actions += [Action("unload", (kind,), msg("scythe.label.unload", what=w.amount(kind, 1),
                                              place=here)) for kind in cargo]
    if is_mech(unit):
        actions += [Action("load", (worker,), msg("scythe.label.carry", place=here))
                    for worker in _loadable_workers(state, frame, place)]
        if place not in board().lakes:  # carried workers stay with the mech on a lake (S8.5)
            actions += [Action("unload", (worker,), msg("scythe.label.drop", place=here))
                        for worker in frame["workers"]]
    return [*actions, Action("stop", (), w.label("scythe.label.stop", place=here))]


def _loadable_workers(state: State, frame: Frame, place: str) -> list[str]:
    """Own workers here not yet carried; one per kind of equal worker (moved in this action or
    not, S8.2: a worker may move itself before or after being carried)."""
    moved = _move_frame(state)["moved"]
    seen, found = set(), []
    for worker in units_of(state, frame["seat"], place):
        if not is_worker(worker) or worker in frame["workers"]:
            continue
        group = worker in moved
        if group not in seen:
            seen.add(group)
            found.append(worker)
    return found


def _move_frame(state: State) -> Frame:
    """The `move` frame under the current `step` frame."""
    return state["stack"][-2]


def _step_label(state: State, frame: Frame, place: str) -> Msg:
    """`Step to Farm r2c2`, with what stops a character or mech there (S8.9, S8.10)."""
    unit, there = frame["unit"], w.place(place)
    others = [] if is_worker(unit) else opponents_at(state, frame["seat"], place)
    if fighters(others):
        return w.label("scythe.label.step_combat", place=there)
    if others:
        return w.label("scythe.label.step_workers", place=there, count=len(others))
    if unit == "character" and place in state["encounters"]:
        return w.label("scythe.label.step_encounter", place=there)
    return w.label("scythe.label.step", place=there)


def _step_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat, unit = frame["seat"], frame["unit"]
    place = unit_place(state, seat, unit)
    if action.kind == "stop":
        return _finish(state)
    what = str(action.args[0])
    if action.kind == "step":
        return _step(state, frame, place, what)
    if what.startswith("worker:"):
        if action.kind == "load":
            frame["workers"].append(what)
        else:
            frame["workers"].remove(what)
        return []
    cargo = frame["cargo"]
    cargo[what] = cargo.get(what, 0) + (1 if action.kind == "load" else -1)
    if not cargo[what]:
        del cargo[what]
    return []


def _step(state: State, frame: Frame, origin: str, target: str) -> list[Event]:
    """Take one step with everything carried, then apply what the unit meets there."""
    seat, unit = frame["seat"], frame["unit"]
    events = _take_along_from_lake(state, frame, origin)
    if frame["cargo"] and not board().is_territory(target):
        frame["cargo"] = {}  # resources lie only on territories (S2.8): Wayfare leaves them
        events.append(Event(msg("scythe.cargo_stays", place=w.place(origin))))
    moved = state["turn"]["moved"]
    for who in (unit, *frame["workers"]):
        moved.setdefault(unit_key(seat, who), origin)
        set_unit_place(state, seat, who, target)
    for kind, n in frame["cargo"].items():
        take_resource(state, origin, kind, n)
        add_resource(state, target, kind, n)
    frame["left"] -= 1
    events.append(Event(_moved(seat, unit, origin, target, frame)))
    stopped, met = _meet(state, seat, unit, target)
    events += met
    if stopped or frame["left"] == 0:
        events += _finish(state)
    return events


def _moved(seat: int, unit: str, origin: str, target: str, frame: Frame) -> Msg:
    """`Alice's Speed mech moves from Farm r2c2 to Village r2c3, carrying 1 worker.`"""
    loads = [w.amount(kind, n) for kind, n in frame["cargo"].items()]
    if frame["workers"]:
        loads.append(w.amount("worker", len(frame["workers"])))
    common = {"who": w.who(seat), "unit": w.unit(unit), "start": w.place(origin),
              "end": w.place(target)}
    if loads:
        return msg("scythe.unit_moves_carrying", **common, load=tuple(loads))
    return msg("scythe.unit_moves", **common)


def _take_along_from_lake(state: State, frame: Frame, origin: str) -> list[Event]:
    """S8.5: workers on a lake are there with a mech and must leave with it; a mech leaving a
    lake where no other mech of its seat stays takes them all along."""
    seat, unit = frame["seat"], frame["unit"]
    if origin not in board().lakes or not is_mech(unit):
        return []
    here = units_of(state, seat, origin)
    if any(is_mech(u) and u != unit for u in here):
        return []
    stranded = [w for w in here if is_worker(w) and w not in frame["workers"]]
    frame["workers"] += stranded
    if not stranded:
        return []
    return [Event(msg("scythe.lake_workers", workers=w.amount("worker", len(stranded)),
                      place=w.place(origin), unit=w.unit(unit)))]


def _meet(state: State, seat: int, unit: str, place: str) -> tuple[bool, list[Event]]:
    """S8.9 b-c and S8.10 for a character or mech arriving on `place`: whether its movement
    ends there, and what happened."""
    if is_worker(unit):
        return False, []
    others = opponents_at(state, seat, place)
    if fighters(others):
        defender = fighters(others)[0][0]
        return True, [Event(msg("scythe.stops_combat", place=w.place(place),
                                defender=w.who(defender)))]
    if others:
        return True, displace_workers(state, seat, place, others)
    if unit == "character" and place in state["encounters"]:
        return True, [Event(msg("scythe.stops_encounter", place=w.place(place)))]
    return False, []


def displace_workers(state: State, seat: int, place: str,
                     workers: list[tuple[int, str]]) -> list[Event]:
    """S8.9 b, A1, A6: opponent workers alone on the entered territory go home, leaving their
    resources (a forced retreat for this turn's objectives, A19); the mover loses 1
    popularity for each (Camaraderie spares it only with the option
    `camaraderie_covers_move_in`)."""
    events = []
    for other in sorted({s for s, _ in workers}):
        events += combat.retreat(state, other, place, None)
    spared = "camaraderie" in abilities(state, seat) and \
        state["options"].get(CAMARADERIE_OPTION, False)
    if not spared:
        events += gains.lose(state, seat, {"popularity": len(workers)})
    return events


def _finish(state: State) -> list[Event]:
    """The unit's movement has ended; the Move ends too once its last unit has moved."""
    pop(state)
    move = pending(state)
    if len(move["moved"]) >= move["units"]:
        pop(state)
    return []


def _step_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    seat, unit = frame["seat"], frame["unit"]
    place = unit_place(state, seat, unit)
    if action.kind != "step" or len(action.args) != 1:
        return None
    target = str(action.args[0])
    choices = offered(_step_legal(state, frame))
    if target not in legal_steps(state, seat, unit, place):
        return msg("scythe.refuse.step_far", unit=w.unit(unit), place=w.place(place),
                   choices=choices)
    return msg("scythe.refuse.worker_blocked", choices=choices)


# -- after the movement (S8.12) ----------------------------------------------------------------
def _after_move(state: State, frame: Frame) -> list[Event]:
    """Combats in the order the player chooses, then the character's encounter, then the
    Factory pickup; the frame comes back after each and ends when none is left."""
    seat = frame["seat"]
    fights = combat.pending(state, seat)
    if len(fights) > 1:
        push(state, {"kind": "combat_order", "seat": seat})
        return []
    if fights:
        return combat.start(state, seat, fights[0])
    where = unit_place(state, seat, "character")
    if where in state["encounters"]:
        return encounter.begin(state, seat, where)
    if pickup_due(state, seat):
        return begin_pickup(state, seat)
    pop(state)
    return []


DECISIONS = {
    "move": Decision(_move_legal, _move_apply, _move_refuse),
    "step": Decision(_step_legal, _step_apply, _step_refuse),
}
AUTOMATIC = {"after_move": _after_move}
