"""One test per rule of the spec's sections W4 (control) and W5 (the 天命札 phase), each named
after its rule id (issue 15). The cards are applied to a state before any card was revealed
(`fresh`), so no earlier card has moved the generals they name."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import ForcedOutcomeError, force
from games.wargame.board import control_update, heir_places, powers_in
from games.wargame.tenmei import apply_card, reveal
from tests.games.wargame.scenario import DATA, GAME, acting, keys, picked, play
from tests.games.wargame.test_wargame_combat import put
from tests.games.wargame.test_wargame_orders import neutral
from tests.games.wargame.test_wargame_rules_w1_w3 import chances

State = dict[str, Any]


def fresh(**options: Any) -> State:
    """The 190 set-up before the picks: no card revealed yet."""
    return GAME.setup(3, {"scenario": "S1", **options}, 1)


def gone(state: State, gid: str, how: str = "dead") -> None:
    """Take a general off the map (dead or exited), out of the way of a card."""
    state["generals"][gid].update(state=how, nation=None, area=None)


def serving(state: State, gid: str) -> tuple[str, str | None, str | None]:
    spot = state["generals"][gid]
    return spot["state"], spot["nation"], spot["area"]


# -- W4: control ---------------------------------------------------------------------------------
def test_w4_1_a_nation_controls_every_area_holding_one_of_its_units_when_the_step_ends():
    state = acting("cao")
    neutral(state, "shanyang")
    state, _ = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                    "confirm")
    state["generals"]["cao_hong"]["area"] = "qiao"  # a general alone is a unit too
    assert state["areas"]["shanyang"]["control"] is None
    state, events = play(state, "end")
    assert state["areas"]["shanyang"]["control"] == "cao"
    assert state["areas"]["qiao"]["control"] == "cao"
    assert keys(events).count("wargame.control.gains") == 2


def test_w4_1a_the_control_update_runs_at_the_end_of_the_action_step_only():
    state = acting("cao")
    state["ledger"]["removed"] += state["areas"]["langya"]["troops"]["tao"] - 2
    state["areas"]["langya"]["troops"] = {"cao": 2}  # only 曹操's units stand there
    neutral(state, "shanyang")
    state, _ = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                    "confirm")
    assert state["areas"]["langya"]["control"] == "tao"  # not during the step
    assert state["areas"]["shanyang"]["control"] is None
    state, _ = play(state, "end")
    assert state["areas"]["langya"]["control"] == "cao"  # units of exactly one nation
    assert state["areas"]["shanyang"]["control"] == "cao"
    assert state["areas"]["ye"]["control"] == "gozoku"  # 豪族 troops: the 豪族


def test_w4_2_outside_combat_no_area_holds_units_of_two_powers():
    state = acting("cao", minor_combat="auto")
    force(state, 2, 3, 2, 6)  # battle_method 5 (合戦); kassen 2 / 6: both armies stand
    state, _ = play(state, "invade puyang", "general xiahou_dun", "troops chenliu 6",
                    "confirm")
    assert state["battle"]["area"] == "puyang"  # during combat both stand there
    assert powers_in(state, "puyang") == {"cao", "gozoku"}
    assert GAME.invariants(state) == []
    mixed = picked(3)
    mixed["areas"]["chenliu"]["troops"]["tao"] = 1
    mixed["ledger"]["added"] += 1
    assert any("W4.2" in problem for problem in GAME.invariants(mixed))


def test_w4_2a_no_entry_ends_in_an_area_holding_another_powers_units():
    state = picked(3)
    state["areas"]["lingling"] = {"control": "sun", "troops": {"sun": 1, "yuanshu": 2}}
    state["ledger"]["added"] += 3
    assert "lingling" not in heir_places(state, "sun")  # W26.3's heir: elsewhere
    assert heir_places(state, "sun") == ["changsha"]


def test_w4_3_an_empty_area_stays_controlled_until_another_power_invades_it():
    state = acting("tao")
    cao = [g for g, s in state["generals"].items() if s["nation"] == "cao"]
    put(state, "xuchang", "cao", 6, *cao)
    state["ledger"]["removed"] += 6
    state["areas"]["chenliu"]["troops"] = {}
    put(state, "shanyang", "tao", 3, "cao_bao")
    control_update(state)
    assert state["areas"]["chenliu"] == {"control": "cao", "troops": {}}
    state, events = play(state, "invade chenliu", "general cao_bao", "troops shanyang 2",
                         "confirm")
    assert "wargame.invade.no_combat" in keys(events)
    state, _ = play(state, "end")
    assert state["areas"]["chenliu"]["control"] == "tao"


def test_w4_4_areas_without_units_at_the_start_are_neutral():
    for scenario, seats in (("S1", 3), ("S2", 3), ("S3", 2)):
        state = GAME.setup(seats, {"scenario": scenario}, 1)
        setup = DATA.scenarios[scenario]["setup"]
        listed = {a for n in DATA.nations.values() if setup in n["setups"]
                  for a in n["setups"][setup]["areas"]}
        listed |= set(DATA.scenarios[scenario]["gozoku"])
        for aid, spot in state["areas"].items():
            assert (spot["control"] is None) == (aid not in listed), (scenario, aid)
            if scenario != "S3" and not powers_in(state, aid):
                assert spot["control"] is None, aid  # the 190 start


def test_w4_6_free_generals_never_affect_control():
    state = picked(3)
    assert serving(state, "kong_rong") == ("zaiya", None, "beihai")
    state["ledger"]["removed"] += state["areas"]["beihai"]["troops"]["gozoku"]
    state["areas"]["beihai"]["troops"] = {}
    state["generals"]["zang_ba"]["area"] = "qiao"
    control_update(state)
    assert state["areas"]["beihai"]["control"] is None  # the 豪族 left; 孔融 holds nothing
    assert state["areas"]["qiao"]["control"] is None


def test_w4_6a_a_free_general_is_no_powers_unit_and_causes_no_combat():
    state = acting("cao")
    neutral(state, "shanyang")
    state["generals"]["chen_gong"].update(state="zaiya", nation=None, area="shanyang")
    assert powers_in(state, "shanyang") == set()
    state, events = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                         "confirm")
    assert "wargame.invade.no_combat" in keys(events) and state["battle"] is None
    assert serving(state, "chen_gong") == ("zaiya", None, "shanyang")  # he never moves
    state, _ = play(state, "end")
    assert serving(state, "chen_gong") == ("nation", "cao", "shanyang")


# -- W5: the 天命札 phase ------------------------------------------------------------------------
def test_w5_1_nine_periods_of_five_turns_turn_t_is_the_year_189_plus_t():
    assert (DATA.constants["periods"], DATA.constants["turns_per_period"]) == (9, 5)
    assert [DATA.period_of(t) for t in (1, 5, 6, 45)] == [1, 1, 2, 9]
    assert [DATA.year_of(t) for t in (1, 45)] == [190, 234]
    state = picked(3)
    state["turn"] = 45
    view = GAME.view(state, None)
    assert (view["turn"], view["year"], view["period"]) == (45, 234, 9)


def test_w5_2_nine_decks_of_25_and_a_turn_reveals_from_its_periods_deck():
    assert sorted(DATA.decks) == list(range(1, 10))
    assert all(len(deck) == 25 for deck in DATA.decks.values())
    state = picked(3)
    state["turn"] = 6
    reveal(state, DATA)
    assert all(DATA.cards[c]["period"] == 2 for c in state["revealed"])
    assert len(state["decks"]["2"]) == 20 and len(state["decks"]["1"]) == 20


def test_w5_3_five_cards_a_turn_from_a_deck_shuffled_once_at_set_up():
    state, events = GAME.begin(3, {"scenario": "S1"}, 1)
    assert keys(events).count("wargame.tenmei.shuffled") == 9
    assert state["decks"]["1"] != DATA.decks[1]  # shuffled
    assert sorted(state["decks"]["1"]) == sorted(DATA.decks[1])
    top = state["decks"]["1"][:10]
    state["turn"] = 1
    reveal(state, DATA)
    assert state["revealed"] == top[:5]
    state["turn"] = 2
    reveal(state, DATA)
    assert state["revealed"] == top[5:]  # the same order: no reshuffle
    view = GAME.view(state, None)
    assert view["revealed"] == top[5:] and view["deck_left"]["1"] == 15
    assert "decks" not in view  # the order stays hidden


def test_w5_4_cards_apply_in_the_order_revealed_each_in_full():
    state = fresh()
    rest = [c for c in state["decks"]["1"] if c not in ("P1-23", "P1-12")]
    state["decks"]["1"] = ["P1-23", "P1-12", *rest]  # 孫堅退場, then 孫策登場
    state["turn"] = 1
    said = keys(reveal(state, DATA))
    assert said.index("wargame.ruler.heir_enters") < said.index("wargame.tenmei.no_effect")
    assert state["revealed"][:2] == ["P1-23", "P1-12"]
    other = fresh()
    other["decks"]["1"] = ["P1-12", "P1-23", *rest]  # 孫策 enters first, then 孫堅 leaves
    other["turn"] = 1
    said = keys(reveal(other, DATA))
    assert "wargame.ruler.new" in said and "wargame.ruler.heir_enters" not in said
    assert other["nations"]["sun"]["ruler"] == "sun_ce"


def test_w5_5_an_entry_card_brings_its_general_into_play():
    state = fresh()
    assert serving(state, "dian_wei")[0] == "waiting"
    events = apply_card(state, DATA, "P1-07")  # 典韋登場 (A: 曹操, B: 陳留)
    assert serving(state, "dian_wei") == ("nation", "cao", "chenliu")
    assert "wargame.enter.joins" in keys(events)


def test_w5_5_1_letter_destinations_are_tried_in_order():
    state = fresh()
    apply_card(state, DATA, "P1-09")  # 荀彧登場 (A: 曹操, B: 袁紹, C: 許昌)
    assert serving(state, "xun_yu") == ("nation", "cao", "chenliu")
    second = fresh()
    gone(second, "cao_cao")
    apply_card(second, DATA, "P1-09")
    assert serving(second, "xun_yu") == ("nation", "yuanshao", "bohai")
    third = fresh()
    gone(third, "cao_cao")
    gone(third, "yuan_shao", "exited")
    apply_card(third, DATA, "P1-09")
    assert serving(third, "xun_yu") == ("zaiya", None, "xuchang")


def test_w5_5_2_letters_come_before_numbers():
    state = fresh()
    events = apply_card(state, DATA, "P1-15")  # 趙雲登場 (A: 公孫瓚, 1-3: 劉備, 4-6: 常山)
    assert serving(state, "zhao_yun") == ("nation", "gongsun", "beiping")
    assert not chances(events, "wargame.roll.tenmei_dest")  # no die while a letter holds
    other = fresh()
    gone(other, "gongsun_zan")
    force(other, 5)
    events = apply_card(other, DATA, "P1-15")
    assert len(chances(events, "wargame.roll.tenmei_dest")) == 1
    assert serving(other, "zhao_yun") == ("zaiya", None, "changshan")


def test_w5_5_3_numbered_destinations_take_one_die():
    state = fresh()
    gone(state, "gongsun_zan")
    state["generals"]["liu_bei"].update(state="nation", nation="tao", area="xiapi")
    force(state, 2)
    events = apply_card(state, DATA, "P1-15")
    rolled = chances(events, "wargame.roll.tenmei_dest")
    assert [(e.text.params["dice"], e.text.params["sides"]) for e in rolled] == [(1, 6)]
    assert serving(state, "zhao_yun") == ("nation", "tao", "xiapi")  # face 2: 劉備's area


def test_w5_5_4_the_general_appears_where_the_named_general_is_or_in_the_named_area():
    state = fresh()
    state["areas"]["qiao"]["control"] = "cao"
    state["generals"]["cao_cao"]["area"] = "qiao"  # 曹操 stands in 譙 now
    apply_card(state, DATA, "P1-07")
    assert serving(state, "dian_wei")[2] == "qiao"
    other = fresh()
    gone(other, "cao_cao")
    apply_card(other, DATA, "P1-07")
    assert serving(other, "dian_wei")[2] == "chenliu"  # B: the named area


def test_w5_5_5_a_named_general_who_is_dead_exited_or_not_entered_is_invalid():
    for how in ("waiting", "dead", "exited"):
        state = fresh()
        if how != "waiting":
            gone(state, "liu_bei", how)
        apply_card(state, DATA, "P1-17")  # 関羽登場 (A: 劉備, B: 陶謙)
        assert serving(state, "guan_yu") == ("nation", "tao", "xiapi"), how
    state = fresh()
    state["generals"]["liu_bei"].update(state="zaiya", nation=None, area="pingyuan")
    apply_card(state, DATA, "P1-17")
    assert serving(state, "guan_yu") == ("zaiya", None, "pingyuan")  # A holds


def test_w5_5_6_a_named_area_is_where_the_general_appears():
    state = fresh()
    gone(state, "cao_cao")
    apply_card(state, DATA, "P1-07")  # B: 陳留, 曹操's area
    assert serving(state, "dian_wei") == ("nation", "cao", "chenliu")


def test_w5_5_7_in_a_neutral_area_he_is_a_free_general():
    state = fresh(hide_zaiya=True)
    gone(state, "cao_cao")
    assert state["areas"]["qiao"]["control"] is None
    events = apply_card(state, DATA, "P1-08")  # 許褚登場 (A: 曹操, B: 譙)
    assert serving(state, "xu_chu") == ("zaiya", None, "qiao")
    assert "wargame.enter.zaiya" in keys(events)
    view = GAME.view(state, None)  # face down: shown as a free general, not by name
    assert "xu_chu" not in view["generals"] and view["zaiya"]["qiao"] == 1


def test_w5_5_8_for_entry_a_gozoku_area_counts_as_neutral():
    state = fresh()
    gone(state, "lu_bu")
    apply_card(state, DATA, "P1-01")  # 陳宮登場 (A: 呂布, B: 濮陽)
    assert serving(state, "chen_gong") == ("zaiya", None, "puyang")
    assert state["areas"]["puyang"] == {"control": "gozoku", "troops": {"gozoku": 3}}


def test_w5_5_9_a_free_general_joins_the_first_nation_to_control_his_area():
    state = acting("cao")
    neutral(state, "puyang")
    gone(state, "lu_bu")
    apply_card(state, DATA, "P1-01")
    assert serving(state, "chen_gong") == ("zaiya", None, "puyang")
    state, _ = play(state, "invade puyang", "general xiahou_dun", "troops chenliu 2",
                    "confirm")
    assert serving(state, "chen_gong")[0] == "zaiya"  # not before the control update
    state, events = play(state, "end")
    assert serving(state, "chen_gong") == ("nation", "cao", "puyang")
    assert "wargame.zaiya.joins" in keys(events)


def test_w5_5_10_every_instruction_invalid_a_random_nation_minor_ones_too_not_the_gozoku():
    state = fresh()
    gone(state, "gongsun_zan")
    force(state, "liubiao")
    events = apply_card(state, DATA, "P1-14")  # 公孫続登場 (A: 公孫瓚)
    assert chances(events, "wargame.roll.random_nation")
    assert serving(state, "gongsun_xu") == ("nation", "liubiao", "xiangyang")
    other = fresh()
    gone(other, "gongsun_zan")
    force(other, "gozoku")
    with pytest.raises(ForcedOutcomeError):
        apply_card(other, DATA, "P1-14")


def test_w5_5a_no_effect_for_a_general_on_the_map_and_a_free_destination_counts():
    state = fresh()
    apply_card(state, DATA, "P1-07")
    events = apply_card(state, DATA, "P1-07")  # 典韋 is on the map already
    assert "wargame.tenmei.no_effect" in keys(events)
    gone(state, "dian_wei")
    assert "wargame.tenmei.no_effect" in keys(apply_card(state, DATA, "P1-07"))
    assert serving(state, "dian_wei")[0] == "dead"
    apply_card(state, DATA, "P1-13")  # 太史慈登場 (A: 孔融, 在野 in 北海)
    assert serving(state, "taishi_ci") == ("zaiya", None, "beihai")
    state["areas"]["qiao"]["control"] = "cao"  # controlled and empty: he serves at once
    gone(state, "cao_cao")
    apply_card(state, DATA, "P1-08")
    assert serving(state, "xu_chu") == ("nation", "cao", "qiao")


def test_w5_6_an_exit_card_removes_the_general_and_a_ruler_passes_the_nation_on():
    state = fresh()
    apply_card(state, DATA, "P1-22")  # 李儒退場
    assert serving(state, "li_ru") == ("exited", None, None)
    assert "li_ru" in GAME.view(state, None)["gone"]
    events = apply_card(state, DATA, "P1-21")  # 董卓退場: the succession at once
    assert serving(state, "dong_zhuo")[0] == "exited"
    assert state["nations"]["dong"]["ruler"] == "li_jue"
    assert "wargame.ruler.new" in keys(events)


def test_w5_6_1_an_exit_card_for_a_general_not_on_the_map_is_ignored():
    s3 = GAME.setup(2, {"scenario": "S3"}, 1)
    assert serving(s3, "ma_liang")[0] == "exited"
    assert "wargame.tenmei.no_effect" in keys(apply_card(s3, DATA, "P8-11"))  # 馬良退場
    state = fresh()
    gone(state, "li_ru")
    assert "wargame.tenmei.no_effect" in keys(apply_card(state, DATA, "P1-22"))
    assert serving(state, "li_ru") == ("dead", None, None)
