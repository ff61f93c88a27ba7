"""One test per rule of the spec's components and set-up (T0.2, T0.3, T1.1.3, T1.1.4, T1.1.8,
T1.1.10) that had none named after it (issue 16: "every T rule has its test")."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction, NotYourTurn
from games.core.flow import phase, top
from games.core.game import PrivateGroup
from games.tang import GAME
from games.tang.model import State, change_minsheng
from tests.games.tang.scenario import DATA, keys, legal, play, table
from tests.games.tang.test_tang_setup import dealt_table, pick_all


def through_setup(n: int, seed: int) -> State:
    """A whole set-up played by the first offered choice (the largest army count), until the
    first supply phase asks something."""
    state, _ = GAME.begin(n, {}, seed)
    while phase(state) == "setup":
        (seat,) = sorted(GAME.to_act(state))[:1]
        offered = GAME.legal_actions(state, seat)
        counts = [a for a in offered if a.kind == "count"]
        state, _ = GAME.apply(state, seat, counts[-1] if counts else offered[0])
    return state


def test_t0_2_welfare_starts_at_ten_on_a_zero_to_twenty_track_and_rounds_run_to_eight():
    assert (DATA.minsheng["min"], DATA.minsheng["max"], DATA.minsheng["start"]) == (0, 20, 10)
    assert int(DATA.constants["rounds"]) == 8
    state = table(3, phase="supply", seat=1)
    state["players"][1]["minsheng"] = 0
    assert "tax raise" not in legal(state, 1)  # a cost needs 民生 ≥ 1
    assert change_minsheng(state, 1, -1) == (0, 0)  # a penalty stops at 0
    state["players"][1]["minsheng"] = 20
    assert change_minsheng(state, 1, 1) == (20, 20)  # a gain stops at 20


def test_t0_3_forty_characters_seventy_two_stratagems_one_capital_each_two_dice_a_side():
    assert len(DATA.character_ids) == 40 and len(DATA.deck()) == 72
    state = through_setup(3, 5)
    capitals = [p["capital"] for p in state["players"]]
    assert None not in capitals and len(set(capitals)) == 3
    fight = table(3, {"chenliu": (0, 5), "xingyang": (1, 3), "jiaozhi": (0, 1)},
                  capitals={0: "jiaozhi"})
    fight, _ = play(fight, 0, "attack xingyang", "muster chenliu", "count 5", "confirm")
    fight, _ = play(fight, 1, "done")
    dice = fight["battle"]["dice"]
    assert len(dice["a"]) == len(dice["d"]) == 2
    assert all(1 <= face <= 6 for face in dice["a"] + dice["d"])


def test_t1_1_3_over_majority_players_swap_in_secret_from_their_own_pile():
    state = dealt_table(5, [("guo_ziyi", "li_guangbi", "an_lushan"), "gao_lishi", "li_mi",
                            "geshu_han", "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "li_mi", "geshu_han", "an_sishun"])
    assert top(state)["kind"] == "simultaneous" and GAME.to_act(state) == {0, 1, 2}
    assert "swap li_guangbi" in legal(state, 0) and "swap an_lushan" not in legal(state, 0)
    assert "swap li_guangbi" not in legal(state, 1)  # only the seat's own pile
    state, _ = play(state, 0, "swap li_guangbi")
    assert state["players"][0]["rep"] == "guo_ziyi"  # hidden until all have decided
    state, _ = play(state, 1, "keep")
    state, events = play(state, 2, "keep")
    assert state["players"][0]["rep"] == "li_guangbi"
    assert "guo_ziyi" in state["players"][0]["pile"]
    assert "tang.log.swapped" in keys(events)


def test_t1_1_4_still_over_the_majority_after_the_swap_abolishes_the_camps():
    state = dealt_table(5, [("guo_ziyi", "li_siye"), "gao_lishi", "li_mi", "geshu_han",
                            "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "li_mi", "geshu_han", "an_sishun"])
    state, _ = play(state, 0, "swap li_siye")  # 唐 for 唐: still three of five
    state, _ = play(state, 1, "keep")
    state, events = play(state, 2, "keep")
    assert state["camp_rule"] is False and "tang.log.camps_off" in keys(events)
    three = pick_all(dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"]),
                     ["guo_ziyi", "geshu_han", "an_sishun"])
    assert three["camp_rule"] is True  # camps of one only: no camp of 2+ below 4 players


def test_t1_1_8_claims_go_next_to_own_cities_and_may_not_be_skipped():
    state = through_setup_to_claims()
    (seat,) = GAME.to_act(state)
    mine = {c for c, v in state["cities"].items() if v["controller"] == seat}
    empty = {c for c, v in state["cities"].items() if v["controller"] is None}
    near = {n for c in mine for n in DATA.neighbors[c]} & empty
    assert set(legal(state, seat)) == {f"claim {c}" for c in near}  # no pass
    far = sorted(empty - near)[0]
    with pytest.raises(IllegalAction):
        GAME.apply(state, seat, Action.parse(f"claim {far}"))
    city = sorted(near)[0]
    state, events = play(state, seat, f"claim {city}")
    assert state["cities"][city]["controller"] == seat and "tang.log.claim" in keys(events)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, seat, Action.parse(f"claim {sorted(near)[-1]}"))


def through_setup_to_claims() -> State:
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"], {"first_player": "host"})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    for seat, color in enumerate(("red", "blue", "green")):
        state, _ = play(state, seat, f"color {color}")
    for seat, city in enumerate(("changan", "luoyang", "chengdu")):
        state, _ = play(state, seat, f"capital {city}")
    return state


def test_t1_1_10_the_game_starts_with_no_general_on_the_board():
    state = through_setup(4, 11)
    assert phase(state) == "supply" and state["round"] == 1
    assert all(not c["generals"] for c in state["cities"].values())
    assert all(len(p["pile"]) == 4 for p in state["players"])
    assert all(c["controller"] is not None for c in state["cities"].values())


def test_t1_1_2_a_camp_of_two_or_more_may_consult_in_private():
    state = dealt_table(4, ["guo_ziyi", "gao_lishi", "geshu_han", "an_sishun"])
    assert GAME.private_groups(state) == []  # nobody has chosen yet
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "geshu_han", "an_sishun"])
    assert state["camp_rule"] is True
    assert GAME.private_groups(state) == [PrivateGroup("camp tang", (0, 1))]  # no camp of one
    abolished = pick_all(dealt_table(3, ["guo_ziyi", "gao_lishi", "an_sishun"]),
                         ["guo_ziyi", "gao_lishi", "an_sishun"])
    abolished, _ = play(abolished, 0, "keep")
    abolished, _ = play(abolished, 1, "keep")
    assert abolished["camp_rule"] is False and GAME.private_groups(abolished) == []
