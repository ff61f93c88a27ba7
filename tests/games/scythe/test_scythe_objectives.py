"""Objective conditions (S16, A19): each of the 23 cards is true on one built table and false
on a table that misses it by one detail; `revealable` keeps the star limits (S16.3, T40)."""

from __future__ import annotations

import pytest

from games.scythe.objectives import met, revealable
from tests.games.scythe.scenario import build, deal, place, put, table

NORDIC, SAXONY = 0, 1  # Nordic/Industrial plays first (S3.12)


def base():
    return table(("nordic", "industrial"), ("saxony", "patriotic"))


def workers_on(state, *territories, seat=NORDIC, first=3):
    for n, territory in enumerate(territories, first):
        place(state, seat, f"worker:{n}", territory)


def me(state):
    return state["players"][NORDIC]


# Each case: (objective, make it true, the one detail that makes it false).

def _mountains(s):
    workers_on(s, "r0c1", "r1c4", "r2c2")


def _two_mountains(s):
    workers_on(s, "r0c1", "r1c4")


def _tunnels(s):
    workers_on(s, "r1c3", "r2c2", "r2c5")


def _mine_is_no_tunnel(s):
    workers_on(s, "r1c3", "r2c2", "r0c1")
    build(s, NORDIC, "mine", "r0c1")


def _farms(s):
    workers_on(s, "r0c2", "r1c5", "r1c6")


def _farm_lost(s):
    _farms(s)
    place(s, SAXONY, "worker:3", "r1c6")
    place(s, NORDIC, "worker:5", "home_nordic")


def _tundra(s):
    workers_on(s, "r4c3", "r5c6")  # r0c5 from the start


def _tundra_short(s):
    workers_on(s, "r4c3")


def _king(s):
    place(s, NORDIC, "character", "r3c3")
    s["players"][SAXONY]["power"] = me(s)["power"]  # a tie is enough


def _king_outpowered(s):
    place(s, NORDIC, "character", "r3c3")
    s["players"][SAXONY]["power"] = me(s)["power"] + 1


def _warning(s):
    s["turn"]["events"].append("forced_retreat")
    me(s)["power"] = 7


def _warning_weak(s):
    s["turn"]["events"].append("forced_retreat")
    me(s)["power"] = 6


def _machine(s):
    me(s)["factory_card"] = "factory_01"
    place(s, NORDIC, "mech:speed", "r0c4")
    workers_on(s, "r0c3")  # 3 workers on the board


def _machine_crowded(s):
    _machine(s)
    workers_on(s, "r0c2", first=4)


def _sleeves(s):
    me(s).update(coins=2, popularity=7)
    workers_on(s, "r0c3", "r0c2")


def _sleeves_rich(s):
    _sleeves(s)
    me(s)["coins"] = 3


def _stockpile(s):
    for kind, n in (("wood", 3), ("oil", 2), ("food", 2), ("metal", 2)):
        put(s, "r0c4", kind, n)


def _stockpile_no_food(s):
    put(s, "r0c4", "wood", 4)
    put(s, "r0c4", "oil", 3)
    put(s, "r0c4", "metal", 2)


def _forests(s):
    workers_on(s, "r2c1", "r2c3")  # r0c4 from the start


def _forest_structure_overrun(s):
    workers_on(s, "r2c1")
    build(s, NORDIC, "mill", "r2c3")
    place(s, SAXONY, "worker:3", "r2c3")  # an opponent unit beats the structure (S2.7)


def _villages(s):
    workers_on(s, "r0c3", "r0c6", "r2c6")


def _villages_short(s):
    workers_on(s, "r0c3", "r0c6")


def _rich(s):
    me(s)["coins"] = 20


def _nearly_rich(s):
    me(s)["coins"] = 19


def _foundations(s):
    place(s, NORDIC, "character", "r0c4")  # with worker:1 already there
    place(s, NORDIC, "mech:speed", "r0c4")
    place(s, NORDIC, "mech:artillery", "r0c4")
    workers_on(s, "r0c4")
    build(s, NORDIC, "mill", "r0c4")


def _foundations_other_structure(s):
    _foundations(s)
    s["structures"]["r0c4"] = {"seat": SAXONY, "kind": "mill"}


def _hedge(s):
    me(s)["upgrades"] = {"1": 1}
    me(s)["recruits"] = {"2": "coins"}
    place(s, NORDIC, "mech:speed", "r0c4")
    build(s, NORDIC, "armory", "r0c5")
    for kind in ("wood", "oil", "food", "metal"):
        put(s, "r0c4", kind)


def _hedge_no_metal(s):
    _hedge(s)
    s["resources"]["r0c4"].pop("metal")


def _balanced(s):
    me(s)["recruits"] = {"0": "power", "1": "coins"}


def _unbalanced(s):
    me(s)["recruits"] = {"0": "power"}


def _wolf(s):
    place(s, NORDIC, "character", "r0c4")  # worker:1 is there
    place(s, NORDIC, "mech:speed", "r0c4")
    put(s, "r0c4", "wood", 5)


def _wolf_two_workers(s):
    _wolf(s)
    workers_on(s, "r0c4")


