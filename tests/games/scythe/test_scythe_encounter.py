"""Encounters (spec S14) and the card effects (S14.7): the token and the card, payable options
only, Polania's second option (S9.5), every effect type placed on the character's territory
(S14.3), free actions without coins or recruit bonuses (S14.4). Tests T27 and T28's
encounter part (the combat part is in test_scythe_combat.py)."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.game import ScytheGame
from games.scythe.state import mat_workers, pending, push, resources_at, top, unit_place
from tests.games.scythe.scenario import place, table

NORDIC_SPOT, POLANIA_SPOT = "r1c4", "r3c1"  # the encounter spot of each faction's pocket


def encountering(card: str, faction: str = "nordic", coins: int | None = None,
                 popularity: int | None = None) -> dict:
    """The seat-0 character ends a Move on its pocket's encounter spot; `card` is on top."""
    state = table((faction, "industrial"), ("crimea", "patriotic"))
    state["decks"]["encounter"] = ["enc_27", card]
    spot = POLANIA_SPOT if faction == "polania" else NORDIC_SPOT
    place(state, 0, "character", spot)
    p = state["players"][0]
    p["coins"] = p["coins"] if coins is None else coins
    p["popularity"] = p["popularity"] if popularity is None else popularity
    push(state, {"kind": "after_move", "seat": 0})
    flow.settle(state)
    return state


def act(state: dict, text: str) -> list:
    return flow.dispatch(state, pending(state)["seat"], Action.parse(text)) + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def stats(state: dict) -> tuple[int, int, int]:
    p = state["players"][0]
    return p["coins"], p["popularity"], p["power"]


def test_t27_encounter_resolved_after_the_move():
    """The Polania character with Speed stops on r3c1; after the Move the token is gone, the
    card is shown to everyone, one option is taken, and the card goes to the bottom."""
    game = ScytheGame()
    state = table(("polania", "industrial"), ("crimea", "patriotic"))
    state["decks"]["encounter"] = ["enc_27", "enc_01"]
    place(state, 0, "character", "r2c1")
    place(state, 0, "mech:speed", "r5c0")
    push(state, {"kind": "section", "seat": 0})
    for text in ("section 3", "move", "unit character", "step r3c1"):
        state, _ = game.apply(state, 0, Action.parse(text))
    assert "step r3c0" not in {a.text for a in game.legal_actions(state, 0)}
    state, events = game.apply(state, 0, Action.parse("done"))
    assert "r3c1" not in state["encounters"]
    shown = " ".join(str(e.text) for e in events if e.public)
    assert "meets an encounter on Village r3c1: “The Refugee Column”" in shown
    assert "B) Offer the able-bodied paid work (pay $2: gain 2 workers)" in shown
    coins = state["players"][0]["coins"]
    state, _ = game.apply(state, 0, Action.parse("option A"))
    state, _ = game.apply(state, 0, Action.parse("done"))  # Polania declines a second option
    assert state["players"][0]["coins"] == coins + 1
    assert state["decks"]["encounter"] == ["enc_01", "enc_27"]  # to the bottom (S14.2)


def test_one_option_then_the_card_goes_to_the_bottom():
    state = encountering("enc_01")
    assert legal(state) == {"option A", "option B", "option C"}
    act(state, "option A")
    assert stats(state) == (5, 4, 4)
    assert state["stack"] == [] and state["decks"]["encounter"] == ["enc_01", "enc_27"]


def test_unpayable_options_are_not_offered():
    state = encountering("enc_01", popularity=0)
    assert legal(state) == {"option A", "option B"}
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction,
                       match="You cannot pay 1 popularity for “Press the young men into"):
        flow.dispatch(state, 0, Action.parse("option C"))
    assert state == before


def test_a_single_payable_option_is_taken_without_asking():
    state = encountering("enc_01", coins=1, popularity=0)
    assert state["stack"] == [] and stats(state)[:2] == (2, 2)


def test_polania_meander_second_option_paid_by_the_first():
    """S9.5: with $1 and no popularity only A is payable (so it is taken at once); A's $1 and
    2 popularity then pay for B or C; the same option never twice."""
    state = encountering("enc_01", faction="polania", coins=1, popularity=0)
    assert top(state)["chosen"] == ["A"]
    assert legal(state) == {"option B", "option C", "done"}
    act(state, "option C")
    act(state, "count 1")
    assert stats(state)[:2] == (4, 1)
    assert unit_place(state, 0, "worker:3") == POLANIA_SPOT
    assert state["stack"] == [] and state["decks"]["encounter"][0] == "enc_01"


def test_pay_then_gain_workers_on_the_character_territory():
    state = encountering("enc_01")
    act(state, "option B")
    act(state, "count 2")
    assert stats(state)[0] == 2
    assert unit_place(state, 0, "worker:3") == unit_place(state, 0, "worker:4") == NORDIC_SPOT


def test_last_mat_workers_give_the_workers_star():
    state = encountering("enc_01")
    for n in range(3, 8):
        place(state, 0, f"worker:{n}", "r0c4")
    act(state, "option B")  # 2 workers promised, 1 left on the mat
    assert legal(state) == {"count 1", "count 0"}
    act(state, "count 1")
    assert unit_place(state, 0, "worker:8") == NORDIC_SPOT and mat_workers(state, 0) == []
    assert state["players"][0]["stars"] == {"workers": 1}


