"""Every slash command with options drawn within Discord's own limits (issue 28): string
lengths up to the 6000 characters Discord allows, numbers within each option's range, only
the choices a command offers (Discord refuses others), any text where an option
autocompletes (Discord checks nothing there), any member. Whatever is drawn, the bot
answers every interaction, logs no error, prints no traceback, and leaves the running game
as it was unless the command's purpose is to change it.

The commands are read from the bot's own command tree, so a command added later is fuzzed
without a change here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.http import HTTPClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cogs.fake_discord import CHANNEL_ID
from tests.cogs.harness import ALICE, BOB, MOD, MOD_ROLE, STRANGER, Harness, Upload
from tests.cogs.test_cogs_fuzz import Errors, table_harness
from tests.cogs.test_cogs_turns import started

# What may change the table at hand, by the command's purpose; every other command only
# reads it (or changes a setting, another table, a campaign).
CHANGING = {"game join", "game leave", "game ai", "game handover", "game takeover",
            "game start", "game undo", "move", "gm undo", "gm replace", "gm kick", "gm ban",
            "gm pause", "gm resume", "gm end"}
DISCORD_STRING_LIMIT = 6000
MEMBERS = [ALICE, BOB, STRANGER, MOD]
TEXT = st.one_of(
    st.text(max_size=40),
    st.text(min_size=DISCORD_STRING_LIMIT - 50, max_size=DISCORD_STRING_LIMIT),
    st.sampled_from(["", " ", "0", "-1", "record", "Alice", "@everyone", "<@11>", "```",
                     "{}", "[" * 200, "\u202e", "\x00"]),
)
UPLOADS = st.builds(Upload, st.sampled_from(["game.json", "pack.json", "x.txt", "a"]),
                    st.one_of(st.binary(max_size=200),
                              st.sampled_from([b"{}", b"[]", b"[" * 5000, b"null",
                                               b'{"game": "record"}'])))


def commands_of(tree: app_commands.CommandTree[Any]) -> list[app_commands.Command[Any, ..., Any]]:
    return sorted((c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
                  key=lambda c: c.qualified_name)


def option_values(param: app_commands.Parameter) -> st.SearchStrategy[Any]:
    """What a Discord client can send for `param`: Discord enforces types, ranges, lengths
    and choices, nothing of an autocompleted option but its type."""
    kind = param.type
    if param.choices:
        return st.sampled_from([choice.value for choice in param.choices])
    if kind is discord.AppCommandOptionType.string:
        return TEXT
    if kind is discord.AppCommandOptionType.integer:
        low = -(2**53) if param.min_value is None else int(param.min_value)
        high = 2**53 if param.max_value is None else int(param.max_value)
        return st.integers(low, high)
    if kind is discord.AppCommandOptionType.number:
        return st.floats(param.min_value if param.min_value is not None else -1e9,
                         param.max_value if param.max_value is not None else 1e9,
                         allow_nan=False, allow_infinity=False)
    if kind is discord.AppCommandOptionType.boolean:
        return st.booleans()
    if kind is discord.AppCommandOptionType.user:
        return st.sampled_from(MEMBERS)
    if kind is discord.AppCommandOptionType.channel:
        return st.just(CHANNEL_ID)
    if kind is discord.AppCommandOptionType.role:
        return st.just(MOD_ROLE)
    if kind is discord.AppCommandOptionType.attachment:
        return UPLOADS
    raise AssertionError(f"no strategy for option {param.name} of type {kind}")


@st.composite
def invocations(draw: st.DrawFn, names: list[str],
                params: dict[str, list[app_commands.Parameter]]) -> tuple[str, Any, dict]:
    name = draw(st.sampled_from(names))
    options = {p.name: draw(option_values(p)) for p in params[name]
               if p.required or draw(st.booleans())}
    return name, draw(st.sampled_from(MEMBERS)), options


@asynccontextmanager
async def served_uploads(harness: Harness) -> AsyncIterator[dict[str, bytes]]:
    """Attachments come from Discord's CDN: the test serves every upload it sends."""
    served: dict[str, bytes] = {}

    async def get_from_cdn(self: HTTPClient, url: str) -> bytes:
        return served[url]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(HTTPClient, "get_from_cdn", get_from_cdn)
        yield served


async def throw(calls: list[tuple[str, Any, dict[str, Any]]]) -> None:
    errors = Errors()
    logging.getLogger().addHandler(errors)
    try:
        async with table_harness() as harness, served_uploads(harness) as served:
            game_id, thread = await started(harness)
            for name, member, options in calls:
                for value in options.values():
                    if isinstance(value, Upload):
                        served[value.url] = value.data
                before = await harness.gm.repo.load_game(game_id)
                reply = await harness.invoke(member, name, where=thread, **options)
                assert reply.callback_types, f"/{name} {options!r} got no answer"
                after = await harness.gm.repo.load_game(game_id)
                if name not in CHANGING:
                    assert (after.record.version, after.record.state) == (
                        before.record.version, before.record.state), f"/{name} changed it"
            shown = [m.content for m in harness.fake.messages.values()]
            assert not [text for text in shown if "Traceback" in (text or "")]
            harness.assert_answered_first()
    finally:
        logging.getLogger().removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records]


def the_commands() -> tuple[list[str], dict[str, list[app_commands.Parameter]]]:
    """The bot's commands and their options, read from its tree once."""

    async def read() -> tuple[list[str], dict[str, list[app_commands.Parameter]]]:
        async with table_harness() as harness:
            found = commands_of(harness.bot.tree)
            return ([c.qualified_name for c in found],
                    {c.qualified_name: list(c.parameters) for c in found})

    return asyncio.run(read())


NAMES, PARAMS = the_commands()


def test_every_command_of_the_tree_is_fuzzed():
    assert len(NAMES) >= 60 and {"move", "game new", "gm undo", "me quiet"} <= set(NAMES)
    assert set(CHANGING) <= set(NAMES)


@settings(max_examples=80, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(calls=st.lists(invocations(NAMES, PARAMS), min_size=1, max_size=6))
def test_any_options_within_discords_limits_are_answered_and_change_only_what_they_mean_to(
        calls):
    asyncio.run(throw(calls))


@pytest.mark.parametrize("name", NAMES)
def test_each_command_with_its_longest_options_is_answered(name):
    """Each command once, every option given at its extreme: the longest string Discord
    lets through, an integer's largest value, every flag on."""
    options = {p.name: _longest(p) for p in PARAMS[name]}
    asyncio.run(throw([(name, STRANGER, options), (name, ALICE, options)]))


def _longest(param: app_commands.Parameter) -> Any:
    kind = param.type
    if param.choices:
        return param.choices[-1].value
    if kind is discord.AppCommandOptionType.string:
        return "界" * DISCORD_STRING_LIMIT
    if kind in (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number):
        return 2**53 if param.max_value is None else param.max_value
    if kind is discord.AppCommandOptionType.boolean:
        return True
    if kind is discord.AppCommandOptionType.user:
        return BOB
    if kind is discord.AppCommandOptionType.channel:
        return CHANNEL_ID
    if kind is discord.AppCommandOptionType.role:
        return MOD_ROLE
    return Upload("big.json", b"[" * 100_000)
