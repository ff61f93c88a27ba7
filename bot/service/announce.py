"""Turns engine output into what a table reads: its messages in the reader's words with the
players' names, board and battle images (rendered off the event loop), and the final
scores."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from bot.i18n import Reader, t, words
from bot.i18n.catalog import catalog
from bot.service.models import Update
from games.core import Event, Game, State
from games.core.messages import Msg, Said, said_of
from rendering import render_battle_png, render_board
from storage import SeatRecord
from storage.outbox import NewPost

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Image:
    """An image to draw: a file name, what it shows ("board", "battle") and the public data
    it is drawn from (the table's public view, a finished battle's record)."""

    name: str
    kind: str
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "data": self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Image:
        return cls(data["name"], data["kind"], data["data"])


def names_of(seats: Sequence[SeatRecord]) -> tuple[str, ...]:
    return tuple(s.name for s in seats)


def reader_of(seats: Sequence[SeatRecord], locale: str, seat: int | None = None) -> Reader:
    """A reader of this table: its language, and their own seat for private texts."""
    return Reader(locale, names_of(seats), seat)


def said_text(said: Said | Sequence[Said], reader: Reader) -> str:
    """What an engine said (one message or a line each) as text."""
    lines = [said] if isinstance(said, (str, Msg)) else said
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

    async def board(self, engine: Game, view: dict[str, Any], seats: list[SeatRecord],
                    locale: str) -> bytes:
        names = [s.name for s in seats]
        return await self._run(render_board, engine.name,
                               worded(view, reader_of(seats, locale)), names)


    def images(self, engine: Game, before: State | None, after: State,
               steps: Iterable[tuple[State, list[Event], State]], force: bool) -> list[Image]:
        """What to draw for a change: a battle image for every attack that finished, then the
        table when a phase changed (one, of the latest state, however many phases passed).
        Plain data, stored with the change in the outbox, so a late post draws the images
        of its own step."""
        if not self.render:
            return []
        images = [Image(f"battle-{number}.png", "battle", battle)
                  for number, battle in enumerate(_finished_battles(engine, steps), start=1)]
        if force or before is None or engine.phase(before) != engine.phase(after):
            images.append(Image("board.png", "board", engine.view(after, None)))
        return images

    async def draw(self, game: str, images: Iterable[Image], seats: list[SeatRecord],
                   locale: str) -> list[tuple[str, bytes]]:
        """The images as PNGs (file name, bytes), drawn off the event loop, with the
        messages of their data worded in `locale`."""
        names, reader = [s.name for s in seats], reader_of(seats, locale)
        try:
            return [(image.name, await self._run(_drawer(image.kind), game,
                                                 worded(image.data, reader), names))
                    for image in images]
        except Exception:  # an image is a courtesy: an accepted action stands without it
            log.exception("rendering failed for %s; the update goes out without images", game)
            return []

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


def new_post(update: Update, images: list[Image], actor: int | None) -> NewPost:
    """What `update` must post, to store with its change (bot/service/outbox.py); `actor`
    is the player whose own click answers them (so the thread does not mention them)."""
    payload = {
        "public": update.public, "result": update.result, "status": update.table.status,
        "awaiting": [s.seat for s in update.awaiting],
        "private": [{"user": p.user_id, "lines": p.lines} for p in update.private],
        "notify_dm": [list(pair) for pair in update.notify_dm],
        "images": [image.to_json() for image in images], "actor": actor,
        "news": update.news,
    }
    return NewPost(payload, board=any(image.kind == "board" for image in images))


def worded(data: Any, reader: Reader) -> Any:
    """Plain data (a view, a battle) with every message in it, as `Msg.to_json` stores one,
    put into the reader's words: the drawing kit cannot read a catalog, and a board speaks
    the thread's language."""
    if isinstance(data, dict):
        if set(data) == {"key", "params"} and isinstance(data["key"], str):
            return words(Msg.from_json(data), reader)
        return {key: worded(value, reader) for key, value in data.items()}
    if isinstance(data, list):
        return [worded(value, reader) for value in data]
    return data


def _drawer(kind: str) -> Any:
    return render_board if kind == "board" else render_battle_png


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
