"""Data packs (saved per guild and game, replaced by name, listed, removed), a game's private
threads, and old files upgrading to migration 3."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from storage import NotFound, Repository, SqliteRepository, StorageError
from storage.migrations import MIGRATIONS, migrate
from tests.storage.storage_helpers import started_game


async def save(repo: Repository, name: str, *, guild_id: int = 1, game: str = "redux",
               text: str = '{"format": "redux-pack/1"}', digest: str = "abc123abc123",
               uploaded_by: int | None = 5):
    return await repo.save_pack(guild_id=guild_id, game=game, name=name, text=text,
                                digest=digest, uploaded_by=uploaded_by)


async def test_a_saved_pack_reads_back_whole(repo: Repository) -> None:
    saved = await save(repo, "printed", text='{"name": "Our cards 魏"}')
    got = await repo.get_pack(1, "redux", "printed")
    assert got == saved
    assert (got.guild_id, got.game, got.name, got.text, got.hash, got.uploaded_by) == (
        1, "redux", "printed", '{"name": "Our cards 魏"}', "abc123abc123", 5)
    assert got.uploaded_at > 0


async def test_packs_are_listed_by_name_per_guild_and_game(repo: Repository) -> None:
    await save(repo, "zeta")
    await save(repo, "alpha")
    await save(repo, "other-guild", guild_id=2)
    await save(repo, "other-game", game="record")
    assert [p.name for p in await repo.packs(1)] == ["alpha", "other-game", "zeta"]
    assert [p.name for p in await repo.packs(1, "redux")] == ["alpha", "zeta"]
    assert [p.name for p in await repo.packs(2, "redux")] == ["other-guild"]
    assert await repo.packs(3) == []


async def test_saving_the_same_name_replaces_the_pack(repo: Repository) -> None:
    first = await save(repo, "printed", text="v1", digest="111111111111")
    second = await save(repo, "printed", text="v2", digest="222222222222", uploaded_by=6)
    assert second.id == first.id
    got = await repo.get_pack(1, "redux", "printed")
    assert (got.text, got.hash, got.uploaded_by) == ("v2", "222222222222", 6)
    assert len(await repo.packs(1)) == 1


async def test_the_same_name_may_exist_in_another_guild_or_game(repo: Repository) -> None:
    await save(repo, "printed", text="guild 1")
    await save(repo, "printed", guild_id=2, text="guild 2")
    await save(repo, "printed", game="record", text="record")
    assert (await repo.get_pack(1, "redux", "printed")).text == "guild 1"
    assert (await repo.get_pack(2, "redux", "printed")).text == "guild 2"
    assert (await repo.get_pack(1, "record", "printed")).text == "record"


async def test_removing_a_pack_and_missing_packs(repo: Repository) -> None:
    await save(repo, "printed")
    await save(repo, "kept")
    await repo.remove_pack(1, "redux", "printed")
    assert [p.name for p in await repo.packs(1)] == ["kept"]
    with pytest.raises(NotFound):
        await repo.get_pack(1, "redux", "printed")
    with pytest.raises(NotFound):
        await repo.remove_pack(1, "redux", "printed")
    with pytest.raises(NotFound):
        await repo.get_pack(2, "redux", "kept")


async def test_a_private_thread_is_found_by_purpose_and_by_thread(
        repo: Repository) -> None:
    game_id, _ = await started_game(repo)
    saved = await repo.add_private_thread(game_id, purpose="council 2", thread_id=77,
                                          seats=[1, 2])
    assert (saved.game_id, saved.purpose, saved.thread_id, saved.seats) == (
        game_id, "council 2", 77, [1, 2])
    assert await repo.private_thread(game_id, "council 2") == saved
    assert await repo.private_thread_by_id(77) == saved
    assert await repo.private_thread(game_id, "council 3") is None
    assert await repo.private_thread_by_id(78) is None


async def test_a_purpose_has_one_thread_per_game(repo: Repository) -> None:
    game_id, _ = await started_game(repo)
    await repo.add_private_thread(game_id, purpose="council 1", thread_id=77, seats=[1, 2])
    with pytest.raises(StorageError):
        await repo.add_private_thread(game_id, purpose="council 1", thread_id=78, seats=[0, 1])
    with pytest.raises(StorageError):  # a thread serves one purpose of one game
        await repo.add_private_thread(game_id, purpose="council 2", thread_id=77, seats=[0, 1])
    found = await repo.private_thread(game_id, "council 1")
    assert found is not None and found.thread_id == 77


@pytest.mark.parametrize("version", [1, 2])
async def test_databases_of_migrations_1_and_2_gain_the_packs_table(tmp_path: Path,
                                                                   version: int) -> None:
    path = tmp_path / "old.sqlite3"
    db = await aiosqlite.connect(path, isolation_level=None)
    assert await migrate(db, [m for m in MIGRATIONS if m[0] <= version]) == version
    await db.close()
    with closing(sqlite3.connect(path)) as raw, raw:
        raw.execute("INSERT INTO games (game, options, seed, created_at)"
                    " VALUES ('record', '{}', 5, 0)")
    async with SqliteRepository(path) as repo:
        assert (await repo.get_game(1)).seed == 5
        await save(repo, "printed")
        assert [p.name for p in await repo.packs(1)] == ["printed"]
    with closing(sqlite3.connect(path)) as raw:
        numbers = [n for n, in raw.execute("SELECT number FROM schema_version ORDER BY number")]
    assert numbers == [number for number, _ in MIGRATIONS] and 3 in numbers
