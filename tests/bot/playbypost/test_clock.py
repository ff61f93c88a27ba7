"""The Clock with an injected time: a seat is mentioned once per decision, deadlines come from
the server's defaults, reminders are sent once each, the wait/skip/autopilot policies, and
vacations and pauses that stop the clock and move the deadline on."""

from __future__ import annotations

import pytest

from bot.app import App
from bot.playbypost.clock import HOUR, Notice
from bot.service.models import Player, ServiceError, Update
from games.core import get_game, make_agent

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
MOD = Player(99, "Mod", is_moderator=True)
PLAYERS = {p.user_id: p for p in (ALICE, BOB, CARA)}
GUILD = 1
T0 = 1_700_000_000.0
RECORD = get_game("record")


class FakeTime:
    def __init__(self) -> None:
        self.value = T0

    def __call__(self) -> float:
        return self.value

    def at(self, hours: float) -> None:
        self.value = T0 + hours * HOUR


@pytest.fixture
def now(app: App) -> FakeTime:
    fake = FakeTime()
    app.clock.now = fake
    return fake


async def deadlines(app: App, hours: float, policy: str = "wait",
                    reminders: str = "12,1") -> None:
    await app.gm.settings.set_server(GUILD, MOD, deadline_hours=hours, deadline_policy=policy,
                                 reminders=reminders)


async def table(app: App, *players: Player, ais: int = 0) -> tuple[int, Update]:
    created = await app.gm.new_game(game="record", guild_id=GUILD, channel_id=100,
                                creator=players[0], seed=7)
    for player in players[1:]:
        await app.gm.join(created.game_id, player)
    for _ in range(ais):
        await app.gm.add_ai(created.game_id, players[0])
    return created.game_id, await app.gm.start(created.game_id, players[0])


async def move(app: App, game_id: int, seat: int | None = None) -> Update:
    """The heuristic choice of the given (else the first) awaited seat, played by its user."""
    record = await app.gm.repo.get_game(game_id)
    assert record.state is not None, f"game {game_id} has not started"
    seats = await app.gm.repo.get_seats(game_id)
    seat = min(RECORD.to_act(record.state)) if seat is None else seat
    action = make_agent("heuristic", seed=record.version).choose(RECORD, record.state, seat)
    user_id = seats[seat].user_id
    assert user_id is not None, f"seat {seat} has no player"
    return await app.gm.act(game_id, PLAYERS[user_id], action.text)


async def until(app: App, game_id: int, wanted) -> Update:
    """Play on until `wanted(state)` holds; the last Update."""
    for _ in range(200):
        update = await move(app, game_id)
        if wanted((await app.gm.repo.get_game(game_id)).state):
            return update
    raise AssertionError("the game never reached the wanted state")


def mentioned(update: Update) -> list[str]:
    return [s.name for s in update.awaiting]


async def clock_of(app: App, game_id: int, seat: int):
    return next(c for c in await app.gm.repo.clocks(game_id=game_id) if c.seat == seat)


async def test_a_simultaneous_step_mentions_each_seat_once(app, now):
    game_id, start = await table(app, ALICE, BOB, CARA)
    await app.gm.settings.set_user(BOB.user_id, dm=True)
    draft = await until(app, game_id, lambda s: RECORD.phase(s).endswith("draft"))
    assert mentioned(draft) == ["Alice", "Bob", "Cara"]
    assert draft.notify_dm == [(BOB.user_id, "en")]
    assert mentioned(await move(app, game_id, 0)) == []  # Bob and Cara still wait: no news
    last = await move(app, game_id, 1)  # Cara alone still owes her pick: named, not pinged
    assert mentioned(last) == []
    assert "the table waits for Cara alone" in last.public[-1]
    after = await move(app, game_id, 2)  # everyone picked: each owes the next pick
    state = (await app.gm.repo.get_game(game_id)).state
    assert RECORD.to_act(state) == {0, 1, 2} and mentioned(after) == ["Alice", "Bob", "Cara"]


