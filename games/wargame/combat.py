"""Combat (W16.8, W18-W24, W26/W27 in combat) as flow steps.

An invasion into an area holding another power's units opens a battle, `state["battle"]`:
the battle `area`, the power of each side (`sides`: attacker, defender), each army's troops
at the start (`start`, W23.4) and the loss points it took (`hurt`), whether every contingent
crossed a river side (`rivers`, W20.6 ③), the seat running a minor army (`handler`, W18.2),
the round's `method` and `n`, the selection being built (`drafts`, `done`: secret until every
army has chosen) and the generals revealed (`picks`), the retreat (`retreating`, `forced`,
`double`, `trapped`, `plan`), the `winner`, the public record of the rounds (`rounds`), and
the `stage` that `fight` runs next.

One chance rule, `fight`, walks the stages. Where a seat owes a choice it pushes that decision
step with `fight` beneath it, so the battle goes on once the seat has answered. An army no
seat runs answers by the auto policy (W33.5), and so does a player past a deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.actions import Action
from games.core.chance import roll
from games.core.events import Event
from games.core.flow import Step, answers, chance, flow_of, push, simultaneous, top, turn
from games.core.messages import Param, Seat
from games.wargame import fates
from games.wargame.board import (
    GOZOKU,
    Fall,
    control_update,
    destroy,
    generals_in,
    gozoku_left,
    left,
    move_troops,
    powers_in,
    remove_general,
    remove_troops,
    troop_choices,
    troops,
)
from games.wargame.data import WargameData, data_for
from games.wargame.methods import METHODS, SIDES, Outcome, enemy, rating, side_power
from games.wargame.texts import area, general, generals, nation, power, say

State = dict[str, Any]
METHOD_NAMES = {"ikki": say("wargame.method.ikki"), "kassen": say("wargame.method.kassen"),
                "keiryaku": say("wargame.method.keiryaku")}
RATING_OF = {"ikki": "valour", "kassen": "command", "keiryaku": "intellect"}


# -- the armies -----------------------------------------------------------------------------------
def army_generals(state: State, side: str) -> list[str]:
    """The generals of a side's power in the battle area, in data order (the 豪族 have none)."""
    pid = side_power(state, side)
    return [] if pid == GOZOKU else generals_in(state, state["battle"]["area"], pid)


def army_troops(state: State, side: str) -> int:
    return troops(state, state["battle"]["area"], side_power(state, side))


def exists(state: State, side: str) -> bool:
    """The army still has units, and its nation was not destroyed."""
    pid = side_power(state, side)
    if pid != GOZOKU and not state["nations"][pid]["alive"]:
        return False
    return army_troops(state, side) > 0 or bool(army_generals(state, side))


def routed(state: State, side: str) -> bool:
    """W23.1, W23.4: troops down to 0, or any loss to an army that began with 0 troops."""
    b = state["battle"]
    if b["start"][side] == 0:
        return int(b["hurt"][side]) > 0
    return army_troops(state, side) == 0


def decider(state: State, side: str) -> int | None:
    """The seat that makes a side's choices: a major nation's player, else the handler named
    for the minor army (W18.2); None means the auto policy (W33.5)."""
    pid = side_power(state, side)
    if pid != GOZOKU and state["nations"][pid]["seat"] is not None:
        return int(state["nations"][pid]["seat"])
    handler = state["battle"]["handler"]
    return None if handler is None else int(handler)


def _seat(state: State, side: str) -> int:
    """The deciding seat of a side that has one (the callers checked it)."""
    seat = decider(state, side)
    assert seat is not None
    return seat


def _data(state: State) -> WargameData:
    return data_for(state["options"])


def _ask(state: State, step: Step) -> None:
    """A seat owes `step`; the battle resumes (another `fight`) once it is answered."""
    push(state, step, chance("fight"))


def _fall(state: State) -> Fall:
    """W27.2: a nation that loses its last heir in this battle falls to the opposing army."""
    data = _data(state)

    def fall_of(nid: str) -> list[Event]:
        b = state["battle"]
        sides = b["sides"]
        if nid not in sides.values():
            return destroy(state, nid)
        by = sides["defender"] if sides["attacker"] == nid else sides["attacker"]
        return fates.fall_in_battle(state, data, nid, str(by), b["area"])
    return fall_of


