"""AI seats at the service: their decisions are thought over off the event loop (an AI pool)
without delaying another table, stored only at the version they follow; a table chooses and
changes a seat's level, and every refusal changes nothing.

The slow AI is a test double registered as the `search` level for the test: it waits for the
test to let it decide (at most `PATIENCE` seconds), so the order of what happened shows
whether anything was answered while it thought; no timing is asserted."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.app import build_app
from bot.discord.thinkers import think_pool
from bot.i18n import Text
from bot.service import GameMaster, ai
from bot.service.models import Player, ServiceError
from games.core import Action, Game, HeuristicAgent, State, get_game
from games.core.agents import AGENTS
from storage import SqliteRepository

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
MOD = Player(99, "Mod", is_moderator=True)
PATIENCE = 20.0  # seconds the slow AI waits to be let go before it decides anyway


class Thinking:
    """What the slow AI and the test did, in order, and the gate that lets the AI decide."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self.started = threading.Event()
        self.go = threading.Event()


@pytest.fixture
def thinking(monkeypatch: pytest.MonkeyPatch) -> Thinking:
    """Registers the slow AI as the `search` level while the test runs."""
    seen = Thinking()

    class SlowAgent(HeuristicAgent):
        name = "search"

        def choose(self, game: Game, state: State, seat: int) -> Action:
            seen.log.append("the AI thinks")
            seen.started.set()
            seen.go.wait(PATIENCE)
            seen.log.append("the AI decided")
            return super().choose(game, state, seat)

    monkeypatch.setitem(AGENTS, "search", SlowAgent)
    return seen


@pytest.fixture
def pool() -> Iterator[ThreadPoolExecutor]:
    """An AI pool of threads: the slow AI only waits (it holds no GIL), and a thread sees
    the level the test registered, which a spawned process would not."""
    with ThreadPoolExecutor(max_workers=2) as executor:
        yield executor


@pytest.fixture
async def pooled(tmp_path: Path, pool: ThreadPoolExecutor) -> AsyncIterator[GameMaster]:
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    yield build_app(repo, render=False, ai_executor=pool).gm
    await repo.close()


async def record_table(gm: GameMaster, *humans: Player, level: str | None = None) -> int:
    """An open Record table of the humans, then one AI at `level` when given (seat 2 of
    two, the first to act)."""
    game_id = (await gm.new_game(game="record", guild_id=1, channel_id=100,
                                 creator=humans[0], seed=7)).game_id
    for player in humans[1:]:
        await gm.join(game_id, player)
    if level is not None:
        await gm.add_ai(game_id, humans[0], level)
    return game_id


async def until(event: threading.Event) -> None:
    """Until another thread sets `event`, the event loop free meanwhile."""
    for _ in range(int(PATIENCE * 100)):
        if event.is_set():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the AI never started thinking")


def key_of(error: ServiceError) -> str:
    assert isinstance(error.message, Text), error.message
    return error.message.key


async def test_a_slow_ai_at_one_table_never_delays_another_tables_answer(pooled, thinking):
    slow = await record_table(pooled, ALICE, level="search")
    other = await record_table(pooled, BOB, CARA)
    started = asyncio.create_task(pooled.start(slow, ALICE))  # the AI owes the first move
    await until(thinking.started)
    update = await pooled.start(other, BOB)
    thinking.log.append("the other table was answered")
    assert update.table.status == "running"
    thinking.go.set()
    await started
    assert thinking.log == ["the AI thinks", "the other table was answered", "the AI decided"]


async def test_a_member_of_the_thinking_table_is_told_at_once_and_nothing_changes(pooled,
                                                                                thinking):
    game_id = await record_table(pooled, ALICE, level="search")
    started = asyncio.create_task(pooled.start(game_id, ALICE))
    await until(thinking.started)
    version = (await pooled.table(game_id)).version
    for attempt in (pooled.act(game_id, ALICE, "pass"), pooled.vacate(game_id, ALICE),
                    pooled.seat_ai(game_id, ALICE, 1, "heuristic")):
        with pytest.raises(ServiceError) as refused:
            await attempt
        assert key_of(refused.value) == "tables.ai_thinking"
    thinking.log.append("Alice was answered")
    thinking.go.set()
    update = await started
    assert thinking.log == ["the AI thinks", "Alice was answered", "the AI decided"]
    assert update.table.version > version
    assert (await pooled.table(game_id)).seats[1].ai == "search"


async def test_a_timer_waits_for_the_thinking_ai_and_finds_the_game_moved_on(pooled, thinking):
    """The clock's expiry is not refused for the AI's thinking (it would never come back):
    it queues, and the AI's move makes it late, as any move would."""
    game_id = await record_table(pooled, ALICE, level="search")
    started = asyncio.create_task(pooled.start(game_id, ALICE))
    await until(thinking.started)
    version = (await pooled.table(game_id)).version
    late = asyncio.create_task(pooled.act_for(game_id, 0, expected_version=version))
    await asyncio.sleep(0.05)
    assert not late.done()
    thinking.go.set()
    await started
    with pytest.raises(ServiceError) as refused:
        await late
    assert key_of(refused.value) == "tables.moved_on"


