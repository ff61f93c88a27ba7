"""End-to-end fixtures: a local Discord (bot/tools/fakediscord) and the real bot connected to it
through its gateway and REST settings, with the guild's people as scripted users."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import MANAGER_PERMISSIONS, MOD_ROLE

TABLE_SEED = 4  # tables opened by /game new in-process get this seed: the same game each run


@dataclass(frozen=True)
class People:
    alice: ScriptedUser
    bob: ScriptedUser
    cara: ScriptedUser
    stranger: ScriptedUser
    owner: ScriptedUser  # Manage Server
    mod: ScriptedUser  # holds the moderator role (once /gm role chose it)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
def people(fake: FakeDiscord) -> People:
    return People(fake.user("Alice"), fake.user("Bob"), fake.user("Cara"),
                  fake.user("Stranger"), fake.user("Owner", permissions=MANAGER_PERMISSIONS),
                  fake.user("Moderator", roles=(MOD_ROLE,)))


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[InProcessBot]:
    """The bot, connected; afterwards nothing it did may be something Discord refuses."""
    async with InProcessBot(fake, tmp_path / "gm.sqlite3", seed=TABLE_SEED) as running:
        yield running
        await fake.idle()
        assert fake.problems() == []
