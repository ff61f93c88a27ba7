"""The web table's commands: `gm web --links`, the refusals of a missing secret (`gm web`,
`gm run` with GM_WEB_PORT), and `gm play`'s local address, served while the terminal waits
on its player."""

from __future__ import annotations

import asyncio
import re
import urllib.request
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app import opened_app
from bot.discord.launch import launch
from bot.tools.terminal import play
from bot.web.links import public_id
from tests.web.conftest import ANN, SECRET, started_record


async def two_games(database: str) -> list[int]:
    async with opened_app(database, render=False) as app:
        first = await started_record(app.gm, 1)
        second = await started_record(app.gm, 2)
        await app.gm.new_game(game="record", guild_id=None, channel_id=3,
                              creator=ANN)  # open: no page yet
        return [second, first]


def test_gm_web_links_prints_each_started_games_public_link(tmp_path, monkeypatch, capsys):
    database = str(tmp_path / "gm.sqlite3")
    games = asyncio.run(two_games(database))
    monkeypatch.setenv("GM_WEB_SECRET", SECRET.decode())
    monkeypatch.setenv("GM_WEB_URL", "https://games.example/")
    assert main(["web", "--database", database, "--links"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"https://games.example/g/{public_id(SECRET, game)}" for game in games]


@pytest.mark.parametrize("secret", [None, "short"])
def test_gm_web_refuses_to_serve_without_a_secret(secret, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("GM_WEB_SECRET", raising=False)
    if secret:
        monkeypatch.setenv("GM_WEB_SECRET", secret)
    assert main(["web", "--database", str(tmp_path / "gm.sqlite3")]) == 2
    error = capsys.readouterr().err
    assert "GM_WEB_SECRET" in error and "secrets.token_urlsafe" in error


def test_gm_run_with_a_web_port_and_no_secret_does_not_start(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("GM_WEB_PORT", "8080")
    monkeypatch.delenv("GM_WEB_SECRET", raising=False)
    assert launch(None, None) == 2
    assert "GM_WEB_SECRET" in capsys.readouterr().err


def test_a_bad_web_port_is_refused(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("GM_WEB_PORT", "http")
    assert launch(None, None) == 2
    assert "GM_WEB_PORT must be a port number" in capsys.readouterr().err


def test_gm_play_serves_the_game_at_a_local_address_while_you_play(tmp_path: Path):
    said: list[str] = []
    pages: list[tuple[int, str]] = []

    def ask(prompt: str) -> str:
        """The player, looking at the page the terminal named, then leaving."""
        url = next(re.search(r"http://127\.0\.0\.1:\d+/g/\S+", line).group(0)  # type: ignore[union-attr]
                   for line in said if "http://127.0.0.1" in line)
        with urllib.request.urlopen(url, timeout=10) as answer:
            pages.append((answer.status, answer.read().decode()))
        return "q"

    assert asyncio.run(play("record", 2, 1, seed=4, boards=tmp_path, ask=ask,
                            say=said.append, web=True)) == 0
    assert pages and pages[0][0] == 200 and "game.js" in pages[0][1]
    assert any("gm play --no-web" in line for line in said)


def test_gm_play_without_the_web_names_no_address(tmp_path: Path):
    said: list[str] = []
    asyncio.run(play("record", 2, 2, seed=4, boards=tmp_path, ask=lambda _: "q",
                     say=said.append))
    assert not any("http://" in line for line in said)


def test_gm_play_help_says_how_to_skip_the_web(capsys):
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--no-web" in capsys.readouterr().out


def test_gm_run_says_so_when_its_web_port_is_taken(monkeypatch, capsys, tmp_path):
    """Refused before Discord is reached: the port is bound before the gateway opens."""
    import socket

    taken = socket.socket()
    taken.bind(("0.0.0.0", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        monkeypatch.setenv("DISCORD_TOKEN", "a-token")
        monkeypatch.setenv("GM_DATABASE", str(tmp_path / "gm.sqlite3"))
        monkeypatch.setenv("GM_WEB_PORT", str(port))
        monkeypatch.setenv("GM_WEB_SECRET", SECRET.decode())
        assert launch(None, None) == 2
    finally:
        taken.close()
    error = capsys.readouterr().err
    assert f"the web table cannot serve port {port}" in error
    assert "Set GM_WEB_PORT to a free port" in error
