"""Shared chance (games.core.chance): every roll, shuffle and random pick is drawn from the PRNG
in the state, told in the log as a `chance` event, and can be fixed by a test through `force`
without changing anything else in the game."""

import json

import pytest

from games.core import (
    CHANCE,
    ForcedOutcomeError,
    Rng,
    force,
    pick,
    roll,
    shuffle,
)
from games.core.chance import FORCED
from games.core.messages import Seat, msg
from tests.wording import english


def fresh(seed: int = 7) -> dict:
    return {"rng": Rng.from_seed(seed).state}


# -- dice --------------------------------------------------------------------------------------
def test_a_roll_draws_each_die_from_the_state_generator_in_order():
    state, rng = fresh(), Rng.from_seed(7)
    rolled = roll(state, 3, 6, who="Seat 1")
    assert rolled.faces == tuple(rng.below(6) + 1 for _ in range(3))
    assert state["rng"] == rng.state


def test_a_roll_event_shows_faces_named_modifiers_and_total():
    state = fresh()
    force(state, 4, 5)
    rolled = roll(state, 2, 6, who=Seat(1), why="the battle",
                  modifiers=[("general", 2), ("river", -1)])
    assert rolled.natural == 9 and rolled.total == 10
    assert english(rolled.event.text, ["Cao Cao", "Liu Bei"]) == (
        "Liu Bei rolls 2d6 for the battle: 4+5, with +2 (general) and -1 (river), = 10.")
    assert english(rolled.event.text, ["Cao Cao", "Liu Bei"], seat=1).startswith("You roll 2d6")
    assert english(rolled.event.text, ["曹操", "刘备"], locale="zh-CN") == (
        "刘备为the battle掷 2d6：4+5，修正 +2（general）和-1（river），合计 10。")
    assert rolled.event.kind == CHANCE and rolled.event.public


def test_a_roll_without_purpose_or_modifiers_reads_plainly():
    state = fresh()
    force(state, 6)
    assert english(roll(state, 1, 6, who=Seat(0)).event.text) == "Seat 1 rolls 1d6: 6 = 6."


def test_impossible_dice_are_refused():
    with pytest.raises(ValueError):
        roll(fresh(), 0, 6, who="Seat 0")


# -- the forcing hook --------------------------------------------------------------------------
def test_forcing_changes_only_the_forced_outcome_not_the_rest_of_the_stream():
    plain, forced = fresh(), fresh()
    force(forced, 1)
    roll(plain, 1, 6, who="Seat 0")
    assert roll(forced, 1, 6, who="Seat 0").faces == (1,)
    assert forced["rng"] == plain["rng"]
    assert roll(forced, 2, 6, who="Seat 0").faces == roll(plain, 2, 6, who="Seat 0").faces


def test_forced_outcomes_are_taken_in_order_and_the_queue_key_then_disappears():
    state = fresh()
    force(state, 2, 3)
    force(state, ["b"])
    assert roll(state, 2, 6, who="Seat 0").faces == (2, 3)
    deck = ["a", "b", "c"]
    shuffle(state, deck, "The deck is shuffled.")
    assert deck[0] == "b" and sorted(deck) == ["a", "b", "c"]
    assert FORCED not in state


def test_a_forced_state_is_plain_json_and_replays_identically():
    """The queue lives in the state, so the same state always gives the same outcome."""
    state = fresh()
    force(state, 6, 6)
    copied = json.loads(json.dumps(state))
    assert roll(state, 2, 6, who="Seat 0") == roll(copied, 2, 6, who="Seat 0")
    assert state == copied


@pytest.mark.parametrize("outcome", [0, 7, "6", True])
def test_a_forced_face_the_die_cannot_show_is_a_test_mistake(outcome):
    state = fresh()
    force(state, outcome)
    with pytest.raises(ForcedOutcomeError):
        roll(state, 1, 6, who="Seat 0")


def test_a_forced_pick_or_shuffle_must_name_items_that_are_there():
    state = fresh()
    force(state, "z")
    with pytest.raises(ForcedOutcomeError):
        pick(state, ["a", "b"], msg("engine.your_turn"))
    force(state, "a")
    with pytest.raises(ForcedOutcomeError):
        shuffle(state, ["a", "b"], "The deck is shuffled.")


# -- shuffles ----------------------------------------------------------------------------------
def test_a_shuffle_is_the_generator_shuffle_and_its_event_hides_the_order():
    state, rng = fresh(), Rng.from_seed(7)
    deck, expected = [f"card{n}" for n in range(20)], [f"card{n}" for n in range(20)]
    rng.shuffle(expected)
    event = shuffle(state, deck, "The battle deck is shuffled.")
    assert deck == expected and state["rng"] == rng.state
    assert event.kind == CHANCE and event.public
    assert not any(card in event.text for card in deck)


def test_a_forced_shuffle_puts_the_cards_on_the_top_wherever_the_top_is():
    first, last = fresh(), fresh()
    force(first, [3, 1])
    force(last, [3, 1])
    front, back = list(range(6)), list(range(6))
    shuffle(first, front, "Shuffled.")
    shuffle(last, back, "Shuffled.", top="last")
    assert front[:2] == [3, 1] and back[-2:] == [1, 3]
    assert front[2:] == back[:-2][::-1]  # the rest in the same shuffled order


# -- random picks ------------------------------------------------------------------------------
def test_a_public_pick_names_the_item_for_everyone():
    state, rng = fresh(), Rng.from_seed(7)
    tiles = ["farms", "lakes", "tunnels"]
    drawn = pick(state, tiles, msg("engine.has_chosen", who=Seat(1)), show=str.upper)
    assert drawn.index == rng.below(3) and drawn.item == tiles[drawn.index]
    (event,) = drawn.events
    assert event.public and event.kind == CHANCE
    assert english(event.text) == f"Seat 2 has chosen. It is {drawn.item.upper()}."


def test_a_pick_from_a_hidden_hand_shows_the_card_only_to_the_seats_that_may_see_it():
    state = fresh()
    force(state, "zhao_yun")
    taken = pick(state, ["guan_yu", "zhao_yun"], msg("engine.has_chosen", who=Seat(2)),
                 seen_by=(0, 2))
    public, private = taken.events
    assert taken.index == 1
    assert public.public and "zhao_yun" not in english(public.text)
    assert private.seats == (0, 2) and "zhao_yun" in english(private.text)
    assert not private.visible_to(1) and not private.visible_to(None)


def test_picking_from_nothing_is_refused():
    with pytest.raises(ValueError):
        pick(fresh(), [], msg("engine.your_turn"))
