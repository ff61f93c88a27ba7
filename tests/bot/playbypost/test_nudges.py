"""The heads-up "you are next" (only where every choice of the awaited seat leads to the same
next seat, only to those who asked for it) and the nudge to the last seat of a simultaneous
step (issue 19, item 8)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import App
from bot.playbypost.ahead import certain_next, next_seat
from bot.service.models import Update
from games.core import Action, Event, Game, Result, State
from games.core.chance import roll
from games.core.rng import Rng
from tests.bot.playbypost.test_clock import (
    ALICE,
    BOB,
    CARA,
    PLAYERS,
    RECORD,
    FakeTime,
    mentioned,
    move,
    table,
    until,
)


class Ring(Game):
    """Seats play in turn; `stay` keeps the turn, `end` passes it on, `jump N` gives it to
    seat N, `roll` passes it to a seat a die chooses."""

    name, title, min_players, max_players = "ring", "Ring", 2, 4

    def __init__(self, moves: tuple[str, ...], hand: tuple[str, ...] = ()) -> None:
        self.moves, self.hand = moves, hand  # `play <card>`: a card of the hand, secret

    def begin(self, seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        return {"seats": seats, "turn": 0, "stays": 0, "rng": Rng.from_seed(seed).state}, []

    def to_act(self, state: State) -> set[int]:
        return {state["turn"]}

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        moves = [m for m in self.moves if m != "stay" or state["stays"] < 2]
        return [Action.parse(m) for m in moves] + [Action("play", (c,)) for c in self.hand]

    def secrets(self, state: State) -> dict[int, set[str]]:
        return {seat: set(self.hand) for seat in range(state["seats"])}

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == "stay":
            state["stays"] += 1
            return events
        state["stays"] = 0
        if action.kind == "jump":
            state["turn"] = int(action.args[0])
        elif action.kind == "play":  # every card of the hand gives the turn to the last seat
            state["turn"] = state["seats"] - 1
        elif action.kind == "roll":
            rolled = roll(state, 1, state["seats"], who="someone", why="the turn")
            events.append(rolled.event)
            state["turn"] = rolled.total - 1
        else:
            state["turn"] = (seat + 1) % state["seats"]
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def result(self, state: State) -> Result | None:
        return None

    def phase(self, state: State) -> str:
        return "play"

    def summary(self, view: dict[str, Any]) -> str:
        return ""


def test_the_next_seat_is_certain_only_when_every_choice_leads_to_it():
    state, _ = Ring(("end",)).begin(3, {}, 1)
    assert certain_next(Ring(("end",)), state, 0) == 1
    assert certain_next(Ring(("stay", "end")), state, 0) == 1  # a turn of several steps
    assert certain_next(Ring(("end", "jump 1")), state, 0) == 1
    assert certain_next(Ring(("end", "jump 2")), state, 0) is None  # the seat decides
    assert certain_next(Ring(("end", "roll")), state, 0) is None  # chance decides
    assert certain_next(Ring(("stay", "end")), state, 0, budget=2) is None  # too many tries


def test_whether_a_heads_up_comes_tells_nothing_of_the_awaited_seats_hand():
    """Seat 0's card would give the turn to seat 2: were it tried, seat 1 would get a
    heads-up only when seat 0 holds no such card, and so learn its hand."""
    state, _ = Ring(("end",)).begin(3, {}, 1)
    empty, holding = Ring(("end",)), Ring(("end",), hand=("card:7",))
    without, held = next_seat(empty, state, 0), next_seat(holding, state, 0)
    assert without is not None and held is not None
    assert without.seat == held.seat == 1
    assert held.unless and not without.unless  # the heads-up says a card may change it
    only_cards = Ring((), hand=("card:7",))
    assert certain_next(only_cards, state, 0) is None  # nothing open to try: no heads-up


@pytest.fixture
def now(app: App) -> FakeTime:
    fake = FakeTime()
    app.clock.now = fake
    return fake


def heads_up(update: Update) -> dict[int, list[str]]:
    return {p.user_id: [line for line in p.lines if "you are next" in line]
            for p in update.private if any("you are next" in line for line in p.lines)}


async def test_the_player_after_the_awaited_one_gets_a_heads_up_when_they_asked(app, now):
    for player in (ALICE, BOB, CARA):
        await app.clock.set_heads_up(player.user_id, True)
    await app.clock.set_heads_up(CARA.user_id, False)
    game_id, _ = await table(app, ALICE, BOB, CARA)
    told = checked = 0
    for _ in range(150):
        before = (await app.gm.repo.get_game(game_id)).state
        mover = min(RECORD.to_act(before))
        update = await move(app, game_id)
        state = (await app.gm.repo.get_game(game_id)).state
        due = RECORD.to_act(state)
        expected: dict[int, list[str]] = {}
        if len(due) == 1 and len(update.awaiting) == 1 and update.awaiting[0].seat in due:
            awaited = update.awaiting[0]
            ahead = next_seat(RECORD, state, awaited.seat)
            checked += 1
            if ahead is not None and ahead.seat != mover:
                user = update.table.seats[ahead.seat].user_id
                assert user is not None
                unless = ", unless they play a card that changes the order" * ahead.unless
                if user != CARA.user_id:
                    expected = {user: [f"Heads-up: you are next, after {awaited.name}"
                                       f"{unless}."]}
        assert heads_up(update) == expected
        told += bool(expected)
        if told >= 2:
            break
    assert told >= 2, f"no certain next seat in {checked} turns"


async def test_nobody_gets_a_heads_up_by_default(app, now):
    game_id, _ = await table(app, ALICE, BOB, CARA)
    for _ in range(60):
        assert heads_up(await move(app, game_id)) == {}


async def test_the_last_one_is_named_once_with_a_dm_but_no_second_ping_and_never_in_quiet_hours(
        app, now):
    await app.gm.settings.set_user(CARA.user_id, dm=True)
    game_id, _ = await table(app, ALICE, BOB, CARA)
    draft = await until(app, game_id, lambda s: RECORD.phase(s).endswith("draft"))
    assert mentioned(draft) == ["Alice", "Bob", "Cara"]
    await move(app, game_id, 0)
    last = await move(app, game_id, 1)
    assert mentioned(last) == [] and last.notify_dm == [(CARA.user_id, "en")]
    assert last.public[-1] == "⏳ Everyone else has chosen: the table waits for Cara alone."
    # the next pick of the draft: everyone owes it again; this time Cara is quiet
    await move(app, game_id, 2)
    await app.clock.set_quiet(CARA.user_id, "22", "8", "UTC")
    await move(app, game_id, 0)
    quiet = await move(app, game_id, 1)
    assert mentioned(quiet) == [] and quiet.notify_dm == []
    assert not any("waits for Cara alone" in line for line in quiet.public)
    assert PLAYERS[CARA.user_id] == CARA
