"""The phase windows (T8.2) and the supply phase (spec T2): points, taxes, generals, armies."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.flow import Step, answers, chance, push, turn
from games.core.messages import Seat, msg
from games.tang import choices
from games.tang.cards import PHASE_WINDOWS, locked_at, use, window_actions
from games.tang.data import AN_LUSHAN
from games.tang.model import (
    State,
    add_armies,
    change_minsheng,
    char_term,
    city_term,
    connected,
    controlled,
    data_of,
    full_regions,
    gain_grain,
    grain_told,
    has_skill,
    log,
    minsheng_event,
    order_from_first,
    player,
)


# -- phase windows --------------------------------------------------------------------------------
def window_steps(state: State, name: str) -> list[Step]:
    """One pass in seat order from 甲: each seat's locked effects, then its own step."""
    return [chance("wbegin", window=name, seat=s) for s in order_from_first(state)]


def wbegin(state: State, step: Step) -> list[Event]:
    seat, name = step["data"]["seat"], step["data"]["window"]
    events = locked_at(state, seat, name)
    push(state, turn("wstep", seat, window=name))
    return events


def wstep_legal(state: State, step: Step, seat: int) -> list[Action]:
    name = step["data"]["window"]
    return [*window_actions(state, seat, name), Action("pass", label=msg("tang.action.pass"))]


def wstep_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    if action.kind == "pass":
        return []
    return use(state, seat, action, turn("wstep", seat, window=step["data"]["window"]))


assert set(PHASE_WINDOWS) == {"SUPPLY_START", "SUPPLY_END", "ACTION_START", "ACTION_END"}


# -- the supply phase (T2.3) ----------------------------------------------------------------------
def begin_supply(state: State) -> list[Event]:
    state["round"] += 1
    for p in state["players"]:
        p["raised"] = False
        for skill in ("mushi", "jiebing"):
            p["uses"].pop(skill, None)
    order = order_from_first(state)
    push(state, *window_steps(state, "SUPPLY_START"),
         *[turn("supply", s, stage="tax") for s in order],
         *window_steps(state, "SUPPLY_END"))
    return [log("tang.log.supply_phase", None, round=state["round"])]


def points(state: State, seat: int) -> int:
    """P0 of T2.5 step 1: cities, full regions, and the locked point skills."""
    data = data_of(state)
    mine = controlled(state, seat)
    full = full_regions(state, seat)
    total = int(data.constants["points_per_city"]) * len(mine)
    total += sum(int(data.regions[r]["bonus"]) for r in full)
    if has_skill(state, seat, "neishi"):
        total += 2
    if has_skill(state, seat, "zaizao"):
        capital = player(state, seat)["capital"]
        if capital is None or state["cities"][capital]["controller"] != seat:
            total += 6
    if has_skill(state, seat, "chengde"):
        total += 2 * len(full)
    if has_skill(state, seat, "ziqing"):
        total += sum(1 for c in mine if data.cities[c]["special"] or data.cities[c]["luoyang"])
    return total


def placeable(state: State, seat: int) -> list[str]:
    """Where new armies and generals may go (T2.2.5; option placement_requires_connection)."""
    mine = controlled(state, seat)
    if state["options"].get("placement_requires_connection", False):
        linked = connected(state, seat)
        return [c for c in mine if c in linked]
    return mine


def _cap(data: dict[str, Any]) -> int:
    """What military spending is left under the half limit (T2.2.4)."""
    return int(data["P"]) // 2 - int(data["deployed"])


