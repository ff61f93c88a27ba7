"""Private groups, for any game that declares them (`Game.private_groups`): seats that may
consult in private right now (Redux's two allies before the alliance action, R7.2.3; a Tang
camp for the whole game). `/game council` (cogs/groups.py) opens one private thread per group
occasion (its `purpose`) and records it here; a member may then share their own view there,
and nowhere else, while the occasion lasts."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.i18n import Text, catalog, game_title, text
from bot.service.base import GameBase, engine_of, human_seat, seat_of, table_of
from bot.service.models import Council, Player, SeatView, ServiceError
from games.core.game import PrivateGroup
from storage import GameRecord, SeatRecord, StorageError


class GroupsMixin(GameBase):
    async def council(self, game_id: int, player: Player) -> Council:
        """The group the player belongs to now; its thread is None until `open_council`."""
        record, seats = await self._running(game_id)
        return await self._council(record, seats, player)

    async def open_council(self, game_id: int, player: Player, thread_id: int) -> Council:
        """Record the private thread the cog opened for the group. When another process
        recorded one for this occasion first (both opened a thread at once), theirs stands
        and is returned: the cog then points its own thread there."""
        async with self._changing(game_id):
            record, seats = await self._running(game_id)
            council = await self._council(record, seats, player)
            try:
                await self.repo.add_private_thread(game_id, purpose=council.purpose,
                                                   thread_id=thread_id,
                                                   seats=[s.seat for s in council.allies])
            except StorageError:  # the occasion's thread is recorded already
                return await self._council(record, seats, player)
        await self._audit(game_id, player, "council", {"purpose": council.purpose,
                                                       "thread_id": thread_id})
        return dataclasses.replace(council, thread_id=thread_id)

    async def shared_view(self, thread_id: int, player: Player, game: str = "") -> SeatView:
        """A member's own view, to be posted in their group's thread and nowhere else: only
        in the thread of an occasion still under way, and only for one of its members.
        `game` is the game whose command asked, for its wording where the thread is none."""
        found = await self.repo.private_thread_by_id(thread_id)
        if found is None:
            raise ServiceError(say(game, "share_elsewhere"))
        record, seats = await self._running(found.game_id)
        seat = human_seat(seats, player)
        if seat not in found.seats:
            raise ServiceError(say(record.game, "members_only"))
        if all(g.purpose != found.purpose for g in _groups(record)):
            raise ServiceError(say(record.game, "over"))
        table = table_of(record, seats)
        assert record.state is not None  # _running refuses a game that has none
        return SeatView(table, seat, engine_of(record.game).view(record.state, seat))

    def _group_hint(self, record: GameRecord, seats: list[SeatRecord], seat: int,
                    locale: str) -> str:
        """A seat about to make a decision its group may talk over first learns that it may
        (an AI member does not consult)."""
        for group in _groups(record):
            if group.chooser == seat and not any(seats[s].ai for s in group.seats):
                return "\n" + say(record.game, "hint").render(locale)
        return ""

    async def _council(self, record: GameRecord, seats: list[SeatRecord],
                       player: Player) -> Council:
        if not engine_of(record.game).has_private_groups:
            raise ServiceError(text("groups.none_in_game", title=game_title(record.game)))
        if seat_of(seats, player) is None:
            raise ServiceError(say(record.game, "not_seated"))
        groups = _groups(record)
        if not groups:
            raise ServiceError(say(record.game, "not_now"))
        table = table_of(record, seats)
        mine = [g for g in groups
                if any(table.seats[s].user_id == player.user_id and not table.seats[s].ai
                       for s in g.seats)]
        if not mine:
            names = " & ".join(table.seats[s].name for s in groups[0].seats)
            raise ServiceError(say(record.game, "outsider", names=names))
        group = mine[0]
        members = [table.seats[s] for s in group.seats]
        if any(s.ai for s in members):
            names = " & ".join(s.name for s in members)
            raise ServiceError(say(record.game, "with_ai", names=names))
        existing = await self.repo.private_thread(record.id, group.purpose)
        chooser = table.seats[group.chooser] if group.chooser is not None else None
        return Council(record.id, record.game, group.purpose, members, chooser,
                       record.channel_id, existing.thread_id if existing else None)


def say(game: str, what: str, /, **params: Any) -> Text:
    """The game's own words for a group's texts and refusals (`<game>.groups.<what>`: the
    Redux council, a Tang camp) where its catalog has them, else the house's
    (`groups.<what>`)."""
    own = f"{game}.groups.{what}"
    return text(own if own in catalog() else f"groups.{what}", **params)


def _groups(record: GameRecord) -> list[PrivateGroup]:
    """The groups of a running game (every caller loaded it through `_running`)."""
    assert record.state is not None, f"game {record.id} has not started"
    return engine_of(record.game).private_groups(record.state)
