"""The catch-up a turn's prompt opens with (bot/service/catchup.py): the events since the
seat last acted that it may read, in its reader's language, newest last and short."""

from __future__ import annotations

from bot.i18n import words
from bot.service import GameMaster
from bot.service.announce import reader_of
from bot.service.catchup import CATCH_UP_LINES
from bot.service.models import Player
from games.core.messages import said_of
from tests.bot.service.test_service import ALICE, PLAYERS, next_move, three_humans


async def _play_until_others_moved(gm: GameMaster, game_id: int, who: int, turns: int) -> None:
    """Plays on until `turns` runs of other seats' actions followed `who`'s last action and
    `who` is awaited again: the moment they come back to their prompt."""
    others, last = 0, who
    for _ in range(2000):
        player, move, _ = await next_move(gm, game_id)
        if player.user_id == who and others >= turns:
            return
        await gm.act(game_id, player, move)
        if player.user_id == who:
            others = 0
        elif last != player.user_id:
            others += 1
        last = player.user_id
    raise AssertionError(f"{who} was never awaited after {turns} turns of others")


async def _first_mover(gm: GameMaster) -> tuple[int, Player]:
    """A started table of three humans, and the player who made its first move."""
    game_id = await three_humans(gm)
    await gm.start(game_id, ALICE)
    player, move, _ = await next_move(gm, game_id)
    await gm.act(game_id, player, move)
    return game_id, PLAYERS[player.user_id]


async def test_a_seat_that_missed_two_turns_of_others_reads_what_they_did(gm):
    game_id, missed = await _first_mover(gm)
    await _play_until_others_moved(gm, game_id, missed.user_id, 2)
    lines = await gm.catch_up(game_id, missed, "en")
    seats = await gm.repo.get_seats(game_id)
    mine = next(s.seat for s in seats if s.user_id == missed.user_id)
    actions = await gm.repo.actions(game_id)
    since = max(a.version for a in actions if a.seat == mine)
    readable = [e for e in await gm.repo.events(game_id, viewer_seat=mine)
                if e.version > since]
    assert readable, "others acted since"
    assert lines[0] == "Since your last move:"
    more = len(readable) > CATCH_UP_LINES
    if more:
        assert lines[1] == (f"… {len(readable) - CATCH_UP_LINES} earlier lines: "
                            "/game log shows them.")
    shown = lines[2 if more else 1:]
    assert len(shown) == min(CATCH_UP_LINES, len(readable))
    reader = reader_of(seats, "en", mine)
    assert shown == [words(said_of(e.text), reader)
                     for e in readable[-CATCH_UP_LINES:]]
    assert all(e.seats is None or mine in e.seats for e in readable)  # no other's secret


async def test_nothing_to_catch_up_right_after_acting_and_none_for_a_stranger(gm):
    game_id, mover = await _first_mover(gm)
    actions = await gm.repo.actions(game_id)
    after_theirs = actions[-1].user_id != mover.user_id  # the game master passed for someone
    lines = await gm.catch_up(game_id, mover, "en")
    assert (lines[:1] == ["Since your last move:"]) if after_theirs else lines == []
    stranger = Player(999, "Stranger")
    assert await gm.catch_up(game_id, stranger, "en") == []


async def test_the_catch_up_speaks_the_readers_language(gm):
    game_id, missed = await _first_mover(gm)
    await _play_until_others_moved(gm, game_id, missed.user_id, 1)
    lines = await gm.catch_up(game_id, missed, "ko")
    assert lines[0] == "마지막 행동 이후:"
