"""The Clock with an injected time: a seat is mentioned once per decision, deadlines come from
the server's defaults, reminders are sent once each, the wait/skip/autopilot policies, and
vacations and pauses that stop the clock and move the deadline on."""

from __future__ import annotations

import pytest

from bot.clock import HOUR, Notice
from bot.models import Player, ServiceError, Update
from bot.service import GameMaster
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
def now(gm: GameMaster) -> FakeTime:
    fake = FakeTime()
    gm.clock.now = fake
    return fake


async def deadlines(gm: GameMaster, hours: float, policy: str = "wait",
                    reminders: str = "12,1") -> None:
    await gm.settings.set_server(GUILD, MOD, deadline_hours=hours, deadline_policy=policy,
                                 reminders=reminders)


async def table(gm: GameMaster, *players: Player, ais: int = 0) -> tuple[int, Update]:
    created = await gm.new_game(game="record", guild_id=GUILD, channel_id=100,
                                creator=players[0], seed=7)
    for player in players[1:]:
        await gm.join(created.game_id, player)
    for _ in range(ais):
        await gm.add_ai(created.game_id, players[0])
    return created.game_id, await gm.start(created.game_id, players[0])


async def move(gm: GameMaster, game_id: int, seat: int | None = None) -> Update:
    """The heuristic choice of the given (else the first) awaited seat, played by its user."""
    record = await gm.repo.get_game(game_id)
    seats = await gm.repo.get_seats(game_id)
    seat = min(RECORD.to_act(record.state)) if seat is None else seat
    action = make_agent("heuristic", seed=record.version).choose(RECORD, record.state, seat)
    return await gm.act(game_id, PLAYERS[seats[seat].user_id], action.text)


async def until(gm: GameMaster, game_id: int, wanted) -> Update:
    """Play on until `wanted(state)` holds; the last Update."""
    for _ in range(200):
        update = await move(gm, game_id)
        if wanted((await gm.repo.get_game(game_id)).state):
            return update
    raise AssertionError("the game never reached the wanted state")


def mentioned(update: Update) -> list[str]:
    return [s.name for s in update.awaiting]


async def clock_of(gm: GameMaster, game_id: int, seat: int):
    return next(c for c in await gm.repo.clocks(game_id=game_id) if c.seat == seat)


async def test_a_simultaneous_step_mentions_each_seat_once(gm, now):
    game_id, start = await table(gm, ALICE, BOB, CARA)
    await gm.settings.set_user(BOB.user_id, dm=True)
    draft = await until(gm, game_id, lambda s: RECORD.phase(s).endswith("draft"))
    assert mentioned(draft) == ["Alice", "Bob", "Cara"]
    assert draft.notify_dm == [(BOB.user_id, "en")]
    assert mentioned(await move(gm, game_id, 0)) == []  # Bob and Cara still wait: no news
    assert mentioned(await move(gm, game_id, 1)) == []
    after = await move(gm, game_id, 2)  # everyone picked: each owes the next pick
    state = (await gm.repo.get_game(game_id)).state
    assert RECORD.to_act(state) == {0, 1, 2} and mentioned(after) == ["Alice", "Bob", "Cara"]


async def test_a_game_takes_the_server_deadline_when_its_first_clock_starts(gm, now):
    await deadlines(gm, 24, "skip", "6,1")
    game_id, start = await table(gm, ALICE, BOB)
    deadline = await gm.repo.deadline(game_id)
    assert (deadline.hours, deadline.policy, deadline.reminders) == (24, "skip", (6.0, 1.0))
    [clock] = await gm.repo.clocks(game_id=game_id)
    assert clock.due_at == T0 + 24 * HOUR and mentioned(start) == [start.awaiting[0].name]
    await deadlines(gm, 2, "wait")  # a new default is for new games only
    assert (await gm.clock.deadline(game_id)).deadline == deadline


async def test_reminders_are_sent_once_each_and_never_before_the_clock_started(gm, now):
    await deadlines(gm, 24, reminders="36,12,1")
    game_id, start = await table(gm, ALICE, BOB)
    user = start.awaiting[0].user_id
    now.at(11)
    assert await gm.clock.due_work() == []  # 36 h before is before the turn began
    now.at(12.5)
    [first] = await gm.clock.due_work()
    assert isinstance(first, Notice) and first.mention == [user]
    assert f"<@{user}>" in first.text and f"<t:{int(T0 + 24 * HOUR)}:R>" in first.text
    assert await gm.clock.due_work() == []
    now.at(23.5)
    assert len(await gm.clock.due_work()) == 1
    assert await gm.clock.due_work() == []


async def test_reminders_missed_while_down_come_as_one(gm, now):
    await deadlines(gm, 24)
    game_id, start = await table(gm, ALICE, BOB)
    now.at(23.5)
    assert len(await gm.clock.due_work()) == 1
    assert (await clock_of(gm, game_id, start.awaiting[0].seat)).reminded == (12.0, 1.0)


async def test_wait_says_once_that_the_deadline_passed_and_changes_nothing(gm, now):
    await deadlines(gm, 2)
    game_id, start = await table(gm, ALICE, BOB)
    version = start.table.version
    now.at(2.5)
    [notice] = await gm.clock.due_work()
    assert isinstance(notice, Notice) and "the game waits for you" in notice.text
    assert await gm.clock.due_work() == []
    assert (await gm.table(game_id)).version == version
    [audit] = [a for a in await gm.repo.audit_log(game_id=game_id) if a.what == "deadline"]
    assert audit.user_id is None and audit.detail["outcome"] == "waited"


