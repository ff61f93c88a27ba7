"""A test named after every rule of retreat and pursuit (W22), the rout (W23) and the kill
check (W24) that had none, and the worked example WX19 (control timing) (issue 15).

Most battles are 曹操's invasion of 陶謙's 琅邪 from 彭城 (tao_battle): 琅邪's neighbours are
下邳 (陶謙's), 彭城 (曹操's), and the 豪族 of 泰山 and 北海; 広陵 is 陶謙's and not
adjacent."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import ForcedOutcomeError, force
from games.wargame import combat, fates
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, seat_of
from tests.games.wargame.test_wargame_combat import army, by, move_out, put, rule, wx25
from tests.games.wargame.test_wargame_rules_w18_w21 import gentry_battle, rolls, tao_battle

State = dict[str, Any]
TIE = (2, 3, 1, 3)  # 合戦, N = 1: 夏侯惇 1 + 4 against 曹豹 3 + 2, both lose 1


def blocked(state: State, beihai: str | None = None) -> State:
    """Take 下邳 from 陶謙 (its generals go to 広陵, 孫堅 holds it with 1 troop), and make
    北海 empty with `beihai` as controller (北海's free general 孔融 stays)."""
    move_out(state, "xiapi", "guangling")
    put(state, "xiapi", "sun", 1)
    state["ledger"]["removed"] += sum(state["areas"]["beihai"]["troops"].values())
    state["areas"]["beihai"] = {"control": beihai, "troops": {}}
    return state


def choosing(state: State, nation: str) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat_of(state, nation))]


# -- W22: retreat --------------------------------------------------------------------------------
def test_w22_1_retreat_is_a_choice_but_a_routed_army_must_retreat():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    assert rule(state) == "declare" and legal(state) == ["stay", "retreat"]
    state, _ = by(state, "cao", "stay")
    assert choosing(state, "tao") == ["stay", "retreat"]
    # 合戦, N = 3: 夏侯惇 6 + 4 + 1 against 曹豹 1 + 2: d = 8, 陶謙's 2 troops are gone
    state, _ = tao_battle(("xiahou_dun",), 12, ("cao_bao",), 2, (3, 4, 6, 1))
    assert state["battle"]["forced"] and rule(state) == "retreat"  # nobody is asked to stay


def test_w22_2_the_attacker_declares_first_then_the_defender():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    assert GAME.to_act(state) == {seat_of(state, "cao")}
    assert state["flow"]["stack"][-1]["data"]["side"] == "attacker"
    state, _ = by(state, "cao", "stay")
    assert GAME.to_act(state) == {seat_of(state, "tao")}
    assert state["flow"]["stack"][-1]["data"]["side"] == "defender"


def test_w22_3_a_retreating_army_takes_all_its_units_out():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao", "chen_deng"), 6, (3, 4, 1, 3))
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    state, _ = by(state, "cao", "no_pursue")
    assert state["battle"] is None
    assert state["areas"]["langya"]["troops"] == {"cao": army(state, "langya", "cao")}
    assert {g for g, s in state["generals"].items() if s["area"] == "langya"} == {"xiahou_dun"}
    assert state["generals"]["chen_deng"]["area"] == "xiapi"


def test_w22_4_the_units_go_into_an_adjacent_own_area():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    assert combat.destinations(state, "tao", forced=False) == ["xiapi"]  # not 広陵
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    state, _ = by(state, "cao", "no_pursue")
    assert state["generals"]["cao_bao"]["area"] == "xiapi"
    assert army(state, "xiapi", "tao") == 6 + 5


def test_w22_5_with_several_own_areas_the_army_may_split():
    state = acting("cao")
    put(state, "shanyang", "cao", 12, "xiahou_yuan")
    put(state, "pengcheng", "tao", 6, "cao_bao", "chen_deng")
    # 合戦, N = 3: 2 + 4 + 1 (12 troops) against 1 + 2 + 3 + 1 (small city): a tie
    force(state, 3, 4, 2, 1)
    state, _ = by(state, "cao", "invade pengcheng", "general xiahou_yuan", "troops shanyang 12",
                  "confirm", "stay")
    state, _ = by(state, "tao", "retreat")
    state, _ = by(state, "cao", "no_pursue")
    assert "to xiapi" in choosing(state, "tao") and "to langya" in choosing(state, "tao")
    state, _ = by(state, "tao", "general cao_bao xiapi", "general chen_deng langya",
                  "troops xiapi 3", "troops langya 2")
    assert state["battle"] is None
    assert state["generals"]["cao_bao"]["area"] == "xiapi"
    assert state["generals"]["chen_deng"]["area"] == "langya"
    assert army(state, "xiapi", "tao") == 6 + 3 and army(state, "langya", "tao") == 3 + 2


