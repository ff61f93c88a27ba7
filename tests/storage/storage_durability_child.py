"""Child process of test_storage_durability: appends actions until it is killed.

    python storage_durability_child.py DATABASE GAME_ID [STALL_PREFIX STALL_OCCURRENCE]

DATABASE is a SQLite file or a postgresql:// URL. Prints READY once open, then
"V <version>" (flushed) after every append that returned. With a stall, once the first
append has returned it freezes inside the next append's transaction, printing "STALL", so
the parent can kill it there: on SQLite just before the OCCURRENCE-th SQL statement starting
with PREFIX (a trace callback runs in the connection's thread before each statement); on
PostgreSQL once the log's rows are written, before COMMIT (PREFIX "LOG").
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import Any

import storage.postgres
from storage import Repository, SqliteRepository
from storage.postgres_log import write_log
from tests.storage.storage_helpers import add, append, events_for, opened, replay

GIVE_UP_SECONDS = 20  # never outlive a parent that failed to kill us


def report(line: str) -> None:
    """One write per line, so a kill cannot leave half of it."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def staller(prefix: str, occurrence: int) -> tuple[dict[str, bool], Callable[[str], None]]:
    armed = {"on": False}
    seen = 0

    def trace(sql: str) -> None:
        nonlocal seen
        if armed["on"] and sql.lstrip().upper().startswith(prefix.upper()):
            seen += 1
            if seen == occurrence:
                report("STALL " + sql.split("(")[0].strip())
                time.sleep(GIVE_UP_SECONDS)

    return armed, trace


def stall_after_the_log(armed: dict[str, bool]) -> None:
    """PostgreSQL: the next append freezes in its transaction once its log rows are in."""
    async def writing_then_stalling(*args: Any) -> None:
        await write_log(*args)
        if armed["on"]:
            report("STALL LOG")
            time.sleep(GIVE_UP_SECONDS)  # the whole process, connection and all, stands

    storage.postgres.write_log = writing_then_stalling  # type: ignore[assignment]


async def arm(repo: Repository, stall: tuple[str, int] | None) -> dict[str, bool]:
    """Sets the stall up (nothing without one); returns its switch, off until armed."""
    armed = {"on": False}
    if stall is None:
        return armed
    if isinstance(repo, SqliteRepository):
        armed, trace = staller(*stall)
        assert repo._writer.db is not None
        await repo._writer.db.set_trace_callback(trace)
    else:
        stall_after_the_log(armed)
    return armed


async def main(database: str, game_id: int, stall: tuple[str, int] | None) -> None:
    started = time.monotonic()
    async with opened(database) as repo:
        armed = await arm(repo, stall)
        done = [a.action for a in await repo.actions(game_id)]
        version = (await repo.get_game(game_id)).version
        report("READY")
        while time.monotonic() - started < GIVE_UP_SECONDS:
            n = len(done) % 7 + 1
            done.append(add(n))
            version = await append(repo,
                game_id, expected_version=version, seat=len(done) % 3, user_id=101,
                action=add(n), events=events_for(n, len(done) % 3), state=replay(done),
                interaction_id=f"{game_id}-{len(done)}")
            report(f"V {version}")
            armed["on"] = True


if __name__ == "__main__":
    db, game = sys.argv[1], int(sys.argv[2])
    asyncio.run(main(db, game, (sys.argv[3], int(sys.argv[4])) if len(sys.argv) > 4 else None))
