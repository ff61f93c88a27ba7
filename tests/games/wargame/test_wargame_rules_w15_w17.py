"""One test per rule of the no-invasion markers (W15), the invasion (W16) and the joint
invasion (W17), named after the rule (issue 15): each sets up the situation the rule speaks
of and asserts the rule's outcome through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import force
from games.core.errors import IllegalAction
from games.wargame import combat, orders
from games.wargame.alliance import split_loss
from games.wargame.orders import place_marker, reach
from games.wargame.texts import area, power
from tests.games.wargame.scenario import DATA, acting, keys, legal
from tests.games.wargame.test_wargame_alliances import allied, gozoku, joint, wx5
from tests.games.wargame.test_wargame_combat import army, by, put, rule

State = dict[str, Any]


def empty(state: State, *areas: str) -> None:
    """Clear these areas of troops (the ledger follows) and make them neutral."""
    for aid in areas:
        state["ledger"]["removed"] += sum(state["areas"][aid]["troops"].values())
        state["areas"][aid] = {"control": None, "troops": {}}


def invades(state: State) -> list[str]:
    return [a for a in legal(state) if a.startswith("invade")]


def repulsed(state: State) -> State:
    """夏侯惇 and 6 of 陳留's 12 troops invade 濮陽 (3 豪族 troops), win a 計略 round (the
    豪族 lose 1) and retreat; the 豪族 pursue for nothing."""
    put(state, "chenliu", "cao", 12)
    force(state, 1, 3, 4, 5, 1)  # battle_method 4 (計略); keiryaku 4 / 5; pursuit 1
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 6",
                  "confirm", "retreat")
    assert state["battle"] is None and army(state, "puyang", "gozoku") == 2
    return state


def send(state: State, cao: int, tao: int) -> tuple[State, list]:
    """WX5's coalition (曹操 in 陳留, 陶謙 in 彭城, allowed 5 troops) invades 山陽 with these
    troops; 陶謙's player accepts the contingent."""
    state, told = by(state, "cao", "invade shanyang", "general xiahou_dun",
                     f"troops chenliu {cao}", "general cao_bao", f"troops pengcheng {tao}",
                     "confirm")
    state, more = by(state, "tao", "accept")
    return state, told + more


def with_minor(cao: int, yuanshu: int, **options: Any) -> tuple[State, list]:
    """曹操 (曹仁 in 許昌) and his minor ally 袁術 (紀霊 in 宛) invade 汝南 (4 豪族 troops, a
    small city) with these troops; `battle_method` = 5 (合戦, N = 1) asks 曹操 for the one
    general."""
    state = acting("cao", minor_combat="auto", **options)
    put(state, "xuchang", "cao", cao, "cao_ren")
    state["step"]["dp"] = 2
    state, told = by(state, "cao", "ally yuanshu")
    put(state, "wan", "yuanshu", yuanshu)
    gozoku(state, "runan", 4)
    force(state, 2, 3)
    state, more = by(state, "cao", "invade runan", "general cao_ren", f"troops xuchang {cao}",
                     "general ji_ling", f"troops wan {yuanshu}", "confirm")
    assert rule(state) == "select"
    return state, told + more


def coalition(cao: int, tao: int, gentry: int) -> State:
    """WX5's alliance, with these troops in 陳留 and 彭城 and 豪族 troops in 山陽 (0: empty)."""
    state = allied(wx5(minor_combat="auto"))
    put(state, "chenliu", "cao", cao, "xiahou_dun")
    put(state, "pengcheng", "tao", tao, "cao_bao")
    if gentry:
        gozoku(state, "shanyang", gentry)
    else:
        empty(state, "shanyang")
    return state


# -- W15: no-invasion markers -------------------------------------------------------------------
def test_w15_1_dp_place_and_remove_no_invasion_markers():
    state = acting("cao")
    state["markers"]["chenliu|shanyang"] = 1
    assert "block" not in legal(state) and "unblock chenliu shanyang" not in legal(state)
    state["step"]["dp"] = 2
    assert {"block", "unblock chenliu shanyang"} <= set(legal(state))
    state, events = by(state, "cao", "block", "from chenliu", "to puyang",
                       "unblock chenliu shanyang")
    assert state["markers"] == {"chenliu|puyang": 1}
    assert {"wargame.block.done", "wargame.unblock.done"} <= set(keys(events))


