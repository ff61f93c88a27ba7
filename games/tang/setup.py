"""Set-up (spec T1.1): characters, camps, the majority swap, 甲, colours, capitals, claiming
and the first armies."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.actions import Action
from games.core.chance import pick, shuffle
from games.core.events import Event
from games.core.flow import Step, answers, chance, push, simultaneous, turn
from games.core.messages import Param, Seat, msg
from games.tang import choices
from games.tang.data import AN_LUSHAN
from games.tang.model import (
    COLORS,
    State,
    add_armies,
    armies,
    char_term,
    city_term,
    color_term,
    controlled,
    data_of,
    draw_jinnang,
    gain_grain,
    grain_told,
    log,
    nation_term,
    neighbors,
    next_seat,
    order_from_first,
    player,
    seats,
)


def new_state(n: int, options: dict[str, Any], seed: int, rng: int) -> State:
    data = data_of({"options": options})
    ms = data.minsheng
    return {
        "seed": seed, "rng": rng, "options": options, "first": None, "camp_rule": None,
        "round": 0, "over": None,
        "players": [{"rep": None, "dealt": [], "pile": [], "hand": [], "grain": 0,
                     "minsheng": ms["start"], "capital": None, "color": None,
                     "knowledge": [], "uses": {}, "raised": False, "captured": False,
                     "attacked": False, "extra_bought": 0,
                     "ledger": {"grain": 0, "armies": 0}} for _ in range(n)],
        "cities": {cid: {"controller": None, "last": None, "armies": {}, "generals": {}}
                   for cid in data.city_ids},
        "char_deck": list(data.character_ids), "removed": [],
        "jn_deck": data.deck(), "discard": [], "in_play": [],
        "truces": [], "act": {"pass": 0, "idx": -1}, "turn": None, "battle": None,
        "last_battle": None, "fought": None,
    }


def start_pool(state: State) -> int:
    """X = ⌈355/N⌉ (T1.1.6, T1.1.9): the only rounding up of the summary."""
    return -(-int(data_of(state).constants["start_pool"]) // seats(state))


def majority(state: State) -> int:
    """More than half: at least ⌊N/2⌋ + 1 players (T1.1.3, T5.1)."""
    return seats(state) // 2 + 1


# -- T1.1.1 deal and secret pick -----------------------------------------------------------------
def begin_setup(state: State) -> list[Event]:
    data = data_of(state)
    events = [shuffle(state, state["char_deck"], msg("tang.log.characters_shuffled"), top="last"),
              shuffle(state, state["jn_deck"], msg("tang.log.jinnang_shuffled"), top="last")]
    per = int(data.constants["characters_per_player"])
    for seat in range(seats(state)):
        dealt = [state["char_deck"].pop() for _ in range(per)]
        player(state, seat)["dealt"] = dealt
        events.append(log("tang.log.dealt_characters", None, who=Seat(seat), count=per))
        events.append(log("tang.log.your_characters", (seat,),
                          characters=tuple(char_term(c) for c in dealt)))
    push(state, simultaneous("pick", list(range(seats(state)))))
    return events


def pick_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("pick", (c,), label=msg("tang.action.pick", character=char_term(c)))
            for c in player(state, seat)["dealt"] if c != AN_LUSHAN]


def nationality(state: State, seat: int) -> str:
    return str(data_of(state).characters[player(state, seat)["rep"]]["nationality"])


def over_majority(state: State) -> list[str]:
    counts = Counter(nationality(state, s) for s in range(seats(state)))
    return sorted(nat for nat, k in counts.items() if k >= majority(state))


def pick_done(state: State, step: Step) -> list[Event]:
    for seat, action in answers(step).items():
        p = player(state, seat)
        chosen = action.word()
        p["rep"] = chosen
        p["pile"] = [c for c in p["dealt"] if c != chosen]
        p["dealt"] = []
    events = [log("tang.log.representatives", None, chosen=tuple(
        msg("tang.log.representative", who=Seat(s), character=char_term(player(state, s)["rep"]),
            nation=nation_term(nationality(state, s))) for s in range(seats(state))))]
    over = over_majority(state)
    if over:
        eligible = [s for s in range(seats(state)) if nationality(state, s) in over]
        push(state, simultaneous("swap", eligible))
        events.append(log("tang.log.majority", None, nations=tuple(nation_term(n) for n in over),
                          players=tuple(Seat(s) for s in eligible), least=majority(state)))
        return events
    return events + _camps_settled(state)


def swap_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("keep", label=msg("tang.action.keep"))] + [
        Action("swap", (c,), label=msg("tang.action.swap", character=char_term(c)))
        for c in sorted(player(state, seat)["pile"]) if c != AN_LUSHAN]


def swap_done(state: State, step: Step) -> list[Event]:
    events: list[Event] = []
    for seat, action in sorted(answers(step).items()):
        p = player(state, seat)
        if action.kind == "swap":
            new = action.word()
            p["pile"].remove(new)
            p["pile"].append(p["rep"])
            p["rep"] = new
            events.append(log("tang.log.swapped", None, who=Seat(seat), character=char_term(new),
                              nation=nation_term(nationality(state, seat))))
        else:
            events.append(log("tang.log.kept", None, who=Seat(seat)))
    return events + _camps_settled(state)


def _camps_settled(state: State) -> list[Event]:
    """T1.1.2, T1.1.4: camps hold unless a nationality is still over the majority."""
    state["camp_rule"] = not over_majority(state)
    events = [log("tang.log.camps_on" if state["camp_rule"] else "tang.log.camps_off", None)]
    push(state, chance("first"))
    return events


# -- T1.1.5 甲, T1.1.6 colours, T1.1.7 capitals ----------------------------------------------------
def first_drawn(state: State, step: Step) -> list[Event]:
    n = seats(state)
    if state["options"].get("first_player", "random") == "host":
        state["first"] = 0
        events = [log("tang.log.first_host", None, who=Seat(0))]
    else:
        drawn = pick(state, list(range(n)), msg("tang.log.first_drawn"), show=Seat)
        state["first"] = drawn.item
        events = list(drawn.events)
    order = order_from_first(state)
    push(state, *[turn("color", s) for s in order], *[turn("capital", s) for s in order],
         chance("claim_next", seat=state["first"]))
    return events


def color_legal(state: State, step: Step, seat: int) -> list[Action]:
    used = {p["color"] for p in state["players"]}
    return [Action("color", (c,), label=msg("tang.action.color", color=color_term(c)))
            for c in COLORS if c not in used]


def color_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = data_of(state)
    p = player(state, seat)
    p["color"] = action.word()
    p["minsheng"] = data.minsheng["start"]
    grain = start_pool(state)
    gain_grain(state, seat, grain)
    shown: dict[str, Param] = {"who": Seat(seat), "color": color_term(p["color"]),
                               "minsheng": p["minsheng"]}
    events = grain_told(state, [seat], msg("tang.log.color", **shown, grain=grain),
                        msg("tang.log.color_hidden", **shown))
    return events + draw_jinnang(state, seat, int(data.constants["jinnang_per_player"]))


def capital_legal(state: State, step: Step, seat: int) -> list[Action]:
    taken = {p["capital"] for p in state["players"]} - {None}
    apart = state["options"].get("capitals_not_adjacent", False)
    return [Action("capital", (c,), label=msg("tang.action.capital", city=city_term(c)))
            for c in data_of(state).city_ids
            if c not in taken and not (apart and taken & set(neighbors(state, c)))]


def capital_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    cid = answers(step)[seat].word()
    player(state, seat)["capital"] = cid
    state["cities"][cid].update(controller=seat, last=seat)
    return [log("tang.log.capital", None, who=Seat(seat), city=city_term(cid))]


# -- T1.1.8 claiming ------------------------------------------------------------------------------
def empty_cities(state: State) -> list[str]:
    return [cid for cid, c in state["cities"].items() if c["controller"] is None]


def claimable(state: State, seat: int) -> list[str]:
    mine = set(controlled(state, seat))
    return [cid for cid in empty_cities(state) if mine & set(neighbors(state, cid))]


def claim_next(state: State, step: Step) -> list[Event]:
    seat = step["data"]["seat"]
    if seat == state["first"] and not empty_cities(state):
        push(state, *[turn("armies", s, left=start_pool(state), city=None)
                      for s in order_from_first(state)])
        return [log("tang.log.claims_over", None, armies=start_pool(state))]
    if not claimable(state, seat):
        grain = int(data_of(state).constants["claim_fail_grain"])
        gain_grain(state, seat, grain)
        push(state, chance("claim_next", seat=next_seat(state, seat)))
        return grain_told(state, [seat], msg("tang.log.claim_fail", who=Seat(seat), grain=grain),
                          msg("tang.log.claim_fail_hidden", who=Seat(seat)))
    push(state, turn("claim", seat))
    return []


def claim_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("claim", (c,), label=msg("tang.action.claim", city=city_term(c)))
            for c in claimable(state, seat)]


def claim_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    cid = answers(step)[seat].word()
    state["cities"][cid].update(controller=seat, last=seat)
    push(state, chance("claim_next", seat=next_seat(state, seat)))
    return [log("tang.log.claim", None, who=Seat(seat), city=city_term(cid))]


# -- T1.1.9 the first armies ----------------------------------------------------------------------
def _empty_own(state: State, seat: int) -> list[str]:
    return [c for c in controlled(state, seat) if armies(state, c, seat) == 0]


def setup_most(state: State, seat: int, left: int, cid: str,
               empty: list[str] | None = None) -> int:
    """The most armies `cid` may take now and leave ≥1 for every other empty city (T1.1.9);
    `empty`, the seat's empty cities when the caller weighs every city at once."""
    if not state["options"].get("setup_min_one_army", True):
        return left
    empty = _empty_own(state, seat) if empty is None else empty
    return left - len([c for c in empty if c != cid])


