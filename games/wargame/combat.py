"""Combat (W16.8, W18-W24, W26/W27 in combat) as flow steps.

An invasion into an area holding another power's units opens a battle, `state["battle"]`:
the battle `area`, the power of each side (`sides`: attacker, defender), each army's troops
at the start (`start`, W23.4) and the loss points it took (`hurt`), whether every contingent
crossed a river side (`rivers`, W20.6 ③), the seat running a minor army (`handler`, W18.2),
the round's `method` and `n`, the selection being built (`drafts`, `done`: secret until every
army has chosen) and the generals revealed (`picks`), the retreat (`retreating`, `forced`,
`double`, `trapped`, `plan`), the `winner`, the public record of the rounds (`rounds`: each
with its method roll, its dice and modifiers, its losses and its kill checks), the method roll of
the round under way (`roll`), the kill checks of the retreat (`checks`), and the `stage` that
`fight` runs next.

One chance rule, `fight`, walks the stages. Where a seat owes a choice it pushes that decision
step with `fight` beneath it, so the battle goes on once the seat has answered. An army no
seat runs answers by the auto policy (W33.5), and so does a player past a deadline.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.actions import Action
from games.core.chance import roll
from games.core.errors import IllegalAction
from games.core.events import Event
from games.core.flow import (
    Flow,
    Step,
    answers,
    chance,
    flow_of,
    push,
    simultaneous,
    top,
    turn,
    waiting,
)
from games.core.messages import Param, Seat, msg
from games.wargame import citations, fates
from games.wargame.alliance import (
    coalition_powers,
    coalition_seats,
    open_split,
    pending_voter,
    split_loss,
)
from games.wargame.board import (
    GOZOKU,
    Fall,
    control_update,
    destroy,
    generals_in,
    gozoku_left,
    left,
    move_troops,
    powers_everywhere,
    powers_in,
    remove_troops,
    troop_choices,
    troops,
)
from games.wargame.data import WargameData, data_for
from games.wargame.heirs import next_heir_step
from games.wargame.methods import METHODS, SIDES, enemy, rating, side_power
from games.wargame.texts import area, general, generals, nation, power, units

State = dict[str, Any]
METHOD_NAMES = {"ikki": msg("wargame.method.ikki"), "kassen": msg("wargame.method.kassen"),
                "keiryaku": msg("wargame.method.keiryaku")}
SELECTION = citations.rule(citations.SELECTION)
RATING_OF = {"ikki": "valour", "kassen": "command", "keiryaku": "intellect"}


# -- the armies -----------------------------------------------------------------------------------
def army_powers(state: State, side: str) -> list[str]:
    """The powers fighting on a side: one for the defender, the coalition members that
    invaded for the attacker (W17.1)."""
    return list(state["battle"]["armies"][side])


def army_generals(state: State, side: str, pid: str | None = None) -> list[str]:
    """The generals of a side (of one of its powers when given) in the battle area, in data
    order (the 豪族 have none)."""
    pids = [pid] if pid else army_powers(state, side)
    return [g for g in generals_in(state, state["battle"]["area"])
            if state["generals"][g]["nation"] in pids]


def army_troops(state: State, side: str, pid: str | None = None) -> int:
    pids = [pid] if pid else army_powers(state, side)
    return sum(troops(state, state["battle"]["area"], p) for p in pids)


def _standing(state: State, pid: str) -> bool:
    return pid == GOZOKU or bool(state["nations"][pid]["alive"])


def members(state: State, side: str) -> list[str]:
    """The side's powers that still exist and have units in the battle area."""
    return [p for p in army_powers(state, side) if _standing(state, p)
            and (army_troops(state, side, p) > 0 or army_generals(state, side, p))]


def exists(state: State, side: str) -> bool:
    """The army still has units, and not every nation of it was destroyed."""
    return bool(members(state, side))


def routed(state: State, side: str) -> bool:
    """W23.1, W23.4, W17.6: troops down to 0 (all the powers' troops, for a coalition), or
    any loss to an army that began with 0 troops."""
    b = state["battle"]
    if b["start"][side] == 0:
        return int(b["hurt"][side]) > 0
    return army_troops(state, side) == 0


def taker(state: State, side: str) -> str:
    """W17c, W24.4: the power a general captured by (or submitting to) this side joins: the
    acting nation if it has units in a coalition army, else the member with the most troops
    (ties in data order); a one-power army keeps him."""
    found = members(state, side) or army_powers(state, side)
    acting = state["step"]["nation"]
    if len(found) == 1 or side == "defender":
        return found[0]
    if acting in found:
        return str(acting)
    return max(found, key=lambda p: (army_troops(state, side, p), -found.index(p)))


