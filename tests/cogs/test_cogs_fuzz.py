"""Random component ids and menu values thrown at a running table, as a modified client could
send them: every one is answered, none logs an error, and the stored game is unchanged
(cogs/ids.py reads ids strictly; cogs/components.py answers what no component takes)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from discord.http import HTTPClient
from discord.webhook.async_ import AsyncWebhookAdapter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import build_app
from bot.config import Settings
from storage import SqliteRepository
from tests.cogs.fake_discord import FakeDiscord
from tests.cogs.harness import ALICE, Harness, fixed_seed, guild_payload
from tests.cogs.test_cogs_turns import first_prompt, started

PREFIXES = ["gm:", "gm:act:", "gm:pick:", "gm:page:", "gm:turn:", "gm:undo:", "gm:act:1:",
            "gm:pick:1:0:", "gm:turn:1", "gm:act:1:0:#", "gm:part:", "gm:part:1", ""]
NUMBERS = st.sampled_from(["-1", "0", "00", "1", "2", "999", "9" * 30, "1e3", "", "x", "#"])
IDS = st.one_of(
    st.text(max_size=110),
    st.builds(str.__add__, st.sampled_from(PREFIXES), st.text(max_size=40)),
    st.builds(lambda kind, a, b, c: f"gm:{kind}:{a}:{b}:{c}",
              st.sampled_from(["act", "pick", "page", "turn", "undo", "part"]), NUMBERS,
              NUMBERS,
              st.one_of(NUMBERS, st.text(max_size=12).map(lambda t: "#" + t))),
)
VALUES = st.lists(st.one_of(st.text(max_size=30), NUMBERS.map(lambda n: "#" + n)), max_size=3)
CLICKS = st.lists(st.tuples(IDS, VALUES, st.booleans()), min_size=1, max_size=20)


class Errors(logging.Handler):
    """Every record at ERROR or above, from any logger."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@asynccontextmanager
async def table_harness() -> AsyncIterator[Harness]:
    """The cog harness (tests/cogs/conftest.py) for one example of hypothesis."""
    from bot.discord.client import GameBot

    fake = FakeDiscord()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(HTTPClient, "request", fake.rest)
        patch.setattr(AsyncWebhookAdapter, "request", fake.webhook)
        repo = SqliteRepository(":memory:")
        await repo.open()
        app = build_app(repo, render=False)
        fixed_seed(app.gm)
        bot = GameBot(app, Settings(token="test-token"))
        await bot.login("test-token")
        bot._connection.parse_guild_create(guild_payload())  # type: ignore[arg-type]
        try:
            yield Harness(bot, fake, app.gm)
        finally:
            await bot.close()
            await repo.close()


async def throw(clicks: list[tuple[str, list[str], bool]]) -> None:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    try:
        async with table_harness() as harness:
            game_id, _ = await started(harness)
            _, message = await first_prompt(harness, game_id)
            before = await harness.gm.repo.load_game(game_id)
            for custom_id, values, as_menu in clicks:
                if custom_id in message.custom_ids():
                    continue  # a real choice of the prompt: it would rightly be applied
                data: dict[str, Any] = {"custom_id": custom_id,
                                        "component_type": 3 if as_menu else 2}
                if as_menu:
                    data["values"] = values
                payload = harness.payload(ALICE, 3, data, message.channel_id, message)
                reply = (await harness.dispatch(payload))[0]
                assert reply.callback_types, f"{custom_id!r} {values!r} got no answer"
            after = await harness.gm.repo.load_game(game_id)
            assert (after.record.version, after.record.state) == (
                before.record.version, before.record.state)
            harness.assert_answered_first()
    finally:
        logging.getLogger().removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records]


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(clicks=CLICKS)
def test_random_ids_and_values_are_answered_and_change_nothing(clicks):
    asyncio.run(throw(clicks))


def test_the_ids_the_issue_found_are_answered_and_change_nothing():
    forged = [("gm:act:1:33:", [], False), ("gm:act", [], False), ("foreign:thing", [], False),
              ("gm:act:1:0:#abc", [], False), ("gm:pick:1:0:0", ["#x"], True),
              ("gm:pick:1:0:0", [], True), ("gm:act:" + "9" * 30 + ":0:pass", [], False),
              ("gm:turn:999", [], False), ("gm:act:1:0:#-1", [], False),
              ("gm:pick:1:0:0", ["#-2"], True)]
    asyncio.run(throw(forged))