def test_w15_2_each_marker_placed_or_removed_costs_1_dp():
    state = acting("cao")
    state["step"]["dp"] = 3
    state, _ = by(state, "cao", "block", "from chenliu", "to puyang")
    assert state["step"]["dp"] == 2
    state, _ = by(state, "cao", "block", "from puyang", "to chenliu")
    assert state["step"]["dp"] == 1 and state["markers"] == {"chenliu|puyang": 2}
    state, _ = by(state, "cao", "unblock chenliu puyang")
    assert state["step"]["dp"] == 0 and state["markers"] == {"chenliu|puyang": 1}
    assert "block" not in legal(state)


def test_w15_3_a_marker_lies_on_a_side_between_two_areas():
    state = acting("cao")
    state["step"]["dp"] = 2
    state, _ = by(state, "cao", "block", "from chenliu")
    offered = {a.split()[1] for a in legal(state) if a.startswith("to ")}
    assert offered == set(DATA.neighbours["chenliu"])
    with pytest.raises(IllegalAction):
        place_marker(state, "chenliu", "qiao")  # no side joins them
    state, _ = by(state, "cao", "to shanyang")
    assert state["markers"] == {"chenliu|shanyang": 1}  # one side, whichever end named it


def test_w15_4_markers_go_anywhere_and_a_side_may_hold_several():
    state = acting("cao")
    state["step"]["dp"] = 4
    for _ in range(3):
        state, _ = by(state, "cao", "block", "from chenliu", "to puyang")
    state, _ = by(state, "cao", "block", "from chengdu", "to zitong")  # far from 曹操
    assert state["markers"] == {"chenliu|puyang": 3, "chengdu|zitong": 1}


def test_w15_6_a_side_cleared_of_every_marker_may_be_crossed_in_the_same_step():
    state = acting("cao")
    empty(state, "shanyang")
    state["markers"]["chenliu|shanyang"] = 2
    state["step"]["dp"] = 2
    state, _ = by(state, "cao", "unblock chenliu shanyang")
    assert "invade shanyang" not in legal(state)  # one marker is left
    state, _ = by(state, "cao", "unblock chenliu shanyang")
    assert "invade shanyang" in legal(state)
    state, events = by(state, "cao", "invade shanyang", "general xiahou_yuan",
                       "troops chenliu 3", "confirm")
    assert "wargame.invade.no_combat" in keys(events)


def test_w15_7_markers_never_affect_redeployment_nor_retreat():
    state = acting("cao", minor_combat="auto")
    put(state, "xuchang", "cao", 2)
    state["markers"]["chenliu|xuchang"] = 2
    force(state, 1, 3, 4, 5)  # 計略: the 豪族 of 濮陽 lose 1, nobody is routed
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 6",
                  "confirm")
    state["markers"]["chenliu|puyang"] = 1  # laid behind the invaders
    assert combat.destinations(state, "cao", forced=False) == ["chenliu"]
    force(state, 1)
    state, _ = by(state, "cao", "retreat")
    assert state["generals"]["xiahou_dun"]["area"] == "chenliu"
    state, _ = by(state, "cao", "end")
    assert reach(state, "chenliu", 2) == {"xuchang": 1}
    state, _ = by(state, "cao", "move chenliu", "troops 2", "to xuchang")
    assert army(state, "xuchang", "cao") == 4


# -- W16: invasion ------------------------------------------------------------------------------
def test_w16_1_an_invasion_goes_into_an_adjacent_area():
    state = acting("cao")
    targets = [a.split()[1] for a in invades(state)]
    assert targets and all(DATA.adjacent("chenliu", t) for t in targets)
    assert "qiao" not in targets  # 譙 does not border 陳留
    problem = orders.invasion_problem(state, "qiao", ["xiahou_dun"], {"chenliu": 3})
    assert problem is not None and problem.key == "wargame.refuse.invade_source"


def test_w16_2_an_invading_area_takes_no_domestic_action_and_a_domestic_one_no_invasion():
    state = acting("cao")
    empty(state, "shanyang", "chen")
    put(state, "xuchang", "cao", 3, "cao_ren")
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                  "confirm")
    assert "levy chenliu" not in legal(state) and "diplo" not in legal(state)
    state, _ = by(state, "cao", "levy xuchang", "general cao_ren", "confirm")
    state, _ = by(state, "cao", "invade chen")
    assert not [a for a in legal(state) if "xuchang" in a or "cao_ren" in a]


