"""The battle (spec T3.4.3–T3.4.5a, T3.5): retreat, dice, the two windows, totals, the
overflow rule, results, sieges, relocation and the fall of a capital; then the end check
(T4.1)."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.chance import roll
from games.core.events import Event
from games.core.flow import Step, answers, chance, flow_of, push, turn
from games.core.messages import Param, Seat, msg
from games.tang import choices
from games.tang.cards import battle_actions, use
from games.tang.model import (
    State,
    armies,
    change_minsheng,
    char_term,
    city_term,
    controlled,
    data_of,
    generals_in,
    grain_told,
    has_skill,
    land_armies,
    log,
    minsheng_event,
    move_armies,
    neighbors,
    player,
    present,
    remove_armies,
    seats,
    spend_grain,
)


# -- retreat (T3.4.4) -----------------------------------------------------------------------------
def _retreat_cost(state: State, data: dict[str, Any], to: str, n: int) -> int:
    """Grain the whole retreat costs after moving `n` more armies to `to` (A18)."""
    info = data_of(state).crossing_types[data_of(state).crossing(state["battle"]["city"], to)]
    half = data["half"] + n * int(info["half_grain_per_army"])
    whole = data["whole"] + n * int(info["grain_per_army"])
    return half // 2 + whole


def retreat_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    city = state["battle"]["city"]
    here = armies(state, city, seat)
    grain = player(state, seat)["grain"]
    if data["stage"] == "main":
        found = [Action("done", label=msg("tang.action.stay"))]
        if here:
            found += [Action("retreat", (c,), label=msg("tang.action.retreat", city=city_term(c)))
                      for c in neighbors(state, city) if state["cities"][c]["controller"] == seat
                      and _retreat_cost(state, data, c, 1) - data["paid"] <= grain]
            found.append(Action("disband", label=msg("tang.action.disband")))
        return found
    back = Action("back", label=msg("tang.action.back"))
    if data["stage"] == "disband":
        return [back] + [choices.count(n)
                         for n in range(1, here + 1)]
    to = data["to"]
    return [back] + [choices.count(n)
                     for n in range(1, here + 1)
                     if _retreat_cost(state, data, to, n) - data["paid"] <= grain]


def retreat_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    city = state["battle"]["city"]
    events: list[Event] = []
    if action.kind == "done":
        state["battle"]["d_armies"] = armies(state, city, seat)
        return [log("tang.log.retreat_done", None, who=Seat(seat), count=armies(state, city, seat))]
    if action.kind == "retreat":
        data.update(stage="move", to=action.word())
    elif action.kind == "disband":
        data["stage"] = "disband"
    elif action.kind == "back":
        data["stage"] = "main"
    elif data["stage"] == "disband":
        n = action.number()
        remove_armies(state, city, seat, n)
        events.append(log("tang.log.disband", None, who=Seat(seat), count=n))
        data["stage"] = "main"
    else:
        n, to = action.number(), data["to"]
        cost = _retreat_cost(state, data, to, n)
        info = data_of(state).crossing_types[data_of(state).crossing(city, to)]
        spend_grain(state, seat, cost - data["paid"])
        shown: dict[str, Param] = {"who": Seat(seat), "count": n, "city": city_term(to)}
        events += grain_told(state, [seat],
                             msg("tang.log.retreat", **shown, grain=cost - data["paid"]),
                             msg("tang.log.retreat_hidden", **shown))
        data.update(paid=cost, half=data["half"] + n * int(info["half_grain_per_army"]),
                    whole=data["whole"] + n * int(info["grain_per_army"]), stage="main")
        move_armies(state, city, to, seat, n)
    push(state, turn("retreat", seat, **data))
    return events


def retreat_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    data = step["data"]
    if data["stage"] == "move" and action.kind == "count" and action.args \
            and isinstance(action.args[0], int):
        need = _retreat_cost(state, data, data["to"], action.number()) - data["paid"]
        return msg("tang.refuse.grain", need=need, have=player(state, seat)["grain"])
    return None


# -- dice and windows (T3.4.3 steps 3-6) ----------------------------------------------------------
def battle_start(state: State, step: Step) -> list[Event]:
    battle = state["battle"]
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    battle["d_armies"] = armies(state, city, dfd)
    if battle["d_armies"] == 0:
        return settle_battle(state, fought=False)
    rolls = [roll(state, 2, 6, who=Seat(att), why=msg("tang.why.battle")),
             roll(state, 2, 6, who=Seat(dfd), why=msg("tang.why.battle"))]
    battle["dice"] = {"a": list(rolls[0].faces), "d": list(rolls[1].faces)}
    push(state, turn("bwin", dfd, side="def", stage="main"),
         turn("bwin", att, side="att", stage="main"), chance("battle_end"))
    return [r.event for r in rolls]


def rally_rate(state: State, seat: int, side: str) -> int:
    return 2 if side == "att" and has_skill(state, seat, "shibao") else int(
        data_of(state).constants["morale_grain_per_point"])


def may_rally(state: State, seat: int, side: str) -> bool:
    if side == "att":
        return True
    return has_skill(state, seat, "gongshou") and "gongshou" not in state["battle"]["uses"]


def bwin_legal(state: State, step: Step, seat: int) -> list[Action]:
    side = step["data"]["side"]
    rate = rally_rate(state, seat, side)
    grain = player(state, seat)["grain"]
    if step["data"]["stage"] == "rally":
        return [Action("back", label=msg("tang.action.back"))] + [
            Action("count", (k,), label=msg("tang.action.rally_count", count=k, grain=k * rate))
            for k in range(1, grain // rate + 1)]
    found = battle_actions(state, seat, side)
    if may_rally(state, seat, side) and grain >= rate:
        found.append(Action("rally", label=msg("tang.action.rally", rate=rate)))
    return [*found, Action("pass", label=msg("tang.action.pass"))]


def bwin_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    side = step["data"]["side"]
    again = turn("bwin", seat, side=side, stage="main")
    if action.kind == "pass":
        return []
    if action.kind == "rally":
        push(state, turn("bwin", seat, side=side, stage="rally"))
        return []
    if action.kind == "back":
        push(state, again)
        return []
    if action.kind == "count":
        k = action.number()
        rate = rally_rate(state, seat, side)
        spend_grain(state, seat, k * rate)
        state["battle"]["rally"][side] += k
        if side == "def":
            state["battle"]["uses"].append("gongshou")
        push(state, again)
        return grain_told(state, [seat],
                          msg("tang.log.rally", who=Seat(seat), count=k, grain=k * rate),
                          msg("tang.log.rally_hidden", who=Seat(seat), count=k))
    return use(state, seat, action, again)


# -- totals, losses, results (T3.4.3 step 7, T3.4.3a, T3.4.5) -------------------------------------
def locked_modifiers(state: State, side: str) -> list[tuple[str, int]]:
    """BATTLE_TOTALS skills of the side's representative (T6.5, T6.5a)."""
    battle = state["battle"]
    data = data_of(state)
    seat = battle["attacker"] if side == "att" else battle["defender"]
    city = battle["city"]
    info = data.cities[city]
    region = info["region"]
    found: list[tuple[str, int]] = []

    def skill(name: str, value: int, when: bool) -> None:
        if when and has_skill(state, seat, name):
            found.append((name, value))

    attacking, defending = side == "att", side == "def"
    crossed = set(battle["crossed"])
    skill("modao", 1, attacking)
    skill("shounanyang", 2, defending and region in ("jing", "yu"))
    skill("changshan", 2, defending and region in ("you", "ji"))
    skill("jieshuai", 2, attacking and bool(generals_in(state, city, battle["defender"])))
    skill("tongluo", 1, attacking and _armies(state, "att") > _armies(state, "def"))
    skill("taiyuan", 4 if info["special"] else 2, defending)
    skill("xianjing", 2, attacking and (info["special"] or info["luoyang"]))
    skill("hengji", 2, attacking and region in ("you", "ji"))
    skill("yiding", 2, bool(battle["siege"]))
    skill("yuanzheng", 2, attacking and bool(crossed & {"mountain", "qinling"}))
    skill("tongguan", 2, defending and bool(crossed - {"none"}))
    skill("zhushou", 3, attacking and city in ("changan", "luoyang"))
    skill("fengtian", 3, defending and player(state, seat)["capital"] == city)
    skill("zelu", 2, defending and region == "bing")
    return found


