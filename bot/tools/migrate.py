"""`gm migrate --from sqlite:PATH --to postgresql://...`: moves a bot's SQLite database into
PostgreSQL, for a bot that outgrows one machine (docs/deploying.md).

The copy itself is storage's (storage/transfer.py: every table, in one transaction). This
then proves it, game by game, through the repository interface of each side: the same
record, seats and clocks, the same log (undone actions too) and the same events for every
reader; and every started game's live log, replayed by its engine from its setup, reaches
the stored state (bot/service/export.py's check, as `gm replay` makes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bot.service.export import ExportError, export_data, verify
from storage import PostgresRepository, Repository, SqliteRepository, is_postgres
from storage.backends import SQLITE_SCHEME
from storage.transfer import copy_database


class MigrateError(Exception):
    """The arguments name no usable source or target; the message says why."""


@dataclass
class Migration:
    """What was copied (rows per table) and what the verification found."""

    rows: dict[str, int]
    games: int = 0
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        copied = ", ".join(f"{table} {count}" for table, count in sorted(self.rows.items()))
        verdict = (["ok: every game copied whole, and every started game replays to its "
                    "state"] if not self.problems else
                   [f"FAILED: {len(self.problems)} problem(s)", *self.problems])
        return [f"copied rows: {copied}",
                f"games compared: {self.games}, replayed: {self.replayed}", *verdict]


def source_path(source: str) -> Path:
    """The SQLite file `--from` names (`sqlite:PATH`, or a bare path), which must exist:
    opening a missing one would make an empty database."""
    if is_postgres(source):
        raise MigrateError("--from is the SQLite database to move (sqlite:PATH)")
    path = Path(source.removeprefix(SQLITE_SCHEME))
    if not path.is_file():
        raise MigrateError(f"no SQLite database at {path}")
    return path


async def migrate(source: str, target: str) -> Migration:
    """Copies `source` (a SQLite file) into `target` (an empty PostgreSQL database), then
    verifies the copy."""
    path = source_path(source)
    if not is_postgres(target):
        raise MigrateError("--to is a PostgreSQL URL: postgresql://user:password@host/db")
    migration = Migration(await copy_database(path, target))
    async with SqliteRepository(path) as old, PostgresRepository(target) as new:
        for record in await old.list_games():
            migration.games += 1
            migration.problems += await _differences(old, new, record.id)
            if record.state is not None:
                migration.replayed += 1
                migration.problems += await _replay(new, record.id)
    return migration


async def _differences(old: Repository, new: Repository, game_id: int) -> list[str]:
    """What differs between the game's two copies, as seen through the repository."""
    loaded = await old.load_game(game_id)
    readers = [None, *(seat.seat for seat in loaded.seats)]
    sides = [(await repo.load_game(game_id), await repo.actions(game_id, include_undone=True),
              [await repo.events(game_id, viewer_seat=reader) for reader in readers])
             for repo in (old, new)]
    names = ("record, seats and clocks", "log", "events")
    return [f"game {game_id}: its {name} differ" for name, a, b in zip(
        names, sides[0], sides[1], strict=True) if a != b]


async def _replay(repo: Repository, game_id: int) -> list[str]:
    """Whether the game's live log replays, from its setup, to its stored state."""
    loaded = await repo.load_game(game_id)
    record = loaded.record
    assert record.state is not None  # only started games are replayed
    actions = [(a.seat, a.action) for a in await repo.actions(game_id)]
    data = export_data(record.game, record.options, record.seed,
                       [seat.name for seat in loaded.seats], actions, record.state,
                       record.result)
    try:
        verify(data)
    except ExportError as error:
        return [f"game {game_id} ({record.game}) does not replay: {error}"]
    return []