def test_w16_3_one_area_may_invade_several_areas():
    state = acting("cao")
    empty(state, "shanyang", "chen")
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_yuan", "troops chenliu 2",
                  "confirm", "invade chen", "general cao_hong", "troops chenliu 2", "confirm")
    assert army(state, "shanyang", "cao") == 2 and army(state, "chen", "cao") == 2
    assert army(state, "chenliu", "cao") == 2


def test_w16_4_several_areas_may_invade_one_area_together():
    state = acting("cao")
    empty(state, "chen")
    put(state, "xuchang", "cao", 3, "cao_ren")
    state, events = by(state, "cao", "invade chen", "general xiahou_yuan", "troops chenliu 2",
                       "general cao_ren", "troops xuchang 3", "confirm")
    assert army(state, "chen", "cao") == 5
    assert state["step"]["status"] == {"chenliu": "invading", "xuchang": "invading"}
    done = next(e for e in events if e.text.key == "wargame.invade.done")
    assert len(done.text.params["parts"]) == 2


def test_w16_5_some_units_of_an_invading_area_may_stay():
    state = acting("cao")
    empty(state, "shanyang", "chen")
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_yuan", "troops chenliu 2",
                  "confirm")
    assert army(state, "chenliu", "cao") == 4
    assert state["generals"]["cao_ren"]["area"] == "chenliu"
    state, _ = by(state, "cao", "invade chen")
    assert {"general cao_ren", "general cao_cao"} <= set(legal(state))  # free to go later


def test_w16_6_no_invasion_of_generals_only_or_troops_only_from_any_source():
    state = acting("cao")
    empty(state, "chen")
    put(state, "xuchang", "cao", 3, "cao_ren")
    state, _ = by(state, "cao", "invade chen")
    assert not [a for a in legal(state) if a.startswith("troops")]  # a general first
    state, _ = by(state, "cao", "general xiahou_yuan")
    assert "confirm" not in legal(state)  # generals only
    problem = orders.invasion_problem(state, "chen", ["xiahou_yuan"],
                                      {"chenliu": 2, "xuchang": 3})
    assert problem is not None and problem.key == "wargame.refuse.contingent"  # 許昌: troops


def test_w16_7_the_invader_states_the_target_and_the_units_used():
    state = acting("cao")
    empty(state, "shanyang")
    state, _ = by(state, "cao", "invade shanyang")
    assert "confirm" not in legal(state)  # no unit named yet
    state, events = by(state, "cao", "general xiahou_yuan", "troops chenliu 3", "confirm")
    there = [g for g, s in state["generals"].items() if s["area"] == "shanyang"]
    assert there == ["xiahou_yuan"] and army(state, "shanyang", "cao") == 3
    done = next(e for e in events if e.text.key == "wargame.invade.done")
    assert done.text.params["area"] == area("shanyang")


def test_w16_9_a_unit_invades_at_most_once_a_step():
    state = repulsed(acting("cao", minor_combat="auto"))
    assert state["generals"]["xiahou_dun"]["area"] == "chenliu"  # back, but has acted
    empty(state, "shanyang")
    state, _ = by(state, "cao", "invade shanyang")
    assert "general xiahou_dun" not in legal(state)
    state, _ = by(state, "cao", "general xiahou_yuan")
    counts = [int(a.split()[2]) for a in legal(state) if a.startswith("troops")]
    assert max(counts) == 6  # 12 in 陳留, 6 of them invaded already


def test_w16_10_an_area_may_be_invaded_more_than_once_a_step():
    state = repulsed(acting("cao", minor_combat="auto"))
    assert "invade puyang" in legal(state)
    force(state, 1, 3, 6, 2)  # 計略: 8 against 1, the 豪族 are routed
    state, events = by(state, "cao", "invade puyang", "general xiahou_yuan",
                       "troops chenliu 6", "confirm")
    assert "wargame.battle.begins" in keys(events)
    assert state["last_battle"]["number"] == 2 and state["last_battle"]["area"] == "puyang"
    assert state["last_battle"]["winner"] == "attacker"


