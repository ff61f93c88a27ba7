"""The action phase (spec T3.2, T3.3): passes of basic turns from 甲, one action a turn,
own-turn cards, extra turns, and transfers (T3.6, T3.7)."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.flow import Step, answers, chance, push, turn
from games.core.messages import Seat, msg
from games.tang import choices
from games.tang.attack import attack_targets, start_attack
from games.tang.cards import own_turn_actions, use
from games.tang.model import (
    State,
    armies,
    change_minsheng,
    char_term,
    city_term,
    connected,
    controlled,
    data_of,
    gain_grain,
    generals_in,
    grain_told,
    has_skill,
    log,
    minsheng_event,
    move_armies,
    order_from_first,
    player,
    seats,
    with_generals,
)
from games.tang.supply import window_steps


def begin_action(state: State) -> list[Event]:
    state["truces"] = []
    state["act"] = {"pass": 1, "idx": -1}
    for p in state["players"]:
        p["captured"] = False
        p["attacked"] = False
        p["extra_bought"] = 0
        for skill in ("jinjian", "xiying", "qianfeng"):
            p["uses"].pop(skill, None)
    push(state, *window_steps(state, "ACTION_START"), chance("turn_next"))
    return [log("tang.log.action_phase", None, round=state["round"])]


def basic_turns(state: State) -> int:
    return int(data_of(state).constants["basic_turns"])


def turn_next(state: State, step: Step) -> list[Event]:
    """The next basic turn: 甲's 1st, the next seat's 1st, ..., 3 passes (T3.3 step 2)."""
    act = state["act"]
    act["idx"] += 1
    if act["idx"] >= seats(state):
        act["idx"], act["pass"] = 0, act["pass"] + 1
    if act["pass"] > basic_turns(state):
        state["turn"] = None
        push(state, *window_steps(state, "ACTION_END"))
        return []
    seat = order_from_first(state)[act["idx"]]
    return open_turn(state, seat, extra=None)


def open_turn(state: State, seat: int, extra: str | None) -> list[Event]:
    state["turn"] = {"seat": seat, "acted": False, "free": 0, "extra": extra,
                     "basic": state["act"]["pass"]}
    push(state, turn("turn", seat))
    if extra is None:
        return [log("tang.log.turn", None, who=Seat(seat), number=state["act"]["pass"])]
    return [log("tang.log.extra_turn", None, who=Seat(seat))]


def turn_legal(state: State, step: Step, seat: int) -> list[Action]:
    acted = state["turn"]["acted"]
    found: list[Action] = []
    if not acted:
        found += [choices.attack(c) for c in attack_targets(state, seat)]
        found += [choices.transfer(c) for c in transfer_sources(state, seat)]
    found += own_turn_actions(state, seat, acted)
    found.append(Action("end", label=msg("tang.action.end" if acted else "tang.action.idle")))
    return found


def turn_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    if action.kind == "attack":
        return start_attack(state, seat, action.word())
    if action.kind == "transfer":
        push(state, turn("transfer", seat, source=action.word(), stage="to"))
        return []
    if action.kind == "end":
        events = [] if state["turn"]["acted"] else [log("tang.log.idle", None, who=Seat(seat))]
        push(state, chance("turn_end", seat=seat))
        return events
    events = use(state, seat, action, turn("turn", seat))
    if state["options"].get("own_turn_cards_use_action", False):
        state["turn"]["acted"] = True
    return events


def turn_end(state: State, step: Step) -> list[Event]:
    """After a turn: 急行军's free extra turns first, then the offer to buy one (T3.3, T7.5)."""
    seat = step["data"]["seat"]
    if state["turn"]["free"] > 0:
        free = state["turn"]["free"] - 1
        events = open_turn(state, seat, extra="free")
        state["turn"]["free"] = free
        return events
    literal = state["options"].get("extra_turn", "cost") == "literal"
    if literal and player(state, seat)["extra_bought"] >= 1:
        push(state, chance("turn_next"))
        return []
    push(state, turn("extra", seat))
    return []


def extra_legal(state: State, step: Step, seat: int) -> list[Action]:
    found = [Action("extra", ("no",), label=msg("tang.action.extra_no"))]
    literal = state["options"].get("extra_turn", "cost") == "literal"
    if literal or player(state, seat)["minsheng"] >= 1:
        found.insert(0, Action("extra", ("yes",), label=msg(
            "tang.action.extra_yes", grain=int(data_of(state).constants["extra_turn_grain"]))))
    return found


def extra_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    if answers(step)[seat].word() == "no":
        push(state, chance("turn_next"))
        return []
    literal = state["options"].get("extra_turn", "cost") == "literal"
    before, after = change_minsheng(state, seat, 1 if literal else -1)
    grain = int(data_of(state).constants["extra_turn_grain"])
    gain_grain(state, seat, grain)
    player(state, seat)["extra_bought"] += 1
    events = [minsheng_event(seat, before, after), *grain_told(
        state, [seat], msg("tang.log.extra_bought", who=Seat(seat), grain=grain),
        msg("tang.log.extra_bought_hidden", who=Seat(seat)))]
    return events + open_turn(state, seat, extra="bought")


