"""Paying costs (spec S5, S2.8) and Crimea's Coercion (S9.3, T53)."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.game import ScytheGame
from games.scythe.payment import begin_payment, can_pay
from games.scythe.state import card_value, pending, top
from tests.games.scythe.scenario import deal, put, table


def nordic() -> dict:
    return table(("nordic", "industrial"), ("crimea", "patriotic"))


def crimea() -> dict:
    state = table(("crimea", "patriotic"), ("nordic", "agricultural"))
    assert state["active"] == 0
    return state


def act(state: dict, text: str) -> list:
    seat = pending(state)["seat"]
    return flow.dispatch(state, seat, Action.parse(text)) + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def test_one_pile_is_paid_without_asking():
    state = nordic()
    put(state, "r0c5", "oil", 3)
    events = begin_payment(state, 0, {"oil": 3}, "upgrade")
    assert state["stack"] == []
    assert "r0c5" not in state["resources"]
    assert any("pays 3 oil from Tundra r0c5 for Upgrade" in str(e.text) for e in events)


def test_exactly_enough_tokens_are_paid_without_asking():
    state = nordic()
    put(state, "r0c4", "oil", 1)
    put(state, "r0c5", "oil", 2)
    begin_payment(state, 0, {"oil": 3}, "upgrade")
    assert state["stack"] == []
    assert state["resources"] == {}


def test_a_real_choice_is_asked_one_token_at_a_time():
    state = nordic()
    put(state, "r0c4", "oil", 2)
    put(state, "r0c5", "oil", 2)
    begin_payment(state, 0, {"oil": 3}, "upgrade")
    assert top(state)["kind"] == "pay"
    assert legal(state) == {"pay r0c4 oil", "pay r0c5 oil"}
    act(state, "pay r0c4 oil")
    assert top(state)["need"] == {"oil": 2}
    act(state, "pay r0c4 oil")  # the last token can only come from r0c5 now
    assert state["stack"] == []
    assert state["resources"] == {"r0c5": {"oil": 1}}


def test_named_kinds_are_paid_before_any_kind():
    """Metal first, then the `any` token: each step has one pile, so nothing is asked."""
    state = nordic()
    put(state, "r0c4", "metal", 1)
    put(state, "r0c5", "food", 2)
    begin_payment(state, 0, {"metal": 1, "any": 1}, "encounter:enc_01")
    assert state["stack"] == []
    assert state["resources"] == {"r0c5": {"food": 1}}


def test_a_token_of_any_kind_may_come_from_any_pile():
    state = nordic()
    put(state, "r0c4", "wood", 1)
    put(state, "r0c5", "oil", 1)
    begin_payment(state, 0, {"any": 1}, "factory:factory_01")
    assert legal(state) == {"pay r0c4 wood", "pay r0c5 oil"}
    act(state, "pay r0c5 oil")
    assert state["stack"] == []
    assert state["resources"] == {"r0c4": {"wood": 1}}


def test_only_resources_on_controlled_territories_pay():
    """S2.8: tokens on an empty territory or under an opponent's unit are not the seat's."""
    state = nordic()
    put(state, "r3c3", "metal", 2)
    put(state, "r6c3", "metal", 2)  # a Crimea worker stands there
    put(state, "r0c4", "metal", 1)
    assert not can_pay(state, 0, {"metal": 2})
    assert can_pay(state, 0, {"metal": 1})


def test_an_unpayable_cost_is_refused_and_changes_nothing():
    state = nordic()
    put(state, "r0c5", "oil", 2)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="cannot pay \\$1 and 3 oil for Upgrade"):
        begin_payment(state, 0, {"coins": 1, "oil": 3}, "upgrade")
    assert state == before


def test_coins_power_popularity_and_cards_are_taken_at_once():
    state = nordic()
    deal(state, 0, 5, 2)
    begin_payment(state, 0, {"coins": 2, "power": 1, "popularity": 1, "combat_cards": 1},
                  "encounter:enc_01")
    p = state["players"][0]
    assert (p["coins"], p["power"], p["popularity"]) == (2, 3, 1)
    assert [card_value(c) for c in p["cards"]] == [5]  # the cheaper card is spent
    assert [card_value(c) for c in state["decks"]["combat_discard"]] == [2]


def test_can_pay_needs_every_part():
    state = nordic()
    assert can_pay(state, 0, {"coins": 4, "power": 4, "popularity": 2})
    assert not can_pay(state, 0, {"coins": 5})
    assert not can_pay(state, 0, {"power": 5})
    assert not can_pay(state, 0, {"combat_cards": 1})


def test_t53_coercion_once_per_turn():
    state = crimea()
    put(state, "r6c3", "metal", 1)
    deal(state, 0, 2, 3)
    assert can_pay(state, 0, {"metal": 2})
    begin_payment(state, 0, {"metal": 2}, "deploy")
    assert legal(state) == {"pay r6c3 metal", "pay card 2", "pay card 3"}
    act(state, "pay card 2")
    assert state["stack"] == []  # the one metal left is paid from the only pile
    assert state["turn"]["coerced"] is True
    assert [card_value(c) for c in state["players"][0]["cards"]] == [3]
    assert [card_value(c) for c in state["decks"]["combat_discard"]] == [2]
    assert "r6c3" not in state["resources"]
    assert not can_pay(state, 0, {"metal": 1})  # a card left, but Coercion is spent


def test_t53_never_two_cards_for_one_cost():
    state = crimea()
    deal(state, 0, 2, 3)
    assert can_pay(state, 0, {"metal": 1})
    assert not can_pay(state, 0, {"metal": 2})


def test_coercion_may_be_declined():
    state = crimea()
    put(state, "r6c3", "metal", 2)
    deal(state, 0, 2)
    begin_payment(state, 0, {"metal": 2}, "deploy")
    act(state, "pay r6c3 metal")
    assert legal(state) == {"pay r6c3 metal", "pay card 2"}
    act(state, "pay r6c3 metal")
    assert state["stack"] == []
    assert state["turn"]["coerced"] is False


def test_coercion_covers_the_kind_that_is_short():
    """With oil but no metal, the card cannot replace the oil: the metal would be unpayable
    (oil is paid first, in the order wood, oil, food, metal)."""
    state = crimea()
    put(state, "r6c3", "oil", 1)
    deal(state, 0, 2)
    begin_payment(state, 0, {"metal": 1, "oil": 1}, "factory:factory_01")
    assert legal(state) == {"pay r6c3 oil"}
    assert flow.settle(state) and state["stack"] == []  # then the card is the only way
    assert state["turn"]["coerced"] is True


def test_only_crimea_has_coercion():
    state = nordic()
    put(state, "r0c5", "metal", 1)
    deal(state, 0, 2, 3)
    assert not can_pay(state, 0, {"metal": 2})


def test_combat_cards_owed_are_not_offered_for_coercion():
    state = crimea()
    deal(state, 0, 4)
    assert not can_pay(state, 0, {"combat_cards": 1, "metal": 1})
    assert can_pay(state, 0, {"metal": 1})


def test_pay_refusal_says_what_is_owed():
    state = nordic()
    put(state, "r0c4", "oil", 2)
    put(state, "r0c5", "oil", 2)
    begin_payment(state, 0, {"oil": 3}, "upgrade")
    with pytest.raises(IllegalAction, match="Still to pay for Upgrade: 3 oil"):
        flow.dispatch(state, 0, Action.parse("pay r1c3 oil"))


def test_t53_coercion_in_a_whole_turn():
    """Through the game: Crimea pays Deploy's 4 metal with 3 tokens and a combat card."""
    game = ScytheGame()
    state = game.setup(2, {"assignment": "draft"}, 3)
    state, _ = game.apply(state, 0, Action.parse("pick crimea patriotic"))
    state, _ = game.apply(state, 1, Action.parse("pick nordic agricultural"))
    put(state, "r6c3", "metal", 3)
    state["players"][0]["cards"] = []
    deal(state, 0, 2)
    for text in ("section 2", "skip", "deploy"):
        state, _ = game.apply(state, 0, Action.parse(text))
    assert top(state)["kind"] == "pay"
    with pytest.raises(IllegalAction, match="Still to pay for Deploy: 4 metal"):
        game.apply(state, 0, Action.parse("pay card 5"))
    state, _ = game.apply(state, 0, Action.parse("pay card 2"))
    assert "r6c3" not in state["resources"] and state["players"][0]["cards"] == []
    state, events = game.apply(state, 0, Action.parse("deploy speed r7c3"))
    assert state["players"][0]["coins"] == 6 + 3
    assert state["active"] == 1 and state["turn"]["coerced"] is False  # a new turn