def test_one_fixed_kind_asks_how_many_then_places_them_at_once():
    state = encountering("enc_02")
    act(state, "option C")
    assert legal(state) == {f"count {n}" for n in range(5)}
    act(state, "count 4")
    assert resources_at(state, NORDIC_SPOT)["metal"] == 4
    assert stats(state) == (4, 0, 5)


def test_a_choice_of_kinds_is_taken_token_by_token_and_may_stop_early():
    """enc_22 A: 3 metal or oil, any mix; the benefit may be taken in part (S5.3)."""
    state = encountering("enc_22")
    act(state, "option A")
    assert legal(state) == {"take metal", "take oil", "done"}
    act(state, "take metal")
    act(state, "take oil")
    act(state, "done")
    assert resources_at(state, NORDIC_SPOT) == {"wood": 0, "oil": 1, "food": 0, "metal": 1}
    assert state["stack"] == []


def test_effects_resolve_in_printed_order():
    """enc_28 A: 2 resources of any kind, then $1: the coin waits for the choice."""
    state = encountering("enc_28")
    act(state, "option A")
    assert legal(state) == {"take wood", "take oil", "take food", "take metal", "done"}
    assert stats(state)[0] == 4
    act(state, "take food")
    act(state, "take food")
    assert stats(state)[0] == 5
    assert resources_at(state, NORDIC_SPOT)["food"] == 2


def test_free_deploy_on_the_character_territory_without_coins_or_bonuses():
    """S14.3, S14.4: the mech goes where the character is, no worker needed; no section coins
    and no recruit bonus (the Crimea neighbour enlisted Deploy)."""
    state = encountering("enc_03")
    state["players"][1]["recruits"] = {"1": "coins"}  # Patriotic section 2: Bolster / Deploy
    crimea_coins = state["players"][1]["coins"]
    act(state, "option B")
    assert top(state)["kind"] == "deploy"
    assert {a.args[1] for a in flow.legal_actions(state, 0) if a.kind == "deploy"} == \
        {NORDIC_SPOT}
    act(state, "deploy speed r1c4")
    assert unit_place(state, 0, "mech:speed") == NORDIC_SPOT
    assert stats(state)[0] == 1  # $4 - $3, nothing more
    assert state["players"][1]["coins"] == crimea_coins
    assert state["stack"] == []


def test_produce_here_produces_only_the_character_territory():
    state = encountering("enc_11")
    place(state, 0, "worker:1", NORDIC_SPOT)
    act(state, "option B")
    assert legal(state) == {"produce r1c4", "done"}
    act(state, "produce r1c4")
    assert resources_at(state, NORDIC_SPOT)["metal"] == 1
    assert stats(state)[:2] == (2, 4)  # $2 paid, then 2 popularity after the Produce


# -- S14.2: the benefit may be taken in part ---------------------------------------------------
def test_s14_2_rulebook_5_1_workers_taken_in_part():
    """KO (5)-1 "선택한 옵션의 보상을 모두 얻을 필요는 없습니다": enc_01 B promises 2 workers;
    after choosing the option the player chooses how many (2, 1 or none), one list of counts."""
    state = encountering("enc_01")
    act(state, "option B")
    assert top(state)["kind"] == "count" and legal(state) == {"count 2", "count 1", "count 0"}
    act(state, "count 1")
    assert unit_place(state, 0, "worker:3") == NORDIC_SPOT
    assert unit_place(state, 0, "worker:4") == "mat"
    assert stats(state)[0] == 2 and state["stack"] == []  # the cost is paid whole


def test_s14_2_workers_none_taken_and_the_next_effect_still_runs():
    """enc_01 C: 1 worker, then $2; taking no worker leaves the coins to come after it."""
    state = encountering("enc_01")
    act(state, "option C")
    events = act(state, "count 0")
    assert mat_workers(state, 0)[0] == "worker:3" and stats(state)[:2] == (6, 1)
    assert any(getattr(e.text, "key", "") == "scythe.takes_none" for e in events)


def test_s14_2_one_resource_kind_taken_in_part():
    """enc_02 C: 4 metal, then 1 power; the player takes 3 of the metal."""
    state = encountering("enc_02")
    act(state, "option C")
    act(state, "count 3")
    assert resources_at(state, NORDIC_SPOT)["metal"] == 3
    assert stats(state) == (4, 0, 5)


def test_s14_2_a_count_out_of_range_is_refused_with_the_range():
    state = encountering("enc_02")
    act(state, "option C")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="from 4 down to none"):
        flow.dispatch(state, 0, Action.parse("count 5"))
    assert state == before


def test_s14_2_no_count_asked_once_the_mat_has_no_worker():
    state = encountering("enc_01")
    for n in range(3, 9):
        place(state, 0, f"worker:{n}", "r0c4")
    events = act(state, "option B")
    assert state["stack"] == []
    assert any(getattr(e.text, "key", "") == "scythe.no_workers_left" for e in events)
