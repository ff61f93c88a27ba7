"""Batch entry and battle plans (W33.4): a whole step as one list of orders, validated
together, stopped at the first bad order with a message naming it, paused by a battle and
resumed; battle plans that answer a battle's prompts."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.actions import Action
from games.core.chance import force
from games.core.errors import IllegalAction
from games.wargame.batch import batch_action
from tests.games.wargame.scenario import GAME, acting, keys, seat_of
from tests.games.wargame.test_wargame_combat import army, by, put, rule

State = dict[str, Any]


def send(state: State, nation: str, text: str) -> tuple[State, list]:
    return GAME.apply(state, seat_of(state, nation), batch_action(text))


def test_w33_4_the_batch_action_reads_back_from_its_text_form():
    action = batch_action("levy chenliu by cao_cao\n\ninvade puyang from chenliu: yue_jin +6\nend")
    assert action.text == "orders levy chenliu by cao_cao / invade puyang from chenliu: " \
        "yue_jin 6 / end"
    assert Action.parse(action.text) == action


def test_w33_4_a_legal_batch_runs_every_line_as_if_entered_alone():
    state = acting("cao", minor_combat="auto")
    put(state, "shanyang", "cao", 8, "xiahou_yuan", "yue_jin")
    force(state, 3, 4, 6, 1)  # battle_method 7 (合戦); kassen 6 / 1: the 豪族 of 濮陽 are routed
    state, events = send(state, "cao", "levy chenliu by cao_cao,xiahou_dun\n"
                                       "invade puyang from shanyang: xiahou_yuan,yue_jin +6\n"
                                       "end\n"
                                       "move cao_hong +2 chenliu > shanyang")
    assert army(state, "chenliu", "cao") == 7  # 6 + power 3, 2 moved on
    assert state["areas"]["puyang"]["control"] == "cao"
    assert state["generals"]["cao_hong"]["area"] == "shanyang"
    assert rule(state) == "redeploy" and state["queue"] is None
    assert "wargame.battle.begins" in keys(events)


def test_w33_4_a_bad_line_before_any_roll_refuses_the_whole_batch_naming_it():
    state = acting("cao")
    with pytest.raises(IllegalAction) as refused:
        send(state, "cao", "levy chenliu by cao_cao\ninvade chenliu from shanyang: li_dian +2")
    said = refused.value.message
    assert said.key == "wargame.batch.bad_line" and said.params["number"] == 2
    assert said.params["why"].key == "wargame.refuse.invade_target"


def test_w33_4_after_a_roll_the_batch_stops_at_the_bad_line_and_keeps_a_draft():
    state = acting("cao")
    force(state, 5, 2)  # extra_levy 5 (曹操 fails), 2 (夏侯惇 succeeds): WX1
    state, events = send(state, "cao", "levy chenliu by cao_cao,xiahou_dun,yue_jin extra "
                                       "cao_cao xiahou_dun\n"
                                       "invade puyang from chenliu: xiahou_yuan,yue_jin +6\n"
                                       "end")
    assert army(state, "chenliu", "cao") == 10  # line 1 stands (its rolls were made)
    bad = next(e for e in events if e.text.key == "engine.refused_by_rule")  # with its rule
    line = bad.text.params["refusal"]
    assert line.key == "wargame.batch.bad_line" and bad.text.params["rule"] == "W16a"
    assert bad.seats == (seat_of(state, "cao"),) and line.params["number"] == 2
    assert state["queue"]["lines"] == ["invade puyang from chenliu: xiahou_yuan,yue_jin 6", "end"]
    assert GAME.view(state, seat_of(state, "cao"))["queue"] == state["queue"]
    assert GAME.view(state, seat_of(state, "tao"))["queue"] is None
    assert rule(state) == "act"  # the player is asked again, the draft to edit


def test_w33_4_a_battle_pauses_the_batch_which_resumes_and_plans_answer_the_prompts():
    state = acting("cao")
    put(state, "shanyang", "cao", 8, "xiahou_yuan", "yue_jin")
    put(state, "puyang", "tao", 6, "cao_bao", "sun_qian")
    put(state, "taishan", "tao", 0)
    state, told = by(state, "cao", "plan select=best retreat_below=1 pursue=yes")
    assert told[0].seats == (seat_of(state, "cao"),)
    force(state, 4, 5, 3, 3, 1)  # battle_method 9 (合戦, N = 1); kassen 3 / 3; pursuit 1
    state, events = send(state, "cao", "invade puyang from shanyang: xiahou_yuan,yue_jin +6\n"
                                       "end")
    assert "wargame.batch.paused" in keys(events)
    assert GAME.to_act(state) == {seat_of(state, "tao")}  # 曹操's pick came from his plan
    state, _ = by(state, "tao", "general cao_bao")
    assert rule(state) == "declare" and GAME.to_act(state) == {seat_of(state, "tao")}
    state, events = by(state, "tao", "retreat")  # 曹操's plan stayed and now pursues
    assert "wargame.battle.no_pursuit" not in keys(events)
    assert state["generals"]["cao_bao"]["area"] == "taishan"
    assert rule(state) == "redeploy" and state["queue"] is None  # `end` ran after the battle


def test_w33_4_plan_off_and_bad_plans():
    state = acting("cao")
    with pytest.raises(IllegalAction):
        by(state, "cao", "plan retreat_below=few")
    with pytest.raises(IllegalAction):
        by(state, "cao", "plan charge=yes")
    state, _ = by(state, "cao", "plan pursue=no")
    assert GAME.view(state, seat_of(state, "cao"))["plan"] == {"pursue": False}
    state, _ = by(state, "cao", "plan off")
    assert state["plans"] == {}


def test_w33_4_orders_only_in_ones_own_step():
    state = acting("cao")
    with pytest.raises(IllegalAction):
        send(state, "cao", "")
    state, _ = by(state, "cao", "levy chenliu")
    with pytest.raises(IllegalAction) as refused:
        send(state, "cao", "end")
    assert refused.value.message.key == "wargame.batch.not_now"
