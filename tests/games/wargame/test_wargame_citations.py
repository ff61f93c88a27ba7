"""A refusal names the rule that makes it (issue 30 item 6): a batch (W33.4) whose invasion
line sends generals without troops (W16.6) is refused naming the line, why, and then
"(Rule W16.6: …)", the line's rule; a line stopped after a roll is told so to its player."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import catalog
from games.core.chance import force
from games.core.errors import IllegalAction, rule_id
from games.wargame.batch import batch_action
from games.wargame.citations import INVASION
from tests.games.wargame.scenario import GAME, acting, seat_of
from tests.games.wargame.test_wargame_combat import put
from tests.wording import english

State = dict[str, Any]
CITED = "(Rule W16.6: each source sends a general and a troop)"


def send(state: State, nation: str, text: str) -> tuple[State, list]:
    return GAME.apply(state, seat_of(state, nation), batch_action(text))


def shanyang(state: State) -> State:
    """曹操 also holds 山陽 with 8 troops, 夏侯淵 and 楽進, next to 濮陽."""
    put(state, "shanyang", "cao", 8, "xiahou_yuan", "yue_jin")
    return state


def test_w16_6_a_batch_line_of_generals_only_cites_the_contingent_rule():
    with pytest.raises(IllegalAction) as refused:
        send(shanyang(acting("cao")), "cao", "levy chenliu by cao_cao\n"
                                             "invade puyang from shanyang: xiahou_yuan")
    error = refused.value
    assert error.rule is not None and rule_id(error.rule) == "W16.6"
    assert error.message.params["why"].key == "wargame.refuse.contingent"
    assert english(error.cited).endswith(CITED)


def test_w33_4_a_line_stopped_after_a_roll_is_told_with_its_rule():
    state = shanyang(acting("cao"))
    force(state, 5, 2)  # extra_levy 5 (曹操 fails), 2 (夏侯惇 succeeds): WX1
    state, events = send(state, "cao", "levy chenliu by cao_cao,xiahou_dun extra "
                                       "cao_cao xiahou_dun\n"
                                       "invade puyang from shanyang: xiahou_yuan\n"
                                       "end")
    told = [english(e.text) for e in events if e.seats == (seat_of(state, "cao"),)]
    assert any(text.endswith(CITED) for text in told)


def test_every_invasion_problem_a_rule_is_given_for_is_a_refusal_of_the_catalog():
    assert set(INVASION) <= set(catalog())
