"""One test per rule of the end, the footnotes, characters, 锦囊, timing and the engine contract
(T4.4-T10.7) that had none named after it (issue 16: "every T rule has its test")."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from games.core import Action, IllegalAction, NotYourTurn, force
from games.core.events import Event
from games.core.flow import flow_of, phase, top, turn
from games.tang import GAME
from games.tang.attack import attack_cost
from games.tang.cards import window_actions
from games.tang.flow import FLOW
from games.tang.model import State, order_from_first
from games.tang.scoring import final_table, winners
from games.tang.setup import majority, start_pool
from games.tang.supply import begin_supply
from tests.games.tang.scenario import DATA, armies, keys, ledger, legal, play, table
from tests.games.tang.test_tang_rules_t0_t1 import through_setup
from tests.games.tang.test_tang_rules_t2_t3 import fight
from tests.games.tang.test_tang_setup import dealt_table, pick_all
from tests.wording import english

QUIET = ["gao_lishi", "lu_jiong", "li_siye", "zhang_xun"]  # no skill that draws a card
ANSWERS = {"wstep": "pass", "turn": "end", "extra": "extra no"}
SUPPLY = {"tax": "tax none", "deploy": "buy", "buy": "count 0"}


def quiet_answer(state: State) -> str:
    """Pass, do nothing, buy nothing: the answer that changes the least."""
    step = top(state)
    assert step is not None
    return ANSWERS.get(step["rule"]) or SUPPLY[step["data"]["stage"]]


def one_round(state: State, watch: Callable[[State], None] = lambda state: None,
              ) -> tuple[State, list[Event]]:
    """From a forged table of round 0: the whole of round 1 answered quietly, up to the
    first decision of round 2."""
    flow_of(state)["stack"] = []
    flow_of(state)["phase"] = "supply"
    events = begin_supply(state) + FLOW.settle(state)
    while state["round"] == 1:
        watch(state)
        (seat,) = GAME.to_act(state)
        state, told = play(state, seat, quiet_answer(state))
        events += told
    return state, events


# -- T4, T5 --------------------------------------------------------------------------------------
def test_t4_4_a_camp_scores_its_exact_average_anlushan_holder_included():
    board = {"jiaozhi": (0, 1), "fufeng": (1, 1), "huayin": (2, 1), "anding": (2, 1)}
    state = table(6, board, reps=["gao_lishi", "li_mi", "zhang_jiuling", "geshu_han",
                                  "an_sishun", "li_guangbi"], piles={2: ["an_lushan"]},
                  camp_rule=True)
    rows = final_table(state)
    assert [r["own"] for r in rows[:3]] == [11, 11, 12]
    assert rows[0]["final"] == rows[2]["final"] == Fraction(34, 3)
    assert rows[3]["final"] == rows[3]["own"]  # a camp of one
    shown = GAME.standings(state).details["rows"][0]
    assert (shown["final"], shown["final_shown"]) == ("34/3", "11.3")


def test_t4_6_ties_go_to_welfare_then_cities_then_are_shared():
    def tied(board, minsheng):
        state = table(3, board, piles={2: ["an_lushan"]})
        for seat, ms in enumerate(minsheng):
            state["players"][seat]["minsheng"] = ms
        rows = final_table(state)
        assert rows[0]["final"] == rows[1]["final"]
        return winners(state, rows)

    two, three = {"jiaozhi": (0, 1), "guizhou": (0, 1)}, {"fufeng": (1, 1), "huayin": (1, 1),
                                                          "anding": (1, 1)}
    assert tied({**two, **three}, (10, 9, 10)) == [0]  # 12 each, 民生 decides
    assert tied({"changan": (0, 1), "jiaozhi": (0, 1), **three}, (10, 10, 10)) == [1]  # cities
    assert tied({**two, "fufeng": (1, 1), "huayin": (1, 1)}, (10, 10, 10)) == [0, 1]


def test_t5_1_rounding_is_down_except_the_starting_pool():
    for n, x in ((2, 178), (3, 119), (4, 89), (5, 71), (6, 60), (7, 51), (8, 45)):
        state = GAME.setup(n, {}, 1)
        assert start_pool(state) == x and majority(state) == n // 2 + 1
    state = table(3, {"shanzhou": (1, 3), "luoyang": (2, 1)})
    assert attack_cost(state, 1, "luoyang", [["shanzhou", 3, [], None]], False) == 3 + 1
    state = table(3, {c: (1, 1) for c in ("guangzhou", "guizhou", "jiaozhi")}, rest=2,
                  phase="supply", seat=1)
    state, _ = play(state, 1, "tax none", "buy")  # P = 9
    assert "count 4" in legal(state, 1) and "count 5" not in legal(state, 1)


def test_t5_2_in_turn_means_seat_order_from_the_first_player_wrapping_around():
    state = dealt_table(4, ["guo_ziyi", "geshu_han", "an_sishun", "li_guangbi"])
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"][:3])
    force(state, 2)
    state, _ = play(state, 3, "pick li_guangbi")
    assert state["first"] == 2 and order_from_first(state) == [2, 3, 0, 1]
    colours = []
    for color in ("red", "blue", "green", "yellow"):
        (seat,) = GAME.to_act(state)
        colours.append(seat)
        state, _ = play(state, seat, f"color {color}")
    assert colours == [2, 3, 0, 1]


# -- T6 ------------------------------------------------------------------------------------------
def test_t6_1_forty_characters_in_six_nationalities_valued_one_to_five():
    nations = Counter(c["nationality"] for c in DATA.characters.values())
    assert nations == {"tang": 14, "sute": 6, "huihe": 6, "qidan": 5, "gaoli": 5, "tujue": 4}
    assert all(1 <= DATA.value(c) <= 5 for c in DATA.character_ids)
    assert [c for c in DATA.character_ids if DATA.skill(c) is None] == ["an_lushan"]
    state, _ = GAME.begin(3, {}, 2)
    assert len(state["char_deck"]) == 40 - 5 * 3  # undealt, unused


def test_t6_2_each_character_is_in_one_place_and_seen_as_that_place_allows():
    state = table(3, {"changan": (0, 3), "fufeng": (0, 1), "jiaozhi": (1, 1)}, piles={0: ["abusi"]},
                  generals={"changan": {"li_siye": 0}})
    state["removed"].append("hun_zhen")
    state["char_deck"].remove("hun_zhen")
    assert GAME.invariants(state) == []
    public = GAME.view(state, None)
    assert public["cities"]["changan"]["generals"] == {"li_siye": 0}
    assert public["removed"] == ["hun_zhen"] and public["players"][0]["pile_count"] == 1
    assert "pile" not in public["players"][0] and public["decks"]["characters"] > 0
    assert GAME.view(state, 0)["players"][0]["pile"] == ["abusi"]
    state["players"][1]["pile"].append("abusi")
    assert any("out of place" in broken for broken in GAME.invariants(state))


def test_t6_3_only_the_representative_has_a_skill():
    board = {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 1), "jiaozhi": (1, 1)}
    general = table(3, board, generals={"chenliu": {"li_siye": 0}},
                    capitals={0: "suiyang", 1: "jiaozhi"})
    general, _ = play(general, 0, "attack xingyang", "muster chenliu", "count 6",
                      "take li_siye", "confirm")
    force(general, 1, 1, 6, 6)
    general, _ = play(general, 1, "done", "pass")
    general, _ = play(general, 0, "pass")
    a = general["last_battle"]["record"]["a"]
    assert a["general"] == 4 and a["skills"] == []  # 李嗣业 on the board: his value only
    rep = table(3, board, reps=["li_siye", "li_mi", "gao_lishi"],
                capitals={0: "suiyang", 1: "jiaozhi"})
    rep, _ = fight(rep, 0, "xingyang", "chenliu", 6, (1, 1, 6, 6))
    assert rep["last_battle"]["record"]["a"]["skills"] == [["modao", 1]]
    skill = table(3, board, reps=["li_linfu", "li_mi", "gao_lishi"], piles={0: ["abusi"]},
                  hands={1: ["shipo"]}, capitals={0: "suiyang", 1: "jiaozhi"})
    skill, _ = play(skill, 0, "skill koumi 2")
    assert top(skill)["rule"] == "give"  # no 识破 window for a skill


def siege_of_yecheng(reps: list[str], piles: dict[int, list[str]] | None = None) -> State:
    """邺城 (nobody's capital) besieged by P0 (3 armies) and P1 (2); P1 is to act."""
    state = table(3, {"weizhou": (0, 1), "changshan": (1, 1), "jiaozhi": (0, 1),
                      "yecheng": (1, 2)}, reps=reps, piles=piles, seat=1,
                  capitals={0: "jiaozhi", 1: "changshan"})
    state["cities"]["yecheng"].update(controller=None, last=1, armies={"0": 3, "1": 2})
    ledger(state)
    return state


def ending(state: State, seat: int) -> list[str]:
    """What `seat` may use at its step of the ACTION_END window (T8.2)."""
    return [a.text for a in window_actions(state, seat, "ACTION_END")]


def test_t6_3_shi_chaoyi_captured_a_city_the_battle_result_gave_him_as_defender():
    """"Captured a city" includes control gained by a battle result: P1 attacks P0 inside
    besieged 邺城 and is wiped out, so 史朝义 (P0) captured it and may draw at ACTION_END."""
    state = siege_of_yecheng(["shi_chaoyi", "li_mi", "gao_lishi"])
    assert "skill xiying" not in ending(state, 0)
    force(state, 1, 1, 6, 6)  # no retreat in a siege: the dice roll at `confirm`
    state, _ = play(state, 1, "attack yecheng", "confirm")
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, "pass")
    assert state["cities"]["yecheng"]["controller"] == 0
    assert state["players"][0]["captured"] and not state["players"][1]["captured"]
    assert "skill xiying" in ending(state, 0)


