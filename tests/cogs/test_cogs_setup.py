"""The bot as Discord sees it at start-up: intents, the synced command tree within Discord's
limits, persistent components, and settings from the environment."""

from __future__ import annotations

import logging
import re

import discord
import pytest
from discord.http import Route

from bot.config import DEFAULT_DATABASE, ConfigError, Settings
from bot.discord.client import GameBot, run_bot, use_api_base
from cogs.turns import DYNAMIC_ITEMS
from tests.cogs.harness import ALICE

NAME = re.compile(r"^[-_\w]{1,32}$")


def check_option(option: dict, where: str) -> None:
    assert NAME.match(option["name"]) and option["name"] == option["name"].lower(), where
    assert 1 <= len(option["description"]) <= 100, f"{where}: description length"
    assert len(option.get("choices", [])) <= 25, f"{where}: too many choices"
    for choice in option.get("choices", []):
        assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100, where
    children = option.get("options", [])
    assert len(children) <= 25, f"{where}: too many options"
    required = [o.get("required", False) for o in children]
    assert required == sorted(required, reverse=True), f"{where}: required options first"
    for child in children:
        check_option(child, f"{where} {child['name']}")


async def test_command_tree_respects_discord_limits(harness):
    commands = [c.to_dict(harness.bot.tree) for c in harness.bot.tree._get_all_commands()]
    names = {c["name"] for c in commands}
    assert names >= {"game", "gm", "move", "redux", "scythe"}  # features test their own
    for command in commands:
        check_option(command, command["name"])
    subcommands = {c["name"]: {o["name"] for o in c.get("options", []) if o["type"] == 1}
                   for c in commands}
    assert subcommands["game"] >= {"new", "join", "leave", "start", "status", "board", "log",
                                   "hand", "ai"}
    assert subcommands["gm"] >= {"undo", "replace", "kick", "pause", "resume", "end", "role"}
    game_new = next(o for c in commands if c["name"] == "game" for o in c["options"]
                    if o["name"] == "new")
    game_choice = next(o for o in game_new["options"] if o["name"] == "game")
    assert {"name": "Record of the Three Kingdoms (三國志)", "value": "record"} in \
        game_choice["choices"]


async def test_login_syncs_the_tree_once_and_registers_persistent_components(harness):
    syncs = harness.calls("PUT /applications/{application_id}/commands")
    assert len(syncs) == 1
    synced = [c.to_dict(harness.bot.tree) for c in harness.bot.tree._get_all_commands()]
    assert {c["name"] for c in syncs[0].json} == {c["name"] for c in synced}
    registered = set(harness.bot._connection._view_store._dynamic_items.values())
    assert registered >= set(DYNAMIC_ITEMS)


async def test_dev_guild_gets_a_copy_of_the_commands(harness):
    bot = GameBot(harness.bot.app, Settings(token="t", dev_guild=42))
    await bot.login("t")
    try:
        assert harness.calls("PUT /applications/{application_id}/guilds/{guild_id}/commands")
    finally:
        await bot.close()


def test_bot_asks_for_no_privileged_intent(harness):
    intents = harness.bot.intents
    assert intents.guilds
    assert not (intents.members or intents.presences or intents.message_content)


def test_settings_from_the_environment():
    settings = Settings.from_env({"DISCORD_TOKEN": "abc", "GM_DATABASE": "/data/gm.db",
                                  "GM_DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/",
                                  "GM_LOG_LEVEL": "debug", "GM_DEV_GUILD": "123"})
    assert settings == Settings("abc", "/data/gm.db", "http://127.0.0.1:9/api/v10",
                                logging.DEBUG, 123)
    assert Settings.from_env({}) == Settings(None, DEFAULT_DATABASE)
    shared = "postgresql://gm:secret@db.internal:5432/gamemaster"
    assert Settings.from_env({"GM_DATABASE": shared}).database == shared


@pytest.mark.parametrize("env, problem", [
    ({"GM_LOG_LEVEL": "loud"}, "GM_LOG_LEVEL"),
    ({"GM_DEV_GUILD": "my-server"}, "GM_DEV_GUILD"),
    ({"GM_DATABASE": "mysql://db/gm"}, "GM_DATABASE"),
])
def test_unreadable_settings_say_which(env, problem):
    with pytest.raises(ConfigError, match=problem):
        Settings.from_env(env)


def test_missing_token_explains_how_to_get_one():
    with pytest.raises(ConfigError, match="DISCORD_TOKEN"):
        Settings.from_env({}).require_token()


def test_api_base_redirects_every_route(monkeypatch):
    monkeypatch.setattr(Route, "BASE", Route.BASE)
    use_api_base("http://127.0.0.1:9/api/v10")
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=1, webhook_token="t")
    assert route.url == "http://127.0.0.1:9/api/v10/interactions/1/t/callback"


async def test_run_bot_without_a_token_explains_and_fails(monkeypatch, caplog):
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **_: None)
    assert await run_bot(Settings(token=None)) == 2
    assert "DISCORD_TOKEN is not set" in caplog.text


async def test_the_harness_notices_unanswered_and_late_answers(harness):
    """The check every test runs at teardown does fail when it should."""
    reply = await harness.invoke(ALICE, "game status")
    token = reply.token
    callbacks, events = list(token.callbacks), list(harness.fake.events)
    try:
        harness.fake.events[:] = [e for e in events if not e.name.endswith("/callback")]
        with pytest.raises(AssertionError, match="answered 0 times"):
            harness.assert_answered_first()
        late = [e for e in events if e.name.endswith("/callback")]
        harness.fake.events[:] = [e for e in events if e not in late] + late
        with pytest.raises(AssertionError, match="before acknowledging"):
            harness.assert_answered_first()
    finally:
        harness.fake.events[:] = events
        token.callbacks[:] = callbacks
