"""Turn clocks: who is awaited since when, mentions once, deadlines, reminders and what
happens when a deadline passes (docs/play-by-post.md, "Clock").

`GameMaster` hands every change of a game to `plan` before storing it and stores the clock
changes it returns in the same transaction; a background task of the clock cog calls
`due_work` every tick. Every clock is stored, so a restart loses nothing: a deadline that
passed while the bot was down applies at the first pass. `now` is injectable so tests move
time instead of waiting for it.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from bot.i18n import t, text
from bot.service import GameMaster
from bot.service.announce import reader_of, said_text
from bot.service.base import started_state
from bot.service.models import Player, Seat, ServiceError, Table, Update
from bot.service.settings import MAX_DEADLINE_HOURS, POLICIES, parse_reminders
from games.core import Action, get_game
from storage import GameRecord, NotFound
from storage.clock import ClockChanges, ClockRecord, ClockState, DeadlineRecord

HOUR = 3600.0
DAY = 24 * HOUR
MAX_VACATION_DAYS = 60
ACTIVE = ("running", "paused")
WAITING_FOR_LIMIT = 150  # characters of the prompt /me games quotes


@dataclass(frozen=True)
class Notice:
    """A line for a game's thread (a reminder, a deadline that passed), already in the
    thread's language, and the users it may mention."""

    table: Table
    text: str
    mention: list[int]


@dataclass(frozen=True)
class MyGame:
    """One of a player's running games, as `/me games` lists it."""

    table: Table
    link: str
    waiting_for: str | None  # what the game asks of the player now; None: not their turn
    due_at: float | None


@dataclass(frozen=True)
class DeadlineView:
    """A game's deadline and the awaited seats with their due times (None: no deadline)."""

    deadline: DeadlineRecord
    awaited: list[tuple[Seat, float | None]]


