"""The database line of `gm bench --discord`: per finished game when every game finished,
else measured per player choice with a finished game's size estimated from its choices."""

from __future__ import annotations

import asyncio

import pytest

from bot.tools.bench_discord import BenchError, Load, _database_line, bench_discord

MIB = 1024 * 1024


def test_every_game_finished_gives_the_size_per_game():
    assert _database_line("SQLite", 4 * MIB, done=4, stopped=0, actions=1000,
                          finished_choices=[250] * 4) \
        == "SQLite per finished game: 1024 KiB (4.0 MiB in all)"


def test_games_cut_off_give_the_size_per_choice_and_an_estimate_from_finished_games():
    line = _database_line("SQLite", MIB, done=2, stopped=3, actions=2048,
                          finished_choices=[300, 500])
    assert line == ("SQLite: 512 bytes per player choice (1.0 MiB in all); a finished game "
                    "took 400 choices on average, so about 200 KiB per finished game")


def test_no_finished_game_gives_no_per_game_figure():
    line = _database_line("SQLite", MIB, done=0, stopped=5, actions=1024, finished_choices=[])
    assert line.endswith("no game finished, so no per-game figure)")


def test_postgresql_is_named_in_its_line():
    line = _database_line("PostgreSQL", 2 * MIB, done=2, stopped=0, actions=10,
                          finished_choices=[5, 5])
    assert line == "PostgreSQL per finished game: 1024 KiB (2.0 MiB in all)"


@pytest.mark.postgres
@pytest.mark.slow
def test_two_processes_on_postgresql_give_figures_for_the_whole_and_each(postgres_url):
    lines = bench_discord(Load("record", games=4, players=3, humans=2, think=0.0, seed=1,
                               minutes=5, processes=2, database=postgres_url))
    text = "\n".join(lines)
    assert "4 games of record" in lines[0] and "2 bot processes on PostgreSQL" in lines[0]
    assert "finished games: 4/4" in text and "missed the 3 s window: 0" in text
    assert "PostgreSQL per finished game:" in text
    for shard in (0, 1):
        assert f"process {shard} (shard {shard} of 2): " in text
    assert text.count("arrival → acknowledgement: p50") == 3  # the whole, then each


@pytest.mark.postgres
def test_a_database_that_holds_games_is_not_benched(postgres_url):
    from bot.app import build_app
    from bot.service import Player
    from storage import PostgresRepository

    async def one_game() -> None:
        async with PostgresRepository(postgres_url, pool_size=1) as repo:
            await build_app(repo, render=False).gm.new_game(
                game="record", guild_id=1, channel_id=2, creator=Player(3, "Ann"))

    asyncio.run(one_game())
    with pytest.raises(BenchError, match="needs an empty database"):
        bench_discord(Load("record", 1, 3, 2, 0.0, 1, 1, processes=1, database=postgres_url))
