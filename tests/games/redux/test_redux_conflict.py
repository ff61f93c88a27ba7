"""R7 conflict phase: recruitment rounds, the alliance choice, bidding turns and every
placement rule (R7.4-R7.7, R7.10, A6, A25, A32, A34, A46), each refusal leaving the state as
it was with a message a player can act on."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.messages import Msg
from games.redux import GAME, bids, conflict
from games.redux.rules import ALLIANCE_ELIGIBLE
from games.redux.state import pack
from tests.games.redux.scenario import (
    SHU,
    WEI,
    WU,
    act,
    bidding,
    moves,
    place,
    recruited,
    rig,
    started,
    units,
)


def table(order: tuple[int, int, int] = (WEI, WU, SHU), alliance: str = "trade",
          support: bool = False, **generals: list[str]) -> dict:
    """Bidding with these generals (wei=[...], wu=[...], shu=[...]); without support tokens
    unless `support`, so no support stage is asked."""
    state = started()
    for seat, nation in ((WEI, "wei"), (WU, "wu"), (SHU, "shu")):
        if nation in generals:
            recruited(state, seat, *generals[nation])
        if not support:
            rig(state, seat, support=0)
    return bidding(state, alliance=alliance, order=order)


def refused(state: dict, seat: int, text: str, message: str,
            error: type = IllegalAction) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(error, match=message):
        act(state, seat, text)
    assert state == before


def combat_of(state: dict, general: str) -> int:
    return pack(state).generals[general]["combat"]


def value_of(state: dict, action: str, side: str) -> int:
    return bids.totals(state, action)[side][0]


# -- recruitment (R7.1) -------------------------------------------------------------------------
def round_start(round_: int, deck_sizes: tuple[int, int, int] | None = None) -> dict:
    state = started()
    state.update(round=round_, step="round_start")
    if deck_sizes:
        for p, size in zip(state["players"], deck_sizes, strict=True):
            p["generals"] += p["general_deck"][size:]
            p["general_deck"] = p["general_deck"][:size]
    events: list[Event] = []
    conflict.start_round(state, events)
    return state


@pytest.mark.parametrize("round_", [3, 5, 9])
def test_recruitment_rounds_draw_pick_plus_two(round_: int) -> None:
    """R7.1.1-R7.1.2: the pack's count (2 each) is picked from count + 2 drawn."""
    state = round_start(round_)
    assert state["step"] == "pick" and GAME.to_act(state) == {WEI, WU, SHU}
    for p in state["players"]:
        assert len(p["drawn"]) == 4 and p["picking"] == 2
    assert GAME.invariants(state) == []


@pytest.mark.parametrize("round_", [2, 4, 6, 7, 8, 10, 11, 12])
def test_other_rounds_skip_recruitment(round_: int) -> None:
    state = round_start(round_)
    assert state["step"] == "alliance"
    assert all(p["drawn"] == [] for p in state["players"])


def test_a40_short_deck_draws_all_and_picks_what_it_can() -> None:
    """A40: a deck of 3 draws 3 and picks 2; a deck of 1 gives its card without asking
    (nothing to choose); a deck of 0 gives nothing. All are revealed together."""
    state = round_start(3, (3, 1, 0))
    wu_card = state["players"][WU]["hidden"]
    assert [len(p["drawn"]) for p in state["players"]] == [3, 0, 0]
    assert [p["picking"] for p in state["players"]] == [2, 0, 0]
    assert len(wu_card) == 1 and state["players"][WU]["general_deck"] == []
    assert GAME.to_act(state) == {WEI}
    assert GAME.invariants(state) == []
    state, _ = GAME.apply(state, WEI, GAME.legal_actions(state, WEI)[0])
    assert wu_card[0] in state["players"][WU]["generals"] and state["step"] == "alliance"


def test_a40_nothing_to_choose_anywhere_skips_the_pick() -> None:
    state = round_start(5, (2, 1, 0))
    assert state["step"] == "alliance"
    assert [len(p["general_deck"]) for p in state["players"]] == [0, 0, 0]
    assert GAME.invariants(state) == []


