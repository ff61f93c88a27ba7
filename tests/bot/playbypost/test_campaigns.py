"""Campaigns through the service: creation and membership, standings from stored results
(ties, an abandoned game, a game ended with scores), league dealing and tournament
progression, the news of a round that ended, AI seats that fill a short table, and closing a
campaign."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import AsyncIterator

import pytest

from bot.app import App, build_app
from bot.i18n import listed
from bot.playbypost.campaigns import deal, table_sizes
from bot.service.models import Player, ServiceError, Update
from storage import SqliteRepository

GUILD = 500
CHANNEL = 501
MOD = Player(1, "Moderator", is_moderator=True)
ALICE, BOB, CARA, DAN = (Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara"),
                         Player(14, "Dan"))
EVE, FINN, GUS, HANA, IDA = (Player(15, "Eve"), Player(16, "Finn"), Player(17, "Gus"),
                             Player(18, "Hana"), Player(19, "Ida"))
EVERYONE = (ALICE, BOB, CARA, DAN, EVE, FINN, GUS, HANA, IDA)


@pytest.fixture
async def app() -> AsyncIterator[App]:
    async with SqliteRepository() as repo:
        yield build_app(repo, render=False)


async def league(app: App, members: tuple[Player, ...], *, game: str = "record",
                 kind: str = "league", seats: int = 3, name: str = "Spring") -> int:
    campaign = await app.campaigns.create(GUILD, MOD, name=name, game=game, kind=kind,
                                         seats=seats)
    for member in members:
        await app.campaigns.join(GUILD, name, member)
    return campaign.id


async def started(app: App, players: tuple[Player, ...], game: str = "record") -> int:
    table = await app.gm.new_game(game=game, guild_id=GUILD, channel_id=CHANNEL,
                              creator=players[0], seed=7)
    for player in players[1:]:
        await app.gm.join(table.game_id, player)
    await app.gm.start(table.game_id, players[0])
    return table.game_id


async def finish(app: App, game_id: int, totals: list[int],
                 tiebreaks: list[list[int]] | None = None) -> None:
    """Stores a result the way an engine's Result.to_json gives it: best first, the seats
    with the best total and tie-breaks as winners."""
    tiebreaks = tiebreaks or [[] for _ in totals]
    order = sorted(range(len(totals)), key=lambda s: (totals[s], tiebreaks[s]), reverse=True)
    best = (totals[order[0]], tiebreaks[order[0]])
    result = {"scores": [{"seat": s, "total": totals[s], "categories": {},
                          "tiebreak": tiebreaks[s]} for s in order],
              "winners": [s for s in order if (totals[s], tiebreaks[s]) == best],
              "reason": "test", "details": {}}
    record = await app.gm.repo.get_game(game_id)
    await app.gm.repo.set_status(game_id, "finished", expected_version=record.version,
                             result=result)


async def add(app: App, campaign_id: int, game_id: int, round_: int, table: int) -> None:
    await app.gm.repo.add_campaign_game(campaign_id, game_id, round=round_, table=table)


# -- creation and membership -------------------------------------------------------------------
async def test_only_a_moderator_creates_and_the_settings_are_checked(app):
    with pytest.raises(ServiceError) as refused:
        await app.campaigns.create(GUILD, ALICE, name="Spring", game="record", kind="league",
                                  seats=3)
    assert refused.value.message.key == "campaigns.not_moderator"
    for name, game, kind, seats, key in (("", "record", "league", 3, "bad_name"),
                                         ("Spring", "chess", "league", 3, "unknown_game"),
                                         ("Spring", "record", "swiss", 3, "unknown_kind"),
                                         ("Spring", "redux", "league", 4, "bad_seats")):
        with pytest.raises(ServiceError) as refused:
            await app.campaigns.create(GUILD, MOD, name=name, game=game, kind=kind, seats=seats)
        assert refused.value.message.key == f"campaigns.{key}"
    assert await app.campaigns.names(GUILD) == []
    await app.campaigns.create(GUILD, MOD, name="Spring", game="record", kind="league", seats=3)
    with pytest.raises(ServiceError) as taken:
        await app.campaigns.create(GUILD, MOD, name=" spring ", game="scythe",
                                  kind="tournament", seats=4)
    assert taken.value.message.key == "campaigns.name_taken"
    audit = await app.gm.repo.audit_log(guild_id=GUILD)
    assert [(a.what, a.user_id, a.detail["campaign"]) for a in audit] == [
        ("campaign_new", MOD.user_id, "Spring")]


async def test_join_and_leave(app):
    await league(app, (ALICE, BOB))
    with pytest.raises(ServiceError) as twice:
        await app.campaigns.join(GUILD, "spring", ALICE)
    assert twice.value.message.key == "campaigns.already_member"
    await app.gm.settings.ban(GUILD, MOD, CARA.user_id)
    with pytest.raises(ServiceError):
        await app.campaigns.join(GUILD, "Spring", CARA)
    with pytest.raises(ServiceError) as unknown:
        await app.campaigns.join(GUILD, "Autumn", CARA)
    assert unknown.value.message.key == "campaigns.not_found"
    await app.campaigns.leave(GUILD, "Spring", BOB)
    with pytest.raises(ServiceError) as gone:
        await app.campaigns.leave(GUILD, "Spring", BOB)
    assert gone.value.message.key == "campaigns.not_member"
    with pytest.raises(ServiceError) as other:
        await app.campaigns.leave(GUILD, "Spring", BOB, ALICE)
    assert other.value.message.key == "campaigns.not_moderator"
    members = await app.gm.repo.members((await app.gm.repo.get_campaign(GUILD, "Spring")).id)
    assert [m.name for m in members] == ["Alice"]


async def test_a_member_at_a_live_table_leaves_only_through_a_moderator(app):
    await league(app, (ALICE, BOB, CARA))
    opened = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    with pytest.raises(ServiceError) as live:
        await app.campaigns.leave(GUILD, "Spring", ALICE)
    assert live.value.message.key == "campaigns.live_game"
    assert str(opened.tables[0].game_id) in str(live.value)
    await app.campaigns.leave(GUILD, "Spring", MOD, ALICE)
    removed = (await app.gm.repo.audit_log(guild_id=GUILD, limit=1))[0]
    assert removed.what == "campaign_remove" and removed.detail["user_id"] == ALICE.user_id


# -- standings ---------------------------------------------------------------------------------
async def test_standings_count_points_ties_and_skip_abandoned_games(app):
    campaign = await league(app, (ALICE, BOB, CARA, DAN, FINN, EVE))
    shared = await started(app, (ALICE, BOB, CARA))
    await finish(app, shared, [10, 10, 5])  # Alice and Bob share the win: 1.5 each
    tied = await started(app, (BOB, CARA, DAN))
    await finish(app, tied, [4, 8, 4], [[1], [0], [1]])  # Bob and Dan tie below Cara
    abandoned = await started(app, (ALICE, DAN, CARA))
    record = await app.gm.repo.get_game(abandoned)
    await app.gm.repo.set_status(abandoned, "abandoned", expected_version=record.version)
    scored = await started(app, (ALICE, BOB, DAN))  # "ended with scores" is a finished game
    await finish(app, scored, [6, 6, 9])
    running = await started(app, (CARA, EVE))
    for table, game_id in enumerate((shared, tied, abandoned, scored, running), start=1):
        await add(app, campaign, game_id, 1, table)

    standings = await app.campaigns.standings(GUILD, "Spring")

    assert standings.games == 3
    rows = [(r.rank, r.name, r.points, r.wins, r.games, r.average) for r in standings.rows]
    assert rows == [
        (1, "Bob", 2.5, 1, 3, pytest.approx(20 / 3)),  # beats Dan on average score
        (2, "Dan", 2.5, 1, 2, 6.5),
        (3, "Alice", 2.0, 1, 2, 8.0),  # beats Cara on average score
        (4, "Cara", 2.0, 1, 2, 6.5),
        (5, "Eve", 0.0, 0, 0, None),  # no games: by name
        (6, "Finn", 0.0, 0, 0, None),
    ]
    assert [r.points_text for r in standings.rows[:3]] == ["2.5", "2.5", "2"]


async def test_stats_by_role_use_the_engines_roles(app):
    campaign = await league(app, (ALICE, BOB), game="scythe", seats=2)
    first = await started(app, (ALICE, BOB), game="scythe")
    await finish(app, first, [40, 30])
    second = await started(app, (BOB, ALICE), game="scythe")
    await finish(app, second, [50, 20])
    await add(app, campaign, first, 1, 1)
    await add(app, campaign, second, 2, 1)
    engine_roles = [(await app.gm.repo.get_game(g)).state["players"][seat]
                    for g, seat in ((first, 0), (second, 1))]

    stats = await app.campaigns.stats(GUILD, "Spring", ALICE)

    assert (stats.games, stats.wins, stats.average) == (2, 1, 30.0)
    factions = [r for r in stats.roles if r.kind == "faction"]
    mats = [r for r in stats.roles if r.kind == "mat"]
    assert sum(r.games for r in factions) == sum(r.games for r in mats) == 2
    assert {r.role for r in factions} == {p["faction"] for p in engine_roles}
    assert {r.role for r in mats} == {p["mat"] for p in engine_roles}
    with pytest.raises(ServiceError) as stranger:
        await app.campaigns.stats(GUILD, "Spring", CARA)
    assert stranger.value.message.key == "campaigns.not_member"


# -- dealing -----------------------------------------------------------------------------------
def test_table_sizes_are_as_even_as_the_game_allows():
    assert table_sizes(7, 3, 2, 5) == [4, 3]
    assert table_sizes(6, 3, 2, 5) == [3, 3]
    assert table_sizes(9, 4, 2, 5) == [5, 4]
    assert table_sizes(4, 3, 3, 3) == [3]  # Redux seats exactly three: one sits out
    assert table_sizes(2, 3, 3, 3) == []


def test_dealing_avoids_repeat_pairings():
    met = Counter(frozenset(p) for group in ((1, 2, 3), (4, 5, 6))
                  for p in itertools.combinations(group, 2))
    tables = deal([1, 2, 3, 4, 5, 6], [3, 3], met, random.Random(1))
    repeats = sum(met[frozenset(p)] for t in tables for p in itertools.combinations(t, 2))
    assert sorted(len(t) for t in tables) == [3, 3] and repeats == 2  # the least possible


async def test_a_league_round_seats_every_member_once_and_is_seeded(app):
    await league(app, (ALICE, BOB, CARA, DAN, EVE, FINN, GUS))
    opened = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)

    seated = [s.user_id for t in opened.tables for s in t.seats]
    assert sorted(len(t.seats) for t in opened.tables) == [3, 4]
    assert sorted(seated) == sorted(p.user_id for p in EVERYONE[:7])
    assert all(t.status == "open" and t.channel_id == CHANNEL for t in opened.tables)
    assert (await app.gm.repo.get_campaign(GUILD, "Spring")).status == "running"
    assert (await app.gm.repo.audit_log(guild_id=GUILD, limit=1))[0].what == "campaign_round"
    async with SqliteRepository() as repo:  # the same campaign and round deal the same
        again = build_app(repo, render=False)
        await league(again, (ALICE, BOB, CARA, DAN, EVE, FINN, GUS))
        twin = await again.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert [[s.user_id for s in t.seats] for t in twin.tables] == \
        [[s.user_id for s in t.seats] for t in opened.tables]

    with pytest.raises(ServiceError) as overlapping:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert overlapping.value.message.key == "campaigns.round_unfinished"
    for table in opened.tables:
        await app.gm.end(table.game_id, MOD, scored=False)
    second = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    schedule = await app.campaigns.schedule(GUILD, "spring")
    assert [(t.round, t.table) for t in schedule.tables] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    assert second.round == 2 and schedule.waiting == []


async def test_opening_a_round_is_for_moderators_and_checks_bans_first(app):
    await league(app, (ALICE, BOB, CARA))
    with pytest.raises(ServiceError) as refused:
        await app.campaigns.open_round(GUILD, "Spring", ALICE, CHANNEL)
    assert refused.value.message.key == "campaigns.not_moderator"
    await app.gm.settings.ban(GUILD, MOD, BOB.user_id)
    with pytest.raises(ServiceError) as banned:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert banned.value.message.key == "campaigns.banned_member" and "Bob" in str(banned.value)
    assert await app.gm.repo.list_games(guild_id=GUILD) == []


# -- tournaments -------------------------------------------------------------------------------
async def test_a_tournament_sends_table_winners_on_until_a_final_decides_it(app):
    await league(app, EVERYONE, kind="tournament")
    first = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert [len(t.seats) for t in first.tables] == [3, 3, 3]
    with pytest.raises(ServiceError) as late:
        await app.campaigns.join(GUILD, "Spring", Player(30, "Late"))
    assert late.value.message.key == "campaigns.tournament_started"
    for table in first.tables[:2]:
        await app.gm.start(table.game_id, MOD)
        await finish(app, table.game_id, [5, 9, 1])  # the second seat wins
    with pytest.raises(ServiceError) as unfinished:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert unfinished.value.message.key == "campaigns.round_unfinished"
    last = first.tables[2]
    await app.gm.start(last.game_id, MOD)
    await finish(app, last.game_id, [9, 5, 1])  # the first seat wins
    winners = {first.tables[0].seats[1].user_id, first.tables[1].seats[1].user_id,
               last.seats[0].user_id}

    final = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)

    assert final.round == 2 and len(final.tables) == 1
    assert {s.user_id for s in final.tables[0].seats} == winners
    assert (await app.campaigns.schedule(GUILD, "Spring")).champions == []
    await app.gm.start(final.tables[0].game_id, MOD)
    await finish(app, final.tables[0].game_id, [3, 8, 2])
    champion = final.tables[0].seats[1].name
    schedule = await app.campaigns.schedule(GUILD, "Spring")
    assert schedule.campaign.status == "finished" and schedule.champions == [champion]
    assert [t.winners for t in schedule.tables if t.round == 2] == [[champion]]
    with pytest.raises(ServiceError) as over:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert over.value.message.key == "campaigns.finished"


async def test_a_tournament_of_two_fills_its_final_with_an_ai_that_cannot_win_it(app):
    await league(app, (ALICE, BOB), game="redux", kind="tournament")
    final = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)

    [table] = final.tables
    assert final.ai_seats == 1 and final.sitting_out == []
    assert [s.ai is not None for s in table.seats] == [False, False, True]
    await app.gm.start(table.game_id, MOD)
    await finish(app, table.game_id, [4, 7, 9])  # the AI seat wins; the second seat is next
    schedule = await app.campaigns.schedule(GUILD, "Spring")
    assert schedule.campaign.status == "finished"
    assert schedule.champions == [table.seats[1].name]


async def test_a_round_needs_two_players(app):
    await league(app, (ALICE,))
    with pytest.raises(ServiceError) as refused:
        await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    assert refused.value.message.key == "campaigns.too_few"
    assert await app.gm.repo.list_games(guild_id=GUILD) == []


# -- the news of a round, closing -------------------------------------------------------------
async def test_the_update_ending_a_league_rounds_last_table_carries_the_news(app):
    await league(app, (ALICE, BOB, CARA, DAN, EVE, FINN), seats=3)
    opened = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    first, last = (t.game_id for t in opened.tables)
    for game_id in (first, last):
        await app.gm.start(game_id, MOD)

    early = await app.gm.end(first, MOD, scored=True)
    closing = await app.gm.end(last, MOD, scored=True)

    assert early.news == []
    [news] = closing.news
    rows = (await app.campaigns.standings(GUILD, "Spring")).rows
    leaders = listed([r.name for r in rows if r.points == rows[0].points], "en")
    assert "Spring: every table of round 1 has ended" in news
    assert f"Leading with {rows[0].points_text} points: {leaders}." in news
    assert (await app.campaigns.on_update(closing)).news == [news]  # told once, not again


async def test_a_tournament_is_decided_by_the_update_that_ends_its_final(app):
    await league(app, EVERYONE, kind="tournament")
    first = await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)
    for table in first.tables:
        await app.gm.start(table.game_id, MOD)
    for table in first.tables:
        await finish(app, table.game_id, [5, 9, 1])  # the second seat wins
    round_over = await app.campaigns.on_update(Update(await app.gm.table(table.game_id)))
    going_on = listed([t.seats[1].name for t in first.tables], "en")
    assert round_over.news == [f"Spring: every table of round 1 has ended.\nGoing on: "
                               f"{going_on}.\nA moderator deals the next round with "
                               "`/campaign schedule open_round:True`."]
    [final] = (await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)).tables
    await app.gm.start(final.game_id, MOD)
    await finish(app, final.game_id, [2, 1, 6])

    decided = await app.campaigns.on_update(Update(await app.gm.table(final.game_id)))

    assert decided.news == [f"🏆 Spring is decided. Champion: {final.seats[2].name}!"]
    assert (await app.gm.repo.get_campaign(GUILD, "Spring")).status == "finished"
    assert (await app.gm.repo.audit_log(guild_id=GUILD, limit=1))[0].what == "campaign_finished"


async def test_a_game_outside_any_campaign_carries_no_news(app):
    game_id = await started(app, (ALICE, BOB))
    assert (await app.gm.end(game_id, MOD, scored=True)).news == []


async def test_closing_waits_for_live_tables_then_freezes_the_standings(app):
    await league(app, (ALICE, BOB, CARA))
    [table] = (await app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL)).tables
    with pytest.raises(ServiceError) as live:
        await app.campaigns.close(GUILD, "Spring", MOD)
    assert live.value.message.key == "campaigns.close_live"
    assert str(table.game_id) in str(live.value)
    await app.gm.start(table.game_id, MOD)
    await finish(app, table.game_id, [3, 8, 1])
    with pytest.raises(ServiceError) as member:
        await app.campaigns.close(GUILD, "Spring", ALICE)
    assert member.value.message.key == "campaigns.not_moderator"

    final = await app.campaigns.close(GUILD, "spring", MOD)

    assert final.campaign.status == "finished" and final.games == 1
    assert final.rows[0].name == table.seats[1].name
    assert (await app.gm.repo.audit_log(guild_id=GUILD, limit=1))[0].what == "campaign_closed"
    for refused in (app.campaigns.open_round(GUILD, "Spring", MOD, CHANNEL),
                    app.campaigns.join(GUILD, "Spring", DAN),
                    app.campaigns.close(GUILD, "Spring", MOD)):
        with pytest.raises(ServiceError) as over:
            await refused
        assert over.value.message.key == "campaigns.finished"
