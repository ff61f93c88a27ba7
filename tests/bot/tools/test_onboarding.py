"""A newcomer's first hour (issue 19): after `make install` the `gm` command is there and the
README says how to run it; the player's guide is linked and lists the permissions the bot
needs, every slash command and a picture of a board."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import discord
import pytest

ROOT = Path(__file__).resolve().parents[3]
GUIDE = ROOT / "docs" / "playing.md"
PERMISSIONS = {  # what the cogs do with each (docs/playing.md says why)
    "View Channels": "read_messages", "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Create Public Threads": "create_public_threads",
    "Create Private Threads": "create_private_threads", "Manage Threads": "manage_threads",
    "Attach Files": "attach_files"}
NOT_NEEDED = ("embed_links", "read_message_history", "mention_everyone", "administrator",
              "manage_messages")


def make(*targets: str) -> str:
    return subprocess.run(["make", "-n", *targets], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
def test_make_install_tells_where_gm_is_and_make_play_runs_it():
    assert "The gm command is .venv/bin/gm" in make("install")
    assert "source .venv/bin/activate" in make("install")
    [played] = [line.split() for line in make("play").splitlines()
                if line.startswith(".venv/bin/gm play")]  # a make inside make adds its own
    assert played == [".venv/bin/gm", "play", "--game", "record", "--players", "3"]  # no --ai
    assert ".venv/bin/gm play --game scythe --players 4 --ai 3" in make(
        "play", "GAME=scythe", "PLAYERS=4", "AI=3")


def test_the_readme_says_how_to_run_gm_and_links_the_players_guide():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "source .venv/bin/activate" in readme and ".venv/bin/gm" in readme
    assert "(docs/playing.md)" in readme and GUIDE.is_file()
    assert "gm play --resume" in readme
    assert 'gm = "bot.__main__:main"' in (ROOT / "pyproject.toml").read_text("utf-8")


def test_the_guide_lists_the_permissions_and_its_invite_link_asks_exactly_those():
    guide = GUIDE.read_text("utf-8")
    for name in PERMISSIONS:
        assert f"| {name} |" in guide, name
    asked = discord.Permissions(int(re.search(r"permissions=(\d+)", guide).group(1)))
    assert {flag for flag, on in asked if on} == set(PERMISSIONS.values())
    assert not any(getattr(asked, flag) for flag in NOT_NEEDED)


def test_the_guide_names_every_slash_command():
    guide = GUIDE.read_text("utf-8")
    section = guide[guide.index("## Every command"):]
    names = {name for path in (ROOT / "cogs").glob("*.py")
             for name in re.findall(r'command\(\s*name="(\w+)"', path.read_text("utf-8"))}
    assert names and not [n for n in sorted(names) if not re.search(rf"\b{n}\b", section)]


def test_the_guides_board_picture_is_a_modest_png():
    picture = ROOT / "docs" / "images" / "record-board.png"
    assert "(images/record-board.png)" in GUIDE.read_text("utf-8")
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size < 300_000