def _divide(s):
    workers_on(s, "r2c3", "r3c4")


def _divide_with_card(s):
    _divide(s)
    me(s)["factory_card"] = "factory_02"


def _pacifist(s):
    me(s).update(power=0, popularity=13)
    workers_on(s, "r0c3", "r0c2", "r0c6")


def _pacifist_armed(s):
    _pacifist(s)
    me(s)["power"] = 1


def _shore(s):
    workers_on(s, "r1c3", "r1c4", "r2c3", "r2c5", "r3c4")  # around the lake r2c4


def _shore_spread(s):
    workers_on(s, "r1c3", "r1c4", "r2c3", "r5c1", "r3c4")


def _foothold(s):
    me(s)["popularity"] = 7
    for kind, territory in (("mill", "r0c4"), ("armory", "r0c5"), ("monument", "r1c4")):
        build(s, NORDIC, kind, territory)


def _foothold_with_mech(s):
    _foothold(s)
    place(s, NORDIC, "mech:speed", "r0c4")


def _monopoly(s):
    put(s, "r0c4", "metal", 5)
    put(s, "r0c5", "metal", 4)


def _monopoly_short(s):
    put(s, "r0c4", "metal", 5)
    put(s, "r0c5", "metal", 3)
    put(s, "r5c0", "metal", 9)  # Saxony's


def _breakthrough(s):
    me(s)["factory_card"] = "factory_03"


def _breakthrough_upgraded(s):
    _breakthrough(s)
    me(s)["upgrades"] = {"0": 1}


def _mastery(s):
    deal(s, NORDIC, *[2] * 8)
    me(s)["stars"]["combat"] = 1


def _mastery_seven(s):
    deal(s, NORDIC, *[2] * 7)
    me(s)["stars"]["combat"] = 1


CASES = [
    ("obj_01", _mountains, _two_mountains),
    ("obj_02", _tunnels, _mine_is_no_tunnel),
    ("obj_03", _farms, _farm_lost),
    ("obj_04", _tundra, _tundra_short),
    ("obj_05", _king, _king_outpowered),
    ("obj_06", _warning, _warning_weak),
    ("obj_07", _machine, _machine_crowded),
    ("obj_08", _sleeves, _sleeves_rich),
    ("obj_09", _stockpile, _stockpile_no_food),
    ("obj_10", _forests, _forest_structure_overrun),
    ("obj_11", _villages, _villages_short),
    ("obj_12", _rich, _nearly_rich),
    ("obj_13", _foundations, _foundations_other_structure),
    ("obj_14", _hedge, _hedge_no_metal),
    ("obj_15", _balanced, _unbalanced),
    ("obj_16", _wolf, _wolf_two_workers),
    ("obj_17", _divide, _divide_with_card),
    ("obj_18", _pacifist, _pacifist_armed),
    ("obj_19", _shore, _shore_spread),
    ("obj_20", _foothold, _foothold_with_mech),
    ("obj_21", _monopoly, _monopoly_short),
    ("obj_22", _breakthrough, _breakthrough_upgraded),
    ("obj_23", _mastery, _mastery_seven),
]


def test_every_objective_has_a_case():
    assert [card for card, _, _ in CASES] == [f"obj_{n:02d}" for n in range(1, 24)]


@pytest.mark.parametrize(("card", "make"), [(c, t) for c, t, _ in CASES],
                         ids=[c for c, _, _ in CASES])
def test_objective_met(card, make):
    state = base()
    assert not met(state, NORDIC, card)
    make(state)
    assert met(state, NORDIC, card)


@pytest.mark.parametrize(("card", "make"), [(c, f) for c, _, f in CASES],
                         ids=[c for c, _, _ in CASES])
def test_objective_missed_by_one_detail(card, make):
    state = base()
    make(state)
    assert not met(state, NORDIC, card)


def test_a19_the_event_must_be_this_seats_turn():
    state = base()
    _warning(state)
    state["active"] = SAXONY
    assert not met(state, NORDIC, "obj_06")


def test_king_of_the_hill_needs_the_factory():
    state = base()
    me(state)["power"] = 9
    assert not met(state, NORDIC, "obj_05")


# -- revealing ------------------------------------------------------------------------------------

def test_revealable_lists_held_met_objectives():
    state = base()
    me(state)["objectives"] = ["obj_12", "obj_01"]
    me(state)["coins"] = 25
    assert revealable(state, NORDIC) == ["obj_12"]
    _mountains(state)
    assert revealable(state, NORDIC) == ["obj_12", "obj_01"]


def test_revealable_ignores_cards_not_held():
    state = base()
    me(state)["coins"] = 25
    assert revealable(state, NORDIC) == []


def test_t40_a_second_objective_star_is_impossible():
    state = base()
    me(state)["objectives"] = ["obj_12"]
    me(state)["coins"] = 25
    me(state)["stars"]["objective"] = 1
    assert revealable(state, NORDIC) == []


def test_t40_saxony_may_complete_its_second_objective():
    state = base()
    saxony = state["players"][SAXONY]
    saxony.update(objectives=["obj_12"], coins=25)
    saxony["stars"]["objective"] = 1
    assert revealable(state, SAXONY) == ["obj_12"]
