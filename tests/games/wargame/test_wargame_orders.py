"""The action step (W9-W11, W15, W16) and the redeploy step (W25), built one choice at a time."""

from __future__ import annotations

import pytest

from games.core.chance import force
from games.core.errors import IllegalAction
from games.wargame.orders import reach
from tests.games.wargame.scenario import GAME, acting, keys, legal, play


def neutral(state: dict, *areas: str) -> None:
    """Empty these 豪族 areas (as if their troops were gone), so no combat follows."""
    for aid in areas:
        state["ledger"]["removed"] += sum(state["areas"][aid]["troops"].values())
        state["areas"][aid] = {"control": None, "troops": {}}


def test_wx1_levy_and_extra_levy():
    state = acting("cao")
    force(state, 5, 2)
    state, events = play(state, "levy chenliu", "general cao_cao", "general xiahou_dun",
                         "general yue_jin", "extra cao_cao", "extra xiahou_dun", "confirm")
    assert state["areas"]["chenliu"]["troops"]["cao"] == 6 + 3 + 1
    assert state["step"]["status"]["chenliu"] == "domestic"
    assert {"cao_cao", "xiahou_dun", "yue_jin"} <= set(state["step"]["acted"])
    assert keys(events).count("wargame.levy.extra_success") == 1
    assert not [a for a in legal(state) if a.startswith("invade")]  # W16.2


def test_wx1_variant_groups_add_their_admin_and_a_sum_of_six_always_succeeds():
    state = acting("cao")
    force(state, 6)
    state, events = play(state, "levy chenliu", "general cao_cao", "general xiahou_dun",
                         "extra cao_cao", "join xiahou_dun", "confirm")
    assert state["areas"]["chenliu"]["troops"]["cao"] == 10
    assert sum(e.kind == "chance" for e in events) == 1


def test_wx1_illegal_a_general_without_admin_makes_no_extra_levy():
    state = acting("cao")
    state, _ = play(state, "levy chenliu", "general yue_jin")
    assert "extra yue_jin" not in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "extra yue_jin")


def test_w10b_the_base_levy_comes_once_per_area_and_step():
    state = acting("cao")
    state, _ = play(state, "levy chenliu", "general cao_cao", "confirm")
    assert "general cao_cao" not in legal(play(state, "levy chenliu")[0])  # W10.8, W9.7
    state, _ = play(state, "levy chenliu", "general li_dian", "confirm")
    assert state["areas"]["chenliu"]["troops"]["cao"] == 6 + 3


def test_w9_8_acting_is_optional_and_end_passes_to_redeploy():
    state = acting("cao")
    state, events = play(state, "end")
    assert "wargame.act.ended" in keys(events)
    assert legal(state)[-1] == "end"
    state, events = play(state, "end")
    assert "wargame.redeploy.ended" in keys(events)


def test_wx2_diplomacy_markers_and_relaxation():
    state = acting("cao")
    state["generals"]["cheng_yu"].update(state="nation", nation="cao", area="chenliu")
    force(state, 5)
    state, events = play(state, "diplo", "group cao_cao", "join cheng_yu", "confirm")
    assert state["step"]["dp"] == 2
    state, _ = play(state, "block", "from chenliu", "to puyang", "block", "from puyang",
                    "to chenliu")
    assert state["markers"] == {"chenliu|puyang": 2} and state["step"]["dp"] == 0
    assert state["step"]["status"]["chenliu"] == "domestic"
    assert "general xiahou_dun" in legal(play(state, "levy chenliu")[0])
    assert "general cao_cao" not in legal(play(state, "levy chenliu")[0])  # W11.3


def test_wx2_variant_separate_diplomacy_groups_roll_apart():
    state = acting("cao")
    state["generals"]["cheng_yu"].update(state="nation", nation="cao", area="chenliu")
    force(state, 4, 2)
    state, events = play(state, "diplo", "group cao_cao", "group cheng_yu", "confirm")
    assert state["step"]["dp"] == 2
    assert keys(events).count("wargame.diplo.failure") == 1


