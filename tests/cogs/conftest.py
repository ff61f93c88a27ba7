"""Fixtures: a GameBot logged in to the FakeDiscord, with a guild, a channel and players."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.app import build_app
from bot.config import Settings
from storage import Repository, SqliteRepository
from tests.cogs.fake_discord import FakeDiscord
from tests.cogs.harness import Harness, fixed_seed, guild_payload, record_service_calls

THREAD_MEMBER = "PUT /channels/{channel_id}/thread-members/{user_id}"


@pytest.fixture
def wrap_repo() -> Callable[[Repository], Repository]:
    """What the bot's repository is seen through: itself, unless a test module overrides
    this fixture (tests/cogs/test_cogs_press_cost.py counts its calls)."""
    return lambda repo: repo


@pytest.fixture
async def harness(monkeypatch: pytest.MonkeyPatch,
                  wrap_repo: Callable[[Repository], Repository]) -> AsyncIterator[Harness]:
    from bot.discord.client import GameBot  # after the fixtures' game registrations

    fake = FakeDiscord()
    monkeypatch.setattr(HTTPClient, "request", fake.rest)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", fake.webhook)
    repo = SqliteRepository(":memory:")
    await repo.open()
    app = build_app(wrap_repo(repo))
    gm = app.gm
    fixed_seed(gm)
    record_service_calls(gm, fake)
    bot = GameBot(app, Settings(token="test-token"))
    await bot.login("test-token")  # runs setup_hook: cogs, dynamic items, command sync
    bot._connection.parse_guild_create(guild_payload())  # type: ignore[arg-type]
    harness = Harness(bot, fake, gm)
    try:
        yield harness
        harness.assert_answered_first()
    finally:
        await bot.close()
        await repo.close()


@pytest.fixture
def cdn(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Attachments come from Discord's CDN, not its REST API: serve the test's uploads."""
    served: dict[str, bytes] = {}

    async def get_from_cdn(self: HTTPClient, url: str) -> bytes:
        return served[url]

    monkeypatch.setattr(HTTPClient, "get_from_cdn", get_from_cdn)
    return served


@pytest.fixture
def members(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> dict[int, set[int]]:
    """Thread membership, which the shared fake does not answer: who was added to which
    thread (a private thread shows only to its members)."""
    joined: defaultdict[int, set[int]] = defaultdict(set)
    answer = harness.fake._answer_rest

    def with_members(route: Route, body: Any, files: list[tuple[str, bytes]]) -> Any:
        if f"{route.method} {route.path}" == THREAD_MEMBER:
            assert route.channel_id is not None
            joined[int(route.channel_id)].add(int(route.url.rsplit("/", 1)[1]))
            return None
        return answer(route, body, files)

    monkeypatch.setattr(harness.fake, "_answer_rest", with_members)
    return joined
