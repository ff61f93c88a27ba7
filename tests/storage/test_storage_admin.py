"""Audit trail, guild settings, size, and the repository's lifecycle."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import (
    PostgresRepository,
    Repository,
    SqliteRepository,
    StorageError,
    repository_for,
)
from tests.storage.storage_helpers import opened, play, started_game


async def test_audit_log_is_newest_first_and_filtered(repo: Repository) -> None:
    await repo.audit(guild_id=1, game_id=10, user_id=5, what="pause", detail={"why": "dinner"})
    await repo.audit(guild_id=1, game_id=11, user_id=5, what="undo", detail={"seq": 3})
    await repo.audit(guild_id=2, game_id=None, user_id=6, what="moderator_role",
                     detail={"role_id": 9})
    everything = await repo.audit_log()
    assert [a.what for a in everything] == ["moderator_role", "undo", "pause"]
    assert [a.what for a in await repo.audit_log(guild_id=1)] == ["undo", "pause"]
    assert [a.what for a in await repo.audit_log(game_id=10)] == ["pause"]
    assert [a.what for a in await repo.audit_log(guild_id=1, game_id=11)] == ["undo"]
    assert [a.what for a in await repo.audit_log(limit=1)] == ["moderator_role"]
    pause = everything[2]
    assert (pause.guild_id, pause.game_id, pause.user_id, pause.detail) == (
        1, 10, 5, {"why": "dinner"})
    assert pause.created_at > 0 and pause.id < everything[0].id


async def test_guild_settings_are_json_per_guild(repo: Repository) -> None:
    assert await repo.guild_settings(1) == {}
    await repo.set_guild_setting(1, "moderator_role", 1234)
    await repo.set_guild_setting(1, "games", {"record": {"ai": True}, "names": ["魏", "蜀"]})
    await repo.set_guild_setting(2, "moderator_role", 99)
    await repo.set_guild_setting(1, "moderator_role", 4321)
    assert await repo.guild_settings(1) == {
        "moderator_role": 4321, "games": {"record": {"ai": True}, "names": ["魏", "蜀"]}}
    assert await repo.guild_settings(2) == {"moderator_role": 99}
    await repo.set_guild_setting(1, "moderator_role", None)  # back to the default
    assert "moderator_role" not in await repo.guild_settings(1)


async def test_size_grows_with_the_log(file_repo: Repository) -> None:
    game_id, version = await started_game(file_repo)
    empty = await file_repo.size_bytes()
    assert empty > 0
    await play(file_repo, game_id, version, list(range(100)))
    assert await file_repo.size_bytes() > empty


async def test_data_survives_close_and_reopen(database: str) -> None:
    async with opened(database) as repo:
        game_id, version = await started_game(repo)
        version = await play(repo, game_id, version, [1, 2])
    async with opened(database) as repo:
        assert (await repo.get_game(game_id)).version == version
        assert len(await repo.actions(game_id)) == 2


async def test_file_database_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    async with SqliteRepository(tmp_path / "games.sqlite3") as repo:
        db = repo._writer.db
        assert db is not None
        assert list(await db.execute_fetchall("PRAGMA journal_mode"))[0][0] == "wal"
        assert list(await db.execute_fetchall("PRAGMA foreign_keys"))[0][0] == 1
        assert list(await db.execute_fetchall("PRAGMA busy_timeout"))[0][0] > 0



async def test_closed_repository_refuses_work(memory_database: str) -> None:
    repo = repository_for(memory_database)
    with pytest.raises(StorageError):
        await repo.get_game(1)
    await repo.open()
    await repo.close()
    await repo.close()  # closing twice is harmless
    with pytest.raises(StorageError):
        await repo.list_games()


@pytest.mark.parametrize("backend", [SqliteRepository, PostgresRepository])
def test_each_backend_satisfies_the_interface(backend: type[Repository]) -> None:
    interface = {name for base in Repository.__mro__ if base is not object
                 for name in vars(base) if not name.startswith("_")}
    assert interface <= set(dir(backend))