def _armies(state: State, side: str) -> int:
    battle = state["battle"]
    if side == "att":
        return int(battle["a_armies"]) + armies(state, battle["city"], battle["attacker"])
    return armies(state, battle["city"], battle["defender"])


def _generals(state: State, side: str) -> list[str]:
    battle = state["battle"]
    if side == "att":
        return [*battle["a_generals"], *generals_in(state, battle["city"], battle["attacker"])]
    return generals_in(state, battle["city"], battle["defender"])


def side_total(state: State, side: str) -> dict[str, Any]:
    battle = state["battle"]
    dice = battle["dice"]["a" if side == "att" else "d"]
    values = [data_of(state).value(g) for g in _generals(state, side)]
    general = 0 if side in battle["no_general"] or not values else max(values)
    cards = sum(int(v) for _, v in battle["mods"][side])
    skills = locked_modifiers(state, side)
    raw = sum(dice)
    total = raw + cards + battle["rally"][side] + sum(v for _, v in skills) + general
    return {"raw": raw, "cards": cards, "rally": battle["rally"][side], "general": general,
            "skills": [[k, v] for k, v in skills], "total": max(0, total)}


def losses(a_total: int, d_total: int, a_armies: int, d_armies: int) -> tuple[int, int, int]:
    """T3.4.3a: m = max(0, d − A, a − D); each side removes the other's total less m."""
    m = max(0, d_total - a_armies, a_total - d_armies)
    return m, max(0, d_total - m), max(0, a_total - m)


