"""One test per rule of the spec's sections W6 (nation phases and the cup), W7 (relaxation),
W8 (phases of minor nations and the 豪族) and W9 (the action step), each named after its rule
id (issue 15)."""

from __future__ import annotations

import copy
from typing import Any

from games.core.chance import force
from games.wargame.board import GOZOKU, alive, destroy
from games.wargame.game import grow, relax
from tests.games.wargame.scenario import GAME, acting, keys, legal, picked, play, seat_of
from tests.games.wargame.test_wargame_combat import put
from tests.games.wargame.test_wargame_orders import neutral
from tests.games.wargame.test_wargame_rules_w1_w3 import chances, whole_turn

State = dict[str, Any]


def cup_filled(events: list) -> list[str]:
    """The markers a `wargame.cup.filled` event put in the cup (the last one told)."""
    told = [e for e in events if e.text.key == "wargame.cup.filled"]
    return [term.key.rsplit(".", 1)[1] for term in told[-1].text.params["markers"]]


def first_cup(**options: Any) -> tuple[State, list[str]]:
    """A game of three after its picks, and the markers of turn 1's cup."""
    state, told = GAME.begin(3, {"scenario": "S1", **options}, 1)
    while any(step["rule"] == "pick" for step in state["flow"]["stack"]):
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        told += events
    return state, cup_filled(told)


def drawn(events: list) -> list[str]:
    """The markers drawn, in order (the picked item of each `marker_draw`)."""
    return [e.text.params["item"].key.rsplit(".", 1)[1]
            for e in chances(events, "wargame.cup.draw")]


def end_phase(state: State) -> tuple[State, list]:
    """The acting major ends its action step and its redeploy step, moving nothing."""
    return play(state, "end", "end")


# -- W6: the nation phases and the cup -----------------------------------------------------------
def test_w6_1_the_cup_is_filled_with_the_markers_of_the_nations_that_exist():
    state, cup = first_cup()
    nations = [m for m in cup if m not in (GOZOKU, "relax")]
    assert sorted(nations) == sorted(alive(state)) == sorted(state["nations"])


def test_w6_2_every_nation_but_the_destroyed_minor_ones_and_the_gozoku_too():
    state = picked(3)
    destroy(state, "gongsun")
    state, events = whole_turn(state)
    cup = cup_filled(events)
    assert "gongsun" not in cup
    assert {"ma", "zhanglu", GOZOKU} <= set(cup)  # minor nations, the 豪族 on the map


def test_w6_2a_one_shared_gozoku_marker_and_none_when_no_gozoku_area_is_left():
    _, cup = first_cup()
    assert cup.count(GOZOKU) == 1 and len(cup) == 11 + 1 + 1
    state = picked(3)
    for spot in state["areas"].values():
        if spot["control"] == GOZOKU:
            state["ledger"]["removed"] += spot["troops"].pop(GOZOKU)
            spot["control"] = None
    state, events = whole_turn(state)
    assert GOZOKU not in cup_filled(events)


def test_w6_3_the_relaxation_marker_joins_with_the_diplomacy_rules_only():
    assert first_cup()[1].count("relax") == 1
    assert "relax" not in first_cup(diplomacy=False)[1]


def test_w6_4_a_phase_draws_one_marker_at_random_and_resolves_that_nation():
    state = picked(3)
    assert "cao" in state["cup"]
    force(state, "cao")
    state, events = end_phase(state)
    assert drawn(events) == ["cao"] and "cao" not in state["cup"]
    assert state["acting"] == "cao" and GAME.to_act(state) == {seat_of(state, "cao")}
    assert legal(state)[0].startswith("levy")  # 曹操's action step


def test_w6_5_when_a_phase_ends_the_next_marker_is_drawn():
    state = picked(3)
    left = len(state["cup"])
    state, events = end_phase(state)
    said = keys(events)
    assert said.index("wargame.redeploy.ended") < said.index("engine.picked")
    assert len(state["cup"]) < left and drawn(events)


