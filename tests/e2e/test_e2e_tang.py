"""A whole Tang game of 5 seats, 3 scripted humans and 2 AI seats, through the local Discord
(issue 16, items 2, 3 and 6), from `/game new` to the final scores.

Alice and Bob choose representatives of one nationality, so they form a camp (T1.1.2) and
Alice opens its private thread with `/game council`; Cara is in no camp of two. The game is
played once (`played`), then each test checks one promise: the final scores; a response
window (识破, T8.3) asks its target privately when it holds the card, and otherwise asks
nobody, the game master passing for it when the window's time is up, so the thread reads
the same either way; the public thread never named a card from a hand; the camp's thread
holds its members only; no secret reached a message seen by several players; the log
replays to the stored snapshot.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.i18n import t
from bot.service import Player
from bot.tools.fakediscord.autoplay import (
    CLOCK_TICK,
    FINAL,
    WINDOW_SECONDS,
    Chooser,
    Pick,
    SeatPlayer,
    Table,
    open_table,
    play_table,
    quick_windows,
    ref_of,
)
from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import Message
from games.core import Action, get_game
from games.core.flow import top
from games.tang.data import load_data
from storage import ActionRecord, GameRecord
from tests.e2e.secret_watch import SecretWatch
from tests.e2e.test_e2e_games import ai_chooser

TABLE_SEED = 4
HUMANS = ("Alice", "Bob", "Cara")
CAMP = ("Alice", "Bob")  # they choose representatives of one nationality
AIS = 2
DATA = load_data()
ENGINE = get_game("tang")
CARD_NAMES = {t(f"tang.card.{kind}", "en") for kind in DATA.jinnang}


@dataclass
class Window:
    """A response window of the game: the card's user and target, whether the target held
    识破 when asked, and the message the target answered on (None: an AI seat)."""

    user: int
    asked: list[int]
    target: int
    held_shipo: bool
    answered_on: Message | None
    answer_sent_at: float | None
    by_game_master: bool  # answered by nobody's click: the window's time was up
    open_for: float  # seconds from the window's opening to its answer


@dataclass
class Played:
    status: str
    final_text: str
    windows: list[Window]
    humans: dict[int, int]  # seat -> user id
    public_lines: list[str]
    public_events: set[str]
    camp_seats: list[int]
    council_thread: int | None
    council_kind: int | None
    council_members: set[int]
    council_users: dict[str, int]
    outsider_refusal: str
    leaks: list[str]
    checked: int
    replays: bool
    choices: list[int]


_PLAYED: list[Played] = []


@pytest.fixture
async def played(tmp_path: Path) -> Played:
    if not _PLAYED:
        _PLAYED.append(await _play(tmp_path))
    return _PLAYED[0]


def camp_chooser(bot: InProcessBot, table: Table, user: ScriptedUser, seed: int,
                 nation: str | None) -> Chooser:
    """The heuristic's choice (tests/e2e/test_e2e_games.ai_chooser), except that a member of
    the planned camp picks a representative of `nation`, anyone else avoids it, and nobody
    swaps away from it (T1.1.3)."""
    member = user.name in CAMP
    judge = ai_chooser(bot, table.game_id, user, seed)
    player = Player(user.id, user.name)

    async def choose(picks: list[Pick]) -> Pick:
        prompt = await bot.gm.turn_prompt(table.game_id, player)
        actions = [_action(prompt.actions if prompt else [], ref_of(p)) for p in picks]
        if nation is not None and all(a.kind == "pick" for a in actions):
            fits = [p for p, a in zip(picks, actions, strict=True)
                    if (DATA.characters[a.word()]["nationality"] == nation) == member]
            if fits:
                return await judge(fits)
        if all(a.kind in ("swap", "keep") for a in actions):
            return next(p for p, a in zip(picks, actions, strict=True) if a.kind == "keep")
        return await judge(picks)

    return choose


def _action(offered: list[Action], ref: str) -> Action:
    index = int(ref[1:]) if ref.startswith("#") else None
    return offered[index] if index is not None and index < len(offered) else Action.parse(ref)


async def _play(folder: Path) -> Played:
    async with FakeDiscord() as fake:
        users = [fake.user(n) for n in HUMANS]
        async with InProcessBot(fake, folder / "gm.sqlite3", seed=TABLE_SEED,
                                clock_tick=CLOCK_TICK) as bot:
            await quick_windows(bot.gm)
            watch = SecretWatch(fake.world, bot.gm)
            fake.watchers.append(watch)
            table = await open_table(users[0], "tang", joiners=tuple(users[1:]), ais=AIS)
            nation = _shared_nation(await bot.gm.repo.get_game(table.game_id))
            players = [SeatPlayer(u, table, seed=i + 1,
                                  chooser=camp_chooser(bot, table, u, i + 1, nation))
                       for i, u in enumerate(users)]
            council = asyncio.create_task(_council(bot, table, users))
            await play_table(players)
            opened = await council
            await fake.idle()
            return await _played(fake, bot, table, users, players, watch, opened)


def _shared_nation(record: GameRecord) -> str | None:
    """A nationality both camp members were dealt (the table's seed fixes the deal)."""
    assert record.state is not None
    dealt = [{DATA.characters[c]["nationality"] for c in p["dealt"] if c != "an_lushan"}
             for p in record.state["players"][:len(CAMP)]]
    shared = sorted(set.intersection(*dealt))
    return shared[0] if shared else None


async def _council(bot: InProcessBot, table: Table, users: list[ScriptedUser]
                   ) -> tuple[int | None, str]:
    """Once the camps are settled: Cara, outside the camp, is refused a council; Alice opens
    it. Returns the thread named in Alice's answer and Cara's refusal."""
    while True:
        record = await bot.gm.repo.get_game(table.game_id)
        state = record.state or {}
        if record.status != "running" or state.get("camp_rule") is not None:
            break
        await asyncio.sleep(0.2)
    if not ENGINE.private_groups(state):
        return None, ""
    refused = await users[2].command("game council", channel=table.thread)
    answer = await users[0].command("game council", channel=table.thread)
    found = re.search(r"<#(\d+)>", answer.text)
    return (int(found.group(1)) if found else None), refused.text


async def _played(fake: FakeDiscord, bot: InProcessBot, table: Table,
                  users: list[ScriptedUser], players: list[SeatPlayer], watch: SecretWatch,
                  opened: tuple[int | None, str]) -> Played:
    repo = bot.gm.repo
    record = await repo.get_game(table.game_id)
    seats = await repo.get_seats(table.game_id)
    humans = {s.seat: s.user_id for s in seats if not s.ai and s.user_id is not None}
    public = fake.world.public(table.thread)
    thread, refusal = opened
    assert record.state is not None
    groups = ENGINE.private_groups({**record.state, "over": None})  # the camps as in play
    return Played(
        status=record.status,
        final_text=next((m.content for m in public if FINAL in m.content), ""),
        windows=_windows(fake, record, await repo.actions(table.game_id)),
        humans=humans,
        public_lines=[line for m in public for line in _lines(m)],
        public_events=set(await bot.gm.log_lines(table.game_id, None, limit=100_000)),
        camp_seats=list(groups[0].seats) if groups else [],
        council_thread=thread,
        council_kind=fake.world.channels.get(thread, {}).get("type") if thread else None,
        council_members=fake.world.thread_members.get(thread, set()) if thread else set(),
        council_users={u.name: u.id for u in users},
        outsider_refusal=refusal, leaks=watch.leaks, checked=watch.checked,
        replays=await bot.gm.verify(table.game_id), choices=[p.choices for p in players])


def _windows(fake: FakeDiscord, record: GameRecord, actions: list[ActionRecord]
             ) -> list[Window]:
    """Replay the log and note every response window: who was asked, and where they
    answered."""
    state = ENGINE.setup(5, record.options, record.seed)
    found: list[Window] = []
    opened = record.created_at
    for action in actions:
        step = top(state)
        if step is not None and step["rule"] == "respond":
            target = step["seats"][0]
            held = any(c.split(".")[0] == "shipo" for c in state["players"][target]["hand"])
            interaction = (fake.world.interactions.get(int(action.interaction_id))
                           if action.interaction_id else None)
            message = (fake.world.messages.get(interaction.message_id or 0)
                       if interaction else None)
            found.append(Window(step["data"]["user"], list(step["seats"]), action.seat, held,
                                message, interaction.sent_at if interaction else None,
                                action.user_id is None, action.created_at - opened))
        state, _ = ENGINE.apply(state, action.seat, Action.from_json(action.action))
        opened = action.created_at
    return found


def _lines(message: Message) -> list[str]:
    """What a reader of a message reads: its text, then every label and option."""
    lines = message.content.splitlines()
    for row in message.components:
        for item in row.get("components", []):
            lines += [item[k] for k in ("label", "placeholder") if item.get(k)]
            lines += [o[k] for o in item.get("options", []) for k in ("label", "description")
                      if o.get(k)]
    return lines


def _read(message: Message) -> str:
    """Every text the message ever showed (an ephemeral prompt is edited as its user goes)."""
    return "\n".join([message.content, *(v.content for v in message.history)])


def test_the_game_reaches_the_final_scores(played: Played) -> None:
    assert played.status == "finished"
    assert played.final_text.count(":") >= 5  # a line per seat
    assert all(c > 0 for c in played.choices), "every human chose through components"


def test_a_response_window_asks_its_target_privately_only_when_it_can_answer(
        played: Played) -> None:
    assert played.windows, "the seed's game plays at least one respondable card"
    for window in played.windows:
        assert window.asked == [window.target], "exactly the card's target is asked (T8.3)"
        if window.target not in played.humans:
            continue
        if window.held_shipo:
            shown = window.answered_on
            assert shown is not None and shown.audience == played.humans[window.target]
            assert "against you" in _read(shown), "the prompt named the card to answer"
            assert window.answer_sent_at is not None
            assert shown.created_at <= window.answer_sent_at
        else:
            assert window.by_game_master and window.answered_on is None
            assert window.open_for >= WINDOW_SECONDS, "open for its time, card or not"
    assert any(w.target in played.humans for w in played.windows)


def test_the_public_thread_never_names_a_card_from_a_hand(played: Played) -> None:
    named = [line for line in played.public_lines
             if any(name in line for name in CARD_NAMES) and line not in played.public_events]
    assert named == []


def test_the_camp_thread_is_private_to_its_members(played: Played) -> None:
    assert played.camp_seats == [0, 1], "Alice and Bob form a camp"
    assert played.council_thread is not None and played.council_kind == 12  # private thread
    users = played.council_users
    assert played.council_members == {users["Alice"], users["Bob"]}
    assert "members of a camp" in played.outsider_refusal  # Cara is refused


def test_no_secret_in_a_message_seen_by_several_players(played: Played) -> None:
    assert played.checked > 100
    assert played.leaks == []


def test_the_log_replays_to_the_stored_state(played: Played) -> None:
    assert played.replays