def test_t6_4_generals_travel_free_but_never_attack_without_an_army():
    state = table(3, {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 1)},
                  generals={"chenliu": {"abusi": 0}}, capitals={0: "suiyang"})
    with_general = [["chenliu", 4, ["abusi"], None]]
    assert attack_cost(state, 0, "xingyang", with_general, False) == 4
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 0", "take abusi")
    assert "confirm" not in legal(state, 0)


def test_t6_4_1_pile_cards_deploy_for_their_value_never_the_representative():
    state = table(3, {c: (1, 1) for c in ("taiyuan", "yanmen", "shangdang", "hedong")}, rest=2,
                  phase="supply", seat=1, reps=["li_mi", "li_siye", "gao_lishi"],
                  piles={1: ["abusi", "guo_ziyi"]})
    state, _ = play(state, 1, "tax none")  # P = 12, cap 6
    deploys = {a for a in legal(state, 1) if a.startswith("deploy")}
    assert deploys == {f"deploy {g} {c}" for g in ("abusi", "guo_ziyi")
                       for c in ("taiyuan", "yanmen", "shangdang", "hedong")}
    state, events = play(state, 1, "deploy guo_ziyi taiyuan")
    assert state["cities"]["taiyuan"]["generals"] == {"guo_ziyi": 1}
    assert "guo_ziyi" not in state["players"][1]["pile"] and "tang.log.deployed" in keys(events)
    assert [a for a in legal(state, 1) if a.startswith("deploy")] == []  # abusi's 3 > 6 - 5


