"""Attacks (R11-R14): declare the target and pay the war expense, commit a general and maybe
an Attack stratagem, the defender answers with maybe a Defence stratagem, everything is
revealed and resolved in the order of R11.7, forces are built step by step with a clamp after
each step, both sides arrange their three best battle cards in secret, and the lanes decide."""

from __future__ import annotations

from itertools import permutations

from games.core import Action, Event, IllegalAction
from games.core.messages import Msg, Param, Seat, Term, msg
from games.record.citations import cite
from games.record.contests import (
    contest,
    contest_text,
    draw_battle_cards,
    return_battle_cards,
    shuffle_battle_deck,
)
from games.record.data import DATA, RULES, card_info, key_of, kind_of, shown, term
from games.record.state import (
    MA_TENG,
    ZHANG_JIAO,
    State,
    city_in_play,
    discard,
    find_city,
    generals_in_hand,
    has_lord,
    lord_param,
    others,
    pay,
    player,
    remove_city,
    take_from_hand,
    walls,
    war_expense,
)
from games.record.stratagems import is_type, params
from games.record.turn import general_refusal

QIN_ZEI, FU_DI, MEI_REN = "qin_zei_qin_wang", "fu_di_chou_xin", "mei_ren_ji"
YI_YI, KONG_CHENG = "yi_yi_dai_lao", "kong_cheng_ji"
POSITIONS = ("front", "middle", "rear")


def clamp(value: int) -> int:
    """R0.7, applied after every step of the force computation (R12.1)."""
    return min(RULES["force_max"], max(RULES["force_min"], value))


# -- declaring -----------------------------------------------------------------------------
def attack_problem(state: State, seat: int, city: str) -> Msg | None:
    """R11.1: why `seat` may not attack `city` now, or None."""
    if state["turn"]["used"]["attack"]:
        return msg("record.refuse.attacked")
    found = find_city(state, city) if kind_of(city) == "city" else None
    if found is None:
        return msg("record.refuse.not_in_play", city=shown(city))
    if found[0] == seat:
        return msg("record.refuse.own_city", city=term(city))
    if not generals_in_hand(state, seat):
        return msg("record.refuse.attack_general")
    cost, coins = war_expense(state, seat, city), player(state, seat)["coins"]
    if coins < cost:
        return msg("record.refuse.war_expense", city=term(city), cost=cost, coins=coins)
    return None


def attack_actions(state: State, seat: int) -> list[Action]:
    targets = [e["city"] for o in others(state, seat) for e in player(state, o)["cities"]]
    return [Action("attack", (c,), label=msg(
        "record.label.attack", owner=Seat(city_in_play(state, c)[0]), city=term(c),
        cost=war_expense(state, seat, c)))
            for c in targets if attack_problem(state, seat, c) is None]


def attack(state: State, seat: int, city: str) -> list[Event]:
    """R11.2: the war expense is paid at once and never refunded (AMB-2)."""
    problem = attack_problem(state, seat, city)
    if problem:
        raise IllegalAction(problem, rule=cite("R11.1"))
    owner, entry = city_in_play(state, city)
    cost = war_expense(state, seat, city)
    pay(state, seat, cost)
    state["turn"]["used"]["attack"] = True
    state["last_battle"] = None  # the board now shows this attack
    state["battle"] = {
        "attacker": seat, "defender": owner, "city": city, "walls": walls(state, owner, city),
        "expense": cost, "attacker_general": None, "defender_general": entry["defender"],
        "attack_stratagem": None, "defence_stratagem": None, "area": [], "revealed": False,
        "contests": [], "forces": None, "force_steps": None,
        "drawn": {"attacker": [], "defender": []}, "top": None,
        "arranged": {"attacker": None, "defender": None}, "lanes": None, "outcome": None,
        "beheaded": None}
    _pend(state, "attack_general", seat)
    return [Event(msg("record.battle.attack", who=Seat(seat), owner=Seat(owner),
                      city=term(city), cost=cost), kind="battle")]


def _pend(state: State, kind: str, seat: int) -> None:
    state["pending"] = {"kind": kind, "seat": seat}
    state["step"] = {"attack_general": "attack", "attack_stratagem": "attack",
                     "defence": "defence", "arrange": "arrange"}[kind]


# -- committing cards ----------------------------------------------------------------------
def general_actions(state: State, seat: int) -> list[Action]:
    return [Action("general", (g,), label=msg("record.label.attack_with",
                                              general=card_info(g)))
            for g in sorted(generals_in_hand(state, seat))]


def commit_general(state: State, seat: int, general: str) -> list[Event]:
    """R11.3: the attacking general goes face down into the attack area."""
    if general not in generals_in_hand(state, seat):
        raise general_refusal(state, seat, general, "record.refuse.attack_with", "R11.3")
    battle = state["battle"]
    take_from_hand(state, seat, general)
    battle["attacker_general"] = general
    battle["area"].append(general)
    _pend(state, "attack_stratagem", seat)
    return [Event(msg("record.battle.general", who=Seat(seat)), kind="battle")]


