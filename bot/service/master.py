"""The GameMaster: the one place that combines engine, storage and rendering.

Every change follows the same path: lock the game, load it, validate, apply, persist in one
transaction, then describe what happened (public lines, private lines, board images, who is
awaited). AI seats are played here, right after the human action that handed them the turn,
so a table never waits on a machine.

The shared machinery is `GameBase` (bot/gamebase.py); seats after the start and spectators
(bot/seats.py), undo (bot/undo.py), history, export and import (bot/history.py) are mixins.
"""

from __future__ import annotations

import random
import re
from concurrent.futures import Executor
from typing import Any

from bot.campaigns import Campaigns
from bot.clock import Clock
from bot.gamebase import (
    ACTIVE,
    DESIGNED_PACK,
    PACK_GAME,
    awaited_seat,
    check_seat_number,
    check_seated_or_moderator,
    engine_of,
    human_seat,
    is_vacant,
    parse_action,
    require_moderator,
    seat_of,
    table_of,
)
from bot.history import HistoryMixin
from bot.i18n import Text, t, text
from bot.models import (
    Council,
    PackInfo,
    Player,
    SeatView,
    ServiceError,
    Table,
    TurnPrompt,
    Update,
)
from bot.options import parse_options
from bot.seats import SeatsMixin
from bot.undo import UndoMixin
from games.core import Action, Game, GameError, all_games, make_agent
from games.redux.data import DataError, Pack, designed, load_pack
from storage import GameRecord, NotFound, Repository, SeatRecord
from storage.models import PackRecord

PACK_NAME = re.compile(r"[A-Za-z][A-Za-z0-9._-]{0,39}")
PACK_SECTIONS = ("generals", "cards", "regions")


