"""The table options of §OPT not covered with their rules' tests, each both ways."""

from __future__ import annotations

import pytest

from games.tang import GAME
from games.tang.attack import sides
from games.tang.setup import setup_most
from games.tang.supply import placeable
from tests.games.tang.scenario import table

TX6 = {"changan": (0, 12), "fufeng": (0, 1), "anding": (0, 1), "hanzhong": (0, 1),
       "huayin": (2, 1), "shanzhou": (0, 3)}


@pytest.mark.parametrize(("value", "most"), [(True, 77), (False, 89)])
def test_t1_1_9_option_setup_min_one_army(value, most):
    state = table(4, {c: (2, 0) for c in list(GAME.view(table(4), None)["cities"])[:13]},
                  options={"setup_min_one_army": value})
    first = [c for c, v in state["cities"].items() if v["controller"] == 2][0]
    assert setup_most(state, 2, 89, first) == most


@pytest.mark.parametrize(("value", "cut_off"), [(False, True), (True, False)])
def test_t2_2_5_option_placement_requires_connection(value, cut_off):
    state = table(4, TX6, capitals={0: "changan"},
                  options={"placement_requires_connection": value})
    assert ("shanzhou" in placeable(state, 0)) is cut_off
    assert "changan" in placeable(state, 0)


@pytest.mark.parametrize(("value", "allowed"), [("allowed", True), ("forbidden", False)])
def test_t3_4_1_option_camp_friendly_fire(value, allowed):
    state = table(3, {"changan": (0, 5), "fufeng": (1, 2)}, camp_rule=True,
                  reps=["gao_lishi", "li_mi", "geshu_han"],
                  options={"camp_friendly_fire": value})
    assert (sides(state, 0, "fufeng") == [1]) is allowed


@pytest.mark.parametrize("hidden", [False, True])
def test_t9_option_hidden_grain(hidden):
    state = table(3, {"changan": (0, 5)}, options={"hidden_grain": hidden})
    seen = GAME.view(state, 0)["players"]
    assert "grain" in seen[0]
    assert ("grain" in seen[1]) is not hidden
