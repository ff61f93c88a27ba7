"""Turns engine output into what a table reads: its messages in the reader's words with the
players' names, board and battle images (rendered off the event loop), and the final
scores."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from typing import Any

from bot.i18n import Reader, t, words
from bot.i18n.catalog import catalog
from games.core import Event, Game, State
from games.core.messages import Said, said_of
from rendering import render_battle_png, render_board
from storage import SeatRecord

log = logging.getLogger(__name__)


def names_of(seats: Sequence[SeatRecord]) -> tuple[str, ...]:
    return tuple(s.name for s in seats)


def reader_of(seats: Sequence[SeatRecord], locale: str, seat: int | None = None) -> Reader:
    """A reader of this table: its language, and their own seat for private texts."""
    return Reader(locale, names_of(seats), seat)


def said_text(said: Said | list[Said], reader: Reader) -> str:
    """What an engine said (one message or a line each) as text."""
    lines = said if isinstance(said, list) else [said]
    return "\n".join(words(line, reader) for line in lines)


class Announcer:
    """`executor` runs the renderers: None is asyncio's thread pool (tests, the terminal);
    the bot passes a process pool, because drawing is Python work that would otherwise
    share the GIL with the event loop and delay other tables' acknowledgements."""

    def __init__(self, *, render: bool = True, executor: Executor | None = None) -> None:
        self.render = render
        self.executor = executor

    async def _run(self, *call: Any) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self.executor, *call)

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

    def result_text(self, game: str, result: dict[str, Any], seats: list[SeatRecord],
                    locale: str) -> str:
        """Final scores with every category (named in the reader's language where the game's
        catalog names it, `<game>.score.<category>`), winners first."""
        reader = reader_of(seats, locale)
        lines = [t("tables.final_scores", locale)]
        for score in result["scores"]:
            parts = ", ".join(f"{_category(game, k, locale)} {v}"
                              for k, v in score["categories"].items())
            crown = " 🏆" if score["seat"] in result["winners"] else ""
            lines.append(f"{seats[score['seat']].name}: **{score['total']}** ({parts}){crown}")
        reason = words(said_of(result["reason"]), reader)
        shared = len(result["winners"]) > 1
        lines.append(t("tables.ended_by_shared" if shared else "tables.ended_by", locale,
                       reason=reason))
        return "\n".join(lines)


def _category(game: str, category: str, locale: str) -> str:
    key = f"{game}.score.{category}"
    return t(key, locale) if key in catalog() else category


def _finished_battles(engine: Game, steps: Iterable[tuple[State, list[Event], State]]):
    """The public record of each step that finished a new battle (Game.finished_battle)."""
    for before, _, after in steps:
        old = engine.finished_battle(before)
        new = engine.finished_battle(after)
        if new and new != old:
            yield new
