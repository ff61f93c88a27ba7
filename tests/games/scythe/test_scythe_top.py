"""Top-row actions (spec S6.1-S6.3) with the Monument and Armory (S12.6): Gain, Bolster, Trade.
Industrial's sections: 1 Bolster, 2 Produce, 3 Move, 4 Trade."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.game import ScytheGame
from games.scythe.state import pending, push, top
from games.scythe.top import top_value
from tests.games.scythe.scenario import build, place, table

BOLSTER, MOVE, TRADE = 0, 2, 3


def nordic() -> dict:
    """Nordic/Industrial (seat 0, active): power 4, popularity 2, $4, workers on r0c4, r0c5."""
    return table(("nordic", "industrial"), ("crimea", "patriotic"))


def start(state: dict, section: int) -> None:
    push(state, {"kind": "top", "seat": 0, "section": section})
    flow.settle(state)


def act(state: dict, text: str) -> list:
    events = flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    return events + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def stats(state: dict, seat: int = 0) -> tuple[int, int, int, int]:
    p = state["players"][seat]
    return p["coins"], p["power"], p["popularity"], len(p["cards"])


def test_gain_coins():
    state = nordic()
    start(state, MOVE)
    assert legal(state) == {"move", "gain", "skip"}
    act(state, "gain")
    assert stats(state) == (5, 4, 2, 0)
    assert state["stack"] == []


def test_gain_coins_upgraded():
    state = nordic()
    state["players"][0]["cubes"].remove("move_coins")
    start(state, MOVE)
    act(state, "gain")
    assert stats(state)[0] == 6


def test_top_values_follow_the_cubes():
    """S6.5: a box shows its upgraded value once its cube is gone."""
    state = nordic()
    assert top_value(state, 0, "produce_territories") == 2
    state["players"][0]["cubes"].remove("produce_territories")
    assert top_value(state, 0, "produce_territories") == 3


def test_bolster_power():
    state = nordic()
    start(state, BOLSTER)
    assert legal(state) == {"power", "cards", "skip"}
    act(state, "power")
    assert stats(state) == (3, 6, 2, 0)


def test_bolster_cards_upgraded():
    state = nordic()
    state["players"][0]["cubes"].remove("bolster_cards")
    start(state, BOLSTER)
    act(state, "cards")
    assert stats(state) == (3, 4, 2, 2)


def test_bolster_power_stops_at_16():
    state = nordic()
    state["players"][0]["power"] = 15
    start(state, BOLSTER)
    act(state, "power")
    assert state["players"][0]["power"] == 16
    assert state["players"][0]["stars"] == {"power": 1}


def test_bolster_needs_a_coin():
    state = nordic()
    state["players"][0]["coins"] = 0
    push(state, {"kind": "top", "seat": 0, "section": BOLSTER})
    assert legal(state) == {"skip"}
    with pytest.raises(IllegalAction, match="Bolster costs \\$1, which you cannot pay"):
        flow.dispatch(state, 0, Action.parse("power"))
    flow.settle(state)  # the only answer is given without asking
    assert state["stack"] == []
    assert stats(state) == (0, 4, 2, 0)


def test_t52_bolster_with_monument():
    state = nordic()
    build(state, 0, "monument", "r0c4")
    start(state, BOLSTER)
    act(state, "power")
    assert stats(state) == (3, 6, 3, 0)


def test_monument_adds_popularity_to_the_cards_option_too():
    state = nordic()
    build(state, 0, "monument", "r0c4")
    start(state, BOLSTER)
    act(state, "cards")
    assert stats(state) == (3, 4, 3, 1)


def test_t51_trade_with_armory():
    state = nordic()
    build(state, 0, "armory", "r0c5")
    start(state, TRADE)
    assert legal(state) == {"resources", "popularity", "skip"}
    act(state, "resources")
    assert stats(state) == (3, 5, 2, 0)
    assert top(state)["kind"] == "trade"
    assert "gain oil r0c5" in legal(state) and "done" in legal(state)
    act(state, "gain oil r0c5")
    act(state, "gain metal r0c4")
    assert state["stack"] == []
    assert state["resources"] == {"r0c5": {"oil": 1}, "r0c4": {"metal": 1}}


def test_t51_all_workers_home_leaves_only_popularity_with_armory_power():
    """A12: no controlled territory with a worker forbids the resources, not the popularity."""
    state = nordic()
    build(state, 0, "armory", "r0c5")
    place(state, 0, "worker:1", "home_nordic")
    place(state, 0, "worker:2", "home_nordic")
    start(state, TRADE)
    assert legal(state) == {"popularity", "skip"}
    with pytest.raises(IllegalAction, match="no territory with one of your workers"):
        flow.dispatch(state, 0, Action.parse("resources"))
    act(state, "popularity")
    assert stats(state) == (3, 5, 3, 0)


def test_trade_popularity_upgraded():
    state = nordic()
    state["players"][0]["cubes"].remove("trade_popularity")
    start(state, TRADE)
    act(state, "popularity")
    assert stats(state) == (3, 4, 4, 0)


def test_trade_places_only_where_a_worker_stands_on_controlled_land():
    state = nordic()
    place(state, 0, "character", "r1c3")  # controlled, but without a worker
    start(state, TRADE)
    act(state, "resources")
    places = {a.args[1] for a in flow.legal_actions(state, 0) if a.kind == "gain"}
    assert places == {"r0c4", "r0c5"}
    with pytest.raises(IllegalAction, match="territory you control with one of your workers"):
        flow.dispatch(state, 0, Action.parse("gain oil r1c3"))


def test_trade_may_stop_after_one_resource():
    state = nordic()
    start(state, TRADE)
    act(state, "resources")
    act(state, "gain food r0c4")
    act(state, "done")
    assert state["stack"] == []
    assert state["resources"] == {"r0c4": {"food": 1}}


def test_two_resources_on_one_territory():
    state = nordic()
    start(state, TRADE)
    act(state, "resources")
    act(state, "gain wood r0c4")
    act(state, "gain wood r0c4")
    assert state["resources"] == {"r0c4": {"wood": 2}}


def test_skip_takes_nothing():
    state = nordic()
    start(state, BOLSTER)
    events = act(state, "skip")
    assert stats(state) == (4, 4, 2, 0)
    assert state["stack"] == []
    assert "skips the Bolster action" in str(events[0].text)


def test_an_option_of_another_section_is_refused_with_this_sections_options():
    state = nordic()
    start(state, TRADE)
    with pytest.raises(IllegalAction, match=r"top action is Trade\. You can: Pay \$1: gain 2 "
                                            r"resources \(`resources`\)"):
        flow.dispatch(state, 0, Action.parse("power"))


def drafted(*picks: str) -> tuple[ScytheGame, dict]:
    game = ScytheGame()
    state = game.setup(len(picks), {"assignment": "draft"}, 5)
    for seat, pick in enumerate(picks):
        state, _ = game.apply(state, seat, Action.parse(f"pick {pick}"))
    return game, state


def test_move_starts_a_move_of_two_units_then_three_once_upgraded():
    game, state = drafted("nordic industrial", "crimea patriotic")
    before = copy.deepcopy(state)
    state, _ = game.apply(state, 0, Action.parse("section 3"))
    state, events = game.apply(state, 0, Action.parse("move"))
    assert top(state)["kind"] == "move" and top(state)["units"] == 2
    assert "moves up to 2 units" in str(events[0].text)
    before["players"][0]["cubes"].remove("move_units")
    state, _ = game.apply(before, 0, Action.parse("section 3"))
    state, _ = game.apply(state, 0, Action.parse("move"))
    assert top(state)["units"] == 3


def test_a_refused_top_action_changes_nothing():
    game, state = drafted("nordic industrial", "crimea patriotic")
    state, _ = game.apply(state, 0, Action.parse("section 1"))
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="top action is Bolster"):
        game.apply(state, 0, Action.parse("gain"))
    assert state == before
