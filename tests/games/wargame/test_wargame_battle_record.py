"""The battle record keeps every roll of W32 a battle makes (issue 15: the battle image shows
the rolls and the tables' results): each round's `battle_method` roll, the `duel`, `kassen` and
`keiryaku` dice with their modifiers by name, the losses the tables gave, the `pursuit` roll
and each `kill_check` with its face and what became of the general. Every roll here is forced
(games.core.chance.force) and read back from the public record, which stays JSON-plain."""

from __future__ import annotations

import json
from typing import Any

from games.core.chance import force
from tests.games.wargame.scenario import by, wx14_fall
from tests.games.wargame.test_wargame_rules_w18_w21 import (
    gentry_battle,
    record,
    tao_battle,
    tie_and_unopposed,
)
from tests.games.wargame.test_wargame_rules_w22_w24 import TIE, double_rout, one_duel

State = dict[str, Any]


def first_round(state: State) -> dict[str, Any]:
    return dict(record(state)["rounds"][0])


def test_w32_battle_method_the_round_keeps_its_two_faces_total_and_method():
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))
    kept = first_round(state)
    assert (kept["roll"], kept["method"], kept["n"]) == ({"faces": [2, 3], "total": 5},
                                                         "kassen", 1)


def test_w32_kassen_each_army_keeps_its_face_named_modifiers_and_total():
    # 許昌, a big city: 25 troops give 曹操 +2, the 豪族' 12 give +1
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 1, 1), count=25, where="xuchang",
                             gozoku=12)
    kept = first_round(state)
    assert kept["dice"] == {
        "attacker": {"faces": [1], "mods": {"command": 4, "troops": 2}, "total": 7},
        "defender": {"faces": [1], "mods": {"command": 0, "big_city": 2, "troops": 1},
                     "total": 4}}
    assert kept["losses"] == {"attacker": 1, "defender": 4}  # 合戦表, d = 3


def test_w32_keiryaku_an_army_that_cannot_roll_keeps_no_dice():
    # 許褚 has no intellect: only 陶謙's 曹豹 rolls, 3 + 0
    state, _ = tao_battle(("xu_chu",), 6, ("cao_bao",), 6, (1, 3, 3))
    kept = first_round(state)
    assert kept["dice"] == {"attacker": None,
                            "defender": {"faces": [3], "mods": {"intellect": 0}, "total": 3}}
    assert kept["losses"] == {"attacker": 2, "defender": 0}  # 計略表, d = 3
    state, _ = gentry_battle(("li_dian",), (1, 3, 6, 1))  # the 豪族 roll with -1
    assert first_round(state)["dice"]["defender"] == {
        "faces": [1], "mods": {"gozoku_intellect": -1}, "total": 0}


def test_w32_duel_each_pair_keeps_both_rolls_the_loser_and_the_loss():
    state, _ = one_duel(2, 1, 6)  # 夏侯惇 2 + 4 against 曹豹 1 + 2: 3; duel_3 face 6 = 死亡
    kept = first_round(state)
    assert kept["pairs"] == [{
        "attacker": {"general": "xiahou_dun", "faces": [2], "mods": {"valour": 4}, "total": 6},
        "defender": {"general": "cao_bao", "faces": [1], "mods": {"valour": 2}, "total": 3},
        "loser": "defender", "loss": 3}]
    assert kept["unopposed"] == []
    assert kept["checks"] == [{"general": "cao_bao", "column": "duel_3", "by": "cao",
                               "face": 6, "result": "death"}]


def test_w32_duel_a_tie_loses_nothing_and_an_unopposed_general_keeps_his_loss():
    state, _ = tie_and_unopposed()  # 夏侯惇 and 曹豹 tie; 曹仁 (valour 3) unopposed
    kept = first_round(state)
    assert [(p["loser"], p["loss"]) for p in kept["pairs"]] == [(None, 0)]
    assert kept["unopposed"] == [{"side": "attacker", "general": "cao_ren", "loss": 3}]
    # a 豪族 duellist rolls with no modifier and no general
    state, _ = gentry_battle(("cheng_yu",), (1, 2, 1, 6, 3))
    state, _ = by(state, "cao", "general cheng_yu")
    gentry = first_round(state)["pairs"][0]["defender"]
    assert gentry == {"general": None, "faces": [6], "mods": {}, "total": 6}


def test_w32_kill_check_keeps_what_became_of_the_general():
    # a capture by the 豪族 makes him free (W24a): duel_4 face 3 = 生捕り
    state, _ = gentry_battle(("cheng_yu",), (1, 2, 1, 6, 3))
    state, _ = by(state, "cao", "general cheng_yu")
    assert first_round(state)["checks"] == [{"general": "cheng_yu", "column": "duel_4",
                                             "by": "gozoku", "face": 3, "result": "zaiya"}]
    state, _ = one_duel(3, 1, 3)  # duel_4 face 3 = 生捕り by 曹操
    assert first_round(state)["checks"][0]["result"] == "capture"


def test_w32_pursuit_the_record_keeps_the_face_the_troops_and_the_loss():
    state, _ = tao_battle(("xiahou_dun",), 5, ("cao_bao",), 6, TIE)
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    force(state, 6)
    state, _ = by(state, "cao", "pursue")
    assert state["last_battle"]["pursuit"] == {"face": 6, "troops": 4, "loss": 2}


def test_w32_kill_checks_of_a_rout_are_kept_with_the_battle_in_data_order():
    state, _ = double_rout(5, 6)  # 夏侯惇 生捕り (void in a double rout), 曹豹 死亡
    kept = state["last_battle"]
    assert kept["checks"] == [
        {"general": "xiahou_dun", "column": "rout_adjacent", "by": "tao", "face": 5,
         "result": "void"},
        {"general": "cao_bao", "column": "rout_adjacent", "by": "cao", "face": 6,
         "result": "death"}]
    assert kept["rounds"][0]["checks"] == []
    assert json.loads(json.dumps(kept)) == kept  # JSON-plain


def test_w32_the_fall_a_duel_causes_keeps_its_checks_in_that_round():
    checks = [(c["general"], c["column"], c["face"], c["result"])
              for c in first_round(wx14_fall()[0])["checks"]]
    assert checks == [("cao_ren", "duel_3", 4, "none"), ("yuan_yin", "duel_6plus", 2, "death"),
                      ("ji_ling", "fall_battle_area", 3, "submit"),
                      ("qiao_rui", "fall_other_area", 5, "submit")]
