"""Every command of the README answers a wrong argument, a missing file or a missing network
with a sentence and a non-zero exit code, never a Python traceback (issue 19)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.tools.simulate import simulate
from games.core import get_game

ROOT = Path(__file__).resolve().parents[3]


def gm(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` as a newcomer runs it, without a token."""
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("args", "said"), [
    (["play", "--game", "chess"],
     "Unknown game `chess`. Games: record, redux, scythe, tang, wargame."),
    (["play", "--players", "9"], "is for 2-5 players, not 9: choose --players from 2 to 5."),
    (["play", "--game", "redux", "--players", "4"], "is for exactly 3 players, not 4"),
    (["play", "--ai", "7"], "--ai must be between 0"),
    (["play", "--locale", "xx"], "Unknown language `xx`"),
    (["simulate", "--game", "redux", "--players", "4"], "is for exactly 3 players, not 4"),
    (["simulate", "--games", "0"], "--games must be 1 or more, not 0."),
    (["simulate", "--jobs", "0"], "--jobs must be 1 or more, not 0."),
    (["bench", "--game", "chess"], "Unknown game `chess`."),
    (["bench", "--game", "record", "--players", "9"], "is for 2-5 players, not 9"),
    (["bench", "--players", "12"], "No game seats 12 players"),
    (["bench", "--game", "record", "--games", "0"], "--games must be 1 or more"),
    (["bench", "--discord", "--players", "9"], "is for 2-5 players, not 9"),
    (["bench", "--discord", "--think", "-1"], "--think must be 0 or more seconds"),
    (["crashes", "--kills", "0"], "--kills must be 1 or more."),
    (["table", "--game", "chess"], "Unknown game `chess`."),
    (["table", "--game", "redux", "--players", "4"], "is for exactly 3 players, not 4"),
    (["table", "--game", "record", "--humans", "0"], "--humans must be from 1 to the 4 seats"),
    (["bench", "--discord", "--processes", "0"], "--processes must be 1 or more, not 0."),
    (["bench", "--discord", "--processes", "2"], "--processes above 1 needs --database"),
    (["bench", "--discord", "--database", "bench.sqlite3"], "--database is a PostgreSQL URL"),
])
def test_a_wrong_argument_is_refused_at_once_with_what_is_allowed(args, said, capsys, tmp_path):
    assert main([*args, *(["--boards", str(tmp_path)] if args[0] == "play" else [])]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not list(tmp_path.iterdir()), "nothing is written for a refused table"


def test_simulate_refuses_a_seat_count_before_playing_a_game():
    with pytest.raises(ValueError, match="3-3 players, not 4"):
        simulate(get_game("redux"), 4, 300, 1, {})


def test_replay_of_a_missing_file_a_folder_or_a_file_that_is_no_export(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "missing.json")]) == 2
    assert "Cannot read" in capsys.readouterr().err
    assert main(["replay", str(tmp_path)]) == 2
    assert "Is a directory" in capsys.readouterr().err
    (tmp_path / "notes.json").write_text(json.dumps({"hello": 1}))
    assert main(["replay", str(tmp_path / "notes.json")]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_resume_of_a_folder_without_a_game(tmp_path, capsys):
    assert main(["play", "--resume", str(tmp_path)]) == 2
    assert "No game is kept in" in capsys.readouterr().out


def test_a_boards_folder_that_cannot_be_made_is_a_sentence(tmp_path, capsys):
    (tmp_path / "file").write_text("not a folder")
    assert main(["play", "--ai", "3", "--boards", str(tmp_path / "file" / "boards")]) == 2
    assert "Cannot write the game's folder" in capsys.readouterr().err


def test_run_without_a_network_says_so_and_exits_non_zero(tmp_path):
    result = gm("run", env={"DISCORD_TOKEN": "not-a-token",
                            "GM_DISCORD_API_BASE": "http://127.0.0.1:9/api/v10",
                            "GM_DATABASE": str(tmp_path / "gm.sqlite3")})
    assert result.returncode == 3
    assert "Cannot reach Discord at http://127.0.0.1:9/api/v10" in result.stderr
    assert "Traceback" not in result.stderr


def test_run_with_a_database_in_a_missing_folder(tmp_path):
    result = gm("run", env={"DISCORD_TOKEN": "not-a-token",
                            "GM_DATABASE": str(tmp_path / "nowhere" / "gm.sqlite3")})
    assert result.returncode == 2
    assert "Cannot open the database" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("args", [["bench", "--game", "chess"], ["replay", "missing.json"],
                                  ["play", "--game", "chess"], ["run"]])
def test_python_m_bot_speaks_a_sentence_too(args):
    """`python -m bot` (what `make` runs) reaches the same answers: the module's helpers are
    defined before it runs (`_said` came after the `__main__` guard: a NameError)."""
    result = gm(*args)
    assert result.returncode != 0 and result.stderr.strip()
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("args", "said"), [
    (["--shards", "0-1"], "needs GM_SHARD_COUNT (--shard-count)"),
    (["--shards", "0-4", "--shard-count", "4"], "shard 4 is not among the 4 shards"),
    (["--shards", "two", "--shard-count", "4"], "is not a list of shards"),
    (["--shards", "0-1", "--shard-count", "4"], "set GM_DATABASE to a PostgreSQL URL"),
])
def test_run_with_shards_it_cannot_serve(args, said, monkeypatch, capsys):
    """Some shards only need a database shared with the other shards' processes."""
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    monkeypatch.delenv("GM_DATABASE", raising=False)
    assert main(["run", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_run_on_an_unreachable_postgresql_names_it_without_its_password():
    result = gm("run", env={"DISCORD_TOKEN": "not-a-token",
                            "GM_DATABASE": "postgresql://gm:s3cret@127.0.0.1:9/games"})
    assert result.returncode == 2
    assert "cannot open the PostgreSQL database postgresql://gm@127.0.0.1:9/games" in (
        result.stderr)
    assert "s3cret" not in result.stderr and "Traceback" not in result.stderr
