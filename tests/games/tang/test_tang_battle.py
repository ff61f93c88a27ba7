"""Attacks and battles (spec T3.4, T3.5): targets, muster and crossing costs (TX7), retreat
(TX8), the battle arithmetic (TX9-TX13), windows and responses (TX14), sieges (TX15), the fall
of a capital (TX16), the end when a player loses every city (TX22) and the truce (TX23)."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction, force
from games.core.flow import top, turn
from games.tang import GAME
from games.tang.attack import attack_cost
from games.tang.battle import losses
from tests.games.tang.scenario import armies, keys, legal, play, table
from tests.wording import english

TX7 = {"shanzhou": (1, 7), "henei": (1, 4), "xingyang": (1, 6), "luoyang": (2, 5),
       "changan": (2, 5), "tianshui": (2, 3), "hanzhong": (0, 3), "jiaozhi": (0, 1)}


def test_t3_4_6_tx7_a_crossings_summed_and_rounded_once():
    state = table(3, TX7)
    musters = [["shanzhou", 7, []], ["henei", 4, []], ["xingyang", 6, []]]
    assert attack_cost(state, 1, "luoyang", musters, False) == 25


def test_tx7_b_halves_sum_over_the_attack_and_the_waivers():
    musters = [["shanzhou", 3, []], ["xingyang", 3, []]]
    assert attack_cost(table(3, TX7), 1, "luoyang", musters, False) == 9
    wang = table(3, TX7, reps=["li_mi", "wang_zhongsi", "gao_lishi"])
    assert attack_cost(wang, 1, "luoyang", musters, False) == 6
    assert attack_cost(table(3, TX7), 1, "luoyang", musters, True) == 6


def test_tx7_c_qinling_costs_a_whole_grain_an_army():
    state = table(3, TX7)
    assert attack_cost(state, 2, "hanzhong", [["changan", 5, []], ["tianshui", 3, []]],
                       False) == 14


def test_tx7_d_ashina_chengqing_first_attack_six_free():
    state = table(3, TX7, reps=["li_mi", "ashina_chengqing", "gao_lishi"])
    musters = [["shanzhou", 7, []], ["henei", 4, []], ["xingyang", 6, []]]
    assert attack_cost(state, 1, "luoyang", musters, False) == 19
    state["players"][1]["attacked"] = True
    assert attack_cost(state, 1, "luoyang", musters, False) == 25


def test_tx7_short_of_grain_is_refused_with_the_amounts():
    state = table(3, TX7, grain={1: 24}, seat=1)
    state, _ = play(state, 1, "attack luoyang", "muster shanzhou", "count 7", "muster henei",
                    "count 4", "muster xingyang")
    assert "count 6" not in legal(state, 1) and "count 5" in legal(state, 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Action.parse("count 6"))
    assert english(refused.value.message) == "You need 25 grain for this, you have 24."


def test_t3_4_1_only_adjacent_cities_of_others():
    state = table(3, TX7, seat=1)
    targets = [a for a in legal(state, 1) if a.startswith("attack ")]
    assert "attack luoyang" in targets and "attack hanzhong" not in targets
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Action.parse("attack jiaozhi"))
    assert refused.value.message.key == "tang.refuse.not_adjacent"


def test_t3_4_2_cancel_before_confirm_keeps_the_turn():
    state = table(3, TX7, seat=1)
    state, _ = play(state, 1, "attack luoyang", "muster shanzhou", "count 3", "cancel")
    assert armies(state, "shanzhou", 1) == 7 and state["players"][1]["grain"] == 50
    assert top(state) == turn("turn", 1) and not state["turn"]["acted"]


TX8 = {"shanzhou": (1, 12), "luoyang": (2, 10), "henei": (2, 1), "jiaozhi": (0, 1),
       "guangzhou": (2, 1)}


def test_tx8_retreat_short_of_grain_generals_stay():
    state = table(3, TX8, grain={1: 50, 2: 2}, seat=1, capitals={2: "guangzhou"},
                  generals={"luoyang": {"wang_sili": 2}})
    state, events = play(state, 1, "attack luoyang", "muster shanzhou", "count 12", "confirm")
    assert state["players"][1]["grain"] == 50 - 18
    assert GAME.to_act(state) == {2}
    state, _ = play(state, 2, "retreat henei")
    assert "count 10" not in legal(state, 2) and "count 5" in legal(state, 2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 2, Action.parse("count 10"))
    assert english(refused.value.message) == "You need 5 grain for this, you have 2."
    state, _ = play(state, 2, "count 5", "disband", "count 5")
    assert state["players"][2]["grain"] == 0
    assert "retreat henei" not in legal(state, 2)  # generals do not retreat; no armies left
    state, events = play(state, 2, "done")
    assert state["cities"]["luoyang"]["controller"] == 1
    assert armies(state, "luoyang", 1) == 12 and armies(state, "henei", 2) == 6
    assert "wang_sili" in state["removed"]
    assert "tang.log.captured" in keys(events)
    assert top(state) == turn("turn", 1) and state["turn"]["acted"]


TX9 = {"weizhou": (0, 14), "yecheng": (1, 16), "changshan": (1, 4), "jiaozhi": (0, 1),
       "henei": (2, 3)}


def tx9():
    state = table(3, TX9, generals={"weizhou": {"pugu_huaien": 0}},
                  capitals={0: "jiaozhi", 1: "changshan"})
    state, _ = play(state, 0, "attack yecheng", "muster weizhou", "count 14", "take pugu_huaien",
                    "confirm")
    assert state["players"][0]["grain"] == 50 - 14
    force(state, 5, 4, 6, 6)
    state, _ = play(state, 1, "done")  # no retreat
    state, _ = play(state, 1, "pass")  # the defender's window
    state, _ = play(state, 0, "rally", "count 2", "pass")
    return state


def test_tx9_a_failed_attack_makes_a_siege():
    state = tx9()
    record = state["last_battle"]["record"]
    assert (record["a"]["total"], record["d"]["total"], record["m"]) == (15, 12, 0)
    assert (record["loss_a"], record["loss_d"]) == (12, 15)
    c = state["cities"]["yecheng"]
    assert c["controller"] is None and c["last"] == 1
    assert c["armies"] == {"0": 2, "1": 1} and c["generals"] == {"pugu_huaien": 0}
    assert state["players"][0]["grain"] == 36 - 6


def test_tx9_finished_battle_is_the_public_record_of_the_siege():
    """Game.finished_battle: None before any battle; then sides, city, dice, rally, totals,
    generals, losses and the outcome, numbered."""
    assert GAME.finished_battle(table(3, TX9)) is None
    fought = GAME.finished_battle(tx9())
    assert fought is not None
    assert (fought["attacker"], fought["defender"], fought["city"]) == (0, 1, "yecheng")
    assert fought["dice"] == {"a": [5, 4], "d": [6, 6]} and fought["rally"]["att"] == 2
    record = fought["record"]
    assert (record["a"]["total"], record["d"]["total"]) == (15, 12)
    assert (record["loss_a"], record["loss_d"]) == (12, 15)
    assert record["a_generals"] == ["pugu_huaien"] and record["d_generals"] == []
    assert (fought["outcome"], fought["number"]) == ("besieged", 1)


def test_t3_4_3_a_capture_without_battle_is_no_finished_battle():
    """TX8's empty capture (the defender retreated and disbanded all) draws no battle."""
    state = table(3, TX8, grain={1: 50, 2: 2}, seat=1, capitals={2: "guangzhou"},
                  generals={"luoyang": {"wang_sili": 2}})
    state, _ = play(state, 1, "attack luoyang", "muster shanzhou", "count 12", "confirm")
    state, _ = play(state, 2, "disband", "count 10", "done")
    assert state["last_battle"]["outcome"] == "captured"
    assert GAME.finished_battle(state) is None