def battle_end(state: State, step: Step) -> list[Event]:
    battle = state["battle"]
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    a, d = side_total(state, "att"), side_total(state, "def")
    big_a, big_d = _armies(state, "att"), _armies(state, "def")
    m, loss_a, loss_d = losses(a["total"], d["total"], big_a, big_d)
    if has_skill(state, dfd, "sishou"):
        loss_d = max(0, loss_d - 2)
    battle["record"] = {"a": a, "d": d, "A": big_a, "D": big_d, "m": m, "loss_a": loss_a,
                        "loss_d": loss_d, "a_generals": _generals(state, "att"),
                        "d_generals": _generals(state, "def")}
    events = [log("tang.log.totals", None, who=Seat(att), other=Seat(dfd),
                  a=a["total"], d=d["total"], m=m, loss_a=loss_a, loss_d=loss_d)]
    land_armies(state, city, att, battle["a_armies"])
    battle["a_armies"] = 0
    remove_armies(state, city, att, loss_a)
    remove_armies(state, city, dfd, loss_d)
    return events + settle_battle(state, fought=True)


def _remove_general(state: State, city: str, general: str) -> None:
    del state["cities"][city]["generals"][general]
    state["removed"].append(general)


def settle_battle(state: State, fought: bool) -> list[Event]:
    """T3.4.5: generals, control of the city, the fall of a capital; then the end check."""
    battle = state["battle"]
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    land_armies(state, city, att, battle["a_armies"])
    battle["a_armies"] = 0
    c = state["cities"][city]
    events: list[Event] = []
    lost = generals_in(state, city, dfd) if armies(state, city, dfd) == 0 else []
    for g in lost:
        _remove_general(state, city, g)
    if lost:
        events.append(log("tang.log.generals_removed", None, who=Seat(dfd),
                          generals=tuple(char_term(g) for g in lost)))
    relocate = armies(state, city, att) == 0
    if relocate:
        for g in generals_in(state, city, att):
            del c["generals"][g]
            battle["a_generals"].append(g)
    else:
        for g in battle["a_generals"]:
            c["generals"][g] = att
        battle["a_generals"] = []
    holders = present(state, city)
    before = battle["before"]["controller"]
    battle["outcome"] = outcome(holders, att)
    if len(holders) == 1:
        c["controller"] = c["last"] = holders[0]
        if holders[0] == att and before != att:
            events.append(log("tang.log.captured", None, who=Seat(att), city=city_term(city)))
        elif holders[0] != before:
            events.append(log("tang.log.siege_ends", None, who=Seat(holders[0]),
                              city=city_term(city)))
    elif len(holders) >= 2:
        c["controller"] = None
        events.append(log("tang.log.besieged", None, city=city_term(city),
                          players=tuple(Seat(s) for s in holders)))
    else:
        c["controller"] = c["last"]
        events.append(log("tang.log.empty_return", None, city=city_term(city),
                          who=Seat(c["last"])))
    gainer = gained_by(state)
    if gainer is not None:
        player(state, gainer)["captured"] = True
    steps: list[Step] = []
    if battle["a_generals"]:
        near = [n for n in neighbors(state, city) if state["cities"][n]["controller"] == att]
        choices = near or controlled(state, att)
        if len(choices) == 1:
            events += _relocate(state, choices[0])
        elif not choices:
            gone = list(battle["a_generals"])
            state["removed"] += gone
            battle["a_generals"] = []
            events.append(log("tang.log.generals_removed", None, who=Seat(att),
                              generals=tuple(char_term(g) for g in gone)))
        else:
            steps.append(turn("relocate", att, choices=choices))
    events += orphans(state)
    steps += capital_fall(state, events)
    push(state, *steps, chance("attack_over"))
    battle["result"] = fought
    state["last_battle"] = public_record(state)
    if fought:
        number = 1 + (state["fought"] or {"number": 0})["number"]
        state["fought"] = {**state["last_battle"], "number": number}
    return events


