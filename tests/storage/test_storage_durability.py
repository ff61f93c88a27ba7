"""A killed process loses no accepted action and never leaves half an action.

A child process appends actions to a database (a SQLite file, or a PostgreSQL database) and
prints each version once its append has returned; we SIGKILL it (after some appends, inside
a transaction, and at random moments), reopen the database and check: every reported action
is there, at most the one in flight besides, each with all its events, and the snapshot
equals replaying the log.
"""

from __future__ import annotations

import asyncio
import os
import queue
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from storage import is_postgres
from tests.storage.storage_helpers import SEATS, new_game, opened, replay, start

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TIMEOUT = 15


class Child:
    """The appending child process, with its output read on a thread (no blocking reads)."""

    def __init__(self, db: str, game_id: int, *stall: str | int) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE / "storage_durability_child.py"), db, str(game_id),
             *map(str, stall)],
            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        self.versions: list[int] = []
        self._lines: queue.Queue[list[str] | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.endswith("\n"):  # else cut short by the kill: its append had returned
                self._lines.put(line.split())
        self._lines.put(None)

    def _next(self, timeout: float) -> list[str] | None:
        line = self._lines.get(timeout=timeout)
        if line and line[0] == "V":
            self.versions.append(int(line[1]))
        return line

    def wait_for(self, word: str, count: int = 1) -> None:
        """Reads output until `word` has been printed `count` times."""
        deadline = time.monotonic() + TIMEOUT
        while count:
            line = self._next(max(deadline - time.monotonic(), 0.01))
            if line is None:
                pytest.fail(f"child exited ({self.proc.wait()}) before printing {word}")
            count -= line[0] == word

    def kill(self) -> list[int]:
        """SIGKILL; returns the versions of every append that returned before it."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(TIMEOUT)
        while self._next(TIMEOUT) is not None:
            pass
        return self.versions


async def make_game(db: str) -> tuple[int, int]:
    async with opened(db) as repo:
        game_id = await new_game(repo)
        version = await start(repo, game_id, state=replay([]), seats=SEATS,
                                        expected_version=0)
    return game_id, version


async def check(db: str, game_id: int, last_reported: int, *, exact: bool) -> int:
    """Asserts the log is whole and holds every reported action; returns the version."""
    async with opened(db) as repo:
        record = await repo.get_game(game_id)
        actions = await repo.actions(game_id)
        public = await repo.events(game_id)
        private = {seat: [e for e in await repo.events(game_id, viewer_seat=seat) if e.seats]
                   for seat in range(3)}
    # Reported means committed; at most the append in flight may have committed unreported.
    assert record.version == last_reported if exact else last_reported <= record.version
    assert record.version <= last_reported + 1
    versions = [a.version for a in actions]
    assert versions == list(range(2, record.version + 1))
    assert [e.version for e in public] == versions
    for seat, events in private.items():
        assert [e.version for e in events] == [a.version for a in actions if a.seat == seat]
    assert record.state == replay([a.action for a in actions])
    if not is_postgres(db):
        with closing(sqlite3.connect(db)) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    return record.version


@pytest.fixture
def durable(database: str) -> tuple[str, int, int]:
    """The database of either backend, with a started game: (database, game id, version)."""
    return database, *asyncio.run(make_game(database))


def test_kill_after_some_appends(durable: tuple[str, int, int]) -> None:
    db, game_id, version = durable
    for appends in (5, 3):
        child = Child(db, game_id)
        child.wait_for("V", appends)
        reported = child.kill()
        version = asyncio.run(check(db, game_id, reported[-1], exact=False))
    assert version >= 2 + 5 + 3 - 1


# Where the stall hits commit_turn's transaction on SQLite: right after BEGIN, with the
# action row written but no event, between the two events, before the snapshot, and before
# COMMIT. On PostgreSQL the child stalls once the log's rows are written (the game's row
# updated and locked, the actions and events inserted), before COMMIT.
STALLS = {"sqlite": [("SELECT", 1), ("INSERT INTO events", 1), ("INSERT INTO events", 2),
                     ("UPDATE games", 1), ("COMMIT", 1)],
          "postgres": [("LOG", 1)] * 2}


@pytest.mark.slow
def test_kill_inside_the_transaction(durable: tuple[str, int, int], backend: str) -> None:
    db, game_id, version = durable
    for prefix, occurrence in STALLS[backend]:
        child = Child(db, game_id, prefix, occurrence)
        child.wait_for("STALL")
        reported = child.kill()
        assert reported, "the child stalls only after one append returned"
        version = asyncio.run(check(db, game_id, reported[-1], exact=True))
    assert version == 1 + len(STALLS[backend])


@pytest.mark.slow
def test_kill_at_random_moments(durable: tuple[str, int, int]) -> None:
    db, game_id, version = durable
    pick = random.Random(20240601)
    for _ in range(6):
        child = Child(db, game_id)
        child.wait_for("READY")
        time.sleep(pick.uniform(0.0, 0.2))
        reported = child.kill()
        version = asyncio.run(check(db, game_id, reported[-1] if reported else version,
                                    exact=False))
    assert version > 10