def decider(state: State, side: str, pid: str | None = None) -> int | None:
    """The seat that makes a side's choices: the acting player for the attacking coalition
    (W17c; with `opt.ally_controls_own` a major ally decides for its own units), a major
    nation's player, else the handler named for the minor army (W18.2); None means the auto
    policy (W33.5)."""
    if side == "attacker":
        if pid and state["options"]["ally_controls_own"] and pid != GOZOKU \
                and pid != state["step"]["nation"] and state["nations"][pid]["seat"] is not None:
            return int(state["nations"][pid]["seat"])
        return _acting_seat(state)
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
        side = next((s for s in SIDES if nid in b["armies"][s]), None)
        if side is None:
            return destroy(state, nid)
        return fates.fall_in_battle(state, data, nid, taker(state, enemy(side)), b["area"],
                                    into=_checks(state))
    return fall_of


# -- opening -------------------------------------------------------------------------------------
def open_battle(state: State, target: str, rivers: bool, invaders: list[str]) -> list[Event]:
    """W16.8, W16b, W17.1: the invaders (one power, or the coalition nations of a joint
    invasion) stand in the target. If it holds another power's units, they fight; if not, a
    joint invasion still settles who keeps the area (W17b)."""
    acting = state["step"]["nation"]
    lead = acting if acting in invaders else invaders[0]
    enemies = sorted(powers_in(state, target) - set(invaders))
    pid = enemies[0] if enemies else None
    state["battle"] = {
        "area": target, "sides": {"attacker": lead, "defender": pid},
        "armies": {"attacker": list(invaders), "defender": [pid] if pid else []},
        "start": {"attacker": sum(troops(state, target, p) for p in invaders),
                  "defender": troops(state, target, pid) if pid else 0},
        "hurt": dict.fromkeys(SIDES, 0), "rivers": rivers, "handler": None, "round": 0,
        "method": None, "n": 0, "drafts": {s: [] for s in SIDES}, "done": [], "picks": None,
        "retreating": None, "leaving": None, "forced": False, "double": False, "trapped": [],
        "plan": None, "winner": None if pid else "attacker", "keeper": None,
        "joint": "open", "fought": pid is not None, "stage": "open" if pid else "close",
        "rounds": [], "owed": None, "split": None, "roll": None, "checks": [],
    }
    push(state, chance("fight"))
    if pid is None:
        return []
    return [Event(msg("wargame.battle.begins", attacker=_army_name(state, "attacker"),
                      defender=power(pid), area=area(target)))]


def _army_name(state: State, side: str) -> Param:
    """A side named by its powers (a coalition by all of them)."""
    found = army_powers(state, side)
    return power(found[0]) if len(found) == 1 else tuple(power(p) for p in found)


def fight(state: State, step: Step) -> list[Event]:
    """Run the battle's stages until a seat owes a choice or the battle is over."""
    events: list[Event] = []
    while state["battle"] is not None:
        asked = next_heir_step(state)
        if asked is not None:  # W26b: an heir who entered is placed before the battle goes on
            _ask(state, asked)
            break
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
    return int(state["nations"][state["step"]["nation"]]["seat"])


def handler_choices(state: State) -> list[int]:
    """W18.2 (`opt.minor_combat = nominate`): against a minor nation or the 豪族 the acting
    player names any other player to run that army; with nobody to name, auto applies."""
    pid = state["battle"]["sides"]["defender"]
    minor = pid == GOZOKU or state["nations"][pid]["seat"] is None
    if not minor or state["options"]["minor_combat"] != "nominate":
        return []
    inside = coalition_seats(state)
    return [s for s in range(len(state["players"])) if s not in inside]


def handler_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("handler", (s,), label=msg("wargame.battle.handler", who=Seat(s)))
            for s in handler_choices(state)]


def handler_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    seat = action.number(0)
    state["battle"]["handler"] = seat
    return [Event(msg("wargame.battle.handler_named", who=Seat(seat),
                      power=power(state["battle"]["sides"]["defender"])))]


# -- a round: the method and the generals (W18a steps 1-2, W18b) -----------------------------------
def _method(state: State) -> list[Event]:
    """W18.3-W18.4: the attacker rolls 2d6 (`battle_method`); the table gives the method and
    N. Armies with nothing to choose get their generals at once."""
    b = state["battle"]
    b["round"] += 1
    rolled = roll(state, 2, 6, who=power(b["sides"]["attacker"]),
                  why=msg("wargame.roll.battle_method", round=b["round"]))
    row = _data(state).tables["battle_method"]["rows"][rolled.total - 2]
    b.update(method=row["method"], n=int(row["generals"]), drafts={s: [] for s in SIDES},
             done=[], picks=None, stage="select",
             roll={"faces": list(rolled.faces), "total": rolled.total})
    for side in SIDES:
        if not chooses(state, side):
            b["drafts"][side] = auto_picks(state, side)
            b["done"].append(side)
    return [rolled.event, Event(msg("wargame.battle.method", method=METHOD_NAMES[row["method"]],
                                    count=b["n"]))]


