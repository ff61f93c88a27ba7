"""`gm migrate`: a SQLite database moved into PostgreSQL, every table copied, every game
compared and replayed; a copy into a database that holds rows is refused whole."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.tools.migrate import MigrateError, migrate
from games.core import Action, get_game, make_agent
from storage import NewAction, NewAudit, Repository, SeatRecord, StorageError, Turn
from storage.clock import ClockChanges, ClockRecord, DeadlineRecord
from storage.outbox import NewPost
from storage.transfer import copy_database
from tests.storage.storage_helpers import opened, raw_value

pytestmark = pytest.mark.postgres
PLAYERS = 3


async def played(repo: Repository, seed: int, moves: int) -> int:
    """A game of Record played by AI seats for `moves` actions, stored as the service stores
    it (the start with its opening, then one turn per action with its events)."""
    engine = get_game("record")
    options = engine.resolve_options({})
    game_id = await repo.create_game(game="record", options=options, seed=seed, guild_id=1,
                                     channel_id=seed, thread_id=None, created_by=7)
    state, opening = engine.begin(PLAYERS, options, seed)
    seats = [SeatRecord(i, 100 + i, f"Lord {i}", None) for i in range(PLAYERS)]
    version = await repo.commit_turn(game_id, Turn(
        0, state, seats=seats, status="running", opening=[e.to_json() for e in opening],
        audit=NewAudit(7, "start", {})))
    agents = [make_agent("heuristic", seed=seed + i) for i in range(PLAYERS)]
    for _ in range(moves):
        if engine.result(state) is not None:
            break
        seat = min(engine.to_act(state))
        action = agents[seat].choose(engine, state, seat)
        state, events = engine.apply(state, seat, action)
        version = await repo.commit_turn(game_id, Turn(
            version, state, [NewAction(seat, 100 + seat, action.to_json(),
                                       [e.to_json() for e in events], f"{game_id}-{version}")],
            post=NewPost({"step": version})))
    return game_id


async def every_kind_of_row(repo: Repository) -> list[int]:
    """Games in each condition (not started, played, with an undone action) and a row in
    every other table, as a server's database holds after a while."""
    waiting = await repo.create_game(game="record", options={}, seed=1, guild_id=1,
                                     channel_id=50, thread_id=None, created_by=7)
    first, second = await played(repo, 11, 12), await played(repo, 12, 6)
    loaded = await repo.load_game(second)
    deadline = DeadlineRecord(second, 24.0, "skip", (2.0,))
    await repo.set_status(second, "paused", expected_version=loaded.record.version,
                          clocks=ClockChanges(start=(ClockRecord(second, 1, 101, 3, 1.5, 2.5),),
                                              deadline=deadline))
    campaign = await repo.create_campaign(guild_id=1, name="Spring", game="record",
                                          kind="league", seats=3, created_by=7)
    await repo.add_member(campaign.id, 100, "Lord 0")
    await repo.add_campaign_game(campaign.id, first, round=1, table=1)
    await repo.claim_round(campaign.id, 1, "dealt", 1.0)
    await repo.add_ban(guild_id=1, game_id=0, user_id=666, reason="spam", banned_by=7)
    await repo.set_user_setting(100, "locale", "zh-TW")
    await repo.set_guild_setting(1, "moderator_role", 55)
    await repo.save_pack(guild_id=1, game="redux", name="ours", text="{}", digest="d" * 12,
                         uploaded_by=7)
    await repo.add_private_thread(first, purpose="council 1", thread_id=900, seats=[0, 1])
    await repo.add_spectator(first, 300, "Watcher")
    await repo.open_undo_vote(first, requested_by=100, keep=1, version=3, affected=[101],
                              approved=[100])
    return [waiting, first, second]


async def take_back_the_last_action(repo: Repository, game_id: int) -> None:
    """An undone action stays in the log (and is copied), out of the replay."""
    engine, record = get_game("record"), await repo.get_game(game_id)
    kept = [(a.seat, Action.from_json(a.action)) for a in await repo.actions(game_id)][:-1]
    state, _ = engine.begin(PLAYERS, record.options, record.seed)
    for seat, action in kept:
        state, _ = engine.apply(state, seat, action)
    await repo.undo_actions(game_id, keep=len(kept), state=state,
                            expected_version=record.version)


async def test_every_table_moves_and_every_game_replays(tmp_path: Path,
                                                        postgres_url: str) -> None:
    path = tmp_path / "bot.sqlite3"
    async with opened(str(path)) as repo:
        games = await every_kind_of_row(repo)
        await take_back_the_last_action(repo, games[1])
    migration = await migrate(f"sqlite:{path}", postgres_url)
    assert migration.problems == []
    assert (migration.games, migration.replayed) == (3, 2)
    assert all(migration.rows.values()), migration.rows  # a row in every table
    assert migration.rows["games"] == 3
    async with opened(postgres_url) as repo:  # new ids go on after the copied ones
        new = await repo.create_game(game="record", options={}, seed=2, guild_id=None,
                                     channel_id=None, thread_id=None, created_by=None)
        assert new == max(games) + 1
        await repo.audit(guild_id=1, game_id=new, user_id=7, what="after", detail={})
        assert (await repo.audit_log(limit=1))[0].what == "after"


async def test_the_copy_is_refused_whole_when_the_target_has_rows(
        tmp_path: Path, postgres_url: str) -> None:
    path = tmp_path / "bot.sqlite3"
    async with opened(str(path)) as repo:
        await played(repo, 3, 2)
    async with opened(postgres_url) as repo:
        await repo.set_guild_setting(9, "kept", True)
    with pytest.raises(StorageError, match="already holds"):
        await copy_database(path, postgres_url)
    assert await raw_value(postgres_url, "SELECT count(*) FROM games") == 0


async def test_a_game_that_no_longer_replays_is_named(tmp_path: Path,
                                                      postgres_url: str) -> None:
    """A stored state its log does not reach (a damaged row) fails the verification."""
    path = tmp_path / "bot.sqlite3"
    async with opened(str(path)) as repo:
        game_id = await played(repo, 4, 3)
        record = await repo.get_game(game_id)
        await repo.undo_actions(game_id, keep=3, state={"damaged": True},
                                expected_version=record.version)
    migration = await migrate(str(path), postgres_url)
    assert [f"game {game_id} (record) does not replay"] == [
        problem.split(":")[0] for problem in migration.problems]


def test_the_command_says_what_it_did(tmp_path: Path, postgres_url: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bot.sqlite3"
    assert main(["migrate", "--from", f"sqlite:{path}", "--to", postgres_url]) == 2
    assert "no SQLite database" in capsys.readouterr().err
    assert main(["migrate", "--from", postgres_url, "--to", postgres_url]) == 2
    assert "--from is the SQLite database" in capsys.readouterr().err
    asyncio.run(one_game(path))
    assert main(["migrate", "--from", f"sqlite:{path}", "--to", postgres_url]) == 0
    said = capsys.readouterr().out
    assert "games compared: 1, replayed: 1" in said and "ok: every game" in said
    assert main(["migrate", "--from", f"sqlite:{path}", "--to", postgres_url]) == 2
    assert "already holds" in capsys.readouterr().err  # once is enough


async def one_game(path: Path) -> None:
    async with opened(str(path)) as repo:
        await played(repo, 5, 4)


async def test_a_target_that_is_not_postgresql_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bot.sqlite3"
    async with opened(str(path)):
        pass
    with pytest.raises(MigrateError, match="PostgreSQL URL"):
        await migrate(str(path), str(tmp_path / "other.sqlite3"))