# -- opening -------------------------------------------------------------------------------------
def open_battle(state: State, target: str, rivers: bool) -> list[Event]:
    """W16.8, W16b: the invaders stand in the target, which holds another power's units."""
    nid = state["step"]["nation"]
    pid = next(p for p in sorted(powers_in(state, target)) if p != nid)
    state["battle"] = {
        "area": target, "sides": {"attacker": nid, "defender": pid},
        "start": {"attacker": troops(state, target, nid), "defender": troops(state, target, pid)},
        "hurt": dict.fromkeys(SIDES, 0), "rivers": rivers, "handler": None, "round": 0,
        "method": None, "n": 0, "drafts": {s: [] for s in SIDES}, "done": [], "picks": None,
        "retreating": None, "forced": False, "double": False, "trapped": False, "plan": None,
        "winner": None, "stage": "open", "rounds": [],
    }
    push(state, chance("fight"))
    return [Event(say("wargame.battle.begins", attacker=nation(nid), defender=power(pid),
                      area=area(target)))]


def fight(state: State, step: Step) -> list[Event]:
    """Run the battle's stages until a seat owes a choice or the battle is over."""
    events: list[Event] = []
    while state["battle"] is not None:
        depth = len(flow_of(state)["stack"])
        events += STAGES[state["battle"]["stage"]](state)
        if len(flow_of(state)["stack"]) != depth:
            break
    return events


def _open(state: State) -> list[Event]:
    state["battle"]["stage"] = "method"
    if handler_choices(state):
        _ask(state, turn("handler", _acting_seat(state)))
    return []


def _acting_seat(state: State) -> int:
    return int(state["nations"][state["battle"]["sides"]["attacker"]]["seat"])


def handler_choices(state: State) -> list[int]:
    """W18.2 (`opt.minor_combat = nominate`): against a minor nation or the 豪族 the acting
    player names any other player to run that army; with nobody to name, auto applies."""
    pid = state["battle"]["sides"]["defender"]
    minor = pid == GOZOKU or state["nations"][pid]["seat"] is None
    if not minor or state["options"]["minor_combat"] != "nominate":
        return []
    return [s for s in range(len(state["players"])) if s != _acting_seat(state)]


def handler_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("handler", (s,), label=say("wargame.battle.handler", who=Seat(s)))
            for s in handler_choices(state)]


def handler_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    seat = action.number(0)
    state["battle"]["handler"] = seat
    return [Event(say("wargame.battle.handler_named", who=Seat(seat),
                      power=power(state["battle"]["sides"]["defender"])))]


# -- a round: the method and the generals (W18a steps 1-2, W18b) -----------------------------------
def _method(state: State) -> list[Event]:
    """W18.3-W18.4: the attacker rolls 2d6 (`battle_method`); the table gives the method and
    N. Armies with nothing to choose get their generals at once."""
    b = state["battle"]
    b["round"] += 1
    rolled = roll(state, 2, 6, who=power(b["sides"]["attacker"]),
                  why=say("wargame.roll.battle_method", round=b["round"]))
    row = _data(state).tables["battle_method"]["rows"][rolled.total - 2]
    b.update(method=row["method"], n=int(row["generals"]), drafts={s: [] for s in SIDES},
             done=[], picks=None, stage="select")
    for side in SIDES:
        if not _chooses(state, side):
            b["drafts"][side] = auto_picks(state, side)
            b["done"].append(side)
    return [rolled.event, Event(say("wargame.battle.method", method=METHOD_NAMES[row["method"]],
                                    count=b["n"]))]


def most_picks(state: State, side: str) -> int:
    """W18b: up to N in a duel; exactly min(N, the army's generals) otherwise."""
    return min(int(state["battle"]["n"]), len(army_generals(state, side)))


def _chooses(state: State, side: str) -> bool:
    """A seat chooses when the army has a real choice: any general for a duel (0 to N), more
    generals than N for the other methods."""
    if decider(state, side) is None:
        return False
    count = len(army_generals(state, side))
    return count > 0 if state["battle"]["method"] == "ikki" else count > int(state["battle"]["n"])


