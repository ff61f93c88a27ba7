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
from games.core.messages import Msg, Seat, msg
from games.wargame import citations
from games.wargame.alliance import (
    allow,
    ally_gozoku,
    ally_legal,
    ally_minor,
    answer_offer,
    area_power,
    auto_levies,
    coalition_powers,
    majors,
    offer,
    protected,
)
from games.wargame.board import (
    GOZOKU,
    add_troops,
    control_update,
    generals_in,
    move_troops,
    powers_in,
    standing,
    troop_choices,
    troops,
)
from games.wargame.combat import open_battle
from games.wargame.data import WargameData, data_for
from games.wargame.texts import area, general, generals, nation, power, units

State = dict[str, Any]


def side_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


# -- the action step (W9) ------------------------------------------------------------------------
def begin_action(state: State, nid: str) -> list[Event]:
    start = [a for a, s in state["areas"].items() if s["control"] == nid]
    state["step"] = {"nation": nid, "start": start, "status": {a: "idle" for a in start},
                     "acted": [], "acted_troops": {}, "levied": [], "dp": 0, "invaded": [],
                     "invaded_areas": [], "entered": [], "allies": {}, "gozoku": [],
                     "ally_areas": {}, "offered": []}
    seat = state["nations"][nid]["seat"]
    push(state, turn("act", seat, nation=nid))
    return [Event(msg("wargame.phase.major", nation=nation(nid), who=Seat(seat)))]


def may_act(state: State, aid: str, wanted: str) -> bool:
    """W9.2, W9a, W13.6.1: an area controlled when the step began (or an allied minor's or
    豪族 area), still its power's, whose status allows an order of kind `wanted` (domestic or
    invading)."""
    pid = area_power(state, aid)
    return (pid is not None and state["areas"][aid]["control"] == pid
            and state["step"]["status"][aid] in ("idle", wanted))


def unit_power(state: State, aid: str) -> str:
    """Whose units an area offers: the power it acts for, else its controller (a major
    ally's area, W12a)."""
    return area_power(state, aid) or str(state["areas"][aid]["control"])


def free_generals(state: State, aid: str, placed: dict[str, list[str]] | None = None) -> list[str]:
    ctx = state["step"]
    return [g for g in generals_in(state, aid, unit_power(state, aid), placed)
            if g not in ctx["acted"]]


def free_troops(state: State, aid: str) -> int:
    ctx = state["step"]
    return troops(state, aid, unit_power(state, aid)) - int(ctx["acted_troops"].get(aid, 0))


def acting_areas(state: State) -> list[str]:
    """The acting nation's areas, then the allied minors' and 豪族 areas (W13.6.1)."""
    ctx = state["step"]
    return [*ctx["start"], *ctx["ally_areas"]]


def ruler_area(state: State) -> str | None:
    ruler = state["nations"][state["step"]["nation"]]["ruler"]
    return state["generals"][ruler]["area"] if ruler else None


def diplomats(state: State, placed: dict[str, list[str]] | None = None) -> list[str]:
    """W11.2: generals with a diplomacy rating in the ruler's area, not yet acted."""
    where = ruler_area(state)
    if where is None or not may_act(state, where, "domestic"):
        return []
    data = state_data(state)
    return [g for g in free_generals(state, where, placed)
            if data.generals[g]["diplomacy"] is not None]


def source_power(state: State, src: str) -> str | None:
    """The coalition power a source area sends for: its acting power, or a major ally that
    controls it (W12a)."""
    pid = area_power(state, src)
    if pid is not None:
        return pid
    owner = state["areas"][src]["control"]
    return str(owner) if owner in majors(state) else None


def sources(state: State, target: str) -> list[str]:
    """Areas that may send a contingent into `target` (W16a), in data order: adjacent across
    a side without markers, acting for a coalition power (W9.2, W13.6.1) or held by a major
    ally (W12a)."""
    data = state_data(state)
    found = []
    for a in data.around[target]:
        if state["markers"].get(side_key(a, target)):
            continue
        pid = source_power(state, a)
        if pid is None:
            continue
        if area_power(state, a) is None or may_act(state, a, "invading"):
            found.append(a)
    return found


