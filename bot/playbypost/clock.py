"""Turn clocks: who is awaited since when, mentions once, deadlines, reminders and what
happens when a deadline passes (docs/play-by-post.md, "Clock").

`GameMaster` hands every change of a game to `plan` before storing it and stores the clock
changes it returns in the same transaction; a background task of the clock cog calls
`due_work` every tick. Every clock is stored, so a restart loses nothing: a deadline that
passed while the bot was down applies at the first pass. `now` is injectable so tests move
time instead of waiting for it.

Several bot processes may tick over one database: a pass claims the clocks it looks at
(`claim_clocks`: those no other pass holds) and saves a reminder or an expiry only while its
claim holds, so no deadline is reminded or expired twice, whichever processes tick.

A player's quiet hours (bot/playbypost/quiet.py) hold back what would reach them: the
mention of a turn that starts inside them (the thread names them instead, and the pass
mentions them when the quiet hours end), reminders, their DMs (secret lines wait in memory
until the quiet hours end), and the expiry of their deadlines (moved to the end of the quiet
hours). After each stored change the update hook `on_update` adds what the plan decided and
the state tells: a heads-up "you are next" to the player after the one now awaited (only
when every choice of the awaited seat leads to that same next seat), and the nudge to the
last seat still owing a choice in a simultaneous step.
"""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from bot.i18n import t, text
from bot.playbypost.ahead import next_seat
from bot.playbypost.quiet import QuietHours, parse_quiet
from bot.service import GameMaster
from bot.service.announce import reader_of, said_text
from bot.service.base import Step, started_state
from bot.service.models import Player, Private, Seat, ServiceError, Table, Update
from bot.service.settings import MAX_DEADLINE_HOURS, POLICIES, parse_reminders
from games.core import Action, State, get_game
from storage import GameRecord, NotFound
from storage.clock import ASKED, HELD, WINDOW, ClockChanges, ClockRecord, ClockState, DeadlineRecord

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
    text: str  # empty: the notice is DMs only
    mention: list[int]
    dms: list[tuple[int, str]] = field(default_factory=list)  # (user, text in their language)


