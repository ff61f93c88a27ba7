"""Declaring an attack (spec T3.4.1, T3.4.2, T3.4.6): the target, the side in a siege, the
muster from adjacent cities, 暗度陈仓, and the grain it costs; `confirm` starts the battle."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.flow import Step, answers, chance, push, turn
from games.core.messages import Param, Seat, msg
from games.tang import choices
from games.tang.data import TangData
from games.tang.model import (
    State,
    armies,
    besieged,
    card_term,
    char_term,
    city_term,
    controller,
    data_of,
    discard,
    generals_in,
    grain_told,
    has_skill,
    holding,
    lift_armies,
    log,
    neighbors,
    player,
    present,
    seat_arg,
    seat_of_arg,
    spend_grain,
    with_generals,
)

Muster = list[Any]  # [source city, armies, [generals], via city or None (叶护太子)]


def truce(state: State, a: int, b: int) -> bool:
    return sorted((a, b)) in state["truces"]


def sides(state: State, seat: int, target: str) -> list[int]:
    """The players `seat` may choose as the defending side in `target` (T3.4.3 step 1)."""
    holder = controller(state, target)
    if holder is not None:
        found = [holder] if holder != seat else []
    else:
        found = [s for s in present(state, target) if s != seat]
    if not found:
        return found
    friendly = state["options"].get("camp_friendly_fire", "allowed") == "forbidden"
    return [s for s in found if not truce(state, seat, s)
            and not (friendly and same_camp(state, seat, s))]


def same_camp(state: State, a: int, b: int) -> bool:
    if not state["camp_rule"]:
        return False
    chars = data_of(state).characters
    return bool(chars[state["players"][a]["rep"]]["nationality"]
                == chars[state["players"][b]["rep"]]["nationality"])


def sources(state: State, seat: int, target: str) -> list[str]:
    """Cities `seat` controls next to `target`, with armies or generals to muster."""
    return [c for c in neighbors(state, target) if controller(state, c) == seat
            and (armies(state, c, seat) or generals_in(state, c, seat))]


def attack_cost(state: State, seat: int, target: str, musters: list[Muster],
                andu: bool) -> int:
    """1 grain a mustered army, plus ⌊half-grain armies / 2⌋ + whole-grain armies (T3.4.6,
    rounded down once for the whole attack: A18); 阿史那承庆, 王忠嗣 and 暗度陈仓 change it."""
    data: TangData = data_of(state)
    mustered = sum(int(m[1]) for m in musters)
    pay = mustered
    if has_skill(state, seat, "qianfeng") and not player(state, seat)["attacked"]:
        pay = max(0, mustered - 6)
    half = whole = 0
    for muster in musters:
        n = muster[1]
        kind = data.crossing(_link(muster), target)
        if andu or (kind in ("river", "mountain") and has_skill(state, seat, "sizhen")):
            continue
        info = data.crossing_types[kind]
        half += int(n) * int(info["half_grain_per_army"])
        whole += int(n) * int(info["grain_per_army"])
    return pay + half // 2 + whole


def _link(muster: Muster) -> str:
    """The city whose link into the target a muster crosses: its source, or the
    intermediate city of a distance-2 muster (T6.5a)."""
    return str(muster[3]) if len(muster) > 3 and muster[3] else str(muster[0])


def far_sources(state: State, seat: int, target: str) -> dict[str, list[str]]:
    """叶护太子 (铁骑): cities at distance 2 from the target, with armies or generals, each
    with the cities `seat` controls between it and the target (T6.5a)."""
    if not has_skill(state, seat, "tieqi"):
        return {}
    near = [c for c in neighbors(state, target) if controller(state, c) == seat]
    found: dict[str, list[str]] = {}
    for mid in near:
        for far in neighbors(state, mid):
            if far != target and far not in neighbors(state, target) \
                    and controller(state, far) == seat \
                    and (armies(state, far, seat) or generals_in(state, far, seat)):
                found.setdefault(far, []).append(mid)
    return {far: sorted(mids) for far, mids in sorted(found.items())}


def attack_targets(state: State, seat: int) -> list[str]:
    """T3.4.1: next to a city of `seat`, held by another player or besieged; or a besieged
    city `seat` has armies in. The attack must be able to field one army it can pay for, so
    only a city next to one of its cities holding armies (two cities away for 叶护太子) or
    one it has armies in is weighed: the turn offers this list at every action."""
    key = str(seat)
    reach = None if has_skill(state, seat, "tieqi") else {
        near for cid, c in state["cities"].items()
        if c["controller"] == seat and c["armies"].get(key)
        for near in neighbors(state, cid)}
    grain, dearest = player(state, seat)["grain"], dearest_army(data_of(state))
    found = []
    for target, c in state["cities"].items():
        inside = c["armies"].get(key, 0) if c["controller"] is None else 0
        if not inside and reach is not None and target not in reach:
            continue
        if not sides(state, seat, target):
            continue
        # next to a city of its own with armies, one army can be fielded; with the grain
        # for the dearest, it can be paid for
        if inside or (reach is not None and grain >= dearest) \
                or _one_army_paid(state, seat, target, grain):
            found.append(target)
    return found


def _one_army_paid(state: State, seat: int, target: str, grain: int) -> bool:
    """Whether one army from a city of `seat`'s able to reach `target` can be paid for."""
    options: list[Muster] = [[s, 1, [], None] for s in sources(state, seat, target)
                             if armies(state, s, seat)]
    options += [[s, 1, [], mids[0]] for s, mids in far_sources(state, seat, target).items()
                if armies(state, s, seat)]
    return any(attack_cost(state, seat, target, [m], False) <= grain for m in options)