def sendable(state: State, src: str, sent: dict[str, int]) -> int:
    """The troops a source may still send: its free troops; a 豪族 area keeps 3 (W14.4.2);
    a major ally's stay within the allowance left by its other sources (W12a)."""
    pid = source_power(state, src)
    cap = free_troops(state, src)
    if pid == GOZOKU:
        keep = int(state_data(state).constants["gozoku"]["invade_leave_min_troops"])
        cap = min(cap, troops(state, src, GOZOKU) - keep)
    elif pid in majors(state):
        others = sum(n for a, n in sent.items() if a != src and source_power(state, a) == pid)
        cap = min(cap, int(state["step"]["allies"][str(pid)]["troops"]) - others)
    return max(cap, 0)


def invasion_targets(state: State, placed: dict[str, list[str]]) -> list[str]:
    """W16.11, W16a, W12b: the areas an invasion may go to now, in data order: no coalition
    member's area nor one holding their units, with a source (`sources`) that has units to
    send (another power's units there mean combat, W16.8). Whether an area may send does
    not hang on the target, so each is judged once, and the units of every area come from
    one pass over the generals: the action step offers every target after every order, and
    judging them target by target was most of a playout's cost."""
    data = state_data(state)
    allied = set(majors(state))
    held = [a for a, spot in state["areas"].items() if spot["control"] in allied]
    senders = {a for a in [*acting_areas(state), *held] if _sends(state, a, allied, placed)}
    markers = state["markers"]
    reached = {b for a in senders for b in data.neighbours[a] if not markers.get(side_key(a, b))}
    return [target for target in data.areas if target in reached
            and not protected(state, target, powers_in(state, target, placed))]


def _sends(state: State, src: str, allied: set[str], placed: dict[str, list[str]]) -> bool:
    """Whether `src` may send a contingent now, to any target (`sources`, `sendable`)."""
    pid = area_power(state, src)
    if pid is None:
        if state["areas"][src]["control"] not in allied:
            return False
        pid = str(state["areas"][src]["control"])
    elif not may_act(state, src, "invading"):
        return False
    return bool(free_generals(state, src, placed) or pid == GOZOKU) \
        and sendable(state, src, {}) > 0


def act_legal(state: State, step: Step, seat: int) -> list[Action]:
    """Every order of the action step; the generals' places are read once (`standing`)."""
    ctx = state["step"]
    placed = standing(state)
    found: list[Action] = []
    for aid in acting_areas(state):
        gozoku = area_power(state, aid) == GOZOKU and aid not in ctx["levied"]
        if may_act(state, aid, "domestic") and (free_generals(state, aid, placed) or gozoku):
            found.append(Action("levy", (aid,), label=msg("wargame.act.levy", area=area(aid))))
    if state["options"]["diplomacy"]:
        found += ally_legal(state)
        if diplomats(state, placed):
            found.append(Action("diplo", label=msg("wargame.act.diplo")))
        if ctx["dp"] >= state_data(state).constants["marker_dp_cost"]:
            found.append(Action("block", label=msg("wargame.act.block")))
            for key, count in sorted(state["markers"].items()):
                if count:
                    a, b = key.split("|")
                    found.append(Action("unblock", (a, b), label=msg(
                        "wargame.act.unblock", a=area(a), b=area(b))))
    found += [Action("invade", (target,), label=msg("wargame.act.invade", area=area(target)))
              for target in invasion_targets(state, placed)]
    found.append(Action("end", label=msg("wargame.act.end_action")))
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
    if action.kind in ("ally", "allow"):
        return alliance_order(state, seat, nid, action)
    if action.kind == "invade":
        push(state, turn("invade", seat, nation=nid, target=action.word(0), chosen=[],
                         troops={}))
        return []
    return end_action(state, seat, nid)


def alliance_order(state: State, seat: int, nid: str, action: Action) -> list[Event]:
    """`ally <nation>` (an offer to a major, W12.1; DP paid for a minor, W13.2), `ally gozoku
    <area>` (W14.2) and `allow <nation> troops|generals` (1 DP, W12.4)."""
    if action.kind == "allow":
        events = allow(state, action.word(0), action.word(1))
    elif action.word(0) == GOZOKU:
        events = ally_gozoku(state, action.word(1))
    elif state["nations"][action.word(0)]["seat"] is None:
        events = ally_minor(state, action.word(0))
    else:
        data, events = offer(state, action.word(0))
        push(state, turn("consult", int(state["nations"][action.word(0)]["seat"]), **data),
             turn("act", seat, nation=nid))
        return events
    _again(state, seat, nid)
    return events