@dataclass(frozen=True)
class Planned:
    """What `plan` decided for a change that `on_update` words once it is stored: seats
    whose mention their quiet hours hold back (with the end of those hours), the last seat
    still owing a choice, the seats whose clock started, and the users who acted."""

    version: int
    held: list[tuple[Seat, float]]
    last: Seat | None
    started: list[Seat]
    acted: set[int]


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
        # Names this process's passes in the clocks they claim.
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self._planned: dict[int, Planned] = {}  # by game: the last change planned
        # secret lines that arrived during a player's quiet hours: user -> (table, lines)
        self._held_dms: defaultdict[int, list[tuple[Table, list[str]]]] = defaultdict(list)

    # -- changes of a game: who is mentioned ---------------------------------------------
    async def plan(self, update: Update, acted: Mapping[int, int],
                   state: ClockState) -> tuple[Update, ClockChanges]:
        """The service's commit hook, run before a change is stored, from the clocks read
        with the game (`state`): clocks start for seats newly awaited (or awaited again
        after acting in this change, `acted`) and stop for the others, and the service
        stores these changes in the change's own transaction. Only the seats whose clock
        starts are mentioned, and DMed if they asked for it, unless their quiet hours hold
        the mention back. The last seat still owing a choice in a simultaneous step is
        named in the thread and DMed if it asked for DMs, but not mentioned again: a seat
        is pinged once per turn."""
        table = update.table
        if table.status not in ACTIVE:
            self._planned.pop(table.game_id, None)
            return replace(update, awaiting=[], notify_dm=[]), ClockChanges(clear=True)
        now = self.now()
        running = {c.seat: c for c in state.clocks}
        awaited = {s.seat: s for s in [*update.awaiting, *update.window]
                   if s.user_id is not None and not s.ai}
        windowed = {s.seat for s in update.window}  # named in public never: see windows.py
        # a seat a window asks gets a window's clock, whatever its turn's clock was
        new = [s for s in awaited.values() if _starts(running.get(s.seat), s, acted)
               or (s.seat in windowed and not _of_window(running.get(s.seat)))]
        # a response window interrupts the turns it opens in without ending them: their
        # clocks run on (only an earlier window's stop), so the seat it returns to is not
        # called again (a window names nobody: the thread reads as if it never opened)
        stop = tuple(seat for seat, clock in running.items() if seat not in awaited
                     and (not update.window or _of_window(clock)))
        quiet = {s.seat: until for s in new
                 if (until := await self._quiet_until(s.user_id, now)) is not None}
        changes = ClockChanges(stop=stop)
        if new:
            deadline = (state.deadline
                        or await self._default_deadline(table.game_id, table.guild_id))
            changes = ClockChanges(start=tuple([await self._start(table, s, deadline,
                                                                  s.seat in quiet,
                                                                  s.seat in windowed)
                                                if s.seat not in update.passes
                                                else await self._window_pass(table, s)
                                                for s in new]),
                                   stop=stop, deadline=None if state.deadline else deadline)
        last = None if windowed else _last_one(table, awaited, running, new, stop)
        if last is not None and await self._quiet_until(last.user_id, now) is not None:
            last = None
        asked = [s for s in new if s.seat in windowed and s.seat not in update.passes
                 and s.seat not in quiet]  # told privately, whatever `/me dm` says
        asked += [s for s in _resumed(awaited, running, new, stop, acted)
                  if await self._quiet_until(s.user_id, now) is None]
        mention = [s for s in new if s.seat not in quiet and s.seat not in windowed]
        self._planned[table.game_id] = Planned(
            table.version, [(s, quiet[s.seat]) for s in new if s.seat in quiet], last, new,
            {u for seat in acted if (u := table.seats[seat].user_id) is not None})
        dm = mention + ([last] if last else [])  # the thread names the last one, unpinged
        return (replace(update, awaiting=mention,
                        notify_dm=await self._dms(dm, table.guild_id)
                        + await self._dms(asked, table.guild_id, always=True)), changes)

    async def _window_pass(self, table: Table, seat: Seat) -> ClockRecord:
        """The clock of a response window's seat that can only pass: due when the window's
        time (the server's `window_seconds`) is up, when the game master passes for it; no
        vacation or quiet hours hold it, since nobody is asked."""
        assert seat.user_id is not None
        now = self.now()
        seconds = (await self.gm.settings.server(table.guild_id)).window_seconds
        return ClockRecord(table.game_id, seat.seat, seat.user_id, table.version, now,
                           now + seconds, reminded=(WINDOW,))

    async def _start(self, table: Table, seat: Seat, deadline: DeadlineRecord,
                     quiet: bool = False, asked: bool = False) -> ClockRecord:
        """A new clock; its deadline never falls inside the player's quiet hours, and a
        mention held back by them is marked (`HELD`) until the pass sends it; the clock of
        a seat a response window asks privately is marked `ASKED`."""
        assert seat.user_id is not None
        now = self.now()
        due = now + deadline.hours * HOUR if deadline.hours else None
        hours = await self._quiet(seat.user_id)
        if due is not None and hours is not None:
            due = hours.moved(due)
        away = await self._on_vacation(seat.user_id, now)
        return ClockRecord(table.game_id, seat.seat, seat.user_id, table.version, now, due,
                           reminded=((HELD,) if quiet else ()) + ((ASKED,) if asked else ()),
                           held_since=now if away else None)

    async def _dms(self, seats: list[Seat], guild_id: int | None,
                   always: bool = False) -> list[tuple[int, str]]:
        """(user, language) of the seats to DM: those who asked for DMs (`/me dm`), or
        every one with `always` (a response window asks its seats privately only)."""
        settings = self.gm.settings
        return [(s.user_id, await settings.reader_locale(s.user_id, None, guild_id))
                for s in seats
                if s.user_id is not None and (always or (await settings.user(s.user_id)).dm)]

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
        retimed = [_retimed(c, hours) for c in clocks]
        retimed = [replace(c, due_at=await self._out_of_quiet(c.user_id, c.due_at))
                   for c in retimed]
        await self.gm.repo.set_deadline(new, retimed=retimed)
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
        return MyGame(table, _link(table), waiting_for, clock.due_at if clock else None)

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

    # -- quiet hours ----------------------------------------------------------------------
    async def set_quiet(self, user_id: int, start: str | None, end: str | None,
                        zone: str | None) -> QuietHours | None:
        """`/me quiet`: daily quiet hours in the player's time zone; no hours at all clears
        them. Running deadlines that now fall inside them move at the next pass."""
        if not (start or "").strip() and not (end or "").strip():
            await self.gm.settings.set_user(user_id, quiet=None)
            return None
        if not (zone or "").strip():
            raise ServiceError(text("clock.quiet_needs_zone"))
        hours = parse_quiet(start or "", end or "", zone or "")
        await self.gm.settings.set_user(user_id, quiet=hours.as_stored())
        return hours

    async def set_heads_up(self, user_id: int, on: bool) -> None:
        await self.gm.settings.set_user(user_id, heads_up=on)

    async def _quiet(self, user_id: int | None) -> QuietHours | None:
        if user_id is None:
            return None
        return QuietHours.stored((await self.gm.settings.user(user_id)).quiet)

    async def _quiet_until(self, user_id: int | None, now: float) -> float | None:
        """The end of the user's quiet hours if they are in them at `now`, else None."""
        hours = await self._quiet(user_id)
        return None if hours is None else hours.until(now)

    async def _out_of_quiet(self, user_id: int, due: float | None) -> float | None:
        hours = await self._quiet(user_id)
        return due if due is None or hours is None else hours.moved(due)

    # -- the background pass ------------------------------------------------------------
    async def due_work(self) -> list[Notice | Update]:
        """Everything due at `now()`: reminders to post, deadlines that passed (a notice,
        or the Update of a skip or of the autopilot) for the cog to publish. Clocks of games
        that ended are dropped; held clocks (vacation, pause) stand still."""
        by_game: defaultdict[int, list[ClockRecord]] = defaultdict(list)
        for clock in await self.gm.repo.claim_clocks(self.now(), self.owner):
            by_game[clock.game_id].append(clock)
        work: list[Notice | Update] = []
        try:
            for game_id, clocks in by_game.items():
                work += await self._game_work(game_id, clocks)
        finally:
            await self.gm.repo.release_clocks(self.owner)
        return work + await self._released_dms()

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
            if WINDOW in clock.reminded:
                closed = await self._close_window(record, clock, now)
                work += [closed] if closed is not None else []
                continue
            clock = await self._held(clock, record.status == "paused", now, self.owner)
            quiet_until = await self._quiet_until(clock.user_id, now)
            found: Notice | Update | None = None
            if HELD in clock.reminded and quiet_until is None and record.status == "running":
                found = await self._held_mention(table, record, deadline, clock, now)
                if found is not None:
                    work.append(found)
                    clock = await self._clock(clock)
            if clock.held_since is not None or clock.due_at is None \
                    or not _owes(record, clock.seat):
                continue  # a turn a response window interrupts waits for its end
            if now >= clock.due_at and quiet_until is not None and not clock.expired:
                # a deadline does not expire inside quiet hours: it moves to their end
                await self._save(replace(clock, due_at=quiet_until))
                continue
            if now >= clock.due_at:
                found = None if clock.expired else await self._expire(table, deadline, clock)
            elif quiet_until is None:  # a reminder inside quiet hours waits for their end
                found = await self._remind(table, record, deadline, clock, now)
            else:
                found = None
            if found is not None:
                work.append(found)
        return work

    async def _held_mention(self, table: Table, record: GameRecord, deadline: DeadlineRecord,
                            clock: ClockRecord, now: float) -> Notice | None:
        """The mention a turn that began in the player's quiet hours did not get, once they
        are over (and the DM, if they asked for one). It stands for the reminders that fell
        due meanwhile, so they are marked sent with it."""
        reminded = tuple(h for h in clock.reminded if h != HELD)
        if clock.due_at is not None:
            reminded += tuple(h for h in deadline.reminders
                              if h not in reminded and clock.due_at - h * HOUR <= now)
        if not await self._save(replace(clock, reminded=reminded)):
            return None
        locale = await self.gm.settings.thread_locale(table.guild_id)
        owed = await self._owed(record, clock.seat, locale) or "-"
        who = f"<@{clock.user_id}>"
        line = (t("clock.quiet_turn", locale, who=who, owed=owed) if clock.due_at is None
                else t("clock.quiet_turn_due", locale, who=who, owed=owed,
                       when=f"<t:{int(clock.due_at)}:R>"))
        dms = []
        if (await self.gm.settings.user(clock.user_id)).dm:
            own = await self.gm.settings.reader_locale(clock.user_id, None, table.guild_id)
            dms.append((clock.user_id, t("turns.dm_your_turn", own, title=table.title,
                                         game=table.game_id, link=_link(table))))
        return Notice(table, line, [clock.user_id], dms)

    async def _clock(self, clock: ClockRecord) -> ClockRecord:
        """The clock as stored now (after a save)."""
        found = [c for c in await self.gm.repo.clocks(game_id=clock.game_id)
                 if c.seat == clock.seat]
        return found[0] if found else clock

    async def _released_dms(self) -> list[Notice | Update]:
        """Secret lines held during quiet hours, sent once they are over."""
        now, released = self.now(), list[Notice | Update]()
        for user_id in list(self._held_dms):
            if await self._quiet_until(user_id, now) is not None:
                continue
            for table, lines in self._held_dms.pop(user_id):
                locale = await self.gm.settings.reader_locale(user_id, None, table.guild_id)
                head = t("turns.dm_head", locale, title=table.title, game=table.game_id)
                released.append(Notice(table, "", [], [(user_id, "\n".join([head, *lines]))]))
        return released

    async def _owed(self, record: GameRecord, seat: int, locale: str) -> str:
        """What the seat can still do now, in the engine's words (its prompt), as the
        reminder quotes it; empty when the engine has nothing to say."""
        if record.state is None:
            return ""
        seats = await self.gm.repo.get_seats(record.id)
        prompt = get_game(record.game).prompt(record.state, seat)
        return _first_line(said_text(prompt, reader_of(seats, locale, seat)))

    async def _save(self, clock: ClockRecord) -> bool:
        """A pass's save: only while the pass still holds the clock (should its claim have
        run out, another pass took the clock over and does the work)."""
        return await self.gm.repo.save_clock(clock, claimed_by=self.owner)

    async def _held(self, clock: ClockRecord, paused: bool, now: float,
                    claimed_by: str | None = None) -> ClockRecord:
        """Starts a hold when the game is paused or the player away; ends it when neither
        holds any more, moving the due time on by the time held. A pass saves it under its
        claim (`claimed_by`)."""
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
            await self.gm.repo.save_clock(changed, claimed_by=claimed_by)
        return changed

    async def _close_window(self, record: GameRecord, clock: ClockRecord,
                            now: float) -> Update | None:
        """A response window's time is up for a seat that could only pass: the game master
        passes for it (and the seats after it that can only pass, `close_window`), once; a
        paused game waits, and a game that moved on meanwhile needs no word."""
        if record.status != "running" or clock.expired or clock.due_at is None \
                or now < clock.due_at or not await self._save(replace(clock, expired=True)):
            return None
        try:
            return await self.gm.close_window(record.id, clock.seat,
                                              expected_version=record.version)
        except ServiceError:
            return None

    async def _remind(self, table: Table, record: GameRecord, deadline: DeadlineRecord,
                      clock: ClockRecord, now: float) -> Notice | None:
        """One reminder for all those due (after a restart several may be), never twice,
        and none that would fall at or before the start of the turn (a 12 h reminder of a
        2 h deadline). It says what the seat still owes, in the engine's words."""
        assert clock.due_at is not None
        due = [h for h in deadline.reminders if h not in clock.reminded
               and clock.started_at < clock.due_at - h * HOUR <= now]
        if not due or not await self._save(replace(clock, reminded=(*clock.reminded, *due))):
            return None
        locale = await self.gm.settings.thread_locale(table.guild_id)
        owed = await self._owed(record, clock.seat, locale)
        line = t("clock.reminder_owed" if owed else "clock.reminder", locale,
                 who=f"<@{clock.user_id}>", when=f"<t:{int(clock.due_at)}:R>", owed=owed)
        return Notice(table, line, [clock.user_id])

    async def _expire(self, table: Table, deadline: DeadlineRecord,
                      clock: ClockRecord) -> Notice | Update | None:
        """Applies the game's policy once: the clock is marked first, so a refused or
        failed act is not retried every tick."""
        if not await self._save(replace(clock, expired=True)):
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

    # -- after a change is stored: what the plan decided, worded ---------------------------
    async def on_update(self, update: Update, steps: Sequence[Step] = ()) -> Update:
        """An update hook: names the seats whose mention quiet hours hold back, tells who
        is the last one awaited, holds back DMs of players in their quiet hours and gives
        the heads-up "you are next" to those who asked for it."""
        table = update.table
        planned = self._planned.pop(table.game_id, None)
        if planned is not None and planned.version != table.version:
            planned = None
        private = await self._hold_quiet(update, planned.acted if planned else set())
        if planned is None:
            return replace(update, private=private)
        locale = await self.gm.settings.thread_locale(table.guild_id)
        public = list(update.public)
        public += [t("clock.quiet_held", locale, name=seat.name, when=f"<t:{int(until)}:t>")
                   for seat, until in planned.held]
        if planned.last is not None:
            public.append(t("clock.last_one", locale, name=planned.last.name))
        private += await self._heads_up(table, planned, steps)
        return replace(update, public=public, private=private)

    async def _hold_quiet(self, update: Update, acted: set[int]) -> list[Private]:
        """The secret lines of players in their quiet hours wait (in memory) for their end;
        those who acted in this change read theirs in their own answer."""
        now, sent = self.now(), []
        for private in update.private:
            if (private.user_id not in acted
                    and await self._quiet_until(private.user_id, now) is not None):
                self._held_dms[private.user_id].append((update.table, private.lines))
            else:
                sent.append(private)
        return sent

    async def _heads_up(self, table: Table, planned: Planned,
                        steps: Sequence[Step]) -> list[Private]:
        """"You are next" for the player after the seat now awaited alone, when they asked
        for it, are not in their quiet hours and did not just act: only when every choice
        of the awaited seat leads to that next seat (bot/playbypost/ahead.py)."""
        if len(planned.started) != 1 or table.status != "running":
            return []
        awaited = planned.started[0]
        now = self.now()
        wanting = {s.seat: s for s in table.seats
                   if s.user_id is not None and not s.ai and s.user_id != awaited.user_id
                   and s.user_id not in planned.acted
                   and (await self.gm.settings.user(s.user_id)).heads_up
                   and await self._quiet_until(s.user_id, now) is None}
        if not wanting:
            return []
        state = await self._state(table.game_id, steps)
        engine = get_game(table.game)
        if state is None or engine.to_act(state) != {awaited.seat}:
            return []
        ahead = next_seat(engine, state, awaited.seat)
        if ahead is None or ahead.seat not in wanting:
            return []
        user_id = wanting[ahead.seat].user_id
        assert user_id is not None
        locale = await self.gm.settings.reader_locale(user_id, None, table.guild_id)
        key = "clock.heads_up_unless" if ahead.unless else "clock.heads_up"
        return [Private(user_id, [t(key, locale, name=awaited.name)])]

    async def _state(self, game_id: int, steps: Sequence[Step]) -> State | None:
        if steps:
            return steps[-1][2]
        return (await self.gm.repo.get_game(game_id)).state


