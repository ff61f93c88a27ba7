"""What every part of the GameMaster shares: loading a game under its lock, the checks that
refuse a change, letting AI seats play, storing a change and describing it as an Update.

One change, one load, one write: a game is read once (record, seats and clocks, in one
read), the human action and the AI replies that follow it are applied in memory, and
everything they change (actions with their events, the new state and version, the clock
changes the commit hook plans, the audit entry) is stored as one `Turn` in one transaction.
The Update is then built from what is in hand, never read back, and passes through the
update hooks (bot/app.py wires the hooks).

`GameMaster` (bot/service/master.py) is this base plus one mixin per feature (seats, undo,
history, packs, groups: each a module of bot/service/), so each feature's logic stays in a
module of its own while all of them share one way to change a game and one to announce.

Two changes of one game never both apply, whichever processes they run in: every write
that changes a game is a compare-and-set on the version the change was computed from, in
the change's own transaction, so a change computed from a version another one already moved
writes nothing and is answered "acted at once, try again" (`_changing`). What a change does
beside its game's row comes after that write, or goes into its transaction, so a refused
change leaves nothing half done. The per-game `asyncio.Lock` of `_changing` is only a
courtesy queue within one process (clicks of one game wait for each other instead of
failing each other); it keeps nothing consistent across processes, the database does.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from functools import partial
from typing import Any, TypeVar

from bot.i18n import Text, game_title, text, words
from bot.service import ai
from bot.service.announce import (
    Announcer,
    Image,
    board_due,
    new_post,
    overview_data,
    reader_of,
)
from bot.service.models import Player, Private, Seat, ServiceError, Table, Update
from bot.service.options import shown_options
from bot.service.settings import ServerSettings
from games.core import Action, Event, Game, GameError, State, get_game, replay
from storage import (
    ActionRecord,
    DuplicateInteraction,
    GameRecord,
    LoadedGame,
    NewAction,
    NewAudit,
    NotFound,
    Repository,
    SeatRecord,
    StaleRow,
    StaleVersion,
    Turn,
)
from storage.clock import ClockChanges, ClockState

ACTIVE = ("running", "paused")
T = TypeVar("T")
Step = tuple[State, list[Event], State]
# A feature that sees every Update after its change is stored, before it is posted, and may
# add to it (a campaign adds a round's news); wired by the application root.
UpdateHook = Callable[[Update, list[Step]], Awaitable[Update]]
# The feature whose rows change with the game (the clock) plans them before the change is
# stored, from what the service already holds: the Update about to be posted, the seats that
# acted in the change (seat -> the version after its last action there) and the clocks read
# with the game. It returns the Update (whom to mention) and its changes, which go into the
# change's own transaction.
CommitHook = Callable[[Update, Mapping[int, int], ClockState],
                      Awaitable[tuple[Update, ClockChanges]]]


@dataclass(frozen=True)
class Played:
    """An action accepted by the engine and not stored yet: who took it (`user_id` None for
    an AI or the game master), its events, and the state before and after it."""

    seat: int
    user_id: int | None
    action: Action
    events: list[Event]
    before: State
    after: State
    interaction_id: str | None = None

    @property
    def step(self) -> Step:
        return self.before, self.events, self.after

    def row(self) -> NewAction:
        return NewAction(self.seat, self.user_id, self.action.to_json(),
                         [e.to_json() for e in self.events], self.interaction_id)


class GameBase:
    def __init__(self, repo: Repository, *, render: bool = True,
                 executor: Executor | None = None, ai_executor: Executor | None = None) -> None:
        """`executor` draws the boards (bot/service/announce.py); `ai_executor` thinks the
        AI seats' decisions over (`_decided`): None decides inline, on the event loop (the
        terminal, tests)."""
        self.repo = repo
        self.announcer = Announcer(render=render, executor=executor)
        self.ai_executor = ai_executor
        # per game, a courtesy queue of this process's changes (`_changing`), not exclusion
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._thinking: set[int] = set()  # games whose AI decides now, in this process
        self.settings = ServerSettings(repo)
        self._hooks: list[UpdateHook] = []
        self._commit_hook: CommitHook | None = None

    @asynccontextmanager
    async def _changing(self, game_id: int, *, waits: bool = False) -> AsyncIterator[None]:
        """Around every change of a game: the database refuses a writer whose version went
        stale (another click, in this process or another, applied first) or an interaction
        already recorded, and the player is told so; nothing was written. The lock only
        queues this process's changes of the game behind each other (a courtesy: fewer
        refusals); it is not what keeps two processes apart.

        While the game's AI thinks (up to seconds, `_decided`) a member's change is answered
        at once that it does, and changes nothing; a timer's change (`waits`: the clock's
        expiry, a window's time) queues behind it instead, to find the game as the AI left
        it."""
        if game_id in self._thinking and not waits:
            raise ServiceError(text("tables.ai_thinking"))
        async with self._locks[game_id]:
            try:
                yield
            except DuplicateInteraction:
                raise ServiceError(text("tables.already_applied")) from None
            except (StaleVersion, StaleRow):
                raise ServiceError(text("tables.acted_at_once")) from None

    def add_update_hook(self, hook: UpdateHook) -> None:
        """Hooks run in the order they were added (bot/app.py wires them)."""
        self._hooks.append(hook)

    def set_commit_hook(self, hook: CommitHook) -> None:
        """The one feature whose rows are stored with every change (bot/app.py wires it)."""
        self._commit_hook = hook

    # -- loading, with the refusals of a game in the wrong status ---------------------------
    async def _record(self, game_id: int) -> GameRecord:
        try:
            return await self.repo.get_game(game_id)
        except NotFound:
            raise ServiceError(text("tables.no_such_game", game=game_id)) from None

    async def _load(self, game_id: int) -> LoadedGame:
        """The game, its seats and its clocks in one read."""
        try:
            return await self.repo.load_game(game_id)
        except NotFound:
            raise ServiceError(text("tables.no_such_game", game=game_id)) from None

    async def _open_game(self, game_id: int) -> LoadedGame:
        loaded = await self._load(game_id)
        if loaded.record.status != "open":
            raise ServiceError(text("tables.already_started"))
        return loaded

    async def _started_game(self, game_id: int) -> LoadedGame:
        loaded = await self._load(game_id)
        started_state(loaded.record)
        return loaded

    async def _running_game(self, game_id: int) -> LoadedGame:
        loaded = await self._started_game(game_id)
        if loaded.record.status == "paused":
            raise ServiceError(text("tables.paused"))
        if loaded.record.status != "running":
            raise ServiceError(text("tables.over"))
        return loaded

    async def _active_game(self, game_id: int) -> LoadedGame:
        """A started game that is not over (seats change while it is paused too)."""
        loaded = await self._started_game(game_id)
        if loaded.record.status not in ACTIVE:
            raise ServiceError(text("tables.over"))
        return loaded

    # The record and seats only, for what reads a game without changing it.
    async def _open_table(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        loaded = await self._open_game(game_id)
        return loaded.record, loaded.seats

    async def _started(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        loaded = await self._started_game(game_id)
        return loaded.record, loaded.seats

    async def _running(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        loaded = await self._running_game(game_id)
        return loaded.record, loaded.seats

    def _check_room(self, record: GameRecord, seats: list[SeatRecord]) -> None:
        engine = engine_of(record.game)
        if len(seats) >= engine.max_players:
            raise ServiceError(text("tables.full", title=game_title(engine.name),
                                    most=engine.max_players))

    def _acting_seat(self, engine: Game, state: State, seats: list[SeatRecord],
                     player: Player) -> int:
        if not any(s.user_id == player.user_id and not s.ai for s in seats):
            raise ServiceError(text("tables.no_seat_to_act"))
        awaited = awaited_seat(engine, state, seats, player)
        if awaited is None:
            due = shown_awaited(engine, state, seats, player)
            waiting = tuple(s.name for s in seats if s.seat in due)
            raise ServiceError(text("tables.not_your_turn", waiting=waiting or "-"))
        return awaited

    # -- changing the game ------------------------------------------------------------------
    async def _play_ai(self, record: GameRecord, seats: list[SeatRecord], state: State,
                       version: int) -> list[Played]:
        """Let AI seats take every decision they owe from `state`, the game's state at
        `version`, and the game master every decision a human seat owes outside a response
        window with nothing to decide (bot/service/ai.py, `unasked`). The forced passes are
        played here; from the first AI decision on, the rest is thought over in the AI pool
        (`_decided`), under the game's lock: what it decides follows `version` and is stored
        only at it (the commit's compare-and-set), so a decision never lands on a game that
        moved meanwhile."""
        ai_seats = {s.seat: s.ai for s in seats if s.ai}
        decided, ai_due = ai.unasked(record.game, ai_seats, state, record.seed, version,
                                     through_ai=self.ai_executor is None)
        if ai_due:
            at = decided[-1].after if decided else state
            thought, _ = await self._decided(record.id, partial(
                ai.unasked, record.game, ai_seats, at, record.seed, version + len(decided),
                through_ai=True))
            decided += thought
        played, before = [], state
        for step in decided:
            played.append(Played(step.seat, None, step.action, step.events, before,
                                 step.after))
            before = step.after
        return played

    async def _decided(self, game_id: int, decide: Callable[[], T]) -> T:
        """`decide` (pure: bot/service/ai.py) run in the AI pool, the event loop free
        meanwhile for other tables, and for this one's members, who are told the AI
        thinks (`_changing`); inline without a pool."""
        if self.ai_executor is None:
            return decide()
        self._thinking.add(game_id)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.ai_executor, decide)
        finally:
            self._thinking.discard(game_id)

    async def _commit(self, record: GameRecord, seats: list[SeatRecord], clocks: ClockState,
                      played: list[Played], *, before: State | None,
                      new_seats: bool = False, start: bool = False,
                      audit: NewAudit | None = None, extra: Iterable[str | Text] = (),
                      force_board: bool = False, opening: Sequence[Event] = (),
                      acting: Player | None = None) -> Update:
        """Stores a change as one turn, in one transaction: new seats (`new_seats`, and the
        running status with `start`, with what the setup told: `opening`), the actions
        `played` with their events, the state after the last, the result when it ended the
        game, the clock changes and the audit entry. Then it is described from what is in
        hand: nothing is read back. `acting` is the player whose interaction made the
        change: their secret lines follow the language of the client they clicked in."""
        state = played[-1].after if played else started_state(record)
        result = engine_of(record.game).result(state)
        status = "finished" if result else "running" if start else None
        turn = Turn(record.version, state, [p.row() for p in played],
                    seats=seats if new_seats or start else None, status=status,
                    result=result.to_json() if result else None, audit=audit,
                    opening=[e.to_json() for e in opening])
        after = replace(record, version=turn.version, state=state,
                        status=status or record.status, result=turn.result)
        first = turn.version - len(played) + 1
        acted = {p.seat: first + n for n, p in enumerate(played)}
        update, changes = await self._plan(after, seats, acted, clocks)
        told = [(started_state(record), list(opening), started_state(record))] if opening else []
        steps = told + [p.step for p in played]
        update, images = await self._describe(update, after, seats, before, steps, extra=extra,
                                              force_board=force_board, acting=acting)
        actor = next((p.user_id for p in played if p.user_id is not None), None)
        post = new_post(update, images, actor)
        # refused (StaleVersion, DuplicateInteraction) as a whole: see `_changing`
        await self.repo.commit_turn(record.id, replace(turn, clocks=changes, post=post))
        update = replace(update, images=[image.to_json() for image in images],
                         post=turn.version)
        hooked = await self._outgoing(update, steps)
        if (again := new_post(hooked, images, actor)).payload != post.payload:
            # the hooks added to it (a campaign's news, a clock's notes): keep what is posted
            await self.repo.post_payload(record.id, turn.version, again.payload)
        return hooked

    async def _plan(self, after: GameRecord, seats: list[SeatRecord], acted: Mapping[int, int],
                    clocks: ClockState) -> tuple[Update, ClockChanges | None]:
        """The Update of a change about to be stored, with whom it awaits, and what the
        commit hook (the clock) stores with it, planned from the clocks read with the
        game."""
        table = table_of(after, seats)
        engine = engine_of(after.game)
        waiting = ([] if after.result or after.state is None
                   else awaiting(engine, after.state, table))
        update = Update(table, awaiting=waiting)
        if waiting and after.state is not None and engine.window(after.state):
            passes = [s.seat for s in waiting if engine.only_pass(after.state, s.seat)]
            update = Update(table, window=waiting, passes=passes)
        if self._commit_hook is None:
            return update, None
        return await self._commit_hook(update, acted, clocks)

    async def _seats_changed(self, loaded: LoadedGame, seats: list[SeatRecord], by: Player,
                             what: str, detail: dict[str, Any], line: Text) -> Update:
        """Store new seats of a started game with what the AI seats then play (unless the
        game is paused) and who changed them (audited), and announce the change."""
        record, played = loaded.record, []
        if record.status == "running":
            played = await self._play_ai(record, seats, started_state(record), record.version + 1)
        return await self._commit(record, seats, loaded.clocks, played, before=record.state,
                                  new_seats=True, audit=NewAudit(by.user_id, what, detail),
                                  extra=[line], acting=by)

    async def _announce(self, update: Update, after: GameRecord, seats: list[SeatRecord],
                        before: State | None, steps: list[Step], *,
                        extra: Iterable[str | Text] = (), force_board: bool = False) -> Update:
        """A change the outbox does not keep (an undo), described and drawn for the cogs."""
        update, images = await self._describe(update, after, seats, before, steps,
                                              extra=extra, force_board=force_board)
        update = replace(update, images=[image.to_json() for image in images])
        return await self._outgoing(update, steps)

    async def _describe(self, update: Update, after: GameRecord, seats: list[SeatRecord],
                        before: State | None, steps: list[Step], *,
                        extra: Iterable[str | Text] = (), force_board: bool = False,
                        acting: Player | None = None) -> tuple[Update, list[Image]]:
        """What a change tells the table, worded before it is stored (the outbox keeps it
        with the change): the extra lines and public events, each player's secret events,
        the final scores, and the images to draw."""
        engine = engine_of(after.game)
        locale = await self.settings.thread_locale(after.guild_id)
        events = [e for _, evs, _ in steps for e in evs]
        public = [line.render(locale) if isinstance(line, Text) else line for line in extra]
        public += [words(e.text, reader_of(seats, locale)) for e in events if e.public]
        images = self.announcer.images(engine, steps,
                                       await self._overview(engine, after, before, force_board))
        result = (self.announcer.result_text(after.game, after.result, seats, locale)
                  if after.result else None)
        private = await self._privates(events, seats, after.guild_id, acting)
        return replace(update, public=public, private=private, result=result), images

    async def _overview(self, engine: Game, after: GameRecord, before: State | None,
                        force: bool) -> dict[str, Any] | None:
        """The data of the overview this change posts, if the table's setting makes one due;
        the outbox's last board tells what the previous overview showed."""
        state = started_state(after)
        if not self.announcer.render or not board_due(engine, after.boards, before, state,
                                                      force):
            return None
        return overview_data(engine, state, await self.repo.last_board(after.id))

    async def _privates(self, events: list[Event], seats: list[SeatRecord],
                        guild_id: int | None, acting: Player | None = None) -> list[Private]:
        """Each human player's secret events, in their own language, addressed to them: the
        `acting` player's in the language of the client they act from, the others' in the one
        their client last showed (they read them later, in a DM or `/game log`)."""
        privates = []
        for seat in seats:
            if seat.user_id is None or seat.ai:
                continue
            mine = [e.text for e in events if not e.public and e.visible_to(seat.seat)]
            if mine:
                client = acting.locale if acting and acting.user_id == seat.user_id else None
                locale = await self.settings.reader_locale(seat.user_id, client, guild_id)
                reader = reader_of(seats, locale, seat.seat)
                privates.append(Private(seat.user_id, [words(said, reader) for said in mine]))
        return privates

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
def started_state(record: GameRecord) -> State:
    """The state of a started game, typed as present: an open table has none yet."""
    if record.state is None:
        raise ServiceError(text("tables.not_started"))
    return record.state


def engine_of(name: str) -> Game:
    try:
        return get_game(name)
    except GameError as error:
        raise ServiceError.of(error) from None


def table_of(record: GameRecord, seats: list[SeatRecord]) -> Table:
    engine = engine_of(record.game)
    return Table(record.id, record.game, game_title(record.game), record.status,
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


def shown_awaited(engine: Game, state: State, seats: list[SeatRecord],
                  player: Player) -> set[int]:
    """Whom a player out of turn is told the table waits for: the seats the table is shown
    awaiting (`Game.awaited`: a private offer's answer names the acting player), unless the
    player's own seat is among them though it owes nothing (they made that offer)."""
    shown = engine.awaited(state)
    mine = {s.seat for s in seats if s.user_id == player.user_id and not s.ai}
    return engine.to_act(state) if shown & mine else shown


def human_seat(seats: list[SeatRecord], player: Player) -> int:
    """The player's seat, for their private view: a spectator or a stranger has none."""
    seat = seat_of(seats, player)
    if seat is None:
        raise ServiceError(text("tables.no_seat_to_view"))
    return seat.seat


def awaiting(engine: Game, state: State, table: Table) -> list[Seat]:
    due = engine.to_act(state)
    return [s for s in table.seats if s.seat in due and s.user_id is not None and not s.ai]


def check_seated_or_moderator(seats: list[SeatRecord], by: Player) -> None:
    if not by.is_moderator and seat_of(seats, by) is None:
        raise ServiceError(text("tables.seated_or_moderator"))


def require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError(text("tables.not_moderator"))


def require_person(player: Player) -> None:
    """A bot account never plays, whichever bot it is: it would be pinged "your turn"
    and the game would stall on it."""
    if player.bot:
        raise ServiceError(text("core.bot_no_seat", name=player.name))


def check_seat_number(seats: list[SeatRecord], seat: int) -> None:
    if not 0 <= seat < len(seats):
        raise ServiceError(text("tables.no_such_seat", seat=seat + 1, count=len(seats)))
