"""Bottom-row actions (spec S7, T9-T13, A17), the order of S7.5 with the end on a sixth star
(S18.2, T41), and the free actions of encounters and Factory cards (S14.3, A14).

Mats used: Industrial 1 Upgrade 3 oil $3, 2 Deploy 3 metal $2, 3 Build 3 wood $1, 4 Enlist
4 food $0; Engineering 4 Enlist 3 food $1; Mechanical 2 Deploy 3 metal $2."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.bottom import bottom_cost, has_recruit, push_free_action
from games.scythe.game import ScytheGame
from games.scythe.state import abilities, pending, push, unit_place
from games.scythe.top import top_value
from tests.games.scythe.scenario import build, place, put, table

UPGRADE, DEPLOY, BUILD, ENLIST = 0, 1, 2, 3


def three() -> dict:
    """Nordic/Industrial (seat 0, active), Rusviet/Engineering (1, left), Crimea/Patriotic
    (2, right)."""
    state = table(("nordic", "industrial"), ("rusviet", "engineering"),
                  ("crimea", "patriotic"))
    assert state["order"] == [0, 1, 2]
    return state


def start(state: dict, section: int, seat: int = 0) -> None:
    state["active"] = seat
    push(state, {"kind": "bottom", "seat": seat, "section": section})
    flow.settle(state)


def act(state: dict, text: str) -> list:
    events = flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    return events + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def texts(events: list) -> list[str]:
    return [str(e.text) for e in events]


def test_t9_upgrade():
    state = three()
    put(state, "r0c5", "oil", 3)
    for seat in (0, 1, 2):  # every mat's section 1 is Upgrade
        state["players"][seat]["recruits"] = {"0": "coins"}
    start(state, UPGRADE)
    act(state, "upgrade")
    assert "r0c5" not in state["resources"]
    act(state, "upgrade move_units 2")
    assert state["stack"] == []
    assert top_value(state, 0, "move_units") == 3
    assert bottom_cost(state, 0, DEPLOY) == {"metal": 2}
    assert state["players"][0]["coins"] == 4 + 3
    assert [p["power"] for p in state["players"]] == [4 + 1, 3 + 1, 5 + 1]


def test_t10_upgrade_slots_run_out():
    state = three()
    state["players"][0]["upgrades"] = {"1": 2}
    assert bottom_cost(state, 0, DEPLOY) == {"metal": 1}
    put(state, "r0c5", "oil", 3)
    start(state, UPGRADE)
    act(state, "upgrade")
    assert not any(a.endswith(" 2") for a in legal(state))
    with pytest.raises(IllegalAction, match="free upgrade slot"):
        flow.dispatch(state, 0, Action.parse("upgrade move_units 2"))


def test_t10_patriotic_upgrade_has_no_slot():
    state = three()
    assert bottom_cost(state, 2, UPGRADE) == {"oil": 2}
    put(state, "r6c3", "oil", 2)
    start(state, UPGRADE, seat=2)
    act(state, "upgrade")
    assert legal(state)
    assert not any(a.endswith(" 1") for a in legal(state))


def test_the_sixth_upgrade_gives_the_star():
    state = three()
    p = state["players"][0]
    p["cubes"] = ["trade_popularity"]
    p["upgrades"] = {"0": 1, "1": 2, "2": 1, "3": 1}
    put(state, "r0c5", "oil", 2)
    start(state, UPGRADE)
    act(state, "upgrade")
    act(state, "upgrade trade_popularity 4")
    assert p["cubes"] == [] and p["stars"] == {"upgrades": 1}


def saxony() -> dict:
    """Saxony/Mechanical (seat 0, active) with a worker on r4c0 and 3 metal there."""
    state = table(("saxony", "mechanical"), ("polania", "agricultural"))
    place(state, 0, "worker:1", "r4c0")
    put(state, "r4c0", "metal", 3)
    return state


def test_t11_deploy():
    state = saxony()
    start(state, DEPLOY)
    act(state, "deploy")
    assert "deploy underpass r4c0" in legal(state)
    act(state, "deploy underpass r4c0")
    assert unit_place(state, 0, "mech:underpass") == "r4c0"
    assert "underpass" in abilities(state, 0)  # the character has it too (S10.1)
    assert state["players"][0]["coins"] == 6 + 2


def test_t11_deploy_never_on_a_lake_or_without_a_worker():
    state = saxony()
    place(state, 0, "mech:speed", "r4c4")
    place(state, 0, "worker:2", "r4c4")  # carried onto the lake
    start(state, DEPLOY)
    act(state, "deploy")
    places = {a.args[1] for a in flow.legal_actions(state, 0) if a.kind == "deploy"}
    assert places == {"r4c0"}
    for target in ("r4c4", "r5c0", "r3c1"):
        with pytest.raises(IllegalAction):
            flow.dispatch(state, 0, Action.parse(f"deploy underpass {target}"))


def test_t12_build_on_the_factory():
    state = three()
    place(state, 0, "worker:1", "r3c3")
    put(state, "r0c5", "wood", 3)
    start(state, BUILD)
    act(state, "build")
    assert "build mill r3c3" in legal(state)
    act(state, "build mill r3c3")
    assert state["structures"]["r3c3"] == {"seat": 0, "kind": "mill"}
    assert state["players"][0]["structures_built"] == ["mill"]


def test_t12_build_refused_on_a_structure_a_lake_or_a_home_base():
    state = three()
    build(state, 2, "mine", "r0c4")  # Crimea's structure under a Nordic worker
    place(state, 0, "worker:2", "home_nordic")
    place(state, 0, "mech:seaworthy", "r1c2")
    place(state, 0, "worker:3", "r1c2")
    place(state, 0, "worker:4", "r1c3")
    put(state, "r1c3", "wood", 3)
    start(state, BUILD)
    act(state, "build")
    places = {a.args[1] for a in flow.legal_actions(state, 0) if a.kind == "build"}
    assert places == {"r1c3"}
    for target in ("r0c4", "r1c2", "home_nordic"):
        with pytest.raises(IllegalAction):
            flow.dispatch(state, 0, Action.parse(f"build mill {target}"))


def test_the_fourth_structure_gives_the_star():
    state = three()
    for kind, where in (("mine", "r1c3"), ("mill", "r1c4"), ("armory", "r1c5")):
        build(state, 0, kind, where)
    put(state, "r0c5", "wood", 3)
    start(state, BUILD)
    act(state, "build")
    assert legal(state) == {"build monument r0c4", "build monument r0c5", "none"}
    act(state, "build monument r0c4")
    assert state["players"][0]["stars"] == {"structures": 1}


def test_t13_enlist_one_time_bonus():
    state = table(("nordic", "engineering"), ("crimea", "patriotic"))
    put(state, "r0c4", "food", 3)
    start(state, ENLIST)
    act(state, "enlist")
    act(state, "enlist 3 coins")
    p = state["players"][0]
    assert p["recruits"] == {"2": "coins"}
    assert p["coins"] == 5 + 2 + 1  # the space, then the section's coins
    assert has_recruit(state, 0, "build")


def test_enlist_offers_only_free_sections_and_spaces():
    state = three()
    state["players"][0]["recruits"] = {"0": "power", "2": "coins"}
    put(state, "r0c4", "food", 4)
    start(state, ENLIST)
    act(state, "enlist")
    assert legal(state) == {"enlist 2 popularity", "enlist 2 combat_cards",
                            "enlist 4 popularity", "enlist 4 combat_cards", "none"}


def test_a17_paying_without_the_effect_still_gives_the_coins():
    state = three()
    put(state, "r0c5", "metal", 3)
    start(state, DEPLOY)
    act(state, "deploy")
    act(state, "none")
    assert state["stack"] == []
    assert state["players"][0]["coins"] == 4 + 2
    assert "r0c5" not in state["resources"]


def test_a17_nothing_left_to_deploy():
    state = three()
    for mech in ("mech:riverwalk", "mech:seaworthy", "mech:artillery", "mech:speed"):
        place(state, 0, mech, "r0c4")
    state["players"][0]["stars"] = {"mechs": 1}
    put(state, "r0c5", "metal", 3)
    state["players"][1]["recruits"] = {"1": "power"}
    start(state, DEPLOY)
    assert legal(state) == {"deploy", "skip"}
    act(state, "deploy")  # the empty Deploy is taken without asking
    assert state["stack"] == []
    assert state["players"][0]["coins"] == 6
    assert state["players"][1]["coins"] == 5 + 1


def test_bottom_refused_when_the_cost_cannot_be_paid():
    state = three()
    put(state, "r0c5", "metal", 2)
    push(state, {"kind": "bottom", "seat": 0, "section": DEPLOY})
    assert legal(state) == {"skip"}
    with pytest.raises(IllegalAction, match="Deploy costs 3 metal"):
        flow.dispatch(state, 0, Action.parse("deploy"))


def test_t41_sixth_star_after_coins_and_recruit_bonuses():
    state = table(("nordic", "industrial"), ("rusviet", "engineering"))
    p = state["players"][0]
    p["stars"] = {"upgrades": 1, "structures": 1, "recruits": 1, "workers": 1,
                  "objective": 1}
    for mech in ("mech:riverwalk", "mech:seaworthy", "mech:artillery"):
        place(state, 0, mech, "r0c4")
    put(state, "r0c4", "metal", 3)
    p["recruits"] = {"1": "power"}
    state["players"][1]["recruits"] = {"1": "power"}
    start(state, DEPLOY)
    act(state, "deploy")
    events = texts(act(state, "deploy speed r0c5"))
    assert state["end"] == {"reason": "sixth_star", "seat": 0}
    assert p["stars"]["mechs"] == 1
    assert (p["coins"], state["players"][1]["coins"]) == (4 + 2 + 1, 5 + 1)
    star = next(i for i, t in enumerate(events) if "places a star" in t)
    assert star > max(i for i, t in enumerate(events) if "gains $" in t)


def test_a_star_from_an_enlist_bonus_waits_for_the_recruit_bonuses():
    """S18.2: the 16-power star of the one-time bonus is placed after the neighbours' bonus."""
    state = table(("nordic", "industrial"), ("rusviet", "engineering"))
    p = state["players"][0]
    p["stars"] = {"upgrades": 1, "structures": 1, "mechs": 1, "workers": 1, "objective": 1}
    p["power"] = 14
    put(state, "r0c4", "food", 4)
    state["players"][1]["recruits"] = {"3": "power"}  # Engineering's Enlist recruit
    start(state, ENLIST)
    act(state, "enlist")
    act(state, "enlist 1 power")
    assert state["end"] is not None and p["stars"]["power"] == 1
    assert len(state["players"][1]["cards"]) == 1