async def test_a_decision_for_a_version_is_never_stored_after_another_process_moved(
        pooled, thinking, tmp_path):
    """Another process (a GameMaster of its own over the same file) seats Bob while the AI
    thinks its first move: the start and that move followed the version before, so they are
    refused as a whole and the table stays as the other process left it."""
    game_id = await record_table(pooled, ALICE, level="search")
    started = asyncio.create_task(pooled.start(game_id, ALICE))
    await until(thinking.started)
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    try:
        await build_app(repo, render=False).gm.join(game_id, BOB)
    finally:
        await repo.close()
    thinking.go.set()
    with pytest.raises(ServiceError) as refused:
        await started
    assert key_of(refused.value) == "tables.acted_at_once"
    table = await pooled.table(game_id)
    assert (table.status, [s.name for s in table.seats]) == ("open", ["Alice", "AI 2", "Bob"])
    assert await pooled.repo.actions(game_id) == []


async def test_the_ai_processes_play_the_game_inline_play_would(tmp_path):
    """The bot's AI pool (spawned processes) and inline decisions give the same game."""
    states = []
    with think_pool() as processes:
        for name, executor in (("inline", None), ("pooled", processes)):
            repo = SqliteRepository(tmp_path / f"{name}.sqlite3")
            await repo.open()
            try:
                gm = build_app(repo, render=False, ai_executor=executor).gm
                game_id = await record_table(gm, ALICE, BOB, level="heuristic")
                await gm.add_ai(game_id, ALICE, "random")
                await gm.start(game_id, ALICE)
                for _ in range(6):
                    await play_first_human(gm, game_id)
                states.append((await gm.repo.get_game(game_id)).state)
            finally:
                await repo.close()
    assert states[0] == states[1]


async def play_first_human(gm: GameMaster, game_id: int) -> None:
    for player in (ALICE, BOB):
        prompt = await gm.turn_prompt(game_id, player)
        if prompt is not None and prompt.actions:
            await gm.act(game_id, player, prompt.actions[0].text)
            return


# -- levels ---------------------------------------------------------------------------------
async def test_every_registered_level_is_offered(gm, thinking):
    game_id = await record_table(gm, ALICE, level="search")
    assert (await gm.table(game_id)).seats[1].ai == "search"
    assert ai.levels(get_game("record")) == list(AGENTS)


async def test_a_table_changes_an_ai_seats_level_before_and_after_the_start(gm):
    game_id = await record_table(gm, ALICE, level="heuristic")
    before = await gm.seat_ai(game_id, ALICE, 1, "random")
    assert before.public == ["Alice set the AI of seat 2 to the level random moves "
                             "(was standard)."]
    assert (await gm.table(game_id)).seats[1].ai == "random"
    await gm.start(game_id, ALICE)
    after = await gm.seat_ai(game_id, MOD, 1, "heuristic")
    assert after.public[0] == ("Mod set the AI of seat 2 to the level standard (was random "
                               "moves).")
    assert after.table.seats[1].ai == "heuristic"
    assert "AI 2 (AI, standard)" in await gm.status_text(game_id)
    audits = [(a.what, a.detail) for a in await gm.repo.audit_log(game_id=game_id)]
    assert ("ai_level", {"seat": 1, "from": "random", "to": "heuristic"}) in audits
    assert await gm.verify(game_id)


@pytest.mark.parametrize(("by", "seat", "level", "refusal"), [
    (ALICE, 0, "search", "tables.seat_not_vacant"),  # a human's seat
    (ALICE, 1, "heuristic", "tables.ai_level_same"),
    (ALICE, 1, "oracle", "tables.ai_level_unknown"),  # no such level
    (ALICE, 1, "random", "tables.ai_level_unknown"),  # one Record does not offer, here
    (BOB, 1, "random", "tables.seated_or_moderator"),
    (ALICE, 2, "random", "tables.no_such_seat"),
])
async def test_level_refusals_are_clear_and_change_nothing(gm, monkeypatch, by, seat, level,
                                                           refusal):
    monkeypatch.setattr(ai, "levels", lambda engine: ["heuristic", "search"])
    game_id = await record_table(gm, ALICE, level="heuristic")
    await gm.start(game_id, ALICE)
    before = (await gm.table(game_id), await gm.repo.actions(game_id))
    with pytest.raises(ServiceError) as refused:
        await gm.seat_ai(game_id, by, seat, level)
    assert key_of(refused.value) == refusal
    assert (await gm.table(game_id), await gm.repo.actions(game_id)) == before


async def test_an_ai_the_game_does_not_offer_is_not_seated_and_the_refusal_names_the_levels(
        gm, monkeypatch):
    monkeypatch.setattr(ai, "levels", lambda engine: ["heuristic"])
    game_id = await record_table(gm, ALICE)
    with pytest.raises(ServiceError) as refused:
        await gm.add_ai(game_id, ALICE, "random")
    assert str(refused.value) == ("Record of the Three Kingdoms (三國志) offers these AI "
                                  "levels: standard; not random moves. Nothing was changed.")
    assert len((await gm.table(game_id)).seats) == 1