def test_w15_5_a_marker_blocks_invasion_and_w15_6_unblocking_frees_it_at_once():
    state = acting("cao")
    neutral(state, "shanyang")
    assert "invade shanyang" in legal(state)
    state["markers"]["chenliu|shanyang"] = 1
    assert "invade shanyang" not in legal(state)
    state["step"]["dp"] = 1
    state, _ = play(state, "unblock chenliu shanyang")
    assert "invade shanyang" in legal(state) and state["markers"] == {}


def test_w16_invasion_of_an_empty_area_and_control_at_the_end_of_the_step():
    state = acting("cao")
    neutral(state, "shanyang")
    state, _ = play(state, "invade shanyang", "general xiahou_yuan")
    assert "confirm" not in legal(state)  # W16.6: a general alone may not invade
    state, events = play(state, "troops chenliu 3", "confirm")
    assert "wargame.invade.no_combat" in keys(events)
    assert state["areas"]["shanyang"] == {"control": None, "troops": {"cao": 3}}
    assert state["generals"]["xiahou_yuan"]["area"] == "shanyang"
    assert "levy chenliu" not in legal(state)  # W16.2: chenliu is invading
    assert not [a for a in legal(state) if a.startswith("invade shanyang")]  # own units there
    state, events = play(state, "end")
    assert state["areas"]["shanyang"]["control"] == "cao"
    assert "wargame.control.gains" in keys(events)


def test_wx22_an_area_won_this_step_may_not_act_and_own_areas_are_no_target():
    state = acting("cao")
    neutral(state, "shanyang", "chen")
    assert "invade chenliu" not in legal(state)  # W16.11
    state, _ = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                    "confirm")
    assert "levy shanyang" not in legal(state)  # W9.2
    state, _ = play(state, "invade chen")
    assert not [a for a in legal(state) if "xiahou_yuan" in a]  # W16.9: he has invaded


def test_w16_8_an_invasion_into_a_held_area_opens_a_battle():
    state = acting("cao")
    assert "invade puyang" in legal(state)  # 豪族 troops there: combat follows
    state, events = play(state, "invade puyang", "general xiahou_dun", "troops chenliu 6",
                         "confirm")
    assert "wargame.battle.begins" in keys(events)
    assert "wargame.invade.no_combat" not in keys(events)


def test_w2_3a_an_impassable_side_joins_no_areas():
    from tests.games.wargame.scenario import DATA
    assert not DATA.adjacent("yongan", "shangyong")
    assert DATA.side("yongan", "shangyong") == "impassable"


def test_wx21_redeploy_costs_over_plain_and_mountain_sides():
    state = acting("cao")
    for aid in ("xuchang", "runan", "chen", "luoyang"):
        state["areas"][aid] = {"control": "cao", "troops": {}}
    state["ledger"]["removed"] += 4 + 3 + 3  # the 豪族 of 許昌, 汝南 and 陳 are gone
    state["ledger"]["removed"] += 12  # 董卓's 洛陽 troops are gone
    for s in state["generals"].values():
        if s["area"] == "luoyang":
            s.update(area="changan")
    state["markers"]["chenliu|xuchang"] = 1
    state, _ = play(state, "end")
    troops_reach = reach(state, "chenliu", 2)
    assert troops_reach["xuchang"] == 1 and troops_reach["runan"] == 2  # markers never matter
    assert troops_reach["luoyang"] == 2
    assert "shouchun" not in reach(state, "runan", 3)  # not own
    general_reach = reach(state, "chenliu", 3)
    assert general_reach["luoyang"] == 2
    state, events = play(state, "move chenliu", "general cao_hong", "troops 2", "to runan")
    assert state["areas"]["runan"]["troops"] == {"cao": 2}
    assert state["generals"]["cao_hong"]["area"] == "runan"
    assert "move runan" not in legal(state)  # W25a: each unit moves once


def test_w25_2_moves_only_through_own_areas():
    state = acting("cao")
    state, _ = play(state, "end")
    assert legal(state) == ["end"]  # 陳留 alone: nowhere to go


def test_w33_5_skip_ends_the_step():
    state = acting("cao")
    seat = min(GAME.to_act(state))
    skip = GAME.skip_action(state, seat)
    assert skip is not None and skip.kind == "end"