def auto_picks(state: State, side: str) -> list[str]:
    """W33.5: the best by the method's rating, blanks last, ties in data order; in a duel only
    generals of valour 3 or more."""
    data = _data(state)
    name = RATING_OF[state["battle"]["method"]]
    ranked = sorted(army_generals(state, side), key=lambda g: (
        rating(data, g, name) is None, -(rating(data, g, name) or 0)))
    if name == "valour":
        ranked = [g for g in ranked if (rating(data, g, "valour") or 0) >= 3]
    return ranked[:most_picks(state, side)]


def _select(state: State) -> list[Event]:
    """W18a step 2: the armies choose at the same time and in secret (one general per answer,
    until each is done); then both choices are revealed together. With
    `opt.secret_selection = false` the attacker chooses first, openly."""
    b = state["battle"]
    open_sides = [s for s in SIDES if s not in b["done"]]
    if open_sides:
        if state["options"]["secret_selection"]:
            _ask(state, simultaneous("select", sorted({_seat(state, s) for s in open_sides})))
        else:
            _ask(state, turn("select", _seat(state, open_sides[0])))
        return []
    b["picks"] = {s: list(b["drafts"][s]) for s in SIDES}
    b["stage"] = "clash"
    return [Event(say("wargame.battle.picks", attacker=power(b["sides"]["attacker"]),
                      defender=power(b["sides"]["defender"]),
                      chosen=_named(b["picks"]["attacker"]),
                      against=_named(b["picks"]["defender"])))]


def _named(gids: list[str]) -> Param:
    return generals(gids) if gids else say("wargame.battle.nobody")


def choosing_side(state: State, seat: int) -> str:
    """The side whose generals `seat` is choosing now."""
    b = state["battle"]
    return next(s for s in SIDES if s not in b["done"] and decider(state, s) == seat)


def select_legal(state: State, step: Step, seat: int) -> list[Action]:
    side = choosing_side(state, seat)
    b = state["battle"]
    name = RATING_OF[b["method"]]
    data = _data(state)
    found = [Action("general", (g,), label=say("wargame.select.general", general=general(g),
                                                rating=_shown(rating(data, g, name))))
             for g in army_generals(state, side) if g not in b["drafts"][side]]
    if b["method"] == "ikki":
        found.append(Action("done", label=say("wargame.select.done")))
    return found


def _shown(value: int | None) -> Param:
    return "-" if value is None else value


def select_resolve(state: State, step: Step) -> list[Event]:
    b = state["battle"]
    for seat, action in sorted(answers(step).items()):
        side = choosing_side(state, seat)
        if action.kind == "general":
            b["drafts"][side].append(action.word(0))
        if action.kind == "done" or len(b["drafts"][side]) >= most_picks(state, side):
            b["done"].append(side)
    return []


# -- a round: resolution, losses, checks (W18a steps 3-6) ---------------------------------------
def _clash(state: State) -> list[Event]:
    b = state["battle"]
    out = METHODS[b["method"]](state)
    events = list(out.events)
    for side in SIDES:
        events += hurt(state, side, out.losses[side])
    events += _duel_checks(state, out)
    b["rounds"].append({"round": b["round"], "method": b["method"], "n": b["n"],
                        "picks": b["picks"], "totals": out.totals, "losses": out.losses})
    return events + _outcome(state)


def hurt(state: State, side: str, loss: int) -> list[Event]:
    """Troops lost by an army (never below 0); every point counts for W23.4. A 豪族 area
    left without 豪族 troops is neutral at once (W4.5)."""
    if loss <= 0:
        return []
    b = state["battle"]
    pid = side_power(state, side)
    taken = remove_troops(state, b["area"], pid, loss)
    b["hurt"][side] += loss
    if pid == GOZOKU:
        gozoku_left(state, b["area"])
    return [Event(say("wargame.battle.loss", power=power(pid), count=taken,
                      left=army_troops(state, side)))]


