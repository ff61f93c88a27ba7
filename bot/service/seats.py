"""Seats after the start, an AI seat's level, and spectators.

A started game's seat is human (a user), AI (an agent kind) or vacant (neither): a vacant
seat keeps the name of whoever left it, the game waits for it and nobody is mentioned, until
a member takes it over or an AI is seated there. Every change is audited and announced, and
AI seats play what they owe right after it. Spectators follow a game's thread without a
seat; they read only what anyone may read.
"""

from __future__ import annotations

from bot.i18n import text
from bot.service.ai import DEFAULT_LEVEL, check_level, level_name
from bot.service.base import (
    ACTIVE,
    GameBase,
    check_seat_number,
    check_seated_or_moderator,
    engine_of,
    is_vacant,
    require_person,
    seat_of,
    table_of,
)
from bot.service.models import Player, ServiceError, Table, Update
from storage import GameRecord, LoadedGame, SeatRecord


class SeatsMixin(GameBase):
    async def vacate(self, game_id: int, player: Player) -> Update:
        """The player leaves a started game: their seat waits, vacant, for a taker."""
        async with self._changing(game_id):
            loaded = await self._active_game(game_id)
            seats = list(loaded.seats)
            mine = _own_seat(seats, player)
            seats[mine.seat] = SeatRecord(mine.seat, None, mine.name, None)
            line = text("tables.seat_vacated", name=mine.name, seat=mine.seat + 1)
            return await self._seats_changed(loaded, seats, player, "vacate",
                                              {"seat": mine.seat}, line)

    async def handover(self, game_id: int, player: Player, to: Player) -> Update:
        """A seated player gives their seat to a member who has none."""
        async with self._changing(game_id):
            loaded = await self._active_game(game_id)
            record, seats = loaded.record, list(loaded.seats)
            mine = _own_seat(seats, player)
            await self._check_newcomer(record, seats, to)
            seats[mine.seat] = SeatRecord(mine.seat, to.user_id, to.name, None)
            line = text("tables.seat_handed", name=mine.name, seat=mine.seat + 1, to=to.name)
            update = await self._seats_changed(loaded, seats, player, "handover",
                                                {"seat": mine.seat, "to": to.user_id}, line)
        await self.repo.remove_spectator(game_id, to.user_id)  # only once seated
        return update

    async def seat_ai(self, game_id: int, by: Player, seat: int,
                      level: str = DEFAULT_LEVEL) -> Update:
        """An AI at `level` fills a vacant seat of a started game and plays what it owes at
        once, or an AI seat (before the start too) plays at a new level from now on. A
        seated player or a moderator asks, the thread is told; a human seat, a level the
        game does not offer or the seat's own level is refused and changes nothing."""
        async with self._changing(game_id):
            loaded = await self._load(game_id)
            record, seats = loaded.record, list(loaded.seats)
            if record.status not in ("open", *ACTIVE):
                raise ServiceError(text("tables.over"))
            check_seated_or_moderator(seats, by)
            check_seat_number(seats, seat)
            check_level(engine_of(record.game), level)
            old = seats[seat]
            if old.ai:
                return await self._new_level(loaded, seats, by, old, level)
            if not is_vacant(old):
                raise ServiceError(text("tables.seat_not_vacant", seat=seat + 1, name=old.name))
            seats[seat] = SeatRecord(seat, None, f"AI {seat + 1}", level)
            line = text("tables.seat_ai", by=by.name, seat=seat + 1, name=old.name)
            return await self._seats_changed(loaded, seats, by, "seat_ai",
                                              {"seat": seat, "kind": level}, line)

    async def _new_level(self, loaded: LoadedGame, seats: list[SeatRecord], by: Player,
                         old: SeatRecord, level: str) -> Update:
        """The AI of seat `old` plays at `level` from its next decision on (its name stays:
        the thread knows it by it); audited and told in the thread."""
        assert old.ai is not None  # an AI seat, checked by the caller
        if old.ai == level:
            raise ServiceError(text("tables.ai_level_same", seat=old.seat + 1,
                                    level=level_name(level)))
        record = loaded.record
        seats[old.seat] = SeatRecord(old.seat, None, old.name, level)
        detail = {"seat": old.seat, "from": old.ai, "to": level}
        line = text("tables.ai_level_set", by=by.name, seat=old.seat + 1,
                    level=level_name(level), was=level_name(old.ai))
        if record.status in ACTIVE:
            return await self._seats_changed(loaded, seats, by, "ai_level", detail, line)
        await self.repo.set_seats(record.id, seats, expected_version=record.version)
        await self._audit(record.id, by, "ai_level", detail)
        locale = await self.settings.thread_locale(record.guild_id)
        table = table_of(await self._record(record.id), seats)
        return Update(table, public=[line.render(locale)])

    async def takeover(self, game_id: int, player: Player, seat: int) -> Update:
        """A member without a seat takes a vacant or AI seat (never a human's)."""
        async with self._changing(game_id):
            loaded = await self._active_game(game_id)
            record, seats = loaded.record, list(loaded.seats)
            check_seat_number(seats, seat)
            await self._check_newcomer(record, seats, player)
            old = seats[seat]
            if old.user_id is not None:
                raise ServiceError(text("tables.seat_human", seat=seat + 1, name=old.name))
            seats[seat] = SeatRecord(seat, player.user_id, player.name, None)
            line = text("tables.seat_taken", name=player.name, seat=seat + 1, was=old.name)
            update = await self._seats_changed(loaded, seats, player, "takeover",
                                                {"seat": seat, "from": old.name}, line)
        await self.repo.remove_spectator(game_id, player.user_id)  # only once seated
        return update

    async def spectate(self, game_id: int, player: Player) -> Table:
        """Follow a game without a seat (the cog adds the member to the thread)."""
        record = await self._record(game_id)
        seats = await self.repo.get_seats(game_id)
        if seat_of(seats, player) is not None:
            raise ServiceError(text("tables.spectator_seated"))
        await self.settings.check_allowed(record.guild_id, game_id, player.user_id)
        if not await self.repo.add_spectator(game_id, player.user_id, player.name):
            raise ServiceError(text("tables.already_spectating"))
        return table_of(record, seats)

    async def unspectate(self, game_id: int, player: Player) -> Table:
        record = await self._record(game_id)
        if not await self.repo.remove_spectator(game_id, player.user_id):
            raise ServiceError(text("tables.not_spectating"))
        return table_of(record, await self.repo.get_seats(game_id))

    async def _check_newcomer(self, record: GameRecord, seats: list[SeatRecord],
                              player: Player) -> None:
        """Someone about to get a seat: a person, not seated already, not banned from this
        game."""
        require_person(player)
        if seat_of(seats, player) is not None:
            raise ServiceError(text("tables.member_seated", name=player.name))
        await self.settings.check_allowed(record.guild_id, record.id, player.user_id)


def _own_seat(seats: list[SeatRecord], player: Player) -> SeatRecord:
    mine = seat_of(seats, player)
    if mine is None:
        raise ServiceError(text("tables.not_seated"))
    return mine
