"""The actor's next decision comes with the Update of their change, worded from the state
the change stored, exactly as `turn_prompt` words it when asked afterwards: the cog shows it
without reading the game again."""

from __future__ import annotations

from dataclasses import replace

from bot.service import GameMaster
from tests.bot.service.test_service import ALICE, next_move, three_humans


async def test_every_act_carries_the_actors_next_prompt_as_turn_prompt_words_it(
        gm: GameMaster):
    game_id = await three_humans(gm)
    start = await gm.start(game_id, ALICE)
    assert start.prompted == ALICE.user_id
    assert start.next_prompt == await gm.turn_prompt(game_id, ALICE)
    asked = 0
    for _ in range(60):
        player, move, _ = await next_move(gm, game_id)
        update = await gm.act(game_id, player, move)
        if update.result:
            break
        assert update.prompted == player.user_id
        assert update.next_prompt == await gm.turn_prompt(game_id, player)
        asked += update.next_prompt is not None
    assert asked  # some acts leave the actor a decision, and those were compared too


async def test_the_next_prompt_is_in_the_actors_client_language(gm: GameMaster):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    for _ in range(60):
        player, move, _ = await next_move(gm, game_id)
        korean = replace(player, locale="ko")
        update = await gm.act(game_id, korean, move)
        if update.next_prompt is not None:
            assert update.next_prompt == await gm.turn_prompt(game_id, korean)
            assert update.next_prompt != await gm.turn_prompt(game_id, player)
            return
    raise AssertionError("no act left its actor a decision")


async def test_a_change_that_ends_the_game_carries_no_prompt(gm: GameMaster):
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    for _ in range(5000):
        player, move, _ = await next_move(gm, game_id)
        update = await gm.act(game_id, player, move)
        if update.result:
            assert update.prompted is None and update.next_prompt is None
            return
    raise AssertionError("the game did not end")


