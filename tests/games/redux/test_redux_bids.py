"""R7.8-R7.10 side values and winners, R8.1 returns, R8.2 successes and order: EX3-EX6."""

from __future__ import annotations

from games.core import Event
from games.core.messages import Msg
from games.redux import GAME, bids
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

SPARE = {"wei": "wei.xu_huang", "wu": "wu.ling_cao", "shu": "shu.zhou_cang"}


def table(order: tuple[int, int, int] = (WEI, WU, SHU), alliance: str = "trade",
          **generals: list[str]) -> dict:
    """Bidding with these generals and a spare one each (so bidding goes on until everyone
    passes); nobody holds support tokens, so no support stage."""
    state = started()
    for seat, nation in ((WEI, "wei"), (WU, "wu"), (SHU, "shu")):
        recruited(state, seat, *generals.get(nation, []), SPARE[nation])
        rig(state, seat, support=0)
    return bidding(state, alliance=alliance, order=order)


def combat_of(state: dict, general: str) -> int:
    return pack(state).generals[general]["combat"]


def closed(state: dict) -> tuple[dict, list[Event]]:
    events: list[Event] = []
    bids.close(state, events)
    return state, events


# -- EX3, EX4 ---------------------------------------------------------------------------------
def ex4_table(first: str = "wei.jia_xu") -> dict:
    return table(wei=[first, "wei.cao_ren", "wei.xun_you"], wu=["wu.lu_fan"],
                 shu=["shu.jiang_wan", "shu.jiang_wei"])


def test_ex03_bid() -> None:
    """Jia Xu (Admin 5) then Jiang Wei (Admin 4) on Market: Wei 5 beats Shu 4."""
    state = table(wei=["wei.jia_xu"], wu=["wu.lu_fan"], shu=["shu.jiang_wei", "shu.jiang_wan"])
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = act(state, WU, "pass")
    state, _ = place(state, SHU, "shu.jiang_wei", "market")
    assert bids.totals(state, "market") == {"0": (5, 0), "2": (4, 1)}
    assert bids.leading(state, "market") == [WEI]
    state, events = closed(state)
    assert state["winners"]["market"] == [WEI]
    assert isinstance(events[1].text, Msg) and events[1].text.key == "redux.log.wins"
    assert str(events[1].text) == "Develop Market or Collect Tax: Seat 1 wins (Wei 5 and Shu 4)."


def ex4a() -> dict:
    state = ex4_table()
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = act(state, WU, "pass")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    return state


def test_ex04a_tied_bid_reached_first() -> None:
    """Tie at 5: Wei reached 5 first."""
    state = ex4a()
    assert bids.winning_side(state, "market") == ("0", "first")
    assert bids.leading(state, "market") == [WEI]


def test_ex04b1_higher_bid_wins() -> None:
    state = ex4a()
    state, _ = place(state, WEI, "wei.cao_ren", "farm")
    state, _ = place(state, SHU, "shu.jiang_wei", "market")
    assert bids.totals(state, "market")["2"] == (9, 3)
    assert bids.leading(state, "market") == [SHU]


def test_ex04b2_tie_at_nine_shu_reached_first() -> None:
    state = ex4a()
    state, _ = place(state, WEI, "wei.cao_ren", "farm")
    state, _ = place(state, SHU, "shu.jiang_wei", "market")
    state, _ = place(state, WEI, "wei.xun_you", "market")
    assert bids.totals(state, "market") == {"0": (9, 4), "2": (9, 3)}
    assert bids.leading(state, "market") == [SHU]


def test_ex04c_tied_bid_cao_cao() -> None:
    """As EX4b2 with Cao Cao first: his ability wins the tie (A8)."""
    state = ex4_table("wei.cao_cao")
    state, _ = place(state, WEI, "wei.cao_cao", "market")
    state, _ = act(state, WU, "pass")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    state, _ = place(state, WEI, "wei.cao_ren", "farm")
    state, _ = place(state, SHU, "shu.jiang_wei", "market")
    state, _ = place(state, WEI, "wei.xun_you", "market")
    assert bids.winning_side(state, "market") == ("0", "ability")
    state, events = closed(state)
    assert state["winners"]["market"] == [WEI]
    assert any("tied, won by an ability" in str(e.text) for e in events)


