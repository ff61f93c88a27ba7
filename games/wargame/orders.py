"""A major nation's phase: the action step (W9: levy W10, diplomacy W11, no-invasion markers
W15, invasion W16; the combat it may cause is games/wargame/combat.py) and the redeploy step
(W25), as flow steps offered one choice at a time (an area, then generals, then troops, then
confirm: W33.3).

The action step's context is `state["step"]`: the acting `nation`, the areas it controlled
when the step began (`start`, W9.2), each area's `status` (idle, domestic, invading: W9a), the
generals that have acted and, per area, how many of its troops have acted (`acted_troops`),
the areas that made the base levy, the DP of the phase (W11.7) and the powers invaded this
phase (W12b). The redeploy step's is `state["redeploy"]`: the generals moved and, per area,
the troops that arrived there (each unit moves once, W25a).
"""

from __future__ import annotations

import heapq
from typing import Any

from games.core.actions import Action
from games.core.chance import roll
from games.core.errors import IllegalAction
from games.core.events import Event
from games.core.flow import Step, push, turn
from games.core.messages import Seat
from games.wargame.board import (
    GOZOKU,
    add_troops,
    control_update,
    generals_in,
    move_troops,
    powers_in,
    troop_choices,
    troops,
)
from games.wargame.combat import open_battle
from games.wargame.data import WargameData, data_for
from games.wargame.texts import area, general, generals, nation, say

State = dict[str, Any]


def side_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


# -- the action step (W9) ------------------------------------------------------------------------
def begin_action(state: State, nid: str) -> list[Event]:
    start = [a for a, s in state["areas"].items() if s["control"] == nid]
    state["step"] = {"nation": nid, "start": start, "status": {a: "idle" for a in start},
                     "acted": [], "acted_troops": {}, "levied": [], "dp": 0, "invaded": [],
                     "entered": []}
    seat = state["nations"][nid]["seat"]
    push(state, turn("act", seat, nation=nid))
    return [Event(say("wargame.phase.major", nation=nation(nid), who=Seat(seat)))]


def may_act(state: State, aid: str, wanted: str) -> bool:
    """W9.2, W9a: an area controlled when the step began, still the nation's, whose status
    allows an order of kind `wanted` (domestic or invading)."""
    ctx = state["step"]
    return (aid in ctx["start"] and state["areas"][aid]["control"] == ctx["nation"]
            and ctx["status"][aid] in ("idle", wanted))


def free_generals(state: State, aid: str) -> list[str]:
    ctx = state["step"]
    return [g for g in generals_in(state, aid, ctx["nation"]) if g not in ctx["acted"]]


def free_troops(state: State, aid: str) -> int:
    ctx = state["step"]
    return troops(state, aid, ctx["nation"]) - int(ctx["acted_troops"].get(aid, 0))


def ruler_area(state: State) -> str | None:
    ruler = state["nations"][state["step"]["nation"]]["ruler"]
    return state["generals"][ruler]["area"] if ruler else None


def diplomats(state: State) -> list[str]:
    """W11.2: generals with a diplomacy rating in the ruler's area, not yet acted."""
    where = ruler_area(state)
    if where is None or not may_act(state, where, "domestic"):
        return []
    data = state_data(state)
    return [g for g in free_generals(state, where) if data.generals[g]["diplomacy"] is not None]


def sources(state: State, target: str) -> list[str]:
    """Areas that may send a contingent into `target` (W16a): acting areas adjacent to it
    across a side without markers."""
    data = state_data(state)
    return [a for a in state["step"]["start"]
            if data.adjacent(a, target) and not state["markers"].get(side_key(a, target))
            and may_act(state, a, "invading")]


def invadable(state: State, target: str) -> bool:
    """W16.11, W16a: not the nation's own area and holding none of its units (another
    power's units there mean combat, W16.8)."""
    nid = state["step"]["nation"]
    if state["areas"][target]["control"] == nid or nid in powers_in(state, target):
        return False
    return any(free_generals(state, a) and free_troops(state, a) > 0
               for a in sources(state, target))


