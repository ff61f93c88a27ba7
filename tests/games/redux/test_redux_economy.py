"""R8.4.1-R8.4.12: the twelve general actions, their choices and refusals (EX7-EX10)."""

from __future__ import annotations

from games.redux.rules import TRADE_RATES
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


def won(action: str, seat: int = WEI, general: str = "wei.jia_xu", options: dict | None = None,
        also: str | None = None, **given_fields) -> dict:
    """A table where `seat` won `action` with `general` (and `also` with its ruler, to keep
    the turn when `action` can only be declined), holding `given_fields`."""
    state = table(wei=["wei.jia_xu", "wei.cao_cao"], wu=["wu.lu_fan", "wu.sun_jian"],
                  shu=["shu.jiang_wei", "shu.liu_bei"])
    state["options"].update(options or {})
    given(state, seat, **given_fields)
    extra = [placement(seat, "wei.cao_cao", also)] if also else []
    state, _ = resolving(state, placement(seat, general, action), *extra)
    return state


# -- R8.4.1 farm, R8.4.2 market (A18, A19) --------------------------------------------------------
def test_ex07_develop_farm() -> None:
    state = won("farm")
    assert legal_texts(state, WEI) == ["farm develop", "decline farm"]
    events = do(state, WEI, "farm develop")
    assert player(state, WEI)["farm"] == {"level": 1, "developed": 1}
    assert "develops a farm: farm level 1" in events_text(events)


def test_ex08_harvest() -> None:
    state = won("farm", farm={"level": 3, "developed": 3})
    events = do(state, WEI, "farm harvest 2")
    p = player(state, WEI)
    assert p["granary"]["farms"] == 2
    assert p["rice"] == 5
    assert p["farm"] == {"level": 3, "developed": 0}
    assert "harvests: 2 farm tokens to the granary, 1 sold for 5 rice" in events_text(events)


def test_ex09_develop_market() -> None:
    state = won("market")
    assert legal_texts(state, WEI) == ["market develop", "decline market"]
    do(state, WEI, "market develop")
    assert player(state, WEI)["market"] == {"level": 1, "developed": 1}


def test_ex10_collect_tax() -> None:
    state = won("market", market={"level": 4, "developed": 4})
    events = do(state, WEI, "market tax 2")
    p = player(state, WEI)
    assert (p["gold"], p["treasury"]["markets"], p["market"]) == (
        8, 2, {"level": 4, "developed": 0})
    assert "2 market tokens to the treasury, 2 sold for 8 gold" in events_text(events)


def test_a19_develop_while_tokens_wait_and_harvest_all_to_granary() -> None:
    state = won("farm", farm={"level": 2, "developed": 1})
    assert legal_texts(state, WEI) == ["farm develop", "farm harvest 0", "farm harvest 1",
                                       "decline farm"]
    do(state, WEI, "farm harvest 1")
    assert player(state, WEI)["granary"]["farms"] == 1
    assert player(state, WEI)["rice"] == 0


def test_develop_refused_at_level_5() -> None:
    state = won("farm", farm={"level": 5, "developed": 2})
    refused(state, WEI, "farm develop", "already at level 5")


def test_harvest_refusals() -> None:
    state = won("farm", farm={"level": 3, "developed": 3})
    refused(state, WEI, "farm harvest 4", "Put 0 to 3 of your developed tokens")
    refused(state, WEI, "farm reap 1", "the form is")
    empty = won("farm", farm={"level": 1, "developed": 0})
    refused(empty, WEI, "farm harvest 0", "no developed farm token")


# -- R8.4.3 trade (A2, A3) ------------------------------------------------------------------------
def test_trade_buy_rice_at_spread_rates_then_no_weapons() -> None:
    state = won("trade", gold=10)
    do(state, WEI, "rice buy 2")
    assert (player(state, WEI)["gold"], player(state, WEI)["rice"]) == (0, 8)
    assert state["step"] == "round_done"  # `weapons none` was the only answer left


