"""One test per rule of the alliances (W12 with a major nation, W13 with a minor nation, W14
with the 豪族), named after the rule (issue 15): each sets up the situation the rule speaks
of and asserts the rule's outcome through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import force
from games.core.errors import IllegalAction
from games.wargame import orders
from games.wargame.alliance import gozoku_group
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, seat_of
from tests.games.wargame.test_wargame_alliances import allied, gozoku, joint, offers, wx4, wx5
from tests.games.wargame.test_wargame_combat import army, by, put, rule, vacate

State = dict[str, Any]


def empty(state: State, aid: str, owner: str | None = None) -> None:
    """Clear `aid` of troops (the ledger follows), leaving it to `owner` (neutral if None)."""
    state["ledger"]["removed"] += sum(state["areas"][aid]["troops"].values())
    state["areas"][aid] = {"control": owner, "troops": {}}


def next_phase(state: State, nid: str) -> State:
    """End the acting nation's action and redeploy steps; `nid`'s phase follows."""
    state["cup"] = [nid]
    acting_nation = state["step"]["nation"]
    state, _ = by(state, acting_nation, "end", "end")
    assert state["acting"] == nid
    return state


def minor_ally(state: State, dp: int = 2) -> State:
    """曹操 buys the alliance of the minor 袁術 (宛 and 新野)."""
    state["step"]["dp"] = dp
    state, _ = by(state, "cao", "ally yuanshu")
    return state


# -- W12: alliance with a major nation ----------------------------------------------------------
def test_w12_1_a_major_alliance_is_made_at_once_on_agreement_and_costs_no_dp():
    state = acting("cao")
    assert state["step"]["dp"] == 0 and "ally tao" in legal(state)
    state, _ = by(state, "cao", "ally tao")
    assert GAME.to_act(state) == {seat_of(state, "tao")}
    assert offers(state, "tao") == ["accept", "decline"]
    state, events = by(state, "tao", "accept")
    assert state["step"]["allies"]["tao"]["kind"] == "major"
    assert "wargame.ally.made" in keys(events) and state["step"]["dp"] == 0
    assert "ally tao" not in legal(state)
    assert "ally sun" in legal(state)  # a phase may have several alliances


def test_w12_2_a_major_alliance_ends_with_the_phase():
    state = acting("cao")
    put(state, "qiao", "cao", 2)
    put(state, "pengcheng", "tao", 4, "cao_bao")
    state, _ = by(state, "cao", "ally tao")
    state, _ = by(state, "tao", "accept")
    state = next_phase(state, "tao")
    assert state["step"]["allies"] == {}
    assert "invade qiao" in offers(state, "tao")  # no longer protected by the alliance


def test_w12_3_an_allied_major_moves_its_units_in_the_acting_nations_phase():
    state = allied(wx5())
    empty(state, "shanyang")
    state, events = joint(state)
    assert state["acting"] == "cao"
    assert state["generals"]["cao_bao"]["area"] == "shanyang"
    assert army(state, "shanyang", "tao") == 4 and army(state, "shanyang", "cao") == 10
    assert "wargame.joint.proposed" in keys(events)


def test_w12_4_each_dp_lets_5_troops_or_2_generals_of_the_ally_invade():
    state = wx5()
    put(state, "pengcheng", "tao", 8, "cao_bao")
    state, _ = by(state, "cao", "ally tao")
    state, _ = by(state, "tao", "accept")
    state, _ = by(state, "cao", "allow tao troops")
    assert state["step"]["allies"]["tao"] == {"kind": "major", "troops": 5, "generals": 0}
    state, _ = by(state, "cao", "allow tao generals")
    assert state["step"]["allies"]["tao"] == {"kind": "major", "troops": 5, "generals": 2}
    assert state["step"]["dp"] == 0
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_dun", "troops chenliu 10",
                  "general cao_bao")
    assert "troops pengcheng 5" in legal(state) and "troops pengcheng 6" not in legal(state)


def test_w12_5_a_joint_invasion_needs_at_least_2_dp():
    assert DATA.constants["ally_major"]["min_dp_for_joint_invasion"] == 2
    state = wx5()
    state["step"]["dp"] = 1
    state, _ = by(state, "cao", "ally tao")
    state, _ = by(state, "tao", "accept")
    state, _ = by(state, "cao", "allow tao troops")  # 1 DP: troops, but no general
    assert not [a for a in legal(state) if a.startswith("allow")]
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_dun", "troops chenliu 10")
    assert "general cao_bao" not in legal(state)
    problem = orders.invasion_problem(state, "shanyang", ["xiahou_dun", "cao_bao"],
                                      {"chenliu": 10, "pengcheng": 4})
    assert problem is not None and problem.key == "wargame.refuse.allowance"


def test_w12_6_an_allied_major_may_not_be_invaded_this_phase():
    state = acting("cao")
    put(state, "shanyang", "cao", 5, "cao_ren")
    put(state, "pengcheng", "tao", 4, "cao_bao")
    assert "invade pengcheng" in legal(state)
    state, _ = by(state, "cao", "ally tao")
    state, _ = by(state, "tao", "accept")
    assert "invade pengcheng" not in legal(state)
    problem = orders.invasion_problem(state, "pengcheng", ["cao_ren"], {"shanyang": 5})
    assert problem is not None and problem.key == "wargame.refuse.invade_target"


def test_w12_7_an_allied_major_may_not_invade_the_acting_nation():
    state = allied(wx5())
    put(state, "shanyang", "cao", 5, "cao_ren")
    problem = orders.invasion_problem(state, "shanyang", ["xiahou_dun", "cao_bao"],
                                      {"chenliu": 5, "pengcheng": 4})
    assert problem is not None and problem.key == "wargame.refuse.invade_target"


def test_w12_8_no_alliance_with_a_major_invaded_this_phase():
    state = acting("cao")
    put(state, "shanyang", "cao", 5, "cao_ren")
    put(state, "qiao", "tao", 0)  # 陶謙's area, empty: no combat
    assert "ally tao" in legal(state)
    state, events = by(state, "cao", "invade qiao", "general cao_ren", "troops shanyang 3",
                       "confirm")
    assert "wargame.invade.no_combat" in keys(events)
    assert "ally tao" not in legal(state)


def test_w12a_allowance_used_per_unit_from_adjacent_areas_and_no_levy_for_the_ally():
    state = allied(wx5())
    state, _ = by(state, "cao", "invade shanyang")
    assert "general tao_qian" not in legal(state)  # 下邳 does not border 山陽
    state, _ = by(state, "cao", "cancel")
    empty(state, "shanyang")
    state, _ = joint(state)
    assert state["step"]["allies"]["tao"] == {"kind": "major", "troops": 1, "generals": 1}
    state, _ = by(state, "cao", "keep")  # 曹操 (10 > 4) keeps 山陽; 陶謙 goes home
    assert "levy pengcheng" not in legal(state)


def test_w12b_an_area_invaded_by_an_ally_counts_as_invaded_by_the_coalition():
    state = minor_ally(acting("cao"), dp=4)
    put(state, "runan", "tao", 0)  # 陶謙's empty area next to 宛
    assert "ally tao" in legal(state)
    state, _ = by(state, "cao", "invade runan", "general ji_ling", "troops wan 4", "confirm")
    assert "tao" in state["step"]["invaded"]
    assert "ally tao" not in legal(state)  # W12.8 through the minor ally's invasion


# -- W13: alliance with a minor nation ----------------------------------------------------------
def test_w13_1_dp_buy_an_alliance_with_a_minor_nation():
    state = acting("cao")
    assert "ally yuanshu" not in legal(state)  # no DP
    state["step"]["dp"] = 2
    assert "ally yuanshu" in legal(state)
    state, events = by(state, "cao", "ally yuanshu")
    assert state["step"]["allies"]["yuanshu"]["kind"] == "minor"
    assert "wargame.ally.minor" in keys(events)


def test_w13_2_the_cost_is_the_areas_the_minor_controls_when_allied():
    state = acting("cao")
    put(state, "runan", "yuanshu", 2)  # a third area for 袁術
    state["step"]["dp"] = 2
    assert "ally yuanshu" not in legal(state)
    state["step"]["dp"] = 3
    state, _ = by(state, "cao", "ally yuanshu")
    assert state["step"]["dp"] == 0
    assert state["step"]["ally_areas"] == {"wan": "yuanshu", "xinye": "yuanshu",
                                           "runan": "yuanshu"}


def test_w13_3_a_minor_alliance_ends_with_the_phase():
    state = minor_ally(acting("cao"))
    assert "levy wan" in legal(state)
    state = next_phase(state, "tao")
    assert state["step"]["allies"] == {} and state["step"]["ally_areas"] == {}
    assert "levy wan" not in offers(state, "tao")


def test_w13_4_an_allied_minor_may_not_be_invaded_this_phase():
    state = acting("cao")
    put(state, "xuchang", "cao", 6, "cao_ren")
    assert "invade wan" in legal(state)
    state = minor_ally(state)
    assert "invade wan" not in legal(state)


def test_w13_5_no_alliance_with_a_minor_invaded_this_phase():
    state = acting("cao")
    put(state, "xuchang", "cao", 6, "cao_ren")
    put(state, "runan", "yuanshu", 0)  # 袁術's empty area: no combat
    state["step"]["dp"] = 4
    assert "ally yuanshu" in legal(state)
    state, _ = by(state, "cao", "invade runan", "general cao_ren", "troops xuchang 3",
                  "confirm")
    assert "ally yuanshu" not in legal(state)


def test_w13_6_1_an_allied_minor_levies_invades_and_redeploys_but_does_no_diplomacy():
    state = minor_ally(acting("cao"))
    assert {"levy wan", "levy xinye", "invade runan"} <= set(legal(state))
    state, _ = by(state, "cao", "levy xinye", "general qiao_rui", "confirm")
    assert army(state, "xinye", "yuanshu") == 3 + 2
    state, _ = by(state, "cao", "diplo")
    assert [a for a in legal(state) if a.startswith("group")] == ["group cao_cao"]
    state, _ = by(state, "cao", "cancel", "end", "move wan", "general zhang_xun")
    assert [a for a in legal(state) if a.startswith("to")] == ["to xinye"]  # its own areas
    state, _ = by(state, "cao", "to xinye")
    assert state["generals"]["zhang_xun"]["area"] == "xinye"


def test_w13_6_3_an_allied_minor_may_never_invade_the_acting_nation():
    state = acting("cao")
    put(state, "xuchang", "cao", 2)
    state = minor_ally(state)
    problem = orders.invasion_problem(state, "xuchang", ["ji_ling"], {"wan": 4})
    assert problem is not None and problem.key == "wargame.refuse.invade_target"


def test_w13_6_4_every_allied_area_that_did_not_invade_levies_extra_levy_optional():
    state = acting("cao")
    put(state, "runan", "yuanshu", 2)  # no general: it cannot levy
    state = minor_ally(state, dp=3)
    force(state, 1)
    state, _ = by(state, "cao", "levy wan", "general yuan_shu", "extra yuan_shu", "confirm")
    assert army(state, "wan", "yuanshu") == 8 + 3 + 1  # the extra levy was chosen
    state, events = by(state, "cao", "end")
    assert army(state, "xinye", "yuanshu") == 3 + 2  # base levy only, made at once
    assert army(state, "wan", "yuanshu") == 12 and army(state, "runan", "yuanshu") == 2
    assert keys(events).count("wargame.levy.auto") == 1


# -- W14: alliance with the 豪族 ------------------------------------------------------------------
def test_w14_1_a_gentry_alliance_works_as_a_minors():
    state = wx4()
    state, _ = by(state, "yuanshao", "ally gozoku liaodong")
    ctx = state["step"]
    assert ctx["dp"] == 2 and ctx["ally_areas"] == {"liaodong": "gozoku"}
    assert {"levy liaodong", "invade beiping"} <= set(legal(state))
    state, events = by(state, "yuanshao", "end")
    assert "wargame.levy.auto" in keys(events)  # W13.6.4 holds for it too


def test_w14_2_gentry_areas_joined_by_passable_sides_are_allied_as_one_group():
    state = acting("cao")
    assert DATA.side("liaodong", "beihai") == "impassable"
    assert state["areas"]["beihai"]["control"] == "gozoku"
    assert gozoku_group(state, DATA, "liaodong") == ["liaodong"]
    assert gozoku_group(state, DATA, "wudu") == ["tianshui", "wudu"]
    state["step"]["dp"] = 1
    assert "ally gozoku liaodong" in legal(state) and "ally gozoku tianshui" not in legal(state)
    state["step"]["dp"] = 2
    state, _ = by(state, "cao", "ally gozoku tianshui")
    assert state["step"]["dp"] == 0 and state["step"]["gozoku"] == ["tianshui", "wudu"]
    state = acting("cao", minor_combat="auto")  # W13.5 for a group: none of its areas invaded
    state["step"]["dp"] = 30
    assert "ally gozoku ji" in legal(state)  # the 25 areas of the north and east
    put(state, "chenliu", "cao", 12)
    force(state, 1, 3, 4, 5, 1)  # 計略: the 豪族 of 濮陽 lose 1; the attacker then retreats
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 6",
                  "confirm", "retreat")
    assert state["areas"]["puyang"]["control"] == "gozoku"
    assert "ally gozoku ji" not in legal(state)


def test_w14_2_a_gentry_group_is_named_by_any_of_its_areas_and_a_refusal_lists_them():
    """W14.2, W33.3 (WX4): `ally gozoku <area>` takes any area of the group, typed alone or
    in a batch; an area of no group that may be allied is refused with those that would
    be accepted."""
    state = acting("cao", minor_combat="auto")
    state["step"]["dp"] = 30
    group = gozoku_group(state, DATA, "ji")
    assert "changshan" in group and group[0] == "ji"
    allied, _ = by(state, "cao", "ally gozoku changshan")
    assert allied["step"]["gozoku"] == group and allied["step"]["dp"] == 30 - len(group)
    batched, _ = by(state, "cao", "orders ally gozoku changshan")
    assert batched["step"]["gozoku"] == group
    with pytest.raises(IllegalAction) as refused:
        by(state, "cao", "ally gozoku chenliu")
    said = refused.value.message
    assert said.key == "wargame.refuse.gozoku_area"
    listed = [a.key for a in said.params["areas"]]
    assert {f"wargame.area.{a}" for a in [*group, "liaodong", "tianshui", "wudu"]} <= set(listed)
    state["step"]["dp"] = 0
    with pytest.raises(IllegalAction) as none:
        by(state, "cao", "ally gozoku changshan")
    assert none.value.message.key == "wargame.refuse.gozoku_none"


def test_w14_3_a_gentry_levy_adds_the_power_without_a_general():
    state = wx4()
    state, _ = by(state, "yuanshao", "ally gozoku liaodong", "levy liaodong", "confirm")
    assert army(state, "liaodong", "gozoku") == 12 + 2
    assert state["step"]["status"]["liaodong"] == "domestic"


def test_w14_4_1_a_gentry_invasion_needs_no_general():
    state = wx4()
    state, _ = by(state, "yuanshao", "ally gozoku liaodong", "invade beiping")
    assert not [a for a in legal(state) if a.startswith("general")]
    state, events = by(state, "yuanshao", "troops liaodong 9", "confirm")
    assert "wargame.battle.begins" in keys(events)
    assert state["battle"]["armies"]["attacker"] == ["gozoku"]


def test_w14_4_2_each_gentry_source_keeps_at_least_3_troops():
    state = wx4()
    gozoku(state, "liaodong", 7)
    put(state, "beiping", "gongsun", 1)
    state, _ = by(state, "yuanshao", "ally gozoku liaodong", "invade beiping")
    assert "troops liaodong 4" in legal(state) and "troops liaodong 5" not in legal(state)
    problem = orders.invasion_problem(state, "beiping", [], {"liaodong": 5})
    assert problem is not None and problem.key == "wargame.refuse.gozoku_keep"


def test_w14_4_3_gentry_invaders_are_at_least_twice_the_enemy_summed_over_sources():
    state = acting("cao")
    state["step"]["dp"] = 25
    state, _ = by(state, "cao", "ally gozoku ji")
    gozoku(state, "henei", 8)
    gozoku(state, "xuchang", 8)
    put(state, "luoyang", "dong", 5)
    problem = orders.invasion_problem
    assert problem(state, "luoyang", [], {"henei": 5, "xuchang": 5}) is None  # 10 ≥ 2 × 5
    short = problem(state, "luoyang", [], {"henei": 5, "xuchang": 4})
    assert short is not None and short.key == "wargame.refuse.gozoku_ratio"
    gozoku(state, "chen", 4)
    assert problem(state, "qiao", [], {"chen": 1}) is None  # an empty target counts 0


def test_w14_5_a_gentry_redeploy_leaves_3_or_what_an_area_already_held():
    state = acting("cao")
    state["step"]["dp"] = 25
    state, _ = by(state, "cao", "ally gozoku ji", "end")
    for aid, count in (("chen", 6), ("runan", 1)):
        gozoku(state, aid, count)
    state["redeploy"]["before"].update(chen=6, runan=1)
    assert "move runan" not in legal(state)  # 1 ≤ 2: it may stay, but not give
    state, _ = by(state, "cao", "move chen")
    assert "troops 3" in legal(state) and "troops 4" not in legal(state)
    state, _ = by(state, "cao", "troops 3", "to runan")
    assert army(state, "chen", "gozoku") == 3 and army(state, "runan", "gozoku") == 4


def test_w14a_an_area_won_by_an_allied_gentry_army_becomes_a_gentry_area():
    state = wx4()
    vacate(state, "beiping")
    empty(state, "beiping", "gongsun")
    state, events = by(state, "yuanshao", "ally gozoku liaodong", "invade beiping",
                       "troops liaodong 9", "confirm")
    assert "wargame.invade.no_combat" in keys(events)
    state, _ = by(state, "yuanshao", "end")
    assert state["areas"]["beiping"]["control"] == "gozoku"
    assert "beiping" in state["step"]["gozoku"] and rule(state) == "redeploy"