def test_recruited_generals_are_revealed_together_and_bid_this_round() -> None:
    """R7.1.3-R7.1.5."""
    state = round_start(3)
    drawn = {p["seat"]: list(p["drawn"]) for p in state["players"]}
    for seat in (WU, WEI):
        state, _ = act(state, seat, f"recruit {drawn[seat][0]} {drawn[seat][1]}")
    assert drawn[WEI][0] not in str(GAME.view(state, None))
    state, events = act(state, SHU, f"recruit {drawn[SHU][0]} {drawn[SHU][1]}")
    for p in state["players"]:
        assert set(drawn[p["seat"]][:2]) <= set(p["generals"])
        assert p["recruited_round"][drawn[p["seat"]][0]] == 3
    assert sum("recruits" in str(e.text) for e in events) == 3
    state, _ = act(state, state["bid_order"][2], "alliance farm")
    assert {f"place {g}" for g in drawn[state["turn"]][:2]} <= {
        a.text for a in GAME.legal_actions(state, state["turn"])}


# -- alliance (R7.2, A37) ---------------------------------------------------------------------
def test_alliance_is_chosen_by_position_three_among_ten() -> None:
    """R7.2.3-R7.2.4: Shu chooses in round 1; Gain Support, Manipulate, battles and tribal
    actions are never eligible."""
    state = started()
    assert [a.args[0] for a in GAME.legal_actions(state, SHU)] == list(ALLIANCE_ELIGIBLE)
    assert len(ALLIANCE_ELIGIBLE) == 10
    for action in ("support", "emperor", "battle_shu_wei", "xiongnu"):
        refused(state, SHU, f"alliance {action}", "one of the ten general bidding actions")
    refused(state, WEI, "alliance farm", "not your turn", error=Exception)
    state, events = act(state, SHU, "alliance farm")
    assert state["alliance"]["action"] == "farm" and state["step"] == "bid"
    assert state["turn"] == WEI
    assert "alliance action" in str(events[0].text)


def test_alliance_never_repeats_last_rounds() -> None:
    """R7.2.5: last round's alliance action is excluded even with new partners."""
    state = round_start(2)
    state["alliance"]["previous"] = "trade"
    assert "trade" not in [a.args[0] for a in GAME.legal_actions(state, state["bid_order"][2])]
    assert len(GAME.legal_actions(state, state["bid_order"][2])) == 9
    refused(state, state["bid_order"][2], "alliance trade", "last round's alliance action")


def test_round_start_moves_the_alliance_to_previous() -> None:
    state = started()
    state, _ = act(state, SHU, "alliance build")
    state.update(round=2, step="round_start", bids=[])
    conflict.start_round(state, [])
    assert state["alliance"] == {"action": None, "previous": "build"}


# -- EX2 battle bidding (R7.5) ------------------------------------------------------------------
def ex2_table() -> dict:
    state = table(order=(SHU, WU, WEI), shu=["shu.zhou_cang", "shu.zhao_yun", "shu.jiang_wan"],
                  wu=["wu.gan_ning"], wei=["wei.cao_ren"])
    units(state, SHU, "infantry", 1)
    units(state, SHU, "archer", 2)
    units(state, WU, "cavalry", 2)
    return state


def test_ex02a_leadership_limits_units() -> None:
    state = ex2_table()
    state, _ = moves(state, (SHU, "place shu.zhou_cang"), (SHU, "on battle_shu_wu"))
    refused(state, SHU, "units infantry 2", "Zhou Cang can lead at most 1 unit")
    state, _ = act(state, SHU, "units infantry 1")
    placed = state["bids"][-1]
    assert placed["units"] == {"type": "infantry", "count": 1}
    assert state["players"][SHU]["weapons"]["spear"] == 0
    assert state["players"][SHU]["armies"]["trained"] == 2
    assert GAME.invariants(state) == []


def test_ex02b_one_generals_units_are_one_type() -> None:
    state = ex2_table()
    state, _ = place(state, SHU, "shu.zhou_cang", "battle_shu_wu", "units infantry 1")
    state, _ = moves(state, (WU, "place wu.gan_ning"), (WU, "on battle_shu_wu"))
    refused(state, WU, "units cavalry 1 archer 1", "must all be one type")
    state, _ = act(state, WU, "units cavalry 2")
    assert state["bids"][-1]["units"] == {"type": "cavalry", "count": 2}


def test_ex02c_another_general_may_carry_another_type() -> None:
    state = ex2_table()
    state, _ = place(state, SHU, "shu.zhou_cang", "battle_shu_wu", "units infantry 1")
    state, _ = place(state, WU, "wu.gan_ning", "battle_shu_wu", "units cavalry 2")
    state, _ = act(state, WEI, "pass")
    state, _ = place(state, SHU, "shu.zhao_yun", "battle_shu_wu", "units archer 2")
    shu = combat_of(state, "shu.zhou_cang") + 1 + combat_of(state, "shu.zhao_yun") + 2
    assert value_of(state, "battle_shu_wu", str(SHU)) == shu
    assert value_of(state, "battle_shu_wu", str(WU)) == combat_of(state, "wu.gan_ning") + 2


