"""One test per rule of the supply and action phases (T2.1-T2.4.4, T3.1-T3.7.3) and the worked
examples TX10 and TX11 that had none named after them (issue 16: "every T rule and TX example
has its test")."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction, force
from games.core.events import Event
from games.core.flow import chance, flow_of, push, top, turn
from games.tang import GAME
from games.tang.flow import FLOW
from games.tang.model import State, connected
from games.tang.supply import points
from tests.games.tang.scenario import armies, keys, ledger, legal, play, table
from tests.wording import english

YONG = ("changan", "fufeng", "huayin", "anding", "lingwu")


def fight(state: State, seat: int, target: str, source: str, count: int,
          dice: tuple[int, int, int, int]) -> tuple[State, list[Event]]:
    """`seat` attacks `target` with `count` armies from `source`; the dice are the attacker's
    two then the defender's two; nobody retreats or plays a card."""
    state, events = play(state, seat, f"attack {target}", f"muster {source}", f"count {count}",
                         "confirm")
    force(state, *dice)
    defender = state["battle"]["defender"]
    if rule_of(state) == "retreat":
        state, told = play(state, defender, "done")
        events += told
    if rule_of(state) == "bwin":
        state, told = play(state, defender, "pass")
        events += told
        state, told = play(state, seat, "pass")
        events += told
    return state, events


def rule_of(state: State) -> str | None:
    """The rule of the step owed now, if any."""
    step = top(state)
    return None if step is None else step["rule"]


# -- T2 ------------------------------------------------------------------------------------------
def test_t2_1_the_supply_step_turns_points_into_grain_and_armies():
    state = table(3, {"changan": (1, 2), "fufeng": (1, 2), "jiaozhi": (0, 1)}, rest=2,
                  phase="supply", seat=1, grain=0)
    assert points(state, 1) == 4
    state, _ = play(state, 1, "tax none", "buy", "count 2", "place changan", "count 2")
    assert state["players"][1]["grain"] == 2 and armies(state, "changan", 1) == 4


def test_t2_2_2_a_whole_region_scores_its_number_of_cities():
    board = {c: (1, 1) for c in YONG}
    board["jiaozhi"] = (0, 1)
    state = table(3, {**board, "tianshui": (1, 1)}, rest=2, phase="supply", seat=1)
    assert len(YONG) == 5 and points(state, 1) == 2 * 6 + 5
    state["cities"]["lingwu"].update(controller=2, last=2, armies={"2": 1})
    assert points(state, 1) == 2 * 5  # one city short: no bonus


def test_t2_2_3_a_besieged_city_scores_nothing_and_breaks_the_region():
    bing = {c: (1, 2) for c in ("taiyuan", "yanmen", "shangdang", "hedong")}
    state = table(3, {**bing, "jiaozhi": (0, 1)}, rest=2, phase="supply", seat=1)
    assert points(state, 1) == 2 * 4 + 4
    state["cities"]["taiyuan"].update(controller=None, armies={"1": 2, "2": 1})
    ledger(state)
    assert points(state, 1) == 2 * 3


def test_t2_2_4_military_spending_is_half_the_points_rounded_down_the_rest_is_grain():
    jiao = {c: (1, 1) for c in ("guangzhou", "guizhou", "jiaozhi")}
    state = table(3, {**jiao, "changan": (0, 1)}, rest=2, phase="supply", seat=1, grain=0,
                  piles={1: ["feng_changqing", "li_guangbi"]})
    assert points(state, 1) == 2 * 3 + 3  # P = 9: at most 4 on the military
    state, _ = play(state, 1, "tax none")
    assert "deploy feng_changqing guangzhou" in legal(state, 1)
    assert not [a for a in legal(state, 1) if a.startswith("deploy li_guangbi")]  # 5 > 4
    state, _ = play(state, 1, "deploy feng_changqing guangzhou", "buy")
    assert "count 1" in legal(state, 1) and "count 2" not in legal(state, 1)
    state, _ = play(state, 1, "count 1")
    assert state["players"][1]["grain"] == 9 - 3 - 1


