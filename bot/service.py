"""The GameMaster: the one place that combines engine, storage and rendering.

Every change follows the same path: lock the game, load it, validate, apply, persist in one
transaction, then describe what happened (public lines, private lines, board images, who is
awaited). AI seats are played here, right after the human action that handed them the turn,
so a table never waits on a machine.
"""

from __future__ import annotations

import asyncio
import functools
import random
import re
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import Executor
from typing import Any

from bot.announce import Announcer
from bot.campaigns import Campaigns
from bot.clock import Clock
from bot.i18n import Text
from bot.models import (
    Council,
    PackInfo,
    Player,
    Private,
    Seat,
    SeatView,
    ServiceError,
    Table,
    TurnPrompt,
    Update,
)
from bot.options import parse_options
from bot.settings import ServerSettings
from games.core import (
    Action,
    Event,
    Game,
    GameError,
    State,
    all_games,
    get_game,
    make_agent,
    replay,
)
from games.redux.data import DataError, Pack, designed, load_pack
from storage import (
    ActionRecord,
    DuplicateInteraction,
    GameRecord,
    NotFound,
    Repository,
    SeatRecord,
    StaleVersion,
)
from storage.models import PackRecord

ACTIVE = ("running", "paused")
MAX_AI_STEPS = 10_000  # a safety net: an engine bug must not spin the event loop forever
PACK_GAME = "redux"  # the game whose data a server may replace with its printed cards
DESIGNED_PACK = "designed"  # the option value of our own designed data (the default)
PACK_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{0,39}")
PACK_SECTIONS = ("generals", "cards", "regions")


