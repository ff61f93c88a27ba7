"""Encounters (spec S14) and the effects of encounter and Factory cards (S14.7, S15.6).

An encounter discards the token, shows the top card to everyone and asks for one option
(Polania two different ones, S9.5) among those the player can pay in full (S14.2); the card
then goes to the bottom of the deck. An option pays its cost first, then its effects run.

Effects run in the order printed, through the automatic `effects` frame: an effect that needs
a decision (a choice of resource kinds, how many of a printed gain of workers or of one
resource kind, a free action, a Produce) pushes its frame above it,
and the next effect waits until that is done, so the card reads as it resolves. Everything
gained is placed on the character's territory (S14.3, A14); free actions are those of the
mat without cost, coins, recruit or structure bonuses (S14.4)."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.core.messages import Msg, msg
from games.scythe import bottom, cards, gains, rules, top
from games.scythe import words as w
from games.scythe.frames import Decision, offered
from games.scythe.payment import begin_payment, can_pay
from games.scythe.state import (
    Frame,
    State,
    add_resource,
    faction_of,
    mat_workers,
    pop,
    push,
    set_unit_place,
)

MEANDER_FACTION = "polania"  # S9.5: two different options per encounter
VIA = "encounter"
WORKER = "worker"  # what a `count` frame places when it is not a resource kind


# -- drawing the card --------------------------------------------------------------------------
def begin(state: State, seat: int, territory: str) -> list[Event]:
    """S8.12 step 3: the token leaves the game, the top card is shown to everyone."""
    state["encounters"].remove(territory)
    card = cards.encounter(state["decks"]["encounter"].pop())
    push(state, {"kind": "encounter", "seat": seat, "card": card.id, "territory": territory,
                 "chosen": []})

    def options(hide: bool) -> tuple[Msg, ...]:
        return tuple(msg("scythe.encounter.option_line", key=o.key,
                         label=w.encounter_option(card.id, o.key),
                         what=w.option_text(o.cost, o.effects, hide_coins=hide))
                     for o in card.options)
    coins = any(w.mentions_coins(o.cost, o.effects) for o in card.options)
    return w.said(state, seat, "scythe.encounter.meets", coins, who=w.who(seat),
                  place=w.place(territory), card=w.encounter(card.id),
                  text=w.encounter_text(card.id), options=options)


def _picks(state: State, seat: int) -> int:
    return 2 if faction_of(state, seat) == MEANDER_FACTION else 1


def _encounter_legal(state: State, frame: Frame) -> list[Action]:
    """Options not chosen yet whose cost can be paid in full now; after a first option,
    Polania may stop (`done`)."""
    seat, card = frame["seat"], cards.encounter(frame["card"])
    actions = [Action("option", (o.key,), msg(
                   "scythe.label.option", label=w.encounter_option(card.id, o.key),
                   what=w.option_text(o.cost, o.effects)))
               for o in card.options
               if o.key not in frame["chosen"] and can_pay(state, seat, o.cost)]
    if frame["chosen"]:
        actions.append(Action("done", (), msg("scythe.label.no_second")))
    return actions


def _encounter_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat, card = frame["seat"], cards.encounter(frame["card"])
    if action.kind == "done":
        return _close(state)
    option = next(o for o in card.options if o.key == action.args[0])
    frame["chosen"].append(option.key)
    events = w.said(state, seat, "scythe.encounter.chooses",
                    w.mentions_coins(option.cost, option.effects), who=w.who(seat),
                    label=w.encounter_option(card.id, option.key),
                    what=lambda hide: w.option_text(option.cost, option.effects,
                                                    hide_coins=hide))
    if len(frame["chosen"]) == _picks(state, seat):
        events += _close(state)
    push_effects(state, seat, option.effects, frame["territory"], VIA)
    if option.cost:
        events += begin_payment(state, seat, option.cost, f"encounter:{card.id}")
    return events


def _close(state: State) -> list[Event]:
    """The encounter is over: the card goes face down to the bottom of its deck (S14.2)."""
    frame = pop(state)
    state["decks"]["encounter"].insert(0, frame["card"])
    return []


def _encounter_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind != "option" or len(action.args) != 1:
        return None
    key = str(action.args[0]).upper()
    card = cards.encounter(frame["card"])
    option = next((o for o in card.options if o.key == key), None)
    choices = offered(_encounter_legal(state, frame))
    if option is None:
        return msg("scythe.refuse.option_form", choices=choices)
    if key in frame["chosen"]:
        return msg("scythe.refuse.option_again", choices=choices)
    return msg("scythe.refuse.option_cost", label=w.encounter_option(card.id, key),
               cost=w.cost(option.cost), choices=choices)


# -- effects (S14.7, S15.6) --------------------------------------------------------------------
def apply_effects(state: State, seat: int, effects: tuple[dict[str, Any], ...] | list,
                  territory: str | None, via: str) -> list[Event]:
    """Resolve card effects in order for `seat`: gains now, choices through their frames.
    `territory` is where an encounter places what it gives (None for a Factory card, whose
    effects place nothing, S15.6); `via` marks free actions as `encounter` or `factory`."""
    return _run_effects(state, push_effects(state, seat, effects, territory, via))


def push_effects(state: State, seat: int, effects: tuple[dict[str, Any], ...] | list,
                 territory: str | None, via: str) -> Frame:
    """Effects to run once the frames pushed after this one (a payment) are done."""
    frame = {"kind": "effects", "seat": seat, "effects": [dict(e) for e in effects],
             "territory": territory, "via": via, "next": 0}
    push(state, frame)
    return frame


def _run_effects(state: State, frame: Frame) -> list[Event]:
    """Apply effects until one pushes a decision above this frame; done when none is left."""
    events: list[Event] = []
    while frame["next"] < len(frame["effects"]):
        effect = frame["effects"][frame["next"]]
        frame["next"] += 1
        size = len(state["stack"])
        events += EFFECTS[effect["type"]](state, frame, effect)
        if state["end"] is not None or len(state["stack"]) > size:
            return events
    pop(state)
    return events


def _gain(state: State, frame: Frame, effect: dict[str, Any]) -> list[Event]:
    return gains.gain(state, frame["seat"], {k: effect[k] for k in cards.GAINS if effect.get(k)})


def _gain_resources(state: State, frame: Frame, effect: dict[str, Any]) -> list[Event]:
    """A choice of kinds asks token by token (`take`); one fixed kind asks how many of the
    printed amount (`count`), since the benefit may be taken in part (S14.2)."""
    kinds = list(rules.RESOURCES) if effect["kinds"] == ["any"] else effect["kinds"]
    seat, territory, amount = frame["seat"], frame["territory"], effect["amount"]
    if len(kinds) > 1:
        push(state, {"kind": "take", "seat": seat, "territory": territory, "kinds": kinds,
                     "left": amount})
        return []
    push(state, {"kind": "count", "seat": seat, "territory": territory, "what": kinds[0],
                 "most": amount})
    return []


def _gain_workers(state: State, frame: Frame, effect: dict[str, Any]) -> list[Event]:
    """Asks how many of the printed workers join the character (S14.2: in part), at most
    those still on the mat; none are left once the mat is empty."""
    seat, territory = frame["seat"], frame["territory"]
    most = min(effect["amount"], len(mat_workers(state, seat)))
    if not most:
        return [Event(msg("scythe.no_workers_left", who=w.who(seat)))]
    push(state, {"kind": "count", "seat": seat, "territory": territory, "what": WORKER,
                 "most": most})
    return []


def _free_action(state: State, frame: Frame, effect: dict[str, Any]) -> list[Event]:
    """A free mat action (S14.4, S15.5); Produce is a top-row action (helper B2's frames)."""
    seat, via = frame["seat"], frame["via"]
    if effect["action"] == "produce":
        top.push_produce(state, seat, effect["params"]["territories"], via)
    else:
        bottom.push_free_action(state, seat, effect["action"], via, frame["territory"])
    return []


def _produce_here(state: State, frame: Frame, effect: dict[str, Any]) -> list[Event]:
    """Produce on the character's territory only (its workers there produce)."""
    top.push_produce(state, frame["seat"], 1, frame["via"], [frame["territory"]])
    return []


EFFECTS = {"gain": _gain, "gain_resources": _gain_resources, "gain_workers": _gain_workers,
           "free_action": _free_action, "produce_here": _produce_here}


# -- the take frame ----------------------------------------------------------------------------
def _take_legal(state: State, frame: Frame) -> list[Action]:
    where = frame["territory"]
    return [*(Action("take", (k,), msg("scythe.label.take", what=w.amount(k, 1),
                                       place=w.place(where))) for k in frame["kinds"]),
            Action("done", (), msg("scythe.label.take_done", count=frame["left"]))]


def _take_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """One token at a time; the benefit may be taken in part (S14.2, S5.3)."""
    if action.kind == "done":
        pop(state)
        return []
    kind, seat = str(action.args[0]), frame["seat"]
    add_resource(state, frame["territory"], kind, 1)
    frame["left"] -= 1
    if not frame["left"]:
        pop(state)
    return [Event(msg("scythe.gains_on", who=w.who(seat), what=w.amount(kind, 1),
                      place=w.place(frame["territory"])))]


# -- the count frame: how many of one printed gain (S14.2) -----------------------------------
def _count_legal(state: State, frame: Frame) -> list[Action]:
    """Every number from all of it down to none: one choice, never a list of combinations."""
    what, where = frame["what"], w.place(frame["territory"])
    return [Action("count", (n,), msg("scythe.label.take", what=w.amount(what, n), place=where)
                   if n else msg("scythe.label.take_none", what=w.amount(what, frame["most"])))
            for n in range(frame["most"], -1, -1)]


def _count_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """Places the chosen number on the character's territory (S14.3); workers are the
    leftmost of the mat, and the last one to leave it gives the workers star (S17.5)."""
    pop(state)
    seat, where, what, n = frame["seat"], frame["territory"], frame["what"], int(action.args[0])
    if not n:
        return [Event(msg("scythe.takes_none", who=w.who(seat), what=w.amount(what,
                                                                              frame["most"])))]
    events = [Event(msg("scythe.gains_on", who=w.who(seat), what=w.amount(what, n),
                        place=w.place(where)))]
    if what != WORKER:
        add_resource(state, where, what, n)
        return events
    for worker in mat_workers(state, seat)[:n]:
        set_unit_place(state, seat, worker, where)
    if not mat_workers(state, seat):
        events += gains.award_star(state, seat, "workers")
    return events


def _count_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind != "count":
        return None
    return msg("scythe.refuse.count", most=frame["most"],
               choices=offered(_count_legal(state, frame)))


DECISIONS = {
    "encounter": Decision(_encounter_legal, _encounter_apply, _encounter_refuse),
    "take": Decision(_take_legal, _take_apply),
    "count": Decision(_count_legal, _count_apply, _count_refuse),
}
AUTOMATIC = {"effects": _run_effects}
