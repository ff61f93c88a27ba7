"""The shared flow (games.core.flow), proved on High Roll (tests/games/core/toy.py): secret
simultaneous steps revealed together, response windows every eligible seat answers or passes,
chance steps no seat decides, a stack whose rules push what is owed next, and phases."""

from __future__ import annotations

import copy
import json

import pytest

from games.core import CHANCE, Action, Event, IllegalAction, NotYourTurn, RandomAgent, force, replay
from games.core.errors import rule_id
from games.core.flow import (
    Flow,
    Phase,
    Rule,
    Step,
    answers,
    flow_of,
    new_flow,
    not_possible,
    push,
    simultaneous,
    step_view,
    top,
    turn,
    window,
)
from games.core.messages import msg
from tests.games.core.toy import BIDS, FLOW, HighRoll, new_table
from tests.wording import english, refusal, told

GAME = HighRoll()
NAMES = ("Seat 0", "Seat 1", "Seat 2")  # as the toy's own sentences name the seats


def act(state: dict, seat: int, text: str) -> tuple[dict, list]:
    return GAME.apply(state, seat, Action.parse(text))


def bid_all(state: dict, *bids: int) -> tuple[dict, list]:
    events: list = []
    for seat, bid in enumerate(bids):
        state, more = act(state, seat, f"bid {bid}")
        events += more
    return state, events


def test_a_simultaneous_step_owes_every_seat_and_waits_for_the_last_in_any_order():
    state = GAME.setup(3, {}, 1)
    assert GAME.to_act(state) == {0, 1, 2}
    state, _ = act(state, 2, "bid 1")
    state, _ = act(state, 0, "bid 3")
    assert GAME.to_act(state) == {1} and top(state)["kind"] == "simultaneous"
    state, _ = act(state, 1, "bid 2")
    assert state["bids"] == [3, 2, 1]


def test_a_secret_answer_is_read_only_by_its_seat_until_all_are_revealed_together():
    state = GAME.setup(3, {}, 1)
    state, events = act(state, 0, "bid 3")
    public = told([e for e in events if e.public], NAMES)
    assert public == ["Seat 0 has chosen."] and "3" not in " ".join(public)
    assert [e.seats for e in events if not e.public] == [(0,)]
    assert GAME.view(state, None)["step"]["answers"] == {}
    assert GAME.view(state, 1)["step"]["answers"] == {}
    assert GAME.view(state, 0)["step"]["answers"] == {"0": "bid 3"}
    assert GAME.view(state, None)["step"]["waiting"] == [1, 2]
    state, events = act(state, 1, "bid 1")
    state, events = act(state, 2, "bid 2")
    assert "The bids are revealed: Seat 0 3, Seat 1 1, Seat 2 2." in told(events, NAMES)


def test_a_seat_that_answered_a_secret_step_cannot_answer_again():
    state, _ = act(GAME.setup(2, {}, 1), 0, "bid 1")
    with pytest.raises(NotYourTurn):
        act(state, 0, "bid 2")


def test_a_move_a_step_does_not_offer_is_refused_with_the_rule_the_step_cites():
    """Why can't I? The refusal says what is possible, then which rule of the rulebook stops
    it; a step that cites no rule refuses with what is possible alone."""
    with pytest.raises(IllegalAction) as refused:
        act(GAME.setup(2, {}, 1), 0, "bid 9")
    error = refused.value
    assert error.rule == BIDS and rule_id(BIDS) == "H1"
    assert error.cited == msg("engine.refused_by_rule", refusal=error.message, rule="H1",
                              title=BIDS)
    assert english(error.message).startswith("`bid 9` is not possible now. You can: Bid 1")
    uncited = IllegalAction(error.message)
    assert uncited.rule is None and uncited.cited == error.message


def test_a_chance_step_resolves_without_a_seat_as_logged_chance_events_a_test_can_force():
    state = GAME.setup(2, {}, 1)
    force(state, 6, 1)
    state, events = bid_all(state, 1, 3)
    rolls = told([e for e in events if e.kind == CHANCE], NAMES)
    assert rolls == ["Seat 0 rolls 1d6: 6, with +1 (bid), = 7.",
                     "Seat 1 rolls 1d6: 1, with +3 (bid), = 4."]
    assert top(state)["kind"] == "window" and top(state)["data"] == {"leader": 0}


def test_a_response_window_offers_pass_to_every_eligible_seat_and_closes_when_all_answered():
    state = GAME.setup(3, {}, 1)
    force(state, 6, 1, 1)
    state, _ = bid_all(state, 1, 1, 1)
    assert GAME.to_act(state) == {1, 2}
    assert [a.text for a in GAME.legal_actions(state, 2)] == ["challenge", "pass"]
    assert GAME.legal_actions(state, 0) == []
    state, events = act(state, 2, "pass")
    assert told(events, NAMES) == ["Seat 2 passes."] and GAME.to_act(state) == {1}
    assert GAME.view(state, None)["step"]["answers"] == {"2": "pass"}  # a window is public
    state, events = act(state, 1, "challenge")
    assert state["challengers"] == [1]
    assert GAME.to_act(state) == {0} and top(state)["rule"] == "claim"


def test_a_window_no_seat_may_answer_closes_at_once():
    state = GAME.setup(2, {}, 1)
    state["challengers"] = [1]
    push(state, window("challenge", [], leader=0))
    assert FLOW.settle(state) == [] and state["challengers"] == []
    assert top(state)["kind"] == "simultaneous" and GAME.to_act(state) == {0, 1}


