"""The spec's test cases TC-01 … TC-39, one test each, with the spec's exact numbers."""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction
from games.core.messages import Msg, Seat
from games.record import GAME
from games.record.battle import attacker_steps, defender_steps
from games.record.data import DATA, DATA_FILE, key_of, kind_of
from games.record.state import war_expense
from games.record.turn import income
from tests.games.record.scenario import (
    act,
    begin_selection,
    idle_until,
    mentions,
    one,
    play,
    rig,
    set_coins,
    table,
)
from tests.wording import told

A, B, C, D, E = 0, 1, 2, 3, 4


def hand(state: dict, seat: int) -> list[str]:
    return state["players"][seat]["hand"]


def coins(state: dict, seat: int) -> int:
    return state["players"][seat]["coins"]


def city_ids(state: dict, seat: int) -> list[str]:
    return [e["city"] for e in state["players"][seat]["cities"]]


def entry(state: dict, seat: int, city: str) -> dict:
    return next(e for e in state["players"][seat]["cities"] if e["city"] == one(city))


def last(state: dict) -> dict:
    return state["last_battle"]


def test_tc01_data_integrity():
    strats = DATA.stratagems
    assert len(strats) == 33
    assert len(DATA.game_cards) == 70
    assert json.loads(DATA_FILE.read_text(encoding="utf-8"))["coins"]["total"] == 65
    assert len(DATA.generals) == 24
    sizes = [c["size"] for c in DATA.cities.values()]
    assert len(sizes) == 13
    assert [sizes.count(s) for s in ("small", "medium", "large", "capital")] == [4, 4, 4, 1]
    intel = sorted(a["intelligence"] for a in DATA.advisors.values())
    assert intel == list(range(3, 11))
    types = [s["type"] for s in strats.values()]
    assert (types.count("general"), types.count("attack"), types.count("defence")) == (19, 8, 6)
    assert sum(s["contest"] for s in strats.values()) == 23
    assert len({key_of(s) for s in strats}) == 13
    assert sum(c["points"] for c in DATA.cities.values()) == 88
    assert DATA.battle_cards == tuple(range(1, 23))
    assert sorted(g["en"] for g in DATA.generals.values() if g["female"]) == [
        "Sun Shangxiang", "Xiao Qiao", "Zhurong"]
    assert len(GAME.setup(3, {}, 1)["decks"]["game"]) == 70


def test_tc02_starting_draft():
    state = GAME.setup(3, {}, 7)
    for _ in range(3):
        seat = min(GAME.to_act(state))
        state, _ = act(state, seat, GAME.legal_actions(state, seat)[0].text)
    sizes = []
    while state["phase"] == "draft":
        sizes.append(len(state["draft"]["packets"][0]))
        assert all(lord.get("hidden") for p in GAME.view(state, None)["players"]
                   for lord in p["lords"])
        for seat in sorted(GAME.to_act(state)):
            state, _ = act(state, seat, GAME.legal_actions(state, seat)[0].text)
    assert sizes == [5, 4, 3, 2]  # the 1-card packet is kept automatically
    assert [len(p["hand"]) for p in state["players"]] == [5, 5, 5]
    assert len(state["decks"]["game"]) == 55
    public = GAME.view(state, None)["players"]
    assert all(lord["id"].startswith("lord:") for p in public for lord in p["lords"])


def test_tc03_advisor_extra_draws():
    state = table(5, coins={A: 2, B: 9, C: 9, D: 9, E: 9}, round_=2)
    begin_selection(state)
    deck = state["advisor_deck"]
    deck.remove(one("zhuge_liang"))
    deck.insert(1, one("zhuge_liang"))
    state, _ = act(state, A, "extra 2")
    assert coins(state, A) == 0 and len(state["selection"]["drawn"]) == 3
    state, _ = act(state, A, "advisor zhuge_liang")
    assert len(state["advisor_deck"]) == 7 and GAME.to_act(state) == {B}
    for seat in (B, C, D):
        state, _ = act(state, seat, "extra 0")  # one card drawn: kept automatically
    assert len(state["advisor_deck"]) == 4 and GAME.to_act(state) == {E}
    assert [a.args[0] for a in GAME.legal_actions(state, E)] == [0, 1, 2, 3]
    with pytest.raises(IllegalAction, match="buy 0 to 3 extra advisor cards"):
        act(state, E, "extra 4")


def test_tc04_cao_cao_income():
    state = table(lords={A: "cao_cao"}, coins={A: 0}, cities={A: [
        ("tianshui", "liu_shan"), ("xinye", "hu_zhen"), ("xuchang", "liao_hua"),
        ("luoyang", "zhang_ji")]}, begin=True)
    assert income(state, A) == 5
    assert coins(state, A) == 5


