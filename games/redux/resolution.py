"""R8.3: the resolution phase's turns. Players act in action order (R8.3.1), each performing
or declining (R8.3.2, A27) all of their won actions, in an order they choose by choosing an
action's first decision. After each action comes the clean-up of R8.3.3; after the last,
R8.5 (tribal.py), the 12-reward (step "reward", A13) and R8.6 (benefits.py, step
"benefits"), then step "round_done" for upkeep.py.

This module owns the steps "resolve", "reward" and "benefits": who acts, the legal actions,
and dispatching a move to the rule module of the action or stage in progress. A decision with
exactly one possible answer is taken at once, so flow.py never sees one."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from games.core import Action, Event, IllegalAction, MalformedAction, NotYourTurn
from games.core.messages import Msg, Param, msg
from games.redux import abilities, battle, benefits, economy, tribal
from games.redux.citations import cite, stage_rule
from games.redux.memo import built
from games.redux.rules import ACTIONS, BATTLE_OF_BORDER, TRIBAL_OF_NATION
from games.redux.say import choices_hint
from games.redux.state import State, action_term, player, release_bid, source_term, who

STEPS = ("resolve", "reward", "benefits")


class Effect(NamedTuple):
    """An action's effect (R8.4): its first decisions (empty: it can only be declined) and
    their handler."""

    choices: Callable[[State, int, str], list[Action]]
    perform: Callable[[State, int, str, Action], list[Event]]


class Stage(NamedTuple):
    """A later decision of an action in progress (`state["doing"]["stage"]`)."""

    verb: str
    choices: Callable[[State, int, dict], list[Action]]
    apply: Callable[[State, int, dict, Action], list[Event]]


EFFECTS: dict[str, Effect] = {
    "farm": Effect(economy.development_choices, economy.develop_or_collect),
    "market": Effect(economy.development_choices, economy.develop_or_collect),
    "trade": Effect(economy.trade_choices, economy.trade_rice),
    "instructor": Effect(economy.instructor_choices, economy.hire),
    "build": Effect(economy.build_choices, economy.build),
    "spear_horse": Effect(economy.produce_choices, economy.produce),
    "crossbow_ship": Effect(economy.produce_choices, economy.produce),
    "recruit": Effect(economy.recruit_choices, economy.recruit),
    "train": Effect(economy.train_choices, economy.train),
    "tribute": Effect(economy.tribute_choices, economy.tribute),
    "support": Effect(economy.support_choices, economy.gain_support),
    "emperor": Effect(economy.manipulate_choices, economy.manipulate),
    **{a: Effect(battle.occupy_choices, battle.occupy) for a in BATTLE_OF_BORDER.values()},
    **{a: Effect(tribal.tribal_choices, tribal.perform) for a in TRIBAL_OF_NATION.values()},
}
STAGES: dict[str, Stage] = {
    "weapons": Stage("weapons", economy.weapons_choices, economy.trade_weapons),
    "import": Stage("import", economy.import_choices, economy.import_card),
    "take": Stage("take", economy.take_choices, economy.take_weapons),
    "give": Stage("give", economy.give_choices, economy.give_weapons),
    "reward": Stage("reward", tribal.reward_choices, tribal.reward),
    "exchange": Stage("exchange", benefits.exchange_choices, benefits.exchange),
}
# The verb of each action's first decision; `perform`, `produce` and `occupy` name several
# actions and are told apart by their arguments.
VERB_ACTION = {"farm": "farm", "market": "market", "rice": "trade", "hire": "instructor",
               "build": "build", "train": "train", "tribute": "tribute",
               "manipulate": "emperor"}
PERFORMED_BY_NAME = ("recruit", "support", *TRIBAL_OF_NATION.values())


def todo(state: State, seat: int) -> list[str]:
    """The seat's won actions not yet performed or declined (JSON keys are strings)."""
    return state["todo"][str(seat)]


# -- entering the phase ------------------------------------------------------------------------
def start(state: State, events: list[Event]) -> None:
    """After bids.close: every winner's actions in the board's order; the first seat of the
    action order with something to do acts."""
    state["todo"] = {str(p["seat"]): [] for p in state["players"]}
    for action in ACTIONS:
        for seat in state["winners"].get(action, []):
            todo(state, seat).append(action)
    state["step"], state["actor"], state["doing"] = "resolve", None, None
    _next_actor(state, events)
    _settle(state, events)