def test_t6_4_2_a_general_may_move_alone_and_stand_without_armies():
    state = table(3, {"changan": (0, 5), "fufeng": (0, 1), "jiaozhi": (1, 1)},
                  capitals={0: "changan"}, generals={"changan": {"abusi": 0}})
    state, _ = play(state, 0, "transfer changan", "to fufeng")
    assert "count 0" in legal(state, 0)
    state, _ = play(state, 0, "count 0", "take abusi")
    assert state["cities"]["fufeng"]["generals"] == {"abusi": 0}
    assert armies(state, "changan", 0) == 5 and GAME.invariants(state) == []


def test_t6_4_3_a_side_adds_only_its_highest_general():
    state = table(3, {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 1),
                      "jiaozhi": (1, 1)}, capitals={0: "suiyang", 1: "jiaozhi"},
                  generals={"chenliu": {"abusi": 0, "hun_zhen": 0},
                            "xingyang": {"gao_xianzhi": 1, "li_baochen": 1}})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 6", "take abusi",
                    "take hun_zhen", "confirm")
    force(state, 1, 1, 1, 1)
    state, _ = play(state, 1, "done", "pass")
    state, _ = play(state, 0, "pass")
    record = state["last_battle"]["record"]
    assert (record["a"]["general"], record["d"]["general"]) == (4, 4)  # not 7 and 7