class Clock:
    def __init__(self, gm: GameMaster, now: Callable[[], float] = time.time) -> None:
        self.gm = gm
        self.now = now

    # -- changes of a game: who is mentioned ---------------------------------------------
    async def plan(self, update: Update, acted: Mapping[int, int],
                   state: ClockState) -> tuple[Update, ClockChanges]:
        """The service's commit hook, run before a change is stored, from the clocks read
        with the game (`state`): clocks start for seats newly awaited (or awaited again
        after acting in this change, `acted`) and stop for the others, and the service
        stores these changes in the change's own transaction. Only the seats whose clock
        starts are mentioned, and DMed if they asked for it."""
        table = update.table
        if table.status not in ACTIVE:
            return replace(update, awaiting=[], notify_dm=[]), ClockChanges(clear=True)
        running = {c.seat: c for c in state.clocks}
        awaited = {s.seat: s for s in update.awaiting if s.user_id is not None and not s.ai}
        new = [s for s in awaited.values() if _starts(running.get(s.seat), s, acted)]
        stop = tuple(seat for seat in running if seat not in awaited)
        changes = ClockChanges(stop=stop)
        if new:
            deadline = (state.deadline
                        or await self._default_deadline(table.game_id, table.guild_id))
            changes = ClockChanges(start=tuple([await self._start(table, s, deadline)
                                                for s in new]),
                                   stop=stop, deadline=None if state.deadline else deadline)
        return (replace(update, awaiting=new, notify_dm=await self._dms(new, table.guild_id)),
                changes)

    async def _start(self, table: Table, seat: Seat, deadline: DeadlineRecord) -> ClockRecord:
        assert seat.user_id is not None
        now = self.now()
        due = now + deadline.hours * HOUR if deadline.hours else None
        away = await self._on_vacation(seat.user_id, now)
        return ClockRecord(table.game_id, seat.seat, seat.user_id, table.version, now, due,
                           held_since=now if away else None)

    async def _dms(self, seats: list[Seat], guild_id: int | None) -> list[tuple[int, str]]:
        settings = self.gm.settings
        return [(s.user_id, await settings.reader_locale(s.user_id, None, guild_id))
                for s in seats
                if s.user_id is not None and (await settings.user(s.user_id)).dm]

    # -- deadlines ----------------------------------------------------------------------
    async def deadline(self, game_id: int) -> DeadlineView:
        """For `/deadline show`: the game's deadline (the server's defaults until its first
        clock starts) and who is awaited until when."""
        record = await self._game(game_id)
        deadline = await self._deadline(game_id, record.guild_id)
        table = await self.gm.table(game_id)
        clocks = await self.gm.repo.clocks(game_id=game_id)
        return DeadlineView(deadline, [(table.seats[c.seat], c.due_at) for c in clocks])

    async def set_deadline(self, game_id: int, by: Player, *, hours: float,
                           policy: str | None = None,
                           reminders: str | None = None) -> DeadlineRecord:
        """A moderator or the game's creator sets its deadline; running clocks are re-timed
        from their start (keeping the time they stood still) and may remind again."""
        record = await self._game(game_id)
        if not by.is_moderator and record.created_by != by.user_id:
            raise ServiceError(text("clock.not_allowed"))
        if record.status not in ("open", *ACTIVE):
            raise ServiceError(text("clock.game_over"))
        if not 0 <= hours <= MAX_DEADLINE_HOURS:
            raise ServiceError(text("clock.bad_hours", most=int(MAX_DEADLINE_HOURS)))
        if policy is not None and policy not in POLICIES:
            raise ServiceError(text("clock.bad_policy", policies=", ".join(POLICIES)))
        current = await self._deadline(game_id, record.guild_id)
        new = DeadlineRecord(game_id, hours, policy or current.policy,
                             current.reminders if reminders is None
                             else parse_reminders(reminders))
        clocks = await self.gm.repo.clocks(game_id=game_id)
        await self.gm.repo.set_deadline(new, retimed=[_retimed(c, hours) for c in clocks])
        await self.gm.repo.audit(
            guild_id=record.guild_id, game_id=game_id, user_id=by.user_id, what="deadline_set",
            detail={"hours": hours, "policy": new.policy, "reminders": list(new.reminders)})
        return new

    async def _deadline(self, game_id: int, guild_id: int | None) -> DeadlineRecord:
        found = await self.gm.repo.deadline(game_id)
        return found or await self._default_deadline(game_id, guild_id)

    async def _default_deadline(self, game_id: int, guild_id: int | None) -> DeadlineRecord:
        """The server's defaults: a game keeps them from its first clock on (`plan` stores
        them then), so later changes of the defaults apply to new games only."""
        config = await self.gm.settings.server(guild_id)
        return DeadlineRecord(game_id, config.deadline_hours, config.deadline_policy,
                              tuple(config.reminders))

    async def _game(self, game_id: int) -> GameRecord:
        try:
            return await self.gm.repo.get_game(game_id)
        except NotFound:
            raise ServiceError(text("clock.no_game", game=game_id)) from None

    # -- a player's games and vacation --------------------------------------------------
    async def my_games(self, user_id: int) -> list[MyGame]:
        """The user's running games in every server: those awaiting them first (soonest
        deadline first), then the others, newest first."""
        clocks = {c.game_id: c for c in await self.gm.repo.clocks(user_id=user_id)}
        games = [await self._my_game(r, user_id, clocks.get(r.id))
                 for r in await self.gm.repo.list_games(user_id=user_id, statuses=ACTIVE)]
        awaited = sorted((g for g in games if g.waiting_for is not None),
                         key=lambda g: (g.due_at is None, g.due_at or 0.0))
        return awaited + [g for g in games if g.waiting_for is None]

    async def _my_game(self, record: GameRecord, user_id: int,
                       clock: ClockRecord | None) -> MyGame:
        table = await self.gm.table(record.id)
        seat = table.seat_of(user_id)
        engine = get_game(record.game)
        waiting_for = None
        if seat is not None and record.state and seat.seat in engine.to_act(record.state):
            seats = await self.gm.repo.get_seats(record.id)
            locale = await self.gm.settings.reader_locale(user_id, None, record.guild_id)
            prompt = said_text(engine.prompt(record.state, seat.seat),
                               reader_of(seats, locale, seat.seat))
            waiting_for = _first_line(prompt)
        place = table.thread_id or table.channel_id
        link = f"https://discord.com/channels/{table.guild_id or '@me'}/{place}"
        return MyGame(table, link, waiting_for, clock.due_at if clock else None)

    async def set_vacation(self, user_id: int, days: int) -> float | None:
        """Away for `days` (0 ends the vacation); returns when it ends. The user's clocks
        stand still from now on (not from the next pass) and their deadlines move on by the
        time away once it ends."""
        if not 0 <= days <= MAX_VACATION_DAYS:
            raise ServiceError(text("clock.bad_vacation", most=MAX_VACATION_DAYS))
        now = self.now()
        until = now + days * DAY if days else None
        await self.gm.settings.set_user(user_id, vacation_until=until)
        for clock in await self.gm.repo.clocks(user_id=user_id):
            record = await self.gm.repo.get_game(clock.game_id)
            await self._held(clock, record.status == "paused", now)
        return until

    async def _on_vacation(self, user_id: int, now: float) -> bool:
        until = (await self.gm.settings.user(user_id)).vacation_until
        return until is not None and until > now

    # -- the background pass ------------------------------------------------------------
    async def due_work(self) -> list[Notice | Update]:
        """Everything due at `now()`: reminders to post, deadlines that passed (a notice,
        or the Update of a skip or of the autopilot) for the cog to publish. Clocks of games
        that ended are dropped; held clocks (vacation, pause) stand still."""
        by_game: defaultdict[int, list[ClockRecord]] = defaultdict(list)
        for clock in await self.gm.repo.clocks():
            by_game[clock.game_id].append(clock)
        work: list[Notice | Update] = []
        for game_id, clocks in by_game.items():
            work += await self._game_work(game_id, clocks)
        return work

    async def _game_work(self, game_id: int, clocks: list[ClockRecord]) -> list[Notice | Update]:
        record = await self.gm.repo.get_game(game_id)
        if record.status not in ACTIVE:
            await self.gm.repo.clear_clocks(game_id)
            return []
        table = await self.gm.table(game_id)
        deadline = await self._deadline(game_id, record.guild_id)
        work: list[Notice | Update] = []
        for clock in clocks:
            now = self.now()
            clock = await self._held(clock, record.status == "paused", now)
            if clock.held_since is not None or clock.due_at is None:
                continue
            if now >= clock.due_at:
                found = None if clock.expired else await self._expire(table, deadline, clock)
            else:
                found = await self._remind(table, deadline, clock, now)
            if found is not None:
                work.append(found)
        return work

    async def _held(self, clock: ClockRecord, paused: bool, now: float) -> ClockRecord:
        """Starts a hold when the game is paused or the player away; ends it when neither
        holds any more, moving the due time on by the time held."""
        until = (await self.gm.settings.user(clock.user_id)).vacation_until
        away = until is not None and until > now
        if paused or away:
            changed = clock if clock.held_since is not None else replace(clock, held_since=now)
        elif clock.held_since is not None:
            end = min(now, until) if until is not None and until >= clock.held_since else now
            shift = end - clock.held_since
            changed = replace(clock, held_since=None, held_for=clock.held_for + shift,
                              due_at=None if clock.due_at is None else clock.due_at + shift)
        else:
            return clock
        if changed != clock:
            await self.gm.repo.save_clock(changed)
        return changed

    async def _remind(self, table: Table, deadline: DeadlineRecord, clock: ClockRecord,
                      now: float) -> Notice | None:
        """One reminder for all those due (after a restart several may be), never twice,
        and none that would fall at or before the start of the turn (a 12 h reminder of a
        2 h deadline)."""
        assert clock.due_at is not None
        due = [h for h in deadline.reminders if h not in clock.reminded
               and clock.started_at < clock.due_at - h * HOUR <= now]
        if not due or not await self.gm.repo.save_clock(
                replace(clock, reminded=(*clock.reminded, *due))):
            return None
        locale = await self.gm.settings.thread_locale(table.guild_id)
        line = t("clock.reminder", locale, who=f"<@{clock.user_id}>",
                 when=f"<t:{int(clock.due_at)}:R>")
        return Notice(table, line, [clock.user_id])

    async def _expire(self, table: Table, deadline: DeadlineRecord,
                      clock: ClockRecord) -> Notice | Update | None:
        """Applies the game's policy once: the clock is marked first, so a refused or
        failed act is not retried every tick."""
        if not await self.gm.repo.save_clock(replace(clock, expired=True)):
            return None
        record = await self.gm.repo.get_game(table.game_id)
        locale = await self.gm.settings.thread_locale(table.guild_id)
        name = table.seats[clock.seat].name
        engine = get_game(record.game)
        action = engine.skip_action(started_state(record), clock.seat) \
            if deadline.policy == "skip" else None
        outcome = "waited" if deadline.policy == "wait" or (
            deadline.policy == "skip" and action is None) else deadline.policy
        found: Notice | Update | None
        if outcome == "waited":
            key = "clock.expired_wait" if deadline.policy == "wait" else "clock.expired_no_skip"
            found = Notice(table, t(key, locale, who=f"<@{clock.user_id}>"), [clock.user_id])
        else:
            note = t(f"clock.expired_{outcome}", locale, name=name)
            found = await self._act_for(record, clock.seat, action, note)
        await self.gm.repo.audit(
            guild_id=record.guild_id, game_id=record.id, user_id=None, what="deadline",
            detail={"seat": clock.seat, "policy": deadline.policy, "outcome": outcome,
                    "applied": found is not None})
        return found

    async def _act_for(self, record: GameRecord, seat: int, action: Action | None,
                       note: str) -> Update | None:
        """The game master plays the seat; a refusal means the game moved on meanwhile,
        which needs no word."""
        try:
            return await self.gm.act_for(record.id, seat, expected_version=record.version,
                                         action=action, note=note)
        except ServiceError:
            return None


def _starts(clock: ClockRecord | None, seat: Seat, acted: Mapping[int, int]) -> bool:
    """A seat's clock (re)starts when it had none, when another player now holds the seat,
    or when it acted since its clock started (in this change: every earlier change that
    saw it act restarted or stopped its clock) and is awaited again."""
    return (clock is None or clock.user_id != seat.user_id
            or acted.get(seat.seat, -1) > clock.version)


def _retimed(clock: ClockRecord, hours: float) -> ClockRecord:
    due = clock.started_at + clock.held_for + hours * HOUR if hours else None
    return replace(clock, due_at=due, reminded=(), expired=False)


def _first_line(prompt: str) -> str:
    line = next((p.strip() for p in prompt.splitlines() if p.strip()), "")
    return line if len(line) <= WAITING_FOR_LIMIT else line[:WAITING_FOR_LIMIT - 1] + "…"
