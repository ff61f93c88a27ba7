"""Turns engine output into what a table reads: names instead of seat numbers, board and
battle images (rendered off the event loop), and the final score text."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterable
from concurrent.futures import Executor
from typing import Any

from games.core import Event, Game, State
from rendering import render_battle_png, render_board
from storage import SeatRecord

log = logging.getLogger(__name__)
_SEAT = re.compile(r"\bSeat (\d+)\b")


class Announcer:
    """`executor` runs the renderers: None is asyncio's thread pool (tests, the terminal);
    the bot passes a process pool, because drawing is Python work that would otherwise
    share the GIL with the event loop and delay other tables' acknowledgements."""

    def __init__(self, *, render: bool = True, executor: Executor | None = None) -> None:
        self.render = render
        self.executor = executor

    async def _run(self, *call: Any) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self.executor, *call)

    @staticmethod
    def names(text: str, seats: list[SeatRecord]) -> str:
        """Engines say "Seat 2" (the 0-based seat index, see games.core.events); the table
        knows that seat by its player's name."""

        def name(match: re.Match[str]) -> str:
            index = int(match.group(1))
            return seats[index].name if 0 <= index < len(seats) else match.group(0)

        return _SEAT.sub(name, text)

    async def board(self, engine: Game, view: dict[str, Any], seats: list[SeatRecord]) -> bytes:
        names = [s.name for s in seats]
        return await self._run(render_board, engine.name, view, names)

    async def boards(
        self, engine: Game, before: State | None, after: State,
        steps: Iterable[tuple[State, list[Event], State]], seats: list[SeatRecord],
        force: bool,
    ) -> list[tuple[str, bytes]]:
        """A battle image for every attack that finished, then the table when a phase
        changed (one image for the latest state, however many phases passed)."""
        if not self.render:
            return []
        try:
            return await self._boards(engine, before, after, steps, seats, force)
        except Exception:  # an image is a courtesy: an accepted action stands without it
            log.exception("rendering failed for %s; the update goes out without images",
                          engine.name)
            return []

    async def _boards(
        self, engine: Game, before: State | None, after: State,
        steps: Iterable[tuple[State, list[Event], State]], seats: list[SeatRecord],
        force: bool,
    ) -> list[tuple[str, bytes]]:
        images = []
        for number, battle in enumerate(_finished_battles(engine, steps), start=1):
            images.append((f"battle-{number}.png", await self._battle(engine, battle, seats)))
        changed = before is None or engine.phase(before) != engine.phase(after)
        if force or changed:
            images.append(("board.png", await self.board(engine, engine.view(after, None),
                                                         seats)))
        return images

    async def _battle(self, engine: Game, battle: dict, seats: list[SeatRecord]) -> bytes:
        names = [s.name for s in seats]
        return await self._run(render_battle_png, engine.name, battle, names)

    def result_text(self, result: dict[str, Any], seats: list[SeatRecord]) -> str:
        """Final scores with every category, winners first."""
        lines = ["**Final scores**"]
        for score in result["scores"]:
            name = seats[score["seat"]].name
            parts = ", ".join(f"{k} {v}" for k, v in score["categories"].items())
            crown = " 🏆" if score["seat"] in result["winners"] else ""
            lines.append(f"{name}: **{score['total']}** ({parts}){crown}")
        shared = " (shared victory)" if len(result["winners"]) > 1 else ""
        lines.append(f"Ended by: {result['reason']}{shared}")
        return "\n".join(lines)


def _finished_battles(engine: Game, steps: Iterable[tuple[State, list[Event], State]]):
    """The public record of each step that finished a new battle (Game.finished_battle)."""
    for before, _, after in steps:
        old = engine.finished_battle(before)
        new = engine.finished_battle(after)
        if new and new != old:
            yield new