async def test_a_game_takes_the_server_deadline_when_its_first_clock_starts(app, now):
    await deadlines(app, 24, "skip", "6,1")
    game_id, start = await table(app, ALICE, BOB)
    deadline = await app.gm.repo.deadline(game_id)
    assert (deadline.hours, deadline.policy, deadline.reminders) == (24, "skip", (6.0, 1.0))
    [clock] = await app.gm.repo.clocks(game_id=game_id)
    assert clock.due_at == T0 + 24 * HOUR and mentioned(start) == [start.awaiting[0].name]
    await deadlines(app, 2, "wait")  # a new default is for new games only
    assert (await app.clock.deadline(game_id)).deadline == deadline


async def test_reminders_are_sent_once_each_and_never_before_the_clock_started(app, now):
    await deadlines(app, 24, reminders="36,12,1")
    game_id, start = await table(app, ALICE, BOB)
    user = start.awaiting[0].user_id
    now.at(11)
    assert await app.clock.due_work() == []  # 36 h before is before the turn began
    now.at(12.5)
    [first] = await app.clock.due_work()
    assert isinstance(first, Notice) and first.mention == [user]
    assert f"<@{user}>" in first.text and f"<t:{int(T0 + 24 * HOUR)}:R>" in first.text
    assert await app.clock.due_work() == []
    now.at(23.5)
    assert len(await app.clock.due_work()) == 1
    assert await app.clock.due_work() == []


async def test_reminders_missed_while_down_come_as_one(app, now):
    await deadlines(app, 24)
    game_id, start = await table(app, ALICE, BOB)
    now.at(23.5)
    assert len(await app.clock.due_work()) == 1
    assert (await clock_of(app, game_id, start.awaiting[0].seat)).reminded == (12.0, 1.0)


async def test_wait_says_once_that_the_deadline_passed_and_changes_nothing(app, now):
    await deadlines(app, 2)
    game_id, start = await table(app, ALICE, BOB)
    version = start.table.version
    now.at(2.5)
    [notice] = await app.clock.due_work()
    assert isinstance(notice, Notice) and "the game waits for you" in notice.text
    assert await app.clock.due_work() == []
    assert (await app.gm.table(game_id)).version == version
    [audit] = [a for a in await app.gm.repo.audit_log(game_id=game_id) if a.what == "deadline"]
    assert audit.user_id is None and audit.detail["outcome"] == "waited"


async def test_skip_plays_the_pass_the_rules_offer(app, now):
    game_id, _ = await table(app, ALICE, BOB)
    await until(app, game_id, lambda s: any(RECORD.skip_action(s, seat) for seat in
                                           RECORD.to_act(s)))
    record = await app.gm.repo.get_game(game_id)
    seat = min(RECORD.to_act(record.state))
    await app.clock.set_deadline(game_id, MOD, hours=1, policy="skip")
    now.at(1.5)
    [update] = await app.clock.due_work()
    assert isinstance(update, Update)
    name = (await app.gm.table(game_id)).seats[seat].name
    assert f"The deadline passed: {name} passed." in update.public[0]
    skipped = next(a for a in await app.gm.repo.actions(game_id) if a.version > record.version)
    assert (skipped.seat, skipped.user_id, skipped.action["kind"]) == (seat, None, "end")


async def test_skip_waits_where_the_rules_give_no_pass(app, now):
    await deadlines(app, 1, "skip")
    game_id, start = await table(app, ALICE, BOB)  # choosing a lord cannot be skipped
    now.at(1.5)
    [notice] = await app.clock.due_work()
    assert isinstance(notice, Notice)
    assert "the rules do not let this decision be skipped" in notice.text
    assert (await app.gm.table(game_id)).version == start.table.version