def armies_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = step["data"]
    if data["city"] is None:
        empty = _empty_own(state, seat)
        return [Action("place", (c,), label=msg("tang.action.place_at", city=city_term(c)))
                for c in controlled(state, seat)
                if setup_most(state, seat, data["left"], c, empty) >= 1]
    most = setup_most(state, seat, data["left"], data["city"])
    return [Action("back", label=msg("tang.action.back"))] + [
        choices.count(n) for n in range(1, most + 1)]


def armies_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    action = answers(step)[seat]
    data = dict(step["data"])
    events: list[Event] = []
    if action.kind == "place":
        data["city"] = action.word()
    elif action.kind == "back":
        data["city"] = None
    else:
        n = action.number()
        add_armies(state, data["city"], seat, n)
        events.append(log("tang.log.placed", None, who=Seat(seat), count=n,
                          city=city_term(data["city"])))
        data["left"] -= n
        data["city"] = None
    if data["left"] > 0:
        push(state, turn("armies", seat, **data))
    return events


def armies_refusal(state: State, step: Step, seat: int, action: Action) -> Any:
    """Why a typed count is not offered (TX3)."""
    data = step["data"]
    if action.kind == "count" and data["city"] is not None and action.args \
            and isinstance(action.args[0], int):
        empty = len([c for c in _empty_own(state, seat) if c != data["city"]])
        if action.number() > setup_most(state, seat, data["left"], data["city"]):
            return msg("tang.refuse.setup_armies", left=data["left"] - action.number(),
                       empty=empty)
    return None