def _duel_checks(state: State, out: Outcome) -> list[Event]:
    """W19.6, W19a, W24a: the duel's losers are checked in data order, each by the other
    army, if he is still in his army."""
    data = _data(state)
    order = list(data.generals)
    events: list[Event] = []
    for gid, column in sorted(out.checks, key=lambda c: order.index(c[0])):
        side = _side_of_general(state, gid)
        if side is not None:
            events += fates.kill_check(state, data, gid, column, side_power(state, enemy(side)),
                                       fall=_fall(state))
    return events


def _side_of_general(state: State, gid: str) -> str | None:
    spot = state["generals"][gid]
    if spot["state"] != "nation" or spot["area"] != state["battle"]["area"]:
        return None
    return next((s for s in SIDES if side_power(state, s) == spot["nation"]), None)


def _outcome(state: State) -> list[Event]:
    """W18a steps 5-7: a destroyed army is gone (W27.6); then the rout check (W23), the
    double rout (W23.5), or the declarations."""
    b = state["battle"]
    for side in SIDES:
        pid = side_power(state, side)
        if pid != GOZOKU and not state["nations"][pid]["alive"]:
            return _finish(state, enemy(side))
    fallen = [s for s in SIDES if routed(state, s)]
    if len(fallen) == 2:
        b.update(retreating="attacker", forced=True, double=True, stage="assign")
        return [Event(say("wargame.battle.double_rout"))]
    if fallen:
        b.update(retreating=fallen[0], forced=True, stage="pursue")
        return [Event(say("wargame.battle.routed", power=power(side_power(state, fallen[0]))))]
    for side in SIDES:
        if not exists(state, side):
            return _finish(state, enemy(side))
    b["stage"] = "declare_attacker"
    return []


def _finish(state: State, winner: str) -> list[Event]:
    state["battle"].update(winner=winner, stage="close")
    return []


# -- stay or retreat (W18a step 7, W22.1-W22.2) --------------------------------------------------
def _declare_attacker(state: State) -> list[Event]:
    state["battle"]["stage"] = "declare_defender"
    return _declare(state, "attacker")


def _declare_defender(state: State) -> list[Event]:
    state["battle"]["stage"] = "method"
    return _declare(state, "defender")


def _declare(state: State, side: str) -> list[Event]:
    """The attacker declares first; if it stays, the defender. A retreat needs a destination
    (W22.8)."""
    if not destinations(state, side, forced=False):
        return []
    seat = decider(state, side)
    if seat is None:
        return declare(state, side, auto_retreats(state, side))
    _ask(state, turn("declare", seat, side=side))
    return []


def auto_retreats(state: State, side: str) -> bool:
    """W33.5: an attacker retreats with fewer troops than the defender; a defender with fewer
    than half the attacker's."""
    own, other = army_troops(state, side), army_troops(state, enemy(side))
    return own < other if side == "attacker" else 2 * own < other


def declare_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("stay", label=say("wargame.declare.stay")),
            Action("retreat", label=say("wargame.declare.retreat"))]


def declare_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    return declare(state, step["data"]["side"], action.kind == "retreat")


def declare(state: State, side: str, retreat: bool) -> list[Event]:
    b = state["battle"]
    who = power(side_power(state, side))
    if not retreat:
        return [Event(say("wargame.battle.stays", power=who))]
    b.update(retreating=side, forced=False, stage="pursue")
    return [Event(say("wargame.battle.retreats", power=who))]


# -- pursuit (W22.11, W22d) ----------------------------------------------------------------------
def _pursue(state: State) -> list[Event]:
    b = state["battle"]
    b["stage"] = "assign"
    chaser = enemy(b["retreating"])
    if b["double"] or army_troops(state, chaser) < 1 or not exists(state, chaser):
        return []
    if b["forced"] and not state["options"]["pursue_routed"]:
        return []
    seat = decider(state, chaser)
    if seat is None:
        return pursue(state)
    _ask(state, turn("pursue", seat, side=chaser))
    return []


def pursue_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("pursue", label=say("wargame.pursue.yes")),
            Action("no_pursue", label=say("wargame.pursue.no"))]


def pursue_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    if action.kind == "pursue":
        return pursue(state)
    return [Event(say("wargame.battle.no_pursuit",
                      power=power(side_power(state, step["data"]["side"]))))]


