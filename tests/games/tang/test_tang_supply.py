"""The supply phase (spec T2): points and region bonuses, the half limit, unspent points as
grain, taxes (TX4), generals, and the supply windows with their locked skills (TX5)."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.core.flow import flow_of, top
from games.tang import GAME
from games.tang.flow import FLOW
from games.tang.supply import points
from tests.games.tang.scenario import DATA, armies, keys, legal, play, table

TX4 = {c: (1, 2) for c in ("taiyuan", "yanmen", "shangdang", "hedong", "henei", "yecheng",
                           "weizhou", "changshan", "boling")}
TX4["jiaozhi"] = (0, 2)


def tx4(**kwargs):
    return table(3, {**TX4, **kwargs.pop("board", {})}, rest=2, phase="supply", seat=1, **kwargs)


def test_t2_2_1_and_t2_2_2_points_for_cities_and_whole_regions():
    state = tx4()
    assert points(state, 1) == 2 * 9 + 4


def test_tx4_a_no_tax_half_limit_and_grain():
    state = tx4(grain=0)
    state, _ = play(state, 1, "tax none", "buy")
    assert "count 11" in legal(state, 1) and "count 12" not in legal(state, 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Action.parse("count 12"))
    assert refused.value.message.key == "tang.refuse.half_limit"
    state, _ = play(state, 1, "count 11")
    assert state["players"][1]["grain"] == 11
    state, _ = play(state, 1, "place taiyuan", "count 11")
    assert armies(state, "taiyuan", 1) == 13
    assert top(state) is None or top(state)["seats"] != [1]


def test_tx4_b_raise_taxes_gives_eight_armies():
    state = tx4(grain=0)
    state, _ = play(state, 1, "tax raise", "buy", "count 11")
    assert state["players"][1]["minsheng"] == 9 and state["players"][1]["raised"]
    state, _ = play(state, 1, "place taiyuan", "count 19")
    assert armies(state, "taiyuan", 1) == 21 and state["players"][1]["grain"] == 11


def test_t2_4_1_yang_guozhong_raises_twelve():
    state = tx4(reps=["li_mi", "yang_guozhong", "gao_lishi"])
    state, _ = play(state, 1, "tax raise", "buy", "count 0", "place taiyuan")
    assert "count 12" in legal(state, 1) and "count 13" not in legal(state, 1)


def test_tx4_c_cut_taxes():
    state = tx4(grain=0)
    state, _ = play(state, 1, "tax cut", "buy")
    assert state["players"][1]["minsheng"] == 11
    assert "count 7" in legal(state, 1) and "count 8" not in legal(state, 1)
    state, _ = play(state, 1, "count 7")
    assert state["players"][1]["grain"] == 7


def test_tx4_d_deploying_a_general_counts_in_the_half():
    state = tx4(grain=0, piles={1: ["li_siye", "an_lushan"]})
    state, events = play(state, 1, "tax none", "deploy li_siye taiyuan")
    assert state["cities"]["taiyuan"]["generals"] == {"li_siye": 1}
    assert "li_siye" not in state["players"][1]["pile"]
    state, _ = play(state, 1, "buy")
    assert "count 7" in legal(state, 1) and "count 8" not in legal(state, 1)
    state, _ = play(state, 1, "count 7")
    assert state["players"][1]["grain"] == 22 - 4 - 7


def test_tx4_e_gao_lishi_two_more_points():
    state = tx4(reps=["li_mi", "gao_lishi", "zhang_jiuling"])
    assert points(state, 1) == 24


def test_tx4_f_a_cut_needs_eight_points():
    state = table(3, {"taiyuan": (1, 2), "yanmen": (1, 1)}, rest=2, phase="supply", seat=1)
    assert points(state, 1) < 8
    assert "tax cut" not in legal(state, 1)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1, Action.parse("tax cut"))
    assert refused.value.message.key == "tang.refuse.tax_cut"


def test_t2_4_3_one_tax_move_a_phase():
    state = tx4()
    state, _ = play(state, 1, "tax raise")
    assert not [a for a in legal(state, 1) if a.startswith("tax")]


@pytest.mark.parametrize(("rep", "extra"), [("guo_ziyi", 6), ("li_baochen", 2),
                                            ("li_zhengji", 1)])
def test_t2_5_locked_point_skills(rep, extra):
    board = {**TX4, "taiyuan": (2, 3)} if rep == "guo_ziyi" else TX4
    state = table(3, board, rest=2, phase="supply", seat=1, capitals={1: "taiyuan"},
                  reps=["li_mi", rep, "gao_lishi"])
    plain = table(3, board, rest=2, phase="supply", seat=1, capitals={1: "taiyuan"})
    if rep == "li_zhengji":  # 太原 is special
        assert points(state, 1) == points(plain, 1) + 1
    else:
        assert points(state, 1) == points(plain, 1) + extra


TX5_BOARD = {**{c: (0, 2) for c in ("changan", "fufeng", "huayin", "anding", "lingwu", "tianshui",
                                     "jincheng", "wuwei", "xiping", "hanzhong", "jianmen",
                                     "chengdu")},
             **{c: (1, 2) for c in DATA.cities if DATA.cities[c]["region"] in
                ("bing", "you", "ji", "yu", "yan")}}


def tx5():
    state = table(3, TX5_BOARD, rest=2, reps=["li_mi", "gele_khan", "wang_maozhong"],
                  hands={0: ["kaicang", "tuntian", "mubing"]}, grain=10, round_=2,
                  capitals={0: "changan"})
    flow_of(state)["stack"] = []  # the action phase of round 2 is over
    FLOW.settle(state)
    return state


def test_tx5_supply_start_locked_skills_and_kaicang():
    state = tx5()
    assert state["round"] == 3
    assert len(state["players"][0]["hand"]) == 4  # 李泌 drew 1
    assert "play kaicang" in legal(state, 0)
    state, _ = play(state, 0, "play kaicang")
    assert state["players"][0]["grain"] == 4 and state["players"][0]["minsheng"] == 11
    state, events = play(state, 0, "pass")
    assert state["players"][1]["grain"] == 13  # 葛勒可汗
    state, events = play(state, 1, "pass")
    assert state["players"][2]["grain"] == 14  # 王毛仲: cities in 4 州
    assert "tang.log.skill_grain" in keys(events)


def test_tx5_kaicang_needs_six_grain_and_its_window():
    state = tx5()
    state["players"][0]["grain"] = 5
    state["players"][0]["ledger"]["grain"] = 5
    assert "play kaicang" not in legal(state, 0)
    state["players"][0]["grain"] = state["players"][0]["ledger"]["grain"] = 10
    state, _ = play(state, 0, "pass", )
    for seat in (1, 2):
        state, _ = play(state, seat, "pass")
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "tax none", "buy", "count 0")
    assert top(state)["rule"] == "wstep" and top(state)["data"]["window"] == "SUPPLY_END"
    assert "play kaicang" not in legal(state, 0)
    grain = state["players"][0]["grain"]
    state, _ = play(state, 0, "play tuntian", "play mubing changan")
    assert state["players"][0]["grain"] == grain + 12
    assert armies(state, "changan", 0) == 2 + 4
    state, _ = play(state, 0, "pass")
    assert top(state)["seats"] == [1]
