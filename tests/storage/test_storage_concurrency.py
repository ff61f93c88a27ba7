"""Concurrent writers: one expected version admits exactly one write, whoever races for it."""

from __future__ import annotations

import asyncio

from storage import DuplicateInteraction, Repository, StaleVersion
from tests.storage.storage_helpers import (
    add,
    append,
    events_for,
    opened,
    replay,
    started_game,
)


async def race(repo: Repository, game_id: int, version: int, n: int) -> int | None:
    """Appends `add n` at `version`; returns the new version, or None if it lost the race."""
    try:
        return await append(repo,
            game_id, expected_version=version, seat=0, user_id=101, action=add(n),
            events=events_for(n, 0), state=replay([add(n)]), interaction_id=f"click-{n}")
    except StaleVersion:
        return None


async def test_fifty_racing_appends_exactly_one_wins(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    outcomes = await asyncio.gather(*(race(repo, game_id, version, n) for n in range(50)))
    winners = [n for n, new in enumerate(outcomes) if new is not None]
    assert len(winners) == 1
    [action] = await repo.actions(game_id)
    assert action.action == add(winners[0])
    record = await repo.get_game(game_id)
    assert (record.version, record.state) == (version + 1, replay([add(winners[0])]))
    assert len(await repo.events(game_id, viewer_seat=0)) == 2


async def test_racing_connections_to_one_database_exactly_one_wins(database: str) -> None:
    """Two repositories (their own connections, as two processes would have) on the same
    database."""
    async with opened(database) as first, opened(database) as second:
        game_id, version = await started_game(first)
        outcomes = await asyncio.gather(
            *(race(first if n % 2 else second, game_id, version, n) for n in range(20)))
        assert sum(new is not None for new in outcomes) == 1
        assert len(await second.actions(game_id)) == 1


async def test_reads_never_see_a_transaction_in_flight(repo: Repository) -> None:
    """Readers interleaved with writers only ever see whole actions."""
    game_id, version = await started_game(repo)

    async def writer() -> None:
        current = version
        for n in range(1, 31):
            current = await append(repo,
                game_id, expected_version=current, seat=0, user_id=101, action=add(1),
                events=events_for(n, 0), state=replay([add(1)] * n), interaction_id=None)

    async def reader() -> None:
        for _ in range(60):
            actions = await repo.actions(game_id)
            state = (await repo.get_game(game_id)).state
            assert state is not None and len(actions) <= state["moves"]
            events = await repo.events(game_id, viewer_seat=0)
            assert len(events) % 2 == 0
            await asyncio.sleep(0)

    await asyncio.gather(writer(), reader(), reader())
    assert len(await repo.actions(game_id)) == 30


async def test_a_cancelled_append_is_all_or_nothing(repo: Repository) -> None:
    """A coroutine cancelled anywhere inside its transaction leaves no half action and no
    transaction open: the next writer proceeds."""
    game_id, version = await started_game(repo)
    for steps in range(15):  # cancel after 0, 1, 2, ... turns of the event loop
        task = asyncio.create_task(race(repo, game_id, version, steps))
        for _ in range(steps):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        version = (await repo.get_game(game_id)).version
        actions = await repo.actions(game_id)
        assert len(await repo.events(game_id, viewer_seat=0)) == 2 * len(actions)
        assert [a.version for a in actions] == list(range(2, version + 1))
    assert await race(repo, game_id, version, 99) == version + 1


async def test_one_interaction_pressed_in_two_processes_applies_once(database: str) -> None:
    """The same Discord interaction reaching two processes at once, for two games (the
    version check cannot tell them apart): the unique interaction id lets one through."""
    async with opened(database) as first, opened(database) as second:
        games = [await started_game(first, channel_id=channel) for channel in (20, 21)]

        async def press(repo: Repository, game_id: int, version: int) -> str:
            try:
                await append(repo, game_id, expected_version=version, seat=0, user_id=101,
                             action=add(1), events=events_for(1, 0), state=replay([add(1)]),
                             interaction_id="the-click")
            except DuplicateInteraction:
                return "repeat"
            return "applied"

        outcomes = await asyncio.gather(press(first, *games[0]), press(second, *games[1]))
        assert sorted(outcomes) == ["applied", "repeat"]
        logs = [await first.actions(game_id) for game_id, _ in games]
        assert sorted(len(log) for log in logs) == [0, 1]