def most_picks(state: State, side: str) -> int:
    """W18b: up to N in a duel; exactly min(N, the army's generals) otherwise."""
    return min(int(state["battle"]["n"]), len(army_generals(state, side)))


def chooses(state: State, side: str) -> bool:
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
    """W18a step 2: the armies choose at the same time and in secret; then both choices are
    revealed together. Each seat's selection is one answer to the step, built general by
    general in its side's draft (`select_keep`), so both seats stay awaited until both are
    complete. With `opt.secret_selection = false` the attacker chooses first, openly."""
    b = state["battle"]
    open_sides = [s for s in SIDES if s not in b["done"]]
    if open_sides:
        if state["options"]["secret_selection"]:
            _ask(state, simultaneous("select", sorted({_seat(state, s) for s in open_sides})))
            return []
        _ask(state, turn("select", _seat(state, open_sides[0])))
        return _fielded(state, [s for s in SIDES if s in b["done"]])
    b["picks"] = {s: list(b["drafts"][s]) for s in SIDES}
    b["stage"] = "clash"
    return [Event(msg("wargame.battle.picks", attacker=power(b["sides"]["attacker"]),
                      defender=power(b["sides"]["defender"]),
                      chosen=_named(b["picks"]["attacker"]),
                      against=_named(b["picks"]["defender"])))]


def _fielded(state: State, done: list[str]) -> list[Event]:
    """W18b with `opt.secret_selection = false`: the attacker's choice is open, so once it
    is complete it is told to everyone before the defender chooses."""
    b = state["battle"]
    if done != ["attacker"]:
        return []
    return [Event(msg("wargame.battle.fields", army=power(b["sides"]["attacker"]),
                      chosen=_named(b["drafts"]["attacker"])))]


def _named(gids: list[str]) -> Param:
    return generals(gids) if gids else msg("wargame.battle.nobody")


def choosing_side(state: State, seat: int) -> str:
    """The side whose generals `seat` is choosing now."""
    b = state["battle"]
    return next(s for s in SIDES if s not in b["done"] and decider(state, s) == seat)


def select_legal(state: State, step: Step, seat: int) -> list[Action]:
    side = choosing_side(state, seat)
    b = state["battle"]
    name = RATING_OF[b["method"]]
    data = _data(state)
    found = [Action("general", (g,), label=msg("wargame.select.general", general=general(g),
                                                rating=_shown(rating(data, g, name))))
             for g in army_generals(state, side) if g not in b["drafts"][side]]
    if b["method"] == "ikki":
        found.append(Action("done", label=msg("wargame.select.done")))
    return found


def _shown(value: int | None) -> Param:
    return "-" if value is None else value


def select_keep(state: State, step: Step, seat: int, action: Action) -> bool:
    """W18b: a general chosen goes into the side's draft, which only its seat reads
    (`selection`); the selection goes on until `done` or until the army may field no more.
    Only then is it the seat's answer to the step, told once ("has chosen"), so the other
    army learns neither how many were chosen nor when before the reveal."""
    side = choosing_side(state, seat)
    drafted = state["battle"]["drafts"][side]
    if action.kind == "general":
        drafted.append(action.word(0))
    return action.kind != "done" and len(drafted) < most_picks(state, side)


def select_resolve(state: State, step: Step) -> list[Event]:
    """Every answering seat's selection is complete (its generals are in its draft)."""
    b = state["battle"]
    for seat in sorted(answers(step)):
        b["done"].append(choosing_side(state, seat))
    return []


def select_all(flow: Flow, state: State, seat: int, action: Action) -> list[Event]:
    """W33.3 `select <g,…>`: a seat's whole selection in one action (a typed move, the auto
    policy past a deadline): each general as if chosen alone, then `done` in a duel. Refused
    unless it completes the selection (the caller's copy of the state is then dropped)."""
    step = top(state)
    if step is None or step["rule"] != "select" or seat not in waiting(step):
        raise IllegalAction(msg("wargame.select.not_now"), rule=SELECTION)
    side = choosing_side(state, seat)
    most, duel = most_picks(state, side), state["battle"]["method"] == "ikki"
    refusal = msg("wargame.select.at_most" if duel else "wargame.select.exactly", count=most)
    events: list[Event] = []
    for gid in (g for word in action.args for g in str(word).split(",") if g):
        if seat not in waiting(step):
            raise IllegalAction(refusal, rule=SELECTION)
        events += flow.act(state, seat, Action("general", (gid,)))
    if seat in waiting(step):
        if not duel:
            raise IllegalAction(refusal, rule=SELECTION)
        events += flow.act(state, seat, Action("done"))
    return events


# -- a round: resolution, losses, checks (W18a steps 3-6) ---------------------------------------
def _clash(state: State) -> list[Event]:
    """W18a step 3: the method is resolved; its losses are owed (`owed`) and applied at the
    `losses` stage, once a coalition has settled how its share is split (W17a.5)."""
    b = state["battle"]
    out = METHODS[b["method"]](state)
    b["owed"] = {"kind": "round", "losses": out.losses, "totals": out.totals,
                 "checks": [list(c) for c in out.checks], "record": out.record}
    b["stage"] = "losses"
    return list(out.events)