def test_t6_4_4_a_removed_general_is_out_for_good_face_up():
    state = table(3, {"chenliu": (0, 9), "xingyang": (1, 1), "suiyang": (0, 1),
                      "jiaozhi": (1, 1)}, capitals={0: "suiyang", 1: "jiaozhi"},
                  generals={"xingyang": {"wang_sili": 1}})
    state, _ = fight(state, 0, "xingyang", "chenliu", 9, (6, 6, 1, 1))
    assert state["removed"] == ["wang_sili"] and GAME.view(state, None)["removed"] == ["wang_sili"]
    assert all("wang_sili" not in p["pile"] for p in state["players"])
    assert all("wang_sili" not in c["generals"] for c in state["cities"].values())


# -- T7 ------------------------------------------------------------------------------------------
def test_t7_2_no_stratagem_is_drawn_in_a_round_without_draw_effects():
    state = table(3, {"jiaozhi": (0, 1)}, reps=QUIET[:3], round_=0,
                  hands={0: ["shipo"], 1: ["huogong", "jianbi"]})
    state, _ = one_round(state)
    assert [len(p["hand"]) for p in state["players"]] == [1, 2, 0]


def test_t7_3_a_stratagem_is_announced_answered_resolved_then_discarded():
    board = {"changan": (0, 5), "fufeng": (0, 2), "hanzhong": (1, 3), "jiaozhi": (1, 1)}
    state = table(3, board, hands={0: ["caochuan", "huogong"]},
                  capitals={0: "changan", 1: "jiaozhi"})
    assert not [a for a in legal(state, 0) if a.startswith("play huogong")]  # not its window
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action.parse("play dacao 2"))  # not held
    state, events = play(state, 0, "play caochuan 2")
    assert [e.seats for e in events if keys([e]) == ["tang.log.played"]] == [None]
    assert len(state["in_play"]) == 1 and state["players"][0]["grain"] == 50
    state, _ = play(state, 1, "pass")
    assert state["players"][0]["grain"] == 54 and state["in_play"] == []
    assert [c.split(".")[0] for c in state["discard"]] == ["caochuan"]


def test_t7_5_two_forced_marches_give_two_free_extra_turns():
    state = table(3, {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 2)},
                  hands={0: ["jixing", "jixing"]}, capitals={0: "suiyang"})
    state, _ = play(state, 0, "transfer chenliu", "to suiyang", "count 1",
                    "play jixing", "play jixing")
    state, first = play(state, 0, "end")
    state, second = play(state, 0, "end")
    assert [keys(told).count("tang.log.extra_turn") for told in (first, second)] == [1, 1]
    assert state["players"][0]["minsheng"] == 10 and state["players"][0]["grain"] == 50
    state, _ = play(state, 0, "end")
    assert top(state)["rule"] == "extra"  # then a bought one may follow