def dearest_army(data: TangData) -> int:
    """The most one mustered army can cost (T3.4.6: its grain and the dearest crossing's);
    the skills and 暗度陈仓 only lower it, so a seat with as much grain can pay for any."""
    return 1 + max(int(info["half_grain_per_army"]) // 2 + int(info["grain_per_army"])
                   for info in data.crossing_types.values())


def start_attack(state: State, seat: int, target: str) -> list[Event]:
    candidates = sides(state, seat, target)
    data: dict[str, Any] = {"target": target, "musters": [], "andu": False, "source": None}
    if len(candidates) > 1:
        data.update(stage="side", defender=None)
    else:
        data.update(stage="muster", defender=candidates[0])
    push(state, turn("attack", seat, **data))
    return []


def attack_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    target = data["target"]
    cancel = Action("cancel", label=msg("tang.action.cancel"))
    stage = data["stage"]
    if stage == "side":
        return [cancel] + [Action("side", (seat_arg(s),),
                                  label=msg("tang.action.side", who=Seat(s)))
                           for s in sides(state, seat, target)]
    if stage == "muster":
        used = {m[0] for m in data["musters"]}
        grain = player(state, seat)["grain"]
        far = far_sources(state, seat, target)
        candidates: list[tuple[str, str | None]] = [(c, None) for c in sources(state, seat, target)]
        candidates += [(c, mids[0]) for c, mids in far.items()]
        found = [Action("muster", (c,), label=msg("tang.action.muster", city=city_term(c)))
                 for c, via in candidates if c not in used
                 and (generals_in(state, c, seat) or attack_cost(
                     state, seat, target, [*data["musters"], [c, 1, [], via]],
                     data["andu"]) <= grain)]
        if holding(state, seat, "andu") and not data["andu"]:
            found.append(Action("play", ("andu",), label=msg("tang.play.andu",
                                                             card=card_term("andu"))))
        fielded = sum(int(m[1]) for m in data["musters"]) + armies(state, target, seat)
        if fielded >= 1:
            cost = attack_cost(state, seat, target, data["musters"], data["andu"])
            found.append(Action("confirm", label=msg("tang.action.confirm", grain=cost)))
        return [cancel, *found]
    source = data["source"]
    if stage == "via":
        return [cancel] + [Action("via", (c,), label=msg("tang.action.via", city=city_term(c)))
                           for c in far_sources(state, seat, target).get(source, [])]
    if stage == "count":
        grain = player(state, seat)["grain"]
        least = 0 if generals_in(state, source, seat) else 1
        return [cancel] + [
            choices.count(n)
            for n in range(least, armies(state, source, seat) + 1)
            if attack_cost(state, seat, target,
                           [*data["musters"], [source, n, [], data.get("via")]],
                           data["andu"]) <= grain]
    taken = data["musters"][-1][2]
    return [cancel, Action("done", label=msg("tang.action.done"))] + [
        Action("take", (g,), label=msg("tang.action.take", general=char_term(g)))
        for g in generals_in(state, source, seat) if g not in taken]


def attack_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    if action.kind == "cancel":
        push(state, turn("turn", seat))
        return []
    if action.kind == "confirm":
        return declare(state, seat, data)
    if action.kind == "side":
        data.update(defender=seat_of_arg(action.number()), stage="muster")
    elif action.kind == "muster":
        source = action.word()
        mids = far_sources(state, seat, data["target"]).get(source, []) \
            if source not in neighbors(state, data["target"]) else []
        data.update(source=source, via=mids[0] if len(mids) == 1 else None,
                    stage="via" if len(mids) > 1 else "count")
    elif action.kind == "via":
        data.update(via=action.word(), stage="count")
    elif action.kind == "play":
        data["andu"] = True
    elif action.kind == "count":
        data["musters"] = [*data["musters"], [data["source"], action.number(), [],
                                              data.get("via")]]
        data["stage"] = "generals" if generals_in(state, data["source"], seat) else "muster"
    elif action.kind == "take":
        last = data["musters"][-1]
        data["musters"] = [*data["musters"][:-1],
                           [last[0], last[1], [*last[2], action.word()], *last[3:]]]
        if len(data["musters"][-1][2]) == len(generals_in(state, data["source"], seat)):
            data["stage"] = "muster"
    else:  # done with this source's generals
        data["stage"] = "muster"
    push(state, turn("attack", seat, **data))
    return []


