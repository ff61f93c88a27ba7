"""What several bot processes sharing one database need of it, on each backend (issue 17):
a round's steps claimed once, clocks claimed by one pass at a time, undo ballots and votes
that cannot count twice, and which database a process has to itself. Repositories of their
own (their own connections, as processes have) race with `asyncio.gather`."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from dataclasses import replace

import pytest

from storage import Repository, StaleRow, StorageError
from storage.clock import ClockChanges, ClockRecord, DeadlineRecord
from tests.storage.storage_helpers import opened, started_game

NOW = 50_000.0


async def repositories(stack: AsyncExitStack, database: str, count: int) -> list[Repository]:
    return [await stack.enter_async_context(opened(database)) for _ in range(count)]


async def awaited_game(repo: Repository, seats: int = 2) -> int:
    """A started game whose first `seats` seats each have a running clock."""
    game_id, version = await started_game(repo)
    clocks = tuple(ClockRecord(game_id, seat, 101 + seat, version + 1, NOW, NOW + 3600.0)
                   for seat in range(seats))
    await repo.set_status(game_id, "running", expected_version=version,
                          clocks=ClockChanges(start=clocks,
                                              deadline=DeadlineRecord(game_id, 1.0, "wait",
                                                                      (0.5,))))
    return game_id


async def campaign_of(repo: Repository) -> int:
    campaign = await repo.create_campaign(guild_id=1, name="Autumn", game="record",
                                          kind="league", seats=3, created_by=7)
    return campaign.id


# -- a campaign round's steps --------------------------------------------------------------------
async def test_a_rounds_news_is_claimed_by_one_of_many_processes(database: str) -> None:
    async with AsyncExitStack() as stack:
        repos = await repositories(stack, database, 4)
        campaign = await campaign_of(repos[0])
        claims = await asyncio.gather(*(r.claim_round(campaign, 3, "told", NOW)
                                        for r in repos for _ in range(3)))
        assert sorted(claims) == [False] * 11 + [True]
        assert not await repos[1].claim_round(campaign, 3, "told", NOW + 1e6,
                                              stale_before=None)  # told stays told
        assert await repos[2].claim_round(campaign, 4, "told", NOW)  # the next round's


async def test_a_deal_claim_is_taken_over_only_once_old_or_given_back(repo: Repository) -> None:
    campaign = await campaign_of(repo)
    assert await repo.claim_round(campaign, 1, "dealt", NOW, stale_before=NOW - 120)
    assert not await repo.claim_round(campaign, 1, "dealt", NOW + 60, stale_before=NOW - 60)
    assert await repo.claim_round(campaign, 1, "dealt", NOW + 200, stale_before=NOW + 80)
    assert not await repo.claim_round(campaign, 1, "dealt", NOW + 201, stale_before=NOW + 81)
    await repo.release_round(campaign, 1, "dealt")
    assert await repo.claim_round(campaign, 1, "dealt", NOW + 202)
    assert await repo.claim_round(campaign, 1, "told", NOW + 203)  # a step of its own
    with pytest.raises(ValueError):
        await repo.claim_round(campaign, 1, "sung", NOW)


# -- clocks -------------------------------------------------------------------------------------
async def test_passes_of_several_processes_claim_each_clock_once(database: str) -> None:
    async with opened(database) as repo:
        games = [await awaited_game(repo) for _ in range(6)]
    async with AsyncExitStack() as stack:
        repos = await repositories(stack, database, 3)
        claims = await asyncio.gather(*(r.claim_clocks(NOW, f"pass {n}")
                                        for n, r in enumerate(repos)))
    taken = [(c.game_id, c.seat) for claim in claims for c in claim]
    assert sorted(taken) == [(game, seat) for game in games for seat in (0, 1)]
    assert len(set(taken)) == len(taken)


async def test_a_claimed_clock_waits_for_its_release_or_the_end_of_its_lease(
        repo: Repository) -> None:
    game_id = await awaited_game(repo)
    first = await repo.claim_clocks(NOW, "first", lease=100.0)
    assert [(c.game_id, c.seat) for c in first] == [(game_id, 0), (game_id, 1)]
    assert first == await repo.clocks(game_id=game_id)  # as stored, the claim aside
    assert await repo.claim_clocks(NOW + 99, "second") == []
    await repo.release_clocks("first")
    assert len(await repo.claim_clocks(NOW + 99, "second", lease=10.0)) == 2
    assert len(await repo.claim_clocks(NOW + 110, "third")) == 2  # second's lease ran out


async def test_a_pass_saves_a_clock_only_while_it_holds_it(repo: Repository) -> None:
    """A pass whose claim ran out and was taken over sends nothing: its save is refused,
    the pass that holds the clock saves, and a save outside any pass still writes."""
    game_id = await awaited_game(repo, seats=1)
    [clock] = await repo.claim_clocks(NOW, "slow", lease=10.0)
    reminded = replace(clock, reminded=(0.5,))
    [taken] = await repo.claim_clocks(NOW + 20, "quick")
    assert taken == clock
    assert not await repo.save_clock(reminded, claimed_by="slow")
    assert await repo.save_clock(reminded, claimed_by="quick")
    assert await repo.save_clock(replace(reminded, held_since=NOW))
    [stored] = await repo.clocks(game_id=game_id)
    assert (stored.reminded, stored.held_since) == ((0.5,), NOW)


async def test_a_clock_started_again_is_free_to_claim(repo: Repository) -> None:
    """A change of the game replaces a claimed clock with a new one nobody holds."""
    game_id = await awaited_game(repo, seats=1)
    [old] = await repo.claim_clocks(NOW, "pass")
    version = (await repo.get_game(game_id)).version
    new = ClockRecord(game_id, 0, 101, version + 1, NOW + 5, NOW + 3605)
    await repo.set_status(game_id, "running", expected_version=version,
                          clocks=ClockChanges(start=(new,)))
    assert not await repo.save_clock(old, claimed_by="pass")
    assert await repo.claim_clocks(NOW + 6, "other") == [new]


# -- undo votes ---------------------------------------------------------------------------------
async def test_two_ballots_read_at_once_do_not_both_count(database: str) -> None:
    async with opened(database) as first, opened(database) as second:
        game_id, version = await started_game(first)
        vote = await first.open_undo_vote(game_id, requested_by=101, keep=0, version=version,
                                          affected=[101, 102, 103], approved=[101])

        async def ballot(repo: Repository, user: int) -> str:
            try:
                await repo.set_undo_vote(vote.id, approved=[*vote.approved, user],
                                         status="open", was=vote)
            except StaleRow:
                return "again"
            return "counted"

        outcomes = await asyncio.gather(ballot(first, 102), ballot(second, 103))
        assert sorted(outcomes) == ["again", "counted"]
        stored = await second.undo_vote(vote.id)
        assert len(stored.approved) == 2 and stored.status == "open"


async def test_one_open_vote_per_version_whichever_process_opens_it(database: str) -> None:
    async with opened(database) as first, opened(database) as second:
        game_id, version = await started_game(first)

        async def request(repo: Repository, user: int) -> str:
            try:
                await repo.open_undo_vote(game_id, requested_by=user, keep=0, version=version,
                                          affected=[101, 102], approved=[user])
            except StorageError:
                return "refused"
            return "opened"

        outcomes = await asyncio.gather(request(first, 101), request(second, 102))
        assert sorted(outcomes) == ["opened", "refused"]
        [vote] = await first.undo_votes(game_id)
        await first.set_undo_vote(vote.id, approved=vote.approved, status="rejected")
        assert await request(second, 102) == "opened"  # none of that version is open now


async def test_only_a_sqlite_file_belongs_to_one_process(repo: Repository,
                                                         backend: str) -> None:
    assert repo.one_process is (backend == "sqlite")
