"""Turn clocks: who is awaited since when, mentions once, deadlines, reminders and what
happens when a deadline passes (docs/play-by-post.md, "Clock").

`GameMaster` owns one `Clock` and hands every Update to `on_update` before the cogs post it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.models import Update
from games.core import Event, State

if TYPE_CHECKING:
    from bot.service import GameMaster

Step = tuple[State, list[Event], State]


class Clock:
    def __init__(self, gm: GameMaster) -> None:
        self.gm = gm

    async def on_update(self, update: Update, steps: list[Step]) -> Update:
        """The Update as the cogs will post it."""
        return update