def test_cao_cao_does_not_help_below_the_highest_value() -> None:
    """A8: the ability breaks ties only."""
    state = table(wei=["wei.cao_cao"], wu=["wu.lu_fan"], shu=["shu.jiang_wan", "shu.jiang_wei"])
    state, _ = place(state, WEI, "wei.cao_cao", "market")
    state, _ = act(state, WU, "pass")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    state, _ = place(state, WEI, SPARE["wei"], "farm")
    state, _ = place(state, SHU, "shu.jiang_wei", "market")
    assert bids.leading(state, "market") == [SHU]


def test_three_way_tie_goes_to_who_reached_first() -> None:
    """A7 with three sides: the earliest to reach the tied value."""
    state = table(order=(WU, SHU, WEI), wei=["wei.jia_xu"], wu=["wu.lu_fan"],
                  shu=["shu.jiang_wan"])
    state, _ = place(state, WU, "wu.lu_fan", "market")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state["bids"][0]["bonus"] = 1  # Lü Fan 4 + 1: all three at 5
    assert {v for v, _ in bids.totals(state, "market").values()} == {5}
    assert bids.leading(state, "market") == [WU]


# -- EX5 alliance (R7.9) ------------------------------------------------------------------------
def ex5_table() -> dict:
    return table(alliance="market", wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.lu_fan"],
                 shu=["shu.jiang_wan", "shu.jiang_wei"])


def test_ex05a_alliance_sums_and_both_allies_perform() -> None:
    state = ex5_table()
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = place(state, WU, "wu.lu_fan", "market")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    assert bids.totals(state, "market") == {"0": (5, 0), "alliance": (9, 2)}
    state, _ = closed(state)
    assert state["winners"]["market"] == [WU, SHU]
    assert state["successes"] == [0, 1, 1]


def test_ex05b_non_ally_reaching_the_sum_first_wins() -> None:
    state = ex5_table()
    state, _ = place(state, WEI, "wei.jia_xu", "market")          # 1
    state, _ = place(state, WU, "wu.lu_fan", "market")            # 2
    state, _ = place(state, SHU, "shu.jiang_wei", "farm")         # 3
    state, _ = place(state, WEI, "wei.xun_you", "market")         # 4: Wei 9
    state, _ = act(state, WU, "pass")                             # 5
    state, _ = place(state, SHU, "shu.jiang_wan", "market")       # 6: alliance 9
    assert bids.totals(state, "market") == {"0": (9, 3), "alliance": (9, 4)}
    state, _ = closed(state)
    assert state["winners"]["market"] == [WEI]
    assert state["successes"] == [1, 0, 1]
    assert all(b["action"] != "market" or b["seat"] == WEI for b in state["bids"])


def test_alliance_won_by_one_ally_counts_for_that_ally_only() -> None:
    """R7.2.6, A23: only the ally who placed performs it and counts it."""
    state = ex5_table()
    state, _ = act(state, WEI, "pass")
    state, _ = act(state, WU, "pass")
    state, _ = place(state, SHU, "shu.jiang_wan", "market")
    state, _ = closed(state)
    assert state["winners"]["market"] == [SHU] and state["successes"] == [0, 0, 1]


# -- R8.1 returns -------------------------------------------------------------------------------
def test_losing_bids_return_units_and_spend_support() -> None:
    """R8.1.2, R7.10.4: units split back into supply, support tokens to the general supply."""
    state = table(order=(WU, WEI, SHU), wei=["wei.xiahou_dun"], wu=["wu.gan_ning"],
                  shu=["shu.zhao_yun"])
    units(state, WU, "cavalry", 2)
    rig(state, WU, support=1)
    supply = state["supply"]["support"]
    state, _ = place(state, WU, "wu.gan_ning", "battle_wei_wu", "units cavalry 2", "support 1")
    state, _ = place(state, WEI, "wei.xiahou_dun", "battle_wei_wu")
    state["bids"][-1]["bonus"] = 20  # Wei certainly wins
    state, _ = closed(state)
    wu = state["players"][WU]
    assert wu["armies"]["trained"] == 2 and wu["weapons"]["horse"] == 2 and wu["support"] == 0
    assert state["supply"]["support"] == supply + 1
    assert [b["seat"] for b in state["bids"]] == [WEI]
    assert GAME.invariants(state) == []


