"""A complete game of every game the bot offers, from `/game new` to the final scores,
played by scripted users through slash commands and components in the game's thread.

Each game is played once per session (`played`), then each test checks one promise:
final scores, a board after each phase, every interaction acknowledged in time, no secret
in a message seen by several people, and a log that replays to the stored snapshot.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.service import Player
from bot.tools.fakediscord.autoplay import (
    CLOCK_TICK,
    FINAL,
    Chooser,
    Pick,
    SeatPlayer,
    open_table,
    play_table,
    quick_windows,
    ref_of,
)
from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import Interaction
from cogs.thread_posts import superseded
from games.core import Action, all_games, get_game
from tests.e2e.secret_watch import SecretWatch

GAMES = sorted(g.name for g in all_games())
TABLE_SEED = 4
HUMANS = ("Alice", "Bob")


@dataclass
class Played:
    """What one scripted game left behind, as plain data."""

    game: str
    status: str
    thread_texts: list[str]
    boards: list[bytes]  # those the thread shows (a turn's newer board replaces its board)
    boards_posted: int  # every board sent, in a new message or edited into the turn's
    boards_superseded: int  # boards a newer one of the same turn replaced before the upload
    expected_boards: int
    human_actions: int
    human_actions_by_component: int
    choices: list[int]
    problems: list[str]
    late_acks: list[float]
    interactions: int
    leaks: list[str]
    checked: int
    replays: bool
    extra: dict[str, object] = field(default_factory=dict)


_PLAYED: dict[str, Played] = {}


@pytest.fixture
async def played(request: pytest.FixtureRequest, tmp_path: Path) -> Played:
    name = request.param
    if name not in _PLAYED:
        _PLAYED[name] = await _play(name, tmp_path)
    return _PLAYED[name]


async def _play(name: str, folder: Path) -> Played:
    engine = get_game(name)
    seats = max(2, engine.min_players)
    humans = min(len(HUMANS), seats)
    async with FakeDiscord() as fake:
        users = [fake.user(n) for n in HUMANS[:humans]]
        async with InProcessBot(fake, folder / "gm.sqlite3", seed=TABLE_SEED,
                                clock_tick=CLOCK_TICK) as bot:
            await quick_windows(bot.gm)
            watch = SecretWatch(fake.world, bot.gm)
            fake.watchers.append(watch)
            table = await open_table(users[0], name, joiners=tuple(users[1:]),
                                     ais=seats - humans)
            players = [SeatPlayer(u, table, seed=i + 1,
                                  chooser=ai_chooser(bot, table.game_id, u, seed=i + 1))
                       for i, u in enumerate(users)]
            await play_table(players)
            await fake.idle()
            repo = bot.gm.repo
            record = await repo.get_game(table.game_id)
            actions = await repo.actions(table.game_id)
            public = fake.world.public(table.thread)
            interactions = list(fake.world.interactions.values())
            return Played(
                game=name, status=record.status,
                thread_texts=[m.content for m in public],
                boards=[a.data for m in public for a in m.attachments
                        if a.filename == "board.png"],
                boards_posted=_boards_posted(fake, table.thread),
                boards_superseded=superseded(bot.bot) if bot.bot else 0,
                expected_boards=await _expected_boards(bot, table.game_id),
                human_actions=sum(a.user_id is not None for a in actions),
                human_actions_by_component=sum(a.user_id is not None and a.interaction_id
                                               is not None for a in actions),
                choices=[p.choices for p in players], problems=fake.problems(),
                late_acks=[_ack_delay(i) for i in interactions
                           if _ack_delay(i) > fake.ack_deadline],
                interactions=len(interactions), leaks=watch.leaks, checked=watch.checked,
                replays=await bot.gm.verify(table.game_id))


def _boards_posted(fake: FakeDiscord, thread: int) -> int:
    """Every overview uploaded into the thread: with a new message or an edit."""
    return sum(1 for r in fake.world.requests if f"/channels/{thread}/messages" in r.path
               and r.status < 300 and any(name == "board.png" for name, _ in r.files))


def _ack_delay(interaction: Interaction) -> float:
    """Seconds from delivery to acknowledgement; never acknowledged is infinitely late."""
    if interaction.acked_at is None:
        return math.inf
    return interaction.acked_at - interaction.sent_at


def ai_chooser(bot: InProcessBot, game_id: int, user: ScriptedUser, seed: int) -> Chooser:
    """A player who picks like the heuristic AI, judging the offered choices from their own
    seat's view (what `/game hand` and the board show them): random clicks would make a game
    like Scythe last a thousand turns."""
    rng = random.Random(seed)
    player = Player(user.id, user.name)

    async def choose(picks: list[Pick]) -> Pick:
        seat_view = await bot.gm.seat_view(game_id, player)
        prompt = await bot.gm.turn_prompt(game_id, player)
        engine, seat = get_game(seat_view.table.game), seat_view.seat
        if prompt is None or seat is None:
            return rng.choice(picks)

        def score(pick: Pick) -> tuple[float, float]:
            ref = ref_of(pick)
            index = int(ref[1:]) if ref.startswith("#") else None
            action = (prompt.actions[index] if index is not None and index < len(prompt.actions)
                      else Action.parse(ref))
            return engine.action_score(seat_view.view, seat, action), rng.random()

        return max(picks, key=score)

    return choose


async def _expected_boards(bot: InProcessBot, game_id: int) -> int:
    """One board at the start, then one for every human action whose update (the action
    and the AI moves after it) ended in another phase than it began."""
    repo = bot.gm.repo
    record = await repo.get_game(game_id)
    engine = get_game(record.game)
    actions = await repo.actions(game_id)
    state = engine.setup(len(await repo.get_seats(game_id)), record.options, record.seed)
    expected, index = 1, 0
    while index < len(actions):
        first, before = index, engine.phase(state)
        while True:  # this action and the AI moves that followed it: one update
            action = actions[index]
            state, _ = engine.apply(state, action.seat, Action.from_json(action.action))
            index += 1
            if index == len(actions) or actions[index].user_id is not None:
                break
        human = actions[first].user_id is not None  # else: AI moves of the start's update
        expected += int(human and engine.phase(state) != before)
    return expected


pytestmark = pytest.mark.parametrize("played", GAMES, indirect=True)


def test_full_game_reaches_the_final_scores(played: Played) -> None:
    assert played.status == "finished"
    assert any(FINAL in text for text in played.thread_texts[-3:])
    assert all(c > 0 for c in played.choices), "every human seat chose through components"
    assert played.human_actions == played.human_actions_by_component > 0


def test_a_board_image_after_each_phase(played: Played) -> None:
    assert played.boards_posted + played.boards_superseded == played.expected_boards
    assert 0 < len(played.boards) <= played.boards_posted
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") for png in played.boards)


def test_every_interaction_acknowledged_within_the_window(played: Played) -> None:
    assert played.interactions > 20
    assert played.late_acks == []
    assert played.problems == []


def test_no_secret_in_a_message_seen_by_several_players(played: Played) -> None:
    assert played.checked > 50
    assert played.leaks == []


def test_the_log_replays_to_the_stored_state(played: Played) -> None:
    assert played.replays
