"""The application root: the one place where the service and the play-by-post features are
put together. The service knows nothing of clocks or campaigns; each feature receives the
service it works through and hooks into its updates here: the clock plans its rows before a
change is stored (whom to mention; its clock changes go into the change's transaction) and
completes the stored change's update (quiet hours, heads-ups), then a campaign adds the news
of a round that ended."""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from bot.playbypost.campaigns import Campaigns
from bot.playbypost.clock import Clock
from bot.service import GameMaster
from storage import Repository, repository_for


@dataclass(frozen=True)
class App:
    gm: GameMaster
    clock: Clock
    campaigns: Campaigns


def build_app(repo: Repository, *, render: bool = True, executor: Executor | None = None,
              ai_executor: Executor | None = None,
              now: Callable[[], float] = time.time) -> App:
    """`executor` draws the boards and `ai_executor` thinks the AI seats' moves over (None:
    inline, for the terminal and tests); `now` is the clock's time source (tests move time
    instead of waiting for it)."""
    gm = GameMaster(repo, render=render, executor=executor, ai_executor=ai_executor)
    clock = Clock(gm, now=now)
    campaigns = Campaigns(gm)
    gm.set_commit_hook(clock.plan)
    gm.add_update_hook(clock.on_update)
    gm.add_update_hook(campaigns.on_update)
    return App(gm, clock, campaigns)


@contextlib.asynccontextmanager
async def opened_app(database: str, *, render: bool = True) -> AsyncIterator[App]:
    """The app over `database` (a SQLite file or a postgresql:// URL), opened for the block:
    what `gm web` serves, reading the same storage as the bot."""
    repo = repository_for(database)
    await repo.open()
    try:
        yield build_app(repo, render=render)
    finally:
        await repo.close()