def test_t2_4_2_a_tax_cut_raises_welfare_costs_eight_points_and_stops_at_twenty():
    tx4 = {c: (1, 1) for c in ("taiyuan", "yanmen", "shangdang", "hedong", "henei")}
    state = table(3, {**tx4, "jiaozhi": (0, 1)}, rest=2, phase="supply", seat=1, grain=0)
    state["players"][1]["minsheng"] = 20
    assert "tax cut" not in legal(state, 1)
    state["players"][1]["minsheng"] = 19
    state, events = play(state, 1, "tax cut", "buy")
    assert state["players"][1]["minsheng"] == 20
    assert top(state)["data"]["P"] == 2 * 5 + 4 - 8
    assert "count 3" in legal(state, 1) and "count 4" not in legal(state, 1)


@pytest.mark.parametrize(("tax", "offered"), [("cut", True), ("none", True), ("raise", False)])
def test_t2_4_4_taxes_in_the_own_step_only_a_raise_bars_yan_zhenqing(tax, offered):
    state = table(3, {"changan": (1, 9), "fufeng": (1, 1), "huayin": (1, 1), "anding": (1, 1),
                      "jiaozhi": (0, 1)}, rest=2, phase="supply", seat=1,
                  reps=["li_mi", "yan_zhenqing", "gao_lishi"])
    flow_of(state)["stack"] = []
    push(state, turn("supply", 1, stage="tax"), chance("wbegin", window="SUPPLY_END", seat=1))
    assert {a.split()[0] for a in legal(state, 1)} == {"tax"}
    state, _ = play(state, 1, f"tax {tax}", "buy", "count 0")
    if tax == "raise":
        state, _ = play(state, 1, "place changan", "count 8")
    assert top(state)["rule"] == "wstep"
    assert ("skill yiqi" in legal(state, 1)) is offered


# -- T3 ------------------------------------------------------------------------------------------
def test_t3_1_a_turn_offers_attacks_transfers_or_nothing_and_no_trade():
    state = table(3, {"chenliu": (0, 5), "xingyang": (1, 3), "pengcheng": (0, 1),
                      "suiyang": (0, 2)}, capitals={0: "chenliu"})
    kinds = {a.split()[0] for a in legal(state, 0)}
    assert kinds == {"attack", "transfer", "end"}


def test_t3_2_1_three_basic_turns_a_player_each_action_phase():
    state = table(3, {"jiaozhi": (0, 1)}, capitals={0: "jiaozhi"})
    flow_of(state)["stack"] = []
    state["act"] = {"pass": 1, "idx": -1}
    push(state, chance("turn_next"))
    events = FLOW.settle(state)
    while top(state)["rule"] != "wstep":
        (seat,) = GAME.to_act(state)
        answer = "end" if top(state)["rule"] == "turn" else "extra no"
        state, told = play(state, seat, answer)
        events += told
    turns = [e.text.params["who"].index for e in events if keys([e]) == ["tang.log.turn"]]
    assert turns == [0, 1, 2] * 3
    assert top(state)["data"]["window"] == "ACTION_END"


def test_t3_2_2_one_action_a_turn_then_only_ending_it():
    state = table(3, {"chenliu": (0, 9), "xingyang": (1, 2), "suiyang": (0, 3),
                      "jiaozhi": (1, 1)}, capitals={0: "suiyang", 1: "jiaozhi"})
    state, _ = fight(state, 0, "xingyang", "chenliu", 9, (6, 6, 1, 1))
    assert top(state) == turn("turn", 0) and state["turn"]["acted"]
    assert legal(state, 0) == ["end"]
    idle = table(3, {"chenliu": (0, 9), "xingyang": (1, 2)})
    idle, events = play(idle, 0, "end")
    assert "tang.log.idle" in keys(events) and top(idle)["rule"] == "extra"


