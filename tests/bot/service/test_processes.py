"""Two bot processes on one database (issue 17), on each backend: two applications, each over
a repository of its own (its own connections, as a process has), share one SQLite file or
one PostgreSQL database and race with `asyncio.gather`. Whatever must happen once happens
once, and the one refused is told why: the same button pressed in both, a reminder and an
expiry due in both tickers, the last two tables of a round ending in both, a round dealt
from both; a setting changed in one is seen by the other within seconds; and a process that
starts takes over the outbox's entries of a live one only on a SQLite file."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable
from contextlib import AsyncExitStack

import pytest

from bot.app import App, build_app
from bot.i18n import Text
from bot.playbypost.clock import HOUR, Notice
from bot.service.models import Player, ServiceError, Update
from games.core import get_game, make_agent
from tests.bot.service.test_service_tables import step, table_of
from tests.storage.storage_helpers import opened

ALICE, BOB, CARA, DAN, EVE, FINN = (Player(11, "Alice"), Player(12, "Bob"),
                                    Player(13, "Cara"), Player(14, "Dan"), Player(15, "Eve"),
                                    Player(16, "Finn"))
MOD = Player(99, "Mod", is_moderator=True)
GUILD, CHANNEL = 1, 100
T0 = 1_700_000_000.0
RECORD = get_game("record")


class FakeTime:
    """One time for both processes' clocks, moved by the test."""

    def __init__(self, value: float = T0) -> None:
        self.value = value

    def __call__(self) -> float:
        return self.value


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def apps(database: str, fake_time: FakeTime) -> AsyncIterator[tuple[App, App]]:
    """Two processes' applications over one database, their clocks at `fake_time`."""
    async with AsyncExitStack() as stack:
        first, second = [build_app(await stack.enter_async_context(opened(database)),
                                   render=False, now=fake_time) for _ in range(2)]
        yield first, second


def key_of(error: ServiceError) -> str:
    assert isinstance(error.message, Text), error.message
    return error.message.key


async def outcome(call: Awaitable[object]) -> str:
    """'done', or the catalog key of the refusal."""
    try:
        await call
    except ServiceError as error:
        return key_of(error)
    return "done"


async def table(app: App, *players: Player) -> tuple[int, Update]:
    created = await app.gm.new_game(game="record", guild_id=GUILD, channel_id=CHANNEL,
                                    creator=players[0], seed=7)
    for player in players[1:]:
        await app.gm.join(created.game_id, player)
    return created.game_id, await app.gm.start(created.game_id, players[0])


# -- the same button in both processes --------------------------------------------------------
@pytest.mark.parametrize("same_interaction", [True, False])
async def test_the_same_button_pressed_in_both_processes_applies_once(
        apps: tuple[App, App], same_interaction: bool) -> None:
    """One Discord interaction delivered to both processes, or two clicks of one button:
    one applies, the other is told so (already applied, acted at the same moment, or its
    button is stale once the first is in), and the log holds one action."""
    first, second = apps
    game_id, start = await table(first, ALICE, BOB)
    record = await first.gm.repo.get_game(game_id)
    assert record.state is not None
    [seat] = RECORD.to_act(record.state)
    player = (ALICE, BOB)[seat]
    action = make_agent("heuristic", seed=1).choose(RECORD, record.state, seat).text

    def press(app: App, click: str) -> Awaitable[Update]:
        return app.gm.act(game_id, player, action, version=start.table.version,
                          interaction_id="click" if same_interaction else click)

    outcomes = await asyncio.gather(outcome(press(first, "a")), outcome(press(second, "b")))

    assert sorted(outcomes)[0] == "done" and outcomes.count("done") == 1
    [refusal] = [o for o in outcomes if o != "done"]
    assert refusal in ("tables.already_applied", "tables.acted_at_once", "tables.stale_button")
    human = [a for a in await second.gm.repo.actions(game_id) if a.user_id is not None]
    assert len(human) == 1 and await second.gm.verify(game_id)