def consult_legal(state: State, step: Step, seat: int) -> list[Action]:
    """A major ally's answer to an alliance offer (W12.1) or to its proposed contingent
    (`accept_joint`, W12a)."""
    about = step["data"]["about"]
    return [Action("accept", label=msg(f"wargame.consult.{about}.accept")),
            Action("decline", label=msg(f"wargame.consult.{about}.decline"))]


def consult_resolve(state: State, step: Step) -> list[Event]:
    action, d = _answer(step), step["data"]
    accepted = action.kind == "accept"
    if d["about"] == "alliance":
        return answer_offer(state, d["ally"], int(d["by"]), accepted)
    nid = state["step"]["nation"]
    if not accepted:
        _again(state, int(d["by"]), nid)
        return [Event(msg("wargame.joint.declined", nation=nation(d["ally"]),
                          area=area(d["target"])))]
    problem = invasion_problem(state, d["target"], d["chosen"], d["troops"])
    if problem is not None:  # the board changed since the proposal
        _again(state, int(d["by"]), nid)
        return [Event(problem, seats=(int(d["by"]),))]
    events = invade(state, d["target"], d["chosen"], d["troops"])
    if state["battle"] is None:
        _again(state, int(d["by"]), nid)
    return events


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
    if area_power(state, d["area"]) == GOZOKU:  # W14.3: no general needed, no extra levy
        return [Action("confirm", label=msg("wargame.levy.confirm", area=area(d["area"]))),
                Action("cancel", label=msg("wargame.act.cancel"))]
    found = [Action("general", (g,), label=msg("wargame.levy.general", general=general(g)))
             for g in free_generals(state, d["area"]) if g not in d["chosen"]]
    for g in d["chosen"]:
        if data.generals[g]["admin"] is None or g in grouped:
            continue
        found.append(Action("extra", (g,), label=msg("wargame.levy.extra", general=general(g))))
        if d["groups"]:
            found.append(Action("join", (g,), label=msg("wargame.levy.join", general=general(g))))
    if d["chosen"]:
        found.append(Action("confirm", label=msg("wargame.levy.confirm", area=area(d["area"]))))
    found.append(Action("cancel", label=msg("wargame.act.cancel")))
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
    nid = unit_power(state, aid)
    events = [Event(msg("wargame.levy.done", nation=power(nid), area=area(aid),
                        generals=generals(chosen)))]
    if aid not in ctx["levied"]:
        gain = int(data.areas[aid]["power"])
        add_troops(state, aid, nid, gain)
        ctx["levied"].append(aid)
        events.append(Event(msg("wargame.levy.base", area=area(aid), count=gain)))
    for group in groups:
        total = sum(int(data.generals[g]["admin"]) for g in group)
        rolled = roll(state, 1, 6, who=power(nid), why=msg("wargame.roll.extra_levy",
                                                              generals=generals(group),
                                                              admin=total))
        events.append(rolled.event)
        if rolled.total <= total:
            add_troops(state, aid, nid, 1)
            events.append(Event(msg("wargame.levy.extra_success", area=area(aid))))
        else:
            events.append(Event(msg("wargame.levy.extra_failure")))
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
        found.append(Action("group", (g,), label=msg("wargame.diplo.group", general=general(g))))
        if d["groups"]:
            found.append(Action("join", (g,), label=msg("wargame.diplo.join", general=general(g))))
    if d["groups"]:
        found.append(Action("confirm", label=msg("wargame.diplo.confirm")))
    found.append(Action("cancel", label=msg("wargame.act.cancel")))
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
        rolled = roll(state, 1, 6, who=nation(nid), why=msg("wargame.roll.diplomacy",
                                                              generals=generals(group),
                                                              rating=total))
        events.append(rolled.event)
        if rolled.total <= total:
            gain = int(data.constants["dp_per_diplomacy_success"])
            ctx["dp"] += gain
            events.append(Event(msg("wargame.diplo.success", count=gain, dp=ctx["dp"])))
        else:
            events.append(Event(msg("wargame.diplo.failure")))
        ctx["acted"] += group
    where = ruler_area(state)
    if where:
        ctx["status"][where] = "domestic"
    return events