def act_legal(state: State, step: Step, seat: int) -> list[Action]:
    ctx = state["step"]
    found: list[Action] = []
    for aid in ctx["start"]:
        if may_act(state, aid, "domestic") and free_generals(state, aid):
            found.append(Action("levy", (aid,), label=say("wargame.act.levy", area=area(aid))))
    if state["options"]["diplomacy"]:
        if diplomats(state):
            found.append(Action("diplo", label=say("wargame.act.diplo")))
        if ctx["dp"] >= state_data(state).constants["marker_dp_cost"]:
            found.append(Action("block", label=say("wargame.act.block")))
            for key, count in sorted(state["markers"].items()):
                if count:
                    a, b = key.split("|")
                    found.append(Action("unblock", (a, b), label=say(
                        "wargame.act.unblock", a=area(a), b=area(b))))
    data = state_data(state)
    targets = {b for a in ctx["start"] for b in data.neighbours[a]}
    for target in sorted(targets, key=list(data.areas).index):
        if invadable(state, target):
            found.append(Action("invade", (target,), label=say("wargame.act.invade",
                                                                 area=area(target))))
    found.append(Action("end", label=say("wargame.act.end_action")))
    return found


def act_resolve(state: State, step: Step) -> list[Event]:
    action = _answer(step)
    seat, nid = step["seats"][0], step["data"]["nation"]
    if action.kind == "levy":
        push(state, turn("levy", seat, nation=nid, area=action.word(0), chosen=[], groups=[]))
        return []
    if action.kind == "diplo":
        push(state, turn("diplo", seat, nation=nid, groups=[]))
        return []
    if action.kind == "block":
        push(state, turn("block", seat, nation=nid, a=None))
        return []
    if action.kind == "unblock":
        return _unblock(state, seat, nid, action.word(0), action.word(1))
    if action.kind == "invade":
        push(state, turn("invade", seat, nation=nid, target=action.word(0), chosen=[],
                         troops={}))
        return []
    return end_action(state, seat, nid)


def _again(state: State, seat: int, nid: str) -> None:
    push(state, turn("act", seat, nation=nid))


def _answer(step: Step) -> Action:
    answer = step["answers"][0]
    assert answer is not None
    return Action.from_json(answer)


# -- levy (W10) ----------------------------------------------------------------------------------
def levy_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    data = state_data(state)
    grouped = {g for group in d["groups"] for g in group}
    found = [Action("general", (g,), label=say("wargame.levy.general", general=general(g)))
             for g in free_generals(state, d["area"]) if g not in d["chosen"]]
    for g in d["chosen"]:
        if data.generals[g]["admin"] is None or g in grouped:
            continue
        found.append(Action("extra", (g,), label=say("wargame.levy.extra", general=general(g))))
        if d["groups"]:
            found.append(Action("join", (g,), label=say("wargame.levy.join", general=general(g))))
    if d["chosen"]:
        found.append(Action("confirm", label=say("wargame.levy.confirm", area=area(d["area"]))))
    found.append(Action("cancel", label=say("wargame.act.cancel")))
    return found


def levy_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), dict(step["data"])
    seat, nid = step["seats"][0], d["nation"]
    if action.kind == "cancel":
        _again(state, seat, nid)
        return []
    if action.kind != "confirm":
        g = action.word(0)
        if action.kind == "general":
            d["chosen"] = [*d["chosen"], g]
        elif action.kind == "extra":
            d["groups"] = [*d["groups"], [g]]
        else:
            d["groups"] = [*d["groups"][:-1], [*d["groups"][-1], g]]
        push(state, turn("levy", seat, **d))
        return []
    events = levy(state, d["area"], d["chosen"], d["groups"])
    _again(state, seat, nid)
    return events