def extra_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    if action.kind == "extra" and action.args and action.word() == "yes":
        return msg("tang.refuse.minsheng_zero")
    return None


# -- transfers (T3.6, T3.7) -----------------------------------------------------------------------
def transfer_limit(state: State, seat: int) -> int:
    return 12 if has_skill(state, seat, "qingqi") else int(
        data_of(state).constants["transfer_max_armies"])


def _linked(state: State, seat: int) -> set[str]:
    if state["options"].get("transfer_range", "connected") == "adjacent":
        return set(controlled(state, seat))
    return connected(state, seat)


def transfer_targets(state: State, seat: int, source: str,
                     linked: set[str] | None = None) -> list[str]:
    linked = _linked(state, seat) if linked is None else linked
    if state["options"].get("transfer_range", "connected") == "adjacent":
        near = set(data_of(state).neighbors[source])
        return sorted(c for c in linked if c in near)
    return sorted(c for c in linked if c != source)


def transfer_sources(state: State, seat: int) -> list[str]:
    """Cities with armies or generals to move and a city to move them to (T3.6): asked at
    every action of a turn, so the cities are read once and a target only looked for."""
    linked = _linked(state, seat)
    adjacent = state["options"].get("transfer_range", "connected") == "adjacent"
    neighbors = data_of(state).neighbors
    key = str(seat)
    found = []
    for cid, c in state["cities"].items():
        if c["controller"] != seat or cid not in linked:
            continue
        if not c["armies"].get(key) and seat not in c["generals"].values():
            continue
        if any(n in linked for n in neighbors[cid]) if adjacent else len(linked) > 1:
            found.append(cid)
    return found


def transfer_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    cancel = Action("cancel", label=msg("tang.action.cancel"))
    source = data["source"]
    if data["stage"] == "to":
        return [cancel] + [choices.to(c) for c in transfer_targets(state, seat, source)]
    if data["stage"] == "count":
        most = min(transfer_limit(state, seat), armies(state, source, seat))
        least = 0 if generals_in(state, source, seat) else 1
        return [cancel] + [choices.count(n)
                           for n in range(least, most + 1)]
    taken = data["generals"]
    found = [Action("take", (g,), label=msg("tang.action.take", general=char_term(g)))
             for g in generals_in(state, source, seat) if g not in taken]
    if data["count"] > 0 or taken:
        found.append(Action("done", label=msg("tang.action.done")))
    return [cancel, *found]


def transfer_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    if action.kind == "cancel":
        push(state, turn("turn", seat))
        return []
    if action.kind == "to":
        data.update(target=action.word(), stage="count")
    elif action.kind == "count":
        data.update(count=action.number(), stage="generals", generals=[])
        if not generals_in(state, data["source"], seat):
            return _transfer(state, seat, data)
    elif action.kind == "take":
        data["generals"] = [*data["generals"], action.word()]
        if len(data["generals"]) == len(generals_in(state, data["source"], seat)):
            return _transfer(state, seat, data)
    else:
        return _transfer(state, seat, data)
    push(state, turn("transfer", seat, **data))
    return []


def _transfer(state: State, seat: int, data: dict[str, Any]) -> list[Event]:
    source, target = data["source"], data["target"]
    move_armies(state, source, target, seat, data["count"])
    for g in data["generals"]:
        del state["cities"][source]["generals"][g]
        state["cities"][target]["generals"][g] = seat
    state["turn"]["acted"] = True
    push(state, turn("turn", seat))
    return [log("tang.log.transfer", None, who=Seat(seat), count=data["count"],
                source=city_term(source), city=city_term(target),
                generals=with_generals(data["generals"]))]


def transfer_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    data = step["data"]
    if data["stage"] == "count" and action.kind == "count" and action.args \
            and isinstance(action.args[0], int):
        limit = transfer_limit(state, seat)
        if action.number() > limit:
            return msg("tang.refuse.transfer_limit", most=limit)
    if data["stage"] == "to" and action.kind == "to" and action.args:
        target = action.word()
        if target in state["cities"] and target not in connected(state, seat):
            return msg("tang.refuse.not_connected", city=city_term(target))
    return None


def transfer_start_refusal(state: State, seat: int, action: Action) -> Any:
    """`transfer <from>` refused from a city cut off from the capital (TX6)."""
    if action.kind == "transfer" and action.args:
        source = action.word()
        if source in state["cities"] and state["cities"][source]["controller"] == seat \
                and source not in connected(state, seat):
            return msg("tang.refuse.not_connected", city=city_term(source))
    return None
