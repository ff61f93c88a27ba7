"""Combat (W16.8, W18-W24, W26/W27 in combat): the worked examples WX6-WX14 and WX25 with
their rolls forced by name order (games.core.chance.force), and the rules they leave out."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.actions import Action
from games.core.chance import force
from games.core.errors import IllegalAction
from games.core.messages import Msg
from games.wargame import combat
from games.wargame.tenmei import apply_card
from tests.games.wargame.scenario import DATA, GAME, acting, as_seat, by, keys, legal, put, seat_of

State = dict[str, Any]


def vacate(state: State, aid: str) -> None:
    """Take every general standing in `aid` off the map (out of the way of a test)."""
    for spot in state["generals"].values():
        if spot["area"] == aid and spot["state"] == "nation":
            spot.update(state="exited", nation=None, area=None)


def move_out(state: State, aid: str, to: str) -> None:
    """Move every general standing in `aid` to `to` (out of the way of a test)."""
    for spot in state["generals"].values():
        if spot["area"] == aid and spot["state"] == "nation":
            spot["area"] = to


def rule(state: State) -> str:
    return str(state["flow"]["stack"][-1]["rule"])


def army(state: State, aid: str, pid: str) -> int:
    return int(state["areas"][aid]["troops"].get(pid, 0))


# -- WX6: the pitched battle's modifiers (W20.6) --------------------------------------------------
def test_wx6_pitched_battle_modifiers_city_and_river_only():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    force(state, 2, 3, 2, 6)  # battle_method 5 (合戦, N = 1); kassen 2 / 6
    state, events = by(state, "cao", "invade henei", "general cao_ren", "troops chenliu 12",
                       "confirm")
    assert state["battle"]["rounds"][0]["totals"] == {"attacker": 8, "defender": 9}
    assert army(state, "henei", "cao") == 9 and army(state, "henei", "gozoku") == 2
    assert rule(state) == "declare"
    assert sum(e.kind == "chance" for e in events) == 3  # the method and both armies' dice


def test_wx6_variant_a_contingent_over_a_plain_side_loses_the_river_modifier():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 8)
    put(state, "ye", "cao", 4, "yu_jin")
    force(state, 2, 3, 2, 6)
    state, _ = by(state, "cao", "invade henei", "general cao_ren", "troops chenliu 8",
                  "general yu_jin", "troops ye 4", "confirm")
    assert rule(state) == "select"  # two generals for N = 1: a real choice
    state, events = by(state, "cao", "general cao_ren")
    assert state["last_battle"]["rounds"][0]["totals"] == {"attacker": 8, "defender": 7}
    assert "wargame.battle.won" in keys(events)
    assert army(state, "henei", "cao") == 11 and state["areas"]["henei"]["control"] is None
    assert rule(state) == "act" and not GAME.invariants(state)


# -- WX7: duel, unopposed damage, capture (W19, W24) ----------------------------------------------
def wx7(face: int) -> tuple[State, list]:
    state = acting("dong", seats=6)
    put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
    put(state, "chenliu", "cao", 10, "dian_wei")
    force(state, 6, 6, ["lu_bu", "hua_xiong"], 5, 1, face)
    state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                  "troops luoyang 10", "confirm")
    assert rule(state) == "select" and set(GAME.to_act(state)) == {seat_of(state, "dong"),
                                                                  seat_of(state, "cao")}
    state, _ = by(state, "dong", "general lu_bu")
    state, _ = by(state, "cao", "general dian_wei")
    state, _ = by(state, "dong", "general hua_xiong")
    return by(state, "cao", "done")


def test_wx7_duel_unopposed_damage_and_capture():
    state, events = wx7(2)
    assert state["battle"]["picks"] == {"attacker": ["lu_bu", "hua_xiong"],
                                        "defender": ["dian_wei"]}
    assert army(state, "chenliu", "cao") == 3  # 3 (capped) + 4 (華雄 unopposed)
    assert "wargame.fate.capture" in keys(events)
    assert state["generals"]["dian_wei"] == {"state": "nation", "nation": "dong",
                                             "area": "chenliu"}
    assert "dian_wei" in combat.army_generals(state, "attacker")  # he fights for 董卓 now


def test_wx7_faces_3_to_6_kill_and_1_leaves_him_unharmed():
    assert wx7(3)[0]["generals"]["dian_wei"]["state"] == "dead"
    assert wx7(1)[0]["generals"]["dian_wei"]["nation"] == "cao"


def test_wx7_variant_an_unopposed_general_inflicts_at_most_5():
    state = acting("dong", seats=6)
    put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
    put(state, "chenliu", "cao", 10, "dian_wei")
    force(state, 6, 6, ["hua_xiong", "lu_bu"], 3, 3)  # 華雄 7 vs 典韋 8: a tie is not
    state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                  "troops luoyang 10", "confirm", "general lu_bu")
    state, _ = by(state, "cao", "general dian_wei")
    state, _ = by(state, "dong", "general hua_xiong")
    state, _ = by(state, "cao", "done")
    # 華雄 4 + 3 = 7 against 典韋 5 + 3 = 8: the attacker loses 1; 呂布 alone inflicts 5, not 6
    assert army(state, "chenliu", "cao") == 5 and army(state, "chenliu", "dong") == 9


# -- WX8: duel against the 豪族 (W19.8, W19b) ------------------------------------------------------
def wx8(*picks: str, **options: Any) -> State:
    state = acting("cao", minor_combat="auto", **options)
    put(state, "chenliu", "cao", 6)
    force(state, 1, 2, 3, 6)  # battle_method 3 (一騎討ち, N = 1); duel 3 / 6
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 6",
                  "confirm", *picks)
    return state


def test_wx8_duel_against_the_gentry():
    state = wx8("general xiahou_dun")
    assert army(state, "puyang", "cao") == 4 and army(state, "puyang", "gozoku") == 2


def test_wx8_variant_no_duellist_loses_3_and_min_n_fields_one():
    state = wx8("done")
    assert army(state, "puyang", "cao") == 3 and army(state, "puyang", "gozoku") == 3
    state = wx8("general xiahou_dun", gozoku_duel="min_n")
    assert army(state, "puyang", "cao") == 6 and army(state, "puyang", "gozoku") == 2


# -- WX9: stratagem (W21) --------------------------------------------------------------------------
def wx9(*gens: str, faces: tuple[int, ...]) -> tuple[State, list]:
    state = acting("dong", seats=6, minor_combat="auto")
    put(state, "luoyang", "dong", 8)
    move_out(state, "luoyang", "changan")
    put(state, "luoyang", "dong", 8, *gens)
    force(state, 1, 1, *faces)  # battle_method 2 (計略, N = 3)
    texts = [f"general {g}" for g in gens]
    return by(state, "dong", "invade henei", *texts, "troops luoyang 8", "confirm")


def test_wx9_stratagem_routs_the_gentry():
    state, events = wx9("lu_bu", "gao_shun", faces=(4, 1))
    assert state["last_battle"]["rounds"][0]["totals"] == {"attacker": 5, "defender": 0}
    assert "wargame.battle.routed" in keys(events) and "wargame.battle.won" in keys(events)
    assert state["areas"]["henei"]["control"] is None  # W4.5 at once


def test_wx9_variant_no_intellect_rolls_nothing_and_equal_totals_do_nothing():
    state, events = wx9("lu_bu", faces=(3,))
    assert state["battle"]["rounds"][0]["totals"] == {"attacker": None, "defender": 2}
    assert "wargame.battle.no_scheme" in keys(events)
    assert army(state, "henei", "dong") == 7
    state, _ = wx9("lu_bu", "gao_shun", faces=(2, 4))
    assert army(state, "henei", "dong") == 8 and army(state, "henei", "gozoku") == 3


def test_wx9_variant_intellect_0_rolls_normally():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 5, "yan_liang")
    state["battle"] = {"area": "henei", "sides": {"attacker": "cao", "defender": "gozoku"},
                       "picks": {"attacker": ["yan_liang"], "defender": []}, "n": 1}
    force(state, 2, 2)
    from games.wargame.methods import keiryaku
    assert keiryaku(state).totals == {"attacker": 2, "defender": 1}


# -- WX10: retreat tiers and pursuit (W22) -------------------------------------------------------
def wx10(defenders: int, pursuit: int) -> State:
    state = acting("cao")
    put(state, "shanyang", "cao", 12, "xiahou_yuan")
    put(state, "pengcheng", "tao", defenders, "cao_bao")
    # battle_method 4 (計略, N = 1): 夏侯淵 (intellect 2) 3 + 2 against 曹豹 (0) 5 + 0: a tie
    force(state, 1, 3, 3, 5, pursuit)
    state, _ = by(state, "cao", "invade pengcheng", "general xiahou_yuan", "troops shanyang 12",
                  "confirm")
    assert army(state, "pengcheng", "tao") == defenders  # round 1: no losses
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    return by(state, "cao", "pursue")[0]


def test_wx10_retreat_tiers_and_pursuit():
    state = wx10(6, 5)
    assert army(state, "pengcheng", "tao") == 3  # column 11-20, face 5: 3
    assert combat.destinations(state, "tao", forced=False) == ["xiapi", "langya"]
    assert "qiao" not in legal(state)  # 譙 is neutral: an own area is adjacent
    state, events = by(state, "tao", "general cao_bao xiapi", "troops xiapi 2",
                       "troops langya 1")
    assert state["generals"]["cao_bao"]["area"] == "xiapi"
    assert army(state, "xiapi", "tao") == 6 + 2 and army(state, "langya", "tao") == 3 + 1
    assert "wargame.battle.won" in keys(events) and state["battle"] is None
    state, events = by(state, "cao", "end")
    assert state["areas"]["pengcheng"]["control"] == "cao"


def test_wx10_variant_a_pursuit_that_routs_forces_the_retreat_and_checks():
    state = wx10(3, 5)
    assert state["battle"]["forced"]
    forced = combat.destinations(state, "tao", forced=True)
    assert forced[:2] == ["xiapi", "langya"] and "guangling" in forced  # 22.9
    force(state, 6)
    state, events = by(state, "tao", "to xiapi")
    assert "wargame.fate.death" in keys(events)
    assert state["generals"]["cao_bao"]["state"] == "dead"


# -- WX11: rout, adjacent or detached retreat, exile (W23, W24) ------------------------------------
def wx11(dest: str, *faces: Any) -> tuple[State, list]:
    state = acting("yuanshao", seats=4)
    put(state, "ye", "yuanshao", 10, "yan_liang")
    put(state, "puyang", "cao", 2, "yue_jin")
    put(state, "xuchang", "cao", 1)
    force(state, 4, 5, 6, 1)  # battle_method 9 (合戦, N = 1); kassen 6 / 1
    state, _ = by(state, "yuanshao", "invade puyang", "general yan_liang", "troops ye 10",
                  "confirm")
    force(state, *faces)
    return by(state, "cao", f"to {dest}")


def test_wx11_case_a_rout_to_an_adjacent_area_and_submission():
    state, events = wx11("chenliu", 4)
    assert state["last_battle"]["rounds"][0]["totals"] == {"attacker": 10, "defender": 7}
    assert army(state, "puyang", "yuanshao") == 9
    rolled = [e.text.params["why"] for e in events if e.kind == "chance"
              and isinstance(e.text, Msg) and e.text.key == "engine.roll_for"]
    assert rolled and all(isinstance(why, Msg) for why in rolled)  # the rolls were read
    assert "wargame.roll.pursuit" not in [why.key for why in rolled]  # no pursuit of a rout
    assert state["generals"]["yue_jin"] == {"state": "nation", "nation": "yuanshao",
                                            "area": "puyang"}
    state, _ = by(state, "yuanshao", "end")
    assert state["areas"]["puyang"]["control"] == "yuanshao"


def test_wx11_faces_1_to_3_leave_him_unharmed_in_chenliu():
    state, _ = wx11("chenliu", 3)
    assert state["generals"]["yue_jin"] == {"state": "nation", "nation": "cao",
                                            "area": "chenliu"}


def test_wx11_case_b_detached_retreat_and_exile():
    state, events = wx11("xuchang", 2, "liubiao")
    assert "wargame.fate.exile" in keys(events)
    assert state["generals"]["yue_jin"] == {"state": "nation", "nation": "liubiao",
                                            "area": "xiangyang"}


# -- WX12: generals-only army; double rout (W23.4, W23.5) -----------------------------------------
def test_wx12_case_a_an_army_of_generals_only_is_routed_by_the_first_loss():
    state = acting("cao")
    put(state, "pengcheng", "cao", 5, "li_dian")
    put(state, "langya", "tao", 0, "sun_qian")
    force(state, 3, 3, 3, 6)  # battle_method 6 (合戦, N = 2); kassen 3 / 6
    state, _ = by(state, "cao", "invade langya", "general li_dian", "troops pengcheng 5",
                  "confirm")
    assert state["battle"]["rounds"][0]["totals"] == {"attacker": 7, "defender": 6}
    assert army(state, "langya", "cao") == 4 and state["battle"]["forced"]
    force(state, 6)
    state, events = by(state, "tao", "to xiapi")
    assert state["generals"]["sun_qian"]["state"] == "dead"


def wx12b(defender: str, *faces: int) -> tuple[State, list]:
    state = acting("cao", minor_combat="auto")
    put(state, "pengcheng", "cao", 1, "zhang_fei")
    if defender == "tao":
        put(state, "langya", "tao", 1, "chen_gong")
    else:
        put(state, "langya", "gozoku", 1)
    force(state, 4, 4, *faces)  # battle_method 8 (合戦, N = 2)
    return by(state, "cao", "invade langya", "general zhang_fei", "troops pengcheng 1",
              "confirm")


def test_wx12_case_b_double_rout_voids_captures_and_takes_a_submitter_along():
    state, events = wx12b("tao", 2, 3)  # 張飛 4 + 2 against 陳宮 3 + 3: a tie
    assert "wargame.battle.double_rout" in keys(events)
    force(state, 4, 5)  # data order: 陳宮 (rolled by 曹操) 帰順, then 張飛 (by 陶謙) 生捕り
    state, events = by(state, "cao", "to pengcheng")
    assert "wargame.fate.void" in keys(events) and "wargame.fate.submit" in keys(events)
    assert state["generals"]["zhang_fei"]["area"] == "pengcheng"
    assert state["generals"]["chen_gong"] == {"state": "nation", "nation": "cao",
                                              "area": "pengcheng"}
    assert state["areas"]["langya"] == {"control": "tao", "troops": {}}  # W4.3
    assert "wargame.battle.held" in keys(events) and not GAME.invariants(state)


def test_wx12_case_b_against_the_gentry_the_area_becomes_neutral_at_once():
    state, events = wx12b("gozoku", 2, 6)
    assert "wargame.battle.double_rout" in keys(events)
    assert state["areas"]["langya"]["control"] is None  # W4.5
    state, _ = by(state, "cao", "to pengcheng")
    assert state["generals"]["zhang_fei"]["area"] == "pengcheng"


# -- WX13: a ruler killed in a duel; an heir who has not entered (W26) -----------------------------
def wx13(state: State) -> tuple[State, list]:
    put(state, "jiangxia", "liubiao", 4, "huang_zu")
    handler = seat_of(state, "cao")
    force(state, 5, 6, 1, 6, 6)  # battle_method 11 (一騎討ち, N = 2); duel 1 / 6; check 6
    state, _ = by(state, "sun", "invade jiangxia", "general sun_jian", "general cheng_pu",
                  "troops changsha 8", "confirm", f"handler {handler}")
    state, _ = by(state, "sun", "general sun_jian")
    state, _ = as_seat(state, handler, "general huang_zu")
    return by(state, "sun", "done")


def test_wx13_a_ruler_killed_in_a_duel_and_his_heir_enters():
    state = acting("sun")
    state, events = wx13(state)
    assert army(state, "jiangxia", "sun") == 5
    assert state["generals"]["sun_jian"]["state"] == "dead"
    assert state["nations"]["sun"]["ruler"] == "sun_ce"
    assert state["generals"]["sun_ce"] == {"state": "nation", "nation": "sun", "area": "changsha"}
    assert state["battle"] is not None and rule(state) == "declare"  # the combat goes on
    # later P1 cards: 孫策登場 (he is on the map) and 孫堅退場 (he is dead) do nothing
    for gid, kind in (("sun_ce", "enter"), ("sun_jian", "exit")):
        assert keys(apply_card(state, DATA, _card(gid, kind)))[-1] == "wargame.tenmei.no_effect"


def _card(gid: str, kind: str) -> str:
    return next(c for c, card in DATA.cards.items()
                if card["kind"] == kind and card.get("general") == gid)


def test_wx13_variant_an_heir_serving_another_nation_is_skipped():
    state = acting("sun")
    state["generals"]["sun_ce"].update(state="nation", nation="yuanshu", area="wan")
    state, _ = wx13(state)
    assert state["nations"]["sun"]["ruler"] == "sun_quan"
    assert state["generals"]["sun_quan"]["area"] == "changsha"


# -- WX14: destruction in combat (W27.2) ---------------------------------------------------------
def test_wx14_destruction_in_combat():
    state = acting("cao")
    for gid in ("yuan_shu", "zhang_xun", "yang_hong", "qiao_rui"):
        state["generals"][gid].update(state="exited", nation=None, area=None)
    state["nations"]["yuanshu"]["ruler"] = "yuan_yin"
    put(state, "wan", "yuanshu", 1, "yuan_yin", "ji_ling")
    put(state, "xinye", "yuanshu", 3)
    put(state, "xuchang", "cao", 10, "xu_chu", "cao_ren")
    state["cup"] = ["yuanshu"]
    handler = seat_of(state, "tao")
    # battle_method 12; pairing; duel 5 / 1 (許褚-袁胤) and 2 / 4 (曹仁-紀霊); checks in data
    # order: 曹仁 4, 袁胤 2; then 紀霊 on fall_battle_area: 3
    force(state, 6, 6, ["xu_chu", "cao_ren"], 5, 1, 2, 4, 4, 2, 3)
    state, _ = by(state, "cao", "invade wan", "general xu_chu", "general cao_ren",
                  "troops xuchang 10", "confirm", f"handler {handler}")
    state, _ = by(state, "cao", "general xu_chu")
    state, _ = as_seat(state, handler, "general yuan_yin")
    state, _ = by(state, "cao", "general cao_ren")
    state, events = as_seat(state, handler, "general ji_ling")
    assert army(state, "wan", "cao") == 7
    assert state["generals"]["cao_ren"]["state"] == "nation"
    assert state["generals"]["yuan_yin"]["state"] == "dead"
    assert not state["nations"]["yuanshu"]["alive"] and state["cup"] == []
    assert state["generals"]["ji_ling"] == {"state": "nation", "nation": "cao", "area": "wan"}
    assert state["areas"]["xinye"] == {"control": None, "troops": {}}
    assert "wargame.battle.won" in keys(events) and "wargame.battle.routed" not in keys(events)
    state, _ = by(state, "cao", "end")
    assert state["areas"]["wan"]["control"] == "cao" and not GAME.invariants(state)


# -- WX25: a trapped army (W23a, W27) ------------------------------------------------------------
def wx25(**options: Any) -> tuple[State, list]:
    state = acting("cao", minor_combat="auto", **options)
    for aid in ("changan", "fufeng", "wudu", "zitong", "shangyong", "jiangzhou"):
        vacate(state, aid)
        put(state, aid, "liuyan", 1)
    put(state, "changan", "cao", 21, "cao_ren")
    put(state, "hanzhong", "zhanglu", 2, "zhang_lu", "zhang_wei")
    move_out(state, "hanzhong", "hanzhong")
    state["cup"] = ["zhanglu"]
    force(state, 3, 4, 6, 1)  # battle_method 7 (合戦, N = 3); kassen 6 / 1
    return by(state, "cao", "invade hanzhong", "general cao_ren", "troops changan 20",
              "confirm")


def test_wx25_a_trapped_army_dies_and_its_nation_falls():
    state, events = wx25()
    assert "wargame.battle.trapped" in keys(events)
    assert state["generals"]["zhang_lu"]["state"] == "dead"
    assert state["generals"]["zhang_wei"]["state"] == "dead"
    assert not state["nations"]["zhanglu"]["alive"] and state["cup"] == []
    state, _ = by(state, "cao", "end")
    assert state["areas"]["hanzhong"]["control"] == "cao" and not GAME.invariants(state)


def test_w23a_trapped_zaiya_makes_free_generals_who_join_the_winner():
    state, _ = wx25(trapped="zaiya")
    assert state["generals"]["zhang_lu"]["state"] == "zaiya"
    assert not state["nations"]["zhanglu"]["alive"]
    state, _ = by(state, "cao", "end")
    assert state["generals"]["zhang_wei"]["nation"] == "cao"  # W5.5.9 at the update


# -- rules the worked examples leave out ---------------------------------------------------------
def test_w18b_the_selection_is_secret_until_both_armies_have_chosen():
    state = acting("dong", seats=6)
    put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
    put(state, "chenliu", "cao", 10, "dian_wei")
    force(state, 6, 6)
    state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                  "troops luoyang 10", "confirm", "general lu_bu")
    dong, cao = seat_of(state, "dong"), seat_of(state, "cao")
    assert GAME.view(state, dong)["selection"] == ["lu_bu"]
    assert GAME.view(state, None)["selection"] is None
    assert GAME.view(state, cao)["selection"] == []
    for seat in (None, cao):
        shown = GAME.view(state, seat)
        assert "drafts" not in shown["battle"] and shown["battle"]["picks"] is None
        assert "lu_bu" not in str(shown["flow"])


def duel_of_three(state: State | None = None) -> State:
    """董卓 invades 陳留 with 呂布 and 華雄 against 典韋; the method roll is a duel, N = 3."""
    state = state or acting("dong", seats=6)
    put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
    put(state, "chenliu", "cao", 10, "dian_wei")
    force(state, 6, 6)
    state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                  "troops luoyang 10", "confirm")
    return state


def others_see(state: State, seat: int) -> list[dict[str, Any]]:
    """Every view but `seat`'s own: the public one and each other seat's."""
    return [GAME.view(state, s) for s in (None, *range(len(state["players"]))) if s != seat]


def test_w18b_a_selection_is_one_secret_commitment_told_once_when_complete():
    state = duel_of_three()
    dong, cao = seat_of(state, "dong"), seat_of(state, "cao")
    unseen = others_see(state, dong)
    state, events = by(state, "dong", "general lu_bu")
    assert not [e for e in events if e.public] and {e.seats for e in events} == {(dong,)}
    assert others_see(state, dong) == unseen  # neither the pick, its count, nor any change
    assert GAME.to_act(state) == {dong, cao}
    assert GAME.view(state, dong)["selection"] == ["lu_bu"]
    assert GAME.view(state, None)["flow"]["waiting"] == sorted([cao, dong])
    state, events = by(state, "dong", "done")  # 呂布 alone, though N = 3 (W19.4)
    assert [e.text.key for e in events if e.public] == ["engine.has_chosen"]
    assert GAME.to_act(state) == {cao} and state["battle"]["picks"] is None
    assert all(v["selection"] in (None, []) and v["flow"]["answers"] == {}
               for v in others_see(state, dong))
    state, events = by(state, "cao", "general dian_wei", "done")
    assert keys(events).count("engine.has_chosen") == 1  # revealed: the round goes on
    record = (state["battle"] or state["last_battle"])["rounds"][0]
    assert record["picks"] == {"attacker": ["lu_bu"], "defender": ["dian_wei"]}


def test_w18b_the_last_general_an_army_may_field_completes_its_selection():
    state = duel_of_three()
    dong = seat_of(state, "dong")
    state, events = by(state, "dong", "general hua_xiong")
    assert not [e for e in events if e.public] and GAME.to_act(state) == {dong,
                                                                          seat_of(state, "cao")}
    state, events = by(state, "dong", "general lu_bu")  # both of his: nothing more to choose
    assert [e.text.key for e in events if e.public] == ["engine.has_chosen"]
    assert GAME.to_act(state) == {seat_of(state, "cao")}
    assert GAME.view(state, dong)["selection"] == ["hua_xiong", "lu_bu"]


def test_w33_3_select_names_a_whole_selection_in_one_action_as_if_chosen_one_by_one():
    one_by_one, told_apart = by(duel_of_three(), "dong", "general lu_bu", "general hua_xiong")
    at_once, told_together = by(duel_of_three(), "dong", "select lu_bu,hua_xiong")
    assert at_once == one_by_one and keys(told_together) == keys(told_apart)
    in_a_duel, _ = by(duel_of_three(), "dong", "select lu_bu")  # fewer than N: then done
    dong = seat_of(in_a_duel, "dong")
    assert dong not in GAME.to_act(in_a_duel) and GAME.view(in_a_duel, dong)["selection"] == [
        "lu_bu"]


def test_w33_3_select_is_refused_unless_it_completes_the_selection_and_changes_nothing():
    state = duel_of_three()
    dong = seat_of(state, "dong")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, dong, Action.parse("select lu_bu,hua_xiong,lu_bu"))
    assert refused.value.message.key == "wargame.select.at_most"
    assert GAME.view(state, dong)["selection"] == []
    pitched = acting("cao", minor_combat="auto")
    force(pitched, 3, 3)  # battle_method 6 (合戦, N = 2)
    pitched, _ = by(pitched, "cao", "invade puyang", "general xiahou_dun",
                    "general xiahou_yuan", "general cao_ren", "troops chenliu 6", "confirm")
    with pytest.raises(IllegalAction) as refused:
        by(pitched, "cao", "select cao_ren")
    assert refused.value.message.key == "wargame.select.exactly"
    after, _ = by(state, "dong", "select")  # a duel may field none: done at once
    assert dong not in GAME.to_act(after) and GAME.view(after, dong)["selection"] == []
    with pytest.raises(IllegalAction) as refused:
        by(acting("cao"), "cao", "select cao_ren")  # his action step: no battle
    assert refused.value.message.key == "wargame.select.not_now"


def test_w18b_option_open_selection_lets_the_attacker_choose_first():
    state = acting("dong", seats=6, secret_selection=False)
    put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
    put(state, "chenliu", "cao", 10, "dian_wei")
    force(state, 6, 6)
    state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                  "troops luoyang 10", "confirm")
    assert GAME.to_act(state) == {seat_of(state, "dong")}
    state, _ = by(state, "dong", "general lu_bu", "done")
    assert GAME.to_act(state) == {seat_of(state, "cao")}


def test_w18b_pitched_battle_fields_exactly_min_n_generals():
    state = acting("cao", minor_combat="auto")
    force(state, 3, 3)  # battle_method 6 (合戦, N = 2)
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "general xiahou_yuan",
                  "general cao_ren", "troops chenliu 6", "confirm", "general cao_ren")
    assert "done" not in legal(state)
    state, _ = by(state, "cao", "general xiahou_dun")
    record = (state["battle"] or state["last_battle"])["rounds"][0]
    assert record["picks"]["attacker"] == ["cao_ren", "xiahou_dun"]


def test_w18_2_the_acting_player_names_a_handler_who_runs_the_minor_army():
    state = acting("cao")
    put(state, "chenliu", "cao", 6)
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 6",
                  "confirm")
    others = {seat_of(state, "tao"), seat_of(state, "sun")}
    assert rule(state) == "handler" and {int(a.split()[1]) for a in legal(state)} == others
    force(state, 3, 3, 1, 6)  # 合戦, N = 2; kassen 1 / 6: the attacker loses
    state, events = by(state, "cao", f"handler {seat_of(state, 'tao')}")
    assert "wargame.battle.handler_named" in keys(events)
    state, _ = by(state, "cao", "stay")
    assert rule(state) == "declare" and GAME.to_act(state) == {seat_of(state, "tao")}


def test_w33_5_auto_policy_picks_the_best_rated_and_valour_3_for_duels():
    state = acting("cao", minor_combat="auto")
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "general yue_jin",
                  "general li_dian", "troops chenliu 6")
    force(state, 6, 6, 1, 1, 1, 1, 1, 1)
    state, _ = by(state, "cao", "confirm")
    assert combat.auto_picks(state, "attacker") == ["xiahou_dun", "yue_jin", "li_dian"]
    state["battle"]["method"] = "kassen"
    assert combat.auto_picks(state, "attacker") == ["xiahou_dun", "li_dian", "yue_jin"]
    state["battle"]["method"] = "ikki"
    seat = seat_of(state, "cao")
    state, _ = by(state, "cao", "general li_dian")  # one chosen before the deadline
    skipped = GAME.skip_action(state, seat)
    assert skipped == Action("select", ("xiahou_dun,yue_jin",))  # the rest, at once (N = 3)
    state, events = GAME.apply(state, seat, skipped)
    assert keys(events).count("engine.has_chosen") == 1
    assert state["last_battle"]["rounds"][0]["picks"]["attacker"] == ["li_dian", "xiahou_dun",
                                                                       "yue_jin"]


def test_w33_5_auto_retreats_a_weak_defender_and_a_weaker_attacker():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    put(state, "puyang", "gozoku", 6)
    force(state, 2, 3, 1, 4, 6)  # 合戦 N = 1; kassen 1 + 4 + 1 against 4 + 1: d = 1; pursuit 6
    state, events = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 12",
                       "confirm", "stay")
    assert "wargame.battle.retreats" in keys(events)  # 3 < 11 / 2
    assert rule(state) == "pursue"
    state, events = by(state, "cao", "pursue")  # column 11-20, face 6: 3
    assert "wargame.battle.routed" in keys(events)  # the pursuit's loss routs it (W22d)
    assert state["battle"] is None and state["areas"]["puyang"]["control"] is None


def test_w22_10_the_gentry_retreat_only_into_adjacent_gentry_areas():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    force(state, 1, 2)  # battle_method 3: a duel, N = 1
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 12",
                  "confirm")
    gentry = [a for a in DATA.areas if DATA.adjacent("puyang", a)
              and state["areas"][a]["control"] == "gozoku"]
    assert gentry == ["ye", "shanyang", "taishan", "pingyuan"]  # not 陳留 (曹操's)
    assert combat.destinations(state, "gozoku", forced=False) == gentry
    assert combat.destinations(state, "gozoku", forced=True) == gentry


def test_w22a_tiers_neutral_then_another_nations_empty_area_and_none_means_no_retreat():
    state = acting("cao", minor_combat="auto")
    put(state, "shanyang", "cao", 12, "xiahou_yuan")
    put(state, "pengcheng", "tao", 6, "cao_bao")
    force(state, 1, 2)
    state, _ = by(state, "cao", "invade pengcheng", "general xiahou_yuan", "troops shanyang 12",
                  "confirm")
    assert combat.destinations(state, "cao", forced=False) == ["shanyang"]
    assert combat.destinations(state, "tao", forced=False) == ["xiapi", "langya"]
    for aid in ("xiapi", "langya"):
        put(state, aid, "sun", 1)
    assert combat.destinations(state, "tao", forced=False) == ["qiao"]  # T2
    put(state, "qiao", "sun", 1)
    # T3: another nation's area with no units: 曹操's emptied 山陽
    assert combat.destinations(state, "tao", forced=False) == ["shanyang"]
    put(state, "shanyang", "cao", 1)
    assert combat.destinations(state, "tao", forced=False) == []  # W22.8
    force(state, 1, 2)  # round 2 is a duel again
    state, _ = by(state, "cao", "done")
    state, _ = by(state, "tao", "done")  # nobody duels: nothing happens
    state, _ = by(state, "cao", "stay")
    assert rule(state) == "select" and state["battle"]["round"] == 2  # 陶謙 was not asked


def test_w22b_an_attacker_that_retreats_ends_the_battle_and_its_units_have_acted():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    force(state, 1, 2, 6)  # a duel, N = 1: nobody fields against 3 virtual duellists; pursuit 6
    state, _ = by(state, "cao", "invade puyang", "general xiahou_dun", "troops chenliu 12",
                  "confirm", "done", "retreat")
    assert state["battle"] is None and state["generals"]["xiahou_dun"]["area"] == "chenliu"
    assert army(state, "chenliu", "cao") == 12 - 3 - 2  # the 豪族 pursue with 3: face 6 = 2
    assert "xiahou_dun" in state["step"]["acted"]
    assert state["step"]["acted_troops"]["chenliu"] == 7  # W9a: they may not invade again


def test_w27_4_an_acting_nation_destroyed_in_battle_loses_the_rest_of_its_phase():
    state = acting("cao")
    for heir in ("cao_pi", "cao_rui"):
        state["generals"][heir]["state"] = "exited"
    move_out(state, "chenliu", "xuchang")
    put(state, "xuchang", "cao", 0)
    put(state, "chenliu", "cao", 6, "cao_cao")
    put(state, "puyang", "tao", 6, "zhang_fei")
    # a duel, N = 1: 曹操 (valour 3) 1 + 3 against 張飛 (5) 6 + 5; duel_6plus 2 = death
    force(state, 1, 2, 1, 6, 2)
    state, _ = by(state, "cao", "invade puyang", "general cao_cao", "troops chenliu 6",
                  "confirm", "general cao_cao")
    state, events = by(state, "tao", "general zhang_fei")
    assert state["generals"]["cao_cao"]["state"] == "dead"
    assert not state["nations"]["cao"]["alive"] and "wargame.phase.cut" in keys(events)
    assert all(g["nation"] != "cao" for g in state["generals"].values())
    assert "wargame.act.ended" not in keys(events)  # no redeploy step
    assert not GAME.invariants(state)


def test_w27_4_generals_who_join_the_opponent_hold_the_neutral_areas_until_the_update():
    """An allied minor's ruler dies leading its invasion: its other generals submit to the
    defender where they stand (W27.2), in areas the fall leaves neutral; those areas pass
    to the defender at the step's control update, and the board is consistent meanwhile."""
    state = acting("cao", minor_combat="auto")
    state["step"]["dp"] = 4
    state["generals"]["yuan_yin"].update(state="exited", nation=None, area=None)  # no heir
    state["generals"]["jia_xu"]["area"] = "luoyang"
    put(state, "hongnong", "dong", 1, "lu_bu")
    state, _ = by(state, "cao", "ally yuanshu")
    # a duel, N = 1: 袁術 (valour 1) 1 + 1 against 呂布 6 + 5; duel_6plus 2 = death; then
    # fall_other_area 4 = 帰順 for 紀霊, 張勲, 楊弘 (宛) and 橋蕤 (新野)
    force(state, 1, 2, 1, 6, 2, 4, 4, 4, 4)
    state, events = by(state, "cao", "invade hongnong", "general yuan_shu", "troops wan 2",
                       "confirm", "general yuan_shu")
    assert not state["nations"]["yuanshu"]["alive"] and state["battle"] is None
    assert state["generals"]["qiao_rui"] == {"state": "nation", "nation": "dong",
                                             "area": "xinye"}
    assert state["areas"]["wan"] == state["areas"]["xinye"] == {"control": None, "troops": {}}
    assert not GAME.invariants(state)
    state, _ = by(state, "cao", "end")
    assert state["areas"]["wan"]["control"] == state["areas"]["xinye"]["control"] == "dong"
    assert not GAME.invariants(state)


def test_w24b_an_exile_with_no_other_nation_dies():
    state = acting("cao")
    for nid, spot in state["nations"].items():
        spot["alive"] = nid == "cao"
    from games.wargame import fates
    events = fates.fate(state, DATA, "xiahou_dun", "exile", "tao")
    assert state["generals"]["xiahou_dun"]["state"] == "dead"
    assert "wargame.fate.death" in keys(events)