# -- free actions (encounters, Factory cards) --------------------------------------------------
def test_free_build_on_the_encounter_territory_needs_no_worker():
    state = three()
    place(state, 0, "character", "r1c4")
    push_free_action(state, 0, "build", "encounter", territory="r1c4")
    flow.settle(state)
    assert {a.args[1] for a in flow.legal_actions(state, 0) if a.kind == "build"} == {"r1c4"}
    act(state, "build armory r1c4")
    assert state["structures"]["r1c4"] == {"seat": 0, "kind": "armory"}
    assert state["players"][0]["coins"] == 4  # no section coins


def test_free_build_where_a_structure_stands_is_lost():
    state = three()
    place(state, 0, "character", "r1c4")
    build(state, 2, "mine", "r1c4")
    push_free_action(state, 0, "build", "encounter", territory="r1c4")
    events = texts(flow.settle(state))
    assert state["stack"] == []
    assert any("the free Build: it is lost" in t for t in events)


def test_free_deploy_on_a_lake_is_lost():
    state = three()
    place(state, 0, "character", "r1c2")
    push_free_action(state, 0, "deploy", "encounter", territory="r1c2")
    events = texts(flow.settle(state))
    assert state["stack"] == []
    assert unit_place(state, 0, "mech:speed") == "mat"
    assert any("the free Deploy: it is lost" in t for t in events)


