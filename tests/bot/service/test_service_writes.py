"""One action, one load, one write: a human action with the AI replies that follow it reads
the game once and stores everything it changes (actions, events, snapshot, version, clocks)
in one transaction. Counted, never timed: the repository's calls through a wrapper, and the
SQL statements SQLite runs through its trace callback."""

from __future__ import annotations

import inspect
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from bot.app import App
from bot.service.base import started_state
from bot.service.models import Player
from games.core import get_game, make_agent
from storage import SqliteRepository

ALICE, BOB = Player(11, "Alice"), Player(12, "Bob")
MOD = Player(99, "Mod", is_moderator=True)
RECORD = get_game("record")
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class Watch:
    """Counts the repository's calls by name and keeps every SQL statement it runs."""

    def __init__(self, repo: SqliteRepository) -> None:
        self.calls: Counter[str] = Counter()
        self.statements: list[str] = []
        for name, method in inspect.getmembers(repo, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(repo, name, self._counted(name, method))

    def _counted(self, name: str,
                 method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return await method(*args, **kwargs)
        return counted

    def clear(self) -> None:
        self.calls.clear()
        self.statements.clear()

    def transactions(self) -> list[list[str]]:
        """The statements of each explicit transaction, BEGIN to COMMIT."""
        found: list[list[str]] = []
        for sql, inside in self._placed():
            if sql.startswith("BEGIN"):
                found.append([])
            if inside:
                found[-1].append(sql)
        return found

    def writes_outside_transactions(self) -> list[str]:
        return [sql for sql, inside in self._placed()
                if not inside and sql.lstrip().upper().startswith(WRITES)]

    def _placed(self) -> list[tuple[str, bool]]:
        """Each statement, and whether it ran inside a transaction (its BEGIN and its end
        count as inside)."""
        placed, inside = [], False
        for sql in self.statements:
            inside = inside or sql.startswith("BEGIN")
            placed.append((sql, inside))
            inside = inside and sql not in ("COMMIT", "ROLLBACK")
        return placed


async def watched(app: App) -> Watch:
    repo = app.gm.repo
    assert isinstance(repo, SqliteRepository)
    watch = Watch(repo)
    for db in {id(c.db): c.db for c in (repo._reader, repo._writer)}.values():
        assert db is not None  # a file: the reads have a connection of their own
        await db.set_trace_callback(watch.statements.append)
    return watch


async def alice_against_two_ais(app: App) -> int:
    gm = app.gm
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE, seed=3)
    await gm.add_ai(table.game_id, ALICE)
    await gm.add_ai(table.game_id, ALICE)
    await gm.start(table.game_id, ALICE)
    return table.game_id


async def alice_moves(app: App, game_id: int) -> str:
    record = await app.gm.repo.get_game(game_id)
    agent = make_agent("heuristic", seed=record.version)
    return agent.choose(RECORD, started_state(record), 0).text


async def test_a_human_action_with_ai_replies_is_one_load_and_one_write(app: App) -> None:
    game_id = await alice_against_two_ais(app)
    watch = await watched(app)
    with_replies = 0
    for _ in range(25):
        move = await alice_moves(app, game_id)
        before = len(await app.gm.repo.actions(game_id))
        watch.clear()
        update = await app.gm.act(game_id, ALICE, move, interaction_id=f"click-{before}")
        calls, transactions = dict(watch.calls), watch.transactions()
        assert calls == {"load_game": 1, "commit_turn": 1}
        assert [tx[0] for tx in transactions] == ["BEGIN DEFERRED", "BEGIN IMMEDIATE"]
        assert [tx[-1] for tx in transactions] == ["COMMIT", "COMMIT"]
        assert watch.writes_outside_transactions() == []
        loads = [sql for sql in watch.statements if sql.startswith("SELECT id, game, options")]
        assert len(loads) == 1
        written = transactions[1]
        assert any(sql.startswith("INSERT INTO actions") for sql in written)
        assert any(sql.startswith("UPDATE games") for sql in written)
        replies = len(await app.gm.repo.actions(game_id)) - before - 1
        if replies:  # the AIs played in the same transaction, and Alice's clock restarted
            with_replies += 1
            assert sum(sql.startswith("INSERT INTO actions") for sql in written) == 1 + replies
            assert any(sql.startswith("INSERT INTO clocks") for sql in written)
        if update.result:
            break
    assert with_replies >= 3
    assert await app.gm.verify(game_id)


async def test_the_start_is_one_load_and_one_write(app: App) -> None:
    gm = app.gm
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE, seed=3)
    await gm.add_ai(table.game_id, ALICE)
    watch = await watched(app)
    update = await gm.start(table.game_id, ALICE)
    assert watch.calls["load_game"] == 1 and watch.calls["commit_turn"] == 1
    writes = [tx for tx in watch.transactions() if tx[0] == "BEGIN IMMEDIATE"]
    assert len(writes) == 1  # the start, the AI's moves, the clock and the audit entry
    assert any(sql.startswith("INSERT INTO audit") for sql in writes[0])
    assert watch.writes_outside_transactions() == []
    assert update.table.status == "running" and update.awaiting
    assert await gm.verify(table.game_id)


async def test_a_seat_change_and_what_the_ai_then_plays_is_one_write(app: App) -> None:
    gm = app.gm
    table = await gm.new_game(game="record", guild_id=1, channel_id=100, creator=ALICE, seed=3)
    await gm.join(table.game_id, BOB)
    await gm.start(table.game_id, ALICE)
    while 1 not in RECORD.to_act(started_state(await gm.repo.get_game(table.game_id))):
        await gm.act(table.game_id, ALICE, await alice_moves(app, table.game_id))
    await gm.vacate(table.game_id, BOB)
    watch = await watched(app)
    before = len(await gm.repo.actions(table.game_id))
    await gm.seat_ai(table.game_id, ALICE, 1)
    writes = [tx for tx in watch.transactions() if tx[0] == "BEGIN IMMEDIATE"]
    assert len(writes) == 1 and watch.writes_outside_transactions() == []
    assert watch.calls["load_game"] == 1 and watch.calls["commit_turn"] == 1
    assert any(sql.startswith("INSERT INTO seats") for sql in writes[0])
    assert any(sql.startswith("INSERT INTO audit") for sql in writes[0])
    played = len(await gm.repo.actions(table.game_id)) - before
    assert played  # Bob's seat was awaited: the AI played at once
    assert sum(sql.startswith("INSERT INTO actions") for sql in writes[0]) == played
    assert await gm.verify(table.game_id)


def the_one_write(watch: Watch) -> list[str]:
    """The statements of the only write transaction, after checking it is the only one."""
    writes = [tx for tx in watch.transactions() if tx[0] == "BEGIN IMMEDIATE"]
    assert len(writes) == 1 and watch.writes_outside_transactions() == []
    assert watch.calls["load_game"] == 1
    return writes[0]


async def test_an_undo_and_an_end_are_one_write_each(app: App) -> None:
    gm = app.gm
    game_id = await alice_against_two_ais(app)
    await gm.act(game_id, ALICE, await alice_moves(app, game_id))
    watch = await watched(app)
    await gm.request_undo(game_id, ALICE)  # only AIs moved since: taken back at once
    assert any(sql.startswith("INSERT INTO audit") for sql in the_one_write(watch))
    watch.clear()
    await gm.end(game_id, MOD, scored=False)
    written = the_one_write(watch)
    assert any(sql.startswith("INSERT INTO audit") for sql in written)
    assert any(sql.startswith("DELETE FROM clocks") for sql in written)
    assert (await gm.repo.load_game(game_id)).clocks.clocks == ()