def pursue(state: State) -> list[Event]:
    """The pursuer rolls 1d6 (`pursuit`) in the 追撃表 column of its own troops; a loss that
    routs the retreating army makes its retreat forced (W22d, W23.3)."""
    b = state["battle"]
    side = b["retreating"]
    count = army_troops(state, enemy(side))
    rolled = roll(state, 1, 6, who=power(side_power(state, enemy(side))),
                  why=say("wargame.roll.pursuit", count=count))
    table = _data(state).tables["pursuit"]
    column = next(i for i, c in enumerate(table["columns"]) if c["troops_min"] <= count and (
        c["troops_max"] is None or count <= c["troops_max"]))
    loss = int(table["rows"][rolled.total - 1]["loss"][column])
    events = [rolled.event, *hurt(state, side, loss)]
    if not b["forced"] and routed(state, side):
        b["forced"] = True
        events.append(Event(say("wargame.battle.routed", power=power(side_power(state, side)))))
    return events


# -- destinations (W22.3-W22.10, W22a) -----------------------------------------------------------
def destinations(state: State, side: str, forced: bool) -> list[str]:
    """W22a: the first non-empty tier of adjacent areas (own, then neutral and empty, then
    another nation's and empty); a forced retreat adds every own area on the map (22.9). The
    豪族 go only into adjacent 豪族 areas (22.10)."""
    data = _data(state)
    here = state["battle"]["area"]
    pid = side_power(state, side)
    near = [a for a in state["areas"] if data.adjacent(here, a)]
    if pid == GOZOKU:
        return [a for a in near if state["areas"][a]["control"] == GOZOKU
                and powers_in(state, a) <= {GOZOKU}]
    own = [a for a in state["areas"] if a != here and _own(state, a, pid)]
    empty = [a for a in near if not powers_in(state, a)]
    tiers = ([a for a in near if a in own],
             [a for a in empty if state["areas"][a]["control"] is None],
             [a for a in empty if state["areas"][a]["control"] not in (None, GOZOKU, pid)])
    first = next((t for t in tiers if t), [])
    return first + [a for a in own if a not in first] if forced else first


def _own(state: State, aid: str, pid: str) -> bool:
    """W22a own areas: controlled by the nation, or holding its units (won this step, with
    `opt.retreat_into_won_areas`), and holding no other power's units."""
    found = powers_in(state, aid)
    if found - {pid}:
        return False
    won = state["options"]["retreat_into_won_areas"] and pid in found
    return state["areas"][aid]["control"] == pid or bool(won)


def best_destination(state: State, side: str, choices: list[str]) -> str:
    """W33.5: the eligible area with the most own troops, ties in data order."""
    pid = side_power(state, side)
    return max(choices, key=lambda a: (troops(state, a, pid), -choices.index(a)))


# -- the retreat: assignment, kill checks, the move (W22e, W23a-b) --------------------------------
def _assign(state: State) -> list[Event]:
    b = state["battle"]
    side = b["retreating"]
    if b["plan"] is None:
        b["plan"] = {}
        choices = destinations(state, side, b["forced"])
        gens, count = army_generals(state, side), army_troops(state, side)
        if not gens and not count:
            b["stage"] = "withdraw"
            return []
        if not choices:
            b.update(trapped=True, stage="withdraw")
            return []
        seat = decider(state, side)
        if seat is None or len(choices) == 1:
            b["plan"] = {best_destination(state, side, choices): {"generals": gens,
                                                                   "troops": count}}
    gens, count = unassigned(state)
    if not gens and not count:
        b["stage"] = "withdraw"
        return []
    _ask(state, turn("retreat", _seat(state, side), side=side))
    return []


def unassigned(state: State) -> tuple[list[str], int]:
    """The retreating army's generals and troops that have no destination yet."""
    b = state["battle"]
    side = b["retreating"]
    placed = {g for part in b["plan"].values() for g in part["generals"]}
    count = army_troops(state, side) - sum(int(p["troops"]) for p in b["plan"].values())
    return [g for g in army_generals(state, side) if g not in placed], count


