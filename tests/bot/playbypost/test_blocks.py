"""Block lists (issue 19, item 8): a member blocks another (`/me block`), and campaign
pairing never seats the two together; a round the blocks make impossible is refused with the
reason, before any table opens."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.playbypost.campaigns.pairing import NoDeal, _separated, deal
from bot.service.models import ServiceError
from tests.bot.playbypost.test_campaigns import (
    ALICE,
    BOB,
    CARA,
    CHANNEL,
    DAN,
    EVE,
    EVERYONE,
    FINN,
    GUILD,
    MOD,
    league,
)


async def test_a_member_blocks_and_unblocks_another(app):
    settings = app.gm.settings
    await settings.block(ALICE.user_id, BOB.user_id)
    await settings.block(ALICE.user_id, CARA.user_id)
    assert (await settings.user(ALICE.user_id)).blocked == (BOB.user_id, CARA.user_id)
    for other, key in ((ALICE.user_id, "campaigns.block_self"),
                       (BOB.user_id, "campaigns.already_blocked")):
        with pytest.raises(ServiceError) as refused:
            await settings.block(ALICE.user_id, other)
        assert refused.value.message.key == key
    await settings.unblock(ALICE.user_id, BOB.user_id)
    assert (await settings.user(ALICE.user_id)).blocked == (CARA.user_id,)
    with pytest.raises(ServiceError) as refused:
        await settings.unblock(ALICE.user_id, BOB.user_id)
    assert refused.value.message.key == "campaigns.not_blocked"
    assert (await settings.user(BOB.user_id)).blocked == ()  # Bob is not told, nor changed


def test_a_deal_never_seats_a_blocked_pair_together():
    players = list(range(1, 10))
    for seed in range(200):
        rng = random.Random(seed)
        pairs = {frozenset(rng.sample(players, 2)) for _ in range(6)}
        tables = deal(players, [3, 3, 3], Counter(), random.Random(seed), frozenset(pairs))
        assert sorted(u for t in tables for u in t) == players
        assert not any(frozenset(p) in pairs for t in tables
                       for p in itertools.combinations(t, 2))


def test_the_exact_search_finds_a_deal_or_proves_there_is_none():
    # 1 may sit only with 2 and 3; 6 only with 4 and 5: the one deal is {1, 2, 3}, {4, 5, 6}
    blocked = frozenset(frozenset(p) for p in [(1, 4), (1, 5), (1, 6), (6, 2), (6, 3)])
    assert sorted(map(sorted, _separated([1, 2, 3, 4, 5, 6], [3, 3], blocked) or [])) == [
        [1, 2, 3], [4, 5, 6]]
    impossible = frozenset(frozenset(p) for p in itertools.combinations([1, 2, 3], 2))
    assert _separated([1, 2, 3, 4], [2, 2], impossible) is None
    assert deal([1, 2, 3, 4], [2, 2], Counter(), random.Random(1), impossible) == []


async def test_open_round_keeps_blocked_players_apart(app):
    members = (ALICE, BOB, CARA, DAN, EVE, FINN)
    await league(app, members, seats=3)
    await app.gm.settings.block(ALICE.user_id, BOB.user_id)
    await app.gm.settings.block(CARA.user_id, ALICE.user_id)  # blocked by Cara: the same
    await app.gm.settings.block(DAN.user_id, EVE.user_id)
    opened = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    for table in opened.tables:
        users = {s.user_id for s in table.seats}
        assert not {ALICE.user_id, BOB.user_id} <= users
        assert not {ALICE.user_id, CARA.user_id} <= users
        assert not {DAN.user_id, EVE.user_id} <= users


async def test_a_round_the_blocks_make_impossible_is_refused_clearly(app):
    await league(app, (ALICE, BOB, CARA), seats=3)  # one table of three
    await app.gm.settings.block(BOB.user_id, CARA.user_id)
    with pytest.raises(ServiceError) as refused:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert refused.value.message.key == "campaigns.blocked_round"
    assert refused.value.render("en") == (
        "Round 1 of Spring cannot be dealt: with tables of 3 players, no deal keeps apart "
        "the players who asked not to meet (Bob with Cara). Nothing was opened. Ask one of "
        "them to leave the campaign, or change the table size with a new campaign.")
    assert await app.gm.repo.campaign_games(
        (await app.gm.repo.get_campaign(GUILD, "Spring")).id) == []


async def test_who_sits_out_gives_way_to_the_blocks(app):
    # four players of a three-player game: one sits out; Alice and Bob must not meet, so
    # whoever sits out is one of them
    await league(app, (ALICE, BOB, CARA, DAN), game="redux", seats=3)
    await app.gm.settings.block(ALICE.user_id, BOB.user_id)
    opened = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    [table] = opened.tables
    users = {s.user_id for s in table.seats}
    assert {CARA.user_id, DAN.user_id} <= users and len(users) == 3
    assert opened.sitting_out in (["Alice"], ["Bob"])


def test_no_deal_names_the_pairs():
    error = NoDeal([3], [(12, 13)])
    assert error.sizes == [3] and error.pairs == [(12, 13)]
    assert len(EVERYONE) == 9
