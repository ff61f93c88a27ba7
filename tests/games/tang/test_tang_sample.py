"""Tang's determiniser (games/tang/sample.py) where its view hides a choice or a card's place:
another seat's attack still being built, a secret pick already made, a character the seat
gave away. tests/games/test_sample.py checks the contract over whole games."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Rng, make_agent
from games.core.flow import top
from games.tang import GAME
from games.tang.attack import attack_targets
from games.tang.model import State
from games.tang.public import ANSWERED
from games.tang.sample import sample


def played_until(seats: int, seed: int, found: Callable[[State], bool]) -> State:
    """A seeded game of random seats, played until `found(state)` holds."""
    state = GAME.setup(seats, {}, seed)
    agents = [make_agent("random", seed * 10 + s) for s in range(seats)]
    while not found(state):
        assert GAME.result(state) is None, "the game ended first"
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
    return state


def building_an_attack(state: State) -> bool:
    step = top(state)
    return step is not None and step["rule"] == "attack" and bool(step["data"]["musters"])


def test_another_seats_attack_is_hidden_and_sampled_as_a_fresh_attack_it_could_make():
    state = played_until(3, 4, building_an_attack)
    (attacker,) = top(state)["seats"]
    other = (attacker + 1) % 3
    view = GAME.view(state, other)
    assert view["public"]["flow"]["stack"][-1]["data"] == {}
    assert GAME.view(state, attacker)["public"]["flow"]["stack"][-1]["data"] == top(state)["data"]
    for draw in range(5):
        sampled = sample(view, other, Rng(draw))
        data = top(sampled)["data"]
        assert data["musters"] == [] and data["target"] in attack_targets(sampled, attacker)
        assert GAME.view(sampled, other) == view


def test_a_secret_pick_another_seat_made_is_shown_as_made_and_sampled_among_its_characters():
    state = played_until(3, 2, lambda s: top(s)["rule"] == "pick" and top(s)["answers"][1])
    view = GAME.view(state, 0)
    assert view["public"]["flow"]["stack"][-1]["answers"][1] == ANSWERED
    for draw in range(5):
        sampled = sample(view, 0, Rng(draw))
        picked = top(sampled)["answers"][1]["args"][0]
        assert picked in sampled["players"][1]["dealt"]
        assert GAME.view(sampled, 0) == view


def test_a_character_the_seat_gave_away_is_in_the_receivers_sampled_pile():
    state = played_until(3, 1, lambda s: s["round"] >= 1)
    giver, taker = state["players"][0], state["players"][1]
    card = state["char_deck"][0]
    state["char_deck"].remove(card)
    taker["pile"].append(card)
    giver["knowledge"].append({"kind": "gave", "card": card, "to": 1, "round": 1})
    view = GAME.view(state, 0)
    for draw in range(10):
        sampled = sample(view, 0, Rng(draw))
        assert card in sampled["players"][1]["pile"]
        assert card not in sampled["char_deck"]
        assert GAME.invariants(sampled) == []
