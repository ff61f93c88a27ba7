"""R7, the conflict phase: the secret general picks (R3.L, R7.1), the alliance choice (R7.2)
and the bidding turns (R7.4-R7.7, R7.10), one decision per action.

A placement is built step by step in `state["draft"]`: `place <general>` (or `pass`), then
`on <action>`, then units or gold, support and the Han Emperor token. A stage with only one
possible answer answers itself, so a player is never asked what the rules already decide."""

from __future__ import annotations

from itertools import combinations

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.chance import shuffle
from games.core.messages import Msg, Term, msg
from games.redux import bids
from games.redux.citations import cite
from games.redux.memo import built
from games.redux.rules import (
    ACTIONS,
    ALLIANCE_ELIGIBLE,
    BATTLE_OF_BORDER,
    BORDERS,
    GENERAL_ACTIONS,
    RECRUIT_EXTRA_DRAW,
    RECRUIT_ROUNDS,
    TRIBAL_OF_NATION,
    UNIT_WEAPON,
)
from games.redux.say import amount, choices_hint, typed_match, units
from games.redux.state import (
    State,
    action_term,
    available,
    general,
    general_term,
    nation_of,
    nation_term,
    pack,
    player,
    status,
    units_possible,
    who,
    who_nation,
)

VERBS = {
    "pick": ("recruit",),
    "alliance": ("alliance",),
    "bid": ("place", "pass", "on", "units", "gold", "support", "emperor", "cancel"),
}
DRAFT_VERBS = {"on": ("on",), "units": ("units", "gold"), "support": ("support",),
               "emperor": ("emperor",)}
PASS = Action("pass", (), label=msg("redux.label.pass"))
CANCEL = Action("cancel", (), label=msg("redux.label.cancel"))


# -- round start (R7.1, R7.2) ---------------------------------------------------------------
def start_round(state: State, events: list[Event]) -> None:
    """A new round's conflict phase: recruitment in rounds 3, 5, 9, then the alliance."""
    _reset_round(state)
    events.append(Event(msg("redux.log.round_begins", round=state["round"],
                            order=[who_nation(state, s) for s in state["bid_order"]]),
                        kind="phase"))
    if state["round"] in RECRUIT_ROUNDS:
        _draw_recruits(state, events)
    if any(p["picking"] for p in state["players"]):
        state["step"] = "pick"
        return
    _reveal(state, events)
    _start_alliance(state, events)


def _reset_round(state: State) -> None:
    state.update(bids=[], seq=0, turn=None, draft=None, winners={}, successes=[0, 0, 0],
                 manipulate_winner=None, action_order=[], actor=None, todo={}, doing=None)
    state["alliance"] = {"action": None, "previous": state["alliance"]["action"]}
    for p in state["players"]:
        p.update(passed=False, emperor_used=False, tribal_done=False, performed=[],
                 reward_taken=False, benefits=None, placed=[])


def _draw_recruits(state: State, events: list[Event]) -> None:
    """R7.1.2: shuffle, draw chosen + 2 (A40: all that is left), choose in secret."""
    counts = pack(state).recruit[state["round"]]
    for p in state["players"]:
        wanted = counts[p["nation"]]
        events.append(shuffle(state, p["general_deck"], msg(
            "redux.log.generals_shuffled", who=who(state, p["seat"]),
            nation=nation_term(p["nation"])), top="last"))
        drawn = min(wanted + RECRUIT_EXTRA_DRAW, len(p["general_deck"]))
        p["drawn"] = [p["general_deck"].pop() for _ in range(drawn)]
        p["picking"] = min(wanted, drawn)
        if p["picking"]:
            events.append(Event(msg("redux.log.recruit_draw", who=who(state, p["seat"]),
                                    drawn=drawn, count=p["picking"])))
            events.append(Event(msg("redux.log.you_drew", generals=generals(state, p["drawn"]),
                                    count=p["picking"]), seats=(p["seat"],)))
        if p["picking"] == len(p["drawn"]):
            _keep_all_drawn(state, p, events)


