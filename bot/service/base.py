"""What every part of the GameMaster shares: loading a game under its lock, the checks that
refuse a change, persisting an action, letting AI seats play, and describing an accepted
change as an Update, which passes through the update hooks (bot/app.py wires them).

`GameMaster` (bot/service/master.py) is this base plus one mixin per feature (seats, undo,
history, packs, groups: each a module of bot/service/), so each feature's logic stays in a
module of its own while all of them share one lock per game and one way to announce.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor
from typing import Any

from bot.i18n import Text, text
from bot.service.announce import Announcer
from bot.service.models import Player, Private, Seat, ServiceError, Table, Update
from bot.service.options import shown_options
from bot.service.settings import ServerSettings
from games.core import Action, Event, Game, GameError, State, get_game, make_agent, replay
from storage import (
    ActionRecord,
    DuplicateInteraction,
    GameRecord,
    NotFound,
    Repository,
    SeatRecord,
    StaleVersion,
)

ACTIVE = ("running", "paused")
MAX_AI_STEPS = 10_000  # a safety net: an engine bug must not spin the event loop forever
Step = tuple[State, list[Event], State]
# A feature that sees every Update before it is posted and may add to it (the clock picks
# whom to mention, a campaign adds a round's news); wired by the application root.
UpdateHook = Callable[[Update, list[Step]], Awaitable[Update]]


class GameBase:
    def __init__(self, repo: Repository, *, render: bool = True,
                 executor: Executor | None = None) -> None:
        self.repo = repo
        self.announcer = Announcer(render=render, executor=executor)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.settings = ServerSettings(repo)
        self._hooks: list[UpdateHook] = []

    def add_update_hook(self, hook: UpdateHook) -> None:
        """Hooks run in the order they were added (bot/app.py wires them)."""
        self._hooks.append(hook)

    # -- loading, with the refusals of a game in the wrong status ---------------------------
    async def _record(self, game_id: int) -> GameRecord:
        try:
            return await self.repo.get_game(game_id)
        except NotFound:
            raise ServiceError(text("tables.no_such_game", game=game_id)) from None

    async def _open_table(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record = await self._record(game_id)
        if record.status != "open":
            raise ServiceError(text("tables.already_started"))
        return record, list(await self.repo.get_seats(game_id))

    async def _started(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record = await self._record(game_id)
        if record.state is None:
            raise ServiceError(text("tables.not_started"))
        return record, await self.repo.get_seats(game_id)

    async def _running(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record, seats = await self._started(game_id)
        if record.status == "paused":
            raise ServiceError(text("tables.paused"))
        if record.status != "running":
            raise ServiceError(text("tables.over"))
        return record, seats

    async def _active(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        """A started game that is not over (seats change while it is paused too)."""
        record, seats = await self._started(game_id)
        if record.status not in ACTIVE:
            raise ServiceError(text("tables.over"))
        return record, list(seats)

    def _check_room(self, record: GameRecord, seats: list[SeatRecord]) -> None:
        engine = engine_of(record.game)
        if len(seats) >= engine.max_players:
            raise ServiceError(text("tables.full", title=engine.title, most=engine.max_players))

    def _acting_seat(self, engine: Game, state: State, seats: list[SeatRecord],
                     player: Player) -> int:
        if not any(s.user_id == player.user_id and not s.ai for s in seats):
            raise ServiceError(text("tables.no_seat_to_act"))
        awaited = awaited_seat(engine, state, seats, player)
        if awaited is None:
            waiting = ", ".join(s.name for s in seats if s.seat in engine.to_act(state))
            raise ServiceError(text("tables.not_your_turn", waiting=waiting or "-"))
        return awaited

    # -- changing the game ------------------------------------------------------------------
    async def _persist(self, record: GameRecord, seat: int, user_id: int | None,
                       action: Action, events: list[Event], state: State,
                       interaction_id: str | None, version: int | None = None) -> int:
        engine = engine_of(record.game)
        result = engine.result(state)
        try:
            return await self.repo.append_action(
                record.id, expected_version=record.version if version is None else version,
                seat=seat, user_id=user_id, action=action.to_json(),
                events=[e.to_json() for e in events], state=state,
                interaction_id=interaction_id,
                result=result.to_json() if result else None,
                status="finished" if result else None)
        except DuplicateInteraction:
            raise ServiceError(text("tables.already_applied")) from None
        except StaleVersion:
            raise ServiceError(text("tables.acted_at_once")) from None

    async def _play_ai(self, record: GameRecord, seats: list[SeatRecord], state: State,
                       version: int) -> list[Step]:
        """Let AI seats take every decision they owe, persisting each one."""
        engine = engine_of(record.game)
        ai_seats = {s.seat: s.ai for s in seats if s.ai}
        steps = []
        for _ in range(MAX_AI_STEPS):
            if engine.result(state) is not None:
                break
            due = sorted(engine.to_act(state) & ai_seats.keys())
            if not due:
                break
            seat = due[0]
            agent = make_agent(ai_seats[seat], seed=record.seed * 1_000_003 + version)
            action = agent.choose(engine, state, seat)
            before = state
            state, events = engine.apply(state, seat, action)
            version = await self._persist(record, seat, None, action, events, state, None,
                                          version=version)
            steps.append((before, events, state))
        return steps

    async def _seats_changed(self, record: GameRecord, seats: list[SeatRecord], by: Player,
                             what: str, detail: dict[str, Any], line: Text) -> Update:
        """Store new seats of a started game, audit who changed them, then let AI seats play
        what they owe (unless the game is paused) and announce the change."""
        version = await self.repo.set_seats(record.id, seats, expected_version=record.version)
        await self._audit(record.id, by, what, detail)
        steps: list[Step] = []
        if record.status == "running":
            steps = await self._play_ai(await self._record(record.id), seats, record.state,
                                        version)
        after = steps[-1][2] if steps else record.state
        return await self._update(record.id, record.state, after, steps, extra=[line])

    async def _update(self, game_id: int, before: State | None, after: State,
                      steps: Iterable[Step], *, extra: Iterable[str | Text] = (),
                      force_board: bool = False) -> Update:
        record = await self._record(game_id)
        seats = await self.repo.get_seats(game_id)
        table = table_of(record, seats)
        engine = engine_of(record.game)
        steps = list(steps)
        locale = await self.settings.thread_locale(record.guild_id)
        events = [e for _, evs, _ in steps for e in evs]
        public = [line.render(locale) if isinstance(line, Text) else line for line in extra]
        public += [self.announcer.names(e.text, seats) for e in events if e.public]
        boards = await self.announcer.boards(engine, before, after, steps, seats, force_board)
        waiting = [] if record.result else awaiting(engine, after, table)
        result = self.announcer.result_text(record.result, seats) if record.result else None
        update = Update(table, public, privates(events, seats, self.announcer), boards,
                        waiting, result)
        return await self._outgoing(update, steps)

    async def _outgoing(self, update: Update, steps: list[Step]) -> Update:
        """Every Update passes through the hooks before the cogs post it."""
        for hook in self._hooks:
            update = await hook(update, steps)
        return update

    def _replayed(self, record: GameRecord, seats: list[SeatRecord],
                  actions: Iterable[ActionRecord]) -> State:
        engine = engine_of(record.game)
        state, _ = replay(engine, len(seats), record.options, record.seed,
                          ((a.seat, Action.from_json(a.action)) for a in actions))
        return state

    async def _audit(self, game_id: int, by: Player, what: str, detail: dict) -> None:
        record = await self._record(game_id)
        await self.repo.audit(guild_id=record.guild_id, game_id=game_id, user_id=by.user_id,
                              what=what, detail=detail)


# -- helpers every feature uses ----------------------------------------------------------------
def engine_of(name: str) -> Game:
    try:
        return get_game(name)
    except GameError as error:
        raise ServiceError(str(error)) from None


def parse_action(words: str) -> Action:
    try:
        return Action.parse(words)
    except GameError as error:
        raise ServiceError(str(error)) from None


def table_of(record: GameRecord, seats: list[SeatRecord]) -> Table:
    engine = engine_of(record.game)
    return Table(record.id, record.game, engine.title, record.status,
                 [Seat(s.seat, s.user_id, s.name, s.ai) for s in seats], record.version,
                 record.guild_id, record.channel_id, record.thread_id,
                 shown_options(engine, record.options), engine.min_players,
                 engine.max_players)


def is_vacant(seat: SeatRecord | Seat) -> bool:
    """Nobody plays it, human or AI: the game waits for it and mentions nobody."""
    return seat.user_id is None and not seat.ai


def seat_of(seats: list[SeatRecord], player: Player) -> SeatRecord | None:
    """The human seat the player holds, if any."""
    return next((s for s in seats if s.user_id == player.user_id and not s.ai), None)


def awaited_seat(engine: Game, state: State, seats: list[SeatRecord],
                 player: Player) -> int | None:
    due = engine.to_act(state)
    return next((s.seat for s in seats
                 if s.user_id == player.user_id and not s.ai and s.seat in due), None)


def human_seat(seats: list[SeatRecord], player: Player) -> int:
    """The player's seat, for their private view: a spectator or a stranger has none."""
    seat = seat_of(seats, player)
    if seat is None:
        raise ServiceError(text("tables.no_seat_to_view"))
    return seat.seat


def awaiting(engine: Game, state: State, table: Table) -> list[Seat]:
    due = engine.to_act(state)
    return [s for s in table.seats if s.seat in due and s.user_id is not None and not s.ai]


def privates(events: list[Event], seats: list[SeatRecord], announcer: Announcer) -> list[Private]:
    lines: defaultdict[int, list[str]] = defaultdict(list)
    for event in events:
        if event.public:
            continue
        for seat in seats:
            if seat.seat in event.seats and seat.user_id is not None and not seat.ai:
                lines[seat.user_id].append(announcer.names(event.text, seats))
    return [Private(user, texts) for user, texts in lines.items()]


def check_seated_or_moderator(seats: list[SeatRecord], by: Player) -> None:
    if not by.is_moderator and seat_of(seats, by) is None:
        raise ServiceError(text("tables.seated_or_moderator"))


def require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError(text("tables.not_moderator"))


def check_seat_number(seats: list[SeatRecord], seat: int) -> None:
    if not 0 <= seat < len(seats):
        raise ServiceError(text("tables.no_such_seat", seat=seat + 1, count=len(seats)))
