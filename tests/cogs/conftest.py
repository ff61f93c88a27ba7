"""Fixtures: a GameBot logged in to the FakeDiscord, with a guild, a channel and players."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.config import Settings
from bot.service import GameMaster
from storage import SqliteRepository
from tests.cogs import toy_game  # noqa: F401  TEMPORARY until record registers
from tests.cogs.fake_discord import FakeDiscord
from tests.cogs.harness import (
    MANAGER,
    MOD_ROLE,
    Harness,
    User,
    guild_payload,
    record_service_calls,
)

ALICE = User(11, "Alice")
BOB = User(12, "Bob")
CARA = User(13, "Cara")
STRANGER = User(14, "Stranger")
OWNER = User(20, "Owner", permissions=MANAGER)
MOD = User(21, "Moderator", roles=(MOD_ROLE,))


@pytest.fixture
async def harness(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Harness]:
    from bot.client import GameBot  # after the fixtures' game registrations

    fake = FakeDiscord()
    monkeypatch.setattr(HTTPClient, "request", fake.rest)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", fake.webhook)
    repo = SqliteRepository(":memory:")
    await repo.open()
    gm = GameMaster(repo)

    async def fake_board(*_args):  # TEMPORARY: the toy game has no renderer
        return b"\x89PNG fake"

    gm.announcer.board = fake_board  # type: ignore[method-assign]
    record_service_calls(gm, fake)
    bot = GameBot(gm, Settings(token="test-token"))
    await bot.login("test-token")  # runs setup_hook: cogs, dynamic items, command sync
    bot._connection.parse_guild_create(guild_payload())  # type: ignore[arg-type]
    try:
        yield Harness(bot, fake, gm)
    finally:
        await bot.close()
        await repo.close()