async def test_racing_seat_changes_in_both_processes_apply_once(apps: tuple[App, App]) -> None:
    """Two members taking the same vacant seat at once: one sits, the other is told that
    someone acted at the same moment (or that the seat is no longer free), nothing half
    done: the refused one still spectates."""
    first, second = apps
    game_id, _ = await table(first, ALICE, BOB)
    await first.gm.vacate(game_id, BOB)
    for app, member in ((first, CARA), (second, DAN)):
        await app.gm.spectate(game_id, member)

    outcomes = await asyncio.gather(outcome(first.gm.takeover(game_id, CARA, 1)),
                                    outcome(second.gm.takeover(game_id, DAN, 1)))

    assert outcomes.count("done") == 1
    assert set(outcomes) - {"done"} <= {"tables.acted_at_once", "tables.seat_human"}
    seated = (await first.gm.table(game_id)).seats[1].user_id
    watching = [s.user_id for s in await first.gm.repo.spectators(game_id)]
    assert seated in (CARA.user_id, DAN.user_id)
    assert watching == [{CARA.user_id: DAN.user_id, DAN.user_id: CARA.user_id}[seated]]


async def test_two_ballots_cast_at_once_in_both_processes_lose_no_approval(
        apps: tuple[App, App]) -> None:
    """Bob and Cara approve Alice's undo at the same moment: both count (one after the
    other), or one is told to try again and the vote holds the other's approval; never a
    vote that forgot one."""
    first, second = apps
    game_id = await table_of(first.gm, ALICE, BOB, CARA)
    for _ in range(60):
        actions = await first.gm.repo.actions(game_id)
        last = max((i for i, a in enumerate(actions) if a.user_id == ALICE.user_id), default=-1)
        if last >= 0 and {BOB.user_id, CARA.user_id} <= {a.user_id for a in actions[last:]}:
            break
        await step(first.gm, game_id)
    vote = (await first.gm.request_undo(game_id, ALICE)).vote
    assert vote is not None and vote.waiting == [BOB.user_id, CARA.user_id]

    outcomes = await asyncio.gather(outcome(first.gm.vote_undo(vote.vote_id, BOB, True)),
                                    outcome(second.gm.vote_undo(vote.vote_id, CARA, True)))

    stored = await second.gm.repo.undo_vote(vote.vote_id)
    if outcomes == ["done", "done"]:
        assert stored.status == "passed" and len(await first.gm.repo.actions(game_id)) == last
    else:
        assert sorted(outcomes) == ["done", "tables.acted_at_once"]
        assert stored.status == "open" and len(stored.approved) == 2


# -- the clock's work -------------------------------------------------------------------------
async def test_two_tickers_remind_once_and_expire_once(apps: tuple[App, App],
                                                       fake_time: FakeTime) -> None:
    first, second = apps
    await first.gm.settings.set_server(GUILD, MOD, deadline_hours=24,
                                       deadline_policy="autopilot", reminders="12")
    game_id, start = await table(first, ALICE, BOB)

    fake_time.value = T0 + 12.5 * HOUR
    passes = await asyncio.gather(first.clock.due_work(), second.clock.due_work())
    assert [type(w) for work in passes for w in work] == [Notice]
    assert await asyncio.gather(first.clock.due_work(), second.clock.due_work()) == [[], []]

    fake_time.value = T0 + 24.5 * HOUR
    passes = await asyncio.gather(first.clock.due_work(), second.clock.due_work())
    [played] = [w for work in passes for w in work]
    assert isinstance(played, Update)
    assert (await first.gm.table(game_id)).version > start.table.version
    audits = [a for a in await second.gm.repo.audit_log(game_id=game_id) if a.what == "deadline"]
    assert len(audits) == 1