def test_steps_a_resolving_rule_pushes_are_owed_before_the_steps_below():
    state = GAME.setup(3, {}, 1)
    force(state, 6, 1, 1)
    state, _ = bid_all(state, 1, 1, 1)
    assert [s["rule"] for s in reversed(flow_of(state)["stack"])] == ["challenge", "claim"]


def test_push_puts_the_first_step_given_on_top():
    state = GAME.setup(2, {}, 1)
    push(state, turn("claim", 1), window("challenge", [0]))
    assert top(state)["rule"] == "claim" and flow_of(state)["stack"][-2]["rule"] == "challenge"


def test_a_phase_hands_over_when_its_stack_is_empty_and_the_last_one_ends_the_flow():
    state = GAME.setup(2, {}, 1)
    force(state, 6, 1, 6, 1)
    for _ in range(2):
        state, _ = bid_all(state, 1, 1)
        state, _ = act(state, 1, "pass")
        state, events = act(state, 0, "claim")
    assert GAME.phase(state) == "over" and GAME.to_act(state) == set()
    assert state["round"] == 2 and GAME.result(state).winners == [0]
    assert not any("Round 3" in line for line in told(events, NAMES))  # the flow ended instead


def test_the_next_round_begins_as_soon_as_the_last_step_of_the_round_resolves():
    state = GAME.setup(2, {}, 1)
    force(state, 6, 1)
    state, _ = bid_all(state, 2, 2)
    state, _ = act(state, 1, "challenge")
    state, events = act(state, 0, "claim")
    assert told(events, NAMES) == ["Seat 0 claims 2 points.",
                                        "Round 2: everyone bids 1 to 3 in secret."]
    assert GAME.to_act(state) == {0, 1}


def test_an_illegal_answer_is_refused_with_the_choices_and_changes_nothing():
    state = GAME.setup(2, {}, 1)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, "bid 4")
    assert refusal(refused.value) == ("`bid 4` is not possible now. You can: Bid 1, Bid 2, "
                                      "and Bid 3.")
    assert state == before


def test_a_refusal_naming_some_of_the_choices_counts_the_others():
    legal = [Action("capital", (f"city{n}",), label=f"Capital {n}") for n in range(50)]
    refused = not_possible(Action("capital", ("Nowhere",)), legal)
    assert english(refused) == ("`capital Nowhere` is not possible now. You can: Capital 0, "
                                "Capital 1, Capital 2, Capital 3, Capital 4, and Capital 5 (and "
                                "44 more).")


def test_the_opening_is_told_and_owes_the_first_secret_step():
    state, events = new_table(2, 1)
    assert told(events, NAMES) == ["Round 1: everyone bids 1 to 3 in secret."]
    assert english(GAME.prompt(state, 0)) == "It is your turn."


def test_the_flow_is_plain_json_and_a_replay_gives_the_same_state():
    agents = [RandomAgent(seed) for seed in (1, 2, 3)]
    state, played = GAME.setup(3, {}, 9), []
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = agents[seat].choose(GAME, state, seat)
        state, _ = GAME.apply(state, seat, action)
        played.append((seat, action))
    assert json.loads(json.dumps(state)) == state
    replayed, _ = replay(GAME, 3, {}, 9, played)
    assert replayed == state


# -- an answer built in several actions (Rule.keep) ----------------------------------------------
def _hand_legal(state: dict, step: Step, seat: int) -> list[Action]:
    taken = state["hands"][seat]
    return [Action("take", (t,), label=f"Take {t}") for t in "abc" if t not in taken] + \
        [Action("done", label="Done")]


def _hand_keep(state: dict, step: Step, seat: int, action: Action) -> bool:
    """Up to two tokens, kept in the seat's own hand until `done` or the second one."""
    if action.kind == "take":
        state["hands"][seat].append(action.word())
    return action.kind != "done" and len(state["hands"][seat]) < 2


def _hands_revealed(state: dict, step: Step) -> list[Event]:
    state["revealed"] = {str(s): list(state["hands"][s]) for s in sorted(answers(step))}
    return []


HANDS = Flow(rules={"hand": Rule(_hands_revealed, _hand_legal, _hand_keep)},
             phases={"hands": Phase(lambda s: [], lambda s: None)})


def hands_table() -> dict:
    state: dict = {"hands": [[], []], "revealed": None}
    new_flow(state)
    HANDS.start(state, "hands")
    push(state, simultaneous("hand", [0, 1]))
    return state


def test_a_secret_answer_built_in_several_actions_is_one_answer_told_once_when_complete():
    state = hands_table()
    told_first = HANDS.act(state, 0, Action("take", ("a",)))
    assert [(e.seats, english(e.text)) for e in told_first] == [((0,), "You chose: Take a.")]
    assert HANDS.to_act(state) == {0, 1}  # still owed by both: nobody can tell it began
    assert step_view(state, 1) == step_view(hands_table(), 1)  # seat 1 reads nothing new
    assert step_view(state, None) == step_view(hands_table(), None)
    told_done = HANDS.act(state, 0, Action("done"))
    assert told([e for e in told_done if e.public], NAMES) == ["Seat 0 has chosen."]
    assert HANDS.to_act(state) == {1} and state["revealed"] is None
    HANDS.act(state, 1, Action("take", ("b",)))
    told_last = HANDS.act(state, 1, Action("take", ("c",)))  # the second token completes it
    assert told([e for e in told_last if e.public], NAMES) == ["Seat 1 has chosen."]
    assert state["revealed"] == {"0": ["a"], "1": ["b", "c"]} and top(state) is None


def test_a_kept_action_is_refused_like_any_answer_when_it_is_not_legal():
    state = hands_table()
    HANDS.act(state, 0, Action("take", ("a",)))
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        HANDS.act(state, 0, Action("take", ("a",)))
    assert state == before