def outcome(holders: list[int], attacker: int) -> str:
    """What the battle did to the city (T3.4.5 step 4)."""
    if len(holders) >= 2:
        return "besieged"
    if not holders:
        return "both_wiped"
    return "captured" if holders[0] == attacker else "repelled"


def public_record(state: State) -> dict[str, Any]:
    """The battle as everyone sees it (T9: dice, cards played, rallies, totals, losses): the
    view's `battle`/`last_battle`, and `Game.finished_battle` once it was fought."""
    battle = state["battle"]
    return {k: battle.get(k) for k in ("attacker", "defender", "city", "dice", "mods", "rally",
                                       "no_general", "record", "siege", "crossed", "outcome")}


def relocate_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("relocate", (c,), label=msg("tang.action.relocate", city=city_term(c)))
            for c in step["data"]["choices"]]


def relocate_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    return _relocate(state, answers(step)[seat].word())


def _relocate(state: State, to: str) -> list[Event]:
    battle = state["battle"]
    moved = list(battle["a_generals"])
    for g in moved:
        state["cities"][to]["generals"][g] = battle["attacker"]
    battle["a_generals"] = []
    return [log("tang.log.relocated", None, who=Seat(battle["attacker"]), city=city_term(to),
                generals=tuple(char_term(g) for g in moved))]


def orphans(state: State) -> list[Event]:
    """A general stands only where its owner controls the city or has armies (T10.6)."""
    events: list[Event] = []
    for cid, c in state["cities"].items():
        for g, owner in sorted(c["generals"].items()):
            if c["controller"] != owner and not armies(state, cid, owner):
                _remove_general(state, cid, g)
                events.append(log("tang.log.generals_removed", None, who=Seat(owner),
                                  generals=(char_term(g),)))
    return events


# -- the fall of a capital (T3.5) -----------------------------------------------------------------
def gained_by(state: State) -> int | None:
    """The player who came to control the battle's city through its result, whoever it is:
    the attacker who took it, the defender left alone when an attack from inside a siege was
    wiped out, a third side left alone by another pair's battle, or the last controller it
    returned to empty after a siege. That is a capture for 史朝义 (T6.3) and, of another
    player's capital, a capital fall (T3.5.1); None when control did not change hands."""
    battle = state["battle"]
    holder = state["cities"][battle["city"]]["controller"]
    if holder is None or holder == battle["before"]["controller"]:
        return None
    return int(holder)


def capital_fall(state: State, events: list[Event]) -> list[Step]:
    """T3.5.1: a player X who gained control of O's capital in this battle's results, when O
    controlled it or had armies in it just before the attack, has captured it. X need not be
    the attacker (the spec's trigger names only who ends up controlling the city)."""
    battle = state["battle"]
    city = battle["city"]
    conqueror = gained_by(state)
    if conqueror is None:
        return []
    owners = [s for s in range(seats(state))
              if player(state, s)["capital"] == city and s != conqueror]
    if not owners:
        return []
    loser = owners[0]
    if battle["before"]["controller"] != loser and loser not in battle["before"]["present"]:
        return []
    before, after = change_minsheng(state, loser, -1)
    events += [log("tang.log.capital_falls", None, who=Seat(loser), other=Seat(conqueror),
                   city=city_term(city)), minsheng_event(loser, before, after)]
    if not controlled(state, loser):
        return []
    return [turn("fall", conqueror, loser=loser, conqueror=conqueror, stage="designate")]