def _keep_all_drawn(state: State, p: dict, events: list[Event]) -> None:
    """A40: when every card drawn must be kept, there is nothing to choose."""
    p["hidden"], p["drawn"], p["picking"] = sorted(p["drawn"]), [], 0
    if p["hidden"]:
        events.append(Event(msg("redux.log.keep_all", generals=generals(state, p["hidden"])),
                            seats=(p["seat"],)))


def generals(state: State, ids: list[str]) -> tuple:
    """Several generals' names, shown as a list in the reader's language."""
    return tuple(general_term(state, g) for g in ids)


# -- the secret pick (R3.L, R7.1.3-R7.1.4, A26) -----------------------------------------------
def pick_actions(state: State, seat: int) -> list[Action]:
    p = player(state, seat)
    return [Action("recruit", tuple(sorted(chosen)),
                   label=msg("redux.label.recruit", generals=generals(state, sorted(chosen))))
            for chosen in combinations(p["drawn"], p["picking"])]


def recruit(state: State, seat: int, args: tuple) -> list[Event]:
    p = player(state, seat)
    chosen = [str(a) for a in args]
    drawn = generals(state, p["drawn"])
    strangers = [g for g in chosen if g not in p["drawn"]]
    meant = [typed_match([g], _names(state, p["drawn"])) for g in chosen]
    if strangers and all(meant) and len(set(meant)) == len(meant) == p["picking"]:
        raise IllegalAction(did_you_mean("recruit", *(str(m) for m in meant)), rule=cite("R7.1.2"))
    if len(chosen) != p["picking"] or len(set(chosen)) != len(chosen):
        raise IllegalAction(msg("redux.refuse.recruit_count", count=p["picking"], drawn=drawn),
                            rule=cite("R7.1.2"))
    if strangers:
        raise IllegalAction(msg("redux.refuse.not_drawn", typed=strangers[0], drawn=drawn,
                                count=p["picking"]), rule=cite("R7.1.2"))
    p["hidden"] = sorted(chosen)
    p["general_deck"].extend(g for g in p["drawn"] if g not in chosen)
    p["drawn"], p["picking"] = [], 0
    events = [Event(msg("redux.log.you_recruit", generals=generals(state, p["hidden"])),
                    seats=(seat,)),
              Event(msg("redux.log.has_chosen", who=who(state, seat)))]
    if not any(q["picking"] for q in state["players"]):
        _reveal(state, events)
        _start_alliance(state, events)
    return events


def _reveal(state: State, events: list[Event]) -> None:
    """R7.1.4: every seat's new generals are revealed at once; they bid this round (R7.1.5)."""
    for p in state["players"]:
        if not p["hidden"]:
            continue
        for g in p["hidden"]:
            p["recruited_round"][g] = state["round"]
        p["generals"].extend(p["hidden"])
        events.append(Event(msg("redux.log.recruits", who=who(state, p["seat"]),
                                generals=generals(state, p["hidden"]))))
        p["hidden"] = []


# -- the alliance action (R7.2, A37) ----------------------------------------------------------
def chooser(state: State) -> int:
    """R7.2.3: the player in position 3 chooses."""
    return state["bid_order"][2]


def alliance_choices(state: State) -> list[str]:
    """R7.2.4-R7.2.5: the 10 eligible actions minus last round's alliance action."""
    return [a for a in ALLIANCE_ELIGIBLE if a != state["alliance"]["previous"]]


def _start_alliance(state: State, events: list[Event]) -> None:
    state["step"] = "alliance"
    allies = state["bid_order"][1:]
    events.append(Event(msg("redux.log.allied", first=who(state, allies[0]),
                            second=who(state, allies[1]), chooser=who(state, chooser(state)))))


def alliance_actions(state: State, seat: int) -> list[Action]:
    return [Action("alliance", (a,), label=msg("redux.label.alliance", action=action_term(a)))
            for a in alliance_choices(state)]


