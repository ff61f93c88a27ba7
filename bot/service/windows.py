"""Closing a response window: the passes nobody had to be asked for.

A response window (`Game.window`) asks seats whether to react out of turn, and whether a
seat can react depends on its hidden hand. Asking a seat that can only pass would stop the
table for nothing, and answering its pass at once would tell everyone it had nothing (the
window would close the moment it opened). So the seat is not asked, and the game master
gives its pass when the window's time is up (the clock's pass, bot/playbypost/clock.py):
a window closes at that time whatever the hands hold, unless a seat that can answer does.
"""

from __future__ import annotations

from bot.i18n import text
from bot.service.base import GameBase, Played, engine_of, started_state
from bot.service.models import ServiceError, Update


class WindowsMixin(GameBase):
    async def close_window(self, game_id: int, seat: int, *, expected_version: int) -> Update:
        """The game master passes for `seat` and then for each seat after it in the same
        window whose only answer is its pass (their time is up as well: the window opened
        before them), until a seat with a choice is awaited or the window is over; then the
        AI seats and the unasked passes play on. Refused when the game moved on since
        `expected_version`, or the seat has a choice after all."""
        async with self._changing(game_id, waits=True):
            loaded = await self._running_game(game_id)
            record, seats = loaded.record, loaded.seats
            engine = engine_of(record.game)
            state = started_state(record)
            humans = {s.seat for s in seats if s.user_id is not None and not s.ai}
            if (record.version != expected_version or not engine.window(state)
                    or seat not in engine.to_act(state) or engine.only_pass(state, seat) is None):
                raise ServiceError(text("tables.moved_on", seat=seat + 1))
            played: list[Played] = []
            while engine.window(state) and engine.result(state) is None:
                due = [s for s in sorted(engine.to_act(state)) if s in humans]
                passing = next(((s, a) for s in due
                                if (a := engine.only_pass(state, s)) is not None), None)
                if passing is None:
                    break
                after, events = engine.apply(state, passing[0], passing[1])
                played.append(Played(passing[0], None, passing[1], events, state, after))
                state = after
            played += await self._play_ai(record, seats, state, record.version + len(played))
            return await self._commit(record, seats, loaded.clocks, played,
                                      before=started_state(record))
