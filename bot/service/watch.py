"""What the web table (bot/web) reads of a game beyond the Discord views, and the link
generation that revokes a member's private links.

A private link is signed over its holder's link generation (bot/web/links.py); bumping the
generation (`revoke_links`) makes every link signed before it fail at once, in every process,
since the generation is a user setting read from storage like the others.
"""

from __future__ import annotations

from bot.i18n import text
from bot.service.base import GameBase, engine_of, seat_of, started_state
from bot.service.models import Player, ServiceError

# A game is watched once it started; an open table has no board yet.
WATCHED = ("running", "paused", "finished", "abandoned")


class WatchMixin(GameBase):
    async def link_generation(self, user_id: int) -> int:
        return (await self.settings.user(user_id)).link_generation

    async def revoke_links(self, user_id: int) -> int:
        """Every private link the member was given stops working; returns the new
        generation, which the links made from now on carry."""
        return await self.settings.next_link_generation(user_id)

    async def watched_games(self) -> list[int]:
        """The started games, newest first: the ones a web page can show."""
        return [g.id for g in await self.repo.list_games(statuses=WATCHED)]

    async def thread_game(self, thread_id: int) -> int:
        """The live game played in this thread: a Discord Activity launched there (by its
        **Board**) shows it. A channel's other games are not this thread's."""
        games = [g for g in await self.repo.games_in_channel(thread_id)
                 if g.thread_id == thread_id]
        if not games:
            raise ServiceError(text("web.activity_no_game"))
        return games[0].id

    async def game_version(self, game_id: int) -> int:
        """Changes with every stored change of the game: the web table's live updates
        compare it, so a change made by another process is seen too."""
        return (await self._record(game_id)).version

    async def step_count(self, game_id: int) -> int:
        """The stored actions of a started game: `history` shows steps 0 to this."""
        await self._started(game_id)
        return len(await self.repo.actions(game_id))

    async def seat_holder(self, game_id: int, seat: int) -> Player:
        """The member holding `seat` now, as a Player; refused for an AI or vacant seat (a
        private link of a seat handed over no longer opens it)."""
        record, seats = await self._started(game_id)
        holder = seats[seat] if 0 <= seat < len(seats) else None
        player = None if holder is None or holder.user_id is None or holder.ai else Player(
            holder.user_id, holder.name)
        if player is None or seat_of(seats, player) != holder:
            raise ServiceError(text("tables.no_seat_to_view"))
        return player

    async def result_line(self, game_id: int, locale: str) -> str | None:
        """A finished game's final scores as `/game status` tells them, else None."""
        record, seats = await self._started(game_id)
        if record.result is None:
            return None
        return self.announcer.result_text(record.game, record.result, seats, locale)

    async def awaited_names(self, game_id: int) -> list[str]:
        """Who the game waits for now (public: the thread mentions them)."""
        record, seats = await self._started(game_id)
        if record.result is not None or record.status not in ("running", "paused"):
            return []
        due = engine_of(record.game).awaited(started_state(record))
        return [s.name for s in seats if s.seat in due]
