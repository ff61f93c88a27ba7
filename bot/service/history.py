"""History, export and import: a game as its setup plus its log.

`history` replays the first N live actions to show the public board and events of step N;
`seat_history` shows one seat's own view and events at step N, to that seat's holder.
`export_files` hands out the JSON export (`gm replay` verifies it) with a readable log; the
JSON holds every secret, so while a game runs only a moderator may take it. `import_game`
opens a new table from an export once its log replayed to the state it claims; its seats are
vacant, named as exported, for members to take over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.i18n import game_title, t, text, words
from bot.service.announce import reader_of, said_text
from bot.service.base import ACTIVE, GameBase, engine_of, human_seat, table_of
from bot.service.export import ExportError, Verified, export_data, read_export, verify
from bot.service.models import Player, ServiceError, Table
from games.core import Action, Event, Game, State
from storage import ActionRecord, GameRecord, SeatRecord
from storage.tables import ImportedAction, ImportedGame


@dataclass(frozen=True)
class HistoryStep:
    """The public board after `step` of `last` (0 is the setup) and that step's events."""

    step: int
    last: int
    who: str | None  # who acted at this step; None for the setup
    action: str | None  # its move, once the game ended (a running game's may be secret)
    lines: list[str]
    board: bytes


@dataclass(frozen=True)
class SeatStep:
    """One seat's own view after a step of history, and that step's events it read."""

    seat: int
    text: str
    view: Any
    lines: list[str]


@dataclass(frozen=True)
class ExportFiles:
    json_text: str
    log_text: str
    name: str  # a file name without extension: "record-game-12"


class HistoryMixin(GameBase):
    async def history(self, game_id: int, step: int, locale: str = "en") -> HistoryStep:
        record, seats = await self._started(game_id)
        actions = await self.repo.actions(game_id)
        engine = engine_of(record.game)
        state, events = _replayed_to(engine, record, len(seats), actions, step)
        reader = reader_of(seats, locale)
        lines = [words(e.text, reader) for e in events if e.public]
        board = await self.announcer.overview(engine, engine.view(state, None), seats, locale,
                                              sorted(engine.awaited(state)))
        last = actions[step - 1] if step else None
        # While the game runs a move's text may be a secret (a card kept, a hand picked):
        # the step's public events say what everyone saw; the move itself, once it ended.
        shown = last is not None and record.status not in ACTIVE
        return HistoryStep(step, len(actions), seats[last.seat].name if last else None,
                           Action.from_json(last.action).text if last and shown else None,
                           lines, board)

    async def seat_history(self, game_id: int, step: int, player: Player,
                           locale: str = "en") -> SeatStep:
        """The player's own seat after `step`: what its holder read then (their view in
        their words) and the step's events that seat could read. Only the player's own
        seat: a spectator or a stranger is refused (ServiceError), as for the view now."""
        record, seats = await self._started(game_id)
        seat = human_seat(seats, player)
        actions = await self.repo.actions(game_id)
        engine = engine_of(record.game)
        state, events = _replayed_to(engine, record, len(seats), actions, step)
        reader = reader_of(seats, locale, seat)
        view = engine.view(state, seat)
        return SeatStep(seat, said_text(engine.summary(view), reader), view,
                        [words(e.text, reader) for e in events if e.visible_to(seat)])

    async def export(self, game_id: int) -> dict[str, Any]:
        """The whole game as JSON that `gm replay` verifies and a new table can import."""
        record, seats = await self._started(game_id)
        assert record.state is not None  # _started refuses a game that has none
        actions = [(a.seat, a.action) for a in await self.repo.actions(game_id)]
        return export_data(record.game, record.options, record.seed, [s.name for s in seats],
                           actions, record.state, record.result)

    async def export_files(self, game_id: int, by: Player, locale: str) -> ExportFiles:
        """The export and a readable log; the export holds secrets, so a running game's is
        for moderators only (audited), a finished game's for anyone."""
        record, seats = await self._started(game_id)
        if record.status in ACTIVE:
            if not by.is_moderator:
                raise ServiceError(text("tables.export_running"))
            await self._audit(game_id, by, "export", {"version": record.version})
        data = await self.export(game_id)
        log_text = readable_log(verify(data), [s.name for s in seats], game_id, locale)
        return ExportFiles(_json(data), log_text, f"{record.game}-game-{game_id}")

    async def import_game(self, *, guild_id: int | None, channel_id: int, by: Player,
                          raw: bytes) -> Table:
        """A new table from an export, after its log replayed to the state it claims."""
        await self.settings.check_new_game(guild_id, channel_id, by.user_id)
        try:
            verified = read_export(raw)
        except ExportError as error:
            raise ServiceError(error.reason) from None
        imported = _imported(verified)
        game_id = await self.repo.import_game(imported, guild_id=guild_id,
                                              channel_id=channel_id, created_by=by.user_id)
        await self._audit(game_id, by, "import", {"game": imported.game,
                                                  "actions": len(imported.actions)})
        return table_of(await self._record(game_id), await self.repo.get_seats(game_id))


def readable_log(verified: Verified, names: list[str], game_id: int, locale: str) -> str:
    """Step, who, action and the public events of each step, as a text file."""
    seats = [SeatRecord(i, None, name) for i, name in enumerate(names)]
    lines = [t("tables.export_log_head", locale, title=game_title(verified.engine.name),
               game=game_id, seed=verified.seed, seats=tuple(names)),
             t("tables.export_log_setup", locale)]
    reader = reader_of(seats, locale)
    lines += [f"    {words(e.text, reader)}" for e in verified.opening if e.public]
    for step, ((seat, action), events) in enumerate(zip(verified.actions, verified.events,
                                                        strict=True), start=1):
        lines.append(f"{step}. {names[seat]}: {action.text}")
        lines += [f"    {words(e.text, reader)}" for e in events if e.public]
    return "\n".join(lines) + "\n"


def _imported(verified: Verified) -> ImportedGame:
    engine = verified.engine
    result = engine.result(verified.state)
    return ImportedGame(
        game=engine.name, options=verified.options, seed=verified.seed,
        seats=[SeatRecord(i, None, name, None) for i, name in enumerate(verified.names)],
        actions=[ImportedAction(seat, action.to_json(), [e.to_json() for e in events])
                 for (seat, action), events in zip(verified.actions, verified.events,
                                                   strict=True)],
        state=verified.state, result=result.to_json() if result else None,
        status="finished" if result else "running",
        opening=[e.to_json() for e in verified.opening])


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)


def _replayed_to(engine: Game, record: GameRecord, players: int, actions: list[ActionRecord],
                 step: int) -> tuple[State, list[Event]]:
    """The state after the first `step` actions and the events of the last of them."""
    if not 0 <= step <= len(actions):
        raise ServiceError(text("tables.history_range", step=step, last=len(actions)))
    state, events = engine.begin(players, record.options, record.seed)
    for done in actions[:step]:
        state, events = engine.apply(state, done.seat, Action.from_json(done.action))
    return state, events