def _stratagem_choices(state: State, seat: int, kind: str) -> list[str]:
    seen: dict[str, str] = {}
    for card in sorted(player(state, seat)["hand"]):
        if is_type(card, kind) and key_of(card) not in seen:
            seen[key_of(card)] = card
    return list(seen.values())


def _qin_zei_problem(state: State, seat: int, card: str) -> Msg | None:
    if key_of(card) != QIN_ZEI:
        return None
    cost = params(card)["cost"]
    if player(state, seat)["coins"] < cost:
        return msg("record.refuse.qin_zei_cost", card=term(card), cost=cost,
                   coins=player(state, seat)["coins"])
    return None


def _stratagem_refusal(state: State, seat: int, card: str, kind: str) -> IllegalAction:
    """Not a stratagem of that kind in hand: the ones the seat may add instead, or none."""
    cards = tuple(term(c) for c in _stratagem_choices(state, seat, kind))
    if kind == "attack":
        return IllegalAction(msg("record.refuse.attack_stratagem", card=shown(card),
                                 cards=cards) if cards else
                             msg("record.refuse.no_attack_stratagem", card=shown(card)),
                             rule=cite("R11.4"))
    return IllegalAction(msg("record.refuse.defence_stratagem", card=shown(card), cards=cards)
                         if cards else msg("record.refuse.no_defence_stratagem",
                                           card=shown(card)), rule=cite("R11.5"))


def attack_stratagem_actions(state: State, seat: int) -> list[Action]:
    cards = [c for c in _stratagem_choices(state, seat, "attack")
             if _qin_zei_problem(state, seat, c) is None]
    return [Action("stratagem", (c,), label=msg("record.label.add_stratagem", card=term(c)))
            for c in cards] + [
        Action("stratagem", ("none",), label=msg("record.label.no_attack_stratagem"))]


def commit_stratagem(state: State, seat: int, card: str) -> list[Event]:
    """R11.4: at most one Attack stratagem, face down; the defender sees only that one is
    there (R11.5)."""
    battle = state["battle"]
    if card != "none":
        if card not in player(state, seat)["hand"] or not is_type(card, "attack"):
            raise _stratagem_refusal(state, seat, card, "attack")
        problem = _qin_zei_problem(state, seat, card)
        if problem:
            raise IllegalAction(problem, rule=cite("R11.4"))
        take_from_hand(state, seat, card)
        battle["attack_stratagem"] = card
        battle["area"].append(card)
    _pend(state, "defence", battle["defender"])
    told = ("record.battle.attack_stratagem" if card != "none"
            else "record.battle.no_attack_stratagem")
    return [Event(msg(told, who=Seat(seat), defender=Seat(battle["defender"])),
                  kind="battle")]


def defence_actions(state: State, seat: int) -> list[Action]:
    return [Action("defend", (c,), label=msg("record.label.defend_with", card=term(c)))
            for c in _stratagem_choices(state, seat, "defence")] + [
        Action("defend", ("none",), label=msg("record.label.no_defence_stratagem"))]


def defend(state: State, seat: int, card: str) -> list[Event]:
    battle = state["battle"]
    if card != "none":
        if card not in player(state, seat)["hand"] or not is_type(card, "defence"):
            raise _stratagem_refusal(state, seat, card, "defence")
        take_from_hand(state, seat, card)
        battle["defence_stratagem"] = card
        battle["area"].append(card)
    told = ("record.battle.defence_stratagem" if card != "none"
            else "record.battle.no_defence_stratagem")
    return [Event(msg(told, who=Seat(seat)), kind="battle")] + _reveal_and_resolve(state)


# -- R11.6-R11.7 -------------------------------------------------------------------------------
def _reveal_and_resolve(state: State) -> list[Event]:
    battle = state["battle"]
    attacker, defender = battle["attacker"], battle["defender"]
    battle["revealed"] = True
    city_in_play(state, battle["city"])[1]["face_up"] = True
    atk, dfn = battle["attack_stratagem"], battle["defence_stratagem"]
    played = tuple(term(c) for c in (atk, dfn) if c)
    revealed: dict[str, Param] = dict(who=Seat(attacker), general=term(battle["attacker_general"]),
                    city=term(battle["city"]), defender=term(battle["defender_general"]))
    events = [Event(msg("record.battle.reveal_stratagems", stratagems=played, **revealed)
                    if played else msg("record.battle.reveal", **revealed), kind="battle")]
    if atk and key_of(atk) == QIN_ZEI:
        pay(state, attacker, params(atk)["cost"])
        events.append(Event(msg("record.battle.pays_for", who=Seat(attacker),
                                cost=params(atk)["cost"], card=term(atk)), kind="battle"))
    ok = {}
    for card, user, opponent in ((atk, attacker, defender), (dfn, defender, attacker)):
        if card and DATA.stratagems[card]["contest"]:
            result = contest(state, card, user, opponent)
            battle["contests"].append(result)
            events.append(Event(contest_text(state, result), kind="battle"))
            ok[key_of(card)] = result["success"]
    if ok.get(KONG_CHENG):
        return events + _empty_fort(state)
    if ok.get(QIN_ZEI):
        return events + _killed(state)
    return events + _start_battle(state, atk if atk and ok.get(key_of(atk)) else None)