def choose_alliance(state: State, seat: int, args: tuple) -> list[Event]:
    if args and str(args[0]) not in ACTIONS and (meant := typed_match(args, ACTION_NAMES)):
        raise IllegalAction(did_you_mean("alliance", meant), rule=cite("R7.2.4"))
    action = str(_one_arg(args, "alliance <action>", rule=cite("R7.2.3")))
    if action == state["alliance"]["previous"]:
        raise IllegalAction(msg("redux.refuse.alliance_again", action=action_term(action)),
                            rule=cite("R7.2.5"))
    if action not in alliance_choices(state):
        raise IllegalAction(msg("redux.refuse.alliance_choices", hint=choices_hint(
            alliance_actions(state, seat))), rule=cite("R7.2.4"))
    state["alliance"]["action"] = action
    events = [Event(msg("redux.log.alliance_chosen", who=who(state, seat),
                        action=action_term(action)))]
    _start_bidding(state, events)
    return events


# -- bidding turns (R7.7) ---------------------------------------------------------------------
def _start_bidding(state: State, events: list[Event]) -> None:
    state["step"] = "bid"
    _next_turn(state, events, 0)


def _next_turn(state: State, events: list[Event], position: int) -> None:
    """R7.7.1, R7.7.4-R7.7.6, A46: the next seat in bid order that has not passed and still
    has a general to place; a seat without one is skipped for the rest of the round."""
    order = state["bid_order"]
    for step in range(len(order)):
        seat = order[(position + step) % len(order)]
        p = player(state, seat)
        if p["passed"]:
            continue
        if not available(state, seat):
            p["passed"] = True
            events.append(Event(msg("redux.log.no_general_left", who=who(state, seat))))
            continue
        state["turn"] = seat
        return
    state["turn"] = None
    state["step"] = "bidding_done"
    events.append(Event(msg("redux.log.bidding_over"), kind="phase"))


def _after_turn(state: State, events: list[Event], seat: int) -> None:
    _next_turn(state, events, state["bid_order"].index(seat) + 1)


def bid_actions(state: State, seat: int) -> list[Action]:
    draft = state["draft"]
    if draft is None:
        free = tuple(available(state, seat))
        return built(state, ("place", free), lambda: [
            *(Action("place", (g,), label=msg("redux.label.place",
                                               general=general_term(state, g))) for g in free),
            PASS])
    return STAGE_ACTIONS[draft["stage"]](state, seat) + [CANCEL]


def bid(state: State, seat: int, action: Action) -> list[Event]:
    """One bidding decision: validate against the stage, then record it."""
    draft = state["draft"]
    if draft is None:
        if action.kind == "place":
            return _place(state, seat, action.args)
        if action.kind == "pass":
            return _pass(state, seat)
        raise IllegalAction(msg("redux.refuse.place_first",
                                hint=choices_hint(bid_actions(state, seat))), rule=cite("R7.7.2"))
    if action.kind == "cancel":
        state["draft"] = None
        return [Event(msg("redux.log.cancelled"), seats=(seat,))]
    expected = DRAFT_VERBS[draft["stage"]]
    if action.kind not in expected:
        raise IllegalAction(msg("redux.refuse.finish_placing",
                                general=general_term(state, draft["general"]),
                                hint=choices_hint(bid_actions(state, seat))), rule=cite("R7.7.2"))
    VERB_HANDLERS[action.kind](state, seat, action.args)
    return _continue_draft(state, seat)


def _pass(state: State, seat: int) -> list[Event]:
    """R7.7.5: passing is final for this round."""
    player(state, seat)["passed"] = True
    events = [Event(msg("redux.log.passes", who=who(state, seat)))]
    _after_turn(state, events, seat)
    return events


