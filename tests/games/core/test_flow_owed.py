"""A flow over a game's own fields (`Flow(owed=...)`, `Rule(play=...)`), proved on a small
counting game: the step owed is read from the state's fields and nothing of the flow is
stored, a rule's `play` judges every answer (one not offered is played or refused by its own
reason), steps nobody owes settle at once, and FlowGame takes a single answer unasked."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, Event, IllegalAction
from games.core.flow import Flow, Rule, Step, chance, turn
from games.core.flowgame import FlowGame
from games.core.game import Result, State
from games.core.messages import Said, msg


def _owed(state: State) -> Step | None:
    if state["over"]:
        return None
    if state["total"] >= state["goal"]:
        return chance("tally")
    return turn("add", state["seat"])


def _offers(state: State, step: Step, seat: int) -> list[Action]:
    most = min(2, state["goal"] - state["total"])  # 3 is allowed, never offered
    return [Action("add", (n,)) for n in range(1, most + 1)]


def _add(state: State, step: Step, seat: int, action: Action) -> list[Event]:
    n = action.number()
    if n not in (1, 2, 3):
        raise IllegalAction(msg("engine.not_possible", action=action.text, choices=("add 1",)))
    state["total"] += n
    state["seat"] = 1 - seat
    return [Event(f"Seat {seat} adds {n}.")]


def _tally(state: State, step: Step) -> list[Event]:
    state["over"] = True
    return [Event(f"The count reaches {state['total']}.")]


FLOW = Flow({"add": Rule(legal=_offers, play=_add), "tally": Rule(_tally)}, owed=_owed,
            over=lambda state: state["over"])


class Count(FlowGame):
    name = "count"
    flow, single_answers = FLOW, frozenset({"add"})

    def begin(self, seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        state = {"seat": 0, "total": 0, "goal": options.get("goal", 5), "over": False}
        return state, self.flow.settle(state) + self.auto_answers(state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def result(self, state: State) -> Result | None:
        return None

    def phase(self, state: State) -> str:
        return "over" if state["over"] else "count"

    def summary(self, view: dict[str, Any]) -> Said:
        return f"The count is {view['total']}."


GAME = Count()


def test_the_step_owed_is_read_from_the_fields_and_nothing_of_the_flow_is_stored():
    state = GAME.setup(2, {}, 1)
    assert GAME.to_act(state) == {0} and "flow" not in state
    state["seat"] = 1  # a test's mid-game position is its fields
    assert GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == [Action("add", (1,)), Action("add", (2,))]


def test_play_judges_an_answer_the_step_does_not_offer():
    state = GAME.setup(2, {}, 1)
    state, events = GAME.apply(state, 0, Action.parse("add 3"))  # allowed, not offered
    assert state["total"] == 3 and state["seat"] == 1
    assert [e.text for e in events] == ["Seat 0 adds 3."]  # the flow tells nothing itself
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Action.parse("add 7"))


def test_a_step_nobody_owes_settles_and_the_game_ends_with_over():
    state = GAME.setup(2, {}, 1)
    state, _ = GAME.apply(state, 0, Action.parse("add 3"))
    state, events = GAME.apply(state, 1, Action.parse("add 2"))
    assert [e.text for e in events] == ["Seat 1 adds 2.", "The count reaches 5."]
    assert state["over"] and GAME.to_act(state) == set()


def test_a_single_answer_is_taken_unasked():
    state = GAME.setup(2, {"goal": 4}, 1)
    state, events = GAME.apply(state, 0, Action.parse("add 3"))  # 1 left: only `add 1`
    assert [e.text for e in events] == ["Seat 0 adds 3.", "Seat 1 adds 1.",
                                        "The count reaches 4."]
