"""Forged clicks through the local Discord (bot/tools/fakediscord), as a modified client
could send them to the real bot over its gateway: random component ids and menu values on
the messages of a running table. Every one is acknowledged within Discord's 3 s, none makes
the bot log an error or call Discord wrongly, and the stored game does not change (the
in-process variant with hypothesis is tests/cogs/test_cogs_fuzz.py)."""

from __future__ import annotations

import logging
import random

import pytest

from bot.tools.fakediscord.autoplay import open_table
from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from tests.cogs.test_cogs_fuzz import PREFIXES

COMPONENT = 3
BUTTON, SELECT = 2, 3
KINDS = ["act", "pick", "page", "turn", "undo", "part"]
NUMBERS = ["-1", "0", "00", "1", "2", "999", "9" * 30, "1e3", "", "x", "#"]
CLICKS = 60


def forged_id(rng: random.Random, game_id: int) -> str:
    """An id shaped like ours, or nearly, or nothing like it."""
    number = lambda: rng.choice([*NUMBERS, str(game_id)])  # noqa: E731
    shapes = [
        lambda: "".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(0, 110))),
        lambda: rng.choice(PREFIXES) + "".join(rng.choice("0123456789:#ab-")
                                               for _ in range(rng.randrange(0, 40))),
        lambda: f"gm:{rng.choice(KINDS)}:{number()}:{number()}:{rng.choice([number(), '#x'])}",
        lambda: f"gm:part:{number()}",
    ]
    return rng.choice(shapes)()


def forged_values(rng: random.Random) -> list[str]:
    return rng.choice([[], ["#" + rng.choice(NUMBERS)], ["players"], ["x" * 120],
                       ["#0", "#1"], [rng.choice(NUMBERS)]])


@pytest.mark.slow
async def test_forged_clicks_are_all_answered_and_change_nothing(
        fake: FakeDiscord, people, bot: InProcessBot, caplog) -> None:
    alice: ScriptedUser = people.alice
    table = await open_table(alice, "record", joiners=(people.bob,), ais=1)
    before = await bot.gm.repo.get_game(table.game_id)
    messages = fake.world.public(table.thread)
    rng = random.Random(20)
    caplog.set_level(logging.ERROR)
    for _ in range(CLICKS):
        message = rng.choice(messages)
        custom_id = forged_id(rng, table.game_id)
        kind = rng.choice([BUTTON, SELECT])
        data = {"custom_id": custom_id[:100], "component_type": kind}
        if kind == SELECT:
            data["values"] = forged_values(rng)
        clicker = rng.choice([alice, people.bob, people.stranger])
        interaction = await fake.interact(clicker.member, COMPONENT, data, table.thread,
                                          message)
        await fake.settle(interaction)
        assert interaction.acked_at is not None and not interaction.failed, data
    after = await bot.gm.repo.get_game(table.game_id)
    assert (after.version, after.state) == (before.version, before.state)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
