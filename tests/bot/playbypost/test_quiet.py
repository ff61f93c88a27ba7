"""Quiet hours (issue 19, item 8): a player in their quiet hours is neither mentioned nor sent
a DM (the thread names them, the pass mentions them when the hours end, their secret lines
wait), and their turn deadlines do not expire inside them."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.app import App
from bot.playbypost.clock import HOUR, Notice
from bot.playbypost.quiet import QuietHours, parse_quiet
from bot.service.models import ServiceError
from storage.clock import HELD
from tests.bot.playbypost.test_clock import (
    ALICE,
    BOB,
    GUILD,
    RECORD,
    T0,
    FakeTime,
    clock_of,
    deadlines,
    mentioned,
    move,
    table,
)

# T0 is 22:13:20 UTC; quiet hours from 22:00 to 08:00 UTC end 9 h 46 min 40 s later.
QUIET_END = datetime(2023, 11, 15, 8, tzinfo=UTC).timestamp()


@pytest.fixture
def now(app: App) -> FakeTime:
    fake = FakeTime()
    app.clock.now = fake
    return fake


def test_quiet_hours_wrap_midnight_in_the_players_zone():
    hours = parse_quiet("23", "8", "Asia/Seoul")  # UTC+9, no daylight saving time
    assert (hours.start, hours.end, hours.zone) == (23 * 60, 8 * 60, "Asia/Seoul")
    at = datetime(2024, 3, 1, 15, 30, tzinfo=UTC).timestamp()  # 00:30 in Seoul
    assert hours.until(at) == datetime(2024, 3, 1, 23, tzinfo=UTC).timestamp()  # 08:00
    assert hours.until(datetime(2024, 3, 1, 9, tzinfo=UTC).timestamp()) is None  # 18:00
    assert hours.moved(at) == datetime(2024, 3, 1, 23, tzinfo=UTC).timestamp()
    offset = parse_quiet("22:30", "7", "UTC+9")
    assert offset.zone == "+09:00" and offset.until(at) is not None
    assert parse_quiet("1", "5", "-05:30").span() == "01:00–05:00 (-05:30)"
    assert QuietHours.stored(offset.as_stored()) == offset


@pytest.mark.parametrize(("start", "end", "zone", "key"), [
    ("23", "23", "UTC", "clock.bad_quiet_hours"), ("25", "8", "UTC", "clock.bad_quiet_hours"),
    ("late", "8", "UTC", "clock.bad_quiet_hours"), ("23", "8", "Mars/Olympus", "clock.bad_zone"),
    ("23", "8", "+15", "clock.bad_zone")])
def test_quiet_hours_that_make_no_sense_are_refused(start, end, zone, key):
    with pytest.raises(ServiceError) as refused:
        parse_quiet(start, end, zone)
    assert refused.value.message.key == key


async def test_set_quiet_stores_and_empty_values_clear(app, now):
    hours = await app.clock.set_quiet(ALICE.user_id, "22", "8", "UTC")
    assert hours is not None and hours.zone == "+00:00"
    assert (await app.gm.settings.user(ALICE.user_id)).quiet == (22 * 60, 8 * 60, "+00:00")
    with pytest.raises(ServiceError) as refused:
        await app.clock.set_quiet(ALICE.user_id, "22", "8", "")
    assert refused.value.message.key == "clock.quiet_needs_zone"
    assert await app.clock.set_quiet(ALICE.user_id, "", None, None) is None
    assert (await app.gm.settings.user(ALICE.user_id)).quiet is None


async def test_a_turn_in_quiet_hours_names_the_player_and_mentions_them_when_they_end(app, now):
    await deadlines(app, 4)  # due at 02:13 UTC, inside the quiet hours: it moves to 08:00
    for player in (ALICE, BOB):
        await app.clock.set_quiet(player.user_id, "22", "8", "UTC")
        await app.gm.settings.set_user(player.user_id, dm=True)
    game_id, start = await table(app, ALICE, BOB)
    state = (await app.gm.repo.get_game(game_id)).state
    awaited = sorted(RECORD.to_act(state))
    assert awaited and mentioned(start) == [] and start.notify_dm == []
    for seat in awaited:
        name = start.table.seats[seat].name
        assert any(f"{name} is awaited, in their quiet hours until <t:{int(QUIET_END)}:t>"
                   in line for line in start.public)
        clock = await clock_of(app, game_id, seat)
        assert HELD in clock.reminded and clock.due_at == QUIET_END

    now.at(5)  # past the 4 h deadline, still quiet: nothing expires, nobody is pinged
    assert await app.clock.due_work() == []
    assert all(not c.expired for c in await app.gm.repo.clocks(game_id=game_id))

    now.value = QUIET_END - 60
    assert await app.clock.due_work() == []
    now.value = QUIET_END + 60
    work = [w for w in await app.clock.due_work() if isinstance(w, Notice)]
    users = sorted(start.table.seats[s].user_id for s in awaited)
    held = [w for w in work if "your turn came during your quiet hours" in w.text]
    assert sorted(u for w in held for u in w.mention) == users
    for notice in held:
        assert "You owe: Choose your lord in secret" in notice.text
        [(user, dm)] = notice.dms
        assert user == notice.mention[0] and "it is your turn" in dm
    for seat in awaited:
        assert HELD not in (await clock_of(app, game_id, seat)).reminded
    # the deadline moved to the end of the quiet hours applies then, once; no reminder
    # repeats the mention
    expired = [w for w in work if w not in held]
    assert sorted(u for w in expired for u in w.mention) == users
    assert all("deadline of your turn has passed" in w.text for w in expired)
    assert await app.clock.due_work() == []


async def test_a_deadline_never_expires_inside_quiet_hours_taken_after_it_began(app, now):
    now.value = T0 - 12 * HOUR  # 10:13 UTC: nobody is quiet yet
    await deadlines(app, 14, reminders="1")  # due 00:13 UTC
    game_id, start = await table(app, ALICE, BOB)
    seat, user = start.awaiting[0].seat, start.awaiting[0].user_id
    assert user is not None  # mentioned at once: not quiet then
    await app.clock.set_quiet(user, "22", "8", "UTC")
    now.value = T0 + 90 * 60  # 23:43 UTC: the 1 h reminder is due, inside the quiet hours
    assert [w for w in await app.clock.due_work() if user in getattr(w, "mention", [])] == []
    now.value = T0 + 3 * HOUR  # 01:13 UTC: past the deadline, inside the quiet hours
    assert [w for w in await app.clock.due_work() if user in getattr(w, "mention", [])] == []
    clock = await clock_of(app, game_id, seat)
    assert clock.due_at == QUIET_END and not clock.expired
    now.value = QUIET_END + 1
    work = [w for w in await app.clock.due_work() if user in getattr(w, "mention", [])]
    assert [w.text.split(":")[0] for w in work if isinstance(w, Notice)] == [f"⌛ <@{user}>"]


async def test_secret_lines_wait_for_the_end_of_the_quiet_hours(app, now):
    game_id, start = await table(app, ALICE, BOB)
    await app.clock.set_quiet(BOB.user_id, "22", "8", "UTC")
    bob_seat = next(s.seat for s in start.table.seats if s.user_id == BOB.user_id)
    sent = []
    for _ in range(80):
        state = (await app.gm.repo.get_game(game_id)).state
        others = sorted(RECORD.to_act(state) - {bob_seat})
        if not others:  # Bob plays in daylight; his own lines go to his answer
            now.value = T0 - 12 * HOUR
            await move(app, game_id, bob_seat)
            now.value = T0
            continue
        update = await move(app, game_id, others[0])
        sent += [p for p in update.private if p.user_id == BOB.user_id]
        if app.clock._held_dms:
            break
    assert sent == []  # nothing reached Bob by DM during his quiet hours
    held = [line for _, lines in app.clock._held_dms[BOB.user_id] for line in lines]
    assert held, "Bob was never told a secret during his quiet hours"
    now.value = QUIET_END + 1
    released = [w for w in await app.clock.due_work()
                if isinstance(w, Notice) and not w.text and w.dms]
    user, text = [dm for w in released for dm in w.dms][0]
    assert user == BOB.user_id and held[0] in text and f"game {game_id}" in text
    assert not app.clock._held_dms


async def test_settings_are_read_back_after_a_restart(app, now):
    await app.clock.set_quiet(ALICE.user_id, "23:30", "7", "Europe/Paris")
    await app.clock.set_heads_up(ALICE.user_id, True)
    await app.gm.settings.block(ALICE.user_id, BOB.user_id)
    app.gm.settings._users.clear()  # what a new process reads from the database
    config = await app.gm.settings.user(ALICE.user_id)
    assert config.quiet == (23 * 60 + 30, 7 * 60, "Europe/Paris")
    assert config.heads_up and config.blocked == (BOB.user_id,)
    assert GUILD  # the server's defaults are untouched