class GameMaster(SeatsMixin, UndoMixin, HistoryMixin):
    def __init__(self, repo: Repository, *, render: bool = True,
                 executor: Executor | None = None) -> None:
        super().__init__(repo, render=render, executor=executor)
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
        await self.settings.check_new_game(guild_id, channel_id, creator.user_id)
        engine = engine_of(game)
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
            raise ServiceError(text("tables.no_game_here"))
        return record.id

    async def table(self, game_id: int) -> Table:
        record = await self._record(game_id)
        return table_of(record, await self.repo.get_seats(game_id))

    async def join(self, game_id: int, player: Player) -> Table:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            if seat_of(seats, player) is not None:
                raise ServiceError(text("tables.already_seated"))
            await self.settings.check_allowed(record.guild_id, game_id, player.user_id)
            self._check_room(record, seats)
            seats.append(SeatRecord(len(seats), player.user_id, player.name, None))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
            await self.repo.remove_spectator(game_id, player.user_id)
        return await self.table(game_id)

    async def add_ai(self, game_id: int, by: Player, kind: str = "heuristic") -> Table:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            check_seated_or_moderator(seats, by)
            self._check_room(record, seats)
            name = f"AI {len(seats) + 1}"
            seats.append(SeatRecord(len(seats), None, name, kind))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
        return await self.table(game_id)

    async def leave(self, game_id: int, player: Player) -> Table | Update:
        """Before the start the seat goes away (the others move up); after it, the seat
        stays, vacant, for someone to take over (an Update to announce)."""
        if (await self._record(game_id)).status != "open":
            return await self.vacate(game_id, player)
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            if seat_of(seats, player) is None:
                raise ServiceError(text("tables.not_seated"))
            kept = [s for s in seats if s.user_id != player.user_id]
            renumbered = [SeatRecord(i, s.user_id, s.name, s.ai) for i, s in enumerate(kept)]
            await self.repo.set_seats(game_id, renumbered, expected_version=record.version)
        return await self.table(game_id)

    async def start(self, game_id: int, by: Player) -> Update:
        async with self._locks[game_id]:
            record, seats = await self._open_table(game_id)
            check_seated_or_moderator(seats, by)
            engine = engine_of(record.game)
            if len(seats) < engine.min_players:
                raise ServiceError(text("tables.too_few", title=engine.title,
                                        least=engine.min_players, seated=len(seats)))
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
        parsed = parse_action(action)
        async with self._locks[game_id]:
            record, seats = await self._running(game_id)
            engine = engine_of(record.game)
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
            engine = engine_of(record.game)
            state = record.state
            if record.version != expected_version or seat not in engine.to_act(state):
                raise ServiceError(text("tables.moved_on", seat=seat + 1))
            agent = make_agent("heuristic", seed=record.seed * 1_000_003 + record.version)
            chosen = action or agent.choose(engine, state, seat)
            try:
                after, events = engine.apply(state, seat, chosen)
            except GameError as error:
                raise ServiceError(str(error)) from None
            version = await self._persist(record, seat, None, chosen, events, after, None)
            steps = [(state, events, after)]
            steps += await self._play_ai(await self._record(game_id), seats, after, version)
            extra = [note] if note is not None else []
            return await self._update(game_id, state, steps[-1][2], steps, extra=extra)

    async def turn_prompt(self, game_id: int, player: Player) -> TurnPrompt | None:
        record, seats = await self._running(game_id)
        engine = engine_of(record.game)
        seat = awaited_seat(engine, record.state, seats, player)
        if seat is None:
            return None
        state, names = record.state, self.announcer.names
        actions = [Action(a.kind, a.args, label=names(a.label or a.text, seats))
                   for a in engine.legal_actions(state, seat)]
        locale = await self.settings.reader_locale(player.user_id, None, record.guild_id)
        prompt = names(engine.prompt(state, seat), seats) + _council_hint(record, seats, locale)
        return TurnPrompt(game_id, record.version, seat, prompt, actions)

    async def legal_actions(self, game_id: int, player: Player) -> list[Action]:
        prompt = await self.turn_prompt(game_id, player)
        return prompt.actions if prompt else []

    # -- reading --------------------------------------------------------------------------
    async def status_text(self, game_id: int, locale: str | None = None) -> str:
        """The public summary, the same for every viewer (`private_text` holds the rest)."""
        record = await self._record(game_id)
        seats = await self.repo.get_seats(game_id)
        engine = engine_of(record.game)
        head = t("tables.status_head", locale, title=engine.title, game=game_id,
                 status=t(f"tables.status_{record.status}", locale))
        listed = ", ".join(t("tables.status_seat", locale, seat=s.seat + 1,
                             name=_seat_label(s, locale)) for s in seats)
        if record.state is None:
            return f"{head}\n{listed}"
        body = self.announcer.names(engine.summary(engine.view(record.state, None)), seats)
        return f"{head}\n{listed}\n{body}"

    async def private_text(self, game_id: int, player: Player) -> str:
        record, seats = await self._started(game_id)
        seat = human_seat(seats, player)
        engine = engine_of(record.game)
        return self.announcer.names(engine.summary(engine.view(record.state, seat)), seats)

    async def board_png(self, game_id: int) -> bytes:
        record, seats = await self._started(game_id)
        engine = engine_of(record.game)
        return await self.announcer.board(engine, engine.view(record.state, None), seats)

    async def log_lines(self, game_id: int, viewer: Player | None, limit: int = 20) -> list[str]:
        """The viewer's seat reads its own secret events too; a spectator or anyone without
        a seat reads the public events only."""
        seats = await self.repo.get_seats(game_id)
        seat = seat_of(seats, viewer) if viewer else None
        events = await self.repo.events(game_id, viewer_seat=seat.seat if seat else None,
                                        limit=limit)
        return [self.announcer.names(e.text, seats) for e in events]

    async def verify(self, game_id: int) -> bool:
        """Replay the log from the setup and compare with the stored snapshot."""
        record, seats = await self._started(game_id)
        return self._replayed(record, seats, await self.repo.actions(game_id)) == record.state

    # -- moderation -----------------------------------------------------------------------
    async def replace(self, game_id: int, by: Player, seat: int, new: Player | None) -> Update:
        """Give a seat to another player, or to an AI when `new` is None."""
        require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            seats = list(await self.repo.get_seats(game_id))
            check_seat_number(seats, seat)
            if new is not None and seat_of(seats, new) is not None:
                raise ServiceError(text("tables.member_seated", name=new.name))
            old = seats[seat]
            seats[seat] = (SeatRecord(seat, new.user_id, new.name, None) if new
                           else SeatRecord(seat, None, f"AI {seat + 1}", "heuristic"))
            detail = {"seat": seat, "from": old.name, "to": seats[seat].name}
            line = text("tables.seat_replaced", seat=seat + 1, old=old.name,
                        new=seats[seat].name)
            if record.state is not None and record.status in ACTIVE:
                return await self._seats_changed(record, seats, by, "replace", detail, line)
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
            await self._audit(game_id, by, "replace", detail)
            locale = await self.settings.thread_locale(record.guild_id)
            return Update(await self.table(game_id), public=[line.render(locale)])

    async def kick(self, game_id: int, by: Player, user_id: int) -> Update:
        seats = await self.repo.get_seats(game_id)
        seat = next((s.seat for s in seats if s.user_id == user_id), None)
        if seat is None:
            raise ServiceError(text("tables.user_not_seated"))
        return await self.replace(game_id, by, seat, None)

    async def pause(self, game_id: int, by: Player) -> Table:
        return await self._set_status(game_id, by, "running", "paused")

    async def resume(self, game_id: int, by: Player) -> Table:
        return await self._set_status(game_id, by, "paused", "running")

    async def end(self, game_id: int, by: Player, scored: bool) -> Update:
        require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            if record.status not in ("open", *ACTIVE):
                raise ServiceError(text("tables.already_ended"))
            engine = engine_of(record.game)
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
        result_text = self.announcer.result_text(result, seats) if result else None
        locale = await self.settings.thread_locale(record.guild_id)
        line = t("tables.ended_scored" if result else "tables.ended", locale, by=by.name)
        update = Update(await self.table(game_id), public=[line], result=result_text)
        return await self._outgoing(update, [])

    async def moderator_role(self, guild_id: int) -> int | None:
        return (await self.repo.guild_settings(guild_id)).get("moderator_role")


    # -- data packs -----------------------------------------------------------------------
    async def upload_pack(self, guild_id: int, by: Player, name: str, pack_text: str, *,
                          source: str = "pack.json") -> PackInfo:
        """Validate a moderator's pack file and offer it for new games of the server under
        `name` (replacing a pack of that name: games already created keep their copy)."""
        require_moderator(by)
        name = _pack_name(name)
        pack = _load_pack(pack_text, source)
        record = await self.repo.save_pack(guild_id=guild_id, game=PACK_GAME, name=name,
                                           text=pack_text, digest=pack.hash,
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
        require_moderator(by)
        record = await self._pack_record(guild_id, name)
        await self.repo.remove_pack(guild_id, PACK_GAME, record.name)
        await self.repo.audit(guild_id=guild_id, game_id=None, user_id=by.user_id,
                              what="pack_remove", detail={"name": name, "hash": record.hash})

    async def _pack_record(self, guild_id: int, name: str) -> PackRecord:
        try:
            return await self.repo.get_pack(guild_id, PACK_GAME, name.strip())
        except NotFound:
            raise ServiceError(text("tables.no_such_pack", name=name)) from None

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
            raise ServiceError(text("tables.packs_need_server"))
        return {**rest, "pack": (await self._pack_record(guild_id, name)).text}

    # -- game views and the allies' council -------------------------------------------------
    async def seat_view(self, game_id: int, player: Player | None) -> SeatView:
        """The player's own view (hand, secret picks), or the public view for None."""
        record, seats = await self._started(game_id)
        seat = None if player is None else human_seat(seats, player)
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
            raise ServiceError(text("tables.share_in_council"))
        record, seats = await self._running(found.game_id)
        seat = human_seat(seats, player)
        if seat not in found.seats:
            raise ServiceError(text("tables.share_allies_only"))
        engine = engine_of(record.game)
        public = engine.view(record.state, None)
        if public["step"] != "alliance" or _council_purpose(public) != found.purpose:
            raise ServiceError(text("tables.council_over"))
        return _seat_view(record, seats, seat)

    async def _council(self, record: GameRecord, seats: list[SeatRecord],
                       player: Player) -> Council:
        view = engine_of(record.game).view(record.state, None)
        alliance = view.get("alliance") or {}
        if view.get("step") != "alliance" or not alliance.get("allies"):
            raise ServiceError(text("tables.council_not_now"))
        table = table_of(record, seats)
        allies = [table.seats[a] for a in alliance["allies"]]
        names = " & ".join(s.name for s in allies)
        if not any(s.user_id == player.user_id and not s.ai for s in allies):
            raise ServiceError(text("tables.council_allies_only", names=names))
        if any(s.ai for s in allies):
            raise ServiceError(text("tables.council_ai", names=names))
        purpose = _council_purpose(view)
        existing = await self.repo.private_thread(record.id, purpose)
        return Council(record.id, purpose, allies, table.seats[alliance["chooser"]],
                       record.channel_id, existing.thread_id if existing else None)

    # -- internals ------------------------------------------------------------------------
    async def _check_still_open(self, engine: Game, record: GameRecord,
                                seats: list[SeatRecord], player: Player, action: Action,
                                version: int) -> None:
        """A button from an older version still counts when its seat is awaited, has not
        acted since, and the same action is still legal (others acting in a simultaneous
        step do not make your buttons stale); anything else is a stale click."""
        seat = awaited_seat(engine, record.state, seats, player)
        acted_since = seat is None or any(a.seat == seat and a.version > version
                                          for a in await self.repo.actions(record.id))
        if (version > record.version or acted_since
                or action not in engine.legal_actions(record.state, seat)):
            raise ServiceError(text("tables.stale_button"))

    async def _set_status(self, game_id: int, by: Player, current: str, new: str) -> Table:
        require_moderator(by)
        async with self._locks[game_id]:
            record = await self._record(game_id)
            if record.status != current:
                raise ServiceError(text("tables.wrong_status",
                                        status=text(f"tables.status_{record.status}"),
                                        expected=text(f"tables.status_{current}")))
            await self.repo.set_status(game_id, new, expected_version=record.version)
            await self._audit(game_id, by, new, {})
        return await self.table(game_id)


def _seat_label(seat: SeatRecord, locale: str | None) -> str:
    if seat.ai:
        return t("tables.seat_label_ai", locale, name=seat.name)
    if is_vacant(seat):
        return t("tables.seat_label_vacant", locale, name=seat.name)
    return seat.name


def _seat_view(record: GameRecord, seats: list[SeatRecord], seat: int | None) -> SeatView:
    return SeatView(table_of(record, seats), seat, engine_of(record.game).view(record.state, seat))


def _council_purpose(view: dict[str, Any]) -> str:
    """A council belongs to one round's alliance choice."""
    return f"council {view['round']}"


def _council_hint(record: GameRecord, seats: list[SeatRecord], locale: str) -> str:
    """While the alliance action is chosen, its chooser learns that the allies may consult
    first (R7.2.3); an AI ally does not consult."""
    if record.game != PACK_GAME:
        return ""
    view = engine_of(record.game).view(record.state, None)
    allies = (view.get("alliance") or {}).get("allies") or []
    if view.get("step") != "alliance" or any(seats[a].ai for a in allies):
        return ""
    return "\n" + t("tables.council_hint", locale)


def _pack_name(name: str) -> str:
    name = name.strip()
    if name.lower() == DESIGNED_PACK:
        raise ServiceError(text("tables.pack_name_designed", designed=DESIGNED_PACK))
    if not PACK_NAME.fullmatch(name) or parse_options([f"pack={name}"])["pack"] != name:
        raise ServiceError(text("tables.pack_name_bad"))
    return name


def _load_pack(pack_text: str, source: str) -> Pack:
    try:
        return load_pack(pack_text, source=source)
    except DataError as error:
        raise ServiceError(str(error)) from None


def _pack_info(record: PackRecord, pack: Pack) -> PackInfo:
    base = designed()
    counts = {k: len(getattr(pack, k)) for k in PACK_SECTIONS}
    changed = {k: sum(1 for key, entry in getattr(pack, k).items()
                      if getattr(base, k).get(key) != entry) for k in PACK_SECTIONS}
    return PackInfo(record.name, pack.name, pack.hash, pack.provenance, counts, changed,
                    record.uploaded_by, record.uploaded_at)