def test_last_rounds_flipped_general_returns_at_r81() -> None:
    """R8.1.3, EX11 step 1."""
    state = table(wei=["wei.cao_hong", "wei.xun_you"], wu=["wu.zhou_yu"], shu=["shu.zhao_yun"])
    state["flipped"] = {"seat": WEI, "general": "wei.cao_hong"}
    state, events = closed(state)
    assert state["flipped"] is None
    assert any("Cao Hong returns to Seat 1's supply" in str(e.text) for e in events)


def test_successes_count_tribal_and_manipulate_winner() -> None:
    """R7.6.7, R8.2.2; the Manipulate bid winner is remembered for R9.2 (A4)."""
    state = table(wei=["wei.jia_xu"], wu=["wu.zhou_yu"], shu=["shu.jiang_wan"])
    state, _ = place(state, WEI, "wei.jia_xu", "xiongnu", "units none")
    state, _ = place(state, WU, "wu.zhou_yu", "emperor")
    state, _ = act(state, SHU, "pass")
    state, _ = closed(state)
    assert state["winners"] == {"emperor": [WU], "xiongnu": [WEI]}
    assert state["successes"] == [1, 1, 0] and state["manipulate_winner"] == WU


# -- EX6 (R8.2) ------------------------------------------------------------------------------------
def ex6_state(shu_military: int) -> dict:
    state = started()
    state.update(round=4, bid_order=[WEI, WU, SHU], successes=[4, 3, 4])
    state["players"][SHU]["military"] = shu_military
    return state


def test_ex06a_more_military_breaks_the_tie() -> None:
    state = ex6_state(2)
    assert bids.next_bid_order(state) == [SHU, WEI, WU]


def test_ex06b_wei_before_wu_before_shu() -> None:
    state = ex6_state(0)
    assert bids.next_bid_order(state) == [WEI, SHU, WU]


def test_ex06_close_sets_action_order_and_next_alliance() -> None:
    """R8.2.1: action order = this round's bid order; the next bid order makes Wei + Wu the
    alliance with Wu choosing (EX6a)."""
    state = table(wei=["wei.jia_xu"], wu=["wu.zhou_yu"], shu=["shu.jiang_wan"])
    state["players"][SHU]["military"] = 2
    state, _ = place(state, WEI, "wei.jia_xu", "farm")
    state, _ = place(state, WU, "wu.zhou_yu", "market")
    state, _ = place(state, SHU, "shu.jiang_wan", "build")
    state, events = closed(state)
    assert state["action_order"] == [WEI, WU, SHU]
    assert state["bid_order"] == [SHU, WEI, WU]
    assert bids.allies(state) == [WU, SHU]  # this round's allies stay readable
    assert ("Next round's bid order: Seat 3 (Shu), Seat 1 (Wei), and Seat 2 (Wu)"
            in str(events[-1].text))


# -- ability bonuses (R7.10.1) ---------------------------------------------------------------
def test_general_bid_bonus_on_matching_actions() -> None:
    """Sun Jian +1 on battles, Zhou Yu +2 on the Wei-Wu battle (designed pack)."""
    state = table(order=(WU, WEI, SHU), wei=["wei.jia_xu"], wu=["wu.sun_jian", "wu.zhou_yu"],
                  shu=["shu.jiang_wan"])
    state, _ = place(state, WU, "wu.sun_jian", "battle_wei_wu")
    assert state["bids"][-1]["bonus"] == 1
    state, _ = place(state, WEI, "wei.jia_xu", "farm")
    state, _ = act(state, SHU, "pass")
    state, events = place(state, WU, "wu.zhou_yu", "battle_wei_wu")
    assert state["bids"][-1]["bonus"] == 2 and "ability bonus of +2" in str(events[-1].text)
    combat = combat_of(state, "wu.sun_jian") + combat_of(state, "wu.zhou_yu")
    assert bids.totals(state, "battle_wei_wu")["1"][0] == combat + 1 + 2