async def test_skip_plays_the_pass_the_rules_offer(gm, now):
    game_id, _ = await table(gm, ALICE, BOB)
    await until(gm, game_id, lambda s: any(RECORD.skip_action(s, seat) for seat in
                                           RECORD.to_act(s)))
    record = await gm.repo.get_game(game_id)
    seat = min(RECORD.to_act(record.state))
    await gm.clock.set_deadline(game_id, MOD, hours=1, policy="skip")
    now.at(1.5)
    [update] = await gm.clock.due_work()
    assert isinstance(update, Update)
    name = (await gm.table(game_id)).seats[seat].name
    assert f"The deadline passed: {name} passed." in update.public[0]
    skipped = next(a for a in await gm.repo.actions(game_id) if a.version > record.version)
    assert (skipped.seat, skipped.user_id, skipped.action["kind"]) == (seat, None, "end")


async def test_skip_waits_where_the_rules_give_no_pass(gm, now):
    await deadlines(gm, 1, "skip")
    game_id, start = await table(gm, ALICE, BOB)  # choosing a lord cannot be skipped
    now.at(1.5)
    [notice] = await gm.clock.due_work()
    assert isinstance(notice, Notice)
    assert "the rules do not let this decision be skipped" in notice.text
    assert (await gm.table(game_id)).version == start.table.version


async def test_autopilot_plays_the_decision_and_says_so(gm, now):
    await deadlines(gm, 1, "autopilot")
    game_id, start = await table(gm, ALICE, BOB)
    seat = start.awaiting[0]
    now.at(0.5)
    assert await gm.clock.due_work() == []
    now.at(1.5)
    [update] = await gm.clock.due_work()
    assert isinstance(update, Update)
    assert update.public[0] == f"⌛ The deadline passed: the AI played for {seat.name}."
    [action] = await gm.repo.actions(game_id)
    assert action.seat == seat.seat and action.user_id is None
    [audit] = [a for a in await gm.repo.audit_log(game_id=game_id) if a.what == "deadline"]
    assert audit.detail == {"seat": seat.seat, "policy": "autopilot", "outcome": "autopilot",
                            "applied": True}


async def test_a_vacation_stops_the_clock_and_moves_the_deadline_by_the_time_away(gm, now):
    await deadlines(gm, 10, "autopilot", reminders="1")
    game_id, start = await table(gm, ALICE, BOB)
    player = PLAYERS[start.awaiting[0].user_id]
    now.at(1)
    await gm.clock.set_vacation(player.user_id, 1)  # away from hour 1 to hour 25
    now.at(20)
    assert await gm.clock.due_work() == []  # no reminder, no expiry while away
    now.at(26)
    assert await gm.clock.due_work() == []
    clock = await clock_of(gm, game_id, start.awaiting[0].seat)
    assert clock.held_since is None and clock.due_at == T0 + 34 * HOUR
    now.at(34.5)
    [update] = await gm.clock.due_work()
    assert isinstance(update, Update)


async def test_ending_a_vacation_early_counts_only_the_time_away(gm, now):
    await deadlines(gm, 10)
    game_id, start = await table(gm, ALICE, BOB)
    user, seat = start.awaiting[0].user_id, start.awaiting[0].seat
    now.at(2)
    await gm.clock.set_vacation(user, 30)
    now.at(5)
    await gm.clock.set_vacation(user, 0)
    assert (await clock_of(gm, game_id, seat)).due_at == T0 + 13 * HOUR


async def test_a_pause_never_expires_and_moves_the_deadline_on(gm, now):
    await deadlines(gm, 10, "autopilot", reminders="1")
    game_id, start = await table(gm, ALICE, BOB)
    seat = start.awaiting[0].seat
    await gm.pause(game_id, MOD)
    now.at(3)
    assert await gm.clock.due_work() == []  # the pass sees the pause from here
    now.at(20)
    assert await gm.clock.due_work() == []
    await gm.resume(game_id, MOD)
    now.at(21)
    assert await gm.clock.due_work() == []
    assert (await clock_of(gm, game_id, seat)).due_at == T0 + 28 * HOUR


async def test_a_game_that_ended_waits_for_nobody(gm, now):
    await deadlines(gm, 1)
    game_id, _ = await table(gm, ALICE, BOB)
    await gm.end(game_id, MOD, scored=False)
    now.at(2)
    assert await gm.clock.due_work() == []
    assert await gm.repo.clocks(game_id=game_id) == []


async def test_only_a_moderator_or_the_creator_sets_the_deadline_and_clocks_are_retimed(
        gm, now):
    game_id, start = await table(gm, ALICE, BOB)
    [clock] = await gm.repo.clocks(game_id=game_id)
    assert clock.due_at is None  # the server's default: no deadline
    with pytest.raises(ServiceError) as refused:
        await gm.clock.set_deadline(game_id, BOB, hours=5)
    assert refused.value.message.key == "clock.not_allowed"
    for bad in ({"hours": 721}, {"hours": 5, "policy": "coinflip"},
                {"hours": 5, "reminders": "soon"}):
        with pytest.raises(ServiceError):
            await gm.clock.set_deadline(game_id, ALICE, **bad)
    assert await gm.repo.deadline(game_id) == (await gm.clock.deadline(game_id)).deadline
    now.at(1)
    await gm.clock.set_deadline(game_id, ALICE, hours=5, policy="autopilot", reminders="2")
    clock = await clock_of(gm, game_id, clock.seat)
    assert clock.due_at == T0 + 5 * HOUR  # from the start of the turn, not from now
    [audit] = [a for a in await gm.repo.audit_log(game_id=game_id) if a.what == "deadline_set"]
    assert audit.user_id == ALICE.user_id and audit.detail["policy"] == "autopilot"