@pytest.mark.parametrize(("a", "d", "big_a", "big_d", "expected"), [
    (9, 7, 10, 6, (3, 4, 6)),    # TX10: one side overflows
    (11, 9, 4, 5, (6, 3, 5)),    # TX11: both overflow
    (8, 8, 3, 3, (5, 3, 3)),     # TX12 (a): both wiped out
    (9, 7, 7, 9, (0, 7, 9)),     # TX12 (b): exact zeros
])
def test_t3_4_3a_tx10_tx11_tx12_the_overflow_rule(a, d, big_a, big_d, expected):
    assert losses(a, d, big_a, big_d) == expected


def test_tx12_both_wiped_out_the_city_stays_empty_with_its_controller():
    state = table(3, {"chenliu": (0, 5), "yingchuan": (0, 1), "xingyang": (1, 3),
                      "jiaozhi": (0, 1)},
                  generals={"chenliu": {"gao_xianzhi": 0}, "xingyang": {"wang_sili": 1}},
                  capitals={0: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 3", "take gao_xianzhi",
                    "confirm")
    force(state, 2, 2, 2, 2)
    state, _ = play(state, 1, "done", "pass")
    state, _ = play(state, 0, "pass")
    assert state["last_battle"]["record"]["m"] == 5
    assert "wang_sili" in state["removed"]
    assert GAME.to_act(state) == {0} and set(legal(state, 0)) == {"relocate chenliu",
                                                                 "relocate yingchuan"}
    state, _ = play(state, 0, "relocate chenliu")
    c = state["cities"]["xingyang"]
    assert (c["controller"], c["armies"], c["generals"]) == (1, {}, {})
    assert state["cities"]["chenliu"]["generals"] == {"gao_xianzhi": 0}


def test_tx13_zhang_xun_removes_two_fewer_after_the_overflow():
    state = table(3, {"chenliu": (0, 10), "xingyang": (1, 6), "jiaozhi": (0, 1)},
                  reps=["li_mi", "zhang_xun", "gao_lishi"], capitals={0: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 10", "confirm")
    force(state, 4, 5, 3, 4)
    state, _ = play(state, 1, "done", "pass")
    state, _ = play(state, 0, "pass")
    record = state["last_battle"]["record"]
    assert (record["m"], record["loss_a"], record["loss_d"]) == (3, 4, 4)
    assert state["cities"]["xingyang"]["armies"] == {"0": 6, "1": 2}
    assert state["cities"]["xingyang"]["controller"] is None


def test_tx14_windows_responses_rally_and_general_values():
    state = table(3, {"weizhou": (0, 12), "yecheng": (1, 10), "jiaozhi": (0, 1),
                      "changshan": (1, 1)},
                  reps=["geshu_han", "yan_gaoqing", "gao_lishi"],
                  generals={"weizhou": {"pugu_huaien": 0, "abusi": 0},
                            "yecheng": {"wang_sili": 1}},
                  hands={0: ["shipo", "yibing", "fudi"], 1: ["jianbi"]},
                  capitals={0: "jiaozhi", 1: "changshan"})
    state, _ = play(state, 0, "attack yecheng", "muster weizhou", "count 12", "take abusi",
                    "take pugu_huaien", "confirm")
    force(state, 2, 3, 6, 5)
    state, _ = play(state, 1, "done", "play jianbi")
    assert GAME.to_act(state) == {0} and legal(state, 0) == ["respond shipo", "pass"]
    state, events = play(state, 0, "respond shipo")
    assert "tang.log.seen_through" in keys(events)
    assert state["battle"]["mods"]["def"] == []
    state, _ = play(state, 1, "pass", )
    state, _ = play(state, 0, "play yibing d1")
    assert GAME.to_act(state) == {1} and legal(state, 1) == ["pass"]
    force(state, 1)
    state, _ = play(state, 1, "pass")
    assert state["battle"]["dice"]["d"] == [1, 5]
    state, _ = play(state, 0, "rally", "count 2", "play fudi")
    state, _ = play(state, 1, "pass")
    state, events = play(state, 0, "pass")
    record = state["last_battle"]["record"]
    assert (record["a"]["total"], record["d"]["total"], record["m"]) == (11, 8, 1)
    assert (record["loss_a"], record["loss_d"]) == (7, 10)
    c = state["cities"]["yecheng"]
    assert c["controller"] == 0 and c["armies"] == {"0": 5}
    assert c["generals"] == {"abusi": 0, "pugu_huaien": 0}
    assert "wang_sili" in state["removed"]
    assert state["players"][0]["grain"] == 50 - 12 - 4
    assert len(state["discard"]) == 4


def test_tx15_a_attack_from_inside_a_siege():
    state = table(3, {"yecheng": (1, 0), "changshan": (1, 4), "jiaozhi": (0, 1),
                      "weizhou": (0, 1)},
                  generals={"yecheng": {"pugu_huaien": 0}}, seat=1,
                  capitals={0: "jiaozhi", 1: "changshan"})
    c = state["cities"]["yecheng"]
    c.update(controller=None, last=1, armies={"0": 2, "1": 1})
    state["players"][0]["ledger"]["armies"] += 2
    state["players"][1]["ledger"]["armies"] += 1
    state, _ = play(state, 1, "attack yecheng", "muster changshan", "count 4", "confirm")
    assert state["players"][1]["grain"] == 46
    assert GAME.to_act(state) == {0}  # no retreat in a siege: the defender's window
    force_dice = (4, 4, 2, 3)
    state["battle"]["dice"] = {"a": list(force_dice[:2]), "d": list(force_dice[2:])}
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, "pass")
    record = state["last_battle"]["record"]
    assert (record["a"]["total"], record["d"]["total"]) == (8, 9)
    assert (record["m"], record["loss_a"], record["loss_d"]) == (6, 3, 2)
    assert state["cities"]["yecheng"]["controller"] == 1
    assert "pugu_huaien" in state["removed"]


def test_tx15_b_a_third_player_chooses_a_side():
    state = table(3, {"yecheng": (1, 0), "henei": (2, 5), "jiaozhi": (0, 1), "weizhou": (0, 1),
                      "changshan": (1, 1)}, seat=2, capitals={0: "jiaozhi", 1: "changshan"})
    c = state["cities"]["yecheng"]
    c.update(controller=None, last=1, armies={"0": 2, "1": 1})
    state["players"][0]["ledger"]["armies"] += 2
    state["players"][1]["ledger"]["armies"] += 1
    state, _ = play(state, 2, "attack yecheng")
    assert set(legal(state, 2)) == {"cancel", "side 1", "side 2"}
    state, _ = play(state, 2, "side 2", "muster henei", "count 5", "confirm")
    assert state["battle"]["defender"] == 1


TX16 = {"taiyuan": (1, 0), "changshan": (0, 9), "shangdang": (1, 7), "yanmen": (1, 1),
        "hedong": (1, 1), "jiaozhi": (0, 1)}


def test_tx16_a_capital_falls():
    state = table(3, TX16, capitals={0: "jiaozhi", 1: "taiyuan"},
                  generals={"shangdang": {"li_baoyu": 1}})
    state["players"][1]["minsheng"] = 9
    state, events = play(state, 0, "attack taiyuan", "muster changshan", "count 6", "confirm")
    assert "tang.log.capital_falls" in keys(events)
    assert state["players"][1]["minsheng"] == 8
    state, _ = play(state, 0, "designate shangdang")
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "send yanmen", "count 4", "done", "send hedong", "count 3",
                    "take li_baoyu")
    assert GAME.to_act(state) == {0}
    assert state["cities"]["hedong"]["generals"] == {"li_baoyu": 1}
    state, _ = play(state, 0, "move_in taiyuan", "count 2", "move_in changshan", "count 3", "done")
    c = state["cities"]["shangdang"]
    assert c["controller"] == 0 and c["armies"] == {"0": 5}
    assert armies(state, "yanmen", 1) == 5 and armies(state, "hedong", 1) == 4
    assert state["players"][1]["capital"] == "taiyuan"
    assert top(state) == turn("turn", 0)
    from games.tang.turns import transfer_sources
    assert transfer_sources(state, 1) == []  # T3.7: no capital, no transfers


def test_tx22_a_player_without_cities_ends_the_game_at_once():
    state = table(5, {"jiaozhi": (4, 1), "guangzhou": (2, 9), "guizhou": (3, 1)}, rest=0, seat=2,
                  capitals={2: "guangzhou", 3: "guizhou"}, round_=6)
    state["act"]["pass"] = 2
    state, _ = play(state, 2, "attack jiaozhi", "muster guangzhou", "count 9", "confirm")
    force(state, 6, 6, 1, 1)
    state, _ = play(state, 4, "done", "pass")
    state, events = play(state, 2, "pass")
    assert "tang.log.eliminated" in keys(events)
    result = GAME.result(state)
    assert result is not None and result.reason.key == "tang.result.eliminated"
    assert GAME.to_act(state) == set()
    row = result.details["rows"][4]
    assert row["cities"] == 0 and not row["eligible"]
    assert row["own"] == state["players"][4]["minsheng"] == 9  # its capital fell too


def test_tx23_truce_empty_city_lone_general():
    state = table(3, {"xingyang": (0, 3), "runan": (1, 2), "yingchuan": (2, 0),
                      "nanyang": (1, 2), "jiaozhi": (0, 1)},
                  generals={"yingchuan": {"zhang_xiaozhong": 2}}, hands={0: ["heqin"]},
                  capitals={0: "jiaozhi"})
    state["flow"]["stack"] = [turn("turn", 0), turn("wstep", 0, window="ACTION_START")]
    state, _ = play(state, 0, "play heqin 2")
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "pass")
    state, _ = play(state, 0, "pass")
    assert state["truces"] == [[0, 1]]
    assert "attack nanyang" not in legal(state, 0)
    state["cities"]["runan"]["controller"] = 1
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("attack nanyang"))
    assert refused.value.message.key == "tang.refuse.truce"
    assert english(refused.value.message, names=["A", "B", "C"]) == \
        "Truce with B until the end of this action phase."
    state, events = play(state, 0, "attack yingchuan", "muster xingyang", "count 1", "confirm")
    assert state["players"][0]["grain"] == 49
    assert state["cities"]["yingchuan"]["controller"] == 0
    assert "zhang_xiaozhong" in state["removed"]
    assert "tang.log.captured" in keys(events)