def levy(state: State, aid: str, chosen: list[str], groups: list[list[str]]) -> list[Event]:
    """W10.4-W10.8, W10b: the base levy once per area per step, then one `extra_levy` roll
    per group, +1 troop if the roll is at most the group's admin total."""
    data = state_data(state)
    ctx = state["step"]
    nid = ctx["nation"]
    events = [Event(say("wargame.levy.done", nation=nation(nid), area=area(aid),
                        generals=generals(chosen)))]
    if aid not in ctx["levied"]:
        gain = int(data.areas[aid]["power"])
        add_troops(state, aid, nid, gain)
        ctx["levied"].append(aid)
        events.append(Event(say("wargame.levy.base", area=area(aid), count=gain)))
    for group in groups:
        total = sum(int(data.generals[g]["admin"]) for g in group)
        rolled = roll(state, 1, 6, who=nation(nid), why=say("wargame.roll.extra_levy",
                                                              generals=generals(group),
                                                              admin=total))
        events.append(rolled.event)
        if rolled.total <= total:
            add_troops(state, aid, nid, 1)
            events.append(Event(say("wargame.levy.extra_success", area=area(aid))))
        else:
            events.append(Event(say("wargame.levy.extra_failure")))
    ctx["acted"] += [g for g in chosen if g not in ctx["acted"]]
    ctx["status"][aid] = "domestic"
    return events


# -- diplomacy (W11) and markers (W15) -----------------------------------------------------------
def diplo_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    grouped = {g for group in d["groups"] for g in group}
    found: list[Action] = []
    for g in diplomats(state):
        if g in grouped:
            continue
        found.append(Action("group", (g,), label=say("wargame.diplo.group", general=general(g))))
        if d["groups"]:
            found.append(Action("join", (g,), label=say("wargame.diplo.join", general=general(g))))
    if d["groups"]:
        found.append(Action("confirm", label=say("wargame.diplo.confirm")))
    found.append(Action("cancel", label=say("wargame.act.cancel")))
    return found


def diplo_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), dict(step["data"])
    seat, nid = step["seats"][0], d["nation"]
    if action.kind == "cancel":
        _again(state, seat, nid)
        return []
    if action.kind in ("group", "join"):
        g = action.word(0)
        d["groups"] = ([*d["groups"], [g]] if action.kind == "group"
                       else [*d["groups"][:-1], [*d["groups"][-1], g]])
        push(state, turn("diplo", seat, **d))
        return []
    events = diplomacy(state, d["groups"])
    _again(state, seat, nid)
    return events


def diplomacy(state: State, groups: list[list[str]]) -> list[Event]:
    """W11.4-W11.6, W11a: one `diplomacy` roll per group, +2 DP if at most its total."""
    data = state_data(state)
    ctx = state["step"]
    nid = ctx["nation"]
    events: list[Event] = []
    for group in groups:
        total = sum(int(data.generals[g]["diplomacy"]) for g in group)
        rolled = roll(state, 1, 6, who=nation(nid), why=say("wargame.roll.diplomacy",
                                                              generals=generals(group),
                                                              rating=total))
        events.append(rolled.event)
        if rolled.total <= total:
            gain = int(data.constants["dp_per_diplomacy_success"])
            ctx["dp"] += gain
            events.append(Event(say("wargame.diplo.success", count=gain, dp=ctx["dp"])))
        else:
            events.append(Event(say("wargame.diplo.failure")))
        ctx["acted"] += group
    where = ruler_area(state)
    if where:
        ctx["status"][where] = "domestic"
    return events


def block_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = state_data(state)
    first = step["data"]["a"]
    if first is None:
        found = [Action("from", (a,), label=say("wargame.block.from", area=area(a)))
                 for a in data.areas]
    else:
        found = [Action("to", (b,), label=say("wargame.block.to", a=area(first), b=area(b)))
                 for b in data.neighbours[first]]
    return [*found, Action("cancel", label=say("wargame.act.cancel"))]


def block_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), dict(step["data"])
    seat, nid = step["seats"][0], d["nation"]
    if action.kind == "from":
        push(state, turn("block", seat, nation=nid, a=action.word(0)))
        return []
    events: list[Event] = []
    if action.kind == "to":
        events = place_marker(state, d["a"], action.word(0))
    _again(state, seat, nid)
    return events


def place_marker(state: State, a: str, b: str) -> list[Event]:
    """W15.1-W15.4: 1 DP a marker, on any passable side; a side may hold several."""
    data = state_data(state)
    ctx = state["step"]
    if not data.adjacent(a, b):
        raise IllegalAction(say("wargame.refuse.no_side", a=area(a), b=area(b)))
    ctx["dp"] -= int(data.constants["marker_dp_cost"])
    key = side_key(a, b)
    state["markers"][key] = state["markers"].get(key, 0) + 1
    return [Event(say("wargame.block.done", nation=nation(ctx["nation"]), a=area(a), b=area(b),
                      count=state["markers"][key], dp=ctx["dp"]))]