def test_free_enlist_gives_the_one_time_bonus_only():
    state = three()
    push_free_action(state, 0, "enlist", "factory")
    act(state, "enlist 4 popularity")
    p = state["players"][0]
    assert p["popularity"] == 4 and p["coins"] == 4
    assert p["recruits"] == {"3": "popularity"}


def test_free_upgrade_completes_the_upgrade_star():
    state = three()
    p = state["players"][0]
    p["cubes"] = ["bolster_power"]
    p["upgrades"] = {"0": 1, "1": 2, "2": 1, "3": 1}
    push_free_action(state, 0, "upgrade", "encounter", territory="r1c4")
    act(state, "upgrade bolster_power 4")
    assert p["stars"] == {"upgrades": 1}


def test_s4_3_traded_resources_pay_for_the_bottom_action():
    """Through the game: Mechanical section 1 (Trade / Upgrade 3 oil, $0)."""
    game = ScytheGame()
    state = game.setup(2, {"assignment": "draft"}, 2)
    state, _ = game.apply(state, 0, Action.parse("pick nordic mechanical"))
    state, _ = game.apply(state, 1, Action.parse("pick polania agricultural"))
    put(state, "r0c5", "oil", 1)
    for text in ("section 1", "resources", "gain oil r0c5", "gain oil r0c5", "upgrade",
                 "upgrade bolster_power 2"):
        state, _ = game.apply(state, 0, Action.parse(text))
    p = state["players"][0]
    assert "r0c5" not in state["resources"]
    assert p["upgrades"] == {"1": 1} and "bolster_power" not in p["cubes"]
    assert p["coins"] == 6 - 1