def test_w16_11_a_nation_may_not_invade_an_area_it_controls():
    state = acting("cao")
    put(state, "xuchang", "cao", 3, "cao_ren")
    assert "invade xuchang" not in legal(state) and "invade chenliu" not in legal(state)
    problem = orders.invasion_problem(state, "xuchang", ["xiahou_dun"], {"chenliu": 3})
    assert problem is not None and problem.key == "wargame.refuse.invade_target"


def test_w16a_an_invasion_order_is_legal_only_when_every_condition_holds():
    state = acting("cao")
    put(state, "xuchang", "cao", 3, "cao_ren")
    problem = orders.invasion_problem

    def refusal(target: str, chosen: list[str], sent: dict[str, int]) -> str | None:
        found = problem(state, target, chosen, sent)
        return None if found is None else found.key

    assert refusal("shanyang", ["xiahou_dun"], {"chenliu": 3}) is None
    assert refusal("shanyang", [], {}) == "wargame.refuse.invade_empty"
    assert refusal("shanyang", ["cao_ren"], {"xuchang": 3}) == "wargame.refuse.invade_source"
    assert refusal("shanyang", ["xiahou_dun"], {"chenliu": 7}) == "wargame.refuse.troops_busy"
    state["markers"]["chenliu|shanyang"] = 1  # a marker on the side crossed
    assert refusal("shanyang", ["xiahou_dun"], {"chenliu": 3}) == "wargame.refuse.invade_source"
    empty(state, "chen")
    state, _ = by(state, "cao", "invade chen", "general xiahou_yuan", "troops chenliu 2",
                  "confirm")
    assert refusal("puyang", ["xiahou_yuan"], {"chen": 2}) == "wargame.refuse.invade_source"
    assert refusal("chen", ["cao_ren"], {"xuchang": 3}) == "wargame.refuse.invade_target"
    back = repulsed(acting("cao", minor_combat="auto"))  # 夏侯惇 has invaded and come back
    busy = problem(back, "shanyang", ["xiahou_dun"], {"chenliu": 3})
    assert busy is not None and busy.key == "wargame.refuse.general_busy"


def test_w16b_invaders_move_at_once_free_generals_cause_no_combat_control_comes_at_end():
    state = acting("cao")
    empty(state, "chen")
    state["generals"]["cheng_yu"].update(state="zaiya", nation=None, area="chen")
    state, events = by(state, "cao", "invade chen", "general xiahou_yuan", "troops chenliu 3",
                       "confirm")
    assert "wargame.invade.no_combat" in keys(events) and state["battle"] is None
    assert state["generals"]["xiahou_yuan"]["area"] == "chen" and army(state, "chen", "cao") == 3
    assert state["step"]["status"]["chenliu"] == "invading"
    assert state["areas"]["chen"]["control"] is None  # not before the step ends
    state, _ = by(state, "cao", "end")
    assert state["areas"]["chen"]["control"] == "cao"
    assert state["generals"]["cheng_yu"]["nation"] == "cao"  # the free general joins (W5.5.9)


# -- W17: joint invasion ------------------------------------------------------------------------
def test_w17_1_armies_of_several_nations_invade_one_area_at_once():
    state = allied(wx5(minor_combat="auto"))
    state, events = joint(state)
    assert state["battle"]["armies"]["attacker"] == ["cao", "tao"]
    assert army(state, "shanyang", "cao") == 10 and army(state, "shanyang", "tao") == 4
    assert keys(events).count("wargame.invade.done") == 1  # one invasion, at the same time


def test_w17_2_a_joint_invasion_may_include_an_allied_minor_nation():
    state = acting("cao", minor_combat="auto")
    put(state, "xuchang", "cao", 6, "cao_ren")
    state["step"]["dp"] = 2
    state, _ = by(state, "cao", "ally yuanshu")
    state, events = by(state, "cao", "invade runan", "general cao_ren", "troops xuchang 6",
                       "general ji_ling", "troops wan 4", "confirm")
    assert "wargame.battle.begins" in keys(events)
    assert sorted(state["battle"]["armies"]["attacker"]) == ["cao", "yuanshu"]


def test_w17_3_the_gentry_never_take_part_in_a_joint_invasion():
    state = acting("cao")
    state["step"]["dp"] = 25
    state, _ = by(state, "cao", "ally gozoku ji")
    gozoku(state, "henei", 30)
    put(state, "luoyang", "dong", 1)
    state, _ = by(state, "cao", "invade luoyang", "troops henei 10", "general cao_ren",
                  "troops chenliu 6")
    assert "confirm" not in legal(state)
    problem = orders.invasion_problem(state, "luoyang", ["cao_ren"], {"henei": 10, "chenliu": 6})
    assert problem is not None and problem.key == "wargame.refuse.gozoku_joint"


