"""The whole game's engine parts (stage F): the heir's area chosen by his player (W26b), the
takeover of a minor nation (W29.5, WX24), the public record of the last battle
(`finished_battle`), and the §A options hide_zaiya (W5.5b) and liubiao_heirs (W26c)."""

from __future__ import annotations

from typing import Any

from games.core.chance import force
from games.wargame import heirs
from games.wargame.board import destroy, succession, value
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, picked, seat_of
from tests.games.wargame.test_wargame_combat import as_seat, by, put, rule, wx13

State = dict[str, Any]


# -- W26b: the player places an heir who enters ------------------------------------------------
def test_w26b_the_player_chooses_where_an_heir_enters_before_the_battle_goes_on():
    state = acting("sun")
    put(state, "lingling", "sun", 0)
    state, _ = wx13(state)
    assert state["nations"]["sun"]["ruler"] == "sun_ce"
    assert rule(state) == "heir" and GAME.to_act(state) == {seat_of(state, "sun")}
    assert sorted(legal(state)) == ["heir_area changsha", "heir_area lingling"]
    state, events = by(state, "sun", "heir_area lingling")
    assert state["generals"]["sun_ce"]["area"] == "lingling"
    assert "wargame.heir.placed" in keys(events)
    assert rule(state) == "declare"  # the combat goes on


def test_w26b_with_one_area_there_is_nothing_to_choose():
    state, _ = wx13(acting("sun"))
    assert rule(state) == "declare" and state["heirs"] == []


def test_w26b_a_deadline_keeps_the_auto_area():
    state = acting("sun")
    put(state, "lingling", "sun", 0)
    state, _ = wx13(state)
    assert GAME.skip_action(state, seat_of(state, "sun")).text == "heir_area changsha"


# -- W29.5, WX24: takeover after destruction ---------------------------------------------------
def wx24() -> tuple[State, int]:
    state = acting("cao", seats=4)
    p4 = seat_of(state, "yuanshao")
    state["players"][p4]["banked"] = 30
    destroy(state, "yuanshao")
    state, _ = by(state, "cao", "end", "end")  # the turn ends; the next begins
    return state, p4


def test_wx24_a_player_without_a_nation_takes_over_a_minor_one_after_the_mandate_phase():
    state, p4 = wx24()
    assert rule(state) == "takeover" and GAME.to_act(state) == {p4}
    assert "takeover ma" in legal(state) and "takeover cao" not in legal(state)
    base = value(state, DATA, "ma")
    state, events = as_seat(state, p4, "takeover ma")
    assert "wargame.takeover.done" in keys(events)
    assert state["players"][p4]["nation"] == "ma" and state["players"][p4]["ran"] == ["yuanshao"]
    assert state["nations"]["ma"]["seat"] == p4 and state["nations"]["ma"]["base"] == base
    assert state["players"][p4]["banked"] == 30
    assert "ma" in state["cup"]  # its marker is unchanged; its phases are major phases now
    assert GAME.invariants(state) == []


def test_wx24_earlier_destructions_choose_first_and_without_minors_nobody_is_asked():
    state = picked(4)
    first, second = seat_of(state, "tao"), seat_of(state, "yuanshao")
    destroy(state, "yuanshao")
    destroy(state, "tao")
    assert heirs.homeless(state) == [second, first]
    for nid in heirs.minors(state):
        state["nations"][nid]["alive"] = False
    assert heirs.next_takeover_step(state) is None


def test_w33_5_a_deadline_takes_the_minor_nation_of_highest_value():
    state, p4 = wx24()
    best = max(heirs.minors(state), key=lambda n: value(state, DATA, n))
    assert GAME.skip_action(state, p4).text == f"takeover {best}"


# -- finished_battle: the public record of the last battle --------------------------------------
def test_finished_battle_is_the_numbered_public_record_of_the_last_battle():
    state = acting("cao", minor_combat="auto")
    put(state, "chenliu", "cao", 12)
    assert GAME.finished_battle(state) is None
    force(state, 2, 3, 6, 1)  # battle_method 5 (合戦, N = 1); kassen 6 / 1: the 豪族 are routed
    state, _ = by(state, "cao", "invade henei", "general cao_ren", "troops chenliu 12",
                  "confirm")
    record = GAME.finished_battle(state)
    assert record is not None and record["number"] == 1 and record["winner"] == "attacker"
    assert record["armies"] == {"attacker": ["cao"], "defender": ["gozoku"]}
    assert record["rounds"][0]["method"] == "kassen" and "drafts" not in record
    assert record == GAME.view(state, None)["last_battle"]


# -- §A options ------------------------------------------------------------------------------
def test_w5_5b_hide_zaiya_shows_free_generals_as_counts():
    shown = GAME.view(picked(3, hide_zaiya=True), None)
    assert "kong_rong" not in shown["generals"] and shown["zaiya"] == {"beihai": 1, "taishan": 1}
    plain = GAME.view(picked(3), None)
    assert plain["generals"]["kong_rong"]["state"] == "zaiya" and plain["zaiya"] is None


def test_w26c_liubiao_heirs_qi_first():
    assert succession(picked(3), DATA, "liubiao") == ["liu_biao", "liu_cong", "liu_qi"]
    state = picked(3, liubiao_heirs="qi_first")
    assert succession(state, DATA, "liubiao") == ["liu_biao", "liu_qi", "liu_cong"]