def test_w6_6_an_empty_cup_ends_the_turn():
    state = acting("cao")
    assert state["cup"] == []
    state, events = end_phase(state)
    said = keys(events)
    assert said.index("wargame.redeploy.ended") < said.index("wargame.turn.ended")
    assert state["turn"] == 2 and "wargame.cup.filled" in said


# -- W7: relaxation ------------------------------------------------------------------------------
def test_w7_1_the_relaxation_phase_manages_the_no_invasion_markers():
    state = picked(3)
    assert "relax" in state["cup"]
    state["markers"] = {"chenliu|puyang": 2}
    force(state, "relax")
    state, events = end_phase(state)
    assert drawn(events)[0] == "relax" and "wargame.phase.relax" in keys(events)
    assert state["markers"] == {"chenliu|puyang": 1}


def test_w7_2_one_marker_leaves_every_side_and_nothing_else_happens():
    state = picked(3)
    state["markers"] = {"chenliu|puyang": 2, "chen|xuchang": 1, "qiao|shanyang": 3}
    before = copy.deepcopy(state)
    events = relax(state)
    assert state["markers"] == {"chenliu|puyang": 1, "qiao|shanyang": 2}
    assert events[0].text.params["count"] == 3
    assert state["areas"] == before["areas"] and state["generals"] == before["generals"]
    state["markers"] = {}
    relax(state)
    assert state["markers"] == {}


# -- W8: minor nations and the 豪族 --------------------------------------------------------------
def test_w8_1_a_minor_phase_has_no_action_step_and_the_next_marker_follows():
    state = picked(3)
    force(state, "yuanshu")
    state, events = end_phase(state)
    said = keys(events)
    grown = said.index("wargame.phase.minor")
    assert drawn(events)[0] == "yuanshu"
    assert "engine.picked" in said[grown + 1:]  # nobody was asked: the next draw came
    assert "wargame.phase.major" not in said[:grown]


def test_w8_2_each_area_the_power_controls_gains_one_troop():
    state = picked(3)
    events = grow(state, "yuanshu")
    assert state["areas"]["wan"]["troops"] == {"yuanshu": 9}
    assert state["areas"]["xinye"]["troops"] == {"yuanshu": 4}
    assert events[0].text.params["count"] == 2


def test_w8_3_every_controlled_area_grows_with_or_without_generals_or_troops():
    state = picked(3)
    state["areas"]["yongan"]["control"] = "liuyan"  # controlled, empty
    assert state["areas"]["zitong"]["troops"] == {"liuyan": 3}  # no general there
    grow(state, "liuyan")
    assert state["areas"]["yongan"]["troops"] == {"liuyan": 1}
    assert state["areas"]["zitong"]["troops"] == {"liuyan": 4}
    before = {a: s["troops"][GOZOKU] for a, s in state["areas"].items()
              if s["control"] == GOZOKU}
    grow(state, GOZOKU)
    assert all(state["areas"][a]["troops"][GOZOKU] == n + 1 for a, n in before.items())


def test_w8a_a_minor_phase_only_adds_troops():
    state = picked(3)
    before = copy.deepcopy(state)
    grow(state, "liubiao")
    assert state["generals"] == before["generals"] and state["markers"] == before["markers"]
    assert {a: s["control"] for a, s in state["areas"].items()} == \
        {a: s["control"] for a, s in before["areas"].items()}
    assert state["flow"] == before["flow"] and state["step"] == before["step"]


# -- W9: the action step -------------------------------------------------------------------------
def test_w9_1_the_acting_nation_acts_area_by_area_in_the_areas_it_controls():
    state = acting("cao")
    put(state, "xuchang", "cao", 2, "cao_ren")
    assert set(state["step"]["start"]) == {"chenliu", "xuchang"}
    levies = [a for a in legal(state) if a.startswith("levy")]
    assert levies == ["levy chenliu", "levy xuchang"]