def test_trade_literal_rates() -> None:
    state = won("trade", gold=3, options={"trade_rates": "literal"})
    assert "rice buy 1" in legal_texts(state, WEI)
    do(state, WEI, "rice buy 1")
    assert (player(state, WEI)["gold"], player(state, WEI)["rice"]) == (
        3 - TRADE_RATES["literal"]["rice_buy"], 4)


def test_trade_sell_rice_and_buy_weapons_of_mixed_types() -> None:
    state = won("trade", gold=4, rice=8)
    do(state, WEI, "rice sell 2")
    assert player(state, WEI)["gold"] == 10
    assert "weapons buy 1" in legal_texts(state, WEI)
    events = do(state, WEI, "weapons buy 1", "take spear 2", "take horse 1")
    p = player(state, WEI)
    assert p["gold"] == 3 and p["weapons"]["spear"] == 2 and p["weapons"]["horse"] == 1
    assert "buys 3 weapons for 7 gold" in events_text(events)
    assert state["step"] == "round_done"


def test_trade_sell_weapons_chooses_the_types_given() -> None:
    state = won("trade", weapons={"ship": 2, "crossbow": 2})
    assert legal_texts(state, WEI) == ["rice none", "decline trade"]
    do(state, WEI, "rice none")  # then `weapons sell 1`, the only answer, is automatic
    assert player(state, WEI)["gold"] == 5
    assert legal_texts(state, WEI) == ["give crossbow 1", "give crossbow 2", "give ship 1",
                                       "give ship 2"]
    do(state, WEI, "give ship 2")  # the last weapon can only be a crossbow: automatic
    assert player(state, WEI)["weapons"] == {"spear": 0, "horse": 0, "crossbow": 1, "ship": 0}


def test_trade_refusals() -> None:
    state = won("trade", gold=6, rice=4)
    refused(state, WEI, "rice buy 2", "lots of 4")
    refused(state, WEI, "rice sell 4", "lots of 4")
    refused(state, WEI, "rice none", "cannot trade weapons either")
    do(state, WEI, "rice sell 1")
    refused(state, WEI, "weapons buy 2", "lots of 3")
    refused(state, WEI, "take spear 3", "First finish what you started")


def test_trade_weapons_buy_limited_by_supply() -> None:
    """A17: a lot is only offered while the general supply holds its 3 weapons."""
    state = won("trade", gold=14)
    state["supply"].update(spear=0, horse=1, crossbow=1, ship=0)
    given(state, SHU, weapons={"spear": 12, "horse": 14, "crossbow": 14, "ship": 15})
    state["supply"].update(spear=0, horse=1, crossbow=1, ship=0)
    assert not any(t.startswith("weapons") for t in legal_texts(state, WEI))
    do(state, WEI, "rice buy 1")
    assert state["step"] == "round_done"


# -- R8.4.4 hire instructor / import technology (A42, A43) ----------------------------------------
def test_hire_two_and_import_union() -> None:
    state = won("instructor", rice=1, armies={"untrained": 3})
    top = state["decks"]["union"][-1]
    assert legal_texts(state, WEI) == ["hire 0", "hire 1", "hire 2", "decline instructor"]
    events = do(state, WEI, "hire 2", "import union")
    p = player(state, WEI)
    assert (p["rice"], p["armies"]["untrained"], p["armies"]["trained"]) == (0, 1, 2)
    assert p["hand"][-1] == top
    private = [e for e in events if not e.public]
    assert private and private[0].seats == (WEI,) and top not in events_text(
        [e for e in events if e.public])


def test_a42_no_rice_no_instructor_but_import() -> None:
    state = won("instructor", armies={"untrained": 2})
    assert legal_texts(state, WEI) == ["hire 0", "decline instructor"]
    refused(state, WEI, "hire 1", "costs 1 rice")
    do(state, WEI, "hire 0")
    assert legal_texts(state, WEI) == ["import union", "import separation"]


def test_a43_empty_deck_draws_from_the_other() -> None:
    state = won("instructor", rice=1, armies={"untrained": 1})
    state["decks"]["separation"] = []
    do(state, WEI, "hire 1")
    assert legal_texts(state, WEI) == ["import union", "import none"]
    refused(state, WEI, "import separation", "still holds cards")