def test_ex02d_a_general_may_bid_without_units() -> None:
    state = ex2_table()
    state, _ = place(state, SHU, "shu.zhou_cang", "battle_shu_wu", "units infantry 1")
    state, _ = place(state, WU, "wu.gan_ning", "battle_shu_wu", "units cavalry 2")
    state, _ = act(state, WEI, "pass")
    state, _ = place(state, SHU, "shu.zhao_yun", "battle_shu_wu", "units none")
    assert state["bids"][-1]["units"] is None
    shu = combat_of(state, "shu.zhou_cang") + 1 + combat_of(state, "shu.zhao_yun")
    assert value_of(state, "battle_shu_wu", str(SHU)) == shu


def test_ex02e_only_the_nations_of_a_border_bid_on_its_battle() -> None:
    state = ex2_table()
    state, _ = act(state, SHU, "place shu.zhao_yun")
    assert "on battle_wei_wu" not in [a.text for a in GAME.legal_actions(state, SHU)]
    refused(state, SHU, "on battle_wei_wu", "Shu cannot bid on Battle \\(Wei-Wu border\\)")


def test_unit_counts_must_be_positive_numbers() -> None:
    state = ex2_table()
    state, _ = moves(state, (SHU, "place shu.zhao_yun"), (SHU, "on battle_shu_wu"))
    refused(state, SHU, "units archer 0", "Attach at least 1, or go without")
    refused(state, SHU, "units archer two", "The form is", error=MalformedAction)
    refused(state, SHU, "units catapult 1", "not a unit type")


def test_units_need_trained_armies_and_weapons() -> None:
    """A32: a unit is assembled from a trained army and its weapon, both in supply."""
    state = ex2_table()
    rig(state, SHU, armies={"trained": 1})
    state, _ = moves(state, (SHU, "place shu.zhao_yun"), (SHU, "on battle_shu_wu"))
    assert "units archer 2" not in [a.text for a in GAME.legal_actions(state, SHU)]
    refused(state, SHU, "units archer 2", "assemble only 1 archer unit:")


def test_battle_without_any_unit_asks_nothing_more() -> None:
    """A stage with one possible answer answers itself."""
    state = table(wei=["wei.cao_ren"], wu=["wu.gan_ning"], shu=["shu.zhao_yun"])
    state, events = place(state, WEI, "wei.cao_ren", "battle_wei_wu")
    assert state["bids"][-1]["units"] is None and state["turn"] == WU
    assert "places Cao Ren on Battle (Wei-Wu border)" in str(events[-1].text)


# -- general actions, A34, support, emperor (R7.10) -------------------------------------------
def test_a34_units_only_on_battle_and_tribal_actions() -> None:
    state = table(support=True, wei=["wei.cao_ren"], wu=["wu.lu_fan"], shu=["shu.jiang_wei"])
    units(state, SHU, "cavalry", 2)
    state, _ = moves(state, (WEI, "pass"), (WU, "pass"), (SHU, "place shu.jiang_wei"),
                     (SHU, "on farm"))
    assert state["draft"]["stage"] == "support"
    refused(state, SHU, "units cavalry 1", "Finish placing Jiang Wei first")