def _end_attack(state: State) -> None:
    """R11.8: stratagems in the attack area are discarded; the attack is over."""
    battle = state["battle"]
    for card in (battle["attack_stratagem"], battle["defence_stratagem"]):
        if card and card in battle["area"]:
            battle["area"].remove(card)
            discard(state, card)
    if not state["pending"] or state["pending"]["kind"] != "station":
        state["pending"], state["step"] = None, "main"
        state["last_battle"], state["battle"] = battle, None


def _return_attacker(state: State, beheaded: bool = False) -> None:
    battle = state["battle"]
    general = battle["attacker_general"]
    battle["area"].remove(general)
    if beheaded:
        discard(state, general)
    else:
        player(state, battle["attacker"])["hand"].append(general)


def _empty_fort(state: State) -> list[Event]:
    """R11.7(c): the attack fails, no battle; the defender stays face up."""
    battle = state["battle"]
    battle["outcome"] = "empty_fort"
    _return_attacker(state)
    _end_attack(state)
    return [Event(msg("record.battle.empty_fort", card=term(battle["defence_stratagem"]),
                      who=Seat(battle["attacker"])), kind="battle")]


def _killed(state: State) -> list[Event]:
    """R11.7(d), AMB-4: the defender is killed and the undefended city discarded; with the
    `qin_zei_captures` option the attacker captures the city instead."""
    battle = state["battle"]
    city, victim = battle["city"], battle["defender_general"]
    remove_city(state, battle["defender"], city)
    discard(state, victim)
    battle["outcome"] = "killed"
    _return_attacker(state)
    events = [Event(msg("record.battle.killed", card=term(battle["attack_stratagem"]),
                        general=term(victim)), kind="battle")]
    if state["options"].get("qin_zei_captures"):
        state["pending"] = {"kind": "station", "seat": battle["attacker"], "city": city,
                            "source": "capture"}
        state["step"] = "station"
        events.append(Event(msg("record.battle.captures", who=Seat(battle["attacker"]),
                                city=term(city)), kind="battle"))
    else:
        discard(state, city)
        events.append(Event(msg("record.battle.city_discarded", city=term(city),
                                who=Seat(battle["attacker"])), kind="battle"))
    _end_attack(state)
    return events


# -- R12 forces ------------------------------------------------------------------------------
def attacker_steps(state: State, seat: int, general: str) -> list[int]:
    steps = [DATA.generals[general]["force"]]
    if has_lord(state, seat, ZHANG_JIAO):
        steps.append(clamp(steps[-1] + lord_param(ZHANG_JIAO, "attack_bonus")))
    return steps


def defender_steps(state: State, seat: int, general: str, attack_card: str | None,
                   defence_card: str | None) -> list[int]:
    """R12.3: printed, then the successful Attack stratagem, 以逸待勞, 馬騰."""
    card = DATA.generals[general]
    steps = [card["force"]]
    if attack_card and key_of(attack_card) == FU_DI:
        steps.append(clamp(steps[-1] + params(attack_card)["force"]))
    if attack_card and key_of(attack_card) == MEI_REN and not card["female"]:
        steps.append(clamp(params(attack_card)["set_force"]))
    if defence_card and key_of(defence_card) == YI_YI:
        steps.append(clamp(steps[-1] + params(defence_card)["force"]))
    if has_lord(state, seat, MA_TENG):
        steps.append(clamp(steps[-1] + lord_param(MA_TENG, "defence_bonus")))
    return steps


