"""A player's prompt comes back to them while they hold it open (cogs/open_prompts.py):
the message their last answer left becomes their next decision within Discord's 15 minutes,
once, and a refused edit leaves the Take my turn button to do it."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.service import Player
from cogs import open_prompts

ALICE = Player(11, "Alice")


class Client:
    """Stands for the bot, which only keys the held prompts."""


class Interaction:
    def __init__(self, client: Client) -> None:
        self.client = client


class Refused(discord.HTTPException):
    def __init__(self) -> None:  # discord.HTTPException wants a response; none is needed
        Exception.__init__(self, "Unknown Webhook")


async def test_a_held_prompt_comes_back_once_within_its_lifetime(monkeypatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(open_prompts.time, "monotonic", lambda: now[0])
    client: Any = Client()
    shown: list[tuple[Any, int, Player]] = []

    async def show(interaction: Any, game_id: int, player: Player) -> None:
        shown.append((interaction, game_id, player))

    held: Any = Interaction(client)
    open_prompts.hold(held, 7, ALICE)
    now[0] += open_prompts.LIFETIME - 1
    assert await open_prompts.bring_back(client, 7, [11, 12], show) == {11}
    assert shown == [(held, 7, ALICE)]
    assert await open_prompts.bring_back(client, 7, [11], show) == set(), "once"


@pytest.mark.parametrize("late", [True, False])
async def test_an_old_or_refused_prompt_is_left_to_the_button(monkeypatch, late) -> None:
    now = [1000.0]
    monkeypatch.setattr(open_prompts.time, "monotonic", lambda: now[0])
    client: Any = Client()

    async def show(interaction: Any, game_id: int, player: Player) -> None:
        raise Refused()

    open_prompts.hold(Interaction(client), 7, ALICE)  # type: ignore[arg-type]
    now[0] += open_prompts.LIFETIME + 1 if late else 1
    assert await open_prompts.bring_back(client, 7, [11], show) == set()


def test_a_prompt_read_before_the_players_newer_answer_is_not_brought_back() -> None:
    """The race seen in whole wargame tables: a prompt brought back was read at step 495,
    the player answered at 495 meanwhile (their message now shows 496), and the late edit
    put 495 back, whose every pick then answered "already taken"."""
    client: Any = Client()
    open_prompts.drawing(client, 7, 11, 496)
    assert open_prompts.outdated(client, 7, 11, 495)
    assert not open_prompts.outdated(client, 7, 11, 496), "the same step may be drawn again"
    assert not open_prompts.outdated(client, 7, 12, 495), "another player's prompt"
    assert not open_prompts.outdated(client, 8, 11, 495), "another game"
    open_prompts.drawing(client, 7, 11, 490)  # an older one drawn by an answer stays older
    assert open_prompts.outdated(client, 7, 11, 495)