def retreat_legal(state: State, step: Step, seat: int) -> list[Action]:
    """W22.5: every unit goes to a legal destination; the army may split."""
    b = state["battle"]
    choices = destinations(state, b["retreating"], b["forced"])
    gens, count = unassigned(state)
    found = [Action("to", (a,), label=say("wargame.retreat.to", area=area(a))) for a in choices]
    for g in gens:
        found += [Action("general", (g, a), label=say("wargame.retreat.general",
                                                      general=general(g), area=area(a)))
                  for a in choices]
    for a in choices:
        found += [Action("troops", (a, n), label=say("wargame.retreat.troops", count=n,
                                                     area=area(a)))
                  for n in troop_choices(count)]
    return found


def retreat_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    b = state["battle"]
    gens, count = unassigned(state)
    target = action.word(0) if action.kind in ("to", "troops") else action.word(1)
    part = b["plan"].setdefault(target, {"generals": [], "troops": 0})
    if action.kind == "to":
        part["generals"] += gens
        part["troops"] += count
    elif action.kind == "general":
        part["generals"].append(action.word(0))
    else:
        part["troops"] += action.number(1)
    return []


def _withdraw(state: State) -> list[Event]:
    """W22e steps 4-5, W23a: a routed army's generals are checked (the column by whether
    their destination is adjacent), then the survivors move; a trapped army's generals die
    (or become 在野). A double rout checks the defender too, and captures are void (W23b)."""
    b = state["battle"]
    side = b["retreating"]
    b.update(winner=enemy(side), stage="close")
    if b["trapped"]:
        return trap(state, side)
    events: list[Event] = []
    if b["forced"]:
        events += _rout_checks(state, side)
    return events + move(state, side)


def _rout_checks(state: State, side: str) -> list[Event]:
    b = state["battle"]
    data = _data(state)
    wanted: list[tuple[str, str]] = []
    for dest, part in b["plan"].items():
        adjacent = data.adjacent(b["area"], dest)
        wanted += [(g, "rout_adjacent" if adjacent else "rout_detached") for g in part["generals"]]
    if b["double"]:
        wanted += [(g, "rout_adjacent") for g in army_generals(state, "defender")]
    order = list(data.generals)
    events: list[Event] = []
    for gid, column in sorted(wanted, key=lambda c: order.index(c[0])):
        owner = _side_of_general(state, gid)
        if owner is not None:
            events += fates.kill_check(state, data, gid, column,
                                       side_power(state, enemy(owner)), void_capture=b["double"],
                                       fall=_fall(state))
    if b["double"]:
        _joins_retreat(state, side)
    return events


def _joins_retreat(state: State, side: str) -> None:
    """W23b: a defender's general who submitted in a double rout retreats with the attacker
    (with the part of the army that holds the most troops)."""
    b = state["battle"]
    placed = {g for part in b["plan"].values() for g in part["generals"]}
    joined = [g for g in army_generals(state, side) if g not in placed]
    if joined and b["plan"]:
        dest = max(b["plan"], key=lambda a: int(b["plan"][a]["troops"]))
        b["plan"][dest]["generals"] += joined


def trap(state: State, side: str) -> list[Event]:
    """W23a: a routed army with no destination. Its generals die without a roll
    (`opt.trapped = die`) or become 在野 in the battle area (`zaiya`)."""
    data = _data(state)
    b = state["battle"]
    pid = side_power(state, side)
    events = [Event(say("wargame.battle.trapped", power=power(pid)))]
    for gid in army_generals(state, side):
        if _side_of_general(state, gid) != side:
            continue
        if state["options"]["trapped"] == "zaiya":
            state["generals"][gid].update(state="zaiya", nation=None)
            events.append(Event(say("wargame.fate.zaiya", general=general(gid),
                                    area=area(b["area"]))))
            events += left(state, data, pid, gid, _fall(state))
        else:
            events.append(Event(say("wargame.fate.death", general=general(gid))))
            events += remove_general(state, data, gid, "dead", _fall(state))
    remove_troops(state, b["area"], pid, army_troops(state, side))
    return events


