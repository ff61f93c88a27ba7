"""Produce (spec S6.4, T4-T8): the cost schedule, villages, the Mill (S12.5, A3), the
workers star (S17.5, A7), and Produce granted by encounters and Factory cards."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.game import ScytheGame
from games.scythe.state import (
    mat_workers,
    pending,
    push,
    top,
    unit_place,
    units_of,
    workers_off_mat,
)
from games.scythe.top import produce_cost, push_produce
from tests.games.scythe.scenario import build, place, table

CRIMEA_PRODUCE = 3  # Patriotic: Move, Bolster, Trade, Produce
NORDIC_PRODUCE = 1  # Industrial: Bolster, Produce, Move, Trade


def crimea() -> dict:
    """Crimea/Patriotic (seat 0, active): workers on r6c3 (farm) and r7c3 (village)."""
    return table(("crimea", "patriotic"), ("nordic", "agricultural"))


def nordic() -> dict:
    """Nordic/Industrial (seat 0, active): workers on r0c4 (forest) and r0c5 (tundra)."""
    return table(("nordic", "industrial"), ("crimea", "patriotic"))


def start(state: dict, section: int) -> None:
    push(state, {"kind": "top", "seat": 0, "section": section})
    flow.settle(state)


def act(state: dict, text: str) -> list:
    events = flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    return events + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def off_mat(state: dict, seat: int, count: int, where: str) -> None:
    """Put mat workers on `where` until `count` workers are off the mat."""
    for worker in mat_workers(state, seat)[:count - workers_off_mat(state, seat)]:
        place(state, seat, worker, where)


def test_t4_produce_on_a_village_creates_a_worker():
    state = crimea()
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    assert legal(state) == {"produce r6c3", "produce r7c3", "done"}
    act(state, "produce r6c3")
    act(state, "produce r7c3")
    assert state["stack"] == []
    p = state["players"][0]
    assert (p["power"], p["popularity"], p["coins"]) == (5, 2, 6)  # nothing paid
    assert state["resources"] == {"r6c3": {"food": 1}}
    assert unit_place(state, 0, "worker:3") == "r7c3"  # the leftmost mat worker
    assert len([u for u in units_of(state, 0, "r7c3") if u.startswith("worker")]) == 2
    assert len(mat_workers(state, 0)) == 5


def test_t5_produce_cost_uncovered():
    state = crimea()
    off_mat(state, 0, 4, "r6c3")
    state["players"][0]["power"] = 3
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    assert state["players"][0]["power"] == 2


def test_t5_produce_refused_without_the_power():
    state = crimea()
    off_mat(state, 0, 4, "r6c3")
    state["players"][0]["power"] = 0
    push(state, {"kind": "top", "seat": 0, "section": CRIMEA_PRODUCE})
    assert legal(state) == {"skip"}
    with pytest.raises(IllegalAction):
        flow.dispatch(state, 0, Action.parse("produce"))


def test_t6_produce_cost_tiers():
    state = crimea()
    assert produce_cost(state, 0) == {}
    off_mat(state, 0, 6, "r6c3")
    assert produce_cost(state, 0) == {"power": 1, "popularity": 1}
    off_mat(state, 0, 8, "r6c3")
    assert produce_cost(state, 0) == {"power": 1, "popularity": 1, "coins": 1}


def test_t6_produce_pays_every_part_of_the_cost():
    state = crimea()
    off_mat(state, 0, 8, "r6c3")
    state["players"][0]["power"], state["players"][0]["popularity"] = 2, 5
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    p = state["players"][0]
    assert (p["power"], p["popularity"], p["coins"]) == (1, 4, 5)


def test_t7_cost_fixed_before_producing():
    state = crimea()
    place(state, 0, "worker:3", "r7c3")  # 3 off the mat, 2 of them on the village
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    act(state, "produce r7c3")
    act(state, "done")
    assert state["players"][0]["power"] == 5  # cost 0
    assert workers_off_mat(state, 0) == 5
    assert {unit_place(state, 0, w) for w in ("worker:4", "worker:5")} == {"r7c3"}
    assert produce_cost(state, 0) == {"power": 1}


def test_t8_mill_is_an_extra_territory():
    state = nordic()
    build(state, 0, "mill", "r0c5")
    place(state, 0, "worker:3", "r2c3")
    start(state, NORDIC_PRODUCE)
    act(state, "produce")
    act(state, "produce r2c3")
    act(state, "produce r0c4")
    assert legal(state) == {"produce r0c5", "done"}  # the limit of 2 leaves only the Mill
    act(state, "produce r0c5")
    assert state["stack"] == []
    assert state["resources"] == {"r2c3": {"wood": 1}, "r0c4": {"wood": 1},
                                  "r0c5": {"oil": 2}}


def test_t8_mill_without_control_yields_nothing():
    state = nordic()
    build(state, 0, "mill", "r0c5")
    place(state, 0, "worker:2", "r2c3")
    place(state, 1, "worker:1", "r0c5")  # a Crimea worker now controls the Mill's territory
    start(state, NORDIC_PRODUCE)
    act(state, "produce")
    assert legal(state) == {"produce r0c4", "produce r2c3", "done"}


def test_mill_alone_produces_as_one_worker():
    """S12.5: the Mill's territory produces even with no worker of the owner there."""
    state = nordic()
    build(state, 0, "mill", "r1c3")
    place(state, 0, "character", "r1c3")
    start(state, NORDIC_PRODUCE)
    act(state, "produce")
    act(state, "produce r1c3")
    assert state["resources"]["r1c3"] == {"oil": 1}