def test_w22_6_only_with_no_own_area_adjacent_a_neutral_one():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    assert combat.destinations(state, "tao", forced=False) == ["xiapi"]  # 北海 is 豪族 anyway
    blocked(state)
    # 北海 (neutral, only the free 孔融 there); 彭城 (曹操's, empty) waits in the next tier
    assert combat.destinations(state, "tao", forced=False) == ["beihai"]


def test_w22_7_only_with_no_own_or_neutral_area_another_nations_empty_one():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    blocked(state, beihai="sun")
    assert combat.destinations(state, "tao", forced=False) == ["pengcheng", "beihai"]


def test_w22_8_with_no_area_to_go_the_army_cannot_retreat():
    state = acting("cao")
    put(state, "pengcheng", "cao", 6, "xiahou_dun")
    put(state, "langya", "tao", 6, "cao_bao")
    blocked(state)
    put(state, "beihai", "gozoku", 2)
    force(state, *TIE)
    state, _ = by(state, "cao", "invade langya", "general xiahou_dun", "troops pengcheng 5",
                  "confirm")  # 1 troop stays in 彭城
    assert combat.destinations(state, "tao", forced=False) == []
    force(state, 1, 2)  # round 2: a duel
    state, _ = by(state, "cao", "stay")
    assert rule(state) == "select" and state["battle"]["round"] == 2  # 陶謙 was not asked


def routed_tao(*faces: Any) -> State:
    """陶謙's 曹豹 + 2 troops in 琅邪 routed in round 1 (合戦, N = 3: d = 8)."""
    state, _ = tao_battle(("xiahou_dun",), 12, ("cao_bao",), 2, (3, 4, 6, 1, *faces))
    return state


def test_w22_9_a_routed_army_may_retreat_into_an_own_area_not_adjacent():
    state = routed_tao()
    assert combat.destinations(state, "tao", forced=True)[:1] == ["xiapi"]
    assert "guangling" in combat.destinations(state, "tao", forced=True)
    assert "guangling" not in combat.destinations(state, "tao", forced=False)
    force(state, 1)  # rout_detached 1: unharmed
    state, events = by(state, "tao", "to guangling")
    assert rolls(events, "kill_check")[0]["column"] == "rout_detached"
    assert state["generals"]["cao_bao"]["area"] == "guangling"


def test_w22_11_pursuit_rolls_one_die_on_the_pursuers_troops_column():
    state, _ = tao_battle(("xiahou_dun",), 5, ("cao_bao",), 6, TIE)  # 曹操 4, 陶謙 5 after
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    force(state, 6)
    state, events = by(state, "cao", "pursue")
    (chase,) = rolls(events, "pursuit")
    assert (chase["by"], chase["dice"], chase["total"]) == ("cao", 1, 6)
    assert state["last_battle"]["pursuit"] == {"face": 6, "troops": 4, "loss": 2}  # 1-5 column
    assert army(state, "xiapi", "tao") == 6 + 3


def test_w22d_pursuit_is_optional_needs_troops_and_spares_a_routed_army():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    assert legal(state) == ["pursue", "no_pursue"]
    state, events = by(state, "cao", "no_pursue")
    assert not rolls(events, "pursuit") and army(state, "xiapi", "tao") == 6 + 5
    # a defender of generals only cannot pursue: 計略 N = 1, 2 + 2 against 曹豹 4 + 0, a tie
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 0, (1, 3, 2, 4))
    state, events = by(state, "cao", "retreat")
    assert state["battle"] is None and not rolls(events, "pursuit")
    assert army(state, "pengcheng", "cao") == 6
    # a routed army is not pursued, unless opt.pursue_routed
    assert rule(routed_tao()) == "retreat"
    state, _ = tao_battle(("xiahou_dun",), 12, ("cao_bao",), 2, (3, 4, 6, 1),
                          pursue_routed=True)
    assert rule(state) == "pursue"


def test_w22e_declaration_pursuit_then_the_move_and_a_neutral_refuge_is_held_at_the_end():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, TIE)
    blocked(state)
    state, _ = by(state, "cao", "stay")
    state, told = by(state, "tao", "retreat")
    force(state, 1)  # the pursuit: column 1-5, face 1: nothing
    state, events = by(state, "cao", "pursue")
    order = keys(told + events)
    assert order.index("wargame.battle.retreats") < order.index("engine.roll_for") < \
        order.index("wargame.battle.withdrawn")
    assert state["generals"]["cao_bao"]["area"] == "beihai"
    assert state["areas"]["beihai"]["control"] is None  # not yet: at the end of the step
    state, _ = by(state, "cao", "end")
    assert state["areas"]["beihai"]["control"] == "tao"
    assert state["generals"]["kong_rong"] == {"state": "nation", "nation": "tao",
                                              "area": "beihai"}  # W5.5.9


