"""R7, the conflict phase: the secret general picks (R3.L, R7.1), the alliance choice (R7.2)
and the bidding turns (R7.4-R7.7, R7.10), one decision per action.

A placement is built step by step in `state["draft"]`: `place <general>` (or `pass`), then
`on <action>`, then units or gold, support and the Han Emperor token. A stage with only one
possible answer answers itself, so a player is never asked what the rules already decide."""

from __future__ import annotations

from itertools import combinations

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.chance import shuffle
from games.redux import bids
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
from games.redux.state import (
    State,
    action_name,
    available,
    general,
    general_name,
    nation_of,
    pack,
    player,
    status,
    units_possible,
    who,
)

VERBS = {
    "pick": ("recruit",),
    "alliance": ("alliance",),
    "bid": ("place", "pass", "on", "units", "gold", "support", "emperor", "cancel"),
}
DRAFT_VERBS = {"on": ("on",), "units": ("units", "gold"), "support": ("support",),
               "emperor": ("emperor",)}


# -- round start (R7.1, R7.2) ---------------------------------------------------------------
def start_round(state: State, events: list[Event]) -> None:
    """A new round's conflict phase: recruitment in rounds 3, 5, 9, then the alliance."""
    _reset_round(state)
    events.append(Event(f"Round {state['round']} begins. Bid order: "
                        + ", ".join(who(state, s) for s in state["bid_order"]) + ".",
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
        events.append(shuffle(state, p["general_deck"], f"{who(state, p['seat'])} shuffles "
                              "the general deck.", top="last"))
        drawn = min(wanted + RECRUIT_EXTRA_DRAW, len(p["general_deck"]))
        p["drawn"] = [p["general_deck"].pop() for _ in range(drawn)]
        p["picking"] = min(wanted, drawn)
        if p["picking"]:
            events.append(Event(f"{who(state, p['seat'])} draws {drawn} general cards and "
                                f"recruits {p['picking']} of them in secret."))
            names = ", ".join(general_name(state, g) for g in p["drawn"])
            events.append(Event(f"You drew {names}.", seats=(p["seat"],)))
        if p["picking"] == len(p["drawn"]):
            _keep_all_drawn(state, p, events)


def _keep_all_drawn(state: State, p: dict, events: list[Event]) -> None:
    """A40: when every card drawn must be kept, there is nothing to choose."""
    p["hidden"], p["drawn"], p["picking"] = sorted(p["drawn"]), [], 0
    if p["hidden"]:
        events.append(Event("You keep them all: there are no more to choose from.",
                            seats=(p["seat"],)))


# -- the secret pick (R3.L, R7.1.3-R7.1.4, A26) -----------------------------------------------
def pick_actions(state: State, seat: int) -> list[Action]:
    p = player(state, seat)
    return [Action("recruit", tuple(sorted(chosen)),
                   label="Recruit " + ", ".join(general_name(state, g) for g in sorted(chosen)))
            for chosen in combinations(p["drawn"], p["picking"])]


def recruit(state: State, seat: int, args: tuple) -> list[Event]:
    p = player(state, seat)
    chosen = [str(a) for a in args]
    if len(chosen) != p["picking"] or len(set(chosen)) != len(chosen):
        raise IllegalAction(f"Recruit exactly {p['picking']} different generals of the ones "
                            f"you drew: `recruit <id> ...`.")
    strangers = [g for g in chosen if g not in p["drawn"]]
    if strangers:
        raise IllegalAction(f"`{strangers[0]}` is not among the generals you drew: "
                            + ", ".join(p["drawn"]) + ".")
    p["hidden"] = sorted(chosen)
    p["general_deck"].extend(g for g in p["drawn"] if g not in chosen)
    p["drawn"], p["picking"] = [], 0
    names = ", ".join(general_name(state, g) for g in p["hidden"])
    events = [Event(f"You recruit {names}; they are revealed when everyone has chosen.",
                    seats=(seat,)),
              Event(f"{who(state, seat)} has chosen their generals.")]
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
        names = ", ".join(general_name(state, g) for g in p["hidden"])
        events.append(Event(f"{who(state, p['seat'])} recruits {names}."))
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
    events.append(Event(f"{who(state, allies[0])} and {who(state, allies[1])} are allied this "
                        f"round; {who(state, chooser(state))} chooses the alliance action."))


def alliance_actions(state: State, seat: int) -> list[Action]:
    return [Action("alliance", (a,), label=f"Alliance on {action_name(a)}")
            for a in alliance_choices(state)]


def choose_alliance(state: State, seat: int, args: tuple) -> list[Event]:
    action = str(_one_arg(args, "alliance <action>"))
    if action == state["alliance"]["previous"]:
        raise IllegalAction(f"{action_name(action)} was last round's alliance action and "
                            "cannot be chosen again (R7.2.5).")
    if action not in alliance_choices(state):
        raise IllegalAction("The alliance action must be one of: "
                            + ", ".join(alliance_choices(state)) + " (R7.2.4).")
    state["alliance"]["action"] = action
    events = [Event(f"{who(state, seat)} makes {action_name(action)} the alliance action.")]
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
            events.append(Event(f"{who(state, seat)} has no general left to place."))
            continue
        state["turn"] = seat
        return
    state["turn"] = None
    state["step"] = "bidding_done"
    events.append(Event("Bidding is over.", kind="phase"))


def _after_turn(state: State, events: list[Event], seat: int) -> None:
    _next_turn(state, events, state["bid_order"].index(seat) + 1)


def bid_actions(state: State, seat: int) -> list[Action]:
    draft = state["draft"]
    if draft is None:
        return ([Action("place", (g,), label=f"Place {general_name(state, g)}")
                 for g in available(state, seat)] + [Action("pass", (), label="Pass")])
    return STAGE_ACTIONS[draft["stage"]](state, seat) + [
        Action("cancel", (), label="Cancel this placement")]


def bid(state: State, seat: int, action: Action) -> list[Event]:
    """One bidding decision: validate against the stage, then record it."""
    draft = state["draft"]
    if draft is None:
        if action.kind == "place":
            return _place(state, seat, str(_one_arg(action.args, "place <general>")))
        if action.kind == "pass":
            return _pass(state, seat)
        raise IllegalAction("First choose a general with `place <general>`, or `pass`.")
    if action.kind == "cancel":
        state["draft"] = None
        return [Event("Placement cancelled; choose again.", seats=(seat,))]
    expected = DRAFT_VERBS[draft["stage"]]
    if action.kind not in expected:
        forms = ", ".join(f"`{a.text}`" for a in bid_actions(state, seat)[:6])
        raise IllegalAction(f"Finish placing {general_name(state, draft['general'])} first: "
                            f"{forms} or `cancel`.")
    VERB_HANDLERS[action.kind](state, seat, action.args)
    return _continue_draft(state, seat)


def _pass(state: State, seat: int) -> list[Event]:
    """R7.7.5: passing is final for this round."""
    player(state, seat)["passed"] = True
    events = [Event(f"{who(state, seat)} passes.")]
    _after_turn(state, events, seat)
    return events


def _place(state: State, seat: int, gid: str) -> list[Event]:
    p = player(state, seat)
    if gid not in p["generals"]:
        raise IllegalAction(f"`{gid}` is not one of your recruited generals. Yours: "
                            + ", ".join(available(state, seat)) + ".")
    name = general_name(state, gid)
    now = status(state, seat, gid)
    if now == "occupying":
        raise IllegalAction(f"{name} occupies a frontier region and cannot bid for the rest "
                            "of the game (R8.4.13.7).")
    if now == "placed":
        raise IllegalAction(f"{name} is already placed this round.")
    if now == "flipped":
        raise IllegalAction(f"{name} was flipped on Manipulate Han Emperor last round and "
                            "cannot bid anywhere this round (R8.4.12, A25).")
    state["draft"] = {"seat": seat, "general": gid, "action": None, "units": None, "gold": 0,
                      "support": None, "emperor": None, "stage": "on"}
    return [Event(f"You are placing {name}; choose the action.", seats=(seat,))]


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
    name = general_name(state, state["draft"]["general"])
    return [Action("on", (a,), label=f"{name} on {action_name(a)}")
            for a in actions_open_to(state, seat)]


def _on(state: State, seat: int, args: tuple) -> None:
    action = _one_arg(args, "on <action>")
    if action not in ACTIONS:
        raise IllegalAction(f"`{action}` is not an action. Actions: " + ", ".join(ACTIONS) + ".")
    if action not in actions_open_to(state, seat):
        raise IllegalAction(_closed_reason(state, seat, action))
    state["draft"]["action"] = action
    state["draft"]["stage"] = "units"


def _closed_reason(state: State, seat: int, action: str) -> str:
    nation = nation_of(state, seat).capitalize()
    kind = ACTIONS[action][2]
    if kind == "battle":
        pair = BORDERS[action.removeprefix("battle_")]
        return (f"{nation} cannot bid on {action_name(action)}: only "
                f"{pair[0].capitalize()} and {pair[1].capitalize()} border it (R7.5.6).")
    if action != TRIBAL_OF_NATION[nation_of(state, seat)]:
        return f"{nation} may place generals only on its own tribal action (R7.6.2)."
    return ("You already placed a general on your tribal action this round; at most one per "
            "round (R7.6.2).")


def _unit_actions(state: State, seat: int) -> list[Action]:
    """Units only on battle and tribal actions (A34); gold only on the tribal action (R7.6.4);
    at most Leadership of either, units of one type (R7.5.2-R7.5.4, R7.6.5)."""
    draft = state["draft"]
    kind = ACTIONS[draft["action"]][2]
    if kind not in ("battle", "tribal"):
        return []
    leads = general(state, draft["general"])["leadership"]
    options = [Action("units", (unit, n), label=f"With {n} {unit} unit{'s' * (n > 1)}")
               for unit in UNIT_WEAPON
               for n in range(1, min(leads, units_possible(state, seat, unit)) + 1)]
    if kind == "tribal":
        options += [Action("gold", (n,), label=f"With {n} gold")
                    for n in range(1, min(leads, player(state, seat)["gold"]) + 1)]
    return options + [Action("units", ("none",), label="Without units" +
                             (" or gold" if kind == "tribal" else ""))]


def _units(state: State, seat: int, args: tuple) -> None:
    draft = state["draft"]
    if args == ("none",):
        draft["stage"] = "support"
        return
    if len(args) != 2:
        raise IllegalAction("A general's units must all be one type (R7.5.4): "
                            "`units <type> <n>` or `units none`.")
    if not isinstance(args[1], int):
        raise MalformedAction("`units <type> <n>`: give the number of units.")
    unit, count = args
    if unit not in UNIT_WEAPON:
        raise IllegalAction(f"`{unit}` is not a unit type: " + ", ".join(UNIT_WEAPON) + ".")
    _check_attachment(state, seat, count, "unit")
    if count > units_possible(state, seat, unit):
        raise IllegalAction(f"You can assemble only {units_possible(state, seat, unit)} {unit} "
                            f"units: each needs a trained army and a {UNIT_WEAPON[unit]} (A32).")
    draft["units"] = {"type": unit, "count": count}
    draft["stage"] = "support"


def _gold(state: State, seat: int, args: tuple) -> None:
    draft = state["draft"]
    count = _one_arg(args, "gold <n>")
    if ACTIONS[draft["action"]][2] != "tribal":
        raise IllegalAction("Gold goes only with a general on your tribal action (R7.6.4).")
    if not isinstance(count, int):
        raise MalformedAction("`gold <n>`: give a number.")
    _check_attachment(state, seat, count, "gold")
    if count > player(state, seat)["gold"]:
        raise IllegalAction(f"You hold only {player(state, seat)['gold']} gold.")
    draft["gold"] = count
    draft["stage"] = "support"


def _check_attachment(state: State, seat: int, count: int, what: str) -> None:
    """Units and gold come only at the units stage, which battle and tribal actions have."""
    draft = state["draft"]
    if count < 1:
        raise IllegalAction(f"Attach at least 1 {what}, or choose `units none`.")
    leads = general(state, draft["general"])["leadership"]
    if count > leads:
        noun = "gold" if what == "gold" else f"unit{'s' * (leads > 1)}"
        raise IllegalAction(f"{general_name(state, draft['general'])} can lead at most "
                            f"{leads} {noun} (Leadership, R7.5.2, R7.6.5).")


def _support_actions(state: State, seat: int) -> list[Action]:
    """Support tokens (R7.10.3) count only where bids compete, so not on the tribal action."""
    held = player(state, seat)["support"]
    if not held or ACTIONS[state["draft"]["action"]][2] == "tribal":
        return []
    return [Action("support", (n,), label=f"Add {n} support token{'s' * (n != 1)}")
            for n in range(held + 1)]


def _support(state: State, seat: int, args: tuple) -> None:
    count = _one_arg(args, "support <n>")
    held = player(state, seat)["support"]
    if not isinstance(count, int) or count < 0:
        raise MalformedAction("`support <n>`: give a number of support tokens, 0 or more.")
    if count > held:
        raise IllegalAction(f"You hold only {held} support token{'s' * (held != 1)}.")
    state["draft"]["support"] = count
    state["draft"]["stage"] = "emperor"


def _emperor_actions(state: State, seat: int) -> list[Action]:
    """R7.10.2: the holder may add the token to one general per round."""
    p = player(state, seat)
    if state["emperor_holder"] != seat or p["emperor_used"] or \
            ACTIONS[state["draft"]["action"]][2] == "tribal":
        return []
    return [Action("emperor", ("yes",), label="Add the Han Emperor token (+1)"),
            Action("emperor", ("no",), label="Keep the Han Emperor token")]


def _emperor(state: State, seat: int, args: tuple) -> None:
    answer = _one_arg(args, "emperor yes|no")
    if answer not in ("yes", "no"):
        raise MalformedAction("`emperor yes` or `emperor no`.")
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
    events = [Event(f"{who(state, seat)} places {general_name(state, placement['general'])} on "
                    f"{action_name(placement['action'])}{_attachments(placement)}.")]
    _after_turn(state, events, seat)
    return events


def _attachments(placement: dict) -> str:
    parts = []
    if placement["units"]:
        u = placement["units"]
        parts.append(f"{u['count']} {u['type']} unit{'s' * (u['count'] > 1)}")
    if placement["gold"]:
        parts.append(f"{placement['gold']} gold")
    if placement["support"]:
        parts.append(f"{placement['support']} support")
    if placement["emperor"]:
        parts.append("the Han Emperor token")
    if placement["bonus"]:
        parts.append(f"an ability bonus of +{placement['bonus']}")
    return " with " + ", ".join(parts) if parts else ""


def _one_arg(args: tuple, form: str) -> str | int:
    if len(args) != 1:
        raise MalformedAction(f"The form is `{form}`.")
    return args[0]


STAGE_ACTIONS = {"on": _on_actions, "units": _unit_actions, "support": _support_actions,
                 "emperor": _emperor_actions}
VERB_HANDLERS = {"on": _on, "units": _units, "gold": _gold, "support": _support,
                 "emperor": _emperor}
NEXT_STAGE = {"on": "units", "units": "support", "support": "emperor", "emperor": "done"}
