"""The table options of §OPT not covered with their rules' tests, each both ways."""

from __future__ import annotations

import pytest

from games.core.messages import Msg
from games.tang import GAME
from games.tang.attack import sides
from games.tang.setup import setup_most
from games.tang.supply import placeable
from tests.games.tang.scenario import find, play, table

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


@pytest.mark.parametrize("hidden", [False, True])
def test_t9_option_hidden_grain_borrowed_arrows_tell_both_players_alone(hidden):
    """草船借箭 moves grain between two seats: under hidden_grain both read the amount, the
    public reads that grain was taken."""
    state = table(3, {"changan": (0, 5), "fufeng": (1, 2)}, hands={0: ["caochuan"]},
                  grain={0: 0, 1: 3, 2: 9}, options={"hidden_grain": hidden})
    state, _ = play(state, 0, "play caochuan 2")
    state, events = play(state, 1, "pass")
    told = [(e.text.key, e.seats) for e in events
            if isinstance(e.text, Msg) and e.text.key.startswith("tang.log.took")]
    if hidden:
        assert told == [("tang.log.took_grain_hidden", None), ("tang.log.took_grain", (0, 1))]
    else:
        assert told == [("tang.log.took_grain", None)]
    assert find(events, "tang.log.took_grain").params["grain"] == 3