def declare(state: State, seat: int, data: dict[str, Any]) -> list[Event]:
    """Confirm: pay, lift the mustered armies and generals, and open the battle (T3.4.3)."""
    target, defender = data["target"], data["defender"]
    cost = attack_cost(state, seat, target, data["musters"], data["andu"])
    events: list[Event] = []
    if data["andu"]:
        card = holding(state, seat, "andu")
        assert card is not None
        player(state, seat)["hand"].remove(card)
        discard(state, card)
        events.append(log("tang.log.played", None, who=Seat(seat), card=card_term(card), on=""))
    spend_grain(state, seat, cost)
    player(state, seat)["attacked"] = True
    mustered = generals = 0
    crossed: list[str] = []
    carried: list[str] = []
    for muster in data["musters"]:
        source, n, taken = muster[0], muster[1], muster[2]
        lift_armies(state, source, seat, n)
        mustered += n
        if n:
            crossed.append(data_of(state).crossing(_link(muster), target))
        for g in taken:
            del state["cities"][source]["generals"][g]
            carried.append(g)
            generals += 1
    c = state["cities"][target]
    state["battle"] = {
        "attacker": seat, "defender": defender, "city": target, "a_armies": mustered,
        "a_generals": carried, "siege": besieged(state, target), "crossed": sorted(set(crossed)),
        "before": {"controller": c["controller"], "present": present(state, target)},
        "dice": {"a": [], "d": []}, "mods": {"att": [], "def": []}, "rally": {"att": 0, "def": 0},
        "no_general": [], "uses": [], "d_armies": armies(state, target, defender),
    }
    shown: dict[str, Param] = {
        "who": Seat(seat), "city": city_term(target), "other": Seat(defender),
        "count": mustered + armies(state, target, seat), "generals": with_generals(carried)}
    events += grain_told(state, [seat], msg("tang.log.attack", **shown, grain=cost),
                         msg("tang.log.attack_hidden", **shown))
    if c["controller"] == defender and armies(state, target, defender):
        push(state, turn("retreat", defender, stage="main", paid=0, half=0, whole=0),
             chance("battle_start"))
    else:
        push(state, chance("battle_start"))
    return events


def attack_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    """Why a typed muster count is not offered: the grain (TX7); why a side is not: the
    truce (和亲, T7.5)."""
    data = step["data"]
    if data["stage"] == "side" and action.kind == "side" and action.args \
            and isinstance(action.args[0], int):
        other = seat_of_arg(action.number())
        if other in present(state, data["target"]) and truce(state, seat, other):
            return msg("tang.refuse.truce", who=Seat(other))
    if data["stage"] == "count" and action.kind == "count" and action.args \
            and isinstance(action.args[0], int):
        source = data["source"]
        n = action.number()
        if 0 <= n <= armies(state, source, seat):
            need = attack_cost(state, seat, data["target"],
                               [*data["musters"], [source, n, [], data.get("via")]], data["andu"])
            return msg("tang.refuse.grain", need=need, have=player(state, seat)["grain"])
    return None


def truce_partner(state: State, seat: int, target: str) -> int | None:
    """The truce partner (和亲, T7.5) that leaves `seat` no side to fight in `target`: its
    controller, or in a siege the first partner among the other sides when every other side
    is barred (by a truce, or by the camp option); None when a side is left or no truce
    bars one."""
    holder = controller(state, target)
    others = ([holder] if holder != seat else []) if holder is not None else [
        s for s in present(state, target) if s != seat]
    partners = [s for s in others if truce(state, seat, s)]
    if not partners or sides(state, seat, target):
        return None
    return partners[0]


def target_refusal(state: State, seat: int, action: Action) -> Any:
    """Why `attack <city>` is refused (T3.4.1, 和亲)."""
    if action.kind != "attack" or not action.args:
        return None
    target = action.word()
    if target not in state["cities"]:
        return None
    partner = truce_partner(state, seat, target)
    if partner is not None:
        return msg("tang.refuse.truce", who=Seat(partner))
    near = any(controller(state, c) == seat for c in neighbors(state, target))
    if not near and not armies(state, target, seat):
        return msg("tang.refuse.not_adjacent", city=city_term(target))
    return None