def supply_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    p = player(state, seat)
    stage = data["stage"]
    if stage == "tax":
        p0 = points(state, seat)
        found = [Action("tax", ("none",), label=msg("tang.action.tax_none", points=p0))]
        if p["minsheng"] >= 1:
            found.append(Action("tax", ("raise",), label=msg(
                "tang.action.tax_raise", armies=_tax_armies(state, seat))))
        if p0 >= int(data_of(state).constants["tax_cut_points"]) \
                and p["minsheng"] < data_of(state).minsheng["max"]:
            found.append(Action("tax", ("cut",), label=msg("tang.action.tax_cut")))
        return found
    if stage == "deploy":
        cities = placeable(state, seat)
        values = data_of(state)
        found = [choices.deploy(ch, c, values.value(ch))
                 for ch in sorted(p["pile"]) if values.value(ch) <= _cap(data)
                 for c in cities]
        return [Action("buy", label=msg("tang.action.buy", most=_cap(data))), *found]
    if stage == "buy":
        return [Action("count", (n,), label=msg("tang.action.buy_count", count=n,
                                                  grain=data["P"] - data["deployed"] - n))
                for n in range(0, _cap(data) + 1)]
    if stage == "place":
        return [Action("place", (c,), label=msg("tang.action.place_at", city=city_term(c)))
                for c in placeable(state, seat)]
    # stage "count": how many of the armies still to place go into the chosen city
    return [Action("back", label=msg("tang.action.back"))] + [
        choices.count(n)
        for n in range(1, data["left"] + 1)]


def _tax_armies(state: State, seat: int) -> int:
    return 12 if has_skill(state, seat, "julian") else int(
        data_of(state).constants["tax_raise_armies"])


def supply_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    p = player(state, seat)
    events: list[Event] = []
    stage = data["stage"]
    if stage == "tax":
        p0 = points(state, seat)
        choice = action.word()
        data.update(P=p0, deployed=0, tax=0)
        if choice == "raise":
            before, after = change_minsheng(state, seat, -1)
            p["raised"] = True
            data["tax"] = _tax_armies(state, seat)
            events += [minsheng_event(seat, before, after),
                       log("tang.log.tax_raise", None, who=Seat(seat), armies=data["tax"])]
        elif choice == "cut":
            before, after = change_minsheng(state, seat, 1)
            data["P"] = p0 - int(data_of(state).constants["tax_cut_points"])
            events += [minsheng_event(seat, before, after),
                       log("tang.log.tax_cut", None, who=Seat(seat))]
        events.append(log("tang.log.points", None, who=Seat(seat), points=data["P"],
                          most=data["P"] // 2))
        data["stage"] = "deploy"
    elif stage == "deploy":
        if action.kind == "buy":
            data["stage"] = "buy"
        else:
            general, cid = action.word(0), action.word(1)
            p["pile"].remove(general)
            state["cities"][cid]["generals"][general] = seat
            data["deployed"] += data_of(state).value(general)
            events.append(log("tang.log.deployed", None, who=Seat(seat),
                              general=char_term(general), city=city_term(cid),
                              cost=data_of(state).value(general)))
            if general == AN_LUSHAN:
                events.append(log("tang.log.anlushan_shown", None, who=Seat(seat)))
    elif stage == "buy":
        bought = action.number()
        grain = data["P"] - data["deployed"] - bought
        gain_grain(state, seat, grain)
        events += grain_told(
            state, [seat], msg("tang.log.bought", who=Seat(seat), armies=bought, grain=grain),
            msg("tang.log.bought_hidden", who=Seat(seat), armies=bought))
        data.update(stage="place", left=bought + data["tax"])
    elif stage == "place":
        data.update(stage="count", city=action.word())
    elif action.kind == "back":
        data["stage"] = "place"
    else:
        n = action.number()
        add_armies(state, data["city"], seat, n)
        events.append(log("tang.log.placed", None, who=Seat(seat), count=n,
                          city=city_term(data["city"])))
        data.update(stage="place", left=data["left"] - n)
    if data["stage"] not in ("place", "count") or data.get("left", 0) > 0:
        push(state, turn("supply", seat, **data))
    return events


def supply_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    """Why a typed choice is not offered (T2.2.4, T2.4)."""
    data = step["data"]
    if data["stage"] == "buy" and action.kind == "count" and action.args \
            and isinstance(action.args[0], int):
        return msg("tang.refuse.half_limit", most=_cap(data))
    if data["stage"] == "tax" and action.kind == "tax" and action.args:
        if action.word() == "cut":
            return msg("tang.refuse.tax_cut", points=points(state, seat))
        if action.word() == "raise":
            return msg("tang.refuse.minsheng_zero")
    return None