def fall_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    if data["stage"] == "designate":
        return [Action("designate", (c,), label=msg("tang.action.designate", city=city_term(c)))
                for c in controlled(state, data["loser"])]
    city = data["city"]
    mover = seat
    if data["stage"] in ("send", "move"):
        found: list[Action] = []
        if data["stage"] == "send":
            found += [Action("send", (c,), label=msg("tang.action.send", city=city_term(c)))
                      for c in controlled(state, mover) if c != city]
        else:
            found += [Action("move_in", (c,), label=msg("tang.action.move_in", city=city_term(c)))
                      for c in controlled(state, mover) if c != city
                      and (armies(state, c, mover) or generals_in(state, c, mover))]
            if armies(state, city, mover) >= 1:
                found.append(Action("done", label=msg("tang.action.done")))
        return found
    sending = data["stage"].startswith("send")
    source, to = (city, data["to"]) if sending else (data["from"], city)
    if data["stage"] in ("send_count", "move_count"):
        least = 0 if generals_in(state, source, mover) else 1
        return [choices.count(n)
                for n in range(least, armies(state, source, mover) + 1)]
    return [Action("done", label=msg("tang.action.done"))] + [
        Action("take", (g,), label=msg("tang.action.take", general=char_term(g)))
        for g in generals_in(state, source, mover)]


def fall_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    events: list[Event] = []
    stage = data["stage"]
    loser = data["loser"]
    if stage == "designate":
        city = action.word()
        data["city"] = city
        events.append(log("tang.log.designated", None, who=Seat(seat), city=city_term(city)))
        if not [c for c in controlled(state, loser) if c != city]:
            gone = generals_in(state, city, loser)
            remove_armies(state, city, loser, armies(state, city, loser))
            for g in gone:
                _remove_general(state, city, g)
            return events + _move_stage(state, data)
        if not armies(state, city, loser) and not generals_in(state, city, loser):
            return events + _move_stage(state, data)
        push(state, turn("fall", loser, **{**data, "stage": "send"}))
        return events
    city = data["city"]
    if stage == "send":
        data.update(stage="send_count", to=action.word())
    elif stage == "move":
        if action.kind == "done":
            events.append(log("tang.log.moved_in", None, who=Seat(seat), city=city_term(city),
                              count=armies(state, city, seat)))
            return events
        data.update(stage="move_count", **{"from": action.word()})
    elif stage in ("send_count", "move_count"):
        source, to = (city, data["to"]) if stage == "send_count" else (data["from"], city)
        move_armies(state, source, to, seat, action.number())
        events.append(log("tang.log.sent", None, who=Seat(seat), count=action.number(),
                          source=city_term(source), city=city_term(to)))
        data["stage"] = "send_generals" if stage == "send_count" else "move_generals"
        if not generals_in(state, source, seat):
            data["stage"] = "send" if stage == "send_count" else "move"
    else:  # choosing generals that go along
        source, to = (city, data["to"]) if stage == "send_generals" else (data["from"], city)
        if action.kind == "take":
            g = action.word()
            del state["cities"][source]["generals"][g]
            state["cities"][to]["generals"][g] = seat
            events.append(log("tang.log.general_moved", None, general=char_term(g),
                              city=city_term(to)))
        if action.kind == "done" or not generals_in(state, source, seat):
            data["stage"] = "send" if stage == "send_generals" else "move"
    if data["stage"] == "send" and not armies(state, city, loser) \
            and not generals_in(state, city, loser):
        return events + _move_stage(state, data)
    push(state, turn("fall", seat, **data))
    return events


def _move_stage(state: State, data: dict[str, Any]) -> list[Event]:
    """The loser has emptied the designated city: it is the conqueror's now (T3.5.2 step 4),
    who moves armies in; gaining it so is a capture (T6.3)."""
    c = state["cities"][data["city"]]
    c["controller"] = c["last"] = data["conqueror"]
    player(state, data["conqueror"])["captured"] = True  # a capture for 史朝义 too (T6.3)
    push(state, turn("fall", data["conqueror"], **{**data, "stage": "move"}))
    return []


# -- after the attack (T4.1) ----------------------------------------------------------------------
def attack_over(state: State, step: Step) -> list[Event]:
    battle = state["battle"]
    state["battle"] = None
    events = end_check(state)
    if state.get("over"):
        return events
    state["turn"]["acted"] = True
    push(state, turn("turn", battle["attacker"]))
    return events


def end_check(state: State) -> list[Event]:
    """The game ends at once when a player controls no city (T4.1, A14)."""
    if state["options"].get("elimination_end", "immediate") != "immediate":
        return []
    for seat in range(seats(state)):
        if not controlled(state, seat):
            state["over"] = {"reason": "eliminated", "seat": seat}
            flow_of(state)["stack"].clear()
            return [log("tang.log.eliminated", None, who=Seat(seat))]
    return []
