"""R8.6 end-of-round benefits: order per player (EX17), players in action order (A15),
round_end_gain conditions, Barter House, Ma Chao's horses (card_stock, A17, A21)."""

from __future__ import annotations

from games.redux.state import player
from tests.games.redux.resolution_scenario import (
    SHU,
    WEI,
    WU,
    do,
    events_text,
    given,
    legal_texts,
    placement,
    refused,
    resolving,
    table,
)


def ex17() -> dict:
    """Shu recruited Ma Chao earlier (4 horses on his card), built Barter House, did not
    trade this round, and holds 1 horse and 2 rice; the round's actions are over."""
    state = table(round_=3, shu=["shu.ma_chao", "shu.liu_bei"])
    given(state, SHU, rice=2, weapons={"horse": 1}, built=["union.barter_house"])
    player(state, SHU)["stocks"] = {"shu.ma_chao": 4}
    state["supply"]["horse"] -= 4
    state, _ = resolving(state)
    return state


def test_ex17_both_benefits_are_offered_in_the_players_order() -> None:
    state = ex17()
    assert state["step"] == "benefits" and state["actor"] == SHU
    assert legal_texts(state, SHU) == ["benefit shu.ma_chao", "benefit union.barter_house"]


def test_ex17_barter_house_first() -> None:
    state = ex17()
    do(state, SHU, "benefit union.barter_house")
    assert "exchange rice horse" in legal_texts(state, SHU)
    assert "exchange weapon horse" in legal_texts(state, SHU)
    events = do(state, SHU, "exchange rice horse")
    p = player(state, SHU)
    assert p["weapons"]["horse"] == 3 and p["rice"] == 0
    assert p["stocks"]["shu.ma_chao"] == 3
    assert "Ma Chao: Seat 3 takes 1 horse from the card (3 left on it)" in events_text(
        events)
    assert state["step"] == "round_done"


def test_ex17_order_matters() -> None:
    state = ex17()
    events = do(state, SHU, "benefit shu.ma_chao")
    assert "fewer than 2: nothing is taken" in events_text(events)
    do(state, SHU, "exchange rice horse")
    p = player(state, SHU)
    assert p["weapons"]["horse"] == 2 and p["stocks"]["shu.ma_chao"] == 4


def test_exchange_refusals_and_none() -> None:
    state = ex17()
    do(state, SHU, "benefit union.barter_house")
    refused(state, SHU, "exchange weapon ship", "exchanges once")
    refused(state, SHU, "benefit shu.ma_chao", "First finish what you started")
    events = do(state, SHU, "exchange none")
    assert "makes no exchange" in events_text(events)


def test_barter_house_not_after_trading() -> None:
    state = table(round_=3, shu=["shu.liu_bei"])
    given(state, SHU, gold=5, weapons={"horse": 1}, built=["union.barter_house"])
    state, _ = resolving(state, placement(SHU, "shu.liu_bei", "trade"))
    do(state, SHU, "rice buy 1")
    assert state["step"] == "round_done"


def test_ma_chao_stocked_in_his_recruitment_round() -> None:
    state = table(round_=5, shu=["shu.ma_chao"])
    player(state, SHU)["recruited_round"]["shu.ma_chao"] = 5
    state, events = resolving(state)
    assert player(state, SHU)["stocks"] == {"shu.ma_chao": 4}
    assert "Ma Chao: 4 horses go on the card" in events_text(events)


def test_ma_chao_stock_limited_by_the_supply_a17() -> None:
    state = table(round_=5, shu=["shu.ma_chao"])
    player(state, SHU)["recruited_round"]["shu.ma_chao"] = 5
    given(state, WEI, weapons={"horse": 13})
    state, _ = resolving(state)
    assert player(state, SHU)["stocks"] == {"shu.ma_chao": 2}
    assert state["supply"]["horse"] == 0


def test_round_end_gain_parity_and_a15_action_order() -> None:
    """Cao Hong gives 1 gold in odd rounds only; Wuzhu Mint every round; Shu acts first."""
    state = table(round_=3, wei=["wei.cao_hong"])
    given(state, SHU, built=["union.wuzhu_mint"])
    state, events = resolving(state, order=(SHU, WU, WEI))
    text = events_text(events)
    assert text.index("Wuzhu Mint") < text.index("Cao Hong")
    assert player(state, WEI)["gold"] == 1 and player(state, SHU)["gold"] == 1
    state = table(round_=4, wei=["wei.cao_hong"])
    state, _ = resolving(state)
    assert player(state, WEI)["gold"] == 0


def test_unplaced_general_benefit() -> None:
    """Lu Su gives 1 rice only when he was not placed this round (R7.7.7)."""
    state = table(wu=["wu.lu_su", "wu.sun_jian"])
    player(state, WU)["placed"] = ["wu.sun_jian"]
    state, _ = resolving(state)
    assert player(state, WU)["rice"] == 1
    state = table(wu=["wu.lu_su", "wu.sun_jian"])
    player(state, WU)["placed"] = ["wu.lu_su"]
    state, _ = resolving(state)
    assert player(state, WU)["rice"] == 0


def test_a_weapon_of_choice_is_asked() -> None:
    """Armory: 1 weapon of the player's choice at the end of odd rounds."""
    state = table(round_=3)
    given(state, WU, built=["union.armory"])
    state, _ = resolving(state)
    assert state["actor"] == WU and legal_texts(state, WU) == [
        "take spear 1", "take horse 1", "take crossbow 1", "take ship 1"]
    do(state, WU, "take ship 1")
    assert player(state, WU)["weapons"]["ship"] == 1 and state["step"] == "round_done"


def test_plain_gains_are_applied_without_asking() -> None:
    state = table(round_=3, wei=["wei.cao_hong"])
    given(state, WEI, built=["union.wuzhu_mint", "union.military_colonies"])
    state, _ = resolving(state)
    p = player(state, WEI)
    assert (p["gold"], p["rice"], state["step"]) == (2, 1, "round_done")


def test_benefit_of_another_source_refused() -> None:
    state = ex17()
    refused(state, SHU, "benefit union.armory", "choose which of your end-of-round benefits")
