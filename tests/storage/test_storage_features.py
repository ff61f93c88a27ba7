"""The play-by-post features' rows, on each backend: clocks and deadlines, campaigns,
spectators and undo votes, imported games, and the outbox (its claims across repositories,
as several bot processes would make them)."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

import pytest

from storage import NewAction, NotFound, Repository, StorageError, Turn
from storage.clock import ClockChanges, ClockRecord, DeadlineRecord
from storage.outbox import NewPost
from storage.tables import ImportedAction, ImportedGame
from tests.storage.storage_helpers import (
    SEATS,
    add,
    events_for,
    opened,
    replay,
    started_game,
)

NOW = 10_000.0


def clock(game_id: int, seat: int, version: int, **changes: object) -> ClockRecord:
    fields: dict[str, object] = {"game_id": game_id, "seat": seat, "user_id": 101 + seat,
                                 "version": version, "started_at": 1000.5, "due_at": 90000.25}
    return ClockRecord(**{**fields, **changes})  # type: ignore[arg-type]


async def with_clocks(repo: Repository) -> tuple[int, int]:
    """A started game whose seats 0 and 1 are awaited, with a deadline; (id, version)."""
    game_id, version = await started_game(repo)
    deadline = DeadlineRecord(game_id, 24.0, "skip", (12.0, 1.5))
    changes = ClockChanges(start=(clock(game_id, 0, 1), clock(game_id, 1, 1)),
                           deadline=deadline)
    await repo.set_status(game_id, "running", expected_version=version, clocks=changes)
    return game_id, version + 1


# -- clocks -------------------------------------------------------------------------------------
async def test_clocks_are_listed_by_game_and_user(repo: Repository) -> None:
    game_id, _ = await with_clocks(repo)
    other, _ = await with_clocks(repo)
    assert [(c.game_id, c.seat) for c in await repo.clocks()] == [
        (game_id, 0), (game_id, 1), (other, 0), (other, 1)]
    assert await repo.clocks(game_id=other) == [clock(other, 0, 1), clock(other, 1, 1)]
    assert [c.game_id for c in await repo.clocks(user_id=102)] == [game_id, other]
    assert await repo.clocks(game_id=other, user_id=101) == [clock(other, 0, 1)]
    loaded = await repo.load_game(game_id)
    assert loaded.clocks.clocks == (clock(game_id, 0, 1), clock(game_id, 1, 1))
    assert loaded.clocks.deadline == await repo.deadline(game_id)


async def test_save_clock_writes_only_that_very_clock(repo: Repository) -> None:
    game_id, _ = await with_clocks(repo)
    held = clock(game_id, 0, 1, reminded=(12.0,), expired=True, held_for=30.5,
                 held_since=2000.0)
    assert await repo.save_clock(held)
    assert not await repo.save_clock(clock(game_id, 0, 2))  # a later clock of that seat
    assert not await repo.save_clock(clock(game_id, 2, 1))  # a seat nobody awaits
    assert await repo.clocks(game_id=game_id, user_id=101) == [held]
    await repo.clear_clocks(game_id)
    assert await repo.clocks(game_id=game_id) == []


async def test_a_deadline_is_kept_from_the_first_clock_and_set_with_retimed_clocks(
        repo: Repository) -> None:
    game_id, version = await with_clocks(repo)
    kept = await repo.deadline(game_id)
    assert kept == DeadlineRecord(game_id, 24.0, "skip", (12.0, 1.5))
    again = ClockChanges(deadline=DeadlineRecord(game_id, 1.0, "wait", ()))
    await repo.set_status(game_id, "paused", expected_version=version, clocks=again)
    assert await repo.deadline(game_id) == kept  # a game keeps the deadline it has
    changed = DeadlineRecord(game_id, 48.0, "autopilot", (6.0,))
    await repo.set_deadline(changed, retimed=[clock(game_id, 1, 1, due_at=123.0)])
    assert await repo.deadline(game_id) == changed
    assert [c.due_at for c in await repo.clocks(game_id=game_id)] == [90000.25, 123.0]
    assert await repo.deadline(game_id + 1) is None


# -- campaigns ----------------------------------------------------------------------------------
async def test_a_campaign_name_is_unique_without_ascii_case(repo: Repository) -> None:
    spring = await repo.create_campaign(guild_id=1, name="Spring 魏", game="record",
                                        kind="league", seats=4, created_by=7)
    assert await repo.get_campaign(1, "SPRING 魏") == spring
    assert await repo.get_campaign(2, "spring 魏") is None
    with pytest.raises(StorageError, match="constraint"):
        await repo.create_campaign(guild_id=1, name="spring 魏", game="record",
                                   kind="league", seats=4, created_by=7)
    other = await repo.create_campaign(guild_id=2, name="spring 魏", game="redux",
                                       kind="tournament", seats=2, created_by=None)
    assert (other.status, other.kind, other.seats) == ("open", "tournament", 2)
    with pytest.raises(ValueError):
        await repo.create_campaign(guild_id=1, name="x", game="record", kind="cup", seats=2,
                                   created_by=None)


async def test_a_campaign_s_members_games_and_status(repo: Repository) -> None:
    cup = await repo.create_campaign(guild_id=1, name="Cup", game="record", kind="tournament",
                                     seats=2, created_by=None)
    assert await repo.add_member(cup.id, 5, "Guan Yu")
    assert not await repo.add_member(cup.id, 5, "Guan Yu again")
    assert await repo.add_member(cup.id, 6, "Zhang Fei")
    assert [m.name for m in await repo.members(cup.id)] == ["Guan Yu", "Zhang Fei"]
    assert await repo.remove_member(cup.id, 6) and not await repo.remove_member(cup.id, 6)
    game_id, _ = await started_game(repo)
    second, _ = await started_game(repo)
    await repo.add_campaign_game(cup.id, second, round=2, table=1)
    await repo.add_campaign_game(cup.id, game_id, round=1, table=1)
    with pytest.raises(StorageError, match="constraint"):
        await repo.add_campaign_game(cup.id, game_id, round=3, table=1)
    assert [(g.game_id, g.round) for g in await repo.campaign_games(cup.id)] == [
        (game_id, 1), (second, 2)]
    await repo.set_campaign_status(cup.id, "running")
    assert await repo.campaign_of_game(game_id) == await repo.get_campaign(1, "cup")
    assert (await repo.campaigns(1))[0].status == "running"
    with pytest.raises(NotFound):
        await repo.set_campaign_status(cup.id + 1, "finished")


# -- a table's people, votes and imports --------------------------------------------------------
async def test_spectators_and_undo_votes(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    assert await repo.add_spectator(game_id, 9, "Zhuge Liang")
    assert not await repo.add_spectator(game_id, 9, "Zhuge Liang")
    assert [s.name for s in await repo.spectators(game_id)] == ["Zhuge Liang"]
    assert await repo.remove_spectator(game_id, 9) and await repo.spectators(game_id) == []
    vote = await repo.open_undo_vote(game_id, requested_by=101, keep=0, version=version,
                                     affected=[101, 102], approved=[101])
    assert await repo.undo_vote(vote.id) == vote
    passed = await repo.set_undo_vote(vote.id, approved=[101, 102], status="passed")
    assert (passed.approved, passed.status) == ([101, 102], "passed")
    assert await repo.undo_votes(game_id) == []
    assert await repo.undo_votes(game_id, status="passed") == [passed]
    with pytest.raises(NotFound):
        await repo.undo_vote(vote.id + 1)
    with pytest.raises(ValueError):
        await repo.undo_votes(game_id, status="maybe")


async def test_an_imported_game_is_whole(repo: Repository) -> None:
    moves = [add(2), add(3)]
    imported = ImportedGame(
        game="fake", options={"advanced": True}, seed=7, seats=SEATS,
        actions=[ImportedAction(i % 3, m, events_for(i, i % 3)) for i, m in enumerate(moves)],
        state=replay(moves), result=None, status="running",
        opening=[{"text": "shuffled", "seats": None, "kind": "log"}])
    game_id = await repo.import_game(imported, guild_id=1, channel_id=2, created_by=3)
    record = await repo.get_game(game_id)
    assert (record.version, record.state, record.status) == (4, replay(moves), "running")
    assert [a.version for a in await repo.actions(game_id)] == [3, 4]
    assert [a.action for a in await repo.actions(game_id)] == moves
    assert await repo.get_seats(game_id) == SEATS
    assert [e.text for e in await repo.events(game_id)] == ["shuffled", "added 0", "added 1"]


# -- the outbox ---------------------------------------------------------------------------------
async def post(repo: Repository, game_id: int, version: int, n: int,
               board: bool = False) -> int:
    """An action announced through the outbox; returns the new version."""
    turn = Turn(version, replay([add(n)]), [NewAction(0, 101, add(n), [])],
                post=NewPost({"lines": [n]}, board=board))
    return await repo.commit_turn(game_id, turn)


async def test_an_entry_is_stored_with_its_change_and_marked_done(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await post(repo, game_id, version, 1, board=True)
    entry = await repo.post_of(game_id, version)
    assert entry is not None and (entry.payload, entry.progress, entry.done) == (
        {"lines": [1]}, 0, False)
    await repo.post_payload(game_id, version, {"lines": [1], "dm": [101]})
    await repo.post_progress(game_id, version, 2, now=NOW)
    await repo.post_progress(game_id, version, 1, now=NOW)  # progress never goes back
    await repo.post_done(game_id, version, now=NOW)
    entry = await repo.post_of(game_id, version)
    assert entry is not None and (entry.payload, entry.progress, entry.done) == (
        {"lines": [1], "dm": [101]}, 2, True)
    assert not await repo.newer_board(game_id, version)
    assert await repo.newer_board(game_id, version - 1)
    assert await repo.post_of(game_id, version + 1) is None


async def test_claims_take_the_oldest_pending_entry_of_each_game(repo: Repository) -> None:
    first, version = await started_game(repo)
    first_version = await post(repo, first, version, 1)
    await post(repo, first, first_version, 2)
    second, version = await started_game(repo)
    second_version = await post(repo, second, version, 3)
    assert await repo.claim_posts(now=0.0) == []  # their creators hold them
    far = NOW * 1e6  # after every lease
    claimed = await repo.claim_posts(now=far, lease=60.0)
    assert [(p.game_id, p.version) for p in claimed] == [(first, first_version),
                                                          (second, second_version)]
    assert await repo.claim_posts(now=far + 1) == []  # held for a minute now
    await repo.post_done(first, first_version, now=far)
    again = await repo.claim_posts(now=far + 61)  # the next of the first game, and the
    assert [(p.game_id, p.version) for p in again] == [  # second's whose lease ran out
        (first, first_version + 1), (second, second_version)]


@pytest.mark.parametrize("pollers", [2, 5])
async def test_pollers_of_several_processes_never_take_one_entry_twice(
        database: str, pollers: int) -> None:
    """Repositories of their own (as bot processes have) claim at once: each entry goes to
    exactly one of them."""
    async with opened(database) as repo:
        for _ in range(12):
            game_id, version = await started_game(repo)
            await post(repo, game_id, version, 1)
    async with AsyncExitStack() as stack:
        repos = [await stack.enter_async_context(opened(database)) for _ in range(pollers)]
        claims = await asyncio.gather(*(r.claim_posts(now=NOW * 1e6) for r in repos))
    taken = [(p.game_id, p.version) for claim in claims for p in claim]
    assert len(taken) == len(set(taken)) == 12