def test_instructor_impossible_is_declined_automatically() -> None:
    state = table()
    state["decks"].update(union=[], separation=[])
    state, events = resolving(state, placement(WEI, "wei.cao_cao", "instructor"))
    # Issue 19: an automatic decline gives its reason.
    assert ("Seat 1 cannot perform Hire Instructor and/or Import Technology: an instructor needs "
            "1 rice and an untrained army (Seat 1 has 0 untrained armies), and both decks are "
            "empty.") in events_text(events)


# -- R8.4.5 build (G17) ---------------------------------------------------------------------------
def test_build_pays_cost_and_checks_prerequisite() -> None:
    state = won("build", gold=3, rice=2, hand=["union.wuzhu_mint"],
                market={"level": 1, "developed": 1}, also="farm")
    refused(state, WEI, "build union.wuzhu_mint", "needs market level 2 or more")
    assert "build union.wuzhu_mint" not in legal_texts(state, WEI)
    state = won("build", gold=3, rice=2, hand=["union.wuzhu_mint"],
                market={"level": 2, "developed": 2}, also="farm")
    do(state, WEI, "build union.wuzhu_mint")
    p = player(state, WEI)
    assert (p["gold"], p["rice"], p["hand"], p["built"]) == (0, 0, [], ["union.wuzhu_mint"])


def test_build_either_army_cost_pays_untrained_first() -> None:
    state = won("build", gold=2, armies={"untrained": 1, "trained": 2},
                hand=["union.military_colonies"])
    events = do(state, WEI, "build union.military_colonies")
    assert player(state, WEI)["armies"] == {"untrained": 0, "trained": 2}
    assert "paying 2 gold and 1 untrained army." in events_text(events)


def test_build_weapon_cost_asks_the_types() -> None:
    state = won("build", gold=2, weapons={"spear": 1, "ship": 1},
                hand=["union.frontier_market"])
    do(state, WEI, "build union.frontier_market")
    assert legal_texts(state, WEI) == ["give spear 1", "give ship 1"]
    do(state, WEI, "give ship 1")
    assert player(state, WEI)["weapons"]["ship"] == 0
    assert state["step"] == "round_done"


def test_build_refusals() -> None:
    state = won("build", gold=1, hand=["union.barter_house"], also="farm")
    refused(state, WEI, "build union.barter_house", "cannot pay for Barter House")
    refused(state, WEI, "build union.stables", "not in your hand")


# -- R8.4.6-R8.4.11 -------------------------------------------------------------------------------
def test_produce_choices_and_limits() -> None:
    state = won("spear_horse", general="wei.cao_cao")
    assert legal_texts(state, WEI)[:3] == ["produce spear spear", "produce spear horse",
                                           "produce horse horse"]
    do(state, WEI, "produce horse spear")
    assert player(state, WEI)["weapons"]["spear"] == player(state, WEI)["weapons"]["horse"] == 1


def test_produce_limited_supply_a17() -> None:
    state = won("crossbow_ship", general="wei.cao_cao")
    given(state, SHU, weapons={"crossbow": 14, "ship": 15})
    assert legal_texts(state, WEI) == ["produce crossbow crossbow", "decline crossbow_ship"]
    events = do(state, WEI, "produce crossbow crossbow")
    assert player(state, WEI)["weapons"]["crossbow"] == 1
    assert "all the general supply had" in events_text(events)


def test_recruit_train_tribute_support() -> None:
    state = won("recruit", general="wei.cao_cao")
    do(state, WEI, "perform recruit")
    assert player(state, WEI)["armies"]["untrained"] == 2
    state = won("train", general="wei.cao_cao", armies={"untrained": 3})
    assert legal_texts(state, WEI) == ["train 1", "train 2", "decline train"]
    refused(state, WEI, "train 3", "up to 2")
    do(state, WEI, "train 2")
    assert player(state, WEI)["armies"] == {"untrained": 1, "trained": 2}
    state = won("tribute", general="wei.cao_cao")
    do(state, WEI, "tribute gold_rice")
    assert (player(state, WEI)["gold"], player(state, WEI)["rice"]) == (1, 1)
    state = won("support", general="wei.cao_cao")
    do(state, WEI, "perform support")
    assert player(state, WEI)["support"] == 1


