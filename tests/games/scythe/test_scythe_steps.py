"""One-step movement adjacency per unit (S8.3-S8.8, S10, A4, A16, A20): rivers, lakes,
tunnels, the Mine, home bases and the mech abilities. Occupancy (S8.9) is the move module's."""

from __future__ import annotations

import pytest

from games.scythe.steps import legal_steps
from tests.games.scythe.scenario import build, place, table


def steps(state, seat, unit, where, **kw):
    return legal_steps(state, seat, unit, where, **kw)


def solo(faction, *others):
    mats = ["industrial", "engineering", "patriotic", "mechanical", "agricultural"]
    return table(*zip((faction, *others), mats, strict=False))


# -- rivers ---------------------------------------------------------------------------------

def test_t21_rivers_and_swim():
    polania = solo("polania")
    assert "r4c0" not in steps(polania, 0, "worker:1", "r3c0")
    nordic = solo("nordic")
    assert "r0c3" in steps(nordic, 0, "worker:1", "r0c4")


def test_s9_1_swim_never_onto_a_lake():
    nordic = solo("nordic")
    place(nordic, 0, "worker:3", "r3c3")
    assert "r2c4" not in steps(nordic, 0, "worker:3", "r3c3")


def test_t22_riverwalk_crossing_polania():
    state = solo("polania")
    place(state, 0, "mech:speed", "r4c1")
    without = steps(state, 0, "mech:speed", "r4c1")
    assert not {"r5c1", "r5c0", "r3c0"} & set(without)
    place(state, 0, "mech:riverwalk", "r4c1")
    with_it = steps(state, 0, "mech:riverwalk", "r4c1")
    assert {"r5c1", "r5c0"} <= set(with_it)
    assert "r3c0" not in with_it


def test_t22_riverwalk_crossing_nordic():
    state = solo("nordic")
    place(state, 0, "mech:riverwalk", "r1c3")
    found = steps(state, 0, "mech:riverwalk", "r1c3")
    assert {"r0c4", "r1c4"} <= set(found)
    assert "r0c3" not in found


def test_riverwalk_is_for_the_character_too_but_never_workers():
    state = solo("polania")
    place(state, 0, "mech:riverwalk", "r2c1")
    place(state, 0, "character", "r4c1")
    place(state, 0, "worker:3", "r4c1")
    assert "r5c1" in steps(state, 0, "character", "r4c1")
    assert "r5c1" not in steps(state, 0, "worker:3", "r4c1")


def test_t23_home_base_across_a_river():
    state = solo("rusviet")
    found = steps(state, 0, "character", "home_rusviet")
    assert "r2c6" in found and "r1c6" not in found
    place(state, 0, "mech:riverwalk", "r2c6")
    assert "r1c6" in steps(state, 0, "character", "home_rusviet")


# -- lakes ----------------------------------------------------------------------------------

def test_t24_lakes():
    saxony = solo("saxony")
    place(saxony, 0, "mech:speed", "r3c3")
    assert "r2c4" not in steps(saxony, 0, "mech:speed", "r3c3")
    nordic = solo("nordic")
    place(nordic, 0, "mech:seaworthy", "r3c3")
    found = steps(nordic, 0, "mech:seaworthy", "r3c3")
    assert "r2c4" in found and "r1c0" not in found
    polania = solo("polania")
    place(polania, 0, "mech:submerge", "r1c0")
    assert "r6c2" in steps(polania, 0, "mech:submerge", "r1c0")


def test_s8_5_seaworthy_leaves_a_lake_onto_land_only_geometrically():
    nordic = solo("nordic")
    place(nordic, 0, "mech:seaworthy", "r2c4")
    assert steps(nordic, 0, "mech:seaworthy", "r2c4") == ["r1c3", "r1c4", "r2c3", "r2c5",
                                                          "r3c3", "r3c4"]


def test_s8_5_workers_never_enter_a_lake():
    state = solo("polania")
    place(state, 0, "mech:submerge", "r2c1")
    assert "r1c0" not in steps(state, 0, "worker:1", "r2c1")
    assert "r1c0" in steps(state, 0, "mech:submerge", "r2c1")


def test_s8_5_a_worker_never_leaves_a_lake_by_itself():
    state = solo("polania")
    place(state, 0, "mech:submerge", "r1c0")
    place(state, 0, "worker:3", "r1c0")
    assert steps(state, 0, "worker:3", "r1c0") == []


def test_s8_2_a_carried_worker_goes_where_its_mech_goes():
    state = solo("polania")
    place(state, 0, "mech:submerge", "r1c0")
    place(state, 0, "worker:3", "r1c0")
    assert steps(state, 0, "worker:3", "r1c0", carried=True) == \
        steps(state, 0, "mech:submerge", "r1c0")
    place(state, 0, "mech:riverwalk", "r4c1")
    place(state, 0, "worker:4", "r4c1")
    assert "r5c1" in steps(state, 0, "worker:4", "r4c1", carried=True)


def test_g5_submerge_leaves_home_onto_the_touching_lake():
    state = solo("polania")
    assert "r1c0" not in steps(state, 0, "character", "home_polania")
    place(state, 0, "mech:submerge", "r2c1")
    assert steps(state, 0, "character", "home_polania") == ["r1c0", "r2c1", "r3c0"]


# -- tunnels and the Mine ---------------------------------------------------------------------

def test_t25_tunnels():
    state = solo("nordic")
    place(state, 0, "worker:3", "r1c3")
    found = steps(state, 0, "worker:3", "r1c3")
    assert {"r2c2", "r2c5", "r4c2", "r4c5", "r5c3"} <= set(found)


