"""A refusal names the rule that makes it (issue 30 item 6): the spec's T3, Saxony choosing the
section it used on its previous turn, reads why and then "(Rule S4.1: …)"; every frame a
player can be asked about names a rule, so the generic "not possible now" never goes uncited."""

from __future__ import annotations

import pytest

from bot.i18n import catalog
from games.core import Action, IllegalAction
from games.core.errors import rule_id
from games.scythe import citations, flow
from games.scythe.game import ScytheGame
from tests.wording import english

GAME = ScytheGame()


def test_t3_the_same_section_again_cites_the_section_rule() -> None:
    state = GAME.setup(2, {"assignment": "draft"}, 1)
    for seat, pair in enumerate((("saxony", "industrial"), ("nordic", "engineering"))):
        state, _ = GAME.apply(state, seat, Action("pick", pair))
    state["players"][0]["last_section"] = 1
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("section 2"))
    assert refused.value.rule is not None
    assert rule_id(refused.value.rule) == "S4.1"
    words = english(refused.value.cited)
    assert words.startswith("You used section 2 (Produce / Deploy) on your previous turn")
    assert words.endswith("(Rule S4.1: a new section, then its top and bottom actions)")


def test_every_decision_frame_names_the_rule_of_its_step() -> None:
    decisions, _ = flow.tables()
    assert set(decisions) == set(citations.FRAMES)


def test_every_why_a_rule_is_given_for_is_a_refusal_of_the_catalog() -> None:
    assert set(citations.REFUSALS) <= set(catalog())