def _unblock(state: State, seat: int, nid: str, a: str, b: str) -> list[Event]:
    """W15.2, W15.6: 1 DP removes one marker; a side left bare may be crossed at once."""
    data = state_data(state)
    ctx = state["step"]
    key = side_key(a, b)
    ctx["dp"] -= int(data.constants["marker_dp_cost"])
    state["markers"][key] -= 1
    if not state["markers"][key]:
        del state["markers"][key]
    _again(state, seat, nid)
    return [Event(say("wargame.unblock.done", nation=nation(nid), a=area(a), b=area(b),
                      count=state["markers"].get(key, 0), dp=ctx["dp"]))]


# -- invasion (W16) ------------------------------------------------------------------------------
def invade_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    target = d["target"]
    found: list[Action] = []
    for src in sources(state, target):
        if free_troops(state, src) <= 0:
            continue  # W16.6: a contingent needs a troop too, so its generals cannot go alone
        found += [Action("general", (g,), label=say("wargame.invade.general", general=general(g),
                                                    area=area(src)))
                  for g in free_generals(state, src) if g not in d["chosen"]]
        if any(state["generals"][g]["area"] == src for g in d["chosen"]):
            found += [Action("troops", (src, n), label=say("wargame.invade.troops", count=n,
                                                          area=area(src)))
                      for n in troop_choices(free_troops(state, src)) if n != d["troops"].get(src)]
    if contingents_ready(state, d):
        found.append(Action("confirm", label=say("wargame.invade.confirm", area=area(target))))
    return [*found, Action("cancel", label=say("wargame.act.cancel"))]


def contingents_ready(state: State, d: dict[str, Any]) -> bool:
    """W16.6: at least one contingent, and each with a general and a troop."""
    by_source: dict[str, int] = {}
    for g in d["chosen"]:
        src = state["generals"][g]["area"]
        by_source[src] = by_source.get(src, 0) + 1
    return bool(by_source) and all(d["troops"].get(src, 0) > 0 for src in by_source)


def invade_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), dict(step["data"])
    seat, nid = step["seats"][0], d["nation"]
    if action.kind == "cancel":
        _again(state, seat, nid)
        return []
    if action.kind == "general":
        d["chosen"] = [*d["chosen"], action.word(0)]
        push(state, turn("invade", seat, **d))
        return []
    if action.kind == "troops":
        d["troops"] = {**d["troops"], action.word(0): action.number(1)}
        push(state, turn("invade", seat, **d))
        return []
    events = invade(state, d["target"], d["chosen"], d["troops"])
    if state["battle"] is None:
        _again(state, seat, nid)
    return events


def invade(state: State, target: str, chosen: list[str], sent: dict[str, int]) -> list[Event]:
    """W16b: the units move into the target at once. Another power's units there mean combat
    (W16.8: its rivers modifier needs every contingent to have crossed a river, W20.6 ③);
    otherwise control changes at the end of the step (W4.1a)."""
    ctx = state["step"]
    nid = ctx["nation"]
    owner = state["areas"][target]["control"]
    if owner and owner not in (nid, GOZOKU) and owner not in ctx["invaded"]:
        ctx["invaded"].append(owner)
    parts = []
    for src, count in sent.items():
        gens = [g for g in chosen if state["generals"][g]["area"] == src]
        for g in gens:
            state["generals"][g]["area"] = target
        move_troops(state, src, target, nid, count)
        ctx["status"][src] = "invading"
        parts.append(say("wargame.invade.part", area=area(src), generals=generals(gens),
                         count=count))
    ctx["acted"] += chosen
    ctx["acted_troops"][target] = ctx["acted_troops"].get(target, 0) + sum(sent.values())
    told = Event(say("wargame.invade.done", nation=nation(nid), area=area(target),
                     parts=tuple(parts)))
    if powers_in(state, target) - {nid}:
        data = state_data(state)
        rivers = all(data.side(src, target) == "river" for src in sent)
        return [told, *open_battle(state, target, rivers)]
    return [told, Event(say("wargame.invade.no_combat", area=area(target)))]