def _last_one(table: Table, awaited: Mapping[int, Seat], running: Mapping[int, ClockRecord],
              new: list[Seat], stop: tuple[int, ...]) -> Seat | None:
    """The one seat still owing a choice of a step others owed with it and answered: it
    was awaited before this change and still is (its clock runs on), and the clocks of the
    others stopped now. This happens once per step."""
    if table.status != "running" or len(awaited) != 1 or new or not stop:
        return None
    if any(_of_window(running.get(s)) for s in stop):
        return None  # a window closed: the seat it returns to was not owed with it
    [seat] = awaited.values()
    return seat if seat.seat in running else None


def _link(table: Table) -> str:
    place = table.thread_id or table.channel_id
    return f"https://discord.com/channels/{table.guild_id or '@me'}/{place}"


def _resumed(awaited: Mapping[int, Seat], running: Mapping[int, ClockRecord],
             new: list[Seat], stop: tuple[int, ...], acted: Mapping[int, int]) -> list[Seat]:
    """The seats whose turn a response window interrupted and that owe it again now that
    the window closed (the window's clocks stop, theirs ran on): not called in public (the
    window never named anyone), they are told privately that it is their turn again."""
    if not any(_of_window(running.get(s)) for s in stop):
        return []
    started = {s.seat for s in new}
    return [s for seat, s in awaited.items() if seat not in started and seat not in acted
            and seat in running and not _of_window(running[seat])]