async def test_autopilot_plays_the_decision_and_says_so(app, now):
    await deadlines(app, 1, "autopilot")
    game_id, start = await table(app, ALICE, BOB)
    seat = start.awaiting[0]
    now.at(0.5)
    assert await app.clock.due_work() == []
    now.at(1.5)
    [update] = await app.clock.due_work()
    assert isinstance(update, Update)
    assert update.public[0] == f"⌛ The deadline passed: the AI played for {seat.name}."
    [action] = await app.gm.repo.actions(game_id)
    assert action.seat == seat.seat and action.user_id is None
    [audit] = [a for a in await app.gm.repo.audit_log(game_id=game_id) if a.what == "deadline"]
    assert audit.detail == {"seat": seat.seat, "policy": "autopilot", "outcome": "autopilot",
                            "applied": True}


async def test_a_vacation_stops_the_clock_and_moves_the_deadline_by_the_time_away(app, now):
    await deadlines(app, 10, "autopilot", reminders="1")
    game_id, start = await table(app, ALICE, BOB)
    player = PLAYERS[start.awaiting[0].user_id]
    now.at(1)
    await app.clock.set_vacation(player.user_id, 1)  # away from hour 1 to hour 25
    now.at(20)
    assert await app.clock.due_work() == []  # no reminder, no expiry while away
    now.at(26)
    assert await app.clock.due_work() == []
    clock = await clock_of(app, game_id, start.awaiting[0].seat)
    assert clock.held_since is None and clock.due_at == T0 + 34 * HOUR
    now.at(34.5)
    [update] = await app.clock.due_work()
    assert isinstance(update, Update)


async def test_ending_a_vacation_early_counts_only_the_time_away(app, now):
    await deadlines(app, 10)
    game_id, start = await table(app, ALICE, BOB)
    user, seat = start.awaiting[0].user_id, start.awaiting[0].seat
    now.at(2)
    await app.clock.set_vacation(user, 30)
    now.at(5)
    await app.clock.set_vacation(user, 0)
    assert (await clock_of(app, game_id, seat)).due_at == T0 + 13 * HOUR


async def test_a_pause_never_expires_and_moves_the_deadline_on(app, now):
    await deadlines(app, 10, "autopilot", reminders="1")
    game_id, start = await table(app, ALICE, BOB)
    seat = start.awaiting[0].seat
    await app.gm.pause(game_id, MOD)
    now.at(3)
    assert await app.clock.due_work() == []  # the pass sees the pause from here
    now.at(20)
    assert await app.clock.due_work() == []
    await app.gm.resume(game_id, MOD)
    now.at(21)
    assert await app.clock.due_work() == []
    assert (await clock_of(app, game_id, seat)).due_at == T0 + 28 * HOUR


async def test_a_game_that_ended_waits_for_nobody(app, now):
    await deadlines(app, 1)
    game_id, _ = await table(app, ALICE, BOB)
    await app.gm.end(game_id, MOD, scored=False)
    now.at(2)
    assert await app.clock.due_work() == []
    assert await app.gm.repo.clocks(game_id=game_id) == []


async def test_only_a_moderator_or_the_creator_sets_the_deadline_and_clocks_are_retimed(
        app, now):
    game_id, start = await table(app, ALICE, BOB)
    [clock] = await app.gm.repo.clocks(game_id=game_id)
    assert clock.due_at is None  # the server's default: no deadline
    with pytest.raises(ServiceError) as refused:
        await app.clock.set_deadline(game_id, BOB, hours=5)
    assert refused.value.message.key == "clock.not_allowed"
    for bad in ({"hours": 721}, {"hours": 5, "policy": "coinflip"},
                {"hours": 5, "reminders": "soon"}):
        with pytest.raises(ServiceError):
            await app.clock.set_deadline(game_id, ALICE, **bad)
    assert await app.gm.repo.deadline(game_id) == (await app.clock.deadline(game_id)).deadline
    now.at(1)
    await app.clock.set_deadline(game_id, ALICE, hours=5, policy="autopilot", reminders="2")
    clock = await clock_of(app, game_id, clock.seat)
    assert clock.due_at == T0 + 5 * HOUR  # from the start of the turn, not from now
    [audit] = [a for a in await app.gm.repo.audit_log(game_id=game_id) if a.what == "deadline_set"]
    assert audit.user_id == ALICE.user_id and audit.detail["policy"] == "autopilot"