# -- the end of the action step, and the redeploy step (W25) -------------------------------------
def end_action(state: State, seat: int, nid: str) -> list[Event]:
    events = [Event(say("wargame.act.ended", nation=nation(nid)))]
    events += control_update(state)
    state["redeploy"] = {"nation": nid, "moved": [], "arrived": {}}
    push(state, turn("redeploy", seat, nation=nid))
    return events


def movable(state: State, aid: str) -> tuple[list[str], int]:
    ctx = state["redeploy"]
    nid = ctx["nation"]
    gens = [g for g in generals_in(state, aid, nid) if g not in ctx["moved"]]
    return gens, troops(state, aid, nid) - int(ctx["arrived"].get(aid, 0))


def reach(state: State, source: str, points: int) -> dict[str, int]:
    """W25.2-W25.5: the cheapest cost to every area the nation controls, through areas it
    controls, within `points` MP; markers never matter."""
    data = state_data(state)
    nid = state["redeploy"]["nation"]
    costs = data.constants["side_cost"]
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, 99):
            continue
        for there, kind in data.neighbours[here].items():
            if state["areas"][there]["control"] != nid or costs[kind] is None:
                continue
            cost = spent + int(costs[kind])
            if cost <= points and cost < best.get(there, 99):
                best[there] = cost
                heapq.heappush(queue, (cost, there))
    del best[source]
    return best


def redeploy_legal(state: State, step: Step, seat: int) -> list[Action]:
    nid = state["redeploy"]["nation"]
    mp = state_data(state).constants["move_points"]
    found = []
    for aid, spot in state["areas"].items():
        if spot["control"] != nid:
            continue
        gens, count = movable(state, aid)
        if (gens or count) and reach(state, aid, int(mp["general" if gens else "troops"])):
            found.append(Action("move", (aid,), label=say("wargame.move.from", area=area(aid))))
    return [*found, Action("end", label=say("wargame.act.end_redeploy"))]


def redeploy_resolve(state: State, step: Step) -> list[Event]:
    action = _answer(step)
    seat, nid = step["seats"][0], step["data"]["nation"]
    if action.kind == "move":
        push(state, turn("move", seat, nation=nid, source=action.word(0), chosen=[], troops=0))
        return []
    state["redeploy"] = None
    state["step"] = None
    return [Event(say("wargame.redeploy.ended", nation=nation(nid)))]


def move_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    mp = state_data(state).constants["move_points"]
    gens, count = movable(state, d["source"])
    found = [Action("general", (g,), label=say("wargame.move.general", general=general(g)))
             for g in gens if g not in d["chosen"]]
    found += [Action("troops", (n,), label=say("wargame.move.troops", count=n))
              for n in troop_choices(count) if n != d["troops"]]
    if d["chosen"] or d["troops"]:
        points = int(mp["troops"] if d["troops"] else mp["general"])
        found += [Action("to", (b,), label=say("wargame.move.to", area=area(b), cost=cost))
                  for b, cost in reach(state, d["source"], points).items()]
    return [*found, Action("cancel", label=say("wargame.act.cancel"))]


def move_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), dict(step["data"])
    seat, nid = step["seats"][0], d["nation"]
    again = turn("redeploy", seat, nation=nid)
    if action.kind == "cancel":
        push(state, again)
        return []
    if action.kind == "general":
        d["chosen"] = [*d["chosen"], action.word(0)]
        push(state, turn("move", seat, **d))
        return []
    if action.kind == "troops":
        d["troops"] = action.number(0)
        push(state, turn("move", seat, **d))
        return []
    target = action.word(0)
    ctx = state["redeploy"]
    for g in d["chosen"]:
        state["generals"][g]["area"] = target
    ctx["moved"] += d["chosen"]
    if d["troops"]:
        move_troops(state, d["source"], target, nid, d["troops"])
        ctx["arrived"][target] = ctx["arrived"].get(target, 0) + d["troops"]
    push(state, again)
    return [Event(say("wargame.move.done", nation=nation(nid), source=area(d["source"]),
                      target=area(target), generals=generals(d["chosen"]), count=d["troops"]))]


def state_data(state: State) -> WargameData:
    return data_for(state["options"])
