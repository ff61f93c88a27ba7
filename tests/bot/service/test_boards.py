"""When a table's overview is posted (`/game boards`: every phase, every round, on request)
and what it is drawn from: the public view now and the view of the previous overview, so
it can mark what changed (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import GameMaster, Player, ServiceError, Update
from storage import SqliteRepository

ALICE, BOB = Player(11, "Alice"), Player(12, "Bob")
MOD = Player(99, "Mod", is_moderator=True)


@pytest.fixture
async def drawn(tmp_path: Path):
    """A GameMaster that draws its images (the shared fixture does not)."""
    repo = SqliteRepository(tmp_path / "boards.sqlite3")
    await repo.open()
    yield GameMaster(repo), repo
    await repo.close()


async def _table(gm: GameMaster) -> tuple[int, Update]:
    """Record with Alice, Bob and an AI seat, started."""
    table = await gm.new_game(game="record", guild_id=1, channel_id=5, creator=ALICE, seed=4)
    await gm.join(table.game_id, BOB)
    await gm.add_ai(table.game_id, ALICE)
    return table.game_id, await gm.start(table.game_id, ALICE)


async def _step(gm: GameMaster, game_id: int, update: Update) -> Update:
    """The first awaited human plays their first legal action; its images are drawn."""
    player = next(p for p in (ALICE, BOB) if p.user_id in {s.user_id for s in update.awaiting})
    action = (await gm.legal_actions(game_id, player))[0].text
    return await gm.drawn(await gm.act(game_id, player, action))


async def _play_until_board(gm: GameMaster, game_id: int, update: Update) -> Update:
    for _ in range(40):
        update = await _step(gm, game_id, update)
        if update.boards:
            return update
    raise AssertionError("no board within 40 actions")


def _overview(post) -> dict:
    return next(i["data"] for i in post.payload["images"] if i["kind"] == "overview")


async def test_each_overview_carries_the_view_the_previous_one_showed(drawn):
    gm, repo = drawn
    game_id, update = await _table(gm)
    first = await repo.last_board(game_id)
    assert first is not None and _overview(first)["before"] is None
    update = await _play_until_board(gm, game_id, update)
    second = await repo.last_board(game_id)
    assert second.version == update.post > first.version
    assert _overview(second)["before"] == _overview(first)["view"]
    assert set(_overview(second)["awaiting"]) >= {s.seat for s in update.awaiting}


async def test_on_request_no_board_is_posted_until_the_end(drawn):
    gm, repo = drawn
    game_id, update = await _table(gm)
    start = await repo.last_board(game_id)
    await gm.set_boards(game_id, ALICE, "request")
    for _ in range(30):
        update = await _step(gm, game_id, update)
        assert not any(name == "board.png" for name, _ in update.boards)
    assert (await repo.last_board(game_id)).version == start.version
    assert await gm.board_png(game_id, "ja")  # on request it is there


async def test_only_the_creator_or_a_moderator_chooses_and_it_is_audited(drawn):
    gm, repo = drawn
    game_id, _ = await _table(gm)
    with pytest.raises(ServiceError, match="created this table or a moderator"):
        await gm.set_boards(game_id, BOB, "round")
    with pytest.raises(ServiceError, match="phase, round, request"):
        await gm.set_boards(game_id, ALICE, "sometimes")
    assert (await repo.get_game(game_id)).boards == "phase"
    await gm.set_boards(game_id, MOD, "round")
    assert (await repo.get_game(game_id)).boards == "round"
    audit = await repo.audit_log(game_id=game_id, limit=1)
    assert audit[0].what == "boards" and audit[0].detail == {"boards": "round"}


async def test_a_part_the_game_lacks_is_refused_naming_what_it_has(drawn):
    gm, _ = drawn
    game_id, _ = await _table(gm)
    with pytest.raises(ServiceError, match="draws no `mats`"):
        await gm.board_png(game_id, "en", "mats", ALICE)


async def test_a_board_a_later_change_replaced_is_never_drawn(drawn):
    """The cogs draw an update's images when they post it, after the change is stored: a
    busy table whose next change already carries a board draws only that newer one."""
    gm, repo = drawn
    game_id, update = await _table(gm)
    older = None
    for _ in range(40):
        player = next(p for p in (ALICE, BOB)
                      if p.user_id in {s.user_id for s in update.awaiting})
        action = (await gm.legal_actions(game_id, player))[0].text
        update = await gm.act(game_id, player, action)  # not drawn yet
        if update.images and older is None:
            older = update
        elif update.images:
            break
    assert older is not None and update.images and update.boards == []
    assert (await gm.drawn(older)).boards == []  # replaced before it was drawn
    assert [name for name, _ in (await gm.drawn(update)).boards] == ["board.png"]