def test_card_bid_bonus_once_per_action() -> None:
    """A built card's bonus counts once on each action its owner bids on."""
    state = table(wei=["wei.jia_xu", "wei.xun_you"], wu=["wu.zhou_yu"], shu=["shu.jiang_wan"])
    deck = state["decks"]["union"]
    card = "union.imperial_academy"
    holder = next((p for p in state["players"] if card in p["hand"]), None)
    (holder["hand"] if holder else deck).remove(card)
    state["players"][WEI]["built"].append(card)
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = moves(state, (WU, "pass"), (SHU, "pass"))
    state, _ = place(state, WEI, "wei.xun_you", "market")
    assert [b["bonus"] for b in state["bids"]] == [1, 0]
    assert bids.totals(state, "market")["0"][0] == 5 + 1 + 4


def test_alternating_actions_follow_the_criterion_marker() -> None:
    """R7.3.4: Gain Support and Manipulate use opposite stats, by the markers."""
    state = table(wei=["wei.jia_xu"], wu=["wu.zhou_yu"], shu=["shu.jiang_wan"])
    state["criterion"] = {"emperor": "combat", "support": "admin"}
    assert bids.criterion(state, "emperor") == "combat"
    assert bids.criterion(state, "support") == "admin"
    assert bids.criterion(state, "battle_shu_wu") == "combat"
    assert bids.criterion(state, "nanman") is None
    state, _ = place(state, WEI, "wei.jia_xu", "emperor")
    assert bids.totals(state, "emperor")["0"][0] == combat_of(state, "wei.jia_xu")


def test_criterion_groups_include_the_alternating_action_of_that_criterion() -> None:
    """A bonus on `admin` actions also counts on Gain Support / Manipulate in the rounds
    their marker shows Admin (our reading of the ability vocabulary)."""
    state = table(wei=["wei.jia_xu"], wu=["wu.zhou_yu"], shu=["shu.jiang_wan"])
    state["players"][WEI]["built"].append("union.imperial_academy")
    for deck in (state["decks"]["union"], *(p["hand"] for p in state["players"])):
        if "union.imperial_academy" in deck:
            deck.remove("union.imperial_academy")
    state["criterion"] = {"emperor": "combat", "support": "admin"}
    assert bids.placement_bonus(state, WEI, "wei.jia_xu", "support") == 1
    assert bids.placement_bonus(state, WEI, "wei.jia_xu", "emperor") == 0
    assert bids.placement_bonus(state, WEI, "wei.jia_xu", "battle_wei_wu") == 0
    assert bids.placement_bonus(state, WEI, "wei.jia_xu", "xiongnu") == 0
    assert GAME.invariants(state) == []


def test_r7_3_5_sun_ce_combat_bonus_counts_on_battle_actions() -> None:
    """Sun Ce's card: "+1 to his bid on any action decided by Combat" (issue 19). A battle
    bid uses Combat (R7.3.5), so his bonus counts there, as on a Combat action (R7.3.3) and
    on the alternating action whose marker shows Combat (R7.3.4), never on an Admin one."""
    state = table(order=(WU, WEI, SHU), wei=["wei.jia_xu"], wu=["wu.sun_ce"],
                  shu=["shu.jiang_wan"])
    state["criterion"] = {"emperor": "combat", "support": "admin"}
    bonus = {action: bids.placement_bonus(state, WU, "wu.sun_ce", action)
             for action in ("battle_wei_wu", "battle_shu_wu", "recruit", "emperor", "support",
                            "market", "shanyue")}
    assert bonus == {"battle_wei_wu": 1, "battle_shu_wu": 1, "recruit": 1, "emperor": 1,
                     "support": 0, "market": 0, "shanyue": 0}
    state, _ = place(state, WU, "wu.sun_ce", "battle_wei_wu")
    assert bids.totals(state, "battle_wei_wu")["1"][0] == combat_of(state, "wu.sun_ce") + 1
