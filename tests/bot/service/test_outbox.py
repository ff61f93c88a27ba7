"""The outbox (storage/outbox.py, bot/service/outbox.py): what an accepted change makes public
is stored in the change's transaction, so a bot killed between storing and posting loses no
announcement; another poster takes it over only once its lease ran out, the oldest of a game
first, and a late board that a newer one replaced is left out."""

from __future__ import annotations

import time

from bot.app import build_app
from bot.service import GameMaster
from storage import SqliteRepository
from storage.outbox import LEASE
from tests.bot.service.test_service import ALICE, next_move, play_out, three_humans

LATER = LEASE + 1  # seconds after which a dead poster's lease has run out


async def unposted(gm: GameMaster) -> list:
    """What a poster finds once every lease ran out (a restart after a crash)."""
    return await gm.repo.claim_posts(time.time() + LATER)


async def test_an_accepted_action_stores_its_announcement_with_it_and_holds_it(gm):
    game_id = await three_humans(gm)
    started = await gm.start(game_id, ALICE)
    player, move, _ = await next_move(gm, game_id)
    update = await gm.act(game_id, player, move)
    stored = await gm.repo.post_of(game_id, update.table.version)
    assert stored is not None and not stored.done and stored.progress == 0
    assert stored.payload["public"] == update.public
    assert stored.payload["private"] == [{"user": p.user_id, "lines": p.lines}
                                         for p in update.private]
    assert [s.seat for s in update.awaiting] == stored.payload["awaiting"]
    assert await gm.claim_posts() == []  # its own poster holds it
    assert [(p.game_id, p.version) for p in await unposted(gm)] == [
        (game_id, started.table.version)]  # the oldest of the game first


async def test_a_poster_that_died_is_taken_over_once_and_in_order(gm):
    game_id = await three_humans(gm)
    first = await gm.start(game_id, ALICE)
    player, move, _ = await next_move(gm, game_id)
    second = await gm.act(game_id, player, move)
    (post,) = await unposted(gm)
    assert post.version == first.post == first.table.version
    assert await unposted(gm) == []  # taken: held by the new poster now
    await gm.post_done(game_id, post.version)
    (post,) = await unposted(gm)
    assert post.version == second.post
    await gm.post_progress(game_id, post.version, 1)
    (post,) = await unposted(gm)
    assert post.progress == 1  # a retry starts after the message already sent


async def test_a_late_post_is_the_announcement_of_its_own_step(tmp_path):
    """Rebuilt from the outbox, the update reads as it did when it was stored, and its board
    is drawn from the view of that step, not from the game as it is now."""
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    try:
        gm = build_app(repo).gm  # boards drawn
        game_id = await three_humans(gm)
        started = await gm.drawn(await gm.start(game_id, ALICE))
        (post,) = await unposted(gm)
        late, _ = await gm.post_update(post)
        assert (late.public, late.result, late.boards) == (
            started.public, started.result, started.boards)
        assert [s.seat for s in late.awaiting] == [s.seat for s in started.awaiting]
        player, move, _ = await next_move(gm, game_id)
        await gm.act(game_id, player, move)
        assert late.post == started.post and late.boards[-1][0] == "board.png"
    finally:
        await repo.close()


async def test_a_late_board_that_a_newer_one_replaced_is_left_out(tmp_path):
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    try:
        gm = build_app(repo).gm
        game_id = await three_humans(gm)
        started = await gm.start(game_id, ALICE)
        await play_out(gm, game_id)  # later changes posted other boards
        (post,) = await unposted(gm)
        assert post.version == started.post and post.payload["images"]
        late, _ = await gm.post_update(post)
        assert late.public and not late.boards
    finally:
        await repo.close()


async def test_the_final_scores_are_in_the_last_announcement(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    last = await play_out(gm, game_id)
    assert last is not None and last.result
    stored = await gm.repo.post_of(game_id, last.table.version)
    assert stored is not None and stored.payload["result"] == last.result