def move(state: State, side: str) -> list[Event]:
    """W22e step 5: the survivors move to their destinations; they have acted (W9a), and an
    area they enter that is not their nation's passes at the end of the step (W4.1a)."""
    b = state["battle"]
    pid = side_power(state, side)
    ctx = state["step"]
    events: list[Event] = []
    for dest, part in b["plan"].items():
        gens = [g for g in part["generals"] if _side_of_general(state, g) == side]
        count = min(int(part["troops"]), army_troops(state, side))
        if not gens and not count:
            continue
        for g in gens:
            state["generals"][g]["area"] = dest
        if count:
            move_troops(state, b["area"], dest, pid, count)
        if pid == ctx["nation"]:
            ctx["acted"] += [g for g in gens if g not in ctx["acted"]]
            ctx["acted_troops"][dest] = ctx["acted_troops"].get(dest, 0) + count
        if state["areas"][dest]["control"] != pid and dest not in ctx["entered"]:
            ctx["entered"].append(dest)
        events.append(Event(say("wargame.battle.withdrawn", power=power(pid), area=area(dest),
                                generals=generals(gens), count=count)))
    if pid == GOZOKU:
        gozoku_left(state, b["area"])
    return events


# -- the end of a battle ---------------------------------------------------------------------------
def _close(state: State) -> list[Event]:
    """W18.8, W22b: the battle is over; the attacker's units stay if it won (control follows
    at the end of the step). The acting nation goes on with its step, unless it was destroyed:
    then its phase ends at once, with the control update and no redeploy step (W27.4)."""
    b = state["battle"]
    winner = b["winner"]
    gozoku_left(state, b["area"])
    who, where = power(side_power(state, winner)), area(b["area"])
    events = [Event(say("wargame.battle.won", power=who, area=where) if winner == "attacker"
                    else say("wargame.battle.held", power=who, area=where))]
    state["last_battle"] = {"area": b["area"], "sides": b["sides"], "rounds": b["rounds"],
                            "winner": winner}
    state["battle"] = None
    acting = state["step"]["nation"]
    if state["nations"][acting]["alive"]:
        push(state, turn("act", int(state["nations"][acting]["seat"]), nation=acting))
        return events
    events.append(Event(say("wargame.phase.cut", nation=nation(acting))))
    events += control_update(state)
    state["step"] = None
    return events


STAGES: dict[str, Callable[[State], list[Event]]] = {
    "open": _open, "method": _method, "select": _select, "clash": _clash,
    "declare_attacker": _declare_attacker, "declare_defender": _declare_defender,
    "pursue": _pursue, "assign": _assign, "withdraw": _withdraw, "close": _close,
}


# -- views and the auto policy ------------------------------------------------------------------
def public(state: State) -> dict[str, Any] | None:
    """The battle as everyone sees it: never the selection being built (W18b)."""
    b = state["battle"]
    if b is None:
        return None
    hidden = {"drafts", "done", "stage"}
    return {k: v for k, v in b.items() if k not in hidden}


def selection(state: State, seat: int | None) -> list[str] | None:
    """The generals `seat` has chosen so far this round (its answer to the open step too),
    shown to that seat only."""
    step = top(state)
    if seat is None or step is None or step["rule"] != "select" or state["battle"] is None:
        return None
    b = state["battle"]
    side = next((s for s in SIDES if s not in b["done"] and decider(state, s) == seat), None)
    if side is None:
        return None
    pending = answers(step).get(seat)
    return b["drafts"][side] + ([pending.word(0)] if pending and pending.kind == "general" else [])


def auto_action(state: State, seat: int) -> Action | None:
    """W33.5 for a seat past a deadline in a battle step: the auto policy's answer."""
    step = top(state)
    if step is None or state["battle"] is None:
        return None
    rule = step["rule"]
    if rule == "select":
        side = choosing_side(state, seat)
        best = [g for g in auto_picks(state, side) if g not in state["battle"]["drafts"][side]]
        return Action("general", (best[0],)) if best else Action("done")
    if rule == "declare":
        return Action("retreat" if auto_retreats(state, step["data"]["side"]) else "stay")
    if rule == "pursue":
        return Action("pursue")
    if rule == "retreat":
        b = state["battle"]
        return Action("to", (best_destination(state, b["retreating"], destinations(
            state, b["retreating"], b["forced"])),))
    if rule == "handler":
        return Action("handler", (handler_choices(state)[0],))
    return None
