"""Control of territories and the resources on them (S2.7, S2.8, S19.4, T50), including who
keeps control while a combat is pending."""

from __future__ import annotations

from games.scythe.control import (
    control_map,
    controlled,
    controlled_resources,
    controller,
    resource_sources,
    territory_count,
)
from games.scythe.state import unit_key
from tests.games.scythe.scenario import build, place, put, table

NORDIC, SAXONY = 0, 1


def two():
    return table(("nordic", "industrial"), ("saxony", "patriotic"))


def test_s2_7_a_unit_controls_its_territory():
    state = two()
    assert controller(state, "r0c4") == NORDIC
    assert controller(state, "r5c0") == SAXONY
    assert controller(state, "r3c3") is None


def test_s2_5_home_bases_are_never_controlled():
    state = two()
    assert controller(state, "home_nordic") is None
    assert "home_nordic" not in controlled(state, NORDIC)


def test_setup_control():
    state = two()
    assert controlled(state, NORDIC) == ["r0c4", "r0c5"]
    assert control_map(state) == {"r0c4": NORDIC, "r0c5": NORDIC, "r5c0": SAXONY,
                                  "r6c1": SAXONY}


def test_t50_structure_only_control():
    state = two()
    build(state, NORDIC, "mill", "r2c3")
    put(state, "r2c3", "wood", 3)
    assert controller(state, "r2c3") == NORDIC
    assert controlled_resources(state, NORDIC)["wood"] == 3
    place(state, SAXONY, "worker:1", "r2c3")
    assert controller(state, "r2c3") == SAXONY
    assert controlled_resources(state, NORDIC)["wood"] == 0
    assert controlled_resources(state, SAXONY)["wood"] == 3


def test_s2_7_a_unit_beats_an_opponents_structure():
    state = two()
    build(state, SAXONY, "mine", "r0c4")
    assert controller(state, "r0c4") == NORDIC


def test_s2_8_resources_belong_to_the_controller():
    state = two()
    put(state, "r0c4", "wood", 2)
    put(state, "r0c5", "oil", 1)
    put(state, "r5c0", "metal", 4)
    put(state, "r3c3", "food", 5)  # nobody's
    assert controlled_resources(state, NORDIC) == {"wood": 2, "oil": 1, "food": 0, "metal": 0}
    assert controlled_resources(state, SAXONY) == {"wood": 0, "oil": 0, "food": 0, "metal": 4}


def test_s2_8_resource_sources_lists_controlled_piles():
    state = two()
    put(state, "r0c4", "wood", 2)
    put(state, "r0c5", "wood", 1)
    put(state, "r5c0", "wood", 4)
    put(state, "r3c3", "wood", 5)
    assert resource_sources(state, NORDIC, "wood") == {"r0c4": 2, "r0c5": 1}
    assert resource_sources(state, NORDIC, "metal") == {}


def test_s19_4_factory_counts_three_and_lakes_count():
    state = two()
    assert territory_count(state, NORDIC) == 2
    place(state, NORDIC, "character", "r3c3")
    assert territory_count(state, NORDIC) == 5
    place(state, NORDIC, "mech:seaworthy", "r2c4")
    assert territory_count(state, NORDIC) == 6


def test_s2_7_pending_combat_the_first_there_keeps_control():
    """Saxony's mech held r4c2; Nordic's character moved in this Move action."""
    state = two()
    state["active"] = NORDIC
    place(state, SAXONY, "mech:speed", "r4c2")
    place(state, SAXONY, "worker:3", "r4c2")
    put(state, "r4c2", "food", 2)
    place(state, NORDIC, "character", "r4c2")
    state["turn"]["moved"][unit_key(NORDIC, "character")] = "r4c1"
    assert controller(state, "r4c2") == SAXONY
    assert controlled_resources(state, SAXONY)["food"] == 2
    assert control_map(state)["r4c2"] == SAXONY


def test_pending_combat_carried_workers_are_newcomers_too():
    state = two()
    state["active"] = NORDIC
    place(state, SAXONY, "mech:speed", "r4c2")
    for unit in ("mech:speed", "worker:5"):
        place(state, NORDIC, unit, "r4c2")
        state["turn"]["moved"][unit_key(NORDIC, unit)] = "r4c1"
    assert controller(state, "r4c2") == SAXONY


def test_pending_combat_without_a_record_names_nobody():
    """Two seats on one territory with no Move record of either: no one is named."""
    state = two()
    state["active"] = NORDIC
    place(state, SAXONY, "mech:speed", "r4c2")
    place(state, NORDIC, "character", "r4c2")
    assert controller(state, "r4c2") is None


def test_after_the_combat_the_winner_controls():
    state = two()
    state["active"] = NORDIC
    place(state, NORDIC, "character", "r4c2")
    state["turn"]["moved"][unit_key(NORDIC, "character")] = "r4c1"
    place(state, SAXONY, "mech:speed", "home_saxony")  # lost and retreated
    assert controller(state, "r4c2") == NORDIC