def _of_window(clock: ClockRecord | None) -> bool:
    """Whether a clock is a response window's (a seat asked privately, or one that can only
    pass), not a turn's."""
    return clock is not None and bool({WINDOW, ASKED} & set(clock.reminded))


def _owes(record: GameRecord, seat: int) -> bool:
    """Whether the seat owes a decision now: a seat whose turn a response window interrupted
    keeps its clock (see `plan`), but is neither reminded nor timed out meanwhile."""
    return record.state is None or seat in get_game(record.game).to_act(record.state)


def _starts(clock: ClockRecord | None, seat: Seat, acted: Mapping[int, int]) -> bool:
    """A seat's clock (re)starts when it had none, when another player now holds the seat,
    or when it acted since its clock started (in this change: every earlier change that
    saw it act restarted or stopped its clock) and is awaited again."""
    return (clock is None or clock.user_id != seat.user_id
            or acted.get(seat.seat, -1) > clock.version)


def _retimed(clock: ClockRecord, hours: float) -> ClockRecord:
    """A new deadline: reminders may go out again; a mention still held back stays so."""
    due = clock.started_at + clock.held_for + hours * HOUR if hours else None
    return replace(clock, due_at=due, reminded=tuple(h for h in clock.reminded
                                                     if h in (HELD, ASKED)),
                   expired=False)


def _first_line(prompt: str) -> str:
    line = next((p.strip() for p in prompt.splitlines() if p.strip()), "")
    return line if len(line) <= WAITING_FOR_LIMIT else line[:WAITING_FOR_LIMIT - 1] + "…"
