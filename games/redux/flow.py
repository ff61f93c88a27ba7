"""The step machine: who owes a decision, its legal actions, dispatching a move to the phase
module that owns its step, and the automatic transitions between phases. The phase modules
never import each other; this module wires them, so each phase stays testable alone.

Steps: "pick", "alliance", "bid" (conflict.py) -> "bidding_done" -> bids.close and
resolution.start -> "resolve", "reward", "benefits" (resolution.py) -> "round_done" ->
upkeep.end_round -> "round_start" (conflict.start_round) or "over"."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action, Event, IllegalAction
from games.core.messages import msg
from games.redux import bids, conflict, resolution, upkeep
from games.redux.citations import step_rule
from games.redux.say import choices_hint
from games.redux.state import State

CONFLICT_LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "pick": conflict.pick_actions, "alliance": conflict.alliance_actions,
    "bid": conflict.bid_actions,
}
RESOLUTION_STEPS = ("resolve", "reward", "benefits")
MAX_TRANSITIONS = 100


def to_act(state: State) -> set[int]:
    step = state["step"]
    if step == "pick":
        return {p["seat"] for p in state["players"] if p["picking"]}
    if step == "alliance":
        return {conflict.chooser(state)}
    if step == "bid":
        return {state["turn"]} if state["turn"] is not None else set()
    if step in RESOLUTION_STEPS:
        return resolution.to_act(state)
    return set()


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    step = state["step"]
    if step in CONFLICT_LEGAL:
        return CONFLICT_LEGAL[step](state, seat)
    return resolution.legal(state, seat)


def dispatch(state: State, seat: int, action: Action) -> list[Event]:
    """Send the move to the module owning the current step; it validates before mutating."""
    step = state["step"]
    if step in RESOLUTION_STEPS:
        return resolution.apply(state, seat, action)
    allowed = conflict.VERBS.get(step, ())
    if action.kind not in allowed:
        raise IllegalAction(msg("redux.refuse.not_now", verb=action.kind,
                                hint=choices_hint(legal_actions(state, seat))),
                            rule=step_rule(step))
    if step == "pick":
        return conflict.recruit(state, seat, action.args)
    if step == "alliance":
        return conflict.choose_alliance(state, seat, action.args)
    return conflict.bid(state, seat, action)


def advance(state: State, events: list[Event]) -> None:
    """Run the automatic transitions until someone owes a decision or the game is over."""
    for _ in range(MAX_TRANSITIONS):
        step = state["step"]
        if step == "bidding_done":
            bids.close(state, events)
            resolution.start(state, events)
        elif step == "round_done":
            upkeep.end_round(state, events)
        elif step == "round_start":
            conflict.start_round(state, events)
        else:
            return
    raise AssertionError(f"no decision after {MAX_TRANSITIONS} transitions at {state['step']}")