def _place(state: State, seat: int, args: tuple) -> list[Event]:
    p = player(state, seat)
    gid = str(args[0]) if len(args) == 1 else ""
    if gid not in p["generals"]:
        meant = typed_match(args, _names(state, p["generals"]))
        if meant:
            raise IllegalAction(did_you_mean("place", meant), rule=cite("R7.7.2"))
        _one_arg(args, "place <general>", rule=cite("R7.7.2"))
        raise IllegalAction(msg("redux.refuse.not_your_general", typed=gid,
                                hint=choices_hint(bid_actions(state, seat))), rule=cite("R7.7.8"))
    name = general_term(state, gid)
    now = status(state, seat, gid)
    if now == "occupying":
        raise IllegalAction(msg("redux.refuse.occupying", general=name), rule=cite("R8.4.13.7"))
    if now == "placed":
        raise IllegalAction(msg("redux.refuse.already_placed", general=name), rule=cite("R7.7.8"))
    if now == "flipped":
        raise IllegalAction(msg("redux.refuse.flipped", general=name), rule=cite("R7.7.8"))
    state["draft"] = {"seat": seat, "general": gid, "action": None, "units": None, "gold": 0,
                      "support": None, "emperor": None, "stage": "on"}
    return [Event(msg("redux.log.placing", general=name), seats=(seat,))]


# -- placement stages ---------------------------------------------------------------------------
def actions_open_to(state: State, seat: int) -> list[str]:
    """R7.4.5 with its exceptions: the 12 general actions, the battles of the seat's own
    borders (R7.5.6), its own tribal action once per round (R7.6.2)."""
    nation = nation_of(state, seat)
    battles = [BATTLE_OF_BORDER[b] for b, pair in BORDERS.items() if nation in pair]
    tribal = TRIBAL_OF_NATION[nation]
    own_tribal = [] if any(b["seat"] == seat and b["action"] == tribal for b in state["bids"]) \
        else [tribal]
    return [a for a in ACTIONS if a in GENERAL_ACTIONS or a in battles or a in own_tribal]


def _on_actions(state: State, seat: int) -> list[Action]:
    gid, open_to = state["draft"]["general"], tuple(actions_open_to(state, seat))
    return built(state, ("on", gid, open_to), lambda: [
        Action("on", (a,), label=msg("redux.label.on", general=general_term(state, gid),
                                     action=action_term(a))) for a in open_to])


def _on(state: State, seat: int, args: tuple) -> None:
    if args and str(args[0]) not in ACTIONS and (meant := typed_match(args, ACTION_NAMES)):
        raise IllegalAction(did_you_mean("on", meant), rule=cite("R7.7.2"))
    action = _one_arg(args, "on <action>", rule=cite("R7.7.2"))
    if action not in ACTIONS:
        raise IllegalAction(msg("redux.refuse.no_such_action", typed=str(action),
                                hint=choices_hint(_on_actions(state, seat))), rule=cite("R7.3.1"))
    if action not in actions_open_to(state, seat):
        raise IllegalAction(_closed_reason(state, seat, action),
                            rule=cite("R7.5.6" if ACTIONS[action][2] == "battle" else "R7.6.2"))
    state["draft"]["action"] = action
    state["draft"]["stage"] = "units"


def _closed_reason(state: State, seat: int, action: str) -> Msg:
    nation = nation_term(nation_of(state, seat))
    kind = ACTIONS[action][2]
    if kind == "battle":
        pair = BORDERS[action.removeprefix("battle_")]
        return msg("redux.refuse.not_your_border", nation=nation, action=action_term(action),
                   first=nation_term(pair[0]), second=nation_term(pair[1]))
    if action != TRIBAL_OF_NATION[nation_of(state, seat)]:
        return msg("redux.refuse.not_your_tribe", nation=nation,
                   action=action_term(TRIBAL_OF_NATION[nation_of(state, seat)]))
    return msg("redux.refuse.tribal_once")


def _unit_actions(state: State, seat: int) -> list[Action]:
    """Units only on battle and tribal actions (A34); gold only on the tribal action (R7.6.4);
    at most Leadership of either, units of one type (R7.5.2-R7.5.4, R7.6.5)."""
    draft = state["draft"]
    kind = ACTIONS[draft["action"]][2]
    if kind not in ("battle", "tribal"):
        return []
    leads = general(state, draft["general"])["leadership"]
    options = [Action("units", (unit, n), label=msg("redux.label.with", what=units(unit, n)))
               for unit in UNIT_WEAPON
               for n in range(1, min(leads, units_possible(state, seat, unit)) + 1)]
    if kind == "tribal":
        options += [Action("gold", (n,), label=msg("redux.label.with", what=amount("gold", n)))
                    for n in range(1, min(leads, player(state, seat)["gold"]) + 1)]
    return options + [Action("units", ("none",), label=msg(
        "redux.label.no_units_gold" if kind == "tribal" else "redux.label.no_units"))]


