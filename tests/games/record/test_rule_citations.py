"""A refusal names the rule that makes it (issue 30 item 6): the player reads the refusal,
then the rule's id and title ("(Rule R8.1: …)"), here on the spec's worked example TC-07
and on a move the moment does not take."""

from __future__ import annotations

import pytest

from games.core import Action, GameError, IllegalAction, MalformedAction
from games.core.errors import rule_id
from games.record import GAME
from tests.games.record.scenario import table
from tests.wording import english

A = 0


def refusal(state: dict, text: str, error: type = IllegalAction) -> GameError:
    with pytest.raises(error) as refused:
        GAME.apply(state, A, Action.parse(text))
    assert isinstance(refused.value, GameError)
    return refused.value


def test_building_a_city_too_dear_cites_the_building_rule():
    """TC-07: with 5 元, building 新野 (6 元) first is rejected."""
    state = table(coins={A: 5}, hands={A: ["xinye", "zhao_yun", "hun_shui_mo_yu"]})
    error = refusal(state, "build xinye")
    assert error.rule is not None and rule_id(error.rule) == "R8.1"
    assert english(error.cited).endswith(
        "(Rule R8.1: build once: a city and a general in hand, and its cost)")
    assert english(error.cited).startswith(english(error.message))


def test_a_move_of_another_step_cites_what_the_step_allows():
    """In step C a `station` (or a word that is no move) names R7.4, what step C offers."""
    state = table(coins={A: 5}, hands={A: ["xinye", "zhao_yun"]})
    for text, error in (("station zhao_yun", IllegalAction), ("fly away", MalformedAction)):
        refused = refusal(state, text, error)
        assert refused.rule is not None and rule_id(refused.rule) == "R7.4"
        assert english(refused.cited).endswith(
            "(Rule R7.4: build, a stratagem, an attack: each once per action)")