def test_t7_5_fanfu_needs_a_card_in_shi_simings_own_pile():
    """史思明's 反复 takes a card and gives one back: like 反间计 and 李林甫, it needs at least
    one card in his own pile, or it would be a free look at a card he must return."""
    board = {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 1), "jiaozhi": (1, 1)}
    empty = table(3, board, reps=["shi_siming", "li_mi", "gao_lishi"],
                  piles={1: ["abusi", "hun_zhen"]}, capitals={0: "suiyang", 1: "jiaozhi"})
    assert not [a for a in legal(empty, 0) if a.startswith("skill fanfu")]
    with pytest.raises(IllegalAction):
        GAME.apply(empty, 0, Action.parse("skill fanfu 2"))
    one = table(3, board, reps=["shi_siming", "li_mi", "gao_lishi"],
                piles={0: ["li_siye"], 1: ["abusi", "hun_zhen"]},
                capitals={0: "suiyang", 1: "jiaozhi"})
    assert "skill fanfu 2" in legal(one, 0)


def test_t7_5_heqin_refuses_a_siege_attack_on_the_truce_partner_with_the_truce_message():
    """和亲 binds attacks on sieges too, and is refused in its own words: P0 and P1 are alone
    in besieged 邺城, so P0's attack from inside has only the truce partner to fight."""
    state = siege_of_yecheng(["li_mi", "gao_lishi", "lu_jiong"])
    state["truces"] = [[0, 1]]
    state["turn"]["seat"] = 0
    state["flow"]["stack"] = [turn("turn", 0)]
    assert "attack yecheng" not in legal(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("attack yecheng"))
    assert english(refused.value.message, names=["A", "B", "C"]) == \
        "Truce with B until the end of this action phase."


def test_t7_5_heqin_refuses_the_truce_partner_as_the_side_chosen_in_a_siege():
    """A third player attacking a siege may not choose its truce partner's side: P2, in truce
    with P1, attacks 邺城 besieged by P0, P1 and P3 and may choose only P0 or P3."""
    state = table(4, {"weizhou": (0, 1), "changshan": (1, 1), "henei": (2, 4),
                      "jiaozhi": (0, 1)}, reps=["li_mi", "gao_lishi", "lu_jiong", "li_siye"],
                  seat=2, capitals={0: "jiaozhi", 1: "changshan", 2: "henei"})
    state["cities"]["yecheng"].update(controller=None, last=1,
                                      armies={"0": 3, "1": 2, "3": 1})
    ledger(state)
    state["truces"] = [[1, 2]]
    state, _ = play(state, 2, "attack yecheng")
    assert set(legal(state, 2)) == {"cancel", "side 1", "side 4"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 2, Action.parse("side 2"))
    assert english(refused.value.message, names=["A", "B", "C", "D"]) == \
        "Truce with B until the end of this action phase."


# -- T8 ------------------------------------------------------------------------------------------
def test_t8_1_a_round_runs_supply_start_steps_end_then_action_start_turns_end():
    seen: list[str] = []

    def watch(state: State) -> None:
        step = top(state)
        assert step is not None
        name = step["data"].get("window", step["rule"])
        if name == "extra":
            name = "turn"
        if not seen or seen[-1] != name:
            seen.append(name)

    state = table(3, {"jiaozhi": (0, 1)}, reps=QUIET[:3], round_=0)
    one_round(state, watch)
    assert seen == ["SUPPLY_START", "supply", "SUPPLY_END", "ACTION_START", "turn", "ACTION_END"]