def test_mill_on_a_village_produces_a_worker():
    state = crimea()
    build(state, 0, "mill", "r7c3")
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    act(state, "produce r7c3")
    assert len(units_of(state, 0, "r7c3")) == 3  # its worker, one for it, one for the Mill


def test_each_territory_produces_once_and_upgrades_allow_three():
    state = nordic()
    state["players"][0]["cubes"].remove("produce_territories")
    place(state, 0, "worker:3", "r2c3")
    place(state, 0, "worker:4", "r2c3")
    start(state, NORDIC_PRODUCE)
    act(state, "produce")
    act(state, "produce r2c3")
    assert legal(state) == {"produce r0c4", "produce r0c5", "done"}
    act(state, "produce r0c4")
    act(state, "produce r0c5")
    assert state["stack"] == []
    assert state["resources"] == {"r2c3": {"wood": 2}, "r0c4": {"wood": 1},
                                  "r0c5": {"oil": 1}}


def test_nothing_to_produce_is_not_offered():
    """Lakes and the Factory produce nothing; a village needs workers left on the mat."""
    state = crimea()
    off_mat(state, 0, 8, "r7c3")
    place(state, 0, "worker:1", "r3c3")
    push(state, {"kind": "top", "seat": 0, "section": CRIMEA_PRODUCE})
    assert legal(state) == {"skip"}


def test_eighth_worker_gives_the_star_after_producing():
    state = crimea()
    off_mat(state, 0, 7, "r7c3")  # 6 workers on the village, 1 left on the mat
    start(state, CRIMEA_PRODUCE)
    act(state, "produce")
    events = act(state, "produce r7c3")
    assert top(state)["kind"] == "produce"  # the farm may still produce
    assert state["players"][0]["stars"] == {}
    act(state, "produce r6c3")
    assert state["players"][0]["stars"] == {"workers": 1}
    assert "1 worker" in str(events[0].text)


def test_push_produce_for_an_encounter_is_limited_to_its_territory():
    state = nordic()
    build(state, 0, "mill", "r0c4")
    push_produce(state, 0, 1, "encounter", territories=["r0c5"])
    flow.settle(state)  # r0c5 or nothing: still the player's choice (S5.3)
    assert legal(state) == {"produce r0c5", "done"}
    act(state, "produce r0c5")
    assert state["stack"] == []
    assert state["resources"] == {"r0c5": {"oil": 1}}


def test_factory_produce_has_no_mill_and_no_cost():
    state = nordic()
    build(state, 0, "mill", "r0c4")
    push_produce(state, 0, 2, "factory")
    assert legal(state) == {"produce r0c4", "produce r0c5", "done"}
    act(state, "produce r0c4")
    act(state, "produce r0c5")
    assert state["resources"] == {"r0c4": {"wood": 1}, "r0c5": {"oil": 1}}
    assert state["players"][0]["power"] == 4


def test_a_produce_turn_through_the_game():
    """Industrial section 2: Produce on both starting territories; Deploy is unaffordable, so
    it is skipped without asking and the turn passes."""
    game = ScytheGame()
    state = game.setup(2, {"assignment": "draft"}, 11)
    state, _ = game.apply(state, 0, Action.parse("pick nordic industrial"))
    state, _ = game.apply(state, 1, Action.parse("pick crimea patriotic"))
    state["players"][0]["objectives"] = []  # nothing to reveal: no `end` question
    for text in ("section 2", "produce", "produce r0c4", "produce r0c5"):
        state, _ = game.apply(state, 0, Action.parse(text))
    assert state["resources"] == {"r0c4": {"wood": 1}, "r0c5": {"oil": 1}}
    assert state["active"] == 1 and top(state) == {"kind": "section", "seat": 1}
