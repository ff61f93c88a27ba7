"""Every card power, lord and advisor, the clamp, contests and the table options, beyond the
spec's own cases."""

from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.record import GAME
from games.record.battle import clamp, defender_steps
from games.record.contests import contest
from games.record.data import DATA, kind_of
from games.record.state import war_expense
from games.record.turn import income
from tests.games.record.scenario import act, idle_until, mentions, one, play, rig, table

A, B, C, D = 0, 1, 2, 3


def hand(state: dict, seat: int) -> list[str]:
    return state["players"][seat]["hand"]


def coins(state: dict, seat: int) -> int:
    return state["players"][seat]["coins"]


# -- general stratagems ------------------------------------------------------------------------
def test_toss_a_brick_discards_then_draws_three():
    state = table(hands={A: ["pao_zhuan_yin_yu", "tianshui"]},
                  deck_top=["zhao_yun", "lu_bu", "xinye"])
    state, _ = play(state, (A, "play pao_zhuan_yin_yu"))  # one card left: its discard is forced
    assert one("tianshui") in state["discard"]
    assert sorted(hand(state, A)) == sorted(map(one, ["zhao_yun", "lu_bu", "xinye"]))
    assert one("pao_zhuan_yin_yu") in state["discard"]


def test_toss_a_brick_needs_another_card():
    state = table(hands={A: ["pao_zhuan_yin_yu"]})
    assert not any(a.kind == "play" for a in GAME.legal_actions(state, A))
    with pytest.raises(IllegalAction, match="another card"):
        act(state, A, "play pao_zhuan_yin_yu")


def test_fish_in_troubled_waters_gains_four():
    state = table(coins={A: 1}, hands={A: ["hun_shui_mo_yu"]})
    state, _ = act(state, A, "play hun_shui_mo_yu")
    assert coins(state, A) == 5 and one("hun_shui_mo_yu") in state["discard"]


def test_two_birds_draws_two():
    state = table(hands={A: ["yi_shi_er_niao"]}, deck_top=["zhao_yun", "xinye"])
    state, events = act(state, A, "play yi_shi_er_niao")
    assert sorted(hand(state, A)) == sorted([one("zhao_yun"), one("xinye")])
    assert not any(mentions(e.text, one("zhao_yun")) for e in events if e.public)
    assert any(mentions(e.text, one("zhao_yun")) for e in events if e.seats == (A,))


def test_two_birds_on_a_short_deck_draws_what_is_left_and_triggers_the_end():
    state = table(hands={A: ["yi_shi_er_niao"]}, deck_size=1)
    state, _ = act(state, A, "play yi_shi_er_niao")
    assert len(hand(state, A)) == 1 and state["end_reason"] == "deck"


def test_peach_garden_takes_one_revealed_general_and_shuffles_the_rest_back():
    state = table(hands={A: ["tao_yuan_jie_yi"]}, deck_top=["zhao_yun", "xinye", "lu_bu"],
                  deck_size=20)
    state, events = act(state, A, "play tao_yuan_jie_yi")
    assert [e for e in events if mentions(e.text, one("zhao_yun")) and e.public]  # revealed
    assert {a.text for a in GAME.legal_actions(state, A)} == {
        "take general:zhao_yun", "take general:lu_bu", "take none"}
    with pytest.raises(IllegalAction, match="revealed generals"):
        act(state, A, "take xinye")
    state, _ = act(state, A, "take lu_bu")
    assert hand(state, A) == [one("lu_bu")]
    assert len(state["decks"]["game"]) == 19 and one("zhao_yun") in state["decks"]["game"]


def test_peach_garden_without_generals_needs_no_choice():
    state = table(hands={A: ["tao_yuan_jie_yi"]}, deck_top=["xinye", "tianshui", "beihai"])
    state, _ = act(state, A, "play tao_yuan_jie_yi")
    assert state["pending"] is None and hand(state, A) == []
    assert len(state["decks"]["game"]) == 70 - 1


def test_lead_away_a_goat_against_an_empty_purse_is_legal():
    state = table(advisors_={A: "zhuge_liang", B: "zhang_bao"}, coins={B: 0},
                  hands={A: ["shun_shou_qian_yang"]})
    state, _ = play(state, (A, "play shun_shou_qian_yang"), (A, f"target {B + 1}"))  # 1-based
    assert coins(state, A) == 0


def test_winning_over_needs_a_face_down_defender():
    state = table(hands={A: ["long_luo_zhi_ji"]}, cities={B: [("xinye", "zhao_yun", True)]})
    with pytest.raises(IllegalAction, match="face-down defender"):
        act(state, A, "play long_luo_zhi_ji")


