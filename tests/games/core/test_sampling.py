"""The determinisers' shared helpers (games/core/sampling.py): the unseen pool is what a view
never names, and a dealer deals it out reproducibly, refusing to deal what is not there."""

from __future__ import annotations

import pytest

from games.core import Rng
from games.core.sampling import Dealer, fresh_rng, seen, unseen

VIEW = {"hand": [{"id": "c1"}, {"id": "c4"}], "discard_top": ["c2"], "c7": 1, "decks": 3}


def test_seen_holds_every_string_of_a_view_keys_included():
    assert seen(VIEW) == {"hand", "id", "c1", "c4", "discard_top", "c2", "c7", "decks"}


def test_the_unseen_pool_keeps_the_data_order_and_leaves_out_what_the_view_names():
    assert unseen([f"c{n}" for n in range(1, 9)], VIEW) == ["c3", "c5", "c6", "c8"]


def test_one_rng_state_deals_the_same_and_another_deals_differently():
    pool = [f"c{n}" for n in range(20)]
    first, again, other = (Dealer(pool, Rng(seed)).deal(5) for seed in (1, 1, 2))
    assert first == again
    assert first != other
    assert set(first) <= set(pool)


def test_a_dealer_never_deals_a_piece_twice_and_gives_the_rest():
    dealer = Dealer(list(range(10)), Rng(3))
    dealt = dealer.deal(4) + dealer.deal(3)
    rest = dealer.rest()
    assert sorted(dealt + rest) == list(range(10))
    assert dealer.rest() == []


def test_deal_where_takes_only_pieces_that_fit_the_place():
    dealer = Dealer(list(range(10)), Rng(4))
    evens = dealer.deal_where(3, lambda n: n % 2 == 0)
    assert len(evens) == 3 and all(n % 2 == 0 for n in evens)
    assert not set(evens) & set(dealer.rest())


def test_dealing_past_the_pool_is_refused_rather_than_sampled_short():
    with pytest.raises(ValueError, match="3 unseen pieces, 2 left"):
        Dealer(["a", "b"], Rng(5)).deal(3)
    with pytest.raises(ValueError, match="fitting"):
        Dealer(["a", "b"], Rng(5)).deal_where(1, lambda piece: piece == "z")


def test_the_samples_generator_comes_from_the_given_rng_and_advances_it():
    rng = Rng(6)
    first = fresh_rng(rng)
    assert first == Rng(6).next_u64()
    assert fresh_rng(rng) != first
