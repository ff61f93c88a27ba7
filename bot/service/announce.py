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
from rendering import Scene, render_battle_png, render_overview, render_part
from storage import SeatRecord
from storage.outbox import NewPost, PostRecord

log = logging.getLogger(__name__)
BOARD_FILE = "board.png"  # the overview's file name in the thread (cogs put its menu under it)


@dataclass(frozen=True)
class Image:
    """An image to draw: a file name, what it shows and the public data it is drawn from.

    "overview": the table after a phase, `data` {"view", "before", "awaiting"} (the public
    view now and when the previous overview was posted, and who is awaited); "battle": a
    finished battle's record; "board": an overview stored before overviews marked changes
    (schema 011), `data` the view alone, still drawn when such an entry is posted late."""

    name: str
    kind: str
    data: dict[str, Any]

    @property
    def board(self) -> bool:
        """It shows the whole table (a later one replaces it)."""
        return self.kind in ("overview", "board")

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "data": self.data}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Image:
        return cls(data["name"], data["kind"], data["data"])

    def scene(self, reader: Reader) -> Scene:
        """What the renderer draws, with the data's messages in the reader's words."""
        if self.kind == "overview":
            before = self.data["before"]
            return Scene(worded(self.data["view"], reader), list(reader.names), reader,
                         before=None if before is None else worded(before, reader),
                         awaiting=tuple(self.data["awaiting"]))
        return Scene(worded(self.data, reader), list(reader.names), reader)


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

    async def overview(self, engine: Game, view: dict[str, Any], seats: list[SeatRecord],
                       locale: str, awaiting: Sequence[int] = ()) -> bytes:
        """The table's overview now, marking nothing as changed (`/game board`, history)."""
        image = Image(BOARD_FILE, "overview",
                      {"view": view, "before": None, "awaiting": list(awaiting)})
        return await self._run(render_overview, engine.name, image.scene(reader_of(seats, locale)))

    async def part(self, engine: Game, name: str, view: dict[str, Any], seats: list[SeatRecord],
                   locale: str, seat: int | None) -> bytes:
        """One of the game's detail images, drawn from `view` (a seat's own view shows its
        private panel: only that seat may be sent it)."""
        reader = reader_of(seats, locale, seat)
        scene = Scene(worded(view, reader), list(reader.names), reader, seat=seat)
        return await self._run(render_part, engine.name, name, scene)

    def images(self, engine: Game, steps: Iterable[tuple[State, list[Event], State]],
               overview: dict[str, Any] | None) -> list[Image]:
        """What to draw for a change: a battle image for every attack that finished, then the
        `overview` when one is due (`overview_data`). Plain data, stored with the change in
        the outbox, so a late post draws the images of its own step."""
        if not self.render:
            return []
        images = [Image(f"battle-{number}.png", "battle", battle)
                  for number, battle in enumerate(_finished_battles(engine, steps), start=1)]
        if overview is not None:
            images.append(Image(BOARD_FILE, "overview", overview))
        return images

    async def draw(self, game: str, images: Iterable[Image], names: Sequence[str],
                   locale: str) -> list[tuple[str, bytes]]:
        """The images as PNGs (file name, bytes), drawn off the event loop, with the
        messages of their data worded in `locale` and the players' `names`."""
        reader = Reader(locale, tuple(names))
        try:
            return [(image.name, await self._run(_drawer(image.kind), game, image.scene(reader)))
                    for image in images]
        except Exception:  # an image is a courtesy: an accepted action stands without it
            log.exception("rendering failed for %s; the update goes out without images", game)
            return []

    def result_text(self, game: str, result: dict[str, Any], seats: list[SeatRecord],
                    locale: str) -> str:
        """Final scores with every category (named in the reader's language where the game's
        catalog names it, `<game>.score.<category>`), winners first; a total the game words
        itself (`shown`, e.g. Tang's camp average "20.5") is given as worded."""
        reader = reader_of(seats, locale)
        lines = [t("tables.final_scores", locale)]
        for score in result["scores"]:
            parts = ", ".join(f"{_category(game, k, locale)} {v}"
                              for k, v in score["categories"].items())
            crown = " 🏆" if score["seat"] in result["winners"] else ""
            total = score.get("shown") or score["total"]
            lines.append(f"{seats[score['seat']].name}: **{total}** ({parts}){crown}")
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
    return NewPost(payload, board=any(image.board for image in images))


def board_due(engine: Game, times: str, before: State | None, after: State,
               force: bool) -> bool:
    """Whether a change posts the table's overview, by the table's setting `times`
    (storage BOARD_TIMES): after every phase, every round (a game without rounds: every
    phase), or only on request. A start, an undo and the game's end always post one."""
    if force or before is None or engine.result(after) is not None:
        return True
    if times == "request":
        return False
    if times == "round" and engine.round(after) is not None:
        return engine.round(before) != engine.round(after)
    return engine.phase(before) != engine.phase(after)


def overview_data(engine: Game, after: State, last: PostRecord | None) -> dict[str, Any]:
    """What an overview is drawn from: the public view now, the one the table's previous
    overview showed (`last`, its outbox entry) and who is awaited."""
    return {"view": engine.view(after, None), "before": _shown_view(last),
            "awaiting": sorted(engine.awaited(after))}


def _shown_view(post: PostRecord | None) -> dict[str, Any] | None:
    """The public view an earlier entry's overview was drawn from."""
    for image in post.payload["images"] if post else []:
        if image["kind"] == "overview":
            return image["data"]["view"]
        if image["kind"] == "board":
            return image["data"]
    return None


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
    return render_battle_png if kind == "battle" else render_overview


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
