"""Child process of test_storage_durability: appends actions until it is killed.

    python storage_durability_child.py DB GAME_ID [STALL_PREFIX STALL_OCCURRENCE]

Prints READY once open, then "V <version>" (flushed) after every append that returned. With a
stall, once the first append has returned it freezes just before the OCCURRENCE-th SQL
statement starting with PREFIX, printing "STALL", so the parent can kill it inside that
transaction (a trace callback runs in the connection's thread before each statement).
"""

from __future__ import annotations

import asyncio
import sys
import time

from storage import SqliteRepository
from tests.storage.storage_helpers import add, append, events_for, replay

GIVE_UP_SECONDS = 20  # never outlive a parent that failed to kill us


def report(line: str) -> None:
    """One write per line, so a kill cannot leave half of it."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def staller(prefix: str, occurrence: int) -> tuple[dict[str, bool], object]:
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


async def main(path: str, game_id: int, stall: tuple[str, int] | None) -> None:
    started = time.monotonic()
    async with SqliteRepository(path) as repo:
        armed, trace = staller(*stall) if stall else ({"on": False}, None)
        if trace is not None:
            await repo._db.set_trace_callback(trace)
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