# -- W23: rout -----------------------------------------------------------------------------------
def test_w23_1_an_army_is_routed_the_moment_its_troops_reach_0():
    # 合戦, N = 1 at 陳: 夏侯惇 6 + 4 against 1: d = 9, the 豪族 lose 7 of 3
    state, events = gentry_battle(("xiahou_dun",), (2, 3, 6, 1), gozoku=3)
    assert "wargame.battle.routed" in keys(events) and "wargame.battle.won" in keys(events)
    assert state["battle"] is None and state["areas"]["chen"]["control"] is None


def test_w23_2_a_routed_army_is_kill_checked_general_by_general_then_retreats():
    # 合戦, N = 3: 6 + 4 + 1 against 1 + 2 + 3: d = 5, 陶謙 loses 5 of 2
    state, _ = tao_battle(("xiahou_dun",), 12, ("cao_bao", "chen_deng"), 2, (3, 4, 6, 1))
    force(state, 1, 4)  # rout_adjacent: 曹豹 1 (unharmed), 陳登 4 (帰順)
    state, events = by(state, "tao", "to xiapi")
    assert [(r["general"], r["column"], r["by"]) for r in rolls(events, "kill_check")] == \
        [("cao_bao", "rout_adjacent", "cao"), ("chen_deng", "rout_adjacent", "cao")]
    assert state["generals"]["cao_bao"]["area"] == "xiapi"
    assert state["generals"]["chen_deng"] == {"state": "nation", "nation": "cao",
                                              "area": "langya"}


def test_w23_3_a_pursuit_that_routs_brings_the_kill_checks():
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 2, TIE)  # 曹操 5, 陶謙 1
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    force(state, 6)  # column 1-5, face 6: 2
    state, events = by(state, "cao", "pursue")
    assert "wargame.battle.routed" in keys(events) and state["battle"]["forced"]
    force(state, 6)  # rout_adjacent 6: 死亡
    state, events = by(state, "tao", "to xiapi")
    assert rolls(events, "kill_check")[0]["column"] == "rout_adjacent"
    assert state["generals"]["cao_bao"]["state"] == "dead"


def test_w23_4_an_army_of_generals_only_is_routed_by_its_first_loss():
    # 計略, N = 1: 夏侯惇 3 + 2 against 曹豹 4 + 0: d = 1, a loss of 1 to an army of 0 troops
    state, events = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 0, (1, 3, 3, 4))
    assert state["battle"]["start"]["defender"] == 0
    assert "wargame.battle.routed" in keys(events) and state["battle"]["forced"]
    force(state, 1)
    state, _ = by(state, "tao", "to xiapi")
    assert state["generals"]["cao_bao"]["area"] == "xiapi" and state["battle"] is None


def double_rout(*checks: int) -> tuple[State, list]:
    """夏侯惇 + 1 against 曹豹 + 1 in 琅邪: a tie, both routed; 曹操 retreats to 彭城 and the
    checks go in data order (夏侯惇 rolled by 陶謙, then 曹豹 rolled by 曹操)."""
    state, told = tao_battle(("xiahou_dun",), 1, ("cao_bao",), 1, TIE)
    assert "wargame.battle.double_rout" in keys(told)
    force(state, *checks)
    return by(state, "cao", "to pengcheng")


def test_w23_5_a_double_rout_makes_the_attacker_retreat_checks_both_and_voids_captures():
    state, events = double_rout(5, 6)  # 夏侯惇 生捕り (void), 曹豹 死亡
    assert [(r["general"], r["by"]) for r in rolls(events, "kill_check")] == \
        [("xiahou_dun", "tao"), ("cao_bao", "cao")]
    assert "wargame.fate.void" in keys(events)
    assert state["generals"]["xiahou_dun"] == {"state": "nation", "nation": "cao",
                                               "area": "pengcheng"}
    assert state["generals"]["cao_bao"]["state"] == "dead"


