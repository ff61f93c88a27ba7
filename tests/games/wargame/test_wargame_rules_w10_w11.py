"""One test per rule of the levy (W10) and diplomacy (W11), named after the rule (issue 15):
each sets up the situation the rule speaks of in 曹操's action step (S1, turn 1) and asserts
the rule's outcome through the engine."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import force
from games.core.errors import IllegalAction
from tests.games.wargame.scenario import GAME, acting, keys, legal, play
from tests.games.wargame.test_wargame_combat import army, put

State = dict[str, Any]


def chances(events: list) -> int:
    """How many chance events (rolls) were told."""
    return sum(e.kind == "chance" for e in events)


def levy_step(state: State, aid: str = "chenliu") -> list[str]:
    """The choices offered once a levy order for `aid` is opened (the order is not made)."""
    return legal(play(state, f"levy {aid}")[0])


def with_cheng_yu(state: State, aid: str = "chenliu") -> State:
    """程昱 (diplomacy 2) serves 曹操 in `aid`."""
    state["generals"]["cheng_yu"].update(state="nation", nation="cao", area=aid)
    return state


def neutral(state: State, aid: str) -> None:
    """Empty a 豪族 area (its troops gone), so an invasion there meets nobody."""
    state["ledger"]["removed"] += sum(state["areas"][aid]["troops"].values())
    state["areas"][aid] = {"control": None, "troops": {}}


# -- W10: levy ------------------------------------------------------------------------------------
def test_w10_1_a_levy_gains_troops():
    state = acting("cao")
    before = army(state, "chenliu", "cao")
    state, events = play(state, "levy chenliu", "general cao_cao", "confirm")
    assert army(state, "chenliu", "cao") > before
    assert "wargame.levy.base" in keys(events)


def test_w10_2_a_levy_needs_an_own_area_and_a_general_standing_there():
    state = acting("cao")
    put(state, "xuchang", "cao", 3)  # an own area without a general
    assert "levy chenliu" in legal(state)
    assert "levy xuchang" not in legal(state)
    assert not [a for a in legal(state) if a in ("levy puyang", "levy shanyang")]  # not own
    state["generals"]["cao_ren"]["area"] = "xuchang"
    assert "levy xuchang" in legal(state)
    assert "general cao_ren" not in levy_step(state, "chenliu")  # he stands elsewhere
    with pytest.raises(IllegalAction):
        play(state, "levy chenliu", "general cao_ren")


def test_w10_3_a_general_who_levies_may_not_do_diplomacy_in_that_step():
    state = with_cheng_yu(acting("cao"))
    state, _ = play(state, "levy chenliu", "general cao_cao", "confirm")
    state, _ = play(state, "diplo")
    assert "group cheng_yu" in legal(state)
    assert "group cao_cao" not in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "group cao_cao")


def test_w10_4_a_levy_places_the_areas_power_in_troops():
    state = acting("cao")
    put(state, "xuchang", "cao", 0, "cao_ren")  # 許昌: power 4
    state, _ = play(state, "levy chenliu", "general cao_cao", "confirm")  # 陳留: power 3
    state, _ = play(state, "levy xuchang", "general cao_ren", "confirm")
    assert army(state, "chenliu", "cao") == 6 + 3
    assert army(state, "xuchang", "cao") == 0 + 4


def test_w10_5_levying_generals_may_make_an_extra_levy_with_their_admin():
    state = acting("cao")
    state, _ = play(state, "levy chenliu", "general cao_cao")
    assert "extra cao_cao" in legal(state)  # admin 4
    force(state, 1)
    state, events = play(state, "extra cao_cao", "confirm")
    assert army(state, "chenliu", "cao") == 6 + 3 + 1
    assert "wargame.levy.extra_success" in keys(events)


def test_w10_6_one_die_per_extra_levy_and_at_most_the_admin_adds_one():
    state = acting("cao")
    force(state, 4, 4)  # 曹操 (admin 4): 4 ≤ 4 succeeds; 李典 (admin 3): 4 > 3 fails
    state, events = play(state, "levy chenliu", "general cao_cao", "general li_dian",
                         "extra cao_cao", "extra li_dian", "confirm")
    assert chances(events) == 2
    assert army(state, "chenliu", "cao") == 6 + 3 + 1
    assert keys(events).count("wargame.levy.extra_success") == 1
    assert keys(events).count("wargame.levy.extra_failure") == 1


def test_w10_7_ratings_added_together_roll_once_and_2_plus_4_always_succeeds():
    state = acting("cao")
    force(state, 6)  # 夏侯惇 (2) + 曹操 (4): even a 6 succeeds
    state, events = play(state, "levy chenliu", "general xiahou_dun", "general cao_cao",
                         "extra xiahou_dun", "join cao_cao", "confirm")
    assert chances(events) == 1
    assert army(state, "chenliu", "cao") == 6 + 3 + 1  # one troop for the one group


def test_w10_8_each_general_makes_at_most_one_extra_levy_a_step():
    state = acting("cao")
    state, _ = play(state, "levy chenliu", "general cao_cao", "extra cao_cao")
    assert "extra cao_cao" not in legal(state) and "join cao_cao" not in legal(state)
    force(state, 1)
    state, _ = play(state, "confirm")
    assert "general cao_cao" not in levy_step(state)  # nor again in a later levy order
    with pytest.raises(IllegalAction):
        play(state, "levy chenliu", "general cao_cao")


def test_w10_9_troops_are_unlimited():
    state = acting("cao")
    put(state, "chenliu", "cao", 300)
    state, _ = play(state, "levy chenliu", "general cao_cao", "confirm")
    assert army(state, "chenliu", "cao") == 303
    assert GAME.view(state, None)["areas"]["chenliu"]["troops"] == {"cao": 303}


def test_w10a_a_levy_order_names_the_area_present_generals_and_rated_groups():
    state = acting("cao")
    state, _ = play(state, "levy chenliu")
    offered = legal(state)
    assert "confirm" not in offered  # at least one levying general
    assert {"general cao_cao", "general yue_jin"} <= set(offered)  # a blank admin may levy
    state, _ = play(state, "general yue_jin")
    assert "extra yue_jin" not in legal(state)  # but joins no extra-levy group
    state, events = play(state, "confirm")
    assert army(state, "chenliu", "cao") == 6 + 3 and chances(events) == 0
    assert "yue_jin" in state["step"]["acted"]


# -- W11: diplomacy -------------------------------------------------------------------------------
def test_w11_1_diplomacy_points_buy_alliances_and_markers():
    state = acting("cao")
    assert "ally yuanshu" not in legal(state) and "block" not in legal(state)  # no DP yet
    force(state, 1)
    state, _ = play(state, "diplo", "group cao_cao", "confirm")
    assert state["step"]["dp"] == 2
    assert {"ally yuanshu", "block"} <= set(legal(state))  # 宛 and 新野: 2 DP


def test_w11_2_only_rated_generals_in_the_rulers_area_do_diplomacy():
    state = acting("cao")
    put(state, "xuchang", "cao", 3)
    with_cheng_yu(state, "xuchang")  # rated, but not where the ruler stands
    state, _ = play(state, "diplo")
    offered = [a for a in legal(state) if a.startswith("group")]
    assert offered == ["group cao_cao"]  # the ruler himself, rated 3; 夏侯惇 has no rating
    state["generals"]["cao_cao"]["area"] = "xuchang"  # the ruler moves: so does diplomacy
    assert {a for a in legal(state) if a.startswith("group")} == {"group cao_cao",
                                                                    "group cheng_yu"}


def test_w11_3_a_general_who_does_diplomacy_may_not_levy_in_that_step():
    state = with_cheng_yu(acting("cao"))
    force(state, 6)
    state, _ = play(state, "diplo", "group cao_cao", "confirm")
    offered = levy_step(state)
    assert "general cao_cao" not in offered
    assert "general cheng_yu" in offered and "general xiahou_dun" in offered


def test_w11_4_a_roll_at_most_the_diplomacy_rating_gains_2_dp():
    state = acting("cao")
    force(state, 3)  # 曹操's diplomacy is 3
    won, events = play(state, "diplo", "group cao_cao", "confirm")
    assert won["step"]["dp"] == 2 and chances(events) == 1
    assert "wargame.diplo.success" in keys(events)
    state = acting("cao")
    force(state, 4)
    lost, events = play(state, "diplo", "group cao_cao", "confirm")
    assert lost["step"]["dp"] == 0 and "wargame.diplo.failure" in keys(events)


def test_w11_5_ratings_added_together_make_one_roll():
    state = with_cheng_yu(acting("cao"))
    force(state, 5)  # 3 + 2 = 5: a 5 succeeds where either alone would fail
    state, events = play(state, "diplo", "group cao_cao", "join cheng_yu", "confirm")
    assert state["step"]["dp"] == 2 and chances(events) == 1


def test_w11_6_each_general_does_diplomacy_at_most_once_a_step():
    state = with_cheng_yu(acting("cao"))
    force(state, 6)
    state, _ = play(state, "diplo", "group cao_cao", "confirm")
    state, _ = play(state, "diplo")
    assert [a for a in legal(state) if a.startswith("group")] == ["group cheng_yu"]
    force(state, 6)
    state, _ = play(state, "group cheng_yu", "confirm")
    assert "diplo" not in legal(state)  # nobody is left to do it


def test_w11_7_dp_are_spent_in_their_phase_and_never_carried_over():
    state = acting("cao")
    state["cup"] = ["tao"]
    force(state, 1)
    state, _ = play(state, "diplo", "group cao_cao", "confirm")
    assert state["step"]["dp"] == 2
    state, _ = play(state, "end", "end")  # the action step, then the redeploy step
    assert state["acting"] == "tao" and state["step"]["nation"] == "tao"
    assert state["step"]["dp"] == 0


def test_w11a_the_rulers_area_must_be_free_to_act_turns_domestic_and_no_dp_at_redeploy():
    state = acting("cao")
    force(state, 1)
    state, _ = play(state, "diplo", "group cao_cao", "confirm")
    assert state["step"]["status"]["chenliu"] == "domestic"
    assert not [a for a in legal(state) if a.startswith("invade")]  # W16.2 follows
    state, _ = play(state, "end")
    assert state["step"]["dp"] == 2
    assert legal(state) == ["end"]  # the redeploy step offers no block, unblock nor ally
    invading = acting("cao")
    neutral(invading, "shanyang")
    invading, _ = play(invading, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                       "confirm")
    assert invading["step"]["status"]["chenliu"] == "invading"
    assert "diplo" not in legal(invading)
