"""The GameMaster: the one place that combines engine, storage and rendering.

Every change follows the same path: lock the game, load it once, validate, apply (the AI
replies too), store everything in one transaction, then describe what happened (public
lines, private lines, board images, who is awaited). AI seats are played here, right after
the human action that handed them the turn, so a table never waits on a machine; what they
decide is thought over in the AI pool, off the event loop (`GameBase._decided`), so no other
table waits on it either.

The shared machinery is `GameBase` (bot/service/base.py); seats after the start and
spectators, undo, history with export and import, data packs and private groups are mixins,
each in its own module of bot/service/. It knows no game by name: what a game offers beyond
the contract it declares on its engine (games/core/game.py).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from bot.i18n import Text, catalog, game_title, listed, t, text, words
from bot.service import ai
from bot.service.announce import names_of, reader_of, said_text
from bot.service.base import (
    ACTIVE,
    Played,
    awaited_seat,
    check_seat_number,
    check_seated_or_moderator,
    engine_of,
    human_seat,
    is_vacant,
    require_moderator,
    require_person,
    seat_of,
    started_state,
    table_of,
)
from bot.service.catchup import CatchUpMixin
from bot.service.groups import GroupsMixin
from bot.service.history import HistoryMixin
from bot.service.models import (
    Player,
    SeatView,
    ServiceError,
    Table,
    TurnPrompt,
    Update,
)
from bot.service.options import option_lines, shown_options
from bot.service.outbox import OutboxMixin
from bot.service.packs import PacksMixin, chosen_pack
from bot.service.seats import SeatsMixin
from bot.service.typed import read, typed_action
from bot.service.undo import UndoMixin
from bot.service.watch import WatchMixin
from bot.service.windows import WindowsMixin
from games.core import Action, Event, Game, GameError, State, all_games
from games.core.messages import said_of
from rendering import parts
from storage import BOARD_TIMES, GameRecord, NewAudit, SeatRecord


class GameMaster(SeatsMixin, UndoMixin, HistoryMixin, PacksMixin, GroupsMixin, OutboxMixin,
                 CatchUpMixin, WindowsMixin, WatchMixin):
    @staticmethod
    def game_names() -> list[tuple[str, str]]:
        return [(g.name, g.title) for g in all_games()]

    @staticmethod
    def pack_games() -> list[str]:
        """The games whose tables may run on a server's data pack (`Game.packs`)."""
        return [g.name for g in all_games() if g.packs is not None]

    @staticmethod
    def board_parts(game: str) -> tuple[str, ...]:
        """The details `board_png` draws for a game, besides its overview."""
        return parts(game)

    board_times = BOARD_TIMES  # when a table's overview may be posted (`set_boards`)

    # -- tables ---------------------------------------------------------------------------
    async def new_game(
        self, *, game: str, guild_id: int | None, channel_id: int, creator: Player,
        options: dict[str, Any] | None = None, seed: int | None = None,
        pack: str | None = None,
    ) -> Table:
        """A table of `game`, the creator in seat 1. `pack` names the data pack it runs on
        (one of the server's, or `designed`), for a game that declares packs."""
        await self.settings.check_new_game(guild_id, channel_id, creator.user_id)
        engine = engine_of(game)
        options = await self._with_pack_text(game, guild_id, chosen_pack(engine, options or {},
                                                                         pack))
        try:
            resolved = engine.resolve_options(options)
        except GameError as error:
            raise ServiceError.of(error) from None
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

    async def game_id_for_channel(self, channel_id: int, player: Player | None = None, *,
                                  guild_id: int | None = None) -> int:
        """The game a command used here is about: the game of this thread; in a channel, the
        only table in play there, else the player's own table there. When that leaves
        several, the player is asked which (each named, with its thread). With `guild_id`
        (the server the interaction comes from) only that server's games count: a game is
        tied to its server, so a forged interaction claiming another server, where its
        sender moderates, never reaches this one's games."""
        games = [g for g in await self.repo.games_in_channel(channel_id)
                 if guild_id is None or g.guild_id == guild_id]
        if not games:
            raise ServiceError(text("tables.no_game_here"))
        if games[0].thread_id == channel_id or len(games) == 1:
            return games[0].id
        if player is not None:
            mine = [g for g in games if seat_of(await self.repo.get_seats(g.id), player)]
            if len(mine) == 1:
                return mine[0].id
            games = mine or games
        listed = tuple(text("tables.game_ref", thread=g.thread_id or channel_id,
                            title=game_title(g.game), game=g.id) for g in games)
        raise ServiceError(text("tables.which_game", games=listed))

    async def table(self, game_id: int) -> Table:
        loaded = await self._load(game_id)
        return table_of(loaded.record, loaded.seats)

    async def join(self, game_id: int, player: Player) -> Table:
        async with self._changing(game_id):
            record, seats = await self._open_table(game_id)
            require_person(player)
            if seat_of(seats, player) is not None:
                raise ServiceError(text("tables.already_seated"))
            await self.settings.check_allowed(record.guild_id, game_id, player.user_id)
            self._check_room(record, seats)
            seats.append(SeatRecord(len(seats), player.user_id, player.name, None))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
            await self.repo.remove_spectator(game_id, player.user_id)
        return await self.table(game_id)

    async def add_ai(self, game_id: int, by: Player, level: str = ai.DEFAULT_LEVEL) -> Table:
        """An AI playing at `level` (one the game offers, bot/service/ai.py) takes the next
        seat of an open table."""
        async with self._changing(game_id):
            record, seats = await self._open_table(game_id)
            check_seated_or_moderator(seats, by)
            self._check_room(record, seats)
            ai.check_level(engine_of(record.game), level)
            name = f"AI {len(seats) + 1}"
            seats.append(SeatRecord(len(seats), None, name, level))
            await self.repo.set_seats(game_id, seats, expected_version=record.version)
        return await self.table(game_id)

    async def leave(self, game_id: int, player: Player) -> Table | Update:
        """Before the start the seat goes away (the others move up); after it, the seat
        stays, vacant, for someone to take over (an Update to announce)."""
        if (await self._record(game_id)).status != "open":
            return await self.vacate(game_id, player)
        async with self._changing(game_id):
            record, seats = await self._open_table(game_id)
            if seat_of(seats, player) is None:
                raise ServiceError(text("tables.not_seated"))
            kept = [s for s in seats if s.user_id != player.user_id]
            renumbered = [SeatRecord(i, s.user_id, s.name, s.ai) for i, s in enumerate(kept)]
            await self.repo.set_seats(game_id, renumbered, expected_version=record.version)
        return await self.table(game_id)

    async def start(self, game_id: int, by: Player) -> Update:
        async with self._changing(game_id):
            loaded = await self._open_game(game_id)
            record, seats = loaded.record, loaded.seats
            check_seated_or_moderator(seats, by)
            engine = engine_of(record.game)
            if len(seats) < engine.min_players:
                raise ServiceError(text("tables.too_few", title=game_title(engine.name),
                                        least=engine.min_players, seated=len(seats)))
            try:
                state, opening = engine.begin(len(seats), record.options, record.seed)
            except GameError as error:
                raise ServiceError.of(error, names_of(seats)) from None
            played = await self._play_ai(record, seats, state, record.version + 1)
            dealt = replace(record, state=state)
            update = await self._commit(dealt, seats, loaded.clocks, played, before=None,
                                        start=True, audit=NewAudit(by.user_id, "start", {}),
                                        force_board=True, opening=opening, acting=by)
            return await self._with_prompt(update, dealt, seats, played, by)

    # -- play -----------------------------------------------------------------------------
    async def act(
        self, game_id: int, player: Player, action: str, *, version: int | None = None,
        interaction_id: str | None = None,
    ) -> Update:
        """Apply a human's action, typed or pressed (read against the seat's legal actions in
        the player's words, bot/service/typed.py), then every AI decision that follows it."""
        return await self._play(game_id, player, action, version, interaction_id)

    async def why(self, game_id: int, player: Player, typed: str) -> Action:
        """A typed move tried and not played ("why can't I?"): the legal action it means, or
        the engine's refusal with the rule that makes it, as `act` would refuse it. Nothing
        is stored."""
        parsed = read(typed)
        record, seats = await self._running(game_id)
        engine, state = engine_of(record.game), started_state(record)
        seat = self._acting_seat(engine, state, seats, player)
        try:
            engine.apply(state, seat, parsed)
            return parsed
        except GameError as error:
            refusal = error
        meant, _, _ = await self._apply_typed(record, seats, player, seat, typed, refusal)
        return meant

    async def act_orders(self, game_id: int, player: Player, orders: str, *,
                         version: int | None = None,
                         interaction_id: str | None = None) -> Update:
        """A whole step given as typed orders, one per line (the orders form of a game whose
        engine takes them, `Game.orders_action`), played as one action."""
        record, _ = await self._running(game_id)
        parsed = engine_of(record.game).orders_action(orders)
        if parsed is None:
            raise ServiceError(text("turns.orders_unknown", title=game_title(record.game)))
        return await self._play(game_id, player, parsed, version, interaction_id)

    async def _play(self, game_id: int, player: Player, given: str | Action,
                    version: int | None, interaction_id: str | None) -> Update:
        """Play `given`, a typed move (its text) or an action built by the service."""
        parsed = read(given) if isinstance(given, str) else given
        async with self._changing(game_id):
            loaded = await self._running_game(game_id)
            record, seats = loaded.record, loaded.seats
            engine = engine_of(record.game)
            state = started_state(record)
            if version is not None and version != record.version:
                await self._check_still_open(engine, record, seats, player, parsed, version)
            seat = self._acting_seat(engine, state, seats, player)
            try:
                after, events = engine.apply(state, seat, parsed)
            except GameError as error:
                if not isinstance(given, str):
                    raise ServiceError.of(error, names_of(seats)) from None
                parsed, after, events = await self._apply_typed(record, seats, player, seat,
                                                                given, error)
            played = [Played(seat, player.user_id, parsed, events, state, after,
                             interaction_id)]
            played += await self._play_ai(record, seats, after, record.version + 1)
            update = await self._commit(record, seats, loaded.clocks, played, before=state,
                                        acting=player)
            return await self._with_prompt(update, record, seats, played, player)

    async def _apply_typed(self, record: GameRecord, seats: list[SeatRecord], player: Player,
                           seat: int, typed: str,
                           refusal: GameError) -> tuple[Action, State, list[Event]]:
        """A typed move the engine refused as it was typed, read as the legal action it
        spells in the player's words (bot/service/typed.py); still refused with the engine's
        reason when it spells none. Only a refused text pays for the reading: a pressed
        button or an exact move is applied at once."""
        engine, state = engine_of(record.game), started_state(record)
        locale = await self.settings.reader_locale(player.user_id, player.locale,
                                                   record.guild_id)
        meant = typed_action(engine, state, seat, typed, reader_of(seats, locale, seat))
        if meant == read(typed):
            raise ServiceError.of(refusal, names_of(seats)) from None
        try:
            after, events = engine.apply(state, seat, meant)
        except GameError as error:
            raise ServiceError.of(error, names_of(seats)) from None
        return meant, after, events

    async def act_for(self, game_id: int, seat: int, *, expected_version: int,
                      action: Action | None = None, note: str | Text | None = None) -> Update:
        """The game master plays a human seat's pending decision: `action` (a pass), or the
        AI agent's choice (autopilot when a deadline passed). Refused when the game moved on
        since `expected_version` or the seat owes nothing, so a late timer never acts."""
        async with self._changing(game_id, waits=True):
            loaded = await self._running_game(game_id)
            record, seats = loaded.record, loaded.seats
            engine = engine_of(record.game)
            state = started_state(record)
            if record.version != expected_version or seat not in engine.to_act(state):
                raise ServiceError(text("tables.moved_on", seat=seat + 1))
            seed = ai.agent_seed(record.seed, record.version)
            chosen = action if action is not None else await self._decided(
                game_id, partial(ai.autopilot, record.game, state, seat, seed))
            try:
                after, events = engine.apply(state, seat, chosen)
            except GameError as error:
                raise ServiceError.of(error, names_of(seats)) from None
            played = [Played(seat, None, chosen, events, state, after)]
            played += await self._play_ai(record, seats, after, record.version + 1)
            extra = [note] if note is not None else []
            return await self._commit(record, seats, loaded.clocks, played, before=state,
                                      extra=extra)

    async def turn_prompt(self, game_id: int, player: Player) -> TurnPrompt | None:
        record, seats = await self._running(game_id)
        return await self._prompt_of(record, seats, player)

    async def _with_prompt(self, update: Update, record: GameRecord, seats: list[SeatRecord],
                           played: list[Played], player: Player) -> Update:
        """The update with the acting player's next decision, worded from the state the
        change just stored (`record` is the game before it): their answer shows it without
        reading the game again. A change that ended the game leaves it to the cog."""
        if update.result or update.table.status != "running":
            return update
        state = played[-1].after if played else started_state(record)
        after = replace(record, version=update.table.version, state=state, status="running")
        return replace(update, next_prompt=await self._prompt_of(after, seats, player),
                       prompted=player.user_id)

    async def _prompt_of(self, record: GameRecord, seats: list[SeatRecord],
                         player: Player) -> TurnPrompt | None:
        """The player's decision in this running game as it stands, in their words; None
        when they owe none."""
        game_id = record.id
        engine = engine_of(record.game)
        state = started_state(record)
        seat = awaited_seat(engine, state, seats, player)
        if seat is None:
            return None
        locale = await self.settings.reader_locale(player.user_id, player.locale,
                                                   record.guild_id)
        reader = reader_of(seats, locale, seat)
        if engine.window(state) and engine.only_pass(state, seat) is not None:
            # nothing to decide: the window's time passes for it (bot/service/windows.py)
            return TurnPrompt(game_id, record.version, seat,
                              t("turns.window_only_pass", locale), [])
        actions = [Action(a.kind, a.args, label=said_text(a.label or a.text, reader))
                   for a in engine.legal_actions(state, seat)]
        prompt = said_text(engine.prompt(state, seat), reader) + self._group_hint(
            record, seats, seat, locale)
        return TurnPrompt(game_id, record.version, seat, prompt, actions,
                          orders=engine.orders_draft(state, seat),
                          helps=action_helps(engine.name, actions, locale))

    async def acted_since(self, game_id: int, player: Player, version: int) -> bool:
        """Whether the player took an action after `version` (a second press of a button
        whose first press was applied)."""
        return any(a.user_id == player.user_id and a.version > version
                   for a in await self.repo.actions(game_id))

    async def legal_actions(self, game_id: int, player: Player) -> list[Action]:
        prompt = await self.turn_prompt(game_id, player)
        return prompt.actions if prompt else []

    # -- reading --------------------------------------------------------------------------
    async def status_text(self, game_id: int, locale: str | None = None) -> str:
        """The public summary, the same for every viewer (`private_text` holds the rest)."""
        loaded = await self._load(game_id)
        record, seats = loaded.record, loaded.seats
        engine = engine_of(record.game)
        head = t("tables.status_head", locale, title=game_title(engine.name), game=game_id,
                 status=t(f"tables.status_{record.status}", locale))
        seated = listed([t("tables.status_seat", locale, seat=s.seat + 1,
                           name=_seat_label(s, locale)) for s in seats], locale or "en")
        options = t("core.table_options", locale, options="".join(
            f"\n  {line}" for line in option_lines(
                engine.name, shown_options(engine, record.options), locale or "en")))
        if record.state is None:
            return f"{head}\n{seated}\n{options}"
        body = said_text(engine.summary(engine.view(record.state, None)),
                         reader_of(seats, locale or "en"))
        return f"{head}\n{seated}\n{options}\n{body}"

    async def private_text(self, game_id: int, player: Player, locale: str | None = None) -> str:
        """The player's own view in their words (`locale`, else their language)."""
        record, seats = await self._started(game_id)
        seat = human_seat(seats, player)
        engine = engine_of(record.game)
        locale = locale or await self.settings.reader_locale(player.user_id, player.locale,
                                                             record.guild_id)
        return said_text(engine.summary(engine.view(started_state(record), seat)),
                         reader_of(seats, locale, seat))

    async def board_png(self, game_id: int, locale: str, part: str | None = None,
                        viewer: Player | None = None) -> bytes:
        """The table's overview now, or one of its detail `parts`, in `locale`, for the
        viewer alone: a seated viewer's part is drawn from their own view, so it shows
        their private panel (a hand, a mat's hidden coins)."""
        record, seats = await self._started(game_id)
        engine, state = engine_of(record.game), started_state(record)
        if part is None:
            return await self.announcer.overview(engine, engine.view(state, None), seats,
                                                 locale, sorted(engine.awaited(state)))
        if part not in parts(engine.name):
            raise ServiceError(text("tables.no_such_part", part=part,
                                    parts=", ".join(parts(engine.name)) or "-"))
        seat = seat_of(seats, viewer) if viewer else None
        own = seat.seat if seat else None
        return await self.announcer.part(engine, part, engine.view(state, own), seats, locale,
                                         own)

    async def log_lines(self, game_id: int, viewer: Player | None, limit: int = 20,
                        locale: str = "en") -> list[str]:
        """The viewer's seat reads its own secret events too; a spectator or anyone without
        a seat reads the public events only."""
        seats = await self.repo.get_seats(game_id)
        seat = seat_of(seats, viewer) if viewer else None
        events = await self.repo.events(game_id, viewer_seat=seat.seat if seat else None,
                                        limit=limit)
        reader = reader_of(seats, locale, seat.seat if seat else None)
        return [words(said_of(e.text), reader) for e in events]

    async def verify(self, game_id: int) -> bool:
        """Replay the log from the setup and compare with the stored snapshot."""
        record, seats = await self._started(game_id)
        return self._replayed(record, seats, await self.repo.actions(game_id)) == record.state

    # -- moderation -----------------------------------------------------------------------
    async def replace(self, game_id: int, by: Player, seat: int, new: Player | None) -> Update:
        """Give a seat to another player, or to an AI when `new` is None."""
        require_moderator(by)
        async with self._changing(game_id):
            loaded = await self._load(game_id)
            record, seats = loaded.record, list(loaded.seats)
            check_seat_number(seats, seat)
            if new is not None:
                require_person(new)
            if new is not None and seat_of(seats, new) is not None:
                raise ServiceError(text("tables.member_seated", name=new.name))
            if new is not None and record.guild_id is not None and await self.repo.is_banned(
                    record.guild_id, game_id, new.user_id):  # lifted by /gm unban, not here
                raise ServiceError(text("moderation.replace_banned", name=new.name))
            old = seats[seat]
            seats[seat] = (SeatRecord(seat, new.user_id, new.name, None) if new
                           else SeatRecord(seat, None, f"AI {seat + 1}", ai.DEFAULT_LEVEL))
            detail = {"seat": seat, "from": old.name, "to": seats[seat].name}
            line = text("tables.seat_replaced", seat=seat + 1, old=old.name,
                        new=seats[seat].name)
            if record.state is not None and record.status in ACTIVE:
                return await self._seats_changed(loaded, seats, by, "replace", detail, line)
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
        async with self._changing(game_id):
            loaded = await self._load(game_id)
            record, seats = loaded.record, loaded.seats
            if record.status not in ("open", *ACTIVE):
                raise ServiceError(text("tables.already_ended"))
            engine = engine_of(record.game)
            result = None
            if scored and record.state is not None:
                try:
                    result = engine.standings(record.state).to_json()
                except GameError as error:
                    raise ServiceError.of(error, names_of(seats)) from None
            status = "finished" if result else "abandoned"
            after = replace(record, version=record.version + 1, status=status,
                            result=result or record.result)
            update, clocks = await self._plan(after, seats, {}, loaded.clocks)
            await self.repo.set_status(game_id, status, expected_version=record.version,
                                       result=result, clocks=clocks,
                                       audit=NewAudit(by.user_id, "end", {"scored": scored}))
        locale = await self.settings.thread_locale(record.guild_id)
        result_text = (self.announcer.result_text(record.game, result, seats, locale)
                       if result else None)
        line = t("tables.ended_scored" if result else "tables.ended", locale, by=by.name)
        return await self._outgoing(replace(update, public=[line], result=result_text), [])

    async def moderator_role(self, guild_id: int) -> int | None:
        """Read through the settings' cache: every interaction asks it (cogs/common.py)."""
        return (await self.settings.server(guild_id)).moderator_role


    # -- game views -------------------------------------------------------------------------
    async def seat_view(self, game_id: int, player: Player | None) -> SeatView:
        """The player's own view (hand, secret picks), or the public view for None."""
        record, seats = await self._started(game_id)
        seat = None if player is None else human_seat(seats, player)
        return _seat_view(record, seats, seat)

    # -- internals ------------------------------------------------------------------------
    async def _check_still_open(self, engine: Game, record: GameRecord,
                                seats: list[SeatRecord], player: Player, action: Action,
                                version: int) -> None:
        """A button from an older version still counts when its seat is awaited, has not
        acted since, and the same action is still legal (others acting in a simultaneous
        step do not make your buttons stale); anything else is a stale click."""
        state = started_state(record)
        seat = awaited_seat(engine, state, seats, player)
        if seat is None or version > record.version:
            raise ServiceError(text("tables.stale_button"))
        acted_since = any(a.seat == seat and a.version > version
                          for a in await self.repo.actions(record.id))
        if acted_since or action not in engine.legal_actions(state, seat):
            raise ServiceError(text("tables.stale_button"))

    async def set_boards(self, game_id: int, by: Player, boards: str) -> None:
        """When the table's overview is posted: after every phase, every round or only on
        request (`BOARD_TIMES`). The table's creator and moderators choose; audited."""
        if boards not in BOARD_TIMES:
            raise ServiceError(text("tables.boards_choices", choices=", ".join(BOARD_TIMES)))
        record = await self._record(game_id)
        if not by.is_moderator and record.created_by != by.user_id:
            raise ServiceError(text("tables.boards_not_yours"))
        await self.repo.set_boards(game_id, boards)
        await self._audit(game_id, by, "boards", {"boards": boards})

    async def _set_status(self, game_id: int, by: Player, current: str, new: str) -> Table:
        require_moderator(by)
        async with self._changing(game_id):
            record = await self._record(game_id)
            if record.status != current:
                raise ServiceError(text("tables.wrong_status",
                                        status=text(f"tables.status_{record.status}"),
                                        expected=text(f"tables.status_{current}")))
            await self.repo.set_status(game_id, new, expected_version=record.version,
                                       audit=NewAudit(by.user_id, new, {}))
        return await self.table(game_id)


def action_helps(game: str, actions: list[Action], locale: str) -> dict[str, str]:
    """What each kind of these actions does, where the game's catalog says
    (`<game>.help.<kind>`): a help in the reader's words, never the action's typed form."""
    kinds = {a.kind for a in actions}
    return {kind: t(f"{game}.help.{kind}", locale) for kind in sorted(kinds)
            if f"{game}.help.{kind}" in catalog()}


def _seat_label(seat: SeatRecord, locale: str | None) -> str:
    if seat.ai:
        return t("tables.seat_label_ai", locale, name=seat.name, level=ai.level_name(seat.ai))
    if is_vacant(seat):
        return t("tables.seat_label_vacant", locale, name=seat.name)
    return seat.name


def _seat_view(record: GameRecord, seats: list[SeatRecord], seat: int | None) -> SeatView:
    return SeatView(table_of(record, seats), seat,
                    engine_of(record.game).view(started_state(record), seat))





