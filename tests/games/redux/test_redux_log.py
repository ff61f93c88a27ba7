"""Issue 19, item 7: the table's log tells how a Redux game opens and how it ends. The opening
lines (R3.C criterion markers, R3.B bid order, every nation's pick of its starting generals)
are events of `begin` and of the pick, public; the last line of a game gives every nation's
final score (R12) as the result ranks them."""

from __future__ import annotations

from games.core import Event, make_agent
from games.redux import GAME
from tests.wording import english

NAMES = ("Ann", "Bo", "Cy")


def keys(events: list[Event]) -> list[str]:
    return [getattr(e.text, "key", "") for e in events if e.public]


def whole_game(seed: int) -> tuple[dict, list[Event]]:
    state, log = GAME.begin(3, {}, seed)
    agents = [make_agent("heuristic", seed * 3 + s) for s in range(3)]
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        log += events
    return state, log


def test_issue_19_r3_the_opening_is_in_the_log():
    state, log = whole_game(seed=3)
    opening = keys(log)[:keys(log).index("redux.log.alliance_chosen")]
    assert "redux.log.criteria" in opening  # R3.C: which side each marker shows
    assert "redux.log.opening_order" in opening  # R3.B: the bid order
    assert opening.count("redux.log.recruits") == 3  # every nation's pick, once all picked
    order = next(e for e in log if getattr(e.text, "key", "") == "redux.log.opening_order")
    assert english(order.text, NAMES).startswith("Bid order: ")


def test_issue_19_r12_the_last_event_gives_the_final_scores():
    state, log = whole_game(seed=4)
    last = log[-1]
    assert last.public and last.text.key == "redux.log.final_scores"
    said = english(last.text, NAMES)
    result = GAME.result(state)
    assert said.startswith("Final scores: ")
    for score in result.scores:
        assert f"{NAMES[score.seat]} (" in said and f"{score.total} VP" in said