def test_t8_2_a_phase_window_visits_every_seat_once_from_the_first_player():
    state = table(3, {"jiaozhi": (0, 1)}, reps=["gao_lishi", "li_mi", "lu_jiong"], round_=0)
    state["first"] = 1
    flow_of(state)["stack"] = []
    begin_supply(state)
    FLOW.settle(state)
    order = []
    while top(state)["rule"] == "wstep":
        (seat,) = GAME.to_act(state)
        assert legal(state, seat) == ["pass"]  # offered even with nothing to use
        order.append(seat)
        hands = [len(p["hand"]) for p in state["players"]]
        state, _ = play(state, seat, "pass")
        if order == [1]:
            assert hands == [0, 1, 0]  # 李泌's draw came at his own step
    assert order == [1, 2, 0]


def test_t8_4_battle_windows_defender_then_attacker_each_open_until_a_pass():
    state = table(3, {"chenliu": (0, 6), "xingyang": (1, 6), "suiyang": (0, 1)},
                  hands={1: ["jianbi", "yibing"], 0: ["huogong"]}, capitals={0: "suiyang"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 6", "confirm")
    force(state, 2, 2, 3, 3)
    state, _ = play(state, 1, "done")
    assert GAME.to_act(state) == {1} and "rally" not in legal(state, 1)
    state, _ = play(state, 1, "play jianbi")
    assert GAME.to_act(state) == {0} and top(state)["rule"] == "respond"
    state, _ = play(state, 0, "pass")
    assert GAME.to_act(state) == {1} and "play yibing d1" in legal(state, 1)  # still open
    state, _ = play(state, 1, "pass")
    assert GAME.to_act(state) == {0} and {"rally", "play huogong", "pass"} <= set(legal(state, 0))


def test_t8_5_retreat_and_redistribution_are_decided_out_of_turn():
    state = table(3, {"chenliu": (0, 10), "xingyang": (1, 1), "suiyang": (0, 1),
                      "jiaozhi": (1, 3), "guangzhou": (1, 1)}, rest=1,
                  capitals={0: "suiyang", 1: "xingyang"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 10", "confirm")
    assert state["turn"]["seat"] == 0 and GAME.to_act(state) == {1}  # retreat
    force(state, 6, 6, 1, 1)
    state, _ = play(state, 1, "done", "pass")
    state, _ = play(state, 0, "pass", "designate jiaozhi")
    assert state["turn"]["seat"] == 0 and GAME.to_act(state) == {1}  # redistribution
    assert top(state)["rule"] == "fall"


def test_t8_6_the_representative_pick_is_simultaneous_secret_and_final():
    state, _ = GAME.begin(3, {}, 9)
    assert top(state)["kind"] == "simultaneous" and GAME.to_act(state) == {0, 1, 2}
    choice = legal(state, 0)[0]
    state, _ = play(state, 0, choice)
    assert GAME.to_act(state) == {1, 2}
    assert GAME.view(state, 1)["step"]["answers"] == {}
    assert GAME.view(state, 0)["step"]["answers"] == {"0": choice}
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Action.parse(choice))  # a submitted choice cannot change
    secret: set[str] = set()
    state, _ = GAME.begin(5, {}, 4)
    while phase(state) == "setup":
        if top(state)["kind"] == "simultaneous":
            secret.add(top(state)["rule"])
        seat = min(GAME.to_act(state))
        offered = GAME.legal_actions(state, seat)
        counts = [a for a in offered if a.kind == "count"]
        state, _ = GAME.apply(state, seat, counts[-1] if counts else offered[0])
    assert secret <= {"pick", "swap"} and "pick" in secret


def test_t8_6_each_secret_choice_is_one_action_told_once_per_seat():
    """Both secret steps (T1.1.1, T1.1.3) take one action per seat, so "has chosen" is told
    once per seat, when its choice is made, and nothing public tells it piece by piece."""
    for seed in (4, 9, 11):
        state, _ = GAME.begin(5, {}, seed)
        told: Counter[tuple[str, int]] = Counter()
        while phase(state) == "setup":
            step = top(state)
            seat = min(GAME.to_act(state))
            offered = GAME.legal_actions(state, seat)
            counts = [a for a in offered if a.kind == "count"]
            state, events = GAME.apply(state, seat, counts[-1] if counts else offered[0])
            if step["kind"] == "simultaneous":
                now = top(state)  # the seat's one action answered its part of the step
                assert seat not in GAME.to_act(state) or now["rule"] != step["rule"]
                told[(step["rule"], seat)] += keys(events).count("engine.has_chosen")
        assert told and set(told.values()) == {1}


# -- T10 -----------------------------------------------------------------------------------------
def test_t10_1_the_state_is_json_with_its_prng_and_replays_alike():
    state = through_setup(3, 8)
    again = json.loads(json.dumps(state))
    assert again == state and isinstance(state["rng"], int)
    for key in ("first", "camp_rule", "round", "turn", "battle", "char_deck", "jn_deck",
                "discard", "removed", "players", "cities"):
        assert key in state
    assert {"rep", "pile", "hand", "grain", "minsheng", "color", "capital", "knowledge",
            "uses"} <= set(state["players"][0])
    assert set(state["cities"]["changan"]) == {"controller", "last", "armies", "generals"}
    assert through_setup(3, 8) == state


def test_t10_4_views_show_each_seat_its_own_secrets_only():
    state = table(3, {"changan": (0, 3)}, hands={0: ["shipo"], 1: ["huogong"]},
                  piles={0: ["abusi"], 1: ["hun_zhen"]})
    state["players"][0]["knowledge"].append({"kind": "peek", "about": 1, "cards": ["hun_zhen"],
                                             "round": 1})
    mine, other, public = GAME.view(state, 0), GAME.view(state, 1), GAME.view(state, None)
    assert mine["players"][0]["pile"] == ["abusi"] and "pile" not in mine["players"][1]
    assert other["players"][1]["hand"][0].startswith("huogong")
    assert "hand" not in other["players"][0] and "knowledge" not in other["players"][0]
    assert mine["players"][0]["knowledge"][0]["cards"] == ["hun_zhen"]
    assert [p["hand_count"] for p in public["players"]] == [1, 1, 0]
    assert all("hand" not in p and "pile" not in p for p in public["players"])
    assert "shipo" not in json.dumps(public) and "abusi" not in json.dumps(public)


def test_t10_5_the_result_comes_only_at_the_end_with_every_part():
    state = table(3, {"changan": (0, 3), "luoyang": (1, 2)}, capitals={0: "changan",
                                                                        1: "luoyang"})
    assert GAME.result(state) is None
    state["over"] = {"reason": "rounds"}
    flow_of(state)["phase"], flow_of(state)["stack"] = None, []
    result = GAME.result(state)
    assert result is not None and result.reason.key == "tang.result.rounds"
    row = result.details["rows"][1]
    assert {"cities", "special", "luoyang", "minsheng", "own", "camp", "final", "capital",
            "anlushan", "eligible"} <= set(row)
    assert (row["luoyang"], row["capital"], row["own"]) == (1, True, 1 + 3 + 10)
    assert result.winners and result.scores[0].seat in result.winners


def test_t10_7_secrets_go_to_one_seat_and_a_response_pings_only_the_target():
    state, events = GAME.begin(3, {}, 6)
    dealt = [e for e in events if keys([e]) == ["tang.log.your_characters"]]
    assert sorted(e.seats for e in dealt) == [(0,), (1,), (2,)]
    state, told = play(state, 0, legal(state, 0)[0])
    assert [e.seats for e in told if keys([e]) == ["engine.you_chose"]] == [(0,)]
    board = {"changan": (0, 5), "fufeng": (0, 2), "hanzhong": (1, 3), "jiaozhi": (1, 1)}
    cards = table(3, board, hands={0: ["caochuan"], 1: ["shipo"]},
                  capitals={0: "changan", 1: "jiaozhi"})
    cards, _ = play(cards, 0, "play caochuan 2")
    assert GAME.to_act(cards) == {1} and legal(cards, 1) == ["respond shipo", "pass"]