def test_w23a_every_general_of_a_trapped_army_dies_without_a_roll_even_after_the_fall():
    """22.8, WX25: 張魯's army in 漢中 (張魯, 張衛 and 閻圃 of the 190 set-up) is routed with
    nowhere to go. 張衛, the last heir, dies before 閻圃 in removal order and the nation
    falls, but 閻圃 is of the trapped army too: he dies as well, with no kill check."""
    state, events = wx25()
    assert state["generals"]["yan_pu"]["state"] == "dead"
    assert all(state["generals"][g]["state"] == "dead"
               for g in ("zhang_lu", "zhang_wei", "yan_pu"))
    checked = [c["general"] for c in state["last_battle"].get("checks", [])]
    assert "yan_pu" not in checked
    assert not [e for e in events if e.kind == "chance"
                and e.text.params.get("why") is not None
                and e.text.params["why"].key == "wargame.roll.kill_check"]
    assert not state["nations"]["zhanglu"]["alive"] and not GAME.invariants(state)


def test_w23b_the_defender_stays_and_an_attacker_who_submits_stays_with_it():
    state, _ = double_rout(4, 1)  # 夏侯惇 帰順, 曹豹 unharmed
    assert state["generals"]["xiahou_dun"] == {"state": "nation", "nation": "tao",
                                               "area": "langya"}
    assert state["generals"]["cao_bao"]["area"] == "langya"
    assert state["areas"]["langya"] == {"control": "tao", "troops": {}}
    assert state["battle"] is None and not GAME.invariants(state)


# -- W24: the kill check -------------------------------------------------------------------------
def one_duel(attacker: int, defender: int, *checks: Any,
             who: str = "cao_bao") -> tuple[State, list]:
    """夏侯惇 (valour 4) against the defender's `who` (曹豹: valour 2): a duel, N = 1."""
    state, _ = tao_battle(("xiahou_dun",), 6, (who,), 6, (1, 2, attacker, defender, *checks))
    state, _ = by(state, "cao", "general xiahou_dun")
    return by(state, "tao", f"general {who}")


def test_w24_1_the_opponent_rolls_one_die_for_each_checked_general():
    _, events = one_duel(1, 6, 1)  # 5 against 8: 夏侯惇 checked on duel_3, by 陶謙
    (check,) = rolls(events, "kill_check")
    assert (check["general"], check["by"], check["dice"]) == ("xiahou_dun", "tao", 1)


def test_w24_2_the_column_follows_the_situation():
    state, events = one_duel(3, 1, 3)  # 7 against 3: duel_4, face 3 = 生捕り
    assert rolls(events, "kill_check")[0]["column"] == "duel_4"
    assert state["generals"]["cao_bao"]["nation"] == "cao"
    state, events = one_duel(4, 1, 3)  # 8 against 3: duel_5, face 3 = 死亡
    assert rolls(events, "kill_check")[0]["column"] == "duel_5"
    assert state["generals"]["cao_bao"]["state"] == "dead"
    state, events = one_duel(6, 1, 1)  # 10 against 3: duel_6plus, face 1 = 生捕り
    assert rolls(events, "kill_check")[0]["column"] == "duel_6plus"
    state = routed_tao()
    force(state, 1)
    state, events = by(state, "tao", "to xiapi")
    assert rolls(events, "kill_check")[0]["column"] == "rout_adjacent"


def test_w24_3_death_removes_the_general_from_the_game():
    state, _ = one_duel(4, 1, 3)
    assert state["generals"]["cao_bao"] == {"state": "dead", "nation": None, "area": None}
    shown = GAME.view(state, None)
    assert "cao_bao" in shown["gone"] and "cao_bao" not in shown["generals"]


def test_w24_4_captured_by_the_gentry_a_general_becomes_free_where_he_stands():
    # a duel, N = 1: 程昱 (valour 1) 1 + 1 against a 豪族 duellist's 6: 4, duel_4 face 3 = 生捕り
    state, events = gentry_battle(("cheng_yu",), (1, 2, 1, 6, 3))
    state, events = by(state, "cao", "general cheng_yu")
    assert rolls(events, "kill_check")[0]["by"] == "gozoku"
    assert state["generals"]["cheng_yu"] == {"state": "zaiya", "nation": None, "area": "chen"}
    assert "wargame.fate.zaiya" in keys(events)


def test_w24_5_an_exile_joins_a_random_existing_nation_the_victor_and_minors_included():
    state = routed_tao()
    force(state, 2, "cao")  # rout_detached 2 = 亡命; random_nation draws 曹操, the victor
    state, events = by(state, "tao", "to guangling")
    assert "wargame.fate.exile" in keys(events)
    assert state["generals"]["cao_bao"] == {"state": "nation", "nation": "cao",
                                            "area": "chenliu"}  # where 曹操 stands
    state = acting("cao")
    force(state, "ma")  # a minor nation: 馬騰's ruler stands in 武威
    fates.fate(state, DATA, "cao_bao", "exile", "cao")
    assert state["generals"]["cao_bao"] == {"state": "nation", "nation": "ma", "area": "wuwei"}
    state = acting("cao")
    force(state, "tao")  # never his own nation
    with pytest.raises(ForcedOutcomeError):
        fates.fate(state, DATA, "cao_bao", "exile", "cao")


