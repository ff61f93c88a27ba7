"""Bad moves of every kind are refused with the right error and a message a player can act
on, and leave the state exactly as it was."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction, MalformedAction, NotYourTurn
from games.record import GAME
from tests.games.record.scenario import act, play, table

A, B, C = 0, 1, 2


def refused(state: dict, seat: int, text: str, error: type, match: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(error, match=match):
        GAME.apply(state, seat, Action.parse(text))
    assert state == before


@pytest.fixture
def state() -> dict:
    return table(coins={A: 5}, hands={A: ["xinye", "tianshui", "zhao_yun", "liu_shan",
                                          "hun_shui_mo_yu", "yi_yi_dai_lao"]},
                 cities={B: [("beihai", "lu_bu")]})


@pytest.mark.parametrize("seat, text, error, match", [
    (B, "end", NotYourTurn, "not your turn"),
    (A, "build xinye", IllegalAction, r"Xinye \(新野\) costs 6元; you have 5元"),
    (A, "fly away", MalformedAction, "`fly away` is not possible now. Build a city"),
    (A, "build", MalformedAction, "`build` is not possible now"),
    (A, "guess seven", MalformedAction, "`guess seven` is not possible now"),
    (A, "attack beihai", IllegalAction, r"war expense for Beihai \(北海\) is 6元; you have 5元"),
    (A, "attack tianshui", IllegalAction, "not a city in play"),
    (A, "play yi_yi_dai_lao", IllegalAction, "only during an attack"),
    (A, "play zhao_yun", IllegalAction, "not a stratagem"),
    (A, "play an_sha_ji", IllegalAction, "not in your hand"),
    (A, "station zhao_yun", IllegalAction, "`station zhao_yun` is not possible now"),
    (A, "yuanshu", IllegalAction, r"Only the player with Yuan Shu \(袁術\)"),
    (A, "luoyang", IllegalAction, r"do not control Luoyang \(洛陽\)"),
    (A, "arrange 1 2 3", IllegalAction, "`arrange 1 2 3` is not possible now"),
])
def test_bad_moves_are_refused_and_change_nothing(state, seat, text, error, match):
    refused(state, seat, text, error, match)


def test_second_build_and_own_city_attack(state):
    state, _ = play(state, (A, "build tianshui"), (A, "station liu_shan"))
    refused(state, A, "build xinye", IllegalAction, "already built")
    refused(state, A, "attack tianshui", IllegalAction, "your own city")


def test_wrong_targets_are_refused():
    state = table(hands={A: ["shun_shou_qian_yang"]})
    state, _ = act(state, A, "play shun_shou_qian_yang")
    refused(state, A, "target 1", IllegalAction, "another player by seat number: 2")
    refused(state, A, "target 0", IllegalAction, "another player")
    refused(state, A, "target 9", IllegalAction, "another player")
    refused(state, A, "guess 5", IllegalAction, "`guess 5` is not possible now. Choose the player")


def test_bad_battle_moves_are_refused():
    state = table(coins={A: 20}, hands={A: ["zhao_yun", "liu_shan", "fu_di_chou_xin"],
                                         B: ["kong_cheng_ji"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = act(state, A, "attack xinye")
    refused(state, A, "general xinye", IllegalAction,
            "not a general in your hand: attack with one of Liu Shan")
    refused(state, B, "defend none", NotYourTurn, "not your turn")
    state, _ = act(state, A, "general zhao_yun")
    refused(state, A, "stratagem kong_cheng_ji", IllegalAction, "not an attack stratagem")
    state, _ = play(state, (A, "stratagem none"))
    refused(state, B, "defend fu_di_chou_xin", IllegalAction, "not a defence stratagem")
    state, _ = act(state, B, "defend none")
    top = state["battle"]["top"]["attacker"]
    refused(state, A, "arrange 1 2", MalformedAction, "Arrange your three battle cards")
    refused(state, A, f"arrange {top[0]} {top[0]} {top[1]}", IllegalAction, "exactly your")


def test_setup_refuses_bad_tables():
    with pytest.raises(IllegalAction, match="2-5 players"):
        GAME.setup(6, {}, 1)
    with pytest.raises(IllegalAction, match="Unknown option"):
        GAME.setup(3, {"turbo": True}, 1)
    with pytest.raises(IllegalAction, match="only for 2 players"):
        GAME.setup(4, {"two_player_lords": True}, 1)


def test_advisor_selection_refusals():
    state = GAME.setup(2, {}, 3)
    while state["phase"] != "advisors":
        seat = min(GAME.to_act(state))
        state, _ = act(state, seat, GAME.legal_actions(state, seat)[0].text)
    seat = min(GAME.to_act(state))
    refused(state, seat, "extra 3", IllegalAction, "buy 0 to 2 extra advisor cards")
    refused(state, seat, "advisor zhuge_liang", IllegalAction,
            "`advisor zhuge_liang` is not possible now")
