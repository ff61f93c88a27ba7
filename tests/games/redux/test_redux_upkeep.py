"""R11 the end check (A28) and R9 upkeep and refresh: criterion flip, the Han Emperor token
(EX11, EX12), upkeep with deficits (EX18, A1), military points (EX19), the next round."""

from __future__ import annotations

from games.core import Event
from games.core.messages import said_of
from games.redux import GAME, conflict, upkeep
from games.redux.state import player, status
from tests.games.redux.resolution_scenario import (
    SHU,
    WEI,
    WU,
    do,
    events_text,
    given,
    occupied,
    placement,
    resolving,
    table,
)
from tests.games.redux.scenario import act, bidding, moves, place, recruited, rig, started


def round_done(state: dict, *placements: dict) -> dict:
    state, _ = resolving(state, *placements)
    assert state["step"] == "round_done"
    return state


def upkept(state: dict) -> tuple[dict, str]:
    events: list[Event] = []
    upkeep.end_round(state, events)
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return state, events_text(events)


# -- EX18 upkeep (R9.3, A1) -----------------------------------------------------------------------
def ex18(support: int, gold: int = 5, rice: int = 5) -> dict:
    """Wu holds `support` tokens and 2 occupying units; its granary holds 1 frontier token."""
    state = table(wu=["wu.gan_ning", "wu.sun_jian"])
    occupied(state, WU, "wu.gan_ning", "gongan", "cavalry", 2, store="granary")
    given(state, WU, support=support, gold=gold, rice=rice)
    return round_done(state)


def test_ex18a_paying_upkeep() -> None:
    state = ex18(support=3)
    assert upkeep.dues(state, WU) == {"gold": 2, "rice": 2}
    state, text = upkept(state)
    p = player(state, WU)
    assert (p["gold"], p["rice"], p["deficits"]) == (3, 3, 0)
    assert "Seat 2 pays upkeep in full: 2 gold and 2 rice." in text


def test_ex18b_market_and_farm_tokens_reduce_upkeep() -> None:
    state = ex18(support=4)
    player(state, WU)["treasury"]["markets"] = 1
    player(state, WU)["granary"]["farms"] = 1
    assert upkeep.dues(state, WU) == {"gold": 1, "rice": 2}


def test_ex18c_deficit_per_missing_gold_or_rice() -> None:
    state = ex18(support=3, gold=1, rice=0)
    state, text = upkept(state)
    p = player(state, WU)
    assert (p["gold"], p["rice"], p["deficits"]) == (0, 0, 3)
    # Issue 19: what was paid and what was short, apart from what was owed.
    assert ("Seat 2 owes 2 gold and 2 rice upkeep and pays 1 gold; short of 1 gold and 2 rice, "
            "Seat 2 takes 3 deficit tokens (3 in all).") in text


def test_upkeep_paid_with_nothing_says_so() -> None:
    state = ex18(support=3, gold=0, rice=0)
    state, text = upkept(state)
    assert player(state, WU)["deficits"] == 4
    assert ("Seat 2 owes 2 gold and 2 rice upkeep and cannot pay any of it: Seat 2 takes "
            "4 deficit tokens (4 in all).") in text


def test_upkeep_relief_lowers_the_dues() -> None:
    """Zhao Yun: gold upkeep 1 lower (2 units, a granary token: 2 - 1 gold, 2 - 1 rice)."""
    state = table(shu=["shu.zhao_yun"])
    occupied(state, SHU, "shu.zhao_yun", "tianshui", "cavalry", 2)
    state = round_done(state)
    assert upkeep.dues(state, SHU) == {"gold": 1, "rice": 1}


def test_support_upkeep_is_floor_of_half() -> None:
    state = table()
    given(state, WEI, support=5, rice=1)
    state = round_done(state)
    state, _ = upkept(state)
    assert (player(state, WEI)["rice"], player(state, WEI)["deficits"]) == (0, 1)


# -- EX19 military points (R9.4) ------------------------------------------------------------------
def test_ex19_gaining_military_points() -> None:
    state = table(shu=["shu.zhang_fei", "shu.jiang_wei"])
    occupied(state, SHU, "shu.zhang_fei", "gongan", "cavalry", 2)
    given(state, SHU, gold=9, rice=9, military=2)
    state, _ = resolving(state, placement(SHU, "shu.jiang_wei", "battle_shu_wei", ("archer", 2)))
    do(state, SHU, "occupy shu.jiang_wei qishan 2 granary")
    state, text = upkept(state)
    assert player(state, SHU)["military"] == 6
    assert "gains 4 military points" in text


# -- R9.1, R9.2, R9.5 and the reset ---------------------------------------------------------------
def test_refresh_flips_criteria_passes_token_and_resets() -> None:
    state = table(round_=4)
    given(state, WEI, gold=1)
    state, _ = resolving(state, placement(WEI, "wei.cao_cao", "emperor"))
    do(state, WEI, "manipulate wei.cao_cao")
    before = dict(state["criterion"])
    state, text = upkept(state)
    assert state["criterion"] == {"emperor": before["support"], "support": before["emperor"]}
    assert state["emperor_holder"] == WEI and "Seat 1 takes the Han Emperor token" in text
    assert (state["round"], state["step"]) == (5, "round_start")
    conflict.start_round(state, [])  # what flow.advance does next: the round's fields reset
    assert state["bids"] == [] and state["winners"] == {} and state["todo"] == {}
    assert state["successes"] == [0, 0, 0]
    assert all(not p["performed"] and not p["tribal_done"] and not p["placed"]
               for p in state["players"])


