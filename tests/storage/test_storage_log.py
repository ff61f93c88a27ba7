"""The action log: append, version checks, repeated interactions, events and undo."""

from __future__ import annotations

import pytest

from storage import DuplicateInteraction, Repository, StaleVersion
from tests.storage.storage_helpers import (
    add,
    append,
    events_for,
    play,
    raw_value,
    replay,
    started_game,
)


async def snapshot_and_log(repo: Repository, game_id: int) -> tuple:
    """Everything an append may touch, to prove a refused append changed nothing."""
    return (await repo.get_game(game_id), await repo.actions(game_id, include_undone=True),
            await repo.events(game_id, viewer_seat=0))


async def test_append_round_trip(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    state = {"total": 5, "moves": 1, "名": "關羽"}
    new = await append(repo,
        game_id, expected_version=version, seat=1, user_id=102, action=add(5),
        events=events_for(5, 1), state=state, interaction_id="i-1")
    assert new == version + 1
    [action] = await repo.actions(game_id)
    assert (action.seq, action.version, action.seat, action.user_id, action.action,
            action.interaction_id, action.undone) == (1, new, 1, 102, add(5), "i-1", False)
    assert action.created_at > 0
    record = await repo.get_game(game_id)
    assert (record.version, record.state, record.status) == (new, state, "running")


async def test_append_can_finish_the_game(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    result = {"winners": [0], "scores": [{"seat": 0, "total": 9}]}
    await append(repo, game_id, expected_version=version, seat=0, user_id=101,
                             action=add(9), events=[], state=replay([add(9)]),
                             interaction_id=None, result=result, status="finished")
    record = await repo.get_game(game_id)
    assert (record.status, record.result) == ("finished", result)


async def test_every_change_bumps_the_version(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1, 2, 3])
    assert version == 4
    assert [a.version for a in await repo.actions(game_id)] == [2, 3, 4]
    version = await repo.undo_actions(game_id, keep=2, state=replay([add(1), add(2)]),
                                      expected_version=version)
    assert version == 5 == (await repo.get_game(game_id)).version


async def test_stale_append_writes_nothing(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1])
    before = await snapshot_and_log(repo, game_id)
    with pytest.raises(StaleVersion) as caught:
        await append(repo, game_id, expected_version=version - 1, seat=0, user_id=101,
                                 action=add(2), events=events_for(2, 0), state={"bad": True},
                                 interaction_id="late-click")
    assert (caught.value.expected, caught.value.actual) == (version - 1, version)
    assert await snapshot_and_log(repo, game_id) == before


