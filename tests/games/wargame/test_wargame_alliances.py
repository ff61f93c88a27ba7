"""Alliances (W12 major allies, W13 minor allies, W14 豪族 groups) and joint invasions (W17):
the worked examples WX3, WX4, WX5 (and its variants) and WX21's allied 豪族, with the rules they
leave out, each test named after its rule."""

from __future__ import annotations

from typing import Any

from games.core.chance import force
from games.wargame import combat, orders
from games.wargame.alliance import gozoku_group, split_loss
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, seat_of
from tests.games.wargame.test_wargame_combat import army, as_seat, by, put, rule

State = dict[str, Any]


def gozoku(state: State, aid: str, count: int) -> None:
    """Make `aid` a 豪族 area with `count` troops (the ledger follows)."""
    spot = state["areas"][aid]
    state["ledger"]["added"] += count - sum(spot["troops"].values())
    spot.update(control="gozoku", troops={"gozoku": count})


def offers(state: State, nation: str) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat_of(state, nation))]


# -- WX3: alliance with a minor nation (W13) ---------------------------------------------------
def wx3(**options: Any) -> State:
    state = acting("cao", minor_combat="auto", **options)
    state["step"]["dp"] = 4
    return state


def test_wx3_alliance_with_a_minor_costs_its_areas_and_its_areas_act():
    state = wx3()
    assert "ally yuanshu" in legal(state)
    state, events = by(state, "cao", "ally yuanshu")
    assert state["step"]["dp"] == 2  # two areas: 宛 and 新野 (W13.2)
    assert "wargame.ally.minor" in keys(events)
    assert state["step"]["ally_areas"] == {"wan": "yuanshu", "xinye": "yuanshu"}
    assert "levy wan" in legal(state) and "invade runan" in legal(state)


def test_wx3_the_ratio_test_w13_6_2_and_the_invading_area():
    state = wx3()
    state, _ = by(state, "cao", "ally yuanshu", "invade runan", "general ji_ling")
    ctx = state["step"]
    assert orders.invasion_problem(state, "runan", ["ji_ling"], {"wan": 3}).key == \
        "wargame.refuse.minor_troops"  # ① 4 > 3
    assert orders.invasion_problem(state, "runan", ["ji_ling"], {"wan": 4}) is None  # 4 ≤ 4
    force(state, 3, 4, 6, 1)  # battle_method 7 (合戦); kassen 6 / 1: the 豪族 are routed
    state, events = by(state, "cao", "troops wan 4", "confirm")
    assert ctx is not state["step"] and state["step"]["status"]["wan"] == "invading"
    assert "wargame.battle.begins" in keys(events)
    assert state["battle"] is None and army(state, "runan", "yuanshu") == 4


def test_wx3_w13_6_4_an_allied_area_that_did_nothing_levies_at_end():
    state = wx3()
    force(state, 3, 4, 6, 1)
    state, _ = by(state, "cao", "ally yuanshu", "invade runan", "general ji_ling",
                  "troops wan 4", "confirm")
    state, events = by(state, "cao", "end")
    assert army(state, "xinye", "yuanshu") == 5  # 3 + power 2, 橋蕤 is there
    assert army(state, "wan", "yuanshu") == 4  # 宛 invaded: no levy
    assert "wargame.levy.auto" in keys(events)
    assert state["areas"]["runan"]["control"] == "yuanshu"  # W4.1a


def test_wx3_w13_4_w13_6_3_no_invasion_inside_the_coalition():
    state = wx3()
    put(state, "xuchang", "cao", 6, "cao_ren")
    state, _ = by(state, "cao", "ally yuanshu")
    assert "invade wan" not in legal(state)  # W13.4 (許昌 borders 宛)
    assert orders.invasion_problem(state, "xuchang", ["ji_ling"], {"wan": 4}).key == \
        "wargame.refuse.invade_target"  # W13.6.3


def test_wx3_w13_5_no_alliance_with_a_minor_invaded_this_phase():
    state = wx3()
    state["step"]["invaded"] = ["yuanshu"]
    assert "ally yuanshu" not in legal(state)


def test_w13_6_2_minor_ratio_scope_joint_counts_every_contingent():
    state = wx3(minor_ratio_scope="joint")
    put(state, "xuchang", "cao", 6, "cao_ren")
    state, _ = by(state, "cao", "ally yuanshu")
    assert orders.invasion_problem(state, "runan", ["ji_ling", "cao_ren"],
                                   {"wan": 1, "xuchang": 3}) is None  # 4 ≤ 1 + 3
    state["options"]["minor_ratio_scope"] = "own"
    assert orders.invasion_problem(state, "runan", ["ji_ling", "cao_ren"],
                                   {"wan": 1, "xuchang": 3}).key == "wargame.refuse.minor_troops"