def test_w9_2_only_areas_controlled_when_the_step_began_may_act():
    state = acting("cao")
    state["areas"]["qiao"] = {"control": "cao", "troops": {"cao": 3}}  # came under control
    state["ledger"]["added"] += 3
    state["generals"]["cao_hong"]["area"] = "qiao"
    offered = legal(state)
    assert "levy qiao" not in offered and "invade runan" not in offered
    state["step"]["start"].append("qiao")  # had it been cao's when the step began
    state["step"]["status"]["qiao"] = "idle"
    offered = legal(state)
    assert "levy qiao" in offered and "invade runan" in offered


def test_w9_3_each_area_chooses_domestic_or_invasion():
    state = acting("cao")
    neutral(state, "shanyang")
    levied, _ = play(copy.deepcopy(state), "levy chenliu", "general xiahou_dun", "confirm")
    assert not [a for a in legal(levied) if a.startswith("invade")]
    invaded, _ = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                      "confirm")
    assert "levy chenliu" not in legal(invaded)


def test_w9_4_an_area_may_decide_after_another_has_acted():
    state = acting("cao")
    put(state, "xuchang", "cao", 4, "cao_ren")
    state, _ = play(state, "levy chenliu", "general xiahou_dun", "confirm")
    offered = legal(state)
    assert "levy xuchang" in offered and "invade chen" in offered
    state, _ = play(state, "invade chen", "general cao_ren", "troops xuchang 4")
    assert "general xiahou_yuan" not in legal(state)  # 陳留 chose domestic
    assert "confirm" in legal(state)


def test_w9_5_a_domestic_area_may_both_levy_and_do_diplomacy():
    state = acting("cao")
    force(state, 1)
    state, _ = play(state, "levy chenliu", "general xiahou_dun", "confirm")
    assert "diplo" in legal(state)
    state, events = play(state, "diplo", "group cao_cao", "confirm")
    assert "wargame.diplo.success" in keys(events) and state["step"]["dp"] == 2
    assert state["step"]["status"]["chenliu"] == "domestic"
    assert state["areas"]["chenliu"]["troops"] == {"cao": 6 + 3}


def test_w9_6_several_areas_invade_one_area_together_at_once():
    state = acting("cao")
    put(state, "xuchang", "cao", 4, "cao_ren")
    neutral(state, "chen")
    state, events = play(state, "invade chen", "general xiahou_dun", "troops chenliu 3",
                         "general cao_ren", "troops xuchang 2", "confirm")
    done = [e for e in events if e.text.key == "wargame.invade.done"]
    assert len(done) == 1 and len(done[0].text.params["parts"]) == 2  # one move, two parts
    assert state["areas"]["chen"]["troops"] == {"cao": 5}
    assert state["step"]["status"] == {"chenliu": "invading", "xuchang": "invading"}


def test_w9_7_the_player_orders_freely_but_each_unit_acts_once():
    state = acting("cao")
    neutral(state, "shanyang")
    state, _ = play(state, "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                    "confirm")
    state, _ = play(state, "invade puyang")
    offered = legal(state)
    assert "general xiahou_yuan" not in offered and "general xiahou_dun" in offered
    state, _ = play(state, "cancel")
    levy = acting("cao")
    levy, _ = play(levy, "levy chenliu", "general cao_cao", "confirm")
    assert "diplo" not in legal(levy)  # 曹操 levied: he may not do diplomacy too
    levy, _ = play(levy, "levy chenliu")
    assert "general cao_cao" not in legal(levy)


def test_w9a_area_statuses_acted_units_and_levied_troops_that_may_redeploy():
    state = acting("cao")
    put(state, "xuchang", "cao", 0)
    assert state["step"]["status"] == {"chenliu": "idle", "xuchang": "idle"}
    state, _ = play(state, "levy chenliu", "general xiahou_dun", "confirm")
    assert state["step"]["status"]["chenliu"] == "domestic"
    assert "xiahou_dun" in state["step"]["acted"]
    assert not [a for a in legal(state) if a.startswith("invade")]  # levied troops stay
    state, _ = play(state, "end", "move chenliu")
    assert "troops 9" in legal(state)  # all nine, the three levied too, may redeploy
    state, _ = play(state, "troops 9", "to xuchang")
    assert state["areas"]["xuchang"]["troops"] == {"cao": 9}