def test_t3_4_4_retreat_pays_only_crossings_and_leaves_the_generals():
    state = table(3, {"chenliu": (0, 9), "xingyang": (1, 5), "yingchuan": (1, 1),
                      "jiaozhi": (0, 1)}, generals={"xingyang": {"wang_sili": 1}},
                  grain={0: 50, 1: 0}, capitals={0: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 9", "confirm")
    assert GAME.to_act(state) == {1} and top(state)["rule"] == "retreat"
    retreats = {a for a in legal(state, 1) if a.startswith("retreat")}
    assert retreats == {"retreat yingchuan"}  # only into an adjacent city of its own
    state, _ = play(state, 1, "retreat yingchuan", "count 3", "done")
    assert armies(state, "yingchuan", 1) == 4 and state["players"][1]["grain"] == 0  # plain
    assert state["cities"]["xingyang"]["generals"] == {"wang_sili": 1}
    siege = table(3, {"yecheng": (1, 3), "weizhou": (0, 6), "jiaozhi": (0, 1)},
                  capitals={0: "jiaozhi"})
    siege["cities"]["yecheng"].update(controller=None, armies={"0": 2, "1": 3})
    ledger(siege)
    siege, _ = play(siege, 0, "attack yecheng", "confirm")
    assert top(siege)["rule"] == "bwin"  # no retreat inside a siege


def test_t3_4_5_results_remove_the_defenders_generals_and_keep_every_attacker_inside():
    state = table(3, {"chenliu": (0, 9), "xingyang": (1, 2), "suiyang": (0, 3),
                      "jiaozhi": (1, 1)}, generals={"xingyang": {"wang_sili": 1},
                                                    "chenliu": {"gao_xianzhi": 0}},
                  capitals={0: "suiyang", 1: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 9", "take gao_xianzhi",
                    "confirm")
    force(state, 6, 6, 1, 1)
    state, _ = play(state, 1, "done", "pass")
    state, events = play(state, 0, "pass")
    c = state["cities"]["xingyang"]
    assert c["controller"] == 0 and armies(state, "xingyang", 0) == 9
    assert c["generals"] == {"gao_xianzhi": 0} and "wang_sili" in state["removed"]
    assert armies(state, "chenliu", 0) == 0  # no attacking army returns
    assert "tang.log.captured" in keys(events)


def test_t3_4_5a_inside_a_siege_attacks_are_free_and_outsiders_choose_a_side():
    state = table(3, {"yecheng": (1, 3), "weizhou": (0, 6), "henei": (2, 4), "jiaozhi": (0, 1)},
                  capitals={0: "jiaozhi"}, grain={0: 0, 1: 0, 2: 50})
    state["cities"]["yecheng"].update(controller=None, last=1, armies={"0": 2, "1": 3})
    ledger(state)
    assert "attack yecheng" in legal(state, 0)  # from inside, with no grain at all
    state, events = play(state, 0, "attack yecheng", "confirm")
    assert state["players"][0]["grain"] == 0 and state["battle"]["siege"]
    outsider = table(3, {"yecheng": (1, 3), "henei": (2, 4), "jiaozhi": (0, 1)},
                     capitals={0: "jiaozhi"}, seat=2)
    outsider["cities"]["yecheng"].update(controller=None, last=1, armies={"0": 2, "1": 3})
    ledger(outsider)
    outsider, _ = play(outsider, 2, "attack yecheng")
    assert set(legal(outsider, 2)) == {"cancel", "side 1", "side 2"}


def test_tx10_one_side_overflows():
    state = table(3, {"chenliu": (0, 10), "xingyang": (1, 6), "suiyang": (0, 1),
                      "jiaozhi": (1, 1)}, capitals={0: "suiyang", 1: "jiaozhi"})
    state, _ = fight(state, 0, "xingyang", "chenliu", 10, (4, 5, 3, 4))
    record = state["last_battle"]["record"]
    assert (record["a"]["total"], record["d"]["total"]) == (9, 7)
    assert (record["m"], record["loss_a"], record["loss_d"]) == (3, 4, 6)
    assert state["cities"]["xingyang"]["controller"] == 0 and armies(state, "xingyang", 0) == 6


def test_tx11_both_overflow():
    state = table(3, {"chenliu": (0, 4), "xingyang": (1, 5), "suiyang": (0, 1),
                      "jiaozhi": (1, 1)}, capitals={0: "suiyang", 1: "jiaozhi"})
    state, _ = fight(state, 0, "xingyang", "chenliu", 4, (5, 6, 4, 5))
    record = state["last_battle"]["record"]
    assert (record["a"]["total"], record["d"]["total"]) == (11, 9)
    assert (record["m"], record["loss_a"], record["loss_d"]) == (6, 3, 5)
    assert state["cities"]["xingyang"]["controller"] == 0 and armies(state, "xingyang", 0) == 1


CAPITALS = {"chenliu": (0, 10), "xingyang": (2, 1), "suiyang": (0, 1), "jiaozhi": (1, 3),
            "guangzhou": (1, 1)}


def test_t3_5_1_taking_a_capital_from_a_third_player_triggers_nothing():
    state = table(3, CAPITALS, capitals={0: "suiyang", 1: "xingyang", 2: "guangzhou"}, rest=1)
    state, events = fight(state, 0, "xingyang", "chenliu", 10, (6, 6, 1, 1))
    assert state["cities"]["xingyang"]["controller"] == 0
    assert "tang.log.capital_falls" not in keys(events)
    assert state["players"][1]["minsheng"] == 10
    own = table(3, {**CAPITALS, "xingyang": (1, 1)}, rest=1,
                capitals={0: "suiyang", 1: "xingyang", 2: "guangzhou"})
    own, events = fight(own, 0, "xingyang", "chenliu", 10, (6, 6, 1, 1))
    assert "tang.log.capital_falls" in keys(events) and own["players"][1]["minsheng"] == 9


def test_t3_5_2_the_loser_sends_anywhere_the_conqueror_moves_in_at_least_one():
    state = table(3, {**CAPITALS, "xingyang": (1, 1)}, rest=1,
                  capitals={0: "suiyang", 1: "xingyang", 2: "guangzhou"})
    state, _ = fight(state, 0, "xingyang", "chenliu", 10, (6, 6, 1, 1))
    assert GAME.to_act(state) == {0} and "designate jiaozhi" in legal(state, 0)
    state, _ = play(state, 0, "designate jiaozhi")
    assert GAME.to_act(state) == {1}
    far = next(a for a in legal(state, 1) if a.startswith("send ") and a != "send guangzhou")
    state, _ = play(state, 1, far, "count 3")  # no adjacency needed
    assert GAME.to_act(state) == {0} and "done" not in legal(state, 0)
    state, _ = play(state, 0, "move_in xingyang", "count 2")
    state, events = play(state, 0, "done")
    assert state["cities"]["jiaozhi"]["controller"] == 0 and armies(state, "jiaozhi", 0) == 2
    assert state["players"][1]["capital"] == "xingyang"  # the marker never moves


CHAIN = {"changan": (0, 5), "fufeng": (0, 1), "huayin": (0, 1), "shanzhou": (0, 1),
         "jiaozhi": (0, 2), "guangzhou": (1, 1)}


def test_t3_7_1_connection_is_a_chain_of_own_cities_from_a_held_capital():
    state = table(3, CHAIN, capitals={0: "changan", 1: "guangzhou"})
    assert {"changan", "fufeng", "huayin", "shanzhou"} <= connected(state, 0)
    assert "jiaozhi" not in connected(state, 0)
    state, _ = play(state, 0, "transfer changan")
    assert "to fufeng" in legal(state, 0) and "to jiaozhi" not in legal(state, 0)
    lost = table(3, {**CHAIN, "changan": (2, 5)}, capitals={0: "changan", 1: "guangzhou"})
    assert connected(lost, 0) == set()
    assert not [a for a in legal(lost, 0) if a.startswith("transfer")]


def test_t3_7_2_a_besieged_city_is_connected_for_nobody_and_breaks_the_chain():
    state = table(3, CHAIN, capitals={0: "changan", 1: "guangzhou"})
    state["cities"]["huayin"].update(controller=None, last=0, armies={"0": 3, "2": 1})
    ledger(state)
    linked = connected(state, 0)
    assert "huayin" not in linked and "shanzhou" not in linked and "fufeng" in linked
    state, _ = play(state, 0, "transfer changan")
    assert "to huayin" not in legal(state, 0) and "to shanzhou" not in legal(state, 0)


def test_t3_7_3_connection_gates_transfers_only():
    state = table(3, {**CHAIN, "luoyang": (2, 1)}, capitals={0: "changan", 1: "guangzhou"},
                  rest=2)
    state["cities"]["huayin"].update(controller=None, last=0, armies={"0": 3, "2": 1})
    ledger(state)
    assert "shanzhou" not in connected(state, 0)
    assert "attack luoyang" in legal(state, 0)  # from the cut-off 陕州
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("transfer shanzhou"))
    assert refused.value.message.key == "tang.refuse.not_connected"
    supply = table(3, {**CHAIN}, capitals={0: "changan", 1: "guangzhou"}, phase="supply")
    supply["cities"]["huayin"].update(controller=None, last=0, armies={"0": 3, "2": 1})
    ledger(supply)
    supply, _ = play(supply, 0, "tax raise", "buy", "count 0")
    assert "place shanzhou" in legal(supply, 0) and "place jiaozhi" in legal(supply, 0)


# A siege of P1's capital 荥阳 by P0 (3 armies) and P1 (2); P2 stands next to it in 洛阳.
SIEGE = {"chenliu": (0, 5), "suiyang": (0, 1), "jiaozhi": (1, 3), "guangzhou": (1, 1),
         "xingyang": (1, 2), "luoyang": (2, 5)}


def besieged_capital(seat: int) -> State:
    """P1's capital 荥阳 besieged by P0 and P1 (last controller P1); `seat` is to act."""
    state = table(3, SIEGE, rest=2, seat=seat,
                  capitals={0: "suiyang", 1: "xingyang", 2: "luoyang"})
    state["cities"]["xingyang"].update(controller=None, last=1, armies={"0": 3, "1": 2})
    ledger(state)
    return state


def test_t3_5_1_an_owner_wiped_out_inside_its_besieged_capital_loses_it():
    """The trigger needs no attacker: P1 attacks from inside its own besieged capital and is
    wiped out, so the defender P0 gains control of it and the capital falls."""
    state = besieged_capital(1)
    force(state, 1, 1, 6, 6)  # no retreat in a siege: the dice roll at `confirm`
    state, events = play(state, 1, "attack xingyang", "confirm")
    state, told = play(state, 0, "pass")
    state, last = play(state, 1, "pass")
    events += told + last
    assert state["cities"]["xingyang"]["controller"] == 0
    assert "tang.log.capital_falls" in keys(events)
    assert state["players"][1]["minsheng"] == 9
    assert GAME.to_act(state) == {0} and "designate jiaozhi" in legal(state, 0)
    state, _ = play(state, 0, "designate guangzhou")
    state, _ = play(state, 1, "send jiaozhi", "count 1")
    state, _ = play(state, 0, "move_in xingyang", "count 1", "done")
    assert state["cities"]["guangzhou"]["controller"] == 0
    assert top(state) == turn("turn", 1)  # the attacker's turn goes on


def test_t3_5_1_a_third_players_battle_that_leaves_another_alone_in_a_capital():
    """P2 attacks P1's side in P1's besieged capital; both are wiped out and P0, alone in it,
    gains control: P1's capital falls to P0, who designates, not the attacker P2."""
    state = besieged_capital(2)
    force(state, 6, 6, 6, 6)
    state, events = play(state, 2, "attack xingyang", "side 2", "muster luoyang", "count 2",
                         "confirm")
    state, told = play(state, 1, "pass")
    state, last = play(state, 2, "pass")
    events += told + last
    assert armies(state, "xingyang", 1) == armies(state, "xingyang", 2) == 0
    assert state["cities"]["xingyang"]["controller"] == 0
    falls = [e.text for e in events if keys([e]) == ["tang.log.capital_falls"]]
    assert english(falls[0], names=["A", "B", "C"]).startswith("A took")
    assert state["players"][1]["minsheng"] == 9 and GAME.to_act(state) == {0}
    state, _ = play(state, 0, "designate jiaozhi")
    assert GAME.to_act(state) == {1}