# -- WX4: alliance with 豪族 (W14) -------------------------------------------------------------
def wx4() -> State:
    state = acting("yuanshao", seats=4, minor_combat="auto")
    state["step"]["dp"] = 3
    gozoku(state, "liaodong", 12)
    put(state, "beiping", "gongsun", 4)
    return state


def test_wx4_the_gentry_group_stops_at_an_impassable_side():
    state = wx4()
    assert gozoku_group(state, DATA, "liaodong") == ["liaodong"]
    state, _ = by(state, "yuanshao", "ally gozoku liaodong")
    assert state["step"]["dp"] == 2 and state["step"]["gozoku"] == ["liaodong"]


def test_wx4_a_gentry_invasion_keeps_3_and_needs_twice_the_enemy():
    state = wx4()
    state, _ = by(state, "yuanshao", "ally gozoku liaodong", "invade beiping")
    assert "troops liaodong 9" in legal(state) and "troops liaodong 10" not in legal(state)
    problem = orders.invasion_problem
    assert problem(state, "beiping", [], {"liaodong": 10}).key == "wargame.refuse.gozoku_keep"
    assert problem(state, "beiping", [], {"liaodong": 7}).key == "wargame.refuse.gozoku_ratio"
    assert problem(state, "beiping", [], {"liaodong": 9}) is None  # no general needed
    state, events = by(state, "yuanshao", "troops liaodong 9", "confirm")
    assert "wargame.battle.begins" in keys(events)
    assert army(state, "liaodong", "gozoku") == 3


def test_wx4_variant_an_allied_gentry_area_levies_at_end():
    state = wx4()
    state, events = by(state, "yuanshao", "ally gozoku liaodong", "end")
    assert army(state, "liaodong", "gozoku") == 14  # + power 2 (W14.3)
    assert "wargame.levy.auto" in keys(events)


def test_wx4_contrast_the_northern_gentry_form_one_group_of_25():
    state = acting("cao")
    assert len(gozoku_group(state, DATA, "changshan")) == 25


def test_w14_4_4_the_gentry_never_join_a_joint_invasion():
    state = wx4()
    put(state, "ji", "yuanshao", 5, "yan_liang")
    state, _ = by(state, "yuanshao", "ally gozoku liaodong")
    assert orders.invasion_problem(state, "beiping", ["yan_liang"],
                                   {"liaodong": 9, "ji": 5}).key == "wargame.refuse.gozoku_joint"


# -- WX5: joint invasion with a major ally (W12, W17) ------------------------------------------
def wx5(**options: Any) -> State:
    state = acting("cao", **options)
    state["step"]["dp"] = 2
    put(state, "chenliu", "cao", 10, "xiahou_dun")
    for gid in ("cao_cao", "xiahou_yuan", "cao_ren", "cao_hong", "yue_jin", "li_dian"):
        state["generals"][gid]["area"] = "xuchang"
    put(state, "pengcheng", "tao", 4, "cao_bao")
    gozoku(state, "shanyang", 8)
    return state


def allied(state: State) -> State:
    state, _ = by(state, "cao", "ally tao")
    state, _ = by(state, "tao", "accept")
    state, _ = by(state, "cao", "allow tao troops", "allow tao generals")
    return state


def joint(state: State) -> tuple[State, list]:
    state, told = by(state, "cao", "invade shanyang", "general xiahou_dun", "troops chenliu 10",
                     "general cao_bao", "troops pengcheng 4", "confirm")
    state, more = by(state, "tao", "accept")
    return state, told + more


def test_wx5_w12_1_the_offer_and_the_answer_are_private_to_the_two_players():
    state = wx5()
    state, events = by(state, "cao", "ally tao")
    offer = next(e for e in events if e.text.key == "wargame.ally.offered")
    assert set(offer.seats) == {seat_of(state, "cao"), seat_of(state, "tao")}
    assert rule(state) == "consult" and GAME.to_act(state) == {seat_of(state, "tao")}
    third = seat_of(state, "sun")
    assert GAME.view(state, third)["draft"] is None
    assert GAME.view(state, seat_of(state, "tao"))["draft"]["about"] == "alliance"
    declined, events = by(state, "tao", "decline")
    assert all(e.seats for e in events)  # the refusal stays between them
    assert "tao" not in declined["step"]["allies"] and "ally tao" not in legal(declined)
    state, events = by(state, "tao", "accept")
    assert [e.seats for e in events if e.text.key == "wargame.ally.made"] == [None]


