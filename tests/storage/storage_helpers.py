"""Helpers for the storage tests: a tiny fake game and shortcuts to set up games.

(No __init__.py in tests/storage: pytest would import it as the package `storage`, hiding
the real one, as long as tests/ itself is not a package. Hence the prefixed names.)

The fake game stands in for an engine: its state is a pure function of its actions, so a
test can replay the log and compare with the snapshot, as the service does.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, closing
from typing import Any

import asyncpg

from storage import NewAction, Repository, SeatRecord, Turn, is_postgres, repository_for

SEATS = [SeatRecord(0, 101, "Liu Bei", None), SeatRecord(1, 102, "Cao Cao", None),
         SeatRecord(2, None, "Sun Quan (AI)", "heuristic")]


@asynccontextmanager
async def opened(database: str) -> AsyncIterator[Repository]:
    """The repository `database` names (a SQLite path or a postgresql:// URL), open."""
    repository = repository_for(database)
    await repository.open()
    try:
        yield repository
    finally:
        await repository.close()


async def raw_value(database: str, sql: str) -> Any:
    """The first column of the first row of `sql` (no parameters: the same text for both
    backends), read past the repository: what the database itself holds."""
    if is_postgres(database):
        conn = await asyncpg.connect(database)
        try:
            return await conn.fetchval(sql)
        finally:
            await conn.close()
    with closing(sqlite3.connect(database)) as raw:
        return raw.execute(sql).fetchone()[0]


def add(n: int) -> dict[str, Any]:
    """The fake game's only action: add n to the total."""
    return {"kind": "add", "args": [n]}


def replay(actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The fake game's state after `actions`, from its initial state."""
    state: dict[str, Any] = {"total": 0, "moves": 0}
    for action in actions:
        state = {"total": state["total"] + action["args"][0], "moves": state["moves"] + 1}
    return state


def events_for(n: int, seat: int) -> list[dict[str, Any]]:
    """One public event and one only `seat` may read, as `Event.to_json()` makes them."""
    return [{"text": f"added {n}", "seats": None, "kind": "log"},
            {"text": f"secret {n}", "seats": [seat], "kind": "private"}]


async def new_game(repo: Repository, *, channel_id: int | None = 20,
                   thread_id: int | None = None, guild_id: int | None = 1) -> int:
    return await repo.create_game(game="fake", options={"advanced": True}, seed=7,
                                  guild_id=guild_id, channel_id=channel_id,
                                  thread_id=thread_id, created_by=101)


async def start(repo: Repository, game_id: int, *, state: dict[str, Any],
                seats: list[SeatRecord], expected_version: int) -> int:
    """Starts a game as the service does: its seats, status "running" and first snapshot."""
    return await repo.commit_turn(game_id, Turn(expected_version, state, seats=seats,
                                                status="running"))


async def append(repo: Repository, game_id: int, *, expected_version: int, seat: int,
                 user_id: int | None, action: dict[str, Any], events: list[dict[str, Any]],
                 state: dict[str, Any], interaction_id: str | None,
                 result: dict[str, Any] | None = None, status: str | None = None) -> int:
    """One action as a turn of its own; returns the new version."""
    turn = Turn(expected_version, state, [NewAction(seat, user_id, action, events,
                                                    interaction_id)],
                status=status, result=result)
    return await repo.commit_turn(game_id, turn)


async def started_game(repo: Repository, **where: Any) -> tuple[int, int]:
    """A running game with SEATS and the initial state; returns (game id, version)."""
    game_id = await new_game(repo, **where)
    version = await start(repo, game_id, state=replay([]), seats=SEATS, expected_version=0)
    return game_id, version


async def play(repo: Repository, game_id: int, version: int, amounts: list[int],
               seat: int = 0) -> int:
    """Appends `add n` for each amount, with the state replay gives; returns the version."""
    done = [a.action for a in await repo.actions(game_id)]
    for n in amounts:
        done.append(add(n))
        version = await append(
            repo, game_id, expected_version=version, seat=seat, user_id=101, action=add(n),
            events=events_for(n, seat), state=replay(done), interaction_id=None)
    return version