def test_tc05_yuan_shao_income():
    state = table(lords={A: "yuan_shao"}, cities={A: [
        ("xiaopei", "liu_shan"), ("changsha", "hu_zhen"), ("beihai", "liao_hua"),
        ("luoyang", "zhang_ji")]})
    assert income(state, A) == 6
    two = table(2, options={"two_player_lords": True}, lords={A: ["yuan_shao", "liu_bei"]},
                cities={A: [("xiaopei", "liu_shan"), ("changsha", "hu_zhen"),
                            ("tianshui", "liao_hua")]})
    assert income(two, A) == 5


def test_tc06_draw_step():
    state = table(deck_top=["xinye", "zhao_yun"], deck_size=30, begin=True)
    assert state["pending"]["cards"] == [one("xinye"), one("zhao_yun")]
    state, _ = act(state, A, "keep city:xinye")
    deck = state["decks"]["game"]
    assert deck[-1] == one("zhao_yun") and len(deck) == 29
    assert one("xinye") in hand(state, A)


def test_tc07_build_order_inside_step_c():
    state = table(coins={A: 5}, hands={A: ["xinye", "zhao_yun", "hun_shui_mo_yu",
                                           "hun_shui_mo_yu", "tianshui", "liu_shan"]})
    with pytest.raises(IllegalAction, match="costs 6元; you have 5元"):
        act(state, A, "build city:xinye")
    state, _ = act(state, A, "play stratagem:hun_shui_mo_yu#1")
    assert coins(state, A) == 9
    state, _ = play(state, (A, "build xinye"), (A, "station zhao_yun"))
    assert coins(state, A) == 3
    xinye = entry(state, A, "xinye")
    assert xinye["defender"] == one("zhao_yun") and not xinye["face_up"]
    with pytest.raises(IllegalAction, match="already built"):
        act(state, A, "build tianshui")
    with pytest.raises(IllegalAction, match="already played"):
        act(state, A, "play stratagem:hun_shui_mo_yu#2")


def attack_state(**kw) -> dict:
    return table(**{"coins": {A: 30}, **kw})