def test_wx5_w12a_allowance_from_dp():
    state = allied(wx5())
    assert state["step"]["allies"]["tao"] == {"kind": "major", "troops": 5, "generals": 2}
    assert state["step"]["dp"] == 0
    problem = orders.invasion_problem
    assert problem(state, "shanyang", ["cao_bao"], {"pengcheng": 4}).key == \
        "wargame.refuse.joint_only"  # W12a: only with the acting nation's contingent
    state["step"]["allies"]["tao"]["troops"] = 3
    assert problem(state, "shanyang", ["xiahou_dun", "cao_bao"],
                   {"chenliu": 10, "pengcheng": 4}).key == "wargame.refuse.allowance"


def test_wx5_w12_6_w12_7_an_allied_major_is_not_invaded_and_does_not_invade():
    state = allied(wx5())
    put(state, "qiao", "cao", 3, "cao_ren")
    assert "invade pengcheng" not in legal(state)
    assert orders.invasion_problem(state, "qiao", ["cao_bao"], {"pengcheng": 4}).key == \
        "wargame.refuse.invade_target"


def test_wx5_w12_8_no_alliance_with_a_major_invaded_this_phase():
    state = wx5()
    state["step"]["invaded"] = ["tao"]
    assert "ally tao" not in legal(state)


def test_wx5_joint_invasion_two_rounds_loss_split_and_control():
    state = allied(wx5(minor_combat="nominate"))
    state, events = joint(state)
    assert "wargame.joint.proposed" in keys(events)
    assert state["battle"]["armies"]["attacker"] == ["cao", "tao"]
    c = seat_of(state, "sun")
    assert GAME.legal_actions(state, seat_of(state, "cao"))[0].text == f"handler {c}"
    force(state, 3, 4, 1, 6)  # round 1: battle_method 7 (合戦, N = 3); kassen 1 / 6
    state, _ = by(state, "cao", f"handler {c}")
    assert rule(state) == "split"  # W17.4.2: 陶謙 takes part, so 曹操 may propose another
    state, _ = by(state, "cao", "default_split")
    first = state["battle"]["rounds"][0]
    assert first["picks"]["attacker"] == ["xiahou_dun", "cao_bao"]
    assert first["totals"] == {"attacker": 8, "defender": 6}
    assert army(state, "shanyang", "gozoku") == 5
    assert army(state, "shanyang", "cao") == 9 and army(state, "shanyang", "tao") == 4
    force(state, 3, 3, 4, 2)  # round 2: battle_method 6 (合戦, N = 2); kassen 4 / 2
    state, _ = by(state, "cao", "stay")
    state, _ = as_seat(state, c, "stay")
    assert state["battle"]["rounds"][1]["totals"] == {"attacker": 11, "defender": 2}
    assert army(state, "shanyang", "gozoku") == 0
    assert rule(state) == "joint"  # W17.5.2: 曹操 (9 > 4) may hand control over
    state, events = by(state, "cao", "keep")
    assert "wargame.joint.keeps" in keys(events)
    assert army(state, "pengcheng", "tao") == 4 and army(state, "shanyang", "cao") == 9
    assert state["generals"]["cao_bao"]["area"] == "pengcheng"  # T1, no pursuit
    state, _ = by(state, "cao", "end")
    assert state["areas"]["shanyang"]["control"] == "cao"


def test_wx5_variant_a_a_loss_of_5_splits_3_and_2():
    assert split_loss({"cao": 10, "tao": 4}, 5, "cao") == {"cao": 3, "tao": 2}
    assert split_loss({"cao": 9, "tao": 4}, 1, "cao") == {"cao": 1, "tao": 0}


def test_wx5_variant_b_the_auto_handler_retreats_and_is_pursued():
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 1, 6, 3)  # round 1 as in WX5; then pursuit 3
    state, _ = joint(state)
    state, _ = by(state, "cao", "default_split", "stay")  # 5 < 13 / 2: the 豪族 retreat
    assert combat.destinations(state, "gozoku", forced=False) == ["chen", "puyang", "taishan"]
    state, events = by(state, "cao", "pursue")
    assert army(state, "shanyang", "gozoku") == 0
    moved = [a for a in ("chen", "puyang", "taishan") if army(state, a, "gozoku") > 3]
    assert len(moved) == 1 and "wargame.battle.withdrawn" in keys(events)
    assert rule(state) == "joint"


# -- W17a, W17b, W17c, W22c -------------------------------------------------------------------
def test_w17a_a_share_larger_than_the_troops_passes_to_the_others_largest_first():
    # 2 each, the remainder to 曹操 (most troops); 陶謙's second point passes to 曹操 (largest)
    assert split_loss({"cao": 6, "tao": 1, "sun": 4}, 7, "cao") == {"cao": 4, "tao": 1, "sun": 2}
    assert split_loss({"cao": 4, "tao": 4}, 3, "cao") == {"cao": 2, "tao": 1}  # tie: acting
    assert split_loss({"tao": 4, "sun": 4}, 3, "cao") == {"tao": 2, "sun": 1}
    assert split_loss({}, 3, "cao") == {}


