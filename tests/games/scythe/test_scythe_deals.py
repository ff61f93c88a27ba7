"""Coin deals between players (spec S20.4, rulebook KO 8 "동맹과 매수"): informal agreements are
allowed and not enforced, coins are the only thing that changes hands, and tournament rules
turn deals off. The house's reading (games/scythe/deals.py): the active player offers at the
start of its turn, once to each other player, the amount step by step; the other player alone
accepts or refuses; `offer`, then the player, then the coins (one list at each step); with
hidden coins (S21.1) the amount is told to the two parties only; a
deadline refuses (S21.3)."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction, NotYourTurn, make_agent
from games.scythe.game import ScytheGame
from games.scythe.state import pending

GAME = ScytheGame()
PAIRS = (("polania", "industrial"), ("crimea", "engineering"), ("nordic", "patriotic"))


def drafted(seats: int = 3, **options: object) -> dict:
    state = GAME.setup(seats, {"assignment": "draft", **options}, 1)
    for seat, pair in enumerate(PAIRS[:seats]):
        state, _ = GAME.apply(state, seat, Action("pick", pair))
    return state


def act(state: dict, seat: int, text: str) -> tuple[dict, list]:
    return GAME.apply(state, seat, Action.parse(text))


def texts(state: dict, seat: int) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat)]


def coins(state: dict) -> list[int]:
    return [p["coins"] for p in state["players"]]


def keys(events: list) -> list[str]:
    return [getattr(e.text, "key", "") for e in events]


def offer(state: dict, giver: int, taker: int, coins: int | None = None) -> dict:
    """`offer`, `to <taker>` and, when given, `coins <n>`."""
    state, _ = act(state, giver, "offer")
    state, _ = act(state, giver, f"to {taker}")
    if coins is not None:
        state, _ = act(state, giver, f"coins {coins}")
    return state


def test_s20_4_the_active_player_offers_at_the_start_of_its_turn():
    """One `offer` after the sections (a player typing `1` always takes a section), then
    whom; nobody else may offer out of turn."""
    state = drafted()
    active = state["active"]
    others = [s for s in state["order"] if s != active]
    assert texts(state, active)[0] == "section 1" and texts(state, active)[-1] == "offer"
    with pytest.raises(NotYourTurn):
        act(state, others[0], "offer")
    state, events = act(state, active, "offer")
    assert events == [] and texts(state, active) == [*(f"to {s}" for s in others), "cancel"]


def test_s20_4_coins_change_hands_only_when_the_other_accepts():
    state = drafted()
    giver, taker = state["active"], state["order"][1]
    before = coins(state)
    state = offer(state, giver, taker)
    assert pending(state)["kind"] == "offer"
    assert texts(state, giver) == [*(f"coins {n}" for n in range(1, before[giver] + 1)),
                                   "cancel"]
    state, events = act(state, giver, "coins 2")
    assert keys(events) == ["scythe.deal.offers"] and coins(state) == before
    assert GAME.to_act(state) == {taker} and texts(state, taker) == ["accept", "refuse"]
    state, events = act(state, taker, "accept")
    assert keys(events) == ["scythe.deal.accepted"]
    assert coins(state)[giver] == before[giver] - 2 and coins(state)[taker] == before[taker] + 2
    assert GAME.to_act(state) == {giver} and pending(state)["kind"] == "section"


def test_s20_4_a_refused_offer_changes_no_coins():
    state = drafted()
    giver, taker = state["active"], state["order"][1]
    before = coins(state)
    state = offer(state, giver, taker, coins=1)
    state, events = act(state, taker, "refuse")
    assert keys(events) == ["scythe.deal.refused"] and coins(state) == before
    assert pending(state)["kind"] == "section"


def test_s20_4_one_offer_to_each_player_a_turn_and_cancel_spends_it():
    """Once per other player per turn, so a turn always ends; the next turn opens them again."""
    state = drafted()
    giver, taker, third = state["order"]
    state = offer(state, giver, taker)
    state, events = act(state, giver, "cancel")
    assert events == [] and pending(state)["kind"] == "section"
    state, _ = act(state, giver, "offer")
    assert texts(state, giver) == [f"to {third}", "cancel"]
    with pytest.raises(IllegalAction, match="already made"):
        act(state, giver, f"to {taker}")
    state, _ = act(state, giver, f"to {third}")
    state, _ = act(state, giver, "cancel")
    assert "offer" not in texts(state, giver)
    with pytest.raises(IllegalAction, match="every other player"):
        act(state, giver, "offer")
    state, _ = act(state, giver, "section 1")
    while state["active"] == giver:
        state, _ = GAME.apply(state, giver, next(
            a for a in GAME.legal_actions(state, giver) if a.kind in ("skip", "none", "end")))
    assert texts(state, taker)[-1] == "offer"


def test_s20_4_no_offer_without_coins():
    state = drafted()
    giver = state["active"]
    state["players"][giver]["coins"] = 0
    assert not any(a.kind == "offer" for a in GAME.legal_actions(state, giver))
    with pytest.raises(IllegalAction, match="no coins to offer"):
        act(state, giver, "offer")


def test_s20_4_offers_only_before_the_section_is_chosen():
    state = drafted()
    giver = state["active"]
    state, _ = act(state, giver, "section 1")
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="start of your turn"):
        act(state, giver, "offer")
    assert state == before


def test_s20_4_tournament_rules_turn_deals_off():
    """KO 8: "토너먼트 방식의 게임에서는 ... 코인이 교환될 수 없습니다"."""
    state = drafted(tournament=True)
    giver = state["active"]
    assert not any(a.kind == "offer" for a in GAME.legal_actions(state, giver))
    with pytest.raises(IllegalAction, match="tournament rules"):
        act(state, giver, "offer")


def test_s20_4_s21_1_hidden_coins_the_amount_goes_to_the_two_parties_only():
    state = drafted(coins_visible=False)
    giver, taker, third = state["order"]
    state = offer(state, giver, taker)
    state, events = act(state, giver, "coins 3")
    public, private = events
    assert public.seats is None and public.text.params["what"].key == "scythe.amount.some_coins"
    assert private.seats == (giver, taker) and "$3" in str(private.text)
    assert GAME.view(state, third)["stack"][-1].get("coins") is None
    assert GAME.view(state, None)["stack"][-1].get("coins") is None
    assert GAME.view(state, taker)["stack"][-1]["coins"] == 3
    state, events = act(state, taker, "accept")
    assert [e.seats for e in events] == [None, (giver, taker)]


def test_s20_4_the_receiver_is_told_who_offers_how_much():
    state = drafted()
    giver, taker = state["active"], state["order"][1]
    state, _ = act(state, giver, "offer")
    assert GAME.prompt(state, giver).key == "scythe.prompt.offer_to"
    state, _ = act(state, giver, f"to {taker}")
    assert GAME.prompt(state, giver).key == "scythe.prompt.offer"
    state, _ = act(state, giver, "coins 2")
    prompt = GAME.prompt(state, taker)
    assert prompt.key == "scythe.prompt.answer"
    assert str(prompt.params["what"]) == "$2"


def test_s21_3_a_deadline_refuses_the_offer():
    state = drafted()
    giver, taker = state["active"], state["order"][1]
    assert GAME.skip_action(state, giver) is None  # a section is the player's own choice
    state = offer(state, giver, taker, coins=1)
    assert GAME.skip_action(state, taker) == Action("refuse")


def test_s20_4_the_heuristic_never_gives_coins_and_takes_what_is_offered():
    state = drafted()
    giver, taker = state["active"], state["order"][1]
    agent = make_agent("heuristic", seed=1)
    assert agent.choose(GAME, state, giver).kind == "section"
    state = offer(state, giver, taker)
    assert agent.choose(GAME, state, giver).kind == "cancel"
    state, _ = act(state, giver, "coins 1")
    assert agent.choose(GAME, state, taker).kind == "accept"
