"""Undo: a moderator takes back the last player action at once; a player takes back their own
last action (and the AI actions after it) at once when no other human acted since, else a
vote asks every affected player, whose actions would be taken back too.

A vote is stored (it survives a restart) with the game version it was opened at: any change
of the game since makes it stale, so a late click never takes back moves made after it. The
database keeps votes straight across processes: one open vote per game version (a unique
index), and each ballot is a compare-and-set on the vote as it was read, so two ballots at
once never count from the same reading (the later one is told to try again).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.i18n import Text, text
from bot.service.base import GameBase, require_moderator, seat_of
from bot.service.models import Player, ServiceError, Update
from storage import (
    ActionRecord,
    LoadedGame,
    NewAudit,
    NotFound,
    SeatRecord,
    StaleVersion,
    StorageError,
)
from storage.tables import UndoVoteRecord


@dataclass(frozen=True)
class UndoVote:
    """A vote as its public message shows it: who asked, who must approve, who did."""

    vote_id: int
    game_id: int
    status: str  # open | passed | rejected | stale
    requested_by: str
    affected: list[tuple[int, str]]  # (user id, name) of each player who must approve
    approved: list[int]
    rejected_by: str | None = None

    @property
    def waiting(self) -> list[int]:
        return [user for user, _ in self.affected if user not in self.approved]

    def describe(self) -> Text:
        """The vote's public message, in whatever language the thread speaks."""
        names = tuple(name for _, name in self.affected)
        if self.status == "passed":
            return text("tables.vote_passed", names=names)
        if self.status == "rejected":
            return text("tables.vote_rejected", name=self.rejected_by or "?",
                        by=self.requested_by)
        approved = tuple(name for user, name in self.affected if user in self.approved)
        return text("tables.vote_open", by=self.requested_by, names=names,
                    approved=approved or "-")


@dataclass(frozen=True)
class UndoOutcome:
    """What an undo request or a ballot led to: the Update when moves were taken back, and
    the vote as it stands when there is one."""

    update: Update | None = None
    vote: UndoVote | None = None


