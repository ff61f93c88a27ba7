"""Games and seats: round-trips, lookups by channel and user, and the version counter."""

from __future__ import annotations

import pytest

from storage import NotFound, Repository, SeatRecord, StaleVersion, StorageError
from tests.storage.storage_helpers import SEATS, new_game, replay, started_game


async def test_create_and_get_round_trip(repo: Repository) -> None:
    game_id = await repo.create_game(game="record", options={"variant": "三國", "n": 2},
                                     seed=42, guild_id=1, channel_id=2, thread_id=3,
                                     created_by=4)
    record = await repo.get_game(game_id)
    assert (record.id, record.game, record.options, record.seed) == (
        game_id, "record", {"variant": "三國", "n": 2}, 42)
    assert (record.guild_id, record.channel_id, record.thread_id, record.created_by) == (
        1, 2, 3, 4)
    assert (record.status, record.version, record.state, record.result) == (
        "open", 0, None, None)
    assert record.created_at > 0


async def test_missing_game_raises_not_found(repo: Repository) -> None:
    with pytest.raises(NotFound):
        await repo.get_game(99)
    with pytest.raises(NotFound):
        await repo.get_seats(99)
    with pytest.raises(NotFound):
        await repo.set_thread(99, 1)
    with pytest.raises(NotFound):
        await repo.set_status(99, "paused", expected_version=0)


async def test_seats_round_trip_and_replace_bumps_version(repo: Repository) -> None:
    game_id = await new_game(repo)
    assert await repo.get_seats(game_id) == []
    version = await repo.set_seats(game_id, SEATS, expected_version=0)
    assert version == 1
    assert await repo.get_seats(game_id) == SEATS
    fewer = [SeatRecord(0, 555, "Zhuge Liang", None)]
    assert await repo.set_seats(game_id, fewer, expected_version=1) == 2
    assert await repo.get_seats(game_id) == fewer


async def test_stale_seat_change_writes_nothing(repo: Repository) -> None:
    game_id = await new_game(repo)
    await repo.set_seats(game_id, SEATS, expected_version=0)
    with pytest.raises(StaleVersion) as caught:
        await repo.set_seats(game_id, [], expected_version=0)
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    assert await repo.get_seats(game_id) == SEATS
    assert (await repo.get_game(game_id)).version == 1


async def test_failed_seat_change_rolls_back_the_delete(repo: Repository) -> None:
    game_id = await new_game(repo)
    await repo.set_seats(game_id, SEATS, expected_version=0)
    twice = [SeatRecord(0, 1, "a", None), SeatRecord(0, 2, "b", None)]
    with pytest.raises(StorageError, match="constraint"):
        await repo.set_seats(game_id, twice, expected_version=1)
    assert await repo.get_seats(game_id) == SEATS
    assert (await repo.get_game(game_id)).version == 1


async def test_the_start_sets_status_seats_and_snapshot(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    record = await repo.get_game(game_id)
    assert (record.status, record.version, record.state) == ("running", version, replay([]))
    assert version == 1
    assert await repo.get_seats(game_id) == SEATS


async def test_set_status_bumps_version_and_keeps_result(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await repo.set_status(game_id, "paused", expected_version=version)
    assert (await repo.get_game(game_id)).status == "paused"
    result = {"winners": [1], "reason": "moderator"}
    version = await repo.set_status(game_id, "finished", expected_version=version, result=result)
    record = await repo.get_game(game_id)
    assert (record.status, record.result, record.version) == ("finished", result, version)
    assert version == 3
    with pytest.raises(StaleVersion):
        await repo.set_status(game_id, "running", expected_version=2)
    with pytest.raises(ValueError):
        await repo.set_status(game_id, "won", expected_version=3)
    assert (await repo.get_game(game_id)).status == "finished"


async def test_set_thread_does_not_bump_version(repo: Repository) -> None:
    game_id = await new_game(repo, thread_id=None)
    await repo.set_thread(game_id, 777)
    record = await repo.get_game(game_id)
    assert (record.thread_id, record.version) == (777, 0)


async def game_in(repo: Repository, channel_id: int) -> int | None:
    """The id of the game in play there, if any."""
    found = await repo.games_in_channel(channel_id)
    return found[0].id if found else None


async def test_game_in_channel_finds_the_newest_game_in_play(repo: Repository) -> None:
    assert await repo.games_in_channel(20) == []
    old = await new_game(repo, channel_id=20)
    new = await new_game(repo, channel_id=20)
    assert await game_in(repo, 20) == new
    await repo.set_status(new, "finished", expected_version=0)
    assert await game_in(repo, 20) == old
    await repo.set_status(old, "abandoned", expected_version=0)
    assert await repo.games_in_channel(20) == []


async def test_game_in_channel_matches_threads_first(repo: Repository) -> None:
    in_thread = await new_game(repo, channel_id=20, thread_id=30)
    in_channel = await new_game(repo, channel_id=20, thread_id=None)
    assert await game_in(repo, 30) == in_thread
    assert await game_in(repo, 20) == in_channel
    await repo.set_status(in_channel, "paused", expected_version=0)
    assert await game_in(repo, 20) == in_channel  # paused is still in play


async def test_list_games_filters(repo: Repository) -> None:
    a, _ = await started_game(repo, guild_id=1)
    b = await new_game(repo, guild_id=1)
    c = await new_game(repo, guild_id=2)
    await repo.set_seats(c, [SeatRecord(0, 999, "x", None)], expected_version=0)
    assert [g.id for g in await repo.list_games()] == [c, b, a]
    assert [g.id for g in await repo.list_games(guild_id=1)] == [b, a]
    assert [g.id for g in await repo.list_games(statuses=["running"])] == [a]
    assert [g.id for g in await repo.list_games(statuses=("open", "running"), guild_id=2)] == [c]
    assert await repo.list_games(statuses=[]) == []
    assert [g.id for g in await repo.list_games(user_id=101)] == [a]
    assert [g.id for g in await repo.list_games(user_id=999)] == [c]
    assert await repo.list_games(user_id=999, guild_id=1) == []
