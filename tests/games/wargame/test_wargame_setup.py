"""Set-up (W28), the cup and the phases without a player (W6, W7, W8), the 天命札 (W5),
succession and destruction outside combat (W26, W27.3), control (W4), victory (W29)."""

from __future__ import annotations

import pytest

from games.core.chance import force
from games.core.errors import IllegalAction
from games.wargame.board import control_update, ruler_gone
from games.wargame.game import end_of_turn, grow, relax
from games.wargame.tenmei import apply_card
from tests.games.wargame.scenario import DATA, GAME, acting, keys, picked


def test_w28_4_the_190_setup():
    state = GAME.setup(3, {"scenario": "S1"}, 1)
    assert state["areas"]["chenliu"] == {"control": "cao", "troops": {"cao": 6}}
    cao_generals = [g for g, s in state["generals"].items() if s["nation"] == "cao"]
    assert cao_generals == ["cao_cao", "xiahou_dun", "xiahou_yuan", "cao_ren", "cao_hong",
                            "yue_jin", "li_dian"]
    assert state["areas"]["ye"] == {"control": "gozoku", "troops": {"gozoku": 6}}
    assert state["generals"]["kong_rong"] == {"state": "zaiya", "nation": None, "area": "beihai"}
    for neutral in ("yongan", "lingling", "guiyang", "qiao", "jianye"):
        assert state["areas"][neutral] == {"control": None, "troops": {}}
    assert state["generals"]["zhao_yun"]["state"] == "waiting"
    assert state["areas"]["wan"]["control"] == "yuanshu"


def test_w28_3_nations_absent_from_s3_do_not_exist_and_removed_generals_are_out():
    state = GAME.setup(2, {"scenario": "S3"}, 1)
    assert sorted(state["nations"]) == ["cao", "sun", "tao"]
    assert state["generals"]["ma_liang"]["state"] == "exited"
    assert state["nations"]["cao"]["ruler"] == "cao_pi"
    assert state["turn"] == 35  # the first turn, 36, begins after the picks


def test_w28_1_a_scenario_refuses_seats_outside_its_range():
    with pytest.raises(IllegalAction):
        GAME.setup(4, {"scenario": "S3"}, 1)
    with pytest.raises(IllegalAction):
        GAME.setup(12, {"scenario": "S1"}, 1)


def test_w28_2_seats_pick_in_the_drawn_order_from_the_recommended_list():
    state, events = GAME.begin(3, {"scenario": "S1"}, 3)
    assert "wargame.setup.order" in keys(events)
    first = state["pick_order"][0]
    assert GAME.to_act(state) == {first}
    assert [a.text for a in GAME.legal_actions(state, first)] == [
        "pick cao", "pick tao", "pick sun"]
    state, _ = GAME.apply(state, first, GAME.legal_actions(state, first)[1])
    assert state["nations"]["tao"]["seat"] == first
    assert state["nations"]["tao"]["base"] == 13  # W28.3.7: 下邳 6 + 彭城 3 + 琅邪 2 + 広陵 2
    second = state["pick_order"][1]
    assert [a.text for a in GAME.legal_actions(state, second)] == ["pick cao", "pick sun"]


def test_w28_2_random_choice_deals_the_nations():
    state = GAME.setup(4, {"scenario": "S2", "nation_choice": "random"}, 2)
    assert sorted(p["nation"] for p in state["players"]) == ["cao", "sun", "tao", "yuanshao"]


def test_wx20_the_cup_holds_thirteen_markers_and_twelve_without_diplomacy():
    state = GAME.setup(3, {"scenario": "S1"}, 1)
    for seat in list(state["pick_order"]):
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    filled = next(e for e in events if e.text.key == "wargame.cup.filled")
    assert len(filled.text.params["markers"]) == 13
    plain = picked(3, diplomacy=False)
    assert "relax" not in plain["cup"] and plain["acting"] != "relax"