class GameMaster:
    def __init__(self, repo: Repository, *, render: bool = True,
                 executor: Executor | None = None) -> None:
        self.repo = repo
        self.announcer = Announcer(render=render, executor=executor)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.settings = ServerSettings(repo)
        self.clock = Clock(self)
        self.campaigns = Campaigns(self)

    @staticmethod
    def game_names() -> list[tuple[str, str]]:
        return [(g.name, g.title) for g in all_games()]

    # -- tables ---------------------------------------------------------------------------
    async def new_game(
        self, *, game: str, guild_id: int | None, channel_id: int, creator: Player,
        options: dict[str, Any] | None = None, seed: int | None = None,
    ) -> Table:
        engine = _engine(game)
        options = await self._with_pack_text(game, guild_id, options or {})
        try:
            resolved = engine.resolve_options(options)
        except GameError as error:
            raise ServiceError(str(error)) from None
        seed = random.SystemRandom().randrange(2**62) if seed is None else seed
        game_id = await self.repo.create_game(
            game=game, options=resolved, seed=seed, guild_id=guild_id,
            channel_id=channel_id, thread_id=None, created_by=creator.user_id)
        await self.repo.set_seats(game_id, [SeatRecord(0, creator.user_id, creator.name, None)],
                                  expected_version=0)
        await self._audit(game_id, creator, "new", {"game": game, "options": resolved})
        return await self.table(game_id)

    async def set_thread(self, game_id: int, thread_id: int) -> None:
        await self.repo.set_thread(game_id, thread_id)

    async def game_id_for_channel(self, channel_id: int) -> int:
        record = await self.repo.game_in_channel(channel_id)
        if record is None:
            raise ServiceError("No game runs in this channel. Start one with `/game new`.")
        return record.id

    async def table(self, game_id: int) -> Table:
        record = await self._record(game_id)
        return _table(record, await self.repo.get_seats(game_id))

    async def join(self, game_id: int, player: Player) -> Table:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            if any(s.user_id == player.user_id for s in seats):
                raise ServiceError("You already have a seat at this table.")
            self._check_room(record, seats)
            seats.append(SeatRecord(len(seats), player.user_id, player.name, None))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
        return await self.table(game_id)

    async def add_ai(self, game_id: int, by: Player, kind: str = "heuristic") -> Table:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            _check_seated_or_moderator(seats, by)
            self._check_room(record, seats)
            name = f"AI {len(seats) + 1}"
            seats.append(SeatRecord(len(seats), None, name, kind))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
        return await self.table(game_id)

    async def leave(self, game_id: int, player: Player) -> Table:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            if not any(s.user_id == player.user_id for s in seats):
                raise ServiceError("You have no seat at this table.")
            kept = [s for s in seats if s.user_id != player.user_id]
            renumbered = [SeatRecord(i, s.user_id, s.name, s.ai) for i, s in enumerate(kept)]
            await self.repo.set_seats(game_id, renumbered, expected_version=record.version)
        return await self.table(game_id)

    async def start(self, game_id: int, by: Player) -> Update:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            _check_seated_or_moderator(seats, by)
            engine = _engine(record.game)
            if len(seats) < engine.min_players:
                raise ServiceError(
                    f"{engine.title} needs at least {engine.min_players} players; "
                    f"{len(seats)} seated. Invite players with `/game join` or add `/game ai`.")
            try:
                state = engine.setup(len(seats), record.options, record.seed)
            except GameError as error:
                raise ServiceError(str(error)) from None
            version = await self.repo.start_game(game_id, state=state, seats=seats,
                                                 expected_version=record.version)
            await self._audit(game_id, by, "start", {})
            record = await self._record(game_id)
            steps = await self._play_ai(record, seats, state, version)
            final = steps[-1][2] if steps else state
            return await self._update(game_id, None, final, steps, force_board=True)

    # -- play -----------------------------------------------------------------------------
    async def act(
        self, game_id: int, player: Player, action: str, *, version: int | None = None,
        interaction_id: str | None = None,
    ) -> Update:
        """Apply a human's action, then every AI decision that follows it."""
        parsed = _parse(action)
        async with self._locks[game_id]:
            record, seats = await self._running(game_id)
            engine = _engine(record.game)
            state = record.state
            if version is not None and version != record.version:
                await self._check_still_open(engine, record, seats, player, parsed, version)
            seat = self._acting_seat(engine, state, seats, player)
            before = state
            try:
                state, events = engine.apply(state, seat, parsed)
            except GameError as error:
                raise ServiceError(str(error)) from None
            new_version = await self._persist(record, seat, player.user_id, parsed, events,
                                              state, interaction_id)
            steps = [(before, events, state)]
            steps += await self._play_ai(await self._record(game_id), seats, state, new_version)
            return await self._update(game_id, before, steps[-1][2], steps)

    async def act_for(self, game_id: int, seat: int, *, expected_version: int,
                      action: Action | None = None, note: str | Text | None = None) -> Update:
        """The game master plays a human seat's pending decision: `action` (a pass), or the
        AI agent's choice (autopilot when a deadline passed). Refused when the game moved on
        since `expected_version` or the seat owes nothing, so a late timer never acts."""
        async with self._locks[game_id]:
            record, seats = await self._running(game_id)
            engine = _engine(record.game)
            state = record.state
            if record.version != expected_version or seat not in engine.to_act(state):
                raise ServiceError(f"Seat {seat + 1} no longer owes this decision; the game "
                                   "moved on.")
            agent = make_agent("heuristic", seed=record.seed * 1_000_003 + record.version)
            chosen = action or agent.choose(engine, state, seat)
            try:
                after, events = engine.apply(state, seat, chosen)
            except GameError as error:
                raise ServiceError(str(error)) from None
            version = await self._persist(record, seat, None, chosen, events, after, None)
            steps = [(state, events, after)]
            steps += await self._play_ai(await self._record(game_id), seats, after, version)
            extra = [str(note)] if note is not None else []
            return await self._update(game_id, state, steps[-1][2], steps, extra=extra)

    async def turn_prompt(self, game_id: int, player: Player) -> TurnPrompt | None:
        record, seats = await self._running(game_id)
        engine = _engine(record.game)
        seat = _awaited_seat(engine, record.state, seats, player)
        if seat is None:
            return None
        state, names = record.state, self.announcer.names
        actions = [Action(a.kind, a.args, label=names(a.label or a.text, seats))
                   for a in engine.legal_actions(state, seat)]
        text = names(engine.prompt(state, seat), seats) + _council_hint(record, seats)
        return TurnPrompt(game_id, record.version, seat, text, actions)

    async def legal_actions(self, game_id: int, player: Player) -> list[Action]:
        prompt = await self.turn_prompt(game_id, player)
        return prompt.actions if prompt else []

    # -- reading --------------------------------------------------------------------------
    async def status_text(self, game_id: int) -> str:
        """The public summary, the same for every viewer (`private_text` holds the rest)."""
        record = await self._record(game_id)
        seats = await self.repo.get_seats(game_id)
        engine = _engine(record.game)
        head = f"**{engine.title}** · game {game_id} · {record.status}\n" + ", ".join(
            f"seat {s.seat + 1}: {s.name}{' (AI)' if s.ai else ''}" for s in seats)
        if record.state is None:
            return head
        body = self.announcer.names(engine.summary(engine.view(record.state, None)), seats)
        return f"{head}\n{body}"

    async def private_text(self, game_id: int, player: Player) -> str:
        record, seats = await self._started(game_id)
        seat = _human_seat(seats, player)
        engine = _engine(record.game)
        return self.announcer.names(engine.summary(engine.view(record.state, seat)), seats)

    async def board_png(self, game_id: int) -> bytes:
        record, seats = await self._started(game_id)
        engine = _engine(record.game)
        return await self.announcer.board(engine, engine.view(record.state, None), seats)

    async def log_lines(self, game_id: int, viewer: Player | None, limit: int = 20) -> list[str]:
        seats = await self.repo.get_seats(game_id)
        seat = next((s.seat for s in seats if viewer and s.user_id == viewer.user_id), None)
        events = await self.repo.events(game_id, viewer_seat=seat, limit=limit)
        return [self.announcer.names(e.text, seats) for e in events]

    async def verify(self, game_id: int) -> bool:
        """Replay the log from the setup and compare with the stored snapshot."""
        record, seats = await self._started(game_id)
        return self._replayed(record, seats, await self.repo.actions(game_id)) == record.state

    async def export(self, game_id: int) -> dict[str, Any]:
        """The whole game as JSON that `gm replay` verifies and a new table can import."""
        record, seats = await self._started(game_id)
        return {
            "format": "gamemaster-export/1", "game": record.game, "options": record.options,
            "seed": record.seed, "seats": [s.name for s in seats],
            "actions": [{"seat": a.seat, "action": a.action}
                        for a in await self.repo.actions(game_id)],
            "state": record.state, "result": record.result,
        }

    # -- moderation -----------------------------------------------------------------------
    async def undo(self, game_id: int, by: Player) -> Update:
        """Take back the last human action and the AI decisions that followed it."""
        _require_moderator(by)
        async with self._locks[game_id]:
            record, seats = await self._running(game_id)
            actions = await self.repo.actions(game_id)
            last_human = max((i for i, a in enumerate(actions) if a.user_id is not None),
                             default=None)
            if last_human is None:
                raise ServiceError("There is no player action to undo yet.")
            state = self._replayed(record, seats, actions[:last_human])
            await self.repo.undo_actions(game_id, keep=last_human, state=state,
                                         expected_version=record.version)
            await self._audit(game_id, by, "undo", {"action": actions[last_human].action})
            taken = seats[actions[last_human].seat].name
            line = f"{by.name} (moderator) took back the last move of {taken}."
            return await self._update(game_id, record.state, state, [], extra=[line],
                                      force_board=True)

    async def replace(self, game_id: int, by: Player, seat: int, new: Player | None) -> Update:
        """Give a seat to another player, or to an AI when `new` is None."""
        _require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            seats = await self.repo.get_seats(game_id)
            if not 0 <= seat < len(seats):
                raise ServiceError(f"There is no seat {seat + 1}; seats are 1-{len(seats)}.")
            if new is not None and any(s.user_id == new.user_id for s in seats):
                raise ServiceError(f"{new.name} already has a seat at this table.")
            old = seats[seat]
            seats[seat] = (SeatRecord(seat, new.user_id, new.name, None) if new
                           else SeatRecord(seat, None, f"AI {seat + 1}", "heuristic"))
            version = await self.repo.set_seats(game_id, seats, expected_version=record.version)
            await self._audit(game_id, by, "replace",
                              {"seat": seat, "from": old.name, "to": seats[seat].name})
            line = f"Seat {seat + 1}: {old.name} is replaced by {seats[seat].name}."
            if record.status != "running":
                return Update(await self.table(game_id), public=[line])
            record = await self._record(game_id)
            steps = await self._play_ai(record, seats, record.state, version)
            return await self._update(game_id, record.state, record.state, steps, extra=[line])

    async def kick(self, game_id: int, by: Player, user_id: int) -> Update:
        seats = await self.repo.get_seats(game_id)
        seat = next((s.seat for s in seats if s.user_id == user_id), None)
        if seat is None:
            raise ServiceError("That user has no seat at this table.")
        return await self.replace(game_id, by, seat, None)

    async def pause(self, game_id: int, by: Player) -> Table:
        return await self._set_status(game_id, by, "running", "paused")

    async def resume(self, game_id: int, by: Player) -> Table:
        return await self._set_status(game_id, by, "paused", "running")

    async def end(self, game_id: int, by: Player, scored: bool) -> Update:
        _require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            if record.status not in ("open", *ACTIVE):
                raise ServiceError("This game has already ended.")
            engine = _engine(record.game)
            result = None
            if scored and record.state is not None:
                try:
                    result = engine.standings(record.state).to_json()
                except GameError as error:
                    raise ServiceError(str(error)) from None
            status = "finished" if result else "abandoned"
            await self.repo.set_status(game_id, status, expected_version=record.version,
                                       result=result)
            await self._audit(game_id, by, "end", {"scored": scored})
        seats = await self.repo.get_seats(game_id)
        text = self.announcer.result_text(result, seats) if result else None
        line = f"{by.name} (moderator) ended the game" + (" with scores." if result else ".")
        return Update(await self.table(game_id), public=[line], result=text)

    async def moderator_role(self, guild_id: int) -> int | None:
        return (await self.repo.guild_settings(guild_id)).get("moderator_role")

    async def set_moderator_role(self, guild_id: int, role_id: int | None, by: Player) -> None:
        _require_moderator(by)
        await self.repo.set_guild_setting(guild_id, "moderator_role", role_id)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="moderator_role", detail={"role_id": role_id})

    # -- data packs -----------------------------------------------------------------------
    async def upload_pack(self, guild_id: int, by: Player, name: str, text: str, *,
                          source: str = "pack.json") -> PackInfo:
        """Validate a moderator's pack file and offer it for new games of the server under
        `name` (replacing a pack of that name: games already created keep their copy)."""
        _require_moderator(by)
        name = _pack_name(name)
        pack = _load_pack(text, source)
        record = await self.repo.save_pack(guild_id=guild_id, game=PACK_GAME, name=name,
                                           text=text, digest=pack.hash,
                                           uploaded_by=by.user_id)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="pack_upload", detail={"name": name, "hash": pack.hash})
        return _pack_info(record, pack)

    async def packs(self, guild_id: int) -> list[PackInfo]:
        return [_pack_info(r, _load_pack(r.text, r.name))
                for r in await self.repo.packs(guild_id, PACK_GAME)]

    async def pack_names(self, guild_id: int) -> list[str]:
        """Names only, without parsing a pack (autocomplete must answer fast)."""
        return [r.name for r in await self.repo.packs(guild_id, PACK_GAME)]

    async def pack(self, guild_id: int, name: str) -> PackInfo:
        record = await self._pack_record(guild_id, name)
        return _pack_info(record, _load_pack(record.text, record.name))

    async def remove_pack(self, guild_id: int, by: Player, name: str) -> None:
        """New games can no longer choose it; running games keep the copy frozen in them."""
        _require_moderator(by)
        record = await self._pack_record(guild_id, name)
        await self.repo.remove_pack(guild_id, PACK_GAME, record.name)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="pack_remove", detail={"name": name, "hash": record.hash})

    async def _pack_record(self, guild_id: int, name: str) -> PackRecord:
        try:
            return await self.repo.get_pack(guild_id, PACK_GAME, name.strip())
        except NotFound:
            raise ServiceError(f"This server has no data pack named `{name}`; "
                               "`/redux pack list` shows them.") from None

    async def _with_pack_text(self, game: str, guild_id: int | None,
                              options: dict[str, Any]) -> dict[str, Any]:
        """A table names a pack; the game gets the pack's text, so the stored options freeze
        it: editing or removing the pack later never changes this game or its replay."""
        if game != PACK_GAME or "pack" not in options:
            return options
        name = str(options["pack"])
        rest = {k: v for k, v in options.items() if k != "pack"}
        if name == DESIGNED_PACK:
            return rest
        if guild_id is None:
            raise ServiceError("Data packs belong to a server; outside one only the designed "
                               "data can be used.")
        return {**rest, "pack": (await self._pack_record(guild_id, name)).text}

    # -- game views and the allies' council -------------------------------------------------
    async def seat_view(self, game_id: int, player: Player | None) -> SeatView:
        """The player's own view (hand, secret picks), or the public view for None."""
        record, seats = await self._started(game_id)
        seat = None if player is None else _human_seat(seats, player)
        return _seat_view(record, seats, seat)

    async def council(self, game_id: int, player: Player) -> Council:
        """This round's council, if the player is one of the two allies and the alliance
        action is being chosen; its thread is None until `open_council`."""
        record, seats = await self._running(game_id)
        return await self._council(record, seats, player)

    async def open_council(self, game_id: int, player: Player, thread_id: int) -> Council:
        """Record the private thread the cog opened for the allies (StorageError if this
        round's council already has one: the cog checks `council` first)."""
        async with self._locks[game_id]:
            record, seats = await self._running(game_id)
            council = await self._council(record, seats, player)
            await self.repo.add_private_thread(game_id, purpose=council.purpose,
                                               thread_id=thread_id,
                                               seats=[s.seat for s in council.allies])
        await self._audit(game_id, player, "council", {"purpose": council.purpose,
                                                       "thread_id": thread_id})
        return Council(game_id, council.purpose, council.allies, council.chooser,
                       council.channel_id, thread_id)

    async def shared_view(self, thread_id: int, player: Player) -> SeatView:
        """An ally's own view, to be posted in their council thread and nowhere else: only
        in the thread of the council under way, and only for one of its allies."""
        found = await self.repo.private_thread_by_id(thread_id)
        if found is None or not found.purpose.startswith("council"):
            raise ServiceError("Share your view only in your allies' council thread; open it "
                               "with `/redux council` in the game's thread.")
        record, seats = await self._running(found.game_id)
        seat = _human_seat(seats, player)
        if seat not in found.seats:
            raise ServiceError("Only the two allies of this council can share their view here.")
        engine = _engine(record.game)
        public = engine.view(record.state, None)
        if public["step"] != "alliance" or _council_purpose(public) != found.purpose:
            raise ServiceError("This council is over: the alliance action was chosen.")
        return _seat_view(record, seats, seat)

    async def _council(self, record: GameRecord, seats: list[SeatRecord],
                       player: Player) -> Council:
        view = _engine(record.game).view(record.state, None)
        alliance = view.get("alliance") or {}
        if view.get("step") != "alliance" or not alliance.get("allies"):
            raise ServiceError("The allies hold their council while the alliance action is "
                               "being chosen, which is not now.")
        table = _table(record, seats)
        allies = [table.seats[a] for a in alliance["allies"]]
        names = " and ".join(s.name for s in allies)
        if not any(s.user_id == player.user_id and not s.ai for s in allies):
            raise ServiceError(f"Only this round's allies, {names}, hold the council.")
        if any(s.ai for s in allies):
            raise ServiceError(f"The allies are {names}: an AI does not consult, so there is "
                               "no council to hold.")
        purpose = _council_purpose(view)
        existing = await self.repo.private_thread(record.id, purpose)
        return Council(record.id, purpose, allies, table.seats[alliance["chooser"]],
                       record.channel_id, existing.thread_id if existing else None)

    # -- internals ------------------------------------------------------------------------
    async def _record(self, game_id: int) -> GameRecord:
        try:
            return await self.repo.get_game(game_id)
        except NotFound:
            raise ServiceError(f"There is no game {game_id}.") from None

    async def _open_table(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record = await self._record(game_id)
        if record.status != "open":
            raise ServiceError("This game has already started; seats change only through a "
                               "moderator (`/gm replace`).")
        return record, list(await self.repo.get_seats(game_id))

    async def _started(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record = await self._record(game_id)
        if record.state is None:
            raise ServiceError("The game has not started yet: `/game start` when all are seated.")
        return record, await self.repo.get_seats(game_id)

    async def _running(self, game_id: int) -> tuple[GameRecord, list[SeatRecord]]:
        record, seats = await self._started(game_id)
        if record.status == "paused":
            raise ServiceError("The game is paused by a moderator; it resumes with `/gm resume`.")
        if record.status != "running":
            raise ServiceError("This game is over: `/game status` shows the final scores.")
        return record, seats

    def _check_room(self, record: GameRecord, seats: list[SeatRecord]) -> None:
        engine = _engine(record.game)
        if len(seats) >= engine.max_players:
            raise ServiceError(f"The table is full: {engine.title} seats at most "
                               f"{engine.max_players} players.")

    def _acting_seat(self, engine: Game, state: State, seats: list[SeatRecord],
                     player: Player) -> int:
        mine = [s.seat for s in seats if s.user_id == player.user_id and not s.ai]
        if not mine:
            raise ServiceError("You have no seat in this game; join the next one with "
                               "`/game join` before it starts.")
        awaited = _awaited_seat(engine, state, seats, player)
        if awaited is None:
            waiting = ", ".join(s.name for s in seats if s.seat in engine.to_act(state))
            raise ServiceError(f"It is not your turn; the game waits for {waiting or 'nobody'}.")
        return awaited

    async def _check_still_open(self, engine: Game, record: GameRecord,
                                seats: list[SeatRecord], player: Player, action: Action,
                                version: int) -> None:
        """A button from an older version still counts when its seat is awaited, has not
        acted since, and the same action is still legal (others acting in a simultaneous
        step do not make your buttons stale); anything else is a stale click."""
        seat = _awaited_seat(engine, record.state, seats, player)
        acted_since = seat is None or any(a.seat == seat and a.version > version
                                          for a in await self.repo.actions(record.id))
        if (version > record.version or acted_since
                or action not in engine.legal_actions(record.state, seat)):
            raise ServiceError("This button is from an older step of the game and was not "
                               "applied. Press **Take my turn** for your current choices.")

    async def _persist(self, record: GameRecord, seat: int, user_id: int | None,
                       action: Action, events: list[Event], state: State,
                       interaction_id: str | None, version: int | None = None) -> int:
        engine = _engine(record.game)
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
            raise ServiceError("This click was already applied.") from None
        except StaleVersion:
            raise ServiceError("Someone acted at the same moment; your action was not applied. "
                               "Press **Take my turn** to see the current choices.") from None

    async def _play_ai(self, record: GameRecord, seats: list[SeatRecord], state: State,
                       version: int) -> list[tuple[State, list[Event], State]]:
        """Let AI seats take every decision they owe, persisting each one."""
        engine = _engine(record.game)
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

    async def _update(self, game_id: int, before: State | None, after: State,
                      steps: Iterable[tuple[State, list[Event], State]], *,
                      extra: list[str] | None = None, force_board: bool = False) -> Update:
        table = await self.table(game_id)
        record = await self._record(game_id)
        seats = await self.repo.get_seats(game_id)
        engine = _engine(record.game)
        steps = list(steps)
        events = [e for _, evs, _ in steps for e in evs]
        public = list(extra or []) + [
            self.announcer.names(e.text, seats) for e in events if e.public]
        boards = await self.announcer.boards(engine, before, after, steps, seats, force_board)
        awaiting = [] if record.result else _awaiting(engine, after, table)
        result = self.announcer.result_text(record.result, seats) if record.result else None
        update = Update(table, public, _privates(events, seats, self.announcer), boards,
                        awaiting, result)
        return await self.clock.on_update(update, steps)

    async def _set_status(self, game_id: int, by: Player, current: str, new: str) -> Table:
        _require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            if record.status != current:
                raise ServiceError(f"The game is {record.status}, not {current}.")
            await self.repo.set_status(game_id, new, expected_version=record.version)
            await self._audit(game_id, by, new, {})
        return await self.table(game_id)

    def _replayed(self, record: GameRecord, seats: list[SeatRecord],
                  actions: Iterable[ActionRecord]) -> State:
        engine = _engine(record.game)
        state, _ = replay(engine, len(seats), record.options, record.seed,
                          ((a.seat, Action.from_json(a.action)) for a in actions))
        return state

    async def _audit(self, game_id: int, by: Player, what: str, detail: dict) -> None:
        record = await self._record(game_id)
        await self.repo.audit(guild_id=record.guild_id, game_id=game_id, user_id=by.user_id,
                              what=what, detail=detail)


def _engine(name: str) -> Game:
    try:
        return get_game(name)
    except GameError as error:
        raise ServiceError(str(error)) from None


def _parse(text: str) -> Action:
    try:
        return Action.parse(text)
    except GameError as error:
        raise ServiceError(str(error)) from None


def _table(record: GameRecord, seats: list[SeatRecord]) -> Table:
    engine = _engine(record.game)
    return Table(record.id, record.game, engine.title, record.status,
                 [Seat(s.seat, s.user_id, s.name, s.ai) for s in seats], record.version,
                 record.guild_id, record.channel_id, record.thread_id,
                 _shown_options(record.game, record.options), engine.min_players,
                 engine.max_players)


def _shown_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as a table shows them: a frozen pack by its title and hash, not its text
    (None is the engine's designed data)."""
    if game != PACK_GAME or "pack" not in options:
        return options
    text = options["pack"]
    return {**options, "pack": DESIGNED_PACK if text is None else _pack_label(text)}


@functools.lru_cache(maxsize=32)
def _pack_label(text: str) -> str:
    pack = load_pack(text)
    return f"{pack.name} ({pack.hash})"


def _seat_view(record: GameRecord, seats: list[SeatRecord], seat: int | None) -> SeatView:
    return SeatView(_table(record, seats), seat, _engine(record.game).view(record.state, seat))


def _council_purpose(view: dict[str, Any]) -> str:
    """A council belongs to one round's alliance choice."""
    return f"council {view['round']}"


def _council_hint(record: GameRecord, seats: list[SeatRecord]) -> str:
    """While the alliance action is chosen, its chooser learns that the allies may consult
    first (R7.2.3); an AI ally does not consult."""
    if record.game != PACK_GAME:
        return ""
    view = _engine(record.game).view(record.state, None)
    allies = (view.get("alliance") or {}).get("allies") or []
    if view.get("step") != "alliance" or any(seats[a].ai for a in allies):
        return ""
    return ("\nYou may consult your ally first: `/redux council` opens a thread for the two of "
            "you, where `/redux share` shows each other your hands and picks.")


def _pack_name(name: str) -> str:
    name = name.strip()
    if name.lower() == DESIGNED_PACK:
        raise ServiceError(f"`{DESIGNED_PACK}` names our own designed data; choose another "
                           "name for your pack.")
    if not PACK_NAME.fullmatch(name) or parse_options([f"pack={name}"])["pack"] != name:
        raise ServiceError("A pack name has 1-40 letters, digits, dots, dashes or underscores, "
                           "starts with a letter and is not a yes/no word, so that it can be "
                           "typed as an option (`pack=our-cards`).")
    return name


def _load_pack(text: str, source: str) -> Pack:
    try:
        return load_pack(text, source=source)
    except DataError as error:
        raise ServiceError(str(error)) from None


def _pack_info(record: PackRecord, pack: Pack) -> PackInfo:
    base = designed()
    counts = {k: len(getattr(pack, k)) for k in PACK_SECTIONS}
    changed = {k: sum(1 for key, entry in getattr(pack, k).items()
                      if getattr(base, k).get(key) != entry) for k in PACK_SECTIONS}
    return PackInfo(record.name, pack.name, pack.hash, pack.provenance, counts, changed,
                    record.uploaded_by, record.uploaded_at)


def _awaited_seat(engine: Game, state: State, seats: list[SeatRecord],
                  player: Player) -> int | None:
    due = engine.to_act(state)
    return next((s.seat for s in seats
                 if s.user_id == player.user_id and not s.ai and s.seat in due), None)


def _human_seat(seats: list[SeatRecord], player: Player) -> int:
    seat = next((s.seat for s in seats if s.user_id == player.user_id and not s.ai), None)
    if seat is None:
        raise ServiceError("You have no seat in this game, so there is no hand to show.")
    return seat


def _awaiting(engine: Game, state: State, table: Table) -> list[Seat]:
    due = engine.to_act(state)
    return [s for s in table.seats if s.seat in due and not s.ai]


def _privates(events: list[Event], seats: list[SeatRecord], announcer: Announcer) -> list[Private]:
    lines: defaultdict[int, list[str]] = defaultdict(list)
    for event in events:
        if event.public:
            continue
        for seat in seats:
            if seat.seat in event.seats and seat.user_id is not None and not seat.ai:
                lines[seat.user_id].append(announcer.names(event.text, seats))
    return [Private(user, text) for user, text in lines.items()]


def _check_seated_or_moderator(seats: list[SeatRecord], by: Player) -> None:
    if not by.is_moderator and not any(s.user_id == by.user_id for s in seats):
        raise ServiceError("Only a seated player or a moderator can do that.")


def _require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError("Only a moderator can do that (Manage Server permission or the "
                           "moderator role set with `/gm role`).")