def _units(state: State, seat: int, args: tuple) -> None:
    draft = state["draft"]
    if args == ("none",):
        draft["stage"] = "support"
        return
    if len(args) != 2:
        raise IllegalAction(msg("redux.refuse.units_form",
                                hint=choices_hint(_unit_actions(state, seat))), rule=cite("R7.5.4"))
    if not isinstance(args[1], int):
        raise MalformedAction(msg("redux.refuse.form", form="units <type> <n>"),
                              rule=cite("R7.7.2"))
    unit, count = args
    if unit not in UNIT_WEAPON:
        raise IllegalAction(msg("redux.refuse.unit_type", typed=str(unit), types=tuple(
            Term(f"redux.unit.{u}") for u in UNIT_WEAPON)), rule=cite("R5.5"))
    _check_attachment(state, seat, count, "unit")
    if count > units_possible(state, seat, unit):
        raise IllegalAction(msg("redux.refuse.units_possible", units=units(
            unit, units_possible(state, seat, unit)), weapon=Term(
            f"redux.weapon.{UNIT_WEAPON[unit]}")), rule=cite("R5.5"))
    draft["units"] = {"type": unit, "count": count}
    draft["stage"] = "support"


def _gold(state: State, seat: int, args: tuple) -> None:
    draft = state["draft"]
    count = _one_arg(args, "gold <n>", rule=cite("R7.6.4"))
    if ACTIONS[draft["action"]][2] != "tribal":
        raise IllegalAction(msg("redux.refuse.gold_tribal"), rule=cite("R7.6.4"))
    if not isinstance(count, int):
        raise MalformedAction(msg("redux.refuse.form", form="gold <n>"), rule=cite("R7.6.4"))
    _check_attachment(state, seat, count, "gold")
    if count > player(state, seat)["gold"]:
        raise IllegalAction(msg("redux.refuse.hold_only",
                                what=amount("gold", player(state, seat)["gold"])),
                            rule=cite("R7.6.4"))
    draft["gold"] = count
    draft["stage"] = "support"


def _check_attachment(state: State, seat: int, count: int, what: str) -> None:
    """Units and gold come only at the units stage, which battle and tribal actions have."""
    draft = state["draft"]
    if count < 1:
        raise IllegalAction(msg("redux.refuse.attach_least",
                                hint=choices_hint(_unit_actions(state, seat))), rule=cite("R7.7.2"))
    leads = general(state, draft["general"])["leadership"]
    if count > leads:
        raise IllegalAction(msg(f"redux.refuse.leadership_{what}", count=leads,
                                general=general_term(state, draft["general"])),
                            rule=cite("R7.5.2" if what == "unit" else "R7.6.5"))


def _support_actions(state: State, seat: int) -> list[Action]:
    """Support tokens (R7.10.3) count only where bids compete, so not on the tribal action."""
    held = player(state, seat)["support"]
    if not held or ACTIONS[state["draft"]["action"]][2] == "tribal":
        return []
    return [Action("support", (n,), label=msg("redux.label.support", count=n))
            for n in range(held + 1)]


def _support(state: State, seat: int, args: tuple) -> None:
    count = _one_arg(args, "support <n>", rule=cite("R7.10.3"))
    held = player(state, seat)["support"]
    if not isinstance(count, int) or count < 0:
        raise MalformedAction(msg("redux.refuse.form", form="support <n>"), rule=cite("R7.10.3"))
    if count > held:
        raise IllegalAction(msg("redux.refuse.hold_only", what=amount("support", held)),
                            rule=cite("R7.10.3"))
    state["draft"]["support"] = count
    state["draft"]["stage"] = "emperor"


def _emperor_actions(state: State, seat: int) -> list[Action]:
    """R7.10.2: the holder may add the token to one general per round."""
    p = player(state, seat)
    if state["emperor_holder"] != seat or p["emperor_used"] or \
            ACTIONS[state["draft"]["action"]][2] == "tribal":
        return []
    return [Action("emperor", ("yes",), label=msg("redux.label.emperor_yes")),
            Action("emperor", ("no",), label=msg("redux.label.emperor_no"))]


