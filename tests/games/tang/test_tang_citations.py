"""A refusal names the rule that makes it (issue 30 item 6): an attack on a city next to none of
the attacker's (T3.4.1, the cities of TX7) and a muster short of grain (TX7, at the attack's
muster step, T3.4.2) read why and then "(Rule <id>: <title>)"."""

from __future__ import annotations

import pytest

from bot.i18n import catalog
from games.core import Action, IllegalAction
from games.core.errors import rule_id
from games.tang import GAME
from games.tang.citations import BECAUSE
from tests.games.tang.scenario import play, table
from tests.wording import english

TX7 = {"shanzhou": (1, 7), "henei": (1, 4), "xingyang": (1, 6), "luoyang": (2, 5),
       "changan": (2, 5), "tianshui": (2, 3), "hanzhong": (0, 3), "jiaozhi": (0, 1)}


def refused(state: dict, seat: int, typed: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, Action.parse(typed))
    return error.value


def test_t3_4_1_an_attack_on_a_city_far_away_cites_its_rule():
    error = refused(table(3, TX7, seat=1), 1, "attack jiaozhi")
    assert error.rule is not None and rule_id(error.rule) == "T3.4.1"
    assert english(error.cited).endswith("(Rule T3.4.1: attack a city next to one of yours)")


def test_tx7_a_muster_short_of_grain_cites_the_muster_rule():
    state = table(3, TX7, grain={1: 24}, seat=1)
    state, _ = play(state, 1, "attack luoyang", "muster shanzhou", "count 7", "muster henei",
                    "count 4", "muster xingyang")
    error = refused(state, 1, "count 6")
    assert english(error.cited) == ("You need 25 grain for this, you have 24.\n"
                                    "(Rule T3.4.2: muster: 1 grain per army)")


def test_every_why_a_rule_is_given_for_is_a_refusal_of_the_catalog():
    assert {key for _, key in BECAUSE} <= set(catalog())