def test_w24a_checks_go_in_data_order_and_a_captive_fights_for_his_captor():
    # 陳登 is assigned first, but 曹豹 comes first in the data
    state, _ = tao_battle(("xiahou_dun",), 12, ("cao_bao", "chen_deng"), 2, (3, 4, 6, 1))
    force(state, 1, 1)
    state, events = by(state, "tao", "general chen_deng xiapi", "general cao_bao guangling")
    assert [r["general"] for r in rolls(events, "kill_check")] == ["cao_bao", "chen_deng"]
    # captured in a duel, 曹豹 stays in the battle area and may be chosen by 曹操 next round
    state, _ = one_duel(3, 1, 3)
    assert state["generals"]["cao_bao"] == {"state": "nation", "nation": "cao",
                                            "area": "langya"}
    force(state, 1, 2)  # round 2: a duel
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "stay")
    assert "general cao_bao" in legal(state)


def test_w24c_a_ruler_taken_by_a_check_brings_the_succession_at_once():
    # 夏侯惇 3 + 4 against 陶謙 1 + 1: duel_5, face 2 = 生捕り; 劉備 (not yet entered) rules
    state, _ = one_duel(3, 1, 2, who="tao_qian")
    assert state["generals"]["tao_qian"]["nation"] == "cao"
    assert state["nations"]["tao"]["ruler"] == "liu_bei"
    assert state["generals"]["liu_bei"]["state"] == "nation"
    assert state["generals"]["liu_bei"]["nation"] == "tao"


# -- WX19: control timing (W4, W22a) -------------------------------------------------------------
def test_wx19_control_changes_at_the_end_of_the_step_and_a_won_area_takes_a_retreat():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    put(state, "shanyang", "cao", 12, "xiahou_yuan")
    put(state, "pengcheng", "tao", 6, "cao_bao")
    move_out(state, "xiapi", "guangling")
    put(state, "xiapi", "sun", 1)
    put(state, "langya", "sun", 1)
    # 許昌 (豪族 3, big city): 合戦 N = 1, 曹仁 6 + 5 against 1 + 2: d = 8, routed
    force(state, 2, 3, 6, 1)
    state, _ = by(state, "cao", "invade xuchang", "general cao_ren", "troops chenliu 8",
                  "confirm")
    assert state["battle"] is None and state["areas"]["xuchang"]["control"] is None
    # 陳 (豪族 3): 合戦 N = 1, 曹洪 1 + 3 against 4: a tie; 曹操 retreats; the 豪族 pursue: 1
    force(state, 2, 3, 1, 4, 1)
    state, _ = by(state, "cao", "invade chen", "general cao_hong", "troops chenliu 4",
                  "confirm", "retreat")
    # 許昌, won this step (W22a), beside 陳留 (and 山陽, 曹操's in this test)
    assert combat.destinations(state, "cao", forced=False) == ["xuchang", "chenliu", "shanyang"]
    state, _ = by(state, "cao", "to chenliu")
    # 彭城: 合戦 N = 1, 夏侯淵 1 + 4 against 2 + 2 + 1: a tie; 陶謙 retreats into neutral 譙
    force(state, 2, 3, 1, 2)
    state, _ = by(state, "cao", "invade pengcheng", "general xiahou_yuan",
                  "troops shanyang 12", "confirm", "stay")
    state, _ = by(state, "tao", "retreat")
    state, _ = by(state, "cao", "no_pursue")
    assert state["generals"]["cao_bao"]["area"] == "qiao"
    assert state["areas"]["qiao"]["control"] is None
    state, _ = by(state, "cao", "end")
    assert state["areas"]["xuchang"]["control"] == "cao"
    assert state["areas"]["chen"]["control"] == "gozoku" and army(state, "chen", "gozoku") == 2
    assert state["areas"]["qiao"]["control"] == "tao"
    gens = [g for g, s in state["generals"].items() if s["area"] == "chenliu"
            and s["state"] == "nation"]
    state, _ = by(state, "cao", "move chenliu", *(f"general {g}" for g in gens), "troops 3",
                  "to xuchang")
    assert state["areas"]["chenliu"] == {"control": "cao", "troops": {}}
    state, _ = by(state, "cao", "end")
    assert state["areas"]["chenliu"]["control"] == "cao" and not GAME.invariants(state)