def _losses(state: State) -> list[Event]:
    """W18a steps 4-5 (or a pursuit's loss, W22d): both armies' losses at once, the split of
    a coalition's agreed first if the acting player proposes another one (W17.4.2); then the
    round's kill checks and outcome, or the pursuit's rout check."""
    b = state["battle"]
    owed = b["owed"]
    asked = _split_step(state, int(owed["losses"].get("attacker", 0)))
    if asked is not None:
        _ask(state, asked)
        return []
    agreed = b["split"]["shares"] if b["split"] and b["split"]["verdict"] == "agreed" else None
    b.update(owed=None, split=None)
    events: list[Event] = []
    for side in SIDES:
        if side in owed["losses"]:
            events += hurt(state, side, int(owed["losses"][side]),
                           agreed if side == "attacker" else None)
    if owed["kind"] == "pursuit":
        return events + _pursued(state)
    b["rounds"].append({"round": b["round"], "method": b["method"], "n": b["n"],
                        "roll": b["roll"], "picks": b["picks"], **owed["record"],
                        "totals": owed["totals"], "losses": owed["losses"], "checks": []})
    events += _duel_checks(state, [(g, c) for g, c in owed["checks"]])
    return events + _outcome(state)


def _split_step(state: State, loss: int) -> Step | None:
    """The step a proposal of another split still needs (W17a.5): the acting player's next
    share, then each participating major's vote; None once decided or when nothing can be
    proposed."""
    b = state["battle"]
    if b["split"] is None:
        counts = {p: army_troops(state, "attacker", p) for p in army_powers(state, "attacker")}
        b["split"] = open_split(state, {p: n for p, n in counts.items() if n > 0}, loss)
        if b["split"] is None:
            return None
    rec = b["split"]
    if rec["verdict"] is not None:
        return None
    if len(rec["shares"]) < len(rec["counts"]):
        return turn("split", _acting_seat(state), loss=loss, shares=dict(rec["shares"]),
                    default=rec["default"])
    voter = pending_voter(rec)
    assert voter is not None  # the last acceptance decides
    return turn("split_vote", voter, loss=loss, shares=rec["shares"], default=rec["default"])


def hurt(state: State, side: str, loss: int, agreed: dict[str, int] | None = None) -> list[Event]:
    """Troops lost by an army (never below 0); every point counts for W23.4. A coalition
    army's loss is split between its nations (W17a), or as its players agreed (W17.4.2). A
    豪族 area left without 豪族 troops is neutral at once (W4.5)."""
    if loss <= 0:
        return []
    b = state["battle"]
    b["hurt"][side] += loss
    counts = {p: army_troops(state, side, p) for p in army_powers(state, side)}
    shares = agreed or split_loss({p: n for p, n in counts.items() if n > 0}, loss,
                                  state["step"]["nation"]) or {side_power(state, side): loss}
    events: list[Event] = []
    for pid, share in shares.items():
        taken = remove_troops(state, b["area"], pid, share)
        if pid == GOZOKU:
            gozoku_left(state, b["area"])
        events.append(Event(msg("wargame.battle.loss", power=power(pid), count=taken,
                                left=army_troops(state, side, pid))))
    return events


def _duel_checks(state: State, checks: list[tuple[str, str]]) -> list[Event]:
    """W19.6, W19a, W24a: the duel's losers are checked in data order, each by the other
    army, if he is still in his army."""
    data = _data(state)
    order = list(data.generals)
    events: list[Event] = []
    for gid, column in sorted(checks, key=lambda c: order.index(c[0])):
        side = _side_of_general(state, gid)
        if side is not None:
            events += fates.kill_check(state, data, gid, column, taker(state, enemy(side)),
                                       fall=_fall(state), into=_checks(state))
    return events


def _checks(state: State) -> list[dict[str, Any]]:
    """Where the battle record keeps a kill check made now: with its round (a duel's, and the
    fall of a nation it causes) until a retreat begins, then with the battle (W23a, W27.2)."""
    b = state["battle"]
    return b["rounds"][-1]["checks"] if b["retreating"] is None and b["rounds"] \
        else b["checks"]


def _side_of_general(state: State, gid: str) -> str | None:
    spot = state["generals"][gid]
    if spot["state"] != "nation" or spot["area"] != state["battle"]["area"]:
        return None
    return next((s for s in SIDES if spot["nation"] in state["battle"]["armies"][s]), None)


