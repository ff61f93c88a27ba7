"""Every `gm` command the README and the guides show is one the `gm` of this checkout
accepts (issue 30: the docs listed three games of five and showed a command that drew
another board), and each `gm play` they show starts the game it names: a newcomer who
copies a line gets what the line says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from bot.__main__ import _parser, main
from bot.i18n import game_title
from games.core import all_games

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("README.md", "docs/playing.md", "docs/deploying.md", "docs/play-by-post.md")
# What a placeholder of the docs stands for when the line is tried.
PLACEHOLDERS = {"G": "record", "N": "3", "K": "2", "S": "1", "DIR": "boards",
                "FOLDER": "boards/record-game", "FILE": "game.json",
                "<its folder>": "record-game", "<that folder>": "record-game",
                "postgresql://...": "postgresql://gm@localhost/gm",
                "postgresql://.../bench": "postgresql://gm@localhost/bench",
                "sqlite:FILE": "sqlite:gamemaster.sqlite3"}


def shown_commands() -> list[tuple[str, str]]:
    """(document, command) for each `gm …` the docs show, in code blocks or inline."""
    found = []
    for name in DOCS:
        text = (ROOT / name).read_text(encoding="utf-8")
        lines = [m.group(1) for m in re.finditer(r"`(gm [^`]+)`", text)]
        lines += [m.group(1) for m in re.finditer(r"^(?:\.venv/bin/)?(gm [^#\n]+)", text,
                                                  re.MULTILINE)]
        found += [(name, " ".join(line.split())) for line in lines
                  if len(line.split()) > 2 or line.split()[1] != "replay"]  # a mention
    return sorted(set(found))


def arguments(command: str) -> list[str]:
    """The line as `gm` gets it: optional parts in brackets dropped, placeholders filled."""
    bare = re.sub(r"\[[^\]]*\]", "", command)
    for placeholder, value in sorted(PLACEHOLDERS.items(), key=lambda p: -len(p[0])):
        bare = bare.replace(placeholder, value)
    words = bare.split()[1:]
    return [PLACEHOLDERS.get(word, word) for word in words]


COMMANDS = shown_commands()


def test_the_docs_show_commands_of_every_kind_and_every_game():
    shown = " ".join(command for _, command in COMMANDS)
    assert len(COMMANDS) >= 15
    for game in all_games():
        assert f"--game {game.name}" in shown or game.name == "record", game.name


@pytest.mark.parametrize(("document", "command"), COMMANDS)
def test_each_command_the_docs_show_is_accepted_by_gm(document, command, capsys):
    try:
        _parser().parse_args(arguments(command))
    except SystemExit as refused:
        if refused.code != 0:  # `--help` exits 0
            pytest.fail(f"{document}: `{command}` is refused: {capsys.readouterr().err}")


PLAYS = [(d, c) for d, c in COMMANDS if c.startswith("gm play --game ") and "[" not in c
         and "G " not in c]


@pytest.mark.parametrize(("document", "command"), PLAYS)
def test_each_gm_play_the_docs_show_starts_the_game_it_names(document, command, tmp_path,
                                                           monkeypatch):
    """The line is run as shown (with its folder in a temporary place), and the first
    decision is left at once: its first lines name the game's table and its seats."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))  # the newcomer leaves at once
    game = arguments(command)[arguments(command).index("--game") + 1]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*arguments(command), "--boards", str(tmp_path), "--seed", "1"]) == 0
    printed = out.getvalue()
    assert f"{tmp_path}/{game}-" in printed.splitlines()[0], (document, command)
    assert str(game_title(game)).split(" (")[0] in printed or game in printed