def _next_actor(state: State, events: list[Event]) -> None:
    """The actor keeps acting while it has actions; then the next seat in action order with
    any; after the last, the end of the actions."""
    order = state["action_order"]
    first = 0 if state["actor"] is None else order.index(state["actor"])
    for seat in order[first:]:
        if todo(state, seat):
            if seat != state["actor"]:
                events.append(Event(msg("redux.log.resolves", who=who(state, seat), actions=tuple(
                    action_term(a) for a in todo(state, seat))), kind="phase"))
            state["actor"] = seat
            return
    state["actor"] = None
    _end_of_actions(state, events)


def _end_of_actions(state: State, events: list[Event]) -> None:
    """R8.5 decay and rebellion, then the 12-reward for those it concerns (A13), then R8.6."""
    events += tribal.decay(state)
    due = tribal.reward_due(state)
    if due:
        state["step"], state["actor"] = "reward", due[0]
    else:
        benefits.start(state, events)


# -- the engine contract for the three steps ---------------------------------------------------
def to_act(state: State) -> set[int]:
    return {state["actor"]} if state["step"] in STEPS and state["actor"] is not None else set()


def legal(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    doing = state["doing"]
    if doing is not None:
        return STAGES[doing["stage"]].choices(state, seat, doing)
    if state["step"] == "reward":
        return tribal.reward_choices(state, seat, None)
    if state["step"] == "benefits":
        return benefits.choices(state, seat)
    return _first_choices(state, seat)


def _first_choices(state: State, seat: int) -> list[Action]:
    mine = todo(state, seat)
    choices = [c for action in mine for c in EFFECTS[action].choices(state, seat, action)]
    return choices + built(state, ("decline", tuple(mine)), lambda: [
        Action("decline", (a,), label=msg("redux.label.decline", action=action_term(a)))
        for a in mine])


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Validate and apply one decision, then every decision that has a single answer."""
    if seat not in to_act(state):
        raise NotYourTurn(msg("redux.refuse.not_resolving"), rule=cite("R8.3.1"))
    events = _apply(state, seat, action)
    _settle(state, events)
    return events


def _settle(state: State, events: list[Event]) -> None:
    """Take every decision with a single answer. When none of the actor's remaining actions
    can be performed, declining them is no choice either (none can become possible: only
    performing an action changes the table), so they are declined in turn."""
    while state["step"] in STEPS and state["actor"] is not None:
        choices = legal(state, state["actor"])
        only_declines = bool(choices) and all(c.kind == "decline" for c in choices)
        if len(choices) != 1 and not only_declines:
            return
        events += _apply(state, state["actor"], choices[0])


def _apply(state: State, seat: int, action: Action) -> list[Event]:
    doing = state["doing"]
    if doing is not None:
        return _stage(state, seat, doing, action)
    if state["step"] == "reward":
        return _reward(state, seat, action)
    if state["step"] == "benefits":
        return _benefit(state, seat, action)
    won = won_action(state, seat, action)
    if action.kind == "decline":
        return _decline(state, seat, won)
    events = EFFECTS[won].perform(state, seat, won, action)
    if state["doing"] is None:
        events += _complete(state, seat, won)
    return events


def _stage(state: State, seat: int, doing: dict, action: Action) -> list[Event]:
    stage = STAGES[doing["stage"]]
    if action.kind != stage.verb:
        raise IllegalAction(msg("redux.refuse.finish_first", hint=choices_hint(
            stage.choices(state, seat, doing))), rule=stage_rule(doing))
    events = stage.apply(state, seat, doing, action)
    if state["doing"] is not None:
        return events
    if state["step"] == "benefits":
        benefits.proceed(state, events)
        return events
    if doing.get("after") == "cleanup":
        return events + _finish(state, seat, doing["action"], refund=False)
    return events + _complete(state, seat, doing["action"])


# -- which won action a first decision belongs to ----------------------------------------------
def won_action(state: State, seat: int, action: Action) -> str:
    mine = todo(state, seat)
    verb = action.kind
    if verb in ("decline", "perform"):
        named = economy.arg(action, 0, f"{verb} <action>", rule=cite("R8.3.1"))
        if verb == "perform" and named not in PERFORMED_BY_NAME:
            raise IllegalAction(msg("redux.refuse.perform_other", hint=choices_hint(
                _first_choices(state, seat))), rule=cite("R8.3.1"))
        return _check_won(mine, named)
    if verb == "produce":
        weapon = economy.arg(action, 0, "produce <weapon> <weapon>", rule=cite("R8.3.1"))
        produced = [a for a, pair in economy.PRODUCE.items() if weapon in pair]
        if not produced:
            raise MalformedAction(msg("redux.refuse.produce_what", typed=action.text),
                                  rule=cite("R8.3.1"))
        return _check_won(mine, produced[0])
    if verb == "occupy":
        return battle.battle_of_general(state, seat, economy.arg(action, 0, battle.FORM,
                                                                 rule=cite("R8.3.1")), mine)
    if verb in VERB_ACTION:
        return _check_won(mine, VERB_ACTION[verb])
    raise MalformedAction(msg("redux.refuse.unknown_move", verb=verb, hint=choices_hint(
        _first_choices(state, seat))), rule=cite("R8.3.1"))


def _check_won(mine: list[str], action: str) -> str:
    left = tuple(action_term(a) for a in mine)
    if action not in ACTIONS:
        raise IllegalAction(msg("redux.refuse.no_such_won_action", typed=action, left=left),
                            rule=cite("R8.3.1"))
    if action not in mine:
        raise IllegalAction(msg("redux.refuse.not_won", action=action_term(action), left=left),
                            rule=cite("R8.3.1"))
    return action


# -- after an action (R8.3.3) ------------------------------------------------------------------
def _complete(state: State, seat: int, action: str) -> list[Event]:
    """The action was performed: `action_yield` abilities, then the clean-up. A yield of
    weapons of the player's choice asks for the types first."""
    player(state, seat)["performed"].append(action)
    generals = [b["general"] for b in state["bids"] if b["seat"] == seat and b["action"] == action]
    events, owed = [], 0
    for source, ability in abilities.action_yields(state, seat, action, generals):
        words, weapons = abilities.apply_gain(state, seat, ability["gain"])
        owed += weapons
        if words:
            events.append(Event(msg("redux.log.source_gains", source=source_term(state, source),
                                    who=who(state, seat), gains=words)))
    if owed:
        events += economy.ask_take(state, seat, action, owed, "cleanup")
        if state["doing"] is not None:
            return events
    return events + _finish(state, seat, action, refund=False)


def _decline(state: State, seat: int, action: str) -> list[Event]:
    possible = bool(EFFECTS[action].choices(state, seat, action))
    said: dict[str, Param] = {"who": who(state, seat), "action": action_term(action)}
    events = [Event(msg("redux.log.declines", **said) if possible else
                    msg("redux.log.cannot_perform", **said, why=why_impossible(state, seat,
                                                                               action)))]
    return events + _finish(state, seat, action, refund=True)


def why_impossible(state: State, seat: int, action: str) -> Msg:
    """Why a won action cannot be performed now (it is declined for the player)."""
    if action in BATTLE_OF_BORDER.values():
        return battle.why_no_occupation(state, seat, action)
    return economy.why_impossible(state, seat, action)


def _finish(state: State, seat: int, action: str, refund: bool) -> list[Event]:
    """R8.3.3: the seat's generals, units and tokens leave the action (release_bid); gold on
    a tribal action is refunded only when it was declined. Then the next action or seat."""
    for bid in [b for b in state["bids"] if b["seat"] == seat and b["action"] == action]:
        release_bid(state, bid, refund_gold=refund)
    todo(state, seat).remove(action)
    events: list[Event] = []
    _next_actor(state, events)
    return events


# -- the 12-reward after decay, and the benefits -----------------------------------------------
def _reward(state: State, seat: int, action: Action) -> list[Event]:
    if action.kind != "reward":
        raise IllegalAction(msg("redux.refuse.reward_first", hint=choices_hint(
            tribal.reward_choices(state, seat, None))), rule=cite("R8.4.14.3"))
    events = tribal.reward(state, seat, None, action)
    order = state["action_order"]
    later = [s for s in tribal.reward_due(state) if order.index(s) > order.index(seat)]
    if later:
        state["actor"] = later[0]
    else:
        benefits.start(state, events)
    return events


def _benefit(state: State, seat: int, action: Action) -> list[Event]:
    choices = benefits.choices(state, seat)
    economy.refuse_unless_listed(action, choices, msg("redux.why.benefit_next"),
                                 rule=cite("R8.6.2"))
    events = benefits.use(state, seat, action.word())
    if state["doing"] is None:
        benefits.proceed(state, events)
    return events