def test_w17b_a_tie_for_most_troops_is_the_acting_players_choice_and_control_can_be_handed():
    state = allied(wx5(minor_combat="auto"))
    state["step"]["allies"]["tao"]["troops"] = 10
    put(state, "pengcheng", "tao", 10, "cao_bao")
    gozoku(state, "shanyang", 1)
    force(state, 3, 4, 6, 1)  # 合戦: the 豪族 are wiped out in round 1
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_dun", "troops chenliu 10",
                  "general cao_bao", "troops pengcheng 10", "confirm")
    state, _ = by(state, "tao", "accept")
    assert rule(state) == "joint" and sorted(legal(state)) == ["keep cao", "keep tao"]
    state, _ = by(state, "cao", "keep tao")
    assert GAME.to_act(state) == {seat_of(state, "tao")}  # 陶謙 gains control
    state, events = by(state, "tao", "give_control cao")
    assert "wargame.joint.given" in keys(events)
    assert army(state, "shanyang", "tao") == 0 and army(state, "pengcheng", "tao") == 10
    assert army(state, "shanyang", "cao") == 10


def test_w17b_a_joint_invasion_of_an_empty_area_settles_control_without_combat():
    state = allied(wx5())
    state["areas"]["shanyang"].update(control=None, troops={})
    state["ledger"]["added"] -= 8
    state, events = joint(state)
    assert "wargame.battle.begins" not in keys(events)
    state, _ = by(state, "cao", "keep")
    assert army(state, "shanyang", "cao") == 10 and army(state, "pengcheng", "tao") == 4
    assert state["last_battle"] is None  # no battle was fought


def test_w17c_a_captured_general_joins_the_acting_nation_else_the_largest_member():
    state = allied(wx5(minor_combat="auto"))
    put(state, "shanyang", "sun", 8, "cheng_pu")
    force(state, 6, 6)  # battle_method 12: a duel
    state, _ = joint(state)
    assert combat.taker(state, "attacker") == "cao"
    assert combat.taker(state, "defender") == "sun"
    state["generals"]["xiahou_dun"]["area"] = "chenliu"
    state["areas"]["shanyang"]["troops"]["cao"] = 0
    del state["areas"]["shanyang"]["troops"]["cao"]
    state["ledger"]["removed"] += 10
    assert combat.taker(state, "attacker") == "tao"


def test_w22c_a_coalition_retreats_each_nation_to_its_own_areas():
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 1, 1, 5)  # 合戦 with totals 8 / 1: the 豪族 lose, nobody is routed;
    gozoku(state, "shanyang", 20)  # then the 豪族's pursuit 5 (column 11-20): a loss of 3
    state, _ = joint(state)
    assert rule(state) == "declare"
    state, events = by(state, "cao", "retreat", "default_split")
    assert army(state, "chenliu", "cao") == 8 and army(state, "pengcheng", "tao") == 3
    assert state["battle"] is None
    assert army(state, "chenliu", "cao") > 0 and army(state, "pengcheng", "tao") > 0
    assert state["generals"]["xiahou_dun"]["area"] == "chenliu"
    assert state["generals"]["cao_bao"]["area"] == "pengcheng"
    assert "xiahou_dun" in state["step"]["acted"] and "cao_bao" in state["step"]["acted"]


# -- WX21: an allied 豪族 group redeploys within its areas (W25a, W14.5) --------------------------
def test_wx21_allied_gentry_redeploy_keeps_min_3_of_what_an_area_held():
    state = acting("cao")
    state["step"]["dp"] = 30
    first = gozoku_group(state, DATA, "chen")[0]  # a group is offered by its first area
    state, _ = by(state, "cao", f"ally gozoku {first}")
    group = state["step"]["gozoku"]
    assert {"chen", "runan"} <= set(group)
    state, _ = by(state, "cao", "end")
    for aid, count in (("chen", 5), ("runan", 2)):
        gozoku(state, aid, count)
    state["redeploy"]["before"].update(chen=5, runan=2)
    assert "move chen" in legal(state) and "move runan" not in legal(state)
    state, _ = by(state, "cao", "move chen")
    assert "troops 2" in legal(state) and "troops 3" not in legal(state)
    state, _ = by(state, "cao", "troops 2", "to runan")
    assert army(state, "chen", "gozoku") == 3 and army(state, "runan", "gozoku") == 4