class UndoMixin(GameBase):
    async def undo_point(self, game_id: int) -> int:
        """The version an undo asked for now takes back from. The cog reads it as the
        request arrives, so undos sent at once all name the same version and only the first
        applies: a second never takes back a move its sender did not see."""
        return (await self._record(game_id)).version

    async def undo(self, game_id: int, by: Player, seen: int | None = None) -> Update:
        """A moderator takes back the last human action and the AI decisions after it, of
        the game as it was at version `seen` (the database refuses a stale writer)."""
        require_moderator(by)
        async with self._changing(game_id):
            loaded = await self._running_game(game_id)
            _check_seen(loaded.record.version, seen)
            seats = loaded.seats
            actions = await self.repo.actions(game_id)
            last = max((i for i, a in enumerate(actions) if a.user_id is not None),
                       default=None)
            if last is None:
                raise ServiceError(text("tables.undo_nothing_yet"))
            line = text("tables.undo_by_moderator", by=by.name,
                        taken=seats[actions[last].seat].name)
            return await self._take_back(loaded, actions, last, by, "undo", line)

    async def request_undo(self, game_id: int, player: Player,
                           seen: int | None = None) -> UndoOutcome:
        """A player's own last action (of the game at version `seen`, as for `undo`): at
        once, or by a vote of the affected players."""
        async with self._changing(game_id):
            loaded = await self._running_game(game_id)
            record, seats = loaded.record, loaded.seats
            _check_seen(record.version, seen)
            if seat_of(seats, player) is None:
                raise ServiceError(text("tables.not_seated"))
            actions = await self.repo.actions(game_id)
            last = max((i for i, a in enumerate(actions) if a.user_id == player.user_id),
                       default=None)
            if last is None:
                raise ServiceError(text("tables.undo_nothing_yours"))
            affected = _affected(actions[last:], seats, player)
            if affected == [player.user_id]:
                line = text("tables.undo_own", name=player.name)
                update = await self._take_back(loaded, actions, last, player, "undo_own",
                                               line)
                return UndoOutcome(update=update)
            if any(v.version == record.version for v in await self.repo.undo_votes(game_id)):
                raise ServiceError(text("tables.vote_already_open"))
            try:
                vote = await self.repo.open_undo_vote(
                    game_id, requested_by=player.user_id, keep=last, version=record.version,
                    affected=affected, approved=[player.user_id])
            except StorageError:  # opened by another process since the check above
                raise ServiceError(text("tables.vote_already_open")) from None
            await self._audit(game_id, player, "undo_vote", {"vote": vote.id, "keep": last,
                                                             "affected": affected})
            return UndoOutcome(vote=_vote_view(vote, seats))

    async def vote_undo(self, vote_id: int, player: Player, approve: bool) -> UndoOutcome:
        """An affected player's ballot: every approval takes the moves back, one rejection
        ends the vote; a vote the game moved past is stale and changes nothing."""
        game_id = (await self._vote(vote_id)).game_id
        async with self._changing(game_id):
            vote = await self._vote(vote_id)
            if vote.status != "open":
                raise ServiceError(text("tables.vote_closed"))
            loaded = await self._load(game_id)
            record, seats = loaded.record, loaded.seats
            if record.version != vote.version or record.status != "running":
                await self.repo.set_undo_vote(vote_id, approved=vote.approved, status="stale",
                                              was=vote)
                raise ServiceError(text("tables.vote_stale"))
            if player.user_id not in vote.affected:
                names = tuple(name for _, name in _vote_view(vote, seats).affected)
                raise ServiceError(text("tables.vote_not_affected", names=names))
            return await self._ballot(loaded, vote, player, approve)

    async def _ballot(self, loaded: LoadedGame, vote: UndoVoteRecord, player: Player,
                      approve: bool) -> UndoOutcome:
        record, seats = loaded.record, loaded.seats
        if not approve:
            vote = await self.repo.set_undo_vote(vote.id, approved=vote.approved,
                                                 status="rejected", was=vote)
            await self._audit(record.id, player, "undo_reject", {"vote": vote.id})
            return UndoOutcome(vote=_vote_view(vote, seats, rejected_by=player.name))
        approved = sorted({*vote.approved, player.user_id})
        status = "passed" if set(approved) >= set(vote.affected) else "open"
        vote = await self.repo.set_undo_vote(vote.id, approved=approved, status=status,
                                             was=vote)
        await self._audit(record.id, player, "undo_approve", {"vote": vote.id})
        if status == "open":
            return UndoOutcome(vote=_vote_view(vote, seats))
        view = _vote_view(vote, seats)
        line = text("tables.vote_passed", names=tuple(name for _, name in view.affected))
        try:
            update = await self._take_back(loaded, await self.repo.actions(record.id),
                                           vote.keep, player, "undo_passed", line)
        except StaleVersion:  # the game moved on (in another process) since it was read
            await self.repo.set_undo_vote(vote.id, approved=approved, status="stale")
            raise ServiceError(text("tables.vote_stale")) from None
        return UndoOutcome(update=update, vote=view)

    async def _vote(self, vote_id: int) -> UndoVoteRecord:
        try:
            return await self.repo.undo_vote(vote_id)
        except NotFound:
            raise ServiceError(text("tables.vote_unknown")) from None

    async def _take_back(self, loaded: LoadedGame, actions: list[ActionRecord], keep: int,
                         by: Player, what: str, line: Text) -> Update:
        """Every live action after the first `keep` is taken back (kept, flagged undone)."""
        record, seats = loaded.record, loaded.seats
        state = self._replayed(record, seats, actions[:keep])
        after = replace(record, version=record.version + 1, state=state)
        update, clocks = await self._plan(after, seats, {}, loaded.clocks)
        audit = NewAudit(by.user_id, what, {"action": actions[keep].action,
                                            "undone": len(actions) - keep})
        await self.repo.undo_actions(record.id, keep=keep, state=state,
                                     expected_version=record.version, clocks=clocks,
                                     audit=audit)
        return await self._announce(update, after, seats, record.state, [], extra=[line],
                                    force_board=True)


def _check_seen(version: int, seen: int | None) -> None:
    """An undo applies to the game its sender saw: once it changed (another undo of the same
    move, most often), nothing more is taken back."""
    if seen is not None and version != seen:
        raise ServiceError(text("tables.undo_already"))


def _affected(undone: list[ActionRecord], seats: list[SeatRecord], by: Player) -> list[int]:
    """The requester, then every other seated human whose action would be taken back."""
    seated = {s.user_id for s in seats if s.user_id is not None and not s.ai}
    others = sorted({a.user_id for a in undone if a.user_id in seated} - {by.user_id})
    return [by.user_id, *others]


def _vote_view(vote: UndoVoteRecord, seats: list[SeatRecord],
               rejected_by: str | None = None) -> UndoVote:
    names = {s.user_id: s.name for s in seats if s.user_id is not None}
    return UndoVote(vote.id, vote.game_id, vote.status,
                    names.get(vote.requested_by, "?"),
                    [(user, names.get(user, "?")) for user in vote.affected],
                    list(vote.approved), rejected_by)