def test_winning_over_with_a_lost_contest_does_nothing_even_with_the_right_guess():
    state = table(advisors_={A: "han_sui", B: "zhuge_liang"}, hands={A: ["long_luo_zhi_ji"]},
                  cities={B: [("xinye", "zhao_yun"), ("tianshui", "liu_shan")]})
    state, _ = play(state, (A, "play long_luo_zhi_ji"), (A, "target xinye"), (A, "guess 9"))
    assert state["players"][A]["cities"] == []


def test_assassination_needs_coins_and_an_enemy_city():
    state = table(coins={A: 0}, hands={A: ["an_sha_ji"]}, cities={B: [("xinye", "zhao_yun")]})
    with pytest.raises(IllegalAction, match="at least 1元"):
        act(state, A, "play an_sha_ji")
    lonely = table(coins={A: 5}, hands={A: ["an_sha_ji"]})
    with pytest.raises(IllegalAction, match="controlled by another player"):
        act(lonely, A, "play an_sha_ji")


def test_assassination_payment_is_lost_on_a_failed_contest():
    state = table(advisors_={A: "zhang_bao", B: "zhuge_liang"}, coins={A: 9},
                  hands={A: ["an_sha_ji", "zhao_yun"]},
                  cities={B: [("xinye", "lu_bu"), ("tianshui", "liu_shan")]})
    state, _ = play(state, (A, "play an_sha_ji"), (A, "target xinye"), (A, "amount 6"))
    assert coins(state, A) == 3 and state["players"][B]["cities"][0]["defender"] == one("lu_bu")


def test_assassination_amount_offers_at_most_22():
    state = table(coins={A: 40}, hands={A: ["an_sha_ji"]},
                  cities={B: [("xinye", "lu_bu"), ("tianshui", "liu_shan")]})
    state, _ = play(state, (A, "play an_sha_ji"), (A, "target xinye"))
    assert [a.args[0] for a in GAME.legal_actions(state, A)] == list(range(1, 23))
    state, _ = act(state, A, "amount 30")  # any amount is still allowed
    assert coins(state, A) == 10


# -- combat stratagems and the clamp -------------------------------------------------------------
def test_clamp_bounds():
    assert [clamp(x) for x in (-4, 2, 3, 7, 11, 12, 20)] == [3, 3, 3, 7, 11, 11, 11]


