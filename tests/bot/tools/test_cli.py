"""The terminal: `gm simulate` reports and fails on errors, `gm play` finishes a game with
scripted input and writes board images, options parse with clear errors."""

from __future__ import annotations

import argparse
import asyncio

import pytest

from bot.__main__ import _parser, main
from bot.service.options import parse_options
from bot.tools.terminal import play


def test_simulate_prints_a_summary_and_exits_zero(capsys):
    assert main(["simulate", "--game", "record", "--players", "3", "--games", "3",
                 "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "games: 3" in out and "errors: 0" in out and "end conditions met" in out


def test_simulate_refuses_an_unknown_option(capsys):
    assert main(["simulate", "--option", "turbo=true", "--games", "1"]) == 2
    assert "Unknown option" in capsys.readouterr().err


@pytest.mark.slow
def test_play_finishes_a_game_with_scripted_answers(tmp_path):
    lines: list[str] = []
    status = asyncio.run(play("record", 3, 2, seed=4, boards=tmp_path,
                              ask=lambda _: "1", say=lines.append))
    assert status == 0
    assert any("Final scores" in line for line in lines)
    [folder] = tmp_path.iterdir()  # the game's own folder
    assert sorted(folder.glob("*.png")), "board images are written after each phase"
    assert main(["replay", str(folder / "game.json")]) == 0


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [
    ("record", 2), ("record", 3), ("record", 4), ("record", 5), ("redux", 3), ("scythe", 2)])
def test_hot_seat_play_goes_back_to_a_seat_that_still_owes_a_secret_choice(
        tmp_path, game, players):
    """All seats human (`yes 1 | gm play --ai 0`): after one seat's secret draft pick or
    recruit, the others still owe theirs though no update newly awaits them, and the table
    comes to each. Move 1 is the AI's choice, so pressing 1 throughout ends every game (in
    Scythe the game's first move walked a unit back and forth for ever). Scythe with 3-5
    seats ends too, in 15-25 s each on a quiet machine: left out to keep the suite short."""
    lines: list[str] = []
    status = asyncio.run(play(game, players, 0, seed=4, boards=tmp_path,
                              ask=lambda _: "1", say=lines.append))
    assert status == 0 and "Nobody is awaited; the game cannot go on." not in lines
    assert any("Final scores" in line for line in lines)


def test_play_quits_cleanly_on_q(tmp_path):
    lines: list[str] = []
    assert asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=lambda _: "q",
                            say=lines.append)) == 0
    assert "Left the table." in lines


def test_play_refuses_more_ai_seats_than_seats_and_an_unknown_language(tmp_path):
    lines: list[str] = []
    assert asyncio.run(play("record", 3, 4, None, tmp_path, say=lines.append)) == 2
    assert asyncio.run(play("record", 3, 3, None, tmp_path, say=lines.append,
                            locale="xx")) == 2
    assert lines == ["--ai must be between 0 (everyone at this terminal) and 3 (the AI plays "
                     "every seat).", "Unknown language `xx`: choose one of en, ko, zh-CN, "
                     "zh-TW, ja."]


def test_play_with_every_seat_an_ai_plays_the_whole_game_without_input(tmp_path):
    lines: list[str] = []
    assert asyncio.run(play("record", 3, 3, 5, tmp_path, ask=None, say=lines.append)) == 0
    assert lines[-2].startswith("Final scores")


def test_options_parse_booleans_and_numbers():
    assert parse_options("advanced=true, seats=3 name=Wei") == {
        "advanced": True, "seats": 3, "name": "Wei"}
    with pytest.raises(ValueError, match="name=value"):
        parse_options("advanced")


def test_run_without_a_token_says_how_to_get_one_and_points_at_play(monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN" in err and "make play" in err


@pytest.mark.parametrize("players", [2, 4])
def test_gm_play_gives_you_a_seat_unless_you_ask_the_ai_to_take_them_all(
        players, monkeypatch):
    """Issue 30: `gm play --game scythe --players 2` had the AI play both seats."""
    seated: list[tuple[int, int]] = []

    async def table(game: str, count: int, ai: int, *args: object, **kwargs: object) -> int:
        seated.append((count, ai))
        return 0

    monkeypatch.setattr("bot.tools.terminal.play", table)
    assert main(["play", "--game", "scythe", "--players", str(players)]) == 0
    assert main(["play", "--game", "scythe", "--players", str(players),
                 "--ai", str(players)]) == 0
    assert seated == [(players, players - 1), (players, players)]


@pytest.mark.parametrize("command", ["play", "simulate", "replay", "bench", "crashes",
                                     "table", "migrate", "run"])
def test_every_commands_help_shows_what_typing_nothing_gives(command, capsys):
    """Each option's help says its default (or that it has none that matters: a flag, an
    option only read with another)."""
    parser = _parser()
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    sub = commands.choices[command]
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for action in sub._actions:
        if not action.option_strings or action.dest == "help":
            continue
        described = " ".join((sub._get_formatter()._get_help_string(action) or "").split())
        assert described and described.split(" (default:")[0] in shown
        assert ("default" in described or "with --" in described or action.required
                or action.default in (None, False, [])), f"{command} {action.option_strings}"


def test_hot_seat_waits_for_the_next_player_before_showing_their_hand(tmp_path):
    """Issue 30: the next player sat down to the previous player's hand on the screen."""
    lines: list[str] = []
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "q" if len(asked) > 6 else "1"

    assert asyncio.run(play("record", 2, 0, seed=4, boards=tmp_path, ask=ask,
                            say=lines.append)) == 0
    handed = [i for i, line in enumerate(lines) if "Pass the keyboard to" in line]
    hands = [i for i, line in enumerate(lines) if "your turn (hot seat)" in line]
    assert handed and hands
    for hand in hands:  # each hand comes after a hand-over to its player, with nothing between
        before = max(i for i in handed if i < hand)
        name = lines[hand].split("--- ")[1].split(",")[0]
        assert name in lines[before]
        assert all("hand" not in line.lower() for line in lines[before + 1:hand]
                   if line.strip())
    assert "" in asked  # the hand-over's own prompt: Enter, nothing to type
