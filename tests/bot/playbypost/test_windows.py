"""Nobody waits on a seat that cannot act (issue 27 item 2, docs/play-by-post.md): a seat
whose only answer is its pass is never mentioned nor asked; outside a response window the
game master passes for it at once, in a window when the window's time is up, whatever the
hands hold, and a window names nobody in public while the seats that can answer are DMed."""

from __future__ import annotations

from bot.app import App
from bot.service.models import Player, Update
from games.core import get_game, make_agent
from storage.clock import WINDOW
from tests.bot.playbypost.test_clock import GUILD, MOD, now  # noqa: F401 (a fixture)

TANG = get_game("tang")
HUMANS = [Player(21 + n, name) for n, name in enumerate(("Ann", "Ben", "Cy", "Di"))]
BY_ID = {p.user_id: p for p in HUMANS}
WINDOW_SECONDS = 90.0


async def tang_table(app: App) -> tuple[int, Update]:
    await app.gm.settings.set_server(GUILD, MOD, window_seconds=WINDOW_SECONDS)
    created = await app.gm.new_game(game="tang", guild_id=GUILD, channel_id=100,
                                    creator=HUMANS[0], seed=3)
    for player in HUMANS[1:]:
        await app.gm.join(created.game_id, player)
    return created.game_id, await app.gm.start(created.game_id, HUMANS[0])


async def state_of(app: App, game_id: int) -> dict:
    record = await app.gm.repo.get_game(game_id)
    assert record.state is not None
    return record.state


def check_update(update: Update, state: dict) -> None:
    """Whom a change mentions: never a seat with nothing to decide, nobody in a window."""
    for seat in update.awaiting:
        assert TANG.only_pass(state, seat.seat) is None, f"{seat.name} mentioned for a pass"
    if TANG.window(state):
        assert update.awaiting == [], "a window names nobody in public"
        asked = {user for user, _ in update.notify_dm}
        for seat in update.window:
            if seat.seat not in update.passes and seat.user_id is not None:
                assert seat.user_id in asked, f"{seat.name} can answer and was not told"
    else:
        due = TANG.to_act(state)
        assert not [s for s in due if TANG.only_pass(state, s) is not None], \
            "outside a window the game master passes at once"


async def test_a_whole_stretch_of_tang_asks_nobody_for_a_pass(app: App, now) -> None:  # noqa: F811
    game_id, update = await tang_table(app)
    closed = mentioned_windows = 0
    for step in range(400):
        state = await state_of(app, game_id)
        check_update(update, state)
        if TANG.result(state) is not None:
            break
        seats = await app.gm.repo.get_seats(game_id)
        due = sorted(TANG.to_act(state))
        choosing = [s for s in due if TANG.only_pass(state, s) is None]
        if choosing:
            seat = choosing[0]
            action = make_agent("heuristic", seed=step).choose(TANG, state, seat)
            user = seats[seat].user_id
            assert user is not None
            update = await app.gm.act(game_id, BY_ID[user], action.text)
            continue
        assert TANG.window(state), "only a window may wait on seats that can only pass"
        clocks = {c.seat: c for c in await app.gm.repo.clocks(game_id=game_id)}
        for seat in due:
            assert WINDOW in clocks[seat].reminded
            assert clocks[seat].due_at == clocks[seat].started_at + WINDOW_SECONDS
        now.value = min(c.due_at for c in clocks.values() if c.due_at) - 1
        assert [w for w in await app.clock.due_work() if isinstance(w, Update)] == [], \
            "the window stays open until its time is up"
        version = (await app.gm.repo.get_game(game_id)).version
        now.value += 2
        [update] = [w for w in await app.clock.due_work() if isinstance(w, Update)]
        assert update.table.version > version
        closed += 1
        mentioned_windows += bool(update.awaiting and TANG.window(await state_of(app, game_id)))
    assert closed > 5, "the stretch went through windows that the clock closed"
    assert mentioned_windows == 0


async def test_a_seat_that_can_only_pass_is_told_so_and_offered_nothing(app: App, now) -> None:  # noqa: F811
    game_id, update = await tang_table(app)
    for step in range(400):
        state = await state_of(app, game_id)
        seats = await app.gm.repo.get_seats(game_id)
        held = [s for s in sorted(TANG.to_act(state)) if TANG.window(state)
                and TANG.only_pass(state, s) is not None]
        if held:
            user = seats[held[0]].user_id
            assert user is not None
            prompt = await app.gm.turn_prompt(game_id, BY_ID[user])
            assert prompt is not None and prompt.actions == []
            assert prompt.text.startswith("Nothing to decide")
            return
        seat = min(s for s in TANG.to_act(state) if TANG.only_pass(state, s) is None)
        user = seats[seat].user_id
        assert user is not None
        action = make_agent("heuristic", seed=step).choose(TANG, state, seat)
        await app.gm.act(game_id, BY_ID[user], action.text)
    raise AssertionError("no window held a seat that can only pass")