def test_firewood_fails_against_a_smarter_defender():
    state = table(coins={A: 20}, advisors_={A: "zhang_bao", B: "zhuge_liang"},
                  hands={A: ["zhao_yun", "liu_shan", "fu_di_chou_xin"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (A, "stratagem fu_di_chou_xin"))
    assert state["battle"]["force_steps"]["defender"] == [10]


def test_catch_the_king_needs_eight_after_the_war_expense():
    state = table(coins={A: 13}, hands={A: ["zhao_yun", "liu_shan", "qin_zei_qin_wang"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"))
    assert coins(state, A) == 7 and state["battle"]["attack_stratagem"] is None
    assert state["pending"]["kind"] == "arrange"  # no stratagem was possible on either side
    rich = table(coins={A: 14}, hands={A: ["zhao_yun", "liu_shan", "qin_zei_qin_wang"]},
                 cities={B: [("xinye", "lu_bu")]})
    rich, _ = play(rich, (A, "attack xinye"), (A, "general zhao_yun"))
    assert "stratagem stratagem:qin_zei_qin_wang#1" in {a.text for a in
                                                        GAME.legal_actions(rich, A)}


def test_catch_the_king_captures_with_the_option():
    state = table(options={"qin_zei_captures": True}, coins={A: 30},
                  advisors_={A: "zhuge_liang", B: "han_sui"},
                  hands={A: ["zhao_yun", "liu_shan", "qin_zei_qin_wang"]},
                  cities={B: [("chengdu", "guan_yu")]})
    state, _ = play(state, (A, "attack chengdu"), (A, "general zhao_yun"),
                    (A, "stratagem qin_zei_qin_wang"), (A, "station liu_shan"))
    assert one("guan_yu") in state["discard"]
    assert state["players"][A]["cities"][0]["city"] == one("chengdu")
    assert state["last_battle"]["outcome"] == "killed"


def test_await_the_weary_needs_no_contest():
    state = table(coins={A: 20}, advisors_={A: "zhuge_liang", B: "zhang_bao"},
                  hands={A: ["zhao_yun", "liu_shan"], B: ["yi_yi_dai_lao"]},
                  cities={B: [("xinye", "hu_zhen")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (B, "defend yi_yi_dai_lao"))
    assert state["battle"]["contests"] == []
    assert state["battle"]["force_steps"]["defender"] == [4, 7]


def test_empty_fort_fails_against_a_smarter_attacker():
    state = table(coins={A: 20}, advisors_={A: "zhuge_liang", B: "zhang_bao"},
                  hands={A: ["zhao_yun", "liu_shan"], B: ["kong_cheng_ji"]},
                  cities={B: [("xinye", "hu_zhen")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (B, "defend kong_cheng_ji"))
    assert state["pending"]["kind"] == "arrange"


# -- lords ----------------------------------------------------------------------------------------
def test_sun_quan_adds_a_wall_when_defending_only():
    state = table(lords={B: "sun_quan"}, coins={A: 20}, hands={A: ["zhao_yun", "liu_shan"]},
                  cities={B: [("xinye", "hu_zhen")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"))
    assert state["battle"]["walls"] == 3


def test_dong_zhuo_never_pays_below_zero_and_builds_at_full_price():
    state = table(lords={A: "dong_zhuo"}, coins={A: 4},
                  hands={A: ["tianshui", "zhao_yun"]}, cities={B: [("xiaopei", "liu_shan")]})
    assert war_expense(state, A, one("xiaopei")) == 1
    state, _ = play(state, (A, "build tianshui"))
    assert coins(state, A) == 0


def test_ma_teng_and_zhang_jiao_apply_only_in_their_role():
    state = table(lords={A: "zhang_jiao", B: "ma_teng"})
    assert defender_steps(state, A, one("zhao_yun"), None, None) == [9]
    assert defender_steps(state, B, one("zhao_yun"), None, None) == [9, 11]


def test_cao_cao_and_yuan_shao_add_together_in_two_player_games():
    state = table(2, options={"two_player_lords": True}, lords={A: ["cao_cao", "yuan_shao"]},
                  cities={A: [("tianshui", "liu_shan")]})
    assert income(state, A) == 2 + 2


def test_liu_bei_cannot_draw_from_an_empty_deck():
    state = table(lords={A: "liu_bei"}, deck_size=0)
    with pytest.raises(IllegalAction, match="empty"):
        act(state, A, "liubei")


def test_liu_bei_in_the_basic_game_takes_no_number():
    state = table(lords={A: "liu_bei"})
    with pytest.raises(IllegalAction, match="no number"):
        act(state, A, "liubei 2")


# -- advisors and contests -----------------------------------------------------------------------
@pytest.mark.parametrize("advisor", sorted(DATA.advisors))
def test_every_advisor_pays_its_payout(advisor):
    state = table(2, active=B, coins={A: 0, B: 0}, advisors_={A: advisor})
    state, _ = act(state, B, "end")
    assert coins(state, A) == DATA.advisors[advisor]["payout"]


def test_a_tied_contest_fails():
    state = table()
    assert not contest(state, one("shun_shou_qian_yang"), A, A)["success"]


def test_contest_reveals_advisors_until_the_round_ends():
    state = table(2, active=B, advisors_={A: "zhuge_liang", B: "zhang_bao"},
                  hands={B: ["shun_shou_qian_yang"]})
    state, _ = play(state, (B, "play shun_shou_qian_yang"))  # one target: chosen for B
    assert GAME.view(state, None)["players"][A]["advisor"]["id"] == one("zhuge_liang")
    state, _ = act(state, B, "end")
    assert all(not p["advisor_up"] for p in state["players"])


# -- 洛陽 options ------------------------------------------------------------------------
def test_luoyang_recommended_reading_bars_the_capture_action():
    state = table(coins={A: 30}, hands={A: ["lu_bu", "liu_shan"]},
                  cities={B: [("luoyang", "hu_zhen")]})
    rig(state, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 1, 2, 3, 4)
    state, _ = play(state, (A, "attack luoyang"), (A, "general lu_bu"), (A, "arrange 22 21 20"),
                    (B, "arrange 4 3 2"), (A, "station liu_shan"))
    assert not any(a.kind == "luoyang" for a in GAME.legal_actions(state, A))


def test_luoyang_literal_reading_bars_only_the_building_round():
    state = table(options={"luoyang_literal": True}, coins={A: 30},
                  hands={A: ["lu_bu", "liu_shan"]}, cities={B: [("luoyang", "hu_zhen")]})
    rig(state, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 1, 2, 3, 4)
    state, _ = play(state, (A, "attack luoyang"), (A, "general lu_bu"), (A, "arrange 22 21 20"),
                    (B, "arrange 4 3 2"), (A, "station liu_shan"))
    assert any(a.kind == "luoyang" for a in GAME.legal_actions(state, A))
    built = table(options={"luoyang_literal": True}, round_=4, coins={A: 30},
                  hands={A: ["luoyang", "zhao_yun"]})
    built, _ = play(built, (A, "build luoyang"))
    built, _ = idle_until(built, A, 4 + 1)
    assert any(a.kind == "luoyang" for a in GAME.legal_actions(built, A))


def test_every_female_general_ignores_the_beauty_trap():
    for general in DATA.generals.values():
        steps = defender_steps(table(), B, general["id"], one("mei_ren_ji"), None)
        assert steps[-1] == (general["force"] if general["female"] else 3)
        assert kind_of(general["id"]) == "general"
