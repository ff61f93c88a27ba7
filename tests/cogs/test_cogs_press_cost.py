"""What a press of an action button costs the database, warm, in each game.

A live table's players press buttons all evening, and on a shared PostgreSQL every
repository call is a round trip: a press reads the game once, stores the change once and
marks its announcement posted, and reads nothing the process already holds (the server's
settings are cached, the next prompt comes with the change). The repository is seen through
a proxy that counts its calls; the first press warms the caches, the second is counted.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, cast

import pytest

from bot.service import TurnPrompt
from games.core import get_game
from storage import Repository
from tests.cogs.harness import ALICE, Harness

MOST_CALLS = 4
GAMES = ("record", "redux", "scythe", "tang", "wargame")


class CountingRepository:
    """Every coroutine of the repository, counted by name; anything else passes through."""

    def __init__(self, inner: Repository) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if not inspect.iscoroutinefunction(found):
            return found

        @functools.wraps(found)
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return await found(*args, **kwargs)

        return counted


@pytest.fixture
def wrap_repo() -> Callable[[Repository], Repository]:
    return lambda repo: cast(Repository, CountingRepository(repo))


async def awaited_prompt(harness: Harness, game_id: int) -> TurnPrompt:
    prompt = await harness.prompt(ALICE, game_id)
    assert prompt is not None, "Alice is not awaited"
    return prompt


async def press_first_action(harness: Harness, prompt: TurnPrompt) -> None:
    """Alice presses the first action of her open prompt (the answer to her last press,
    or to /game start)."""
    offered = (f"gm:act:{prompt.game_id}:{prompt.version}:",
               f"gm:pick:{prompt.game_id}:{prompt.version}:")
    message = next(m for m in reversed(list(harness.fake.messages.values()))
                   if m.audience == ALICE.id
                   and any(c.startswith(offered) for c in m.custom_ids()))
    first = prompt.actions[0].text
    await harness.choose(ALICE, message, first, [a.text for a in prompt.actions])


@pytest.mark.parametrize("game", GAMES)
async def test_a_press_costs_at_most_four_repository_calls_warm(harness: Harness, game: str):
    """Alice and AI seats: each press of Alice's is answered with her next prompt. The
    counted calls: the game's one read, the change's one write, and the outbox's marks."""
    ais = get_game(game).min_players - 1
    game_id, thread = await harness.open_table(ALICE, ais=ais, game=game)
    await harness.invoke(ALICE, "game start", where=thread)
    await press_first_action(harness, await awaited_prompt(harness, game_id))  # warms up
    prompt = await awaited_prompt(harness, game_id)
    repo = cast(CountingRepository, harness.gm.repo)
    repo.calls.clear()
    await press_first_action(harness, prompt)
    calls = list(repo.calls)
    assert await harness.version(game_id) > prompt.version, "the press played nothing"
    assert len(calls) <= MOST_CALLS, calls