def _outcome(state: State) -> list[Event]:
    """W18a steps 5-7: a destroyed army is gone (W27.6); then the rout check (W23), the
    double rout (W23.5), or the declarations."""
    b = state["battle"]
    for side in SIDES:
        if not any(_standing(state, p) for p in army_powers(state, side)):
            return _finish(state, enemy(side))
    fallen = [s for s in SIDES if routed(state, s)]
    if len(fallen) == 2:
        b.update(retreating="attacker", leaving=members(state, "attacker"), forced=True,
                 double=True, stage="assign")
        return [Event(msg("wargame.battle.double_rout"))]
    if fallen:
        b.update(retreating=fallen[0], leaving=members(state, fallen[0]), forced=True,
                 stage="pursue")
        return [Event(msg("wargame.battle.routed", power=power(side_power(state, fallen[0]))))]
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
    if not can_retreat(state, side):
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
    return [Action("stay", label=msg("wargame.declare.stay")),
            Action("retreat", label=msg("wargame.declare.retreat"))]


def declare_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    return declare(state, step["data"]["side"], action.kind == "retreat")


def declare(state: State, side: str, retreat: bool) -> list[Event]:
    b = state["battle"]
    who = power(side_power(state, side))
    if not retreat:
        return [Event(msg("wargame.battle.stays", power=who))]
    b.update(retreating=side, leaving=members(state, side), forced=False, stage="pursue")
    return [Event(msg("wargame.battle.retreats", power=who))]


def can_retreat(state: State, side: str) -> bool:
    """W22.8, W22c: a voluntary retreat needs a destination for each nation of the army."""
    return all(destinations(state, p, forced=False) for p in members(state, side))


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
    return [Action("pursue", label=msg("wargame.pursue.yes")),
            Action("no_pursue", label=msg("wargame.pursue.no"))]


def pursue_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    if action.kind == "pursue":
        return pursue(state)
    return [Event(msg("wargame.battle.no_pursuit",
                      power=power(side_power(state, step["data"]["side"]))))]


def pursue(state: State) -> list[Event]:
    """The pursuer rolls 1d6 (`pursuit`) in the 追撃表 column of its own troops; a loss that
    routs the retreating army makes its retreat forced (W22d, W23.3)."""
    b = state["battle"]
    side = b["retreating"]
    count = army_troops(state, enemy(side))
    rolled = roll(state, 1, 6, who=power(side_power(state, enemy(side))),
                  why=msg("wargame.roll.pursuit", count=count))
    table = _data(state).tables["pursuit"]
    column = next(i for i, c in enumerate(table["columns"]) if c["troops_min"] <= count and (
        c["troops_max"] is None or count <= c["troops_max"]))
    loss = int(table["rows"][rolled.total - 1]["loss"][column])
    b["pursuit"] = {"face": rolled.total, "troops": count, "loss": loss}
    b.update(owed={"kind": "pursuit", "losses": {side: loss}}, stage="losses")
    return [rolled.event]


def _pursued(state: State) -> list[Event]:
    """W22d, W23.3: a pursuit loss that routs the retreating army makes its retreat forced."""
    b = state["battle"]
    side = b["retreating"]
    b["stage"] = "assign"
    if not b["forced"] and routed(state, side):
        b["forced"] = True
        return [Event(msg("wargame.battle.routed", power=power(side_power(state, side))))]
    return []


# -- destinations (W22.3-W22.10, W22a) -----------------------------------------------------------
def destinations(state: State, pid: str, forced: bool) -> list[str]:
    """W22a, computed per nation (W22c): the first non-empty tier of adjacent areas (own,
    then neutral and empty, then another nation's and empty); a forced retreat adds every own
    area on the map (22.9). The 豪族 go only into adjacent 豪族 areas (22.10)."""
    data = _data(state)
    here = state["battle"]["area"]
    near = [a for a in state["areas"] if data.adjacent(here, a)]
    units = powers_everywhere(state)
    if pid == GOZOKU:
        return [a for a in near if state["areas"][a]["control"] == GOZOKU
                and units[a] <= {GOZOKU}]
    own = [a for a in state["areas"] if a != here and _own(state, a, pid, units[a])]
    empty = [a for a in near if not units[a]]
    tiers = ([a for a in near if a in own],
             [a for a in empty if state["areas"][a]["control"] is None],
             [a for a in empty if state["areas"][a]["control"] not in (None, GOZOKU, pid)])
    first = next((t for t in tiers if t), [])
    return first + [a for a in own if a not in first] if forced else first


def _own(state: State, aid: str, pid: str, found: set[str]) -> bool:
    """W22a own areas: controlled by the nation, or holding its units (won this step, with
    `opt.retreat_into_won_areas`), and holding no other power's units (`found`, the
    powers with units there)."""
    if found - {pid}:
        return False
    won = state["options"]["retreat_into_won_areas"] and pid in found
    return state["areas"][aid]["control"] == pid or bool(won)


def best_destination(state: State, pid: str, choices: list[str]) -> str:
    """W33.5: the eligible area with the most own troops, ties in data order."""
    return max(choices, key=lambda a: (troops(state, a, pid), -choices.index(a)))