def test_a04_bid_winner_who_declined_still_takes_the_token() -> None:
    state = round_done(table(), placement(WU, "wu.sun_jian", "emperor"))
    assert player(state, WU)["office"] == 0
    state, _ = upkept(state)
    assert state["emperor_holder"] == WU


# -- R11 end conditions (A28) ---------------------------------------------------------------------
def ended(state: dict) -> tuple[str, int]:
    """Why the game ended, in English, and after which round."""
    return str(said_of(state["end"]["reason"])), state["end"]["round"]


def test_end_after_round_12_without_upkeep() -> None:
    state = table(round_=12)
    given(state, WEI, support=4, rice=5)
    state = round_done(state, placement(WEI, "wei.cao_cao", "emperor"))
    criterion, holder = dict(state["criterion"]), state["emperor_holder"]
    state, text = upkept(state)
    assert state["step"] == "over"
    assert ended(state) == ("round 12 was played", 12)
    assert state["criterion"] == criterion and state["emperor_holder"] == holder
    assert player(state, WEI)["rice"] == 5 and "ends after round 12" in text
    # The game's last line gives the final scores, best first.
    final = text.splitlines()[-1]
    assert final.startswith("Final scores: Seat 1 (Wei) ") and final.endswith(" wins.")


def test_end_farm_and_market_5() -> None:
    state = table(round_=6)
    given(state, WU, farm={"level": 5, "developed": 0}, market={"level": 5, "developed": 1})
    state, _ = upkept(round_done(state))
    assert ended(state) == ("Wu reached farm 5 and market 5", 6)


def test_a28_conditions_are_per_player() -> None:
    state = table(round_=6)
    given(state, WU, farm={"level": 5, "developed": 0})
    given(state, SHU, market={"level": 5, "developed": 0})
    state, _ = upkept(round_done(state))
    assert state["step"] == "round_start" and state["end"] is None


def test_end_emperor_office_through_manipulate() -> None:
    state = table(round_=7, shu=["shu.zhao_yun"])
    given(state, SHU, gold=1, office=4)
    state, _ = resolving(state, placement(SHU, "shu.zhao_yun", "emperor"))
    events = do(state, SHU, "manipulate shu.zhao_yun")
    assert "deposes the Han emperor" in events_text(events)
    state, _ = upkept(state)
    assert ended(state) == ("Shu deposed the Han emperor", 7)


def test_end_fifth_occupying_general() -> None:
    state = table(round_=8, wei=["wei.xu_chu", "wei.cao_cao"])
    for general, region in (("wei.cao_ren", "chibi"), ("wei.xu_huang", "huarongdao"),
                            ("wei.zhang_he", "hefei"), ("wei.yue_jin", "jieting")):
        occupied(state, WEI, general, region, "infantry", 1)
    state, _ = resolving(state, placement(WEI, "wei.xu_chu", "battle_wei_wu", ("cavalry", 1)))
    do(state, WEI, "occupy wei.xu_chu guangling 1 treasury")
    state, _ = upkept(state)
    assert "Wei placed a 5th general on a frontier region" in ended(state)[0]


# -- EX11, EX12 through the whole engine ----------------------------------------------------------
def ex11_round_3(manipulate: bool) -> dict:
    """Round 3, bid order Wei, Wu, Shu: Wei flipped Cao Hong on Manipulate in round 2 and
    holds the Han Emperor token; Wu has 1 gold and is Governor."""
    state = started()
    recruited(state, WEI, "wei.xun_you", "wei.cao_hong")
    recruited(state, WU, "wu.zhou_yu", "wu.gan_ning")
    recruited(state, SHU, "shu.zhao_yun")
    for seat in (WEI, WU, SHU):
        rig(state, seat, support=0, gold=1 if seat == WU else 0)
    state.update(round=3, flipped={"seat": WEI, "general": "wei.cao_hong"}, emperor_holder=WEI)
    state = bidding(state, alliance="trade")
    target = "emperor" if manipulate else "farm"
    state, _ = place(state, WEI, "wei.xun_you", "market", "emperor yes")
    state, _ = place(state, WU, "wu.zhou_yu", target)
    state, _ = place(state, SHU, "shu.zhao_yun", target)
    state, events = place(state, WU, "wu.gan_ning", "emperor" if manipulate else "train")
    state["test_events"] = events_text(events)
    return state


def test_ex11_manipulate_and_the_han_emperor_token() -> None:
    state = ex11_round_3(manipulate=True)
    text = state.pop("test_events")
    assert "Cao Hong returns to Seat 1's supply" in text
    assert state["action_order"] == [WEI, WU, SHU] and state["actor"] == WEI
    assert "Zhao Yun" not in [b["general"] for b in state["bids"]]
    state, _ = act(state, WEI, "market develop")
    assert player(state, WEI)["market"]["level"] == 1
    assert state["actor"] == WU
    state, _ = moves(state, (WU, "manipulate wu.gan_ning"))
    assert state["round"] == 4
    assert player(state, WU)["office"] == 1 and player(state, WU)["gold"] == 0
    assert state["emperor_holder"] == WU
    assert status(state, WU, "wu.gan_ning") == "flipped"
    assert status(state, WU, "wu.zhou_yu") == "available"
    assert status(state, WEI, "wei.cao_hong") == "available"


def test_ex12_han_emperor_token_when_nobody_bids() -> None:
    state = ex11_round_3(manipulate=False)
    assert "Cao Hong returns to Seat 1's supply" in state.pop("test_events")
    while state["round"] == 3:
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    assert state["emperor_holder"] is None
    assert state["flipped"] is None
