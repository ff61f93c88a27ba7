"""The GameMaster end to end with SQLite: turns, refusals that change nothing, stale and
double clicks, AI seats, moderation, replay equal to the snapshot, export."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.discord.renderers import render_pool
from bot.service import GameMaster
from bot.service.base import started_state
from bot.service.models import Player, ServiceError
from games.core import get_game, make_agent
from games.core.messages import said_of
from storage import SqliteRepository
from tests.wording import english

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
MOD = Player(99, "Mod", is_moderator=True)
PLAYERS = {p.user_id: p for p in (ALICE, BOB, CARA)}
RECORD = get_game("record")


async def three_humans(gm: GameMaster, seed: int = 7) -> int:
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE, seed=seed)
    await gm.join(table.game_id, BOB)
    await gm.join(table.game_id, CARA)
    return table.game_id


async def state_of(gm: GameMaster, game_id: int) -> dict:
    return started_state(await gm.repo.get_game(game_id))


async def next_move(gm: GameMaster, game_id: int) -> tuple[Player, str, int]:
    """The first awaited human and a sensible move for them, with the current version."""
    loaded = await gm.repo.load_game(game_id)
    state = started_state(loaded.record)
    seat = min(RECORD.to_act(state))
    action = make_agent("heuristic", seed=loaded.record.version).choose(RECORD, state, seat)
    user_id = loaded.seats[seat].user_id
    assert user_id is not None
    return PLAYERS[user_id], action.text, loaded.record.version


async def play_out(gm: GameMaster, game_id: int, limit: int = 5000):
    update = None
    for _ in range(limit):
        player, move, _ = await next_move(gm, game_id)
        update = await gm.act(game_id, player, move)
        assert not set(update.public) & {line for p in update.private for line in p.lines}
        if update.result:
            return update
    raise AssertionError("the game did not end")


async def test_a_whole_game_by_three_humans_ends_with_scores_and_replays(gm):
    game_id = await three_humans(gm)
    start = await gm.start(game_id, ALICE)
    assert start.table.status == "running" and start.awaiting
    final = await play_out(gm, game_id)
    assert "Final scores" in final.result and final.table.status == "finished"
    assert await gm.verify(game_id)
    with pytest.raises(ServiceError, match="over"):
        await gm.act(game_id, ALICE, "end")


async def test_ai_seats_play_until_a_human_is_awaited(gm):
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE, seed=3)
    await gm.add_ai(table.game_id, ALICE)
    await gm.add_ai(table.game_id, ALICE)
    update = await gm.start(table.game_id, ALICE)
    assert [s.user_id for s in update.awaiting] == [ALICE.user_id]
    for _ in range(30):
        update = await gm.act(table.game_id, ALICE, (await next_move(gm, table.game_id))[1])
        assert all(s.user_id == ALICE.user_id for s in update.awaiting) or update.result
    assert await gm.verify(table.game_id)


async def test_refusals_say_why_and_change_nothing(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    before = await gm.repo.get_game(game_id)
    player, move, _ = await next_move(gm, game_id)
    waiting = [p for p in (ALICE, BOB, CARA) if await gm.turn_prompt(game_id, p) is None][0]
    stranger = Player(50, "Stranger")
    cases = [
        (stranger, move, "no seat"),
        (waiting, move, "not your turn"),
        (player, "   ", "Empty move"),
        (player, "fly to the moon", r"\S"),
    ]
    for who, text, message in cases:
        with pytest.raises(ServiceError, match=message):
            await gm.act(game_id, who, text)
    after = await gm.repo.get_game(game_id)
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_stale_button_is_refused_with_a_way_forward(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    player, move, version = await next_move(gm, game_id)
    await gm.act(game_id, player, move, version=version)
    with pytest.raises(ServiceError, match="older step"):
        await gm.act(game_id, player, move, version=version)


async def test_two_simultaneous_clicks_apply_once(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    player, move, version = await next_move(gm, game_id)
    outcomes = await asyncio.gather(
        gm.act(game_id, player, move, version=version, interaction_id="a"),
        gm.act(game_id, player, move, version=version, interaction_id="b"),
        return_exceptions=True)
    assert sum(isinstance(o, ServiceError) for o in outcomes) == 1
    assert len(await gm.repo.actions(game_id)) == 1


async def test_a_repeated_interaction_is_applied_once(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    player, move, _ = await next_move(gm, game_id)
    await gm.act(game_id, player, move, interaction_id="same")
    player2, move2, _ = await next_move(gm, game_id)
    with pytest.raises(ServiceError, match="already applied"):
        await gm.act(game_id, player2, move2, interaction_id="same")
    assert len(await gm.repo.actions(game_id)) == 1


async def test_undo_is_for_moderators_and_restores_the_previous_state(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    before = await state_of(gm, game_id)
    player, move, _ = await next_move(gm, game_id)
    await gm.act(game_id, player, move)
    with pytest.raises(ServiceError, match="moderator"):
        await gm.undo(game_id, ALICE)
    update = await gm.undo(game_id, MOD)
    assert await state_of(gm, game_id) == before
    assert "took back" in update.public[0] and move not in update.public[0]
    assert await gm.verify(game_id)
    assert (await gm.repo.audit_log(game_id=game_id))[0].what == "undo"


async def test_kick_hands_the_seat_to_an_ai_that_plays_it(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    update = await gm.kick(game_id, MOD, CARA.user_id)
    seat = next(s for s in update.table.seats if s.seat == 2)
    assert seat.ai == "heuristic" and seat.user_id is None
    assert CARA.user_id not in [s.user_id for s in update.awaiting]
    with pytest.raises(ServiceError, match="no seat"):
        await gm.act(game_id, CARA, "end")


async def test_replace_seats_a_new_player(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    dan = Player(14, "Dan")
    update = await gm.replace(game_id, MOD, 1, dan)
    assert update.table.seats[1].name == "Dan" and "replaced by Dan" in update.public[0]


async def test_pause_blocks_actions_until_resume(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    await gm.pause(game_id, MOD)
    player, move, _ = await next_move(gm, game_id)
    with pytest.raises(ServiceError, match="paused"):
        await gm.act(game_id, player, move)
    await gm.resume(game_id, MOD)
    await gm.act(game_id, player, move)


async def test_end_without_scores_abandons_the_game(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    update = await gm.end(game_id, MOD, scored=False)
    assert update.table.status == "abandoned" and update.result is None


async def test_seating_rules(gm):
    game_id = await three_humans(gm)
    with pytest.raises(ServiceError, match="already have a seat"):
        await gm.join(game_id, BOB)
    with pytest.raises(ServiceError, match="Only a seated player"):
        await gm.start(game_id, Player(60, "Nobody"))
    for n in range(2):
        await gm.join(game_id, Player(20 + n, f"P{n}"))
    with pytest.raises(ServiceError, match="full"):
        await gm.join(game_id, Player(30, "Late"))
    await gm.leave(game_id, BOB)
    assert [s.seat for s in (await gm.table(game_id)).seats] == [0, 1, 2, 3]


async def test_too_few_players_cannot_start(gm):
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE)
    with pytest.raises(ServiceError, match="at least 2"):
        await gm.start(table.game_id, ALICE)


async def test_unknown_game_and_bad_options_are_refused(gm):
    with pytest.raises(ServiceError, match="Unknown game"):
        await gm.new_game(game="chess", guild_id=1, channel_id=1, creator=ALICE)
    with pytest.raises(ServiceError, match="Unknown option"):
        await gm.new_game(game="record", guild_id=1, channel_id=1, creator=ALICE,
                          options={"turbo": True})


async def test_export_replays_with_gm_replay(gm, tmp_path):
    from bot.__main__ import main

    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    for _ in range(40):
        player, move, _ = await next_move(gm, game_id)
        await gm.act(game_id, player, move)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(await gm.export(game_id)), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:-1]
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2  # a wrong file, as the README's codes say


async def test_the_public_log_hides_private_events(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    for _ in range(25):
        player, move, _ = await next_move(gm, game_id)
        await gm.act(game_id, player, move)
    public = await gm.log_lines(game_id, None, limit=500)
    private = await gm.repo.events(game_id, viewer_seat=0)
    names = (ALICE.name, BOB.name, CARA.name)
    secret = {english(said_of(e.text), names) for e in private if e.seats is not None}
    assert secret and not secret & set(public)


async def test_seat_numbers_in_engine_texts_become_player_names(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    lines = []
    for _ in range(12):
        player, move, _ = await next_move(gm, game_id)
        lines += (await gm.act(game_id, player, move)).public
        prompt = await gm.turn_prompt(game_id, (await next_move(gm, game_id))[0])
        assert all("Seat " not in a.label for a in prompt.actions)
    text = "\n".join(lines)
    assert "Seat " not in text and {"Alice", "Bob", "Cara"} & set(text.replace(".", " ").split())


async def test_start_with_ai_seats_awaits_the_human_and_posts_a_board(tmp_path):
    repo = SqliteRepository(tmp_path / "render.sqlite3")
    await repo.open()
    try:
        gm = GameMaster(repo)
        table = await gm.new_game(game="record", guild_id=1, channel_id=5, creator=ALICE, seed=9)
        await gm.add_ai(table.game_id, ALICE)
        update = await gm.drawn(await gm.start(table.game_id, ALICE))
        names = [name for name, _ in update.boards]
        assert names[-1] == "board.png" and update.boards[-1][1][:8] == b"\x89PNG\r\n\x1a\n"
        assert [s.user_id for s in update.awaiting] == [ALICE.user_id]
    finally:
        await repo.close()


async def test_the_bots_process_pool_draws_the_same_board_as_a_thread(tmp_path):
    """`gm run` renders in processes (bot.discord.client.render_pool); the image must not change."""
    repo = SqliteRepository(tmp_path / "pool.sqlite3")
    await repo.open()
    pool = render_pool()
    try:
        table = await GameMaster(repo).new_game(game="redux", guild_id=1, channel_id=5,
                                                creator=ALICE, seed=3)
        for _ in range(2):
            await GameMaster(repo).add_ai(table.game_id, ALICE)
        await GameMaster(repo).start(table.game_id, ALICE)
        threaded = await GameMaster(repo).board_png(table.game_id, "ko")
        pooled = await GameMaster(repo, executor=pool).board_png(table.game_id, "ko")
        assert pooled == threaded and pooled[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        pool.shutdown()
        await repo.close()


async def test_a_failing_renderer_never_loses_an_accepted_action(tmp_path, monkeypatch):
    import bot.service.announce

    def broken(*_args):
        raise RuntimeError("no pixels today")

    monkeypatch.setattr(bot.service.announce, "render_overview", broken)
    repo = SqliteRepository(tmp_path / "broken.sqlite3")
    await repo.open()
    try:
        gm = GameMaster(repo)
        game_id = await three_humans(gm)
        update = await gm.drawn(await gm.start(game_id, ALICE))
        assert update.boards == [] and update.table.status == "running"
    finally:
        await repo.close()


async def test_a_scored_end_ranks_the_table_as_it_stands(gm):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    update = await gm.end(game_id, MOD, scored=True)
    assert update.table.status == "finished" and "Final scores" in update.result
    assert "moderator ended the game" in update.result
    with pytest.raises(ServiceError, match="already ended"):
        await gm.end(game_id, MOD, scored=True)