def _choices(state: State, pid: str) -> list[str]:
    """Where `pid`'s units may go in the retreat under way: voluntary tiers, forced ones
    after a rout, and (W17b) the forced set for a joint winner's partner with no tier."""
    b = state["battle"]
    found = destinations(state, pid, b["forced"])
    if not found and b["joint"] == "leaving":
        found = destinations(state, pid, True)
    return found


# -- the retreat: assignment, kill checks, the move (W22e, W23a-b) --------------------------------
def _assign(state: State) -> list[Event]:
    """W22e step 3, W22c: each nation of the retreating army sends its units to its own
    destinations; one with none is trapped (W23a)."""
    b = state["battle"]
    side = b["retreating"]
    if b["plan"] is None:
        plan: dict[str, dict[str, Any]] = {}
        b.update(plan=plan, trapped=[])
        for pid in b["leaving"]:
            gens, count = army_generals(state, side, pid), army_troops(state, side, pid)
            choices = _choices(state, pid)
            if not gens and not count:
                continue
            if not choices:
                b["trapped"].append(pid)
                continue
            plan[pid] = {}
            if decider(state, side, pid) is None or len(choices) == 1:
                plan[pid] = {best_destination(state, pid, choices): {"generals": gens,
                                                                     "troops": count}}
    for pid in b["plan"]:
        gens, count = unassigned(state, pid)
        if gens or count:
            _ask(state, turn("retreat", _seat_for(state, side, pid), side=side, power=pid))
            return []
    b["stage"] = "withdraw"
    return []


def _seat_for(state: State, side: str, pid: str) -> int:
    seat = decider(state, side, pid)
    assert seat is not None
    return seat


def unassigned(state: State, pid: str) -> tuple[list[str], int]:
    """A retreating nation's generals and troops that have no destination yet."""
    b = state["battle"]
    side = b["retreating"]
    parts = b["plan"].get(pid, {}).values()
    placed = {g for part in parts for g in part["generals"]}
    count = army_troops(state, side, pid) - sum(int(p["troops"]) for p in parts)
    return [g for g in army_generals(state, side, pid) if g not in placed], count


def retreat_legal(state: State, step: Step, seat: int) -> list[Action]:
    """W22.5: every unit goes to a legal destination of its nation; the army may split."""
    pid = step["data"]["power"]
    choices = _choices(state, pid)
    gens, count = unassigned(state, pid)
    found = [Action("to", (a,), label=msg("wargame.retreat.to", area=area(a))) for a in choices]
    for g in gens:
        found += [Action("general", (g, a), label=msg("wargame.retreat.general",
                                                      general=general(g), area=area(a)))
                  for a in choices]
    for a in choices:
        found += [Action("troops", (a, n), label=msg("wargame.retreat.troops", count=n,
                                                     area=area(a)))
                  for n in troop_choices(count)]
    return found


