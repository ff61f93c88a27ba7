"""One test per rule of the spec's sections W1-W3 (introduction, definitions, sequence), each
named after its rule id (issue 15): the rule's situation is set up and its outcome asserted
through the engine, or, for a rule that only defines something, the data or the engine is
shown to reflect the definition."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.chance import ForcedOutcomeError, force
from games.core.errors import IllegalAction
from games.wargame.board import is_major
from games.wargame.data import SIDE_TYPES
from games.wargame.fates import exile
from games.wargame.game import end_of_turn
from games.wargame.orders import reach
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, picked, play
from tests.games.wargame.test_wargame_combat import as_seat, move_out, put, rule
from tests.games.wargame.test_wargame_whole import wx24

State = dict[str, Any]


def whole_turn(state: State) -> tuple[State, list]:
    """Play on until the next turn begins, every seat answering as past a deadline (W33.5:
    a major ends its steps and moves nothing); the events of the turn."""
    told: list = []
    now = state["turn"]
    while state["turn"] == now and not state["over"]:
        seat = min(GAME.to_act(state))
        answer = GAME.skip_action(state, seat) or GAME.legal_actions(state, seat)[0]
        state, events = GAME.apply(state, seat, answer)
        told += events
    return state, told


def chances(events: list, why: str) -> list:
    """The chance events whose roll or draw is named `why` (a catalog key)."""
    found = []
    for e in events:
        if e.kind != "chance":
            continue
        named = e.text.params.get("why") or e.text.params.get("what")
        if getattr(named, "key", None) == why:
            found.append(e)
    return found


# -- W1: introduction ----------------------------------------------------------------------------
def test_w1_1_the_game_runs_from_190_to_the_battle_of_wuzhangyuan_in_234():
    track = DATA.raw["turn_track"]
    assert track[0] == {"turn": 1, "period": 1, "year": 190} and track[-1]["year"] == 234
    full = DATA.scenarios["S1"]
    assert (full["first_turn"], full["last_turn"]) == (1, len(track))
    state = picked(3)
    assert GAME.view(state, None)["year"] == 190
    state["turn"] = len(track)
    end_of_turn(state)
    assert state["over"] is not None and state["over"]["reason"] == "last_turn"


def test_w1_2_two_to_eleven_players_with_three_to_five_recommended():
    for seats in (1, 12):
        with pytest.raises(IllegalAction):
            GAME.begin(seats, {"scenario": "S1"}, 1)
    for seats in (2, 11):
        state, _ = GAME.begin(seats, {"scenario": "S1"}, 1)
        assert len(state["players"]) == seats
    assert DATA.scenarios["S1"]["players"]["recommended"] == [3, 5]


def test_w1_3_the_dice_and_the_cup_come_from_the_seeded_rng_in_the_state():
    first, told = GAME.begin(3, {"scenario": "S1"}, 5)
    again, retold = GAME.begin(3, {"scenario": "S1"}, 5)
    assert first == again and [e.text for e in told] == [e.text for e in retold]
    assert GAME.setup(3, {"scenario": "S1"}, 6)["decks"] != first["decks"]
    state = acting("cao", minor_combat="auto")
    state, events = play(state, "invade puyang", "general xiahou_dun", "troops chenliu 6",
                         "confirm")
    method = chances(events, "wargame.roll.battle_method")[0]
    assert (method.text.params["dice"], method.text.params["sides"]) == (2, 6)  # two dice
    state, events = whole_turn(picked(3))
    assert len(chances(events, "wargame.cup.draw")) >= 1  # the cup: a draw, told


def test_w1_4_without_diplomacy_there_is_no_relaxation_diplomacy_alliance_or_marker():
    state = acting("cao", diplomacy=False)
    state["generals"]["cheng_yu"].update(state="nation", nation="cao", area="chenliu")
    state["step"]["dp"] = 3
    offered = {text.split()[0] for text in legal(state)}
    assert not offered & {"diplo", "ally", "allow", "block", "unblock"}
    assert {"levy", "invade", "end"} <= offered  # every other rule is unchanged
    assert "relax" not in picked(3, diplomacy=False)["cup"]
    assert "relax" in picked(3)["cup"]


# -- W2: definitions -----------------------------------------------------------------------------
def test_w2_1_the_map_is_areas_each_with_sides_a_city_and_a_power():
    assert len(DATA.areas) == len(DATA.raw["areas"]) > 0
    for aid, spot in DATA.areas.items():
        assert DATA.neighbours[aid], aid  # its sides
        assert spot["city"] in ("big", "small", "none") and 1 <= spot["power"] <= 4
    view = GAME.view(picked(3), None)
    assert set(view["areas"]) == set(DATA.areas)


def test_w2_2_plain_river_and_mountain_sides_cost_differently_to_cross():
    used = set(DATA.sides.values())
    assert used <= set(SIDE_TYPES) and {"plain", "river", "mountain"} <= used
    state = acting("cao")
    for aid in ("puyang", "henei", "luoyang"):
        put(state, aid, "cao", 0)
    move_out(state, "luoyang", "changan")
    assert [DATA.side("chenliu", a) for a in ("puyang", "henei", "luoyang")] == [
        "plain", "river", "mountain"]
    state, _ = play(state, "end")
    assert reach(state, "chenliu", 1) == {"puyang": 1}
    assert {a: reach(state, "chenliu", 2)[a] for a in ("henei", "luoyang")} == {
        "henei": 2, "luoyang": 2}


def test_w2_3_nothing_crosses_an_impassable_side():
    assert DATA.side("yongan", "shangyong") == "impassable"
    state = acting("cao")
    put(state, "yongan", "cao", 5, "cao_ren")
    assert "invade shangyong" not in legal(state)  # its only way in is the impassable side
    assert "invade wuling" in legal(state)  # a passable side of the same area
    put(state, "shangyong", "cao", 0)
    state, _ = play(state, "end")
    assert "shangyong" not in reach(state, "yongan", 3)


def test_w2_4_big_and_small_cities_count_in_value_and_big_cities():
    assert (DATA.areas["xuchang"]["city"], DATA.areas["chenliu"]["city"],
            DATA.areas["shanyang"]["city"]) == ("big", "small", "none")
    assert [DATA.value_of(a) for a in ("xuchang", "chenliu", "shanyang")] == [4 + 2, 3 + 1, 3]
    assert sum(a["city"] == "big" for a in DATA.areas.values()) == 11  # W29.3's 11
    state = acting("cao")
    assert GAME.view(state, None)["nations"]["cao"]["big_cities"] == 0
    put(state, "xuchang", "cao", 0)
    assert GAME.view(state, None)["nations"]["cao"]["big_cities"] == 1


def test_w2_5_an_areas_power_is_what_a_levy_places_there():
    state = acting("cao")
    put(state, "xuchang", "cao", 0, "cao_ren")
    assert DATA.areas["xuchang"]["power"] == 4
    state, _ = play(state, "levy xuchang", "general cao_ren", "confirm")
    assert state["areas"]["xuchang"]["troops"] == {"cao": 4}


def test_w2_6_player_nations_are_major_the_others_minor_and_no_one_runs_the_gozoku():
    state = picked(3)
    runs = {p["nation"] for p in state["players"]}
    assert runs == {"cao", "tao", "sun"}
    assert all(is_major(state, n) == (n in runs) for n in state["nations"])
    free = GAME.setup(3, {"scenario": "S1", "nation_choice": "free"}, 1)
    seat = min(GAME.to_act(free))
    offered = [a.text for a in GAME.legal_actions(free, seat)]
    assert "pick yuanshu" in offered and "pick gozoku" not in offered
    assert "gozoku" not in state["nations"]


def test_w2_6a_a_takeover_makes_a_minor_nation_major():
    state, p4 = wx24()
    assert not is_major(state, "ma")
    force(state, "ma")  # the first marker drawn after the takeover
    state, events = as_seat(state, p4, "takeover ma")
    assert is_major(state, "ma")
    assert "wargame.phase.major" in keys(events) and state["acting"] == "ma"
    assert rule(state) == "act" and GAME.to_act(state) == {p4}


def test_w2_7_the_engine_has_no_corps_every_unit_stands_for_itself():
    view = GAME.view(picked(3), None)
    assert not [k for k in view if "corps" in k]
    assert all(set(g) == {"state", "nation", "area"} for g in view["generals"].values())
    assert all(g["area"] in DATA.areas for g in view["generals"].values())


def test_w2_8_an_exile_goes_to_a_random_nation_not_his_own():
    state = picked(3)
    force(state, "liubiao")
    events = exile(state, DATA, "yue_jin", None)
    assert state["generals"]["yue_jin"] == {"state": "nation", "nation": "liubiao",
                                            "area": "xiangyang"}
    assert chances(events, "wargame.roll.random_nation")
    force(state, "liubiao")  # his own nation now: not eligible
    with pytest.raises(ForcedOutcomeError):
        exile(state, DATA, "yue_jin", None)


# -- W3: the sequence ----------------------------------------------------------------------------
def test_w3_1_a_turn_is_the_mandate_phase_then_one_phase_per_marker():
    state, told = whole_turn(picked(3))  # the end of turn 1 and the start of turn 2
    state, more = whole_turn(state)  # the rest of turn 2
    events = told + more
    said = keys(events)
    start = said.index("wargame.tenmei.phase")  # turn 2's cards
    end = said.index("wargame.turn.ended", start)
    turn = events[start:end]
    assert keys(turn).index("wargame.cup.filled") > 0  # the cards come first
    filled = next(e for e in turn if e.text.key == "wargame.cup.filled")
    assert len(filled.text.params["markers"]) == 13
    assert len(chances(turn, "wargame.cup.draw")) == 13  # one phase per marker


def test_w3_1a_mandate_takeover_cup_phases_then_sudden_death_scoring_and_the_end():
    state, p4 = wx24()  # turn 2 has begun: cards revealed, cup filled, a takeover asked
    assert rule(state) == "takeover" and state["acting"] is None
    state, events = as_seat(state, p4, "takeover ma")
    assert chances(events, "wargame.cup.draw")  # the phases come after the takeover
    scoring = picked(3)
    scoring["turn"] = 5
    said = keys(end_of_turn(scoring))
    assert said[0] == "wargame.turn.ended" and "wargame.score.banked" in said
    assert scoring["over"] is None
    sudden = acting("cao")
    for aid in [a for a, s in DATA.areas.items() if s["city"] == "big"][:8]:
        sudden["areas"][aid] = {"control": "cao", "troops": {}}
    sudden["turn"] = 5
    said = keys(end_of_turn(sudden))
    assert "wargame.end.sudden_death" in said and "wargame.score.banked" not in said
    last = picked(3)
    last["turn"] = 45
    said = keys(end_of_turn(last))
    assert said.index("wargame.score.banked") < said.index("wargame.end.over")