def test_w17_4_a_joint_armys_troop_loss_is_shared_by_its_nations():
    state, _ = with_minor(10, 4)
    force(state, 2, 6)  # kassen 2 / 6: 2 + 3 + 1 (14 troops) = 6 against 6 + 1 (small city)
    state, events = by(state, "cao", "general ji_ling")
    assert state["battle"]["rounds"][0]["losses"] == {"attacker": 3, "defender": 1}
    assert army(state, "runan", "cao") == 10 - 2 and army(state, "runan", "yuanshu") == 4 - 1
    lost = {e.text.params["power"] for e in events if e.text.key == "wargame.battle.loss"}
    assert lost == {power("cao"), power("yuanshu"), power("gozoku")}  # one loss per nation


def test_w17_4_1_equal_shares_and_a_tie_for_most_troops_gives_the_rest_to_the_acting_player():
    state, _ = with_minor(4, 4)
    force(state, 3, 6)  # kassen 3 / 6: 3 + 3 + 0 = 6 against 7: the coalition loses 3
    state, _ = by(state, "cao", "general ji_ling")
    assert army(state, "runan", "cao") == 4 - 2 and army(state, "runan", "yuanshu") == 4 - 1
    # 兵力が同数の場合は、手番プレイヤーが被る: the acting nation bears it though not tied
    assert split_loss({"cao": 2, "tao": 4, "yuanshu": 4}, 4, "cao") == \
        {"cao": 2, "tao": 1, "yuanshu": 1}


def test_w17_5_the_nation_with_most_troops_left_keeps_the_area_and_the_others_retreat():
    state = coalition(10, 4, 1)
    force(state, 3, 4, 6, 1)  # 合戦: the 豪族 are wiped out in round 1
    state, _ = send(state, 10, 4)
    assert rule(state) == "joint"
    assert state["battle"]["keeper"] == "cao"  # 10 > 4
    state, events = by(state, "cao", "keep")
    assert "wargame.joint.keeps" in keys(events)
    assert army(state, "pengcheng", "tao") == 4 and army(state, "shanyang", "tao") == 0
    assert state["generals"]["cao_bao"]["area"] == "pengcheng"
    state, _ = by(state, "cao", "end")
    assert state["areas"]["shanyang"]["control"] == "cao"


def test_w17_5_1_a_tie_for_most_troops_is_settled_by_the_acting_player():
    state = coalition(5, 5, 0)
    state, _ = send(state, 5, 5)
    assert rule(state) == "joint" and sorted(legal(state)) == ["keep cao", "keep tao"]
    state, _ = by(state, "cao", "keep tao")
    state, _ = by(state, "tao", "keep")
    assert army(state, "shanyang", "tao") == 5 and army(state, "chenliu", "cao") == 5
    state, _ = by(state, "cao", "end")
    assert state["areas"]["shanyang"]["control"] == "tao"


def test_w17_5_2_the_nation_that_gains_control_may_hand_it_to_a_partner():
    state = coalition(10, 4, 0)
    state, _ = send(state, 10, 4)
    assert state["battle"]["keeper"] == "cao"
    assert "give_control tao" in legal(state)
    state, events = by(state, "cao", "give_control tao")
    assert "wargame.joint.given" in keys(events)
    assert army(state, "shanyang", "tao") == 4 and army(state, "chenliu", "cao") == 10
    assert state["generals"]["xiahou_dun"]["area"] == "chenliu"
    state, _ = by(state, "cao", "end")
    assert state["areas"]["shanyang"]["control"] == "tao"


def test_w17_6_a_joint_army_is_routed_only_when_all_its_troops_are_gone():
    state, _ = with_minor(10, 1, minor_ratio_scope="joint")
    force(state, 2, 6)  # kassen 2 / 6: 2 + 3 + 1 = 6 against 7: the coalition loses 3
    state, _ = by(state, "cao", "general ji_ling")
    assert army(state, "runan", "yuanshu") == 0 and army(state, "runan", "cao") == 8
    assert not combat.routed(state, "attacker")
    assert state["battle"]["retreating"] is None and rule(state) == "declare"
