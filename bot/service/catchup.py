"""The catch-up a turn's prompt opens with: what changed since the seat last acted.

A player of a play-by-post table comes back after hours, to a thread that moved on by
several turns. Their prompt starts with the events since their own last action that their
seat may read (the others' moves, battles, the cards shown to them alone), in their
language, newest last and short: the whole log stays one `/game log` away.
"""

from __future__ import annotations

from bot.i18n import t, words
from bot.service.announce import reader_of
from bot.service.base import GameBase, seat_of
from bot.service.models import Player
from games.core.messages import said_of

CATCH_UP_LINES = 8  # at most this many events, the newest
READ_BACK = 200  # events read to find those since the seat's last action


class CatchUpMixin(GameBase):
    async def catch_up(self, game_id: int, player: Player, locale: str) -> list[str]:
        """The events since the player's seat last acted, as lines to put above their
        prompt (a heading, the newest CATCH_UP_LINES, a pointer to the earlier ones); empty
        when nothing happened since, or the player holds no seat."""
        seats = await self.repo.get_seats(game_id)
        seat = seat_of(seats, player)
        if seat is None:
            return []
        actions = await self.repo.actions(game_id)
        since = max((a.version for a in actions if a.seat == seat.seat and not a.undone),
                    default=0)
        events = [e for e in await self.repo.events(game_id, viewer_seat=seat.seat,
                                                    limit=READ_BACK)
                  if e.version > since]
        if not events:
            return []
        reader = reader_of(seats, locale, seat.seat)
        shown = events[-CATCH_UP_LINES:]
        lines = [t("turns.catch_up", locale)]
        if len(events) > len(shown):
            log = f"/{t('cmd.game.name', locale)} {t('cmd.game.log.name', locale)}"  # as typed
            lines.append(t("turns.catch_up_more", locale, count=len(events) - len(shown),
                           command=log))
        return lines + [words(said_of(e.text), reader) for e in shown]  # as /game log reads
