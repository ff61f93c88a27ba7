"""games.core.flowgame.FlowGame, proven on High Roll (tests/games/core/toy.py) with every hook
declared: the game-over condition, per-step refusals and prompts, a single answer taken at once,
answers given without asking, and the response windows."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Action, Event, IllegalAction, NotYourTurn
from games.core.flow import Flow, State, Step, top
from games.core.messages import Msg, msg
from tests.games.core.toy import BIDS, FLOW, HighRoll, new_table


def _bid_refusal(state: State, step: Step, seat: int, action: Action) -> Msg | None:
    return msg("toy.refuse.bid_range", bid=action.text) if action.kind == "bid" else None


class HighRollOnBase(HighRoll):
    flow = Flow(FLOW.rules, FLOW.phases, over=lambda state: bool(state.get("over")))
    first_phase = "round"
    refusals = {"bid": _bid_refusal}
    prompts = {"bid": "toy.prompt.bid", "challenge": "toy.prompt.challenge"}
    single_answers = frozenset({"claim"})  # the claim has one answer: nobody is asked it
    window_rules = frozenset({"challenge"})

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        state, _ = new_table(seats, seed)  # the toy's table, its flow begun again here
        state.update(round=0, passers=[])  # `passers` pass every challenge unasked
        return state, self.start(state)

    def auto_answer(self, state: State, step: Step, seat: int) -> Action | None:
        if step["rule"] == "challenge" and seat in state["passers"]:
            return Action("pass")
        return super().auto_answer(state, step, seat)

    def prompt_params(self, state: State, step: Step) -> dict[str, Any]:
        return {"round": state["round"]}


GAME = HighRollOnBase()


def _bid_all(state: State, seats: int) -> State:
    for seat in range(seats):
        state, _ = GAME.apply(state, seat, Action.parse("bid 2"))
    return state


def test_an_action_the_step_does_not_offer_is_refused_with_the_steps_own_reason():
    state = GAME.setup(2, {}, 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("bid 9"))
    assert refused.value.message == msg("toy.refuse.bid_range", bid="bid 9")
    assert refused.value.rule == BIDS  # the step's own rule, by default
    with pytest.raises(IllegalAction) as generic:  # no reason of its own: the choices
        GAME.apply(state, 0, Action.parse("claim"))
    assert isinstance(generic.value.message, Msg)
    assert generic.value.message.key == "engine.not_possible"


def test_a_step_asks_in_its_own_words_only_the_seats_it_still_awaits():
    state = GAME.setup(2, {}, 1)
    assert GAME.prompt(state, 0) == msg("toy.prompt.bid", round=1)
    state, _ = GAME.apply(state, 0, Action.parse("bid 1"))
    assert GAME.prompt(state, 0) == ""  # it has chosen
    assert GAME.prompt(state, 1) == msg("toy.prompt.bid", round=1)


def test_a_step_with_one_answer_is_answered_at_once_and_a_window_is_a_window():
    state = _bid_all(GAME.setup(2, {}, 1), 2)
    step = top(state)
    assert step is not None and step["rule"] == "challenge" and GAME.window(state)
    (challenger,) = GAME.to_act(state)
    state, events = GAME.apply(state, challenger, Action("pass"))
    assert any("claims 3 points" in str(e.text) for e in events)  # nobody was asked to claim
    assert state["round"] == 2 and not GAME.window(state)


def test_a_seat_that_answers_without_being_asked_is_never_awaited():
    state = GAME.setup(2, {}, 1)
    state["passers"] = [0, 1]
    state = _bid_all(state, 2)
    assert state["round"] == 2 and state["challengers"] == []  # the window passed itself


def test_once_the_game_is_over_nobody_owes_anything_and_nothing_resolves():
    state = GAME.setup(2, {}, 1)
    state["over"] = True
    assert GAME.to_act(state) == set() and GAME.legal_actions(state, 0) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Action.parse("bid 1"))
    state["flow"]["stack"] = []
    assert GAME.flow.settle(state) == [] and state["round"] == 1  # no new round begins
    assert state["flow"]["phase"] is None  # the flow is over with the game