def test_wx20_minor_and_gozoku_phases_grow_every_controlled_area():
    state = picked(3)
    before = {a: sum(s["troops"].values()) for a, s in state["areas"].items()}
    grow(state, "yuanshao")
    assert sum(state["areas"]["bohai"]["troops"].values()) == before["bohai"] + 1
    events = grow(state, "gozoku")
    assert events[0].text.params["count"] == 31
    assert state["areas"]["ye"]["troops"]["gozoku"] == before["ye"] + 1
    grow(state, "liuyan")
    assert [state["areas"][a]["troops"].get("liuyan", 0) - before[a]
            for a in ("chengdu", "zitong", "jiangzhou")] == [1, 1, 1]


def test_w7_relaxation_removes_one_marker_from_every_side():
    state = picked(3)
    state["markers"] = {"chenliu|puyang": 2, "chen|xuchang": 1}
    relax(state)
    assert state["markers"] == {"chenliu|puyang": 1}


def test_w6_6a_a_destroyed_nation_loses_its_marker():
    state = picked(3)
    state["cup"] = ["gongsun", "relax"]
    state["nations"]["gongsun"]["ruler"] = "gongsun_zan"
    state["generals"]["gongsun_xu"]["state"] = "exited"
    ruler_gone(state, DATA, "gongsun")
    assert state["cup"] == ["relax"]


def test_wx16_case_a_entry_by_the_die():
    state = picked(3)
    state["generals"]["zhang_ji"].update(state="exited", nation=None, area=None)
    force(state, 5)
    events = apply_card(state, DATA, "P2-01")
    assert state["generals"]["zhang_xiu"] == {"state": "nation", "nation": "liubiao",
                                              "area": "xiangyang"}
    assert any(e.kind == "chance" for e in events)
    state["generals"]["zhang_xiu"]["state"] = "waiting"
    force(state, 2)
    apply_card(state, DATA, "P2-01")
    assert state["generals"]["zhang_xiu"]["nation"] == "yuanshu"  # 宛 is 袁術's


def test_wx16_case_b_an_invalid_letter_draws_a_random_nation():
    state = picked(3)
    state["generals"]["liu_biao"].update(state="dead", nation=None, area=None)
    state["nations"]["liubiao"]["ruler"] = "cai_mao"  # any living ruler will do here
    force(state, "ma")
    events = apply_card(state, DATA, "P3-08")
    assert state["generals"]["liu_qi"] == {"state": "nation", "nation": "ma", "area": "wuwei"}
    assert "wargame.roll.random_nation" in [e.text.params["what"].key for e in events
                                            if e.kind == "chance"]


def test_wx17_a_free_general_in_a_gozoku_area_and_in_an_empty_controlled_one():
    state = picked(3)
    state["generals"]["lu_bu"].update(state="dead", nation=None, area=None)
    apply_card(state, DATA, "P1-01")
    assert state["generals"]["chen_gong"] == {"state": "zaiya", "nation": None, "area": "puyang"}
    state["areas"]["puyang"] = {"control": "cao", "troops": {}}
    control_update(state)
    assert state["generals"]["chen_gong"]["nation"] == "cao"
    other = picked(3)
    other["generals"]["lu_bu"].update(state="dead", nation=None, area=None)
    other["areas"]["puyang"] = {"control": "yuanshao", "troops": {}}
    apply_card(other, DATA, "P1-01")
    assert other["generals"]["chen_gong"]["nation"] == "yuanshao"


def test_wx18_exit_edge_cases():
    s3 = GAME.setup(2, {"scenario": "S3"}, 1)
    events = apply_card(s3, DATA, "P8-11")  # 馬良退場, removed at set-up
    assert "wargame.tenmei.no_effect" in keys(events)
    apply_card(s3, DATA, "P8-05")  # 曹丕退場
    assert s3["nations"]["cao"]["ruler"] == "cao_rui"
    state = picked(3)
    state["generals"]["chen_gong"].update(state="zaiya", area="puyang")
    apply_card(state, DATA, "P3-12")
    assert state["generals"]["chen_gong"]["state"] == "exited"


def test_w5_6a_an_exit_before_entry_voids_the_entry():
    state = picked(3)
    apply_card(state, DATA, "P3-12")  # 陳宮退場 before 陳宮登場
    events = apply_card(state, DATA, "P1-01")
    assert state["generals"]["chen_gong"]["state"] == "exited"
    assert "wargame.tenmei.no_effect" in keys(events)