def block_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = state_data(state)
    first = step["data"]["a"]
    if first is None:
        found = [Action("from", (a,), label=msg("wargame.block.from", area=area(a)))
                 for a in data.areas]
    else:
        found = [Action("to", (b,), label=msg("wargame.block.to", a=area(first), b=area(b)))
                 for b in data.neighbours[first]]
    return [*found, Action("cancel", label=msg("wargame.act.cancel"))]


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
        raise IllegalAction(msg("wargame.refuse.no_side", a=area(a), b=area(b)),
                            rule=citations.rule("W15.3"))
    ctx["dp"] -= int(data.constants["marker_dp_cost"])
    key = side_key(a, b)
    state["markers"][key] = state["markers"].get(key, 0) + 1
    return [Event(msg("wargame.block.done", nation=nation(ctx["nation"]), a=area(a), b=area(b),
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
    return [Event(msg("wargame.unblock.done", nation=nation(nid), a=area(a), b=area(b),
                      count=state["markers"].get(key, 0), dp=ctx["dp"]))]


# -- invasion (W16, W17) ---------------------------------------------------------------------------
def invade_legal(state: State, step: Step, seat: int) -> list[Action]:
    """One choice at a time: generals of each source, then its troops (a 豪族 source sends
    troops alone, W14.4.1); confirm once the whole invasion is legal (W16a)."""
    d = step["data"]
    target = d["target"]
    placed = standing(state)
    found: list[Action] = []
    for src in sources(state, target):
        cap = sendable(state, src, d["troops"])
        if cap <= 0:
            continue  # W16.6: a contingent needs a troop too, so its generals cannot go alone
        if source_power(state, src) != GOZOKU:
            found += [Action("general", (g,), label=msg(
                          "wargame.invade.general", general=general(g), area=area(src)))
                      for g in free_generals(state, src, placed)
                      if g not in d["chosen"] and _may_send_general(state, src, d["chosen"])]
            if not any(state["generals"][g]["area"] == src for g in d["chosen"]):
                continue
        found += [Action("troops", (src, n), label=msg("wargame.invade.troops", count=n,
                                                      area=area(src)))
                  for n in troop_choices(cap) if n != d["troops"].get(src)]
    if invasion_problem(state, target, d["chosen"], d["troops"]) is None:
        found.append(Action("confirm", label=msg("wargame.invade.confirm", area=area(target))))
    return [*found, Action("cancel", label=msg("wargame.act.cancel"))]


def _may_send_general(state: State, src: str, chosen: list[str]) -> bool:
    """W12a: a major ally's generals stay within its generals allowance."""
    pid = source_power(state, src)
    if pid not in majors(state):
        return True
    used = sum(state["generals"][g]["nation"] == pid for g in chosen)
    return used < int(state["step"]["allies"][str(pid)]["generals"])


def contingents(state: State, chosen: list[str], sent: dict[str, int]) -> dict[str, dict]:
    """The invasion by source area, in data order: {source: {power, generals, troops}}."""
    found: dict[str, dict[str, Any]] = {}
    for g in chosen:
        src = state["generals"][g]["area"]
        found.setdefault(src, {"generals": [], "troops": 0})["generals"].append(g)
    for src, count in sent.items():
        if count > 0:
            found.setdefault(src, {"generals": [], "troops": 0})["troops"] = count
    order = list(state["areas"])
    return {src: {**found[src], "power": source_power(state, src)}
            for src in sorted(found, key=order.index)}


def enemy_units(state: State, target: str) -> tuple[int, int]:
    """The target's troops and generals of powers outside the coalition (free generals do
    not count, W13.6.2)."""
    inside = coalition_powers(state)
    count = sum(n for p, n in state["areas"][target]["troops"].items() if p not in inside)
    gens = [g for g in generals_in(state, target)
            if state["generals"][g]["nation"] not in inside]
    return count, len(gens)


def invasion_problem(state: State, target: str, chosen: list[str],
                     sent: dict[str, int]) -> Msg | None:
    """Why an invasion order is illegal (W16a), or None: the first rule it breaks."""
    if protected(state, target):
        return msg("wargame.refuse.invade_target", area=area(target))
    parts = contingents(state, chosen, sent)
    if not parts:
        return msg("wargame.refuse.invade_empty")
    legal_sources = sources(state, target)
    for src, part in parts.items():
        found = _contingent_problem(state, target, src, part, legal_sources, sent)
        if found is not None:
            return found
    return _joint_problem(state, target, parts)


def _contingent_problem(state: State, target: str, src: str, part: dict[str, Any],
                        legal_sources: list[str], sent: dict[str, int]) -> Msg | None:
    """W16a for one source: it may send, its units are free, W16.6 (one general and one
    troop; the 豪族 need no general, W14.4.1) and W14.4.2 (a 豪族 area keeps 3)."""
    if src not in legal_sources:
        return msg("wargame.refuse.invade_source", area=area(src), target=area(target))
    free = free_generals(state, src)
    for g in part["generals"]:
        if g not in free:
            return msg("wargame.refuse.general_busy", general=general(g))
    if part["troops"] > free_troops(state, src):
        return msg("wargame.refuse.troops_busy", area=area(src), count=free_troops(state, src))
    if part["power"] == GOZOKU:
        if part["troops"] > sendable(state, src, sent):
            return msg("wargame.refuse.gozoku_keep", area=area(src))
        return None
    if not part["generals"] or not part["troops"]:
        return msg("wargame.refuse.contingent", area=area(src))
    return None


def _joint_problem(state: State, target: str, parts: dict[str, dict]) -> Msg | None:
    """W14.4.3-W14.4.4 (the 豪族 alone, twice the enemy troops), W12a (a major ally joins only
    the acting nation's invasion, within its allowance), W13.6.2 (a minor's ratio test)."""
    ctx = state["step"]
    powers = {p["power"] for p in parts.values()}
    enemy_troops, enemy_generals = enemy_units(state, target)
    total = sum(p["troops"] for p in parts.values())
    if GOZOKU in powers:
        if len(powers) > 1:
            return msg("wargame.refuse.gozoku_joint")
        ratio = int(state_data(state).constants["gozoku"]["invade_min_ratio"])
        if total < ratio * enemy_troops:
            return msg("wargame.refuse.gozoku_ratio", count=total, needed=ratio * enemy_troops)
        return None
    for pid in sorted(powers & set(majors(state))):
        if ctx["nation"] not in powers:
            return msg("wargame.refuse.joint_only", nation=nation(pid))
        allowed = ctx["allies"][pid]
        mine = [p for p in parts.values() if p["power"] == pid]
        if sum(p["troops"] for p in mine) > allowed["troops"] or \
                sum(len(p["generals"]) for p in mine) > allowed["generals"]:
            return msg("wargame.refuse.allowance", nation=nation(pid),
                       troops=allowed["troops"], generals=allowed["generals"])
    for pid in sorted(p for p in powers if ctx["allies"].get(p, {}).get("kind") == "minor"):
        scope = [p for p in parts.values()
                 if state["options"]["minor_ratio_scope"] == "joint" or p["power"] == pid]
        count = sum(p["troops"] for p in scope)
        gens = sum(len(p["generals"]) for p in scope)
        if enemy_troops > count:
            return msg("wargame.refuse.minor_troops", nation=nation(pid), count=count,
                       needed=enemy_troops)
        if enemy_generals > 2 * gens:
            return msg("wargame.refuse.minor_generals", nation=nation(pid), count=gens,
                       needed=enemy_generals)
    return None


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
    return declare_invasion(state, seat, d["target"], d["chosen"], d["troops"])


def declare_invasion(state: State, seat: int, target: str, chosen: list[str],
                     sent: dict[str, int]) -> list[Event]:
    """A legal invasion order goes ahead, unless a major ally's player must first confirm
    its contingent (`accept_joint`, W12a)."""
    nid = state["step"]["nation"]
    asked = sorted({str(p["power"]) for p in contingents(state, chosen, sent).values()}
                   & set(majors(state)))
    if asked:
        ally = asked[0]
        push(state, turn("consult", int(state["nations"][ally]["seat"]), about="joint",
                         ally=ally, by=seat, target=target, chosen=chosen, troops=sent))
        return [Event(msg("wargame.joint.proposed", nation=nation(nid), ally=nation(ally),
                          area=area(target)))]
    events = invade(state, target, chosen, sent)
    if state["battle"] is None:
        _again(state, seat, nid)
    return events


def invade(state: State, target: str, chosen: list[str], sent: dict[str, int]) -> list[Event]:
    """W16b: the units move into the target at once. Another power's units there mean combat
    (W16.8: its rivers modifier needs every contingent to have crossed a river, W20.6 ③); a
    joint invasion into an empty area settles who keeps it (W17b); otherwise control changes
    at the end of the step (W4.1a)."""
    ctx = state["step"]
    _note_invaded(state, target)
    parts = contingents(state, chosen, sent)
    invaders: list[str] = []
    told = []
    for src, part in parts.items():
        pid = str(part["power"])
        for g in part["generals"]:
            state["generals"][g]["area"] = target
        move_troops(state, src, target, pid, part["troops"])
        if src in ctx["status"]:
            ctx["status"][src] = "invading"
        if pid in majors(state):  # W12a: each unit uses up one allowance
            ctx["allies"][pid]["troops"] -= part["troops"]
            ctx["allies"][pid]["generals"] -= len(part["generals"])
        if pid not in invaders:
            invaders.append(pid)
        told.append(msg("wargame.invade.part", area=area(src),
                        units=units(part["generals"], part["troops"], led=True)))
    ctx["acted"] += chosen
    ctx["acted_troops"][target] = ctx["acted_troops"].get(target, 0) + sum(sent.values())
    events = [Event(msg("wargame.invade.done", nation=_names(invaders), area=area(target),
                        parts=tuple(told)))]
    data = state_data(state)
    rivers = all(data.side(src, target) == "river" for src in parts)
    if powers_in(state, target) - set(invaders) or len(invaders) > 1:
        return [*events, *open_battle(state, target, rivers, invaders)]
    return [*events, Event(msg("wargame.invade.no_combat", area=area(target)))]


def _names(pids: list[str]) -> Any:
    return power(pids[0]) if len(pids) == 1 else tuple(power(p) for p in pids)


def _note_invaded(state: State, target: str) -> None:
    """W12b: the nations whose area, or units, the coalition invaded this phase."""
    ctx = state["step"]
    owner = state["areas"][target]["control"]
    for pid in sorted(powers_in(state, target) | ({owner} if owner else set())):
        if pid != GOZOKU and pid not in ctx["invaded"] and pid not in coalition_powers(state):
            ctx["invaded"].append(pid)
    if target not in ctx["invaded_areas"]:
        ctx["invaded_areas"].append(target)


# -- the end of the action step, and the redeploy step (W25) -------------------------------------
def end_action(state: State, seat: int, nid: str) -> list[Event]:
    """The allied areas' base levies (W13.6.4), the control update (W4.1a); then the
    redeploy step, for the acting nation and its allied minors and 豪族 (W25a)."""
    ctx = state["step"]
    events = [Event(msg("wargame.act.ended", nation=nation(nid))), *auto_levies(state)]
    events += control_update(state)
    ctx["gozoku"] += [a for a in ctx["invaded_areas"]  # W14a: won by an allied 豪族 army
                      if state["areas"][a]["control"] == GOZOKU and a not in ctx["gozoku"]]
    movers = [nid, *(n for n, a in ctx["allies"].items()
                     if a["kind"] == "minor" and state["nations"][n]["alive"])]
    if ctx["gozoku"]:
        movers.append(GOZOKU)
    state["redeploy"] = {"nation": nid, "powers": movers, "moved": [], "arrived": {},
                         "before": {a: troops(state, a, GOZOKU) for a in ctx["gozoku"]}}
    push(state, turn("redeploy", seat, nation=nid))
    return events


def mover(state: State, aid: str) -> str | None:
    """The power whose units may redeploy in `aid`: its controller, if it is the acting
    nation or an allied minor, or the 豪族 in an allied group's area."""
    owner = state["areas"][aid]["control"]
    ctx = state["redeploy"]
    if owner not in ctx["powers"]:
        return None
    if owner == GOZOKU and aid not in state["step"]["gozoku"]:
        return None
    return str(owner)


def movable(state: State, aid: str,
            placed: dict[str, list[str]] | None = None) -> tuple[list[str], int]:
    """The generals and troops in `aid` that have not moved this step; a 豪族 area keeps
    min(3, what it held before the step) (W14.5). `placed`: `standing`, for a caller that
    reads every area."""
    ctx = state["redeploy"]
    pid = mover(state, aid)
    if pid is None:
        return [], 0
    gens = [g for g in generals_in(state, aid, pid, placed) if g not in ctx["moved"]]
    count = troops(state, aid, pid) - int(ctx["arrived"].get(aid, 0))
    if pid == GOZOKU:
        floor = min(int(state_data(state).constants["gozoku"]["redeploy_floor"]),
                    int(ctx["before"].get(aid, 0)))
        count = min(count, troops(state, aid, pid) - floor)
    return gens, max(count, 0)


def reach(state: State, source: str, points: int) -> dict[str, int]:
    """W25.2-W25.5: the cheapest cost to every area of the source's power, through areas of
    that power (an allied 豪族 group's own areas), within `points` MP; markers never
    matter."""
    data = state_data(state)
    pid = mover(state, source)
    costs = data.constants["side_cost"]
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, 99):
            continue
        for there, kind in data.neighbours[here].items():
            if mover(state, there) != pid or costs[kind] is None:
                continue
            cost = spent + int(costs[kind])
            if cost <= points and cost < best.get(there, 99):
                best[there] = cost
                heapq.heappush(queue, (cost, there))
    del best[source]
    return best


def redeploy_legal(state: State, step: Step, seat: int) -> list[Action]:
    mp = state_data(state).constants["move_points"]
    found = []
    placed = standing(state)
    for aid in state["areas"]:
        gens, count = movable(state, aid, placed)
        if (gens or count) and reach(state, aid, int(mp["general" if gens else "troops"])):
            found.append(Action("move", (aid,), label=msg("wargame.move.from", area=area(aid))))
    return [*found, Action("end", label=msg("wargame.act.end_redeploy"))]


def redeploy_resolve(state: State, step: Step) -> list[Event]:
    action = _answer(step)
    seat, nid = step["seats"][0], step["data"]["nation"]
    if action.kind == "move":
        push(state, turn("move", seat, nation=nid, source=action.word(0), chosen=[], troops=0))
        return []
    state["redeploy"] = None
    state["step"] = None
    return [Event(msg("wargame.redeploy.ended", nation=nation(nid)))]


def move_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    mp = state_data(state).constants["move_points"]
    gens, count = movable(state, d["source"])
    found = [Action("general", (g,), label=msg("wargame.move.general", general=general(g)))
             for g in gens if g not in d["chosen"]]
    found += [Action("troops", (n,), label=msg("wargame.move.troops", count=n))
              for n in troop_choices(count) if n != d["troops"]]
    if d["chosen"] or d["troops"]:
        points = int(mp["troops"] if d["troops"] else mp["general"])
        found += [Action("to", (b,), label=msg("wargame.move.to", area=area(b), cost=cost))
                  for b, cost in reach(state, d["source"], points).items()]
    return [*found, Action("cancel", label=msg("wargame.act.cancel"))]


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
    push(state, again)
    return redeploy(state, d["source"], action.word(0), d["chosen"], d["troops"])


def redeploy(state: State, source: str, target: str, chosen: list[str],
             count: int) -> list[Event]:
    """W25a: the units move (each once this step)."""
    ctx = state["redeploy"]
    pid = str(mover(state, source))
    for g in chosen:
        state["generals"][g]["area"] = target
    ctx["moved"] += chosen
    if count:
        move_troops(state, source, target, pid, count)
        ctx["arrived"][target] = ctx["arrived"].get(target, 0) + count
    return [Event(msg("wargame.move.done", nation=power(pid), source=area(source),
                      target=area(target), units=units(chosen, count)))]


def state_data(state: State) -> WargameData:
    return data_for(state["options"])
