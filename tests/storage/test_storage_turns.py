"""A turn (`commit_turn`): a human action with the AI actions after it, new seats, the clock
changes and the audit entry of one change, all in one transaction or not at all; and the
read every action starts from (`load_game`)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Event
from games.core.messages import Seat, msg
from storage import (
    DuplicateInteraction,
    NewAction,
    NewAudit,
    NotFound,
    Repository,
    SeatRecord,
    StaleVersion,
    StorageError,
    Turn,
)
from storage.clock import ClockChanges, ClockRecord, ClockState, DeadlineRecord
from tests.storage.storage_helpers import (
    SEATS,
    add,
    events_for,
    new_game,
    play,
    replay,
    started_game,
)


def acts(*amounts: int, first_seat: int = 0, interaction: str | None = None) -> list[NewAction]:
    """`add n` for each amount, by seats in turn; the first carries `interaction`."""
    return [NewAction((first_seat + i) % 3, 101 if i == 0 else None, add(n),
                      events_for(n, (first_seat + i) % 3), interaction if i == 0 else None)
            for i, n in enumerate(amounts)]


def clock(game_id: int, seat: int, version: int, user_id: int = 101) -> ClockRecord:
    return ClockRecord(game_id, seat, user_id, version, started_at=1000.0 + seat, due_at=None)


async def everything(repo: Repository, game_id: int) -> tuple:
    """All a turn may touch, to prove a refused turn changed nothing."""
    return (await repo.load_game(game_id), await repo.actions(game_id, include_undone=True),
            await repo.events(game_id, viewer_seat=0), await repo.audit_log(game_id=game_id))


async def clocks_of(repo: Repository, game_id: int) -> ClockState:
    return (await repo.load_game(game_id)).clocks


async def test_a_turn_of_several_actions_keeps_a_version_per_action(
        repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await play(repo, game_id, version, [5])
    turn = Turn(version, replay([add(5), add(1), add(2), add(3)]),
                acts(1, 2, 3, first_seat=1, interaction="click"))
    assert await repo.commit_turn(game_id, turn) == turn.version == version + 3
    actions = await repo.actions(game_id)
    assert [(a.seq, a.version, a.seat, a.user_id, a.interaction_id) for a in actions] == [
        (1, version, 0, 101, None), (2, version + 1, 1, 101, "click"),
        (3, version + 2, 2, None, None), (4, version + 3, 0, None, None)]
    seat_two = await repo.events(game_id, viewer_seat=2)
    assert [(e.text, e.version) for e in seat_two] == [
        ("added 5", version), ("added 1", version + 1), ("added 2", version + 2),
        ("secret 2", version + 2), ("added 3", version + 3)]
    assert [e.seq for e in await repo.events(game_id, viewer_seat=0)] == [1, 2, 3, 5, 7, 8]
    record = (await repo.load_game(game_id)).record
    assert (record.version, record.state) == (version + 3, replay([a.action for a in actions]))


async def test_a_turn_with_seats_starts_the_game_with_the_ai_moves(
        repo: Repository) -> None:
    game_id = await new_game(repo)
    turn = Turn(0, replay([add(4)]), acts(4, first_seat=2), seats=SEATS, status="running",
                audit=NewAudit(101, "start", {"by": "Liu Bei"}))
    assert await repo.commit_turn(game_id, turn) == 2  # one for the seats, one for the move
    loaded = await repo.load_game(game_id)
    assert (loaded.record.status, loaded.record.version, loaded.seats) == ("running", 2, SEATS)
    assert [(a.version, a.seat) for a in await repo.actions(game_id)] == [(2, 2)]
    [entry] = await repo.audit_log(game_id=game_id)
    assert (entry.guild_id, entry.user_id, entry.what, entry.detail) == (
        1, 101, "start", {"by": "Liu Bei"})


async def test_a_turn_writes_its_clock_changes(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    kept = DeadlineRecord(game_id, 24.0, "skip", (1.0,))
    first = Turn(version, replay([add(1)]), acts(1),
                 clocks=ClockChanges(start=(clock(game_id, 0, 2), clock(game_id, 1, 2, 102)),
                                     deadline=kept))
    version = await repo.commit_turn(game_id, first)
    assert await clocks_of(repo, game_id) == ClockState(
        (clock(game_id, 0, 2), clock(game_id, 1, 2, 102)), kept)
    # A later turn restarts seat 0, stops seat 1 and leaves the deadline the game kept.
    later = Turn(version, replay([add(1), add(2)]), acts(2),
                 clocks=ClockChanges(start=(clock(game_id, 0, 3),), stop=(1,),
                                     deadline=DeadlineRecord(game_id, 1.0, "wait", ())))
    await repo.commit_turn(game_id, later)
    assert await clocks_of(repo, game_id) == ClockState((clock(game_id, 0, 3),), kept)
    game_over = Turn(version + 1, replay([add(1), add(2), add(3)]), acts(3), status="finished",
                     result={"winners": [0]}, clocks=ClockChanges(clear=True))
    await repo.commit_turn(game_id, game_over)
    assert await clocks_of(repo, game_id) == ClockState((), kept)
    assert (await repo.get_game(game_id)).status == "finished"


async def test_a_refused_turn_writes_nothing_at_all(repo: Repository) -> None:
    game_id, version = await started_game(repo)
    version = await repo.commit_turn(game_id, Turn(
        version, replay([add(1)]), acts(1, interaction="click"),
        clocks=ClockChanges(start=(clock(game_id, 0, 2),))))
    before = await everything(repo, game_id)

    def refused(expected: int, actions: list[NewAction]) -> Turn:
        """A turn that writes everything a turn can, were it accepted."""
        return Turn(expected, {"bad": 1}, actions, seats=[SeatRecord(0, 999, "Someone", None)],
                    clocks=ClockChanges(clear=True), audit=NewAudit(101, "x", {}))

    with pytest.raises(StaleVersion):
        await repo.commit_turn(game_id, refused(version - 1, acts(2)))
    with pytest.raises(DuplicateInteraction):  # a repeat, even behind AI moves, is refused
        await repo.commit_turn(game_id, refused(version, acts(2, 3, interaction="click")))
    with pytest.raises(StorageError, match="constraint"):  # the same click twice in one turn
        await repo.commit_turn(game_id, refused(version, [*acts(2, interaction="twice"),
                                                          *acts(3, interaction="twice")]))
    with pytest.raises(NotFound):
        await repo.commit_turn(game_id + 1, Turn(0, {"bad": 1}, acts(2)))
    with pytest.raises(ValueError):
        await repo.commit_turn(game_id, Turn(version, {"bad": 1}))
    assert await everything(repo, game_id) == before


async def test_load_game_reads_the_record_its_seats_and_its_clocks(
        repo: Repository) -> None:
    game_id = await new_game(repo)
    loaded = await repo.load_game(game_id)
    assert (loaded.record.status, loaded.record.state, loaded.seats, loaded.clocks) == (
        "open", None, [], ClockState())
    shuffled = [SEATS[2], SEATS[0], SEATS[1]]
    await repo.set_seats(game_id, shuffled, expected_version=0)
    loaded = await repo.load_game(game_id)
    assert (loaded.record, loaded.seats) == (await repo.get_game(game_id), SEATS)
    deadline = DeadlineRecord(game_id, 2.0, "wait", ())
    await repo.set_deadline(deadline)
    assert (await repo.load_game(game_id)).clocks == ClockState((), deadline)
    with pytest.raises(NotFound):
        await repo.load_game(game_id + 1)


async def test_the_opening_is_stored_with_the_start_and_reads_first(
        repo: Repository) -> None:
    """What the setup told belongs to no action: it reads before every action's events, each
    secret line only for its seats, and an undo never takes it back."""
    game_id = await new_game(repo)
    opening: list[dict[str, Any]] = [
        {"text": "The deck is shuffled.", "seats": None, "kind": "chance"},
        {"text": "You draw 3.", "seats": [1], "kind": "log"}]
    version = await repo.commit_turn(game_id, Turn(0, replay([]), seats=SEATS,
                                                   status="running", opening=opening))
    version = await play(repo, game_id, version, [5])
    public = await repo.events(game_id)
    assert [(e.text, e.version, e.kind) for e in public] == [
        ("The deck is shuffled.", 0, "chance"), ("added 5", version, "log")]
    assert public[0].seq < 0 < public[1].seq
    assert "You draw 3." in [e.text for e in await repo.events(game_id, viewer_seat=1)]
    assert "You draw 3." not in [e.text for e in await repo.events(game_id, viewer_seat=0)]
    assert [e.text for e in await repo.events(game_id, limit=1)] == ["added 5"]
    await repo.undo_actions(game_id, keep=0, state=replay([]), expected_version=version)
    assert [e.text for e in await repo.events(game_id)] == ["The deck is shuffled."]


async def test_an_event_s_message_is_stored_and_read_back_as_it_was(
        repo: Repository) -> None:
    """Events say messages (games/core/messages.py); older rows hold plain sentences."""
    game_id, version = await started_game(repo)
    said = msg("engine.roll", who=Seat(1), dice=2, sides=6,
               result=msg("engine.dice", faces="1+2", total=3))
    events = [Event(said).to_json(), Event("An older sentence.", seats=(0,)).to_json(),
              Event(msg("engine.your_turn"), seats=(1,)).to_json()]
    turn = Turn(version, replay([add(1)]), [NewAction(0, 101, add(1), events)])
    await repo.commit_turn(game_id, turn)
    stored = (await repo.events(game_id, viewer_seat=0))[-2:]
    assert [Event.from_json({"text": e.text, "seats": e.seats}) for e in stored] == [
        Event(said), Event("An older sentence.", seats=(0,))]