def test_w26_3_an_heir_not_yet_entered_enters_where_the_nation_is_strongest():
    state = picked(3)
    events = apply_card(state, DATA, "P1-23")  # 孫堅退場
    assert state["nations"]["sun"]["ruler"] == "sun_ce"
    assert state["generals"]["sun_ce"] == {"state": "nation", "nation": "sun", "area": "changsha"}
    assert "wargame.ruler.heir_enters" in keys(events)
    apply_card(state, DATA, "P1-12")  # 孫策登場 now has no effect
    assert state["generals"]["sun_ce"]["area"] == "changsha"


def test_w26_4_an_heir_serving_another_nation_is_skipped():
    state = picked(3)
    state["generals"]["sun_ce"].update(state="nation", nation="yuanshu", area="wan")
    apply_card(state, DATA, "P1-23")
    assert state["nations"]["sun"]["ruler"] == "sun_quan"


def test_wx15_destruction_by_a_card_frees_the_generals():
    state = picked(3)
    state["cup"] = ["gongsun", "relax"]
    state["generals"]["gongsun_zan"].update(state="exited", nation=None, area=None)
    state["generals"]["gongsun_xu"].update(state="nation", nation="gongsun", area="beiping")
    state["generals"]["zhao_yun"].update(state="nation", nation="gongsun", area="beiping")
    state["generals"]["tian_kai"].update(state="dead", nation=None, area=None)
    state["nations"]["gongsun"]["ruler"] = "gongsun_xu"
    state["ledger"]["added"] += 9 - state["areas"]["beiping"]["troops"]["gongsun"]
    state["areas"]["beiping"]["troops"] = {"gongsun": 9}
    events = apply_card(state, DATA, "P3-20")  # 公孫続退場
    assert "wargame.nation.destroyed" in keys(events)
    assert state["generals"]["zhao_yun"] == {"state": "zaiya", "nation": None, "area": "beiping"}
    assert state["areas"]["beiping"] == {"control": None, "troops": {}}
    assert state["cup"] == ["relax"] and not state["nations"]["gongsun"]["alive"]
    assert GAME.invariants(state) == []


def test_w4_5_a_gozoku_area_without_units_becomes_neutral():
    state = picked(3)
    state["areas"]["shanyang"]["troops"] = {}
    state["ledger"]["removed"] += 3
    control_update(state)
    assert state["areas"]["shanyang"]["control"] is None


def test_wx23_growth_scoring_banks_value_minus_base():
    state = GAME.setup(3, {"scenario": "S2", "nation_choice": "random"}, 4)
    for aid in ("chenliu", "puyang", "shanyang", "xuchang"):
        state["areas"][aid] = {"control": "cao", "troops": {}}
    for aid in ("xiapi", "pengcheng", "langya", "guangling", "qiao"):
        state["areas"][aid] = {"control": "tao", "troops": {}}
    for aid in ("changsha", "lingling", "guiyang"):
        state["areas"][aid] = {"control": "sun", "troops": {}}
    state["turn"] = 5
    state["over"] = None
    end_of_turn(state)
    banked = {p["nation"]: p["banked"] for p in state["players"]}
    assert banked == {"cao": 12, "tao": 3, "sun": 4}


def test_w29_3_sudden_death_with_eight_big_cities():
    state = acting("cao")
    bigs = [a for a, s in DATA.areas.items() if s["city"] == "big"][:8]
    for aid in bigs:
        state["areas"][aid] = {"control": "cao", "troops": {}}
    state["turn"] = 3
    events = end_of_turn(state)
    assert state["over"] == {"reason": "sudden_death", "winners": [state["nations"]["cao"]["seat"]]}
    assert "wargame.end.sudden_death" in keys(events)


def test_w29_4_the_last_turn_ends_the_game_with_the_ranking():
    state = GAME.setup(2, {"scenario": "S2", "nation_choice": "random"}, 4)
    state["turn"] = 10
    state["players"][0]["banked"] = 5
    end_of_turn(state)
    result = GAME.result(state)
    assert result is not None and result.winners == [0]
    assert result.scores[0].categories["vp"] == 5 + result.scores[0].categories["value"] - \
        state["nations"][state["players"][0]["nation"]]["base"]