def test_t26_mine_is_a_tunnel_for_its_owner_only():
    state = solo("saxony", "polania")
    build(state, 0, "mine", "r0c1")
    place(state, 0, "worker:3", "r2c2")
    assert "r0c1" in steps(state, 0, "worker:3", "r2c2")
    assert "r2c2" in steps(state, 0, "worker:3", "r0c1")
    place(state, 1, "worker:3", "r4c2")
    assert "r0c1" not in steps(state, 1, "worker:3", "r4c2")


def test_s12_4_mine_works_even_under_opponent_control():
    state = solo("saxony", "polania")
    build(state, 0, "mine", "r0c1")
    place(state, 1, "worker:3", "r0c1")
    place(state, 0, "worker:3", "r2c2")
    assert "r0c1" in steps(state, 0, "worker:3", "r2c2")


def test_a20_rivers_do_not_block_the_mine():
    """r0c4-r1c3 is a river; Saxony workers cannot swim, yet its Mine links them."""
    state = solo("saxony")
    build(state, 0, "mine", "r0c4")
    place(state, 0, "worker:3", "r0c4")
    assert "r1c3" in steps(state, 0, "worker:3", "r0c4")


# -- home bases -----------------------------------------------------------------------------

def test_s8_7_no_step_onto_a_home_base():
    state = solo("nordic")
    place(state, 0, "mech:speed", "r0c4")
    found = steps(state, 0, "mech:speed", "r0c4")
    assert not [p for p in found if p.startswith("home_")]
    assert not [p for p in steps(state, 0, "worker:1", "r0c4") if p.startswith("home_")]


def test_s8_7_home_base_exits():
    state = solo("nordic")
    assert steps(state, 0, "character", "home_nordic") == ["r0c4", "r0c5"]


# -- ability adjacencies ------------------------------------------------------------------------

def test_t56_township():
    state = solo("rusviet")
    place(state, 0, "mech:township", "r2c6")
    place(state, 0, "worker:3", "r0c6")
    found = steps(state, 0, "mech:township", "r2c6")
    assert "r3c3" in found and "r0c6" in found
    assert "r6c5" not in found  # a village Rusviet does not control


def test_s10_9_township_control_is_checked_at_the_step():
    state = solo("rusviet", "crimea")
    place(state, 0, "mech:township", "r3c3")
    build(state, 0, "mill", "r6c5")
    assert "r6c5" in steps(state, 0, "mech:township", "r3c3")
    place(state, 1, "worker:3", "r6c5")
    assert "r6c5" not in steps(state, 0, "mech:township", "r3c3")


def test_township_is_not_for_workers():
    state = solo("rusviet")
    place(state, 0, "mech:township", "r2c6")
    assert "r3c3" not in steps(state, 0, "worker:1", "r2c6")


def test_underpass_links_controlled_mountains_and_tunnels():
    state = solo("saxony", "nordic")
    place(state, 0, "mech:underpass", "r5c0")
    place(state, 0, "worker:3", "r3c4")
    found = steps(state, 0, "mech:underpass", "r5c0")
    assert {"r3c4", "r1c3", "r2c2", "r5c3"} <= set(found)
    assert "r3c6" not in found  # a mountain Saxony does not control
    build(state, 0, "monument", "r3c6")
    assert "r3c6" in steps(state, 0, "mech:underpass", "r5c0")
    place(state, 1, "worker:3", "r3c6")  # S10.9: control is checked at the step
    assert "r3c6" not in steps(state, 0, "mech:underpass", "r5c0")


def test_underpass_includes_the_own_mine():
    state = solo("saxony")
    build(state, 0, "mine", "r6c6")
    place(state, 0, "mech:underpass", "r5c0")
    assert "r6c6" in steps(state, 0, "mech:underpass", "r5c0")


def test_submerge_lake_to_every_lake():
    state = solo("polania")
    place(state, 0, "mech:submerge", "r4c4")
    found = steps(state, 0, "mech:submerge", "r4c4")
    assert {"r1c0", "r1c2", "r2c4", "r3c2", "r4c6", "r6c2"} <= set(found)


def test_seaworthy_is_not_lake_to_lake():
    state = solo("nordic")
    place(state, 0, "mech:seaworthy", "r4c4")
    assert "r1c0" not in steps(state, 0, "mech:seaworthy", "r4c4")


def test_t57_wayfare():
    state = table(("crimea", "industrial"), ("rusviet", "engineering"),
                  ("saxony", "patriotic"), ("polania", "mechanical"))
    place(state, 0, "mech:wayfare", "r3c3")
    homes = [p for p in steps(state, 0, "mech:wayfare", "r3c3") if p.startswith("home_")]
    assert homes == ["home_nordic", "home_crimea", "home_unassigned_nw", "home_unassigned_se"]


def test_a16_wayfare_option_without_unassigned_bases():
    state = table(("crimea", "industrial"), ("rusviet", "engineering"),
                  options={"wayfare_unassigned_bases": False})
    place(state, 0, "mech:wayfare", "r3c3")
    homes = [p for p in steps(state, 0, "mech:wayfare", "r3c3") if p.startswith("home_")]
    assert homes == ["home_nordic", "home_crimea", "home_saxony", "home_polania"]


def test_wayfare_from_a_home_base_and_not_for_workers():
    state = solo("crimea")
    place(state, 0, "mech:wayfare", "r6c3")
    found = steps(state, 0, "character", "home_crimea")
    assert "home_unassigned_nw" in found and "home_crimea" not in found
    assert not [p for p in steps(state, 0, "worker:1", "r6c3") if p.startswith("home_")]


@pytest.mark.parametrize("unit", ["character", "mech:speed", "worker:1"])
def test_speed_does_not_change_one_step(unit):
    state = solo("nordic")
    before = steps(state, 0, unit, "r0c4")
    place(state, 0, "mech:speed", "r0c5")
    assert steps(state, 0, unit, "r0c4") == before
