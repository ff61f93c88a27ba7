"""A refusal names the rule that makes it (issue 30 item 6): the player reads the refusal,
then the rule's id and title ("(Rule R7.5.2: …)"), here on the spec's worked example EX2
(Zhou Cang, Leadership 1, cannot lead 2 units) and on a move the step does not take."""

from __future__ import annotations

import pytest

from games.core import Action, GameError
from games.core.errors import rule_id
from games.redux import GAME
from tests.games.redux.scenario import (
    SHU,
    WEI,
    WU,
    bidding,
    moves,
    recruited,
    rig,
    started,
    units,
)
from tests.wording import english


def refusal(state: dict, seat: int, text: str) -> GameError:
    with pytest.raises(GameError) as refused:
        GAME.apply(state, seat, Action.parse(text))
    return refused.value


def ex2_bidding() -> dict:
    """EX2: Shu places Zhou Cang (Leadership 1) on the Shu-Wu battle, with units to assign."""
    state = started()
    for seat, generals in ((SHU, ["shu.zhou_cang"]), (WU, ["wu.gan_ning"]),
                           (WEI, ["wei.cao_ren"])):
        recruited(state, seat, *generals)
        rig(state, seat, support=0)
    state = bidding(state, alliance="trade", order=(SHU, WU, WEI))
    units(state, SHU, "infantry", 1)
    units(state, SHU, "archer", 2)
    state, _ = moves(state, (SHU, "place shu.zhou_cang"), (SHU, "on battle_shu_wu"))
    return state


def test_more_units_than_leadership_cites_the_leadership_rule() -> None:
    error = refusal(ex2_bidding(), SHU, "units archer 2")
    assert error.rule is not None and rule_id(error.rule) == "R7.5.2"
    assert english(error.cited).startswith(english(error.message))
    assert english(error.cited).endswith(
        "(Rule R7.5.2: a general leads at most Leadership units)")


def test_a_move_the_bidding_does_not_take_cites_the_placing_rule() -> None:
    error = refusal(ex2_bidding(), SHU, "farm develop")
    assert error.rule is not None and rule_id(error.rule) == "R7.7.2"
    assert english(error.cited).endswith(
        "(Rule R7.7.2: a turn places exactly one general on one action)")