def test_support_tokens_add_one_each_and_leave_the_supply() -> None:
    """R7.10.3: any number of support tokens, +1 each; they are on the action now."""
    state = table(support=True, wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state, _ = moves(state, (WEI, "place wei.jia_xu"), (WEI, "on market"))
    state, _ = moves(state, (WU, "place wu.lu_fan"), (WU, "on market"))
    assert [a.text for a in GAME.legal_actions(state, WU)][:2] == ["support 0", "support 1"]
    refused(state, WU, "support 2", "hold only 1 support token")
    state, _ = act(state, WU, "support 1")
    assert state["players"][WU]["support"] == 0 and state["bids"][-1]["support"] == 1
    assert value_of(state, "market", str(WU)) == 4 + 1
    assert GAME.invariants(state) == []


def test_han_emperor_token_once_per_round() -> None:
    """R7.10.2: +1 to one general, once per round, asked only of its holder."""
    state = table(wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state["emperor_holder"] = WEI
    state, _ = place(state, WEI, "wei.jia_xu", "market", "emperor no")
    assert GAME.legal_actions(state, WEI) == []  # Wu's turn now
    state, _ = moves(state, (WU, "pass"), (SHU, "pass"), (WEI, "place wei.xun_you"),
                     (WEI, "on farm"))
    assert [a.text for a in GAME.legal_actions(state, WEI)] == [
        "emperor yes", "emperor no", "cancel"]
    state, _ = act(state, WEI, "emperor yes")
    assert state["players"][WEI]["emperor_used"]
    assert value_of(state, "farm", str(WEI)) == 4 + 1


def test_han_emperor_token_is_asked_when_holder_places() -> None:
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state["emperor_holder"] = WEI
    state, _ = moves(state, (WEI, "place wei.jia_xu"), (WEI, "on market"))
    assert state["draft"]["stage"] == "emperor"
    state, _ = act(state, WEI, "emperor no")
    assert not state["players"][WEI]["emperor_used"] and not state["bids"][-1]["emperor"]


def test_placing_twice_and_placing_strangers_are_refused() -> None:
    state = table(wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    refused(state, WEI, "place wu.lu_fan", "not one of your generals that can bid now")
    refused(state, WEI, "place wei.cao_hong", "not one of your generals that can bid now")
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = moves(state, (WU, "pass"), (SHU, "pass"))
    refused(state, WEI, "place wei.jia_xu", "already placed")


def test_on_before_place_and_unknown_moves_are_refused() -> None:
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    refused(state, WEI, "on market", "First choose a general")
    refused(state, WEI, "alliance farm", "cannot `alliance` now")
    refused(state, WEI, "place", "The form is", error=MalformedAction)
    state, _ = act(state, WEI, "place wei.jia_xu")
    refused(state, WEI, "on tea", "is not an action")


def test_cancel_drops_the_unfinished_placement() -> None:
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state["emperor_holder"] = WEI
    state, _ = moves(state, (WEI, "place wei.jia_xu"), (WEI, "on market"), (WEI, "cancel"))
    assert state["draft"] is None and state["turn"] == WEI and state["bids"] == []
    assert "place wei.jia_xu" in [a.text for a in GAME.legal_actions(state, WEI)]


def test_draft_is_private_to_its_seat() -> None:
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state, events = act(state, WEI, "place wei.jia_xu")
    assert all(e.seats == (WEI,) for e in events)
    assert GAME.view(state, None)["draft"] is None and GAME.view(state, WU)["draft"] is None
    assert GAME.view(state, WEI)["draft"]["general"] == "wei.jia_xu"


# -- tribal actions (R7.6) ------------------------------------------------------------------------
def test_tribal_action_only_own_and_once_per_round() -> None:
    state = table(wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.lu_fan"],
                  shu=["shu.jiang_wei", "shu.jiang_wan"])
    state, _ = act(state, WEI, "place wei.jia_xu")
    open_to = [a.args[0] for a in GAME.legal_actions(state, WEI) if a.kind == "on"]
    assert "xiongnu" in open_to and "nanman" not in open_to and "shanyue" not in open_to
    refused(state, WEI, "on nanman", "only on its own tribal action")
    state, _ = moves(state, (WEI, "on xiongnu"), (WEI, "units none"))
    state, _ = moves(state, (WU, "pass"), (SHU, "pass"), (WEI, "place wei.xun_you"))
    refused(state, WEI, "on xiongnu", "at most one per round")


def test_ex15a_tribal_with_gold_up_to_leadership() -> None:
    """EX15a placement: Jiang Wei (Leadership 2) with 2 gold on Nanman."""
    state = table(order=(SHU, WEI, WU), wei=["wei.jia_xu"], wu=["wu.lu_fan"],
                  shu=["shu.jiang_wei"], support=True)
    state["emperor_holder"] = SHU
    state, _ = moves(state, (SHU, "place shu.jiang_wei"), (SHU, "on nanman"))
    texts = [a.text for a in GAME.legal_actions(state, SHU)]
    assert "gold 2" in texts and "gold 3" not in texts
    refused(state, SHU, "gold 3", "can carry at most 2 gold")
    state, events = act(state, SHU, "gold 2")
    assert state["bids"][-1]["gold"] == 2 and state["players"][SHU]["gold"] == 3
    assert state["turn"] == WEI  # no support or Han Emperor stage on a tribal action
    assert "with 2 gold" in str(events[-1].text)


def test_ex15b_tribal_with_units_never_gold_and_units() -> None:
    state = table(order=(SHU, WEI, WU), wei=["wei.jia_xu"], wu=["wu.lu_fan"],
                  shu=["shu.jiang_wei"])
    units(state, SHU, "archer", 2)
    state, _ = moves(state, (SHU, "place shu.jiang_wei"), (SHU, "on nanman"),
                     (SHU, "units archer 2"))
    placed = state["bids"][-1]
    assert placed["units"] == {"type": "archer", "count": 2} and placed["gold"] == 0
    assert state["players"][SHU]["gold"] == 5


def test_gold_only_on_the_tribal_action() -> None:
    state = table(wei=["wei.cao_ren"], wu=["wu.gan_ning"], shu=["shu.zhao_yun"])
    units(state, WEI, "navy", 1)
    state, _ = moves(state, (WEI, "place wei.cao_ren"), (WEI, "on battle_wei_wu"))
    refused(state, WEI, "gold 1", "Gold goes only with a general on your tribal action")


# -- A25, passing and auto-skip (R7.7) -------------------------------------------------------------
def test_a25_flipped_general_cannot_bid_anywhere() -> None:
    state = table(wei=["wei.cao_hong", "wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state["flipped"] = {"seat": WEI, "general": "wei.cao_hong"}
    assert "place wei.cao_hong" not in [a.text for a in GAME.legal_actions(state, WEI)]
    refused(state, WEI, "place wei.cao_hong", "flipped on Manipulate Han Emperor")
    assert GAME.view(state, None)["players"][WEI]["generals"][0]["status"] == "flipped"


def test_occupying_general_cannot_bid() -> None:
    state = table(wei=["wei.cao_ren", "wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state["players"][WEI]["occupations"].append(
        {"general": "wei.cao_ren", "region": "chibi", "border": "wei_wu", "unit": "navy",
         "count": 0})
    refused(state, WEI, "place wei.cao_ren", "occupies a frontier region")


def test_turns_follow_bid_order_and_passing_is_final() -> None:
    """R7.7.1, R7.7.5: 1 -> 2 -> 3 -> 1; a seat that passed is never asked again."""
    state = table(order=(WU, SHU, WEI), wei=["wei.jia_xu", "wei.xun_you"],
                  wu=["wu.lu_fan", "wu.zhou_yu"], shu=["shu.jiang_wan", "shu.jiang_wei"])
    assert state["turn"] == WU
    state, _ = place(state, WU, "wu.lu_fan", "farm")
    assert state["turn"] == SHU
    state, events = act(state, SHU, "pass")
    assert state["players"][SHU]["passed"] and "passes" in str(events[0].text)
    state, _ = place(state, WEI, "wei.jia_xu", "farm")
    state, _ = place(state, WU, "wu.zhou_yu", "market")
    assert state["turn"] == WEI


def test_a46_seat_without_generals_is_skipped() -> None:
    """R7.7.4, A46: with every general placed the seat is skipped for the round."""
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan", "wu.zhou_yu"],
                  shu=["shu.jiang_wan", "shu.jiang_wei"])
    state, _ = place(state, WEI, "wei.jia_xu", "farm")
    state, _ = place(state, WU, "wu.lu_fan", "farm")
    state, events = place(state, SHU, "shu.jiang_wan", "market")
    assert state["turn"] == WU and state["players"][WEI]["passed"]
    assert "no general left to place" in str(events[-1].text)


def test_bidding_ends_when_all_placed_or_passed() -> None:
    """R7.7.6: then the step is "bidding_done" (conflict alone, without resolution)."""
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    state, _ = place(state, WEI, "wei.jia_xu", "farm")
    state, _ = act(state, WU, "pass")
    events = conflict.bid(state, SHU, Action.parse("pass"))
    assert state["step"] == "bidding_done" and state["turn"] is None
    assert isinstance(events[-1].text, Msg) and events[-1].text.key == "redux.log.bidding_over"


def test_prompts_say_what_to_decide() -> None:
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wan"])
    assert "place a general" in str(GAME.prompt(state, WEI))
    assert GAME.prompt(state, WU) == ""
    state, _ = act(state, WEI, "place wei.jia_xu")
    assert "Choose the action for Jia Xu" in str(GAME.prompt(state, WEI))


def test_placed_generals_are_remembered_for_the_round_r7_7_7() -> None:
    """Losing bids leave the board at R8.1, yet "if this general was not placed" benefits
    are judged at R8.6: the round keeps its own list, cleared when the next round starts."""
    state = table(wei=["wei.jia_xu"])
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    assert state["players"][WEI]["placed"] == ["wei.jia_xu"]
    conflict.start_round(state, [])
    assert state["players"][WEI]["placed"] == []