def _emperor(state: State, seat: int, args: tuple) -> None:
    answer = _one_arg(args, "emperor yes|no", rule=cite("R7.10.2"))
    if answer not in ("yes", "no"):
        raise MalformedAction(msg("redux.refuse.form", form="emperor yes|no"), rule=cite("R7.10.2"))
    state["draft"]["emperor"] = answer == "yes"
    state["draft"]["stage"] = "done"


def _continue_draft(state: State, seat: int) -> list[Event]:
    """Skip every following stage with a single possible answer; place when none is left."""
    draft = state["draft"]
    while draft["stage"] != "done":
        if len(STAGE_ACTIONS[draft["stage"]](state, seat)) > 1:
            return []
        draft["stage"] = NEXT_STAGE[draft["stage"]]
    return _commit(state, seat)


def _commit(state: State, seat: int) -> list[Event]:
    """Make the placement: attachments leave the player's supply onto the action."""
    draft, p = state["draft"], player(state, seat)
    units, support = draft["units"], draft["support"] or 0
    if units:
        p["armies"]["trained"] -= units["count"]
        p["weapons"][UNIT_WEAPON[units["type"]]] -= units["count"]
    p["gold"] -= draft["gold"]
    p["support"] -= support
    if draft["emperor"]:
        p["emperor_used"] = True
    placement = {"seq": state["seq"], "seat": seat, "general": draft["general"],
                 "action": draft["action"], "units": units, "gold": draft["gold"],
                 "support": support, "emperor": bool(draft["emperor"]),
                 "bonus": bids.placement_bonus(state, seat, draft["general"], draft["action"])}
    state["bids"].append(placement)
    p["placed"].append(draft["general"])  # R7.7.7 benefits still know after R8.1 returns
    state["seq"] += 1
    state["draft"] = None
    attached = _attachments(placement)
    named = {"who": who(state, seat), "general": general_term(state, placement["general"]),
             "action": action_term(placement["action"])}
    events = [Event(msg("redux.log.places_with", **named, attached=attached) if attached
                    else msg("redux.log.places", **named))]
    _after_turn(state, events, seat)
    return events


def _attachments(placement: dict) -> tuple[Msg, ...]:
    parts = []
    if placement["units"]:
        parts.append(units(placement["units"]["type"], placement["units"]["count"]))
    if placement["gold"]:
        parts.append(amount("gold", placement["gold"]))
    if placement["support"]:
        parts.append(amount("support", placement["support"]))
    if placement["emperor"]:
        parts.append(msg("redux.log.the_emperor_token"))
    if placement["bonus"]:
        parts.append(msg("redux.log.ability_bonus", bonus=placement["bonus"]))
    return tuple(parts)


def _one_arg(args: tuple, form: str, rule: Term) -> str | int:
    """The one argument of a move, or its form (and `rule`, the rule that asks for it)."""
    if len(args) != 1:
        raise MalformedAction(msg("redux.refuse.form", form=form), rule=rule)
    return args[0]


def did_you_mean(verb: str, *args: str) -> Msg:
    """A refusal that shows the form to type for what the player named."""
    return msg("redux.refuse.did_you_mean", form=" ".join((verb, *args)))


def _names(state: State, ids: list[str]) -> dict[str, list[str]]:
    """The generals among `ids` with their names in the pack's languages, for typed_match."""
    return {g: list(general(state, g)["name"].values()) for g in ids}


ACTION_NAMES = {a: [names[0], names[1]] for a, names in ACTIONS.items()}


STAGE_ACTIONS = {"on": _on_actions, "units": _unit_actions, "support": _support_actions,
                 "emperor": _emperor_actions}
VERB_HANDLERS = {"on": _on, "units": _units, "gold": _gold, "support": _support,
                 "emperor": _emperor}
NEXT_STAGE = {"on": "units", "units": "support", "support": "emperor", "emperor": "done"}