def retreat_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    pid = step["data"]["power"]
    b = state["battle"]
    gens, count = unassigned(state, pid)
    target = action.word(0) if action.kind in ("to", "troops") else action.word(1)
    part = b["plan"][pid].setdefault(target, {"generals": [], "troops": 0})
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
    their destination is adjacent), then the survivors move; a trapped nation's generals die
    (or become 在野). A double rout checks the defender too, and captures are void (W23b).
    The partners leaving a joint win (W17b) only move."""
    b = state["battle"]
    side = b["retreating"]
    if b["joint"] == "leaving":
        b.update(joint="done", stage="close")
    else:
        b.update(winner=enemy(side), stage="close")
    events: list[Event] = []
    for pid in b["trapped"]:
        events += trap(state, side, pid)
    if b["forced"]:
        events += _rout_checks(state, side)
    return events + move(state, side)


def _rout_checks(state: State, side: str) -> list[Event]:
    b = state["battle"]
    data = _data(state)
    wanted: list[tuple[str, str]] = []
    for parts in b["plan"].values():
        for dest, part in parts.items():
            adjacent = data.adjacent(b["area"], dest)
            wanted += [(g, "rout_adjacent" if adjacent else "rout_detached")
                       for g in part["generals"]]
    if b["double"]:
        wanted += [(g, "rout_adjacent") for g in army_generals(state, "defender")]
    order = list(data.generals)
    events: list[Event] = []
    for gid, column in sorted(wanted, key=lambda c: order.index(c[0])):
        owner = _side_of_general(state, gid)
        if owner is not None:
            events += fates.kill_check(state, data, gid, column, taker(state, enemy(owner)),
                                       void_capture=b["double"], fall=_fall(state),
                                       into=_checks(state))
    if b["double"]:
        _joins_retreat(state, side)
    return events


def _joins_retreat(state: State, side: str) -> None:
    """W23b: a defender's general who submitted in a double rout retreats with the attacker
    (with the part of his new nation's retreat that holds the most troops)."""
    b = state["battle"]
    for pid, parts in b["plan"].items():
        placed = {g for part in parts.values() for g in part["generals"]}
        joined = [g for g in army_generals(state, side, pid) if g not in placed]
        if joined and parts:
            dest = max(parts, key=lambda a: int(parts[a]["troops"]))
            parts[dest]["generals"] += joined


def trap(state: State, side: str, pid: str) -> list[Event]:
    """W23a (22.8, WX25): a routed nation with no destination. Every general of its army dies
    without a roll (`opt.trapped = die`) or becomes 在野 in the battle area (`zaiya`): all of
    them leave first, and only then does the succession run, so a fall it brings (W27.2)
    finds none of them left to kill-check."""
    data = _data(state)
    b = state["battle"]
    events = [Event(msg("wargame.battle.trapped", power=power(pid)))]
    while doomed := army_generals(state, side, pid):  # an heir who enters here shares it
        for gid in doomed:
            events.append(_trapped_fate(state, gid, b["area"]))
        for gid in doomed:
            events += left(state, data, pid, gid, _fall(state))
    remove_troops(state, b["area"], pid, army_troops(state, side, pid))
    if pid == GOZOKU:
        gozoku_left(state, b["area"])
    return events


def _trapped_fate(state: State, gid: str, where: str) -> Event:
    """One trapped general taken off his nation, without the succession (`trap` runs it
    once all are gone): dead, or 在野 where he stands."""
    spot = state["generals"][gid]
    if state["options"]["trapped"] == "zaiya":
        spot.update(state="zaiya", nation=None)
        return Event(msg("wargame.fate.zaiya", general=general(gid), area=area(where)))
    spot.update(state="dead", nation=None, area=None)
    return Event(msg("wargame.fate.death", general=general(gid)))


def move(state: State, side: str) -> list[Event]:
    """W22e step 5: the survivors move to their destinations; a coalition's units have acted
    (W9a), and an area they enter that is not their nation's passes at the end of the step
    (W4.1a)."""
    b = state["battle"]
    ctx = state["step"]
    inside = coalition_powers(state)
    events: list[Event] = []
    for pid, parts in b["plan"].items():
        for dest, part in parts.items():
            gens = [g for g in part["generals"] if _side_of_general(state, g) == side
                    and state["generals"][g]["nation"] == pid]
            count = min(int(part["troops"]), army_troops(state, side, pid))
            if not gens and not count:
                continue
            for g in gens:
                state["generals"][g]["area"] = dest
            if count:
                move_troops(state, b["area"], dest, pid, count)
            if pid in inside:
                ctx["acted"] += [g for g in gens if g not in ctx["acted"]]
                ctx["acted_troops"][dest] = ctx["acted_troops"].get(dest, 0) + count
            if state["areas"][dest]["control"] != pid and dest not in ctx["entered"]:
                ctx["entered"].append(dest)
            events.append(Event(msg("wargame.battle.withdrawn", power=power(pid),
                                    area=area(dest), units=units(gens, count))))
        late = army_generals(state, side, pid)  # an heir placed here since the assignment
        if late and parts:
            dest = max(parts, key=lambda a: int(parts[a]["troops"]))
            for g in late:
                state["generals"][g]["area"] = dest
        if pid == GOZOKU:
            gozoku_left(state, b["area"])
    return events


# -- a joint win (W17.5, W17b) --------------------------------------------------------------------
def _joint(state: State) -> list[Event]:
    """W17.5-W17.5.1: the nation with the most surviving troops keeps the area; a tie is
    the acting player's choice."""
    b = state["battle"]
    found = members(state, "attacker")
    most = max(army_troops(state, "attacker", p) for p in found)
    tied = [p for p in found if army_troops(state, "attacker", p) == most]
    b["stage"] = "handover"
    if len(tied) == 1:
        b["keeper"] = tied[0]
        return []
    _ask(state, turn("joint", _acting_seat(state), about="keep", choices=tied))
    return []


def _handover(state: State) -> list[Event]:
    """W17.5.2, W17b: the player who gains control may hand it to another participant, at
    once, before anyone retreats."""
    b = state["battle"]
    b["stage"] = "joint_leave"
    keeper = str(b["keeper"])
    seat = state["nations"][keeper]["seat"] if keeper != GOZOKU else None
    _ask(state, turn("joint", _acting_seat(state) if seat is None else int(seat),
                     about="handover", choices=[p for p in members(state, "attacker")
                                                if p != keeper]))
    return []


def _joint_leave(state: State) -> list[Event]:
    """W17b: every other participant retreats at once by the voluntary tiers, unpursued."""
    b = state["battle"]
    keeper = str(b["keeper"])
    b.update(retreating="attacker", forced=False, plan=None, joint="leaving", stage="assign",
             leaving=[p for p in members(state, "attacker") if p != keeper])
    return [Event(msg("wargame.joint.keeps", nation=power(keeper), area=area(b["area"])))]


def joint_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    if d["about"] == "keep":
        return [Action("keep", (p,), label=msg("wargame.joint.keep", nation=power(p)))
                for p in d["choices"]]
    return [Action("keep", label=msg("wargame.joint.keep_own")),
            *(Action("give_control", (p,), label=msg("wargame.joint.give", nation=power(p)))
              for p in d["choices"])]


def joint_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    b = state["battle"]
    if action.kind == "give_control" or action.args:
        old = b["keeper"]
        b["keeper"] = action.word(0)
        if action.kind == "give_control":
            return [Event(msg("wargame.joint.given", nation=power(str(old)),
                              to=power(b["keeper"])))]
    return []


# -- the end of a battle ---------------------------------------------------------------------------
def _close(state: State) -> list[Event]:
    """W18.8, W22b: the battle is over; the attacker's units stay if it won (control follows
    at the end of the step). The acting nation goes on with its step, unless it was destroyed:
    then its phase ends at once, with the control update and no redeploy step (W27.4)."""
    b = state["battle"]
    winner = b["winner"]
    if winner == "attacker" and b["joint"] == "open" and len(members(state, "attacker")) > 1:
        b.update(joint="deciding", stage="joint")
        return []
    gozoku_left(state, b["area"])
    events: list[Event] = []
    if b["fought"]:
        who, where = _army_name(state, winner), area(b["area"])
        events.append(Event(msg("wargame.battle.won", power=who, area=where)
                            if winner == "attacker" else
                            msg("wargame.battle.held", power=who, area=where)))
        number = 1 + int((state["last_battle"] or {}).get("number", 0))
        state["last_battle"] = {"number": number, "area": b["area"], "sides": b["sides"],
                                "armies": b["armies"], "start": b["start"],
                                "rounds": b["rounds"], "winner": winner,
                                "keeper": b["keeper"], "pursuit": b.get("pursuit"),
                                "checks": b["checks"]}
    state["battle"] = None
    acting = state["step"]["nation"]
    if state["nations"][acting]["alive"]:
        push(state, turn("act", int(state["nations"][acting]["seat"]), nation=acting))
        return events
    events.append(Event(msg("wargame.phase.cut", nation=nation(acting))))
    events += control_update(state)
    state["step"] = None
    return events


STAGES: dict[str, Callable[[State], list[Event]]] = {
    "open": _open, "method": _method, "select": _select, "clash": _clash,
    "declare_attacker": _declare_attacker, "declare_defender": _declare_defender,
    "pursue": _pursue, "losses": _losses, "assign": _assign, "withdraw": _withdraw, "close": _close,
    "joint": _joint, "handover": _handover, "joint_leave": _joint_leave,
}


# -- views and the auto policy ------------------------------------------------------------------
def public(state: State) -> dict[str, Any] | None:
    """The battle as everyone sees it: never a secret selection being built (W18b); an
    open one (`opt.secret_selection = false`) as it is made."""
    b = state["battle"]
    if b is None:
        return None
    hidden = {"stage", "split"}  # a proposal is private until decided
    if state["options"]["secret_selection"]:
        hidden |= {"drafts", "done"}  # an open selection (W18b) is seen as it is made
    return {k: v for k, v in b.items() if k not in hidden}


def selection(state: State, seat: int | None) -> list[str] | None:
    """The generals `seat` has chosen so far this round (its whole selection once complete,
    until the reveal), shown to that seat only."""
    step = top(state)
    if seat is None or step is None or step["rule"] != "select" or state["battle"] is None:
        return None
    b = state["battle"]
    side = next((s for s in SIDES if s not in b["done"] and decider(state, s) == seat), None)
    if side is None:
        return None
    return list(b["drafts"][side])


def auto_action(state: State, seat: int) -> Action | None:
    """W33.5 for a seat past a deadline in a battle step: the auto policy's answer."""
    step = top(state)
    if step is None or state["battle"] is None:
        return None
    rule = step["rule"]
    if rule == "select":  # the rest of the selection at once: one answer, one deadline
        side = choosing_side(state, seat)
        drafted = state["battle"]["drafts"][side]
        best = [g for g in auto_picks(state, side) if g not in drafted]
        return Action("select", (",".join(best[:most_picks(state, side) - len(drafted)]),)) \
            if best else Action("done")
    if rule == "declare":
        return Action("retreat" if auto_retreats(state, step["data"]["side"]) else "stay")
    if rule == "pursue":
        return Action("pursue")
    if rule == "retreat":
        pid = step["data"]["power"]
        return Action("to", (best_destination(state, pid, _choices(state, pid)),))
    if rule == "joint":
        return Action("keep", tuple(step["data"]["choices"][:1]) if step["data"]["about"]
                      == "keep" else ())
    if rule == "handler":
        return Action("handler", (handler_choices(state)[0],))
    if rule in ("split", "split_vote"):  # the default split stands (W17a.5)
        return Action("default_split" if rule == "split" else "decline")
    return None
