"""Recruit ongoing bonuses (spec S11.2-S11.5, T14-T18, A15) and the neighbours' stars they
cause (S17.6, A8). Every mat's bottom row holds Upgrade, Deploy, Build, Enlist in that order."""

from __future__ import annotations

from games.core import Action
from games.scythe import flow
from games.scythe.bottom import push_free_action
from games.scythe.state import pending, push
from tests.games.scythe.scenario import put, table

UPGRADE, DEPLOY, BUILD, ENLIST = 0, 1, 2, 3
HOME_TERRITORY = {"nordic": "r0c4", "rusviet": "r3c6", "crimea": "r6c3", "saxony": "r5c0"}


def players(count: int) -> dict:
    """Nordic/Industrial (A, seat 0, first), Rusviet/Engineering (B), Crimea/Patriotic (C),
    Saxony/Mechanical (D): the first `count` of them, seated clockwise in that order."""
    pairs = [("nordic", "industrial"), ("rusviet", "engineering"), ("crimea", "patriotic"),
             ("saxony", "mechanical")][:count]
    state = table(*pairs)
    assert state["order"] == list(range(count))
    return state


def enlisted(state: dict, seat: int, section: int) -> None:
    state["players"][seat]["recruits"][str(section)] = "coins"


def take(state: dict, seat: int, section: int, effect: str = "none") -> list:
    """`seat` takes the bottom action of `section` on its turn, paying with tokens laid on its
    starting territory, and answers the effect frame with `effect`."""
    state["active"] = seat
    faction = state["players"][seat]["faction"]
    cost = {"metal": 4, "wood": 4, "food": 4, "oil": 3}
    kind = ("oil", "metal", "wood", "food")[section]
    put(state, HOME_TERRITORY[faction], kind, cost[kind])
    push(state, {"kind": "bottom", "seat": seat, "section": section})
    events = flow.settle(state)
    events += act(state, ("upgrade", "deploy", "build", "enlist")[section])
    if state["stack"]:
        events += act(state, effect)
    return events


def act(state: dict, text: str) -> list:
    events = flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    return events + flow.settle(state)


def test_t14_ongoing_bonus_for_both_neighbours():
    state = players(3)
    enlisted(state, 0, BUILD)
    take(state, 1, BUILD)
    assert state["players"][0]["popularity"] == 3
    take(state, 2, BUILD)
    assert state["players"][0]["popularity"] == 4


def test_t15_no_bonus_for_a_player_who_is_not_a_neighbour():
    state = players(4)
    enlisted(state, 0, DEPLOY)
    take(state, 2, DEPLOY)
    assert state["players"][0]["coins"] == 4


def test_t16_two_players_bonus_once():
    state = players(2)
    enlisted(state, 0, DEPLOY)
    take(state, 1, DEPLOY)
    assert state["players"][0]["coins"] == 4 + 1


def test_t17_bonus_order_active_left_right():
    state = players(4)
    for seat in range(4):
        enlisted(state, seat, UPGRADE)
    events = [str(e.text) for e in take(state, 0, UPGRADE)]
    gains = [t.split(" gains")[0] for t in events if "gains 1 power" in t]
    assert gains == ["Seat 1", "Seat 2", "Seat 4"]
    assert state["players"][2]["power"] == 5  # Crimea is nobody's neighbour here


def test_t18_factory_card_never_triggers_recruits():
    state = players(2)
    enlisted(state, 1, DEPLOY)
    push_free_action(state, 0, "deploy", "factory")
    act(state, "deploy speed r0c4")
    assert state["players"][1]["coins"] == 5
    assert state["players"][0]["coins"] == 4


def test_encounter_actions_never_trigger_recruits():
    state = players(2)
    enlisted(state, 0, BUILD)
    enlisted(state, 1, BUILD)
    push_free_action(state, 0, "build", "encounter", territory="r0c4")
    act(state, "build mine r0c4")
    assert [p["popularity"] for p in state["players"]] == [2, 2]


def test_own_recruit_pays_the_active_player_too():
    state = players(2)
    enlisted(state, 0, DEPLOY)
    take(state, 0, DEPLOY)
    assert state["players"][0]["coins"] == 4 + 2 + 1


def test_a15_the_enlist_recruit_pays_on_its_own_enlist():
    state = players(2)
    events = take(state, 0, ENLIST, effect="enlist 4 power")
    p = state["players"][0]
    assert p["power"] == 6 and len(p["cards"]) == 1
    assert any("Enlist recruit pays out" in str(e.text) for e in events)


def test_neighbour_star_waits_until_the_action_has_resolved():
    """S17.6: B's 18-popularity star comes after A's Build, coins and bonuses."""
    state = players(2)
    state["players"][1]["popularity"] = 17
    enlisted(state, 1, BUILD)
    events = [str(e.text) for e in take(state, 0, BUILD, effect="build mine r0c4")]
    assert state["players"][1]["stars"] == {"popularity": 1}
    star = next(i for i, t in enumerate(events) if "Seat 2 places a star" in t)
    assert star == len(events) - 1


def test_neighbour_star_is_lost_when_the_action_ends_the_game():
    state = players(2)
    a, b = state["players"]
    a["stars"] = {"upgrades": 1, "mechs": 1, "recruits": 1, "workers": 1, "objective": 1}
    a["structures_built"] = ["mine", "mill", "armory"]
    state["structures"] = {"r1c3": {"seat": 0, "kind": "mine"},
                           "r1c4": {"seat": 0, "kind": "mill"},
                           "r1c5": {"seat": 0, "kind": "armory"}}
    b["popularity"] = 17
    enlisted(state, 1, BUILD)
    take(state, 0, BUILD, effect="build monument r0c4")
    assert state["end"]["seat"] == 0
    assert b["popularity"] == 18 and b["stars"] == {}