def test_tc08_attacker_cap():
    state = attack_state(lords={A: "zhang_jiao"}, hands={A: ["lu_bu", "liu_shan"]},
                         cities={B: [("xinye", "hu_zhen")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general lu_bu"))
    battle = state["battle"]
    assert battle["force_steps"]["attacker"] == [10, 11]
    assert len(battle["drawn"]["attacker"]) == 11
    assert attacker_steps(state, A, one("liu_shan"))[-1] == 5


def test_tc09_floor_applied_step_by_step():
    state = attack_state(lords={B: "ma_teng"}, advisors_={A: "tian_feng", B: "han_sui"},
                         hands={A: ["zhao_yun", "hu_zhen", "fu_di_chou_xin"],
                                B: ["yi_yi_dai_lao"]},
                         cities={B: [("xinye", "liu_shan")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (A, "stratagem fu_di_chou_xin"), (B, "defend yi_yi_dai_lao"))
    battle = state["battle"]
    assert [c["success"] for c in battle["contests"]] == [True]
    assert battle["force_steps"]["defender"] == [3, 3, 6, 8]
    assert battle["forces"]["defender"] == 8 != 3 - 3 + 3 + 2


def test_tc10_ceiling():
    lu_bu, dian_wei = one("lu_bu"), one("dian_wei")
    yi, fu = one("yi_yi_dai_lao"), one("fu_di_chou_xin")
    state = table(lords={B: "ma_teng"})
    assert defender_steps(state, B, lu_bu, None, yi) == [10, 11, 11]
    assert defender_steps(state, B, lu_bu, fu, yi) == [10, 7, 10, 11]
    assert defender_steps(state, B, dian_wei, fu, yi) == [8, 5, 8, 10]
    battle_state = attack_state(lords={B: "ma_teng"}, hands={A: ["zhao_yun", "hu_zhen"],
                                                             B: [yi]},
                                cities={B: [("xinye", "lu_bu")]})
    battle_state, _ = play(battle_state, (A, "attack xinye"), (A, "general zhao_yun"),
                           (B, f"defend {yi}"))
    assert battle_state["battle"]["forces"]["defender"] == 11


def test_tc11_beauty_trap_ordering():
    state = attack_state(lords={B: "ma_teng"}, advisors_={A: "zhuge_liang", B: "han_sui"},
                         hands={A: ["zhao_yun", "hu_zhen", "mei_ren_ji"],
                                B: ["yi_yi_dai_lao"]},
                         cities={B: [("xinye", "guan_yu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (A, "stratagem mei_ren_ji"), (B, "defend yi_yi_dai_lao"))
    assert state["battle"]["force_steps"]["defender"] == [9, 3, 6, 8]


def test_tc12_beauty_trap_against_a_female_general():
    state = attack_state(lords={B: "ma_teng"}, advisors_={A: "zhuge_liang", B: "han_sui"},
                         hands={A: ["zhao_yun", "hu_zhen", "mei_ren_ji"]},
                         cities={B: [("xinye", "sun_shangxiang")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (A, "stratagem mei_ren_ji"))
    battle = state["battle"]
    assert battle["contests"][0]["success"]
    assert state["players"][A]["advisor_up"] and state["players"][B]["advisor_up"]
    assert battle["force_steps"]["defender"] == [7, 9]
    top = battle["top"]
    state, _ = play(state, (A, "arrange " + " ".join(map(str, top["attacker"]))),
                    (B, "arrange " + " ".join(map(str, top["defender"]))))
    assert one("mei_ren_ji") in state["discard"]  # when the attack ends (R11.8)


def battle_on(city: str, attacker: str, defender: str, cards: list[int], **kw) -> dict:
    """A at step C attacks B's `city`; the battle deck is rigged to `cards`."""
    state = attack_state(hands={A: [attacker, "liu_shan"] if attacker != "liu_shan"
                                else [attacker, "hu_zhen"]},
                         cities={B: [(city, defender)]}, **kw)
    rig(state, *cards)
    state, _ = play(state, (A, f"attack {city}"), (A, f"general {attacker}"))
    return state


def test_tc13_a_tie_counts_against_the_attacker():
    state = battle_on("xiangyang", "meng_huo", "hu_zhen", [20, 15, 10, 4, 2, 17, 13, 9, 1])
    assert state["battle"]["top"] == {"attacker": [20, 15, 10], "defender": [17, 13, 9]}
    state, _ = play(state, (A, "arrange 20 15 10"), (B, "arrange 17 13 9"))
    battle = last(state)
    assert [lane["defender_value"] for lane in battle["lanes"]] == [19, 15, 11]
    assert [lane["winner"] for lane in battle["lanes"]] == ["attacker", None, "defender"]
    assert battle["outcome"] == "failure" and battle["beheaded"] is None
    assert one("meng_huo") in hand(state, A)
    assert entry(state, B, "xiangyang")["face_up"]


def test_tc14_winning_two_of_three():
    state = battle_on("xiangyang", "meng_huo", "hu_zhen", [20, 15, 10, 4, 2, 17, 13, 9, 1])
    state, _ = play(state, (A, "arrange 10 20 15"), (B, "arrange 17 13 9"))
    assert [lane["winner"] for lane in state["battle"]["lanes"]] == [
        "defender", "attacker", "attacker"]
    assert state["battle"]["outcome"] == "success"
    assert one("hu_zhen") in hand(state, B)
    assert set(hand(state, A)) == {one("meng_huo"), one("liu_shan")}
    state, _ = act(state, A, "station meng_huo")
    assert city_ids(state, A) == [one("xiangyang")] and city_ids(state, B) == []
    captured = entry(state, A, "xiangyang")
    assert captured["defender"] == one("meng_huo") and not captured["face_up"]


@pytest.mark.parametrize("sun_quan, outcome, winners", [
    (False, "success", ["attacker", "attacker", None]),
    (True, "failure", [None, None, "defender"]),
])
def test_tc15_sun_quan_walls(sun_quan, outcome, winners):
    state = attack_state(lords={B: "sun_quan"} if sun_quan else {},
                         advisors_={A: "zhuge_liang", B: "han_sui"},
                         hands={A: ["liu_shan", "mei_ren_ji", "hu_zhen"]},
                         cities={B: [("tianshui", "zhang_ji")]})
    rig(state, 18, 14, 3, 16, 12, 2)
    state, _ = play(state, (A, "attack tianshui"), (A, "general liu_shan"),
                    (A, "stratagem mei_ren_ji"))
    assert state["battle"]["forces"] == {"attacker": 3, "defender": 3}
    state, _ = play(state, (A, "arrange 18 14 3"), (B, "arrange 16 12 2"))
    battle = state["battle"] or last(state)
    assert [lane["winner"] for lane in battle["lanes"]] == winners
    assert battle["outcome"] == outcome and battle["beheaded"] is None
    expected = [17, 13, 3] if not sun_quan else [18, 14, 4]
    assert [lane["defender_value"] for lane in battle["lanes"]] == expected


def test_tc16_the_attacker_beheads():
    state = battle_on("xuchang", "meng_huo", "hu_zhen", [21, 19, 17, 2, 1, 14, 12, 8, 3])
    state, _ = play(state, (A, "arrange 21 19 17"), (B, "arrange 14 12 8"))
    battle = state["battle"]
    assert [lane["defender_value"] for lane in battle["lanes"]] == [17, 15, 11]
    assert battle["outcome"] == "success" and battle["beheaded"] == "defender"
    assert one("hu_zhen") in state["discard"] and one("hu_zhen") not in hand(state, B)
    state, _ = act(state, A, "station liu_shan")
    assert entry(state, A, "xuchang")["defender"] == one("liu_shan")


def test_tc17_the_defender_beheads():
    state = battle_on("tianshui", "meng_huo", "hu_zhen", [8, 6, 5, 2, 1, 12, 10, 7, 3])
    state, _ = play(state, (A, "arrange 8 6 5"), (B, "arrange 12 10 7"))
    battle = last(state)
    assert [lane["defender_value"] for lane in battle["lanes"]] == [13, 11, 8]
    assert battle["outcome"] == "failure" and battle["beheaded"] == "attacker"
    assert one("meng_huo") in state["discard"] and one("meng_huo") not in hand(state, A)
    assert entry(state, B, "tianshui")["face_up"]


def test_tc18_a_tie_blocks_beheading():
    state = battle_on("tianshui", "meng_huo", "hu_zhen", [12, 6, 5, 2, 1, 11, 10, 7, 3])
    state, _ = play(state, (A, "arrange 12 6 5"), (B, "arrange 11 10 7"))
    battle = last(state)
    assert [lane["winner"] for lane in battle["lanes"]] == [None, "defender", "defender"]
    assert battle["outcome"] == "failure" and battle["beheaded"] is None
    assert one("meng_huo") in hand(state, A)


def test_tc19_drawing_battle_cards():
    state = battle_on("tianshui", "huang_zhong", "hu_zhen",
                      [22, 3, 17, 9, 1, 14, 6, 11, 21, 20, 19, 18])
    battle = state["battle"]
    assert battle["drawn"]["attacker"] == [22, 3, 17, 9, 1, 14, 6, 11]
    assert battle["top"]["attacker"] == [22, 17, 14]
    assert len(state["battle_deck"]) == 22 - 8 - 4
    state, _ = play(state, (A, "arrange 22 17 14"), (B, "arrange 21 20 19"))
    assert sorted(state["battle_deck"]) == list(range(1, 23))


def test_tc20_lead_away_a_goat_success():
    state = table(advisors_={A: "sima_yi", B: "wang_yun"}, coins={A: 0, B: 3},
                  hands={A: ["shun_shou_qian_yang"]})
    state, _ = play(state, (A, "play shun_shou_qian_yang"), (A, f"target {B + 1}"))  # 1-based
    assert coins(state, A) == 3 and coins(state, B) == 0
    assert state["players"][A]["advisor_up"] and state["players"][B]["advisor_up"]
    assert one("shun_shou_qian_yang") in state["discard"]
    public = GAME.view(state, C)["players"]
    assert public[A]["advisor"]["id"] == one("sima_yi")


def test_tc21_lead_away_a_goat_failure():
    state = table(advisors_={A: "zhang_bao", B: "zhou_yu"}, coins={A: 1, B: 5},
                  hands={A: ["shun_shou_qian_yang", "hun_shui_mo_yu"]})
    state, _ = play(state, (A, "play shun_shou_qian_yang"), (A, f"target {B + 1}"))  # 1-based
    assert (coins(state, A), coins(state, B)) == (1, 5)
    assert one("shun_shou_qian_yang") in state["discard"]
    assert state["turn"]["used"]["general"]
    with pytest.raises(IllegalAction, match="already played"):
        act(state, A, "play hun_shui_mo_yu")
    assert state["players"][A]["advisor_up"] and state["players"][B]["advisor_up"]


@pytest.mark.parametrize("mine, target, their_hand, taken", [
    ("zhuge_liang", B, ["xinye", "zhao_yun", "tianshui"], 2),
    ("zhuge_liang", C, ["xinye", "zhao_yun", "tianshui"], 1),
    ("zhuge_liang", B, ["xinye"], 1),
    ("li_ru", B, ["xinye", "zhao_yun", "tianshui"], 0),
])
def test_tc22_borrowing_arrows(mine, target, their_hand, taken):
    state = table(advisors_={A: mine, B: "tian_feng", C: "sima_yi"},
                  hands={A: ["cao_chuan_jie_jian"], target: their_hand})
    state, events = play(state, (A, "play cao_chuan_jie_jian"), (A, f"target {target + 1}"))
    assert len(hand(state, A)) == taken
    assert len(hand(state, target)) == len(their_hand) - taken
    for card in hand(state, A):
        assert not any(mentions(e.text, card) for e in events if e.public)


def test_tc23_winning_over_ploy():
    cities = {A: [("tianshui", "liu_shan"), ("xiaopei", "hu_zhen"), ("chaisang", "liao_hua")],
              B: [("jiangxia", "huang_zhong"), ("xinye", "zhao_yun", True),
                  ("changsha", "zhang_ji")]}
    base = table(advisors_={A: "zhou_yu", B: "han_sui"}, hands={A: ["long_luo_zhi_ji"]},
                 cities=cities)
    state, _ = play(base, (A, "play long_luo_zhi_ji"), (A, "target jiangxia"), (A, "guess 8"))
    won = entry(state, A, "jiangxia")
    assert won["defender"] == one("huang_zhong") and not won["face_up"]
    assert one("jiangxia") not in city_ids(state, B)
    assert len(city_ids(state, A)) == 4 and state["players"][A]["bonus"] == 10
    assert state["first_to_target"] == A and state["end_triggered"]
    wrong, _ = play(base, (A, "play long_luo_zhi_ji"), (A, "target jiangxia"), (A, "guess 7"))
    assert not entry(wrong, B, "jiangxia")["face_up"]
    assert GAME.view(wrong, C)["players"][B]["cities"][0]["defender"] == {"hidden": True}
    state, _ = act(base, A, "play long_luo_zhi_ji")
    with pytest.raises(IllegalAction, match="face-down defender"):
        act(state, A, "target xinye")


@pytest.mark.parametrize("card, general, result", [
    (9, True, "taken"), (11, True, "kept"), (9, False, "discarded")])
def test_tc24_assassination_ploy(card, general, result):
    state = table(advisors_={A: "zhuge_liang", B: "wang_yun"}, coins={A: 12},
                  hands={A: ["an_sha_ji"] + (["gan_ning"] if general else ["xinye"])},
                  cities={B: [("changan", "zhang_fei")], C: [("tianshui", "liu_shan")]})
    rig(state, card)
    state, _ = play(state, (A, "play an_sha_ji"), (A, "target changan"), (A, "amount 10"))
    assert coins(state, A) == 2
    assert state["players"][A]["advisor_up"]
    if result == "taken":
        assert one("zhang_fei") in state["discard"]
        assert entry(state, A, "changan")["defender"] == one("gan_ning")
    elif result == "kept":
        assert entry(state, B, "changan")["defender"] == one("zhang_fei")
    else:
        assert {one("zhang_fei"), one("changan")} <= set(state["discard"])
        assert city_ids(state, A) == city_ids(state, B) == []
    assert city_ids(state, C) == [one("tianshui")]
    assert sorted(state["battle_deck"]) == list(range(1, 23))


def test_tc25_empty_fort_against_firewood():
    state = table(advisors_={A: "tian_feng", B: "zhuge_liang"}, coins={A: 15},
                  hands={A: ["zhao_yun", "hu_zhen", "fu_di_chou_xin"], B: ["kong_cheng_ji"]},
                  cities={B: [("xuchang", "guan_yu")]})
    state, _ = play(state, (A, "attack xuchang"))
    assert coins(state, A) == 6
    state, _ = play(state, (A, "general zhao_yun"), (A, "stratagem fu_di_chou_xin"),
                    (B, "defend kong_cheng_ji"))
    battle = last(state)
    assert [(key_of(c["card"]), c["success"]) for c in battle["contests"]] == [
        ("fu_di_chou_xin", False), ("kong_cheng_ji", True)]
    assert battle["outcome"] == "empty_fort" and battle["lanes"] is None
    assert one("zhao_yun") in hand(state, A) and coins(state, A) == 6
    assert entry(state, B, "xuchang")["face_up"]
    assert {one("fu_di_chou_xin"), one("kong_cheng_ji")} <= set(state["discard"])
    other = table(advisors_={A: "tian_feng", B: "han_sui"}, coins={A: 15},
                  hands={A: ["zhao_yun", "hu_zhen", "fu_di_chou_xin"], B: ["kong_cheng_ji"]},
                  cities={B: [("xuchang", "guan_yu")]})
    other, _ = play(other, (A, "attack xuchang"), (A, "general zhao_yun"),
                    (A, "stratagem fu_di_chou_xin"), (B, "defend kong_cheng_ji"))
    assert other["battle"]["force_steps"]["defender"] == [9, 6]
    assert other["pending"]["kind"] == "arrange"


@pytest.mark.parametrize("their_advisor", ["li_ru", "zhuge_liang"])
def test_tc26_catch_the_king(their_advisor):
    state = table(advisors_={A: "sima_yi", B: their_advisor}, coins={A: 20},
                  hands={A: ["huang_zhong", "hu_zhen", "qin_zei_qin_wang"],
                         B: ["yi_yi_dai_lao"]},
                  cities={B: [("chengdu", "guan_yu")]})
    state, _ = play(state, (A, "attack chengdu"))
    assert coins(state, A) == 11
    state, _ = play(state, (A, "general huang_zhong"), (A, "stratagem qin_zei_qin_wang"),
                    (B, "defend yi_yi_dai_lao"))
    assert coins(state, A) == 3
    if their_advisor == "li_ru":
        battle = last(state)
        assert battle["outcome"] == "killed" and battle["contests"][0]["success"]
        assert {one("guan_yu"), one("chengdu")} <= set(state["discard"])
        assert one("huang_zhong") in hand(state, A)
        assert {one("qin_zei_qin_wang"), one("yi_yi_dai_lao")} <= set(state["discard"])
        assert battle["forces"] is None
    else:
        battle = state["battle"]
        assert not battle["contests"][0]["success"]
        assert battle["force_steps"]["defender"] == [9, 11]


def test_tc27_dong_zhuo_war_expense():
    state = table(lords={A: "dong_zhuo"}, coins={A: 8}, hands={A: ["zhao_yun"]},
                  cities={B: [("luoyang", "hu_zhen"), ("changan", "liao_hua"),
                              ("tianshui", "zhang_ji"), ("xinye", "liu_shan")]})
    with pytest.raises(IllegalAction, match=r"for Luoyang \(洛陽\) is 9元; you have 8元"):
        act(state, A, "attack luoyang")
    expenses = {c: war_expense(state, A, one(c)) for c in ("changan", "tianshui", "xinye")}
    assert expenses == {"changan": 6, "tianshui": 1, "xinye": 3}
    state, _ = act(state, A, "attack changan")
    assert coins(state, A) == 2


def test_tc28_role_specific_lords():
    state = table(lords={A: "ma_teng", B: "zhang_jiao"})
    xu, huang = one("xu_huang"), one("huang_gai")
    assert defender_steps(state, A, xu, None, None)[-1] == 8
    assert attacker_steps(state, A, xu)[-1] == 6
    assert attacker_steps(state, B, huang)[-1] == 9
    assert defender_steps(state, B, huang, None, None)[-1] == 7


def test_tc29_liu_bei():
    state = table(lords={A: "liu_bei"}, round_=3, begin=True)
    before = len(hand(state, A))
    state, _ = act(state, A, GAME.legal_actions(state, A)[0].text)  # the step-B keep
    state, _ = act(state, A, "liubei")
    assert len(hand(state, A)) == before + 4
    assert state["players"][A]["lord_used"]["lord:liu_bei"]
    assert GAME.view(state, None)["players"][A]["lords"][0]["used"]
    state, _ = idle_until(state, A, 5)
    with pytest.raises(IllegalAction, match="once per game"):
        act(state, A, "liubei")
    short = table(lords={A: "liu_bei"}, deck_size=2)
    short, _ = act(short, A, "liubei")
    assert len(hand(short, A)) == 2 and short["decks"]["game"] == []
    assert short["players"][A]["lord_used"]["lord:liu_bei"]
    assert short["end_triggered"] and short["end_reason"] == "deck"


def test_tc30_yuan_shu():
    state = table(lords={A: "yuan_shu"}, coins={A: 0, B: 5, C: 1, D: 0})
    state, _ = act(state, A, "yuanshu")
    assert [coins(state, s) for s in (A, B, C, D)] == [3, 3, 0, 0]
    assert state["players"][A]["lord_used"]["lord:yuan_shu"]
    with pytest.raises(IllegalAction, match="once per game"):
        act(state, A, "yuanshu")


def test_tc31_luoyang_ability():
    state = table(round_=4, coins={A: 20}, hands={A: ["luoyang", "zhao_yun"]})
    state, _ = play(state, (A, "build luoyang"))
    assert not any(a.kind == "luoyang" for a in GAME.legal_actions(state, A))
    with pytest.raises(IllegalAction, match="in the action you gained it"):
        act(state, A, "luoyang")
    state, _ = idle_until(state, A, 5)
    for seat, amount in ((A, 10), (B, 3), (C, 0), (D, 4)):
        set_coins(state, seat, amount)
    state, _ = act(state, A, "luoyang")
    assert [coins(state, s) for s in (A, B, C, D)] == [10, 2, 0, 3]
    with pytest.raises(IllegalAction, match="once per action"):
        act(state, A, "luoyang")


def test_tc32_payout_and_rotation():
    state = table(active=D, coins={A: 5, B: 5, C: 5, D: 5},
                  advisors_={A: "zhang_bao", B: "zhuge_liang", C: "zhou_yu", D: "han_sui"})
    state, events = act(state, D, "end")
    assert [coins(state, s) for s in (A, B, C, D)] == [9, 5, 6, 8]
    assert state["start_player"] == B and state["round"] == 4
    assert state["phase"] == "advisors" and GAME.to_act(state) == {B}
    assert len(state["advisor_deck"]) == 8 and state["advisor_reserve"] == []
    assert any(e.text.key == "record.advisors.payout" for e in events)


def test_tc33_target_bonus_and_tie_break():
    cities = {A: [("xinye", "liu_shan"), ("xuchang", "hu_zhen"), ("tianshui", "liao_hua")],
              B: [("jianye", "zhang_ji"), ("xiangyang", "meng_huo"), ("xiaopei", "ma_su")],
              C: [("chengdu", "hua_xiong"), ("beihai", "xiao_qiao")],
              D: [("luoyang", "zhu_rong"), ("changan", "xu_huang")]}
    state = table(round_=7, coins={A: 10, C: 20},
                  advisors_={A: "zhuge_liang", B: "sima_yi", C: "zhou_yu", D: "tian_feng"},
                  hands={A: ["changsha", "ling_tong"], C: ["lu_bu", "gan_ning"]},
                  cities=cities)
    state, _ = play(state, (A, "build changsha"))
    assert state["players"][A]["bonus"] == 10 and state["end_triggered"]
    state, _ = idle_until(state, C, 7)
    rig(state, 22, 21, 20, 19, 18, 17, 16, 15, 14, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    state, _ = play(state, (C, "attack xuchang"), (C, "general lu_bu"),
                    (C, "arrange 22 21 20"), (A, "arrange 5 4 3"), (C, "station gan_ning"))
    assert len(city_ids(state, A)) == 3 and state["players"][A]["bonus"] == 10
    state, _ = idle_until(state, D, 7)
    set_coins(state, A, 3)
    set_coins(state, C, 5)  # 周瑜 pays 1 at the payout
    state, _ = act(state, D, "end")
    assert state["phase"] == "over"
    result = GAME.result(state)
    totals = {s.seat: s.total for s in result.scores}
    assert totals == {A: 24, C: 24, D: 21, B: 19}
    assert result.scores[0].categories == {"cities": 24, "bonus": 0}
    assert next(s for s in result.scores if s.seat == A).categories == {"cities": 14,
                                                                         "bonus": 10}
    assert (coins(state, A), coins(state, C)) == (3, 6)
    assert result.winners == [C]
    assert GAME.view(state, None)["result"] == result.to_json()
    tied = {**state, "players": [dict(p) for p in state["players"]]}
    tied["players"][A]["coins"] = 6
    assert GAME.result(tied).winners == [A, C]


@pytest.mark.parametrize("advanced, bonus", [(False, 10), (True, 8)])
def test_tc34_only_the_first_to_target_gets_the_bonus(advanced, bonus):
    cities = {A: [("tianshui", "liu_shan"), ("xiaopei", "hu_zhen")],
              D: [("chaisang", "liao_hua"), ("changsha", "zhang_ji")]}
    state = table(5, options={"advanced": advanced}, coins={A: 9, D: 9},
                  hands={A: ["xinye", "zhao_yun"], D: ["beihai", "lu_bu"]}, cities=cities)
    state, _ = play(state, (A, "build xinye"))
    state, _ = idle_until(state, D, 3)
    state, _ = play(state, (D, "build beihai"))
    assert len(city_ids(state, D)) == 3
    assert state["players"][A]["bonus"] == bonus and state["players"][D]["bonus"] == 0
    assert state["first_to_target"] == A


def test_tc35_deck_exhaustion():
    state = table(active=B, deck_size=1, begin=True, coins={C: 0, D: 0})
    assert state["decks"]["game"] == [] and len(hand(state, B)) == 1
    assert state["end_triggered"] and state["end_reason"] == "deck"
    state, events = act(state, B, "end")
    assert any(e.text.key == "record.draw.none" and e.text.params["who"] == Seat(2)
               for e in events)
    assert any("Seat 3 has no card to draw" in line for line in told(events))  # 1-based
    assert coins(state, C) == 1  # step A still happens
    state, _ = play(state, (C, "end"))
    state, _ = act(state, D, "end")
    assert state["phase"] == "over"
    result = GAME.result(state)
    assert all(s.categories["bonus"] == 0 for s in result.scores)
    assert result.reason == Msg("record.end.reason_deck")
    assert str(result.reason) == "the game deck ran out"


def test_tc36_not_yet_exhausted():
    state = table(deck_size=2, begin=True)
    assert len(state["pending"]["cards"]) == 2
    state, _ = act(state, A, GAME.legal_actions(state, A)[0].text)
    assert len(state["decks"]["game"]) == 1 and not state["end_triggered"]


def test_tc37_advanced_drawing():
    opts = {"advanced": True}
    state = table(options=opts, coins={A: 10}, begin=True)
    s_top, c_top = state["decks"]["stratagem"][0], state["decks"]["city_general"][0]
    before = len(hand(state, A))
    paid, _ = act(state, A, "paydraw")
    assert coins(paid, A) == 10 + 1 - 7
    assert set(hand(paid, A)) == {s_top, c_top} and len(hand(paid, A)) == before + 2
    with pytest.raises(IllegalAction, match="paydraw"):
        act(paid, A, "paydraw")
    free, _ = act(state, A, "deck stratagem")
    assert hand(free, A) == [s_top] and coins(free, A) == 11
    two = table(options=opts, hands={A: ["yi_shi_er_niao"]})
    two, _ = act(two, A, "play yi_shi_er_niao")
    assert {a.text for a in GAME.legal_actions(two, A)} == {"deck stratagem",
                                                             "deck city_general"}
    two, _ = act(two, A, "deck city_general")
    assert len(hand(two, A)) == 2 and "stratagem" not in kinds_of(hand(two, A))
    liu = table(options=opts, lords={A: "liu_bei"})
    liu, _ = act(liu, A, "liubei 2")
    drawn = hand(liu, A)
    assert sorted(kind_of(c) == "stratagem" for c in drawn) == [False, True, True]


def kinds_of(cards: list[str]) -> set[str]:
    return {kind_of(c) for c in cards}


def test_tc38_action_limits():
    state = table(coins={A: 30}, advisors_={A: "zhuge_liang", B: "han_sui"},
                  hands={A: ["xinye", "zhao_yun", "long_luo_zhi_ji", "mei_ren_ji", "lu_bu",
                             "yi_shi_er_niao", "yi_yi_dai_lao", "liu_shan"]},
                  cities={B: [("jiangxia", "huang_zhong"), ("xuchang", "hu_zhen")]})
    state, _ = play(state, (A, "build xinye"), (A, "station liu_shan"),
                    (A, "play long_luo_zhi_ji"), (A, "target jiangxia"), (A, "guess 8"))
    rig(state, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 1, 2, 3)
    state, _ = play(state, (A, "attack xuchang"), (A, "general lu_bu"))
    assert not any(a.args[0] == one("yi_yi_dai_lao") for a in GAME.legal_actions(state, A))
    with pytest.raises(IllegalAction, match="not an attack stratagem"):
        act(state, A, "stratagem yi_yi_dai_lao")
    state, _ = play(state, (A, "stratagem mei_ren_ji"), (A, "arrange 22 21 20"),
                    (B, "arrange 3 2 1"),
                    (A, "station zhao_yun"))
    assert len(city_ids(state, A)) == 3
    with pytest.raises(IllegalAction, match="already played"):
        act(state, A, "play yi_shi_er_niao")
    with pytest.raises(IllegalAction, match="already attacked"):
        act(state, A, "attack xinye")


def test_tc39_two_player_dual_lords():
    opts = {"two_player_lords": True}
    state = table(2, options=opts, lords={A: ["zhang_jiao", "ma_teng"],
                                          B: ["liu_bei", "yuan_shu"]})
    assert attacker_steps(state, A, one("lu_bu")) == [10, 11]
    assert defender_steps(state, A, one("liu_shan"), None, None) == [3, 5]
    state = table(2, options=opts, active=B, coins={A: 5},
                  lords={A: ["zhang_jiao", "ma_teng"], B: ["liu_bei", "yuan_shu"]})
    state, _ = play(state, (B, "liubei"), (B, "yuanshu"))
    assert len(hand(state, B)) == 3 and coins(state, B) == 2
    for verb in ("liubei", "yuanshu"):
        with pytest.raises(IllegalAction, match="once per game"):
            act(state, B, verb)
    with pytest.raises(IllegalAction, match="only for 2 players"):
        GAME.setup(3, opts, 1)
