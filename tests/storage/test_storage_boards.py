"""When a table's overview is posted (schema 011), on each backend: a setting of the game
that leaves its version alone, and the newest board the outbox carries."""

from __future__ import annotations

import pytest

from storage import NewAction, NotFound, Repository, StorageError, Turn
from storage.outbox import NewPost
from tests.storage.storage_helpers import add, replay, started_game


async def test_boards_default_to_every_phase_and_keep_the_version(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    assert (await repo.get_game(game_id)).boards == "phase"
    await repo.set_boards(game_id, "round")
    record = await repo.get_game(game_id)
    assert (record.boards, record.version) == ("round", version)
    assert (await repo.load_game(game_id)).record.boards == "round"
    with pytest.raises(StorageError):
        await repo.set_boards(game_id, "never")
    with pytest.raises(NotFound):
        await repo.set_boards(game_id + 1, "request")


async def test_the_last_board_is_the_newest_entry_that_carries_one(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    assert await repo.last_board(game_id) is None
    for n, board in ((1, True), (2, True), (3, False)):
        version = await repo.commit_turn(game_id, Turn(
            version, replay([add(n)]), [NewAction(0, 101, add(n), [])],
            post=NewPost({"n": n}, board=board)))
    last = await repo.last_board(game_id)
    assert last is not None and (last.version, last.payload) == (version - 1, {"n": 2})
