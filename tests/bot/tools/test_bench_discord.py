"""The SQLite line of `gm bench --discord`: per finished game when every game finished,
else measured per player choice with a finished game's size estimated from its choices."""

from __future__ import annotations

from bot.tools.bench_discord import _sqlite_line

MIB = 1024 * 1024


def test_every_game_finished_gives_the_size_per_game():
    assert _sqlite_line(4 * MIB, done=4, stopped=0, actions=1000, finished_choices=[250] * 4) \
        == "SQLite per finished game: 1024 KiB (4.0 MiB in all)"


def test_games_cut_off_give_the_size_per_choice_and_an_estimate_from_finished_games():
    line = _sqlite_line(MIB, done=2, stopped=3, actions=2048, finished_choices=[300, 500])
    assert line == ("SQLite: 512 bytes per player choice (1.0 MiB in all); a finished game "
                    "took 400 choices on average, so about 200 KiB per finished game")


def test_no_finished_game_gives_no_per_game_figure():
    line = _sqlite_line(MIB, done=0, stopped=5, actions=1024, finished_choices=[])
    assert line.endswith("no game finished, so no per-game figure)")