# -- campaigns --------------------------------------------------------------------------------
async def league(app: App, members: tuple[Player, ...]) -> None:
    await app.campaigns.create(GUILD, MOD, name="Spring", game="record", kind="league",
                               seats=3)
    for member in members:
        await app.campaigns.join(GUILD, "Spring", member)


async def test_a_rounds_news_is_told_once_when_its_last_tables_end_in_both(
        apps: tuple[App, App]) -> None:
    first, second = apps
    await league(first, (ALICE, BOB, CARA, DAN, EVE, FINN))
    opened_round = await first.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    games = [t.game_id for t in opened_round.tables]
    for game_id in games:
        await first.gm.start(game_id, MOD)

    ends = await asyncio.gather(first.gm.end(games[0], MOD, scored=True),
                                second.gm.end(games[1], MOD, scored=True))

    news = [n for update in ends for n in update.news]
    assert len(news) == 1 and "every table of round 1 has ended" in news[0]
    again = await asyncio.gather(*(app.campaigns.on_update(update)
                                   for app in apps for update in ends))
    assert [len(u.news) for u in again] == [len(u.news) for u in ends] * 2  # nothing added


async def test_a_round_opened_from_both_processes_is_dealt_once(apps: tuple[App, App]) -> None:
    first, second = apps
    await league(first, (ALICE, BOB, CARA, DAN, EVE, FINN))

    outcomes = await asyncio.gather(
        outcome(first.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)),
        outcome(second.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL + 1)))

    assert outcomes.count("done") == 1
    assert set(outcomes) - {"done"} <= {"campaigns.round_being_dealt",
                                         "campaigns.round_unfinished"}
    campaign = await first.gm.repo.get_campaign(GUILD, "Spring")
    assert campaign is not None
    dealt = await second.gm.repo.campaign_games(campaign.id)
    assert [(g.round, g.table) for g in dealt] == [(1, 1), (1, 2)]
    assert len(await first.gm.repo.list_games(guild_id=GUILD)) == 2  # no stray table


# -- settings, the outbox ---------------------------------------------------------------------
async def test_a_setting_changed_in_one_process_is_seen_by_the_other_within_seconds(
        apps: tuple[App, App], fake_time: FakeTime) -> None:
    first, second = apps
    for app in apps:
        app.gm.settings.now = fake_time
    assert (await second.gm.settings.server(GUILD)).language == "en"
    assert (await second.gm.settings.user(ALICE.user_id)).dm is False
    await first.gm.settings.set_server(GUILD, MOD, language="ko")
    await first.gm.settings.set_user(ALICE.user_id, dm=True)
    assert (await first.gm.settings.server(GUILD)).language == "ko"  # its own write at once
    fake_time.value += second.gm.settings.cache_seconds
    assert (await second.gm.settings.server(GUILD)).language == "ko"
    assert (await second.gm.settings.user(ALICE.user_id)).dm is True


async def test_a_block_list_changed_in_both_processes_keeps_both(apps: tuple[App, App]) -> None:
    """Read-modify-write of a member's block list starts from the stored list, not from a
    cached copy the other process made stale."""
    first, second = apps
    assert (await first.gm.settings.user(ALICE.user_id)).blocked == ()
    await second.gm.settings.block(ALICE.user_id, BOB.user_id)
    both = (BOB.user_id, CARA.user_id)
    assert (await first.gm.settings.block(ALICE.user_id, CARA.user_id)).blocked == both
    assert (await second.gm.repo.user_settings(ALICE.user_id))["blocked"] == list(both)


async def test_a_starting_process_takes_over_a_live_posters_entries_only_on_sqlite(
        apps: tuple[App, App], backend: str) -> None:
    """The entry a change stored is held by its poster for the lease; a process started
    after it claims it at once only where it must be the database's one process."""
    first, second = apps
    await table(first, ALICE, BOB)
    claimed = await second.gm.claim_posts(orphaned_before=time.time() + 1)
    assert len(claimed) == (1 if backend == "sqlite" else 0)