def test_t6_5a_yabghu_musters_from_distance_two():
    state = table(3, {"xingyang": (0, 1), "yingchuan": (0, 1), "chenliu": (0, 5),
                      "luoyang": (1, 2), "jiaozhi": (0, 1)},
                  reps=["yabghu", "li_mi", "gao_lishi"], capitals={0: "jiaozhi"})
    state, _ = play(state, 0, "attack luoyang", "muster chenliu")
    assert set(legal(state, 0)) == {"cancel", "via xingyang", "via yingchuan"}
    state, _ = play(state, 0, "via xingyang", "count 4")
    assert state["flow"]["stack"][-1]["data"]["musters"] == [["chenliu", 4, [], "xingyang"]]
    state, _ = play(state, 0, "confirm")
    assert state["players"][0]["grain"] == 50 - 4 - 2  # the mountain link 荥阳-洛阳 only
    assert state["battle"]["crossed"] == ["mountain"]
    plain = table(3, {"xingyang": (0, 1), "chenliu": (0, 5), "luoyang": (1, 2)})
    plain, _ = play(plain, 0, "attack luoyang")
    assert "muster chenliu" not in legal(plain, 0)


def test_t4_1_option_elimination_end_of_round():
    state = table(5, {"jiaozhi": (4, 1), "guangzhou": (2, 9), "guizhou": (3, 1)}, rest=0, seat=2,
                  capitals={2: "guangzhou", 3: "guizhou"}, round_=6,
                  options={"elimination_end": "end_of_round"})
    state, _ = play(state, 2, "attack jiaozhi", "muster guangzhou", "count 9", "confirm")
    force(state, 6, 6, 1, 1)
    state, _ = play(state, 4, "done", "pass")
    state, events = play(state, 2, "pass")
    assert GAME.result(state) is None and GAME.to_act(state) == {2}  # the round goes on
    state["flow"]["stack"] = []
    from games.tang.flow import FLOW
    FLOW.settle(state)
    result = GAME.result(state)
    assert result is not None and result.reason.key == "tang.result.eliminated"