async def test_duplicate_interaction_writes_nothing(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    other_game, other_version = await started_game(repo, channel_id=21)
    version = await append(repo, game_id, expected_version=version, seat=0, user_id=101,
                                       action=add(1), events=events_for(1, 0),
                                       state=replay([add(1)]), interaction_id="click")
    before = await snapshot_and_log(repo, game_id)
    # Redelivered with the version it was built at, and with the current one: both refused.
    for expected in (version - 1, version):
        with pytest.raises(DuplicateInteraction):
            await append(repo, game_id, expected_version=expected, seat=0, user_id=101,
                                     action=add(1), events=events_for(1, 0), state={"bad": 1},
                                     interaction_id="click")
    assert await snapshot_and_log(repo, game_id) == before
    # The id is unique per repository, not per game.
    with pytest.raises(DuplicateInteraction):
        await append(repo, other_game, expected_version=other_version, seat=0,
                                 user_id=101, action=add(1), events=[], state={"bad": 1},
                                 interaction_id="click")
    assert await repo.actions(other_game) == []


async def test_actions_without_interaction_never_collide(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    await play(repo, game_id, version, [1, 1, 1])
    assert [a.interaction_id for a in await repo.actions(game_id)] == [None, None, None]


async def test_replaying_the_log_reproduces_the_snapshot(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [3, 1, 4, 1, 5])
    version = await repo.undo_actions(game_id, keep=3, state=replay([add(3), add(1), add(4)]),
                                      expected_version=version)
    await play(repo, game_id, version, [9, 2])
    live = [a.action for a in await repo.actions(game_id)]
    assert live == [add(3), add(1), add(4), add(9), add(2)]
    assert replay(live) == (await repo.get_game(game_id)).state


async def test_events_visibility(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1], seat=0)
    await play(repo, game_id, version, [2], seat=1)
    texts = {seat: [e.text for e in await repo.events(game_id, viewer_seat=seat)]
             for seat in (None, 0, 1, 2)}
    assert texts == {None: ["added 1", "added 2"],
                     0: ["added 1", "secret 1", "added 2"],
                     1: ["added 1", "added 2", "secret 2"],
                     2: ["added 1", "added 2"]}
    events = await repo.events(game_id, viewer_seat=1)
    assert [e.seq for e in events] == [1, 3, 4]
    assert (events[2].seats, events[2].kind, events[2].version) == ([1], "private", 3)
    assert (events[0].seats, events[0].kind, events[0].version) == (None, "log", 2)


async def test_event_shared_by_several_seats(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    shared = [{"text": "a pact", "seats": [0, 2], "kind": "log"}]
    await append(repo, game_id, expected_version=version, seat=0, user_id=101,
                             action=add(1), events=shared, state=replay([add(1)]),
                             interaction_id=None)
    assert [len(await repo.events(game_id, viewer_seat=s)) for s in (0, 1, 2)] == [1, 0, 1]


async def test_events_limit_keeps_the_last(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    await play(repo, game_id, version, [1, 2, 3, 4])
    assert [e.text for e in await repo.events(game_id, limit=2)] == ["added 3", "added 4"]
    assert await repo.events(game_id, limit=0) == []
    with pytest.raises(ValueError):
        await repo.events(game_id, limit=-1)


async def test_undo_flags_actions_and_hides_their_events(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1, 2, 3])
    state = replay([add(1)])
    version = await repo.undo_actions(game_id, keep=1, state=state, expected_version=version)
    assert [a.action for a in await repo.actions(game_id)] == [add(1)]
    every = await repo.actions(game_id, include_undone=True)
    assert [(a.seq, a.undone) for a in every] == [(1, False), (2, True), (3, True)]
    assert [e.text for e in await repo.events(game_id, viewer_seat=0)] == [
        "added 1", "secret 1"]
    assert (await repo.get_game(game_id)).state == state
    # New actions continue the sequence; undone ones are never reused or deleted.
    await play(repo, game_id, version, [7])
    assert [(a.seq, a.undone) for a in await repo.actions(game_id, include_undone=True)] == [
        (1, False), (2, True), (3, True), (4, False)]
    assert [e.text for e in await repo.events(game_id)] == ["added 1", "added 7"]


async def test_undo_counts_only_live_actions(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1, 2])
    version = await repo.undo_actions(game_id, keep=1, state=replay([add(1)]),
                                      expected_version=version)
    version = await play(repo, game_id, version, [5, 6])  # live: 1, 5, 6
    version = await repo.undo_actions(game_id, keep=2, state=replay([add(1), add(5)]),
                                      expected_version=version)
    assert [a.action for a in await repo.actions(game_id)] == [add(1), add(5)]
    assert [a.seq for a in await repo.actions(game_id)] == [1, 3]
    # Keeping everything changes no action but still stores the state and bumps the version.
    assert await repo.undo_actions(game_id, keep=5, state=replay([add(1), add(5)]),
                                   expected_version=version) == version + 1
    assert len(await repo.actions(game_id)) == 2


async def test_stale_undo_writes_nothing(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [1, 2])
    before = await snapshot_and_log(repo, game_id)
    with pytest.raises(StaleVersion):
        await repo.undo_actions(game_id, keep=0, state=replay([]), expected_version=version - 1)
    with pytest.raises(ValueError):
        await repo.undo_actions(game_id, keep=-1, state=replay([]), expected_version=version)
    assert await snapshot_and_log(repo, game_id) == before


async def test_json_columns_are_compact_unescaped_text_in_their_own_order(
        file_repo: Repository, database: str) -> None:
    game_id, version = await started_game(file_repo)
    await append(file_repo, game_id, expected_version=version, seat=0, user_id=None,
                                  action={"kind": "keep", "args": ["趙雲"]}, events=[],
                                  state={"b": 1, "a": "曹操"}, interaction_id=None)
    state = await raw_value(database, f"SELECT state FROM games WHERE id = {game_id}")
    action = await raw_value(database, "SELECT action FROM actions")
    assert state == '{"b":1,"a":"曹操"}'  # compact, unescaped, keys as the engine left them
    assert action == '{"kind":"keep","args":["趙雲"]}'