def _start_battle(state: State, attack_card: str | None) -> list[Event]:
    """R12-R13.3: forces, then attacker-first draws from the full deck, top three kept."""
    battle = state["battle"]
    a_steps = attacker_steps(state, battle["attacker"], battle["attacker_general"])
    d_steps = defender_steps(state, battle["defender"], battle["defender_general"],
                             attack_card, battle["defence_stratagem"])
    battle["force_steps"] = {"attacker": a_steps, "defender": d_steps}
    battle["forces"] = {"attacker": a_steps[-1], "defender": d_steps[-1]}
    shuffled = shuffle_battle_deck(state)
    battle["drawn"] = {"attacker": draw_battle_cards(state, a_steps[-1]),
                       "defender": draw_battle_cards(state, d_steps[-1])}
    used = RULES["battle_cards_used"]
    battle["top"] = {side: sorted(cards, reverse=True)[:used]
                     for side, cards in battle["drawn"].items()}
    state["pending"] = {"kind": "arrange", "seats": [battle["attacker"], battle["defender"]]}
    state["step"] = "arrange"
    fa = " → ".join(map(str, a_steps))
    fd = " → ".join(map(str, d_steps))
    events = [shuffled,
              Event(msg("record.battle.forces", attack=fa, defence=fd,
                        attacker=Seat(battle["attacker"]), attack_cards=a_steps[-1],
                        defender=Seat(battle["defender"]), defence_cards=d_steps[-1]),
                    kind="battle")]
    for side in ("attacker", "defender"):
        top = battle["top"][side]
        events.append(Event(msg("record.battle.your_cards", cards=tuple(top)),
                            seats=(battle[side],)))
    return events


# -- R13.4-R14 arrangement and outcome ----------------------------------------------------
def side_of(state: State, seat: int) -> str:
    battle = state["battle"]
    return "attacker" if seat == battle["attacker"] else "defender"


def arrange_actions(state: State, seat: int) -> list[Action]:
    top = state["battle"]["top"][side_of(state, seat)]
    return [Action("arrange", order, label=msg("record.label.arrange", front=order[0],
                                               middle=order[1], rear=order[2]))
            for order in permutations(top)]


def arrange(state: State, seat: int, order: tuple) -> list[Event]:
    battle = state["battle"]
    side = side_of(state, seat)
    top = battle["top"][side]
    if len(order) != len(top) or sorted(order, key=str) != sorted(top, key=str):
        raise IllegalAction(msg("record.refuse.arrange", cards=tuple(top)), rule=cite("R13.4"))
    battle["arranged"][side] = list(order)
    state["pending"]["seats"].remove(seat)
    events = [Event(msg("record.battle.arranged", who=Seat(seat)), kind="battle")]
    if state["pending"]["seats"]:
        return events
    return events + _fight(state)


def _fight(state: State) -> list[Event]:
    battle = state["battle"]
    lanes = []
    for i, position in enumerate(POSITIONS):
        a = battle["arranged"]["attacker"][i]
        d = battle["arranged"]["defender"][i]
        value = d + battle["walls"]
        winner = "attacker" if a > value else "defender" if value > a else None
        lanes.append({"position": position, "attacker": a, "defender": d,
                      "defender_value": value, "winner": winner})
    battle["lanes"] = lanes
    wins = sum(lane["winner"] == "attacker" for lane in lanes)
    losses = sum(lane["winner"] == "defender" for lane in lanes)
    battle["beheaded"] = ("defender" if wins == 3 else "attacker" if losses == 3 else None)
    returned = return_battle_cards(state, battle["drawn"]["attacker"] +
                                   battle["drawn"]["defender"])
    battle["drawn"] = {"attacker": [], "defender": []}
    fought = tuple(msg("record.battle.lane", position=Term(f"record.lane.{lane['position']}"),
                       attack=lane["attacker"], defence=lane["defender"],
                       walls=battle["walls"], total=lane["defender_value"]) for lane in lanes)
    events = [Event(msg("record.battle.lanes", lanes=fought, wins=wins), kind="battle"),
              returned]
    return events + (_success(state) if wins >= 2 else _failure(state))


def _success(state: State) -> list[Event]:
    """R14.1: the city changes hands; the attacker then stations a general."""
    battle = state["battle"]
    battle["outcome"] = "success"
    defender, city = battle["defender"], battle["city"]
    entry = remove_city(state, defender, city)
    general = entry["defender"]
    beheaded = battle["beheaded"] == "defender"
    if beheaded:
        discard(state, general)
    else:
        player(state, defender)["hand"].append(general)
    _return_attacker(state)
    state["pending"] = {"kind": "station", "seat": battle["attacker"], "city": city,
                        "source": "capture"}
    state["step"] = "station"
    _end_attack(state)
    told = "record.battle.success_beheaded" if beheaded else "record.battle.success"
    return [Event(msg(told, who=Seat(battle["attacker"]), city=term(city),
                      general=term(general), owner=Seat(defender)), kind="battle")]


def _failure(state: State) -> list[Event]:
    """R14.3: the attacker's general returns (or is beheaded); the defender stays face up."""
    battle = state["battle"]
    battle["outcome"] = "failure"
    beheaded = battle["beheaded"] == "attacker"
    general = battle["attacker_general"]
    _return_attacker(state, beheaded=beheaded)
    _end_attack(state)
    told = "record.battle.failure_beheaded" if beheaded else "record.battle.failure"
    return [Event(msg(told, general=term(general), who=Seat(battle["attacker"])),
                  kind="battle")]