def test_train_without_untrained_armies_is_declined() -> None:
    state = table()
    state, events = resolving(state, placement(WEI, "wei.cao_cao", "train"))
    assert ("Seat 1 cannot perform Train Armies: Seat 1 has no untrained army."
            in events_text(events))


# -- R8.4.12 manipulate (A4, A5, A25) -------------------------------------------------------------
def test_manipulate_flips_one_general_and_promotes() -> None:
    state = table(wu=["wu.zhou_yu", "wu.gan_ning"])
    given(state, WU, gold=2)
    state, _ = resolving(state, placement(WU, "wu.zhou_yu", "emperor"),
                         placement(WU, "wu.gan_ning", "emperor", support=1))
    assert legal_texts(state, WU) == ["manipulate wu.zhou_yu", "manipulate wu.gan_ning",
                                      "decline emperor"]
    refused(state, WU, "manipulate wu.sun_jian", "flip one of your generals")
    do(state, WU, "manipulate wu.gan_ning")
    p = player(state, WU)
    assert (p["gold"], p["office"]) == (1, 1)
    assert state["flipped"] == {"seat": WU, "general": "wu.gan_ning"}
    assert state["bids"] == [] and state["supply"]["support"] == 15 - sum(
        q["support"] for q in state["players"])


def test_a05_manipulate_without_gold_is_declined() -> None:
    state = table()
    state, events = resolving(state, placement(WEI, "wei.cao_cao", "emperor"))
    assert ("Seat 1 cannot perform Manipulate Han Emperor: it costs 1 gold and Seat 1 has none."
            in events_text(events))
    assert player(state, WEI)["office"] == 0 and state["flipped"] is None
    assert state["manipulate_winner"] == WEI


# -- abilities on actions -------------------------------------------------------------------------
def test_action_yield_of_a_winning_general_and_of_a_card() -> None:
    state = table(wu=["wu.lu_fan", "wu.sun_jian"])
    given(state, WU, gold=5, built=["union.market_street"])
    state, _ = resolving(state, placement(WU, "wu.lu_fan", "trade"),
                         placement(WU, "wu.sun_jian", "market"))
    events = do(state, WU, "rice buy 1")
    assert player(state, WU)["gold"] == 1  # 5 - 5 + 1 (Lü Fan)
    assert "Lü Fan" in events_text(events) or "Lu Fan" in events_text(events)
    do(state, WU, "market develop")
    assert player(state, WU)["gold"] == 3  # Market Street +2


def test_weapon_stage_refusals() -> None:
    state = won("trade", gold=7)
    do(state, WEI, "rice none")  # `weapons buy 1`, the only answer, follows
    refused(state, WEI, "take spear 4", "you still take 3 weapons")
    refused(state, WEI, "take gold 1", "you still take 3 weapons")
    refused(state, WEI, "rice buy 1", "First finish what you started")
    state = won("build", gold=2, weapons={"spear": 1}, hand=["union.frontier_market"],
                also="farm")
    given(state, WEI, weapons={"ship": 1})
    do(state, WEI, "build union.frontier_market")
    refused(state, WEI, "give horse 1", "you still pay 1 weapon,")


def test_produce_and_tribute_refusals() -> None:
    state = won("spear_horse", general="wei.cao_cao")
    refused(state, WEI, "produce spear ship", "2 weapons among spear and horse")
    refused(state, WEI, "produce crossbow ship", "no Produce Crossbows/Ships to resolve")
    state = won("tribute", general="wei.cao_cao")
    refused(state, WEI, "tribute gold_silk", "choose 2 gold, 2 rice")


def test_manipulate_without_gold_refused_while_other_actions_remain() -> None:
    state = won("emperor", also="farm")
    refused(state, WEI, "manipulate wei.jia_xu", "costs 1 gold and you have none")
    assert legal_texts(state, WEI) == ["farm develop", "decline farm", "decline emperor"]
