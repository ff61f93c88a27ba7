"""What a game's setup tells (Game.begin: its shuffles and random draws, the first deals)
opens the table's log: announced at the start, kept first in `/game log` whatever is undone
later, shown at step 0 of the history, and carried by an export into an imported table. A
secret line of the opening reaches only its seat."""

from __future__ import annotations

import json

from bot.service import GameMaster
from bot.service.models import Player
from games.core import CHANCE, Event, get_game
from tests.wording import english
from tests.wording import told as told_as

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
MOD = Player(1, "Mod", is_moderator=True)
SEED = 7


async def started(gm: GameMaster, game: str = "record") -> int:
    table = await gm.new_game(game=game, guild_id=1, channel_id=100, creator=ALICE, seed=SEED)
    await gm.join(table.game_id, BOB)
    await gm.join(table.game_id, CARA)
    return table.game_id


def opening(game: str = "record") -> list[Event]:
    return get_game(game).begin(3, get_game(game).default_options(), SEED)[1]


def told(game: str = "record") -> list[str]:
    """The opening's public lines as the table reads them, with its players' names."""
    return told_as([e for e in opening(game) if e.public], ("Alice", "Bob", "Cara"))


async def test_the_start_announces_what_the_setup_drew(gm):
    update = await gm.start(await started(gm), ALICE)
    assert any(e.kind == CHANCE for e in opening())
    assert update.public[:len(told())] == told()


async def test_the_log_opens_with_the_setup_and_keeps_it_after_an_undo(gm):
    game_id = await started(gm)
    await gm.start(game_id, ALICE)
    public = told()
    log = await gm.log_lines(game_id, None, limit=10_000)
    assert log[:len(public)] == public
    for player in (ALICE, BOB, CARA):
        if legal := await gm.legal_actions(game_id, player):
            await gm.act(game_id, player, legal[0].text)
            break
    assert len(await gm.repo.actions(game_id)) == 1
    await gm.undo(game_id, MOD)
    assert await gm.repo.actions(game_id) == []
    assert (await gm.log_lines(game_id, None, limit=10_000))[:len(public)] == public


async def test_a_secret_line_of_the_opening_reaches_only_its_seat(gm):
    """Scythe deals each seat its combat cards and objectives at the setup."""
    game_id = await started(gm, "scythe")
    update = await gm.start(game_id, ALICE)
    secret = [e for e in opening("scythe") if not e.public]
    assert secret
    names = [p.name for p in (ALICE, BOB, CARA)]

    def said(event: Event, seat: int | None = None) -> str:
        return english(event.text, names, seat)
    for event in secret:
        assert all(said(event) not in line for line in update.public)
    for seat, player in enumerate((ALICE, BOB, CARA)):
        mine = [line for p in update.private if p.user_id == player.user_id for line in p.lines]
        assert [said(e, seat) for e in secret if seat in (e.seats or ())] == mine[:len(
            [e for e in secret if seat in (e.seats or ())])]
        assert not {said(e, seat) for e in secret if seat not in (e.seats or ())} & set(mine)
    own = await gm.log_lines(game_id, BOB, limit=10_000)
    assert {said(e, 1) for e in secret if 1 in (e.seats or ())} <= set(own)
    assert not {said(e) for e in secret} & set(await gm.log_lines(game_id, None, limit=10_000))


async def test_history_step_zero_shows_the_opening(gm):
    game_id = await started(gm)
    await gm.start(game_id, ALICE)
    step = await gm.history(game_id, 0)
    assert step.who is None and step.lines
    assert len(step.lines) == len([e for e in opening() if e.public])


async def test_an_imported_table_keeps_the_opening(gm):
    game_id = await started(gm)
    await gm.start(game_id, ALICE)
    raw = json.dumps(await gm.export(game_id)).encode()
    copy = await gm.import_game(guild_id=1, channel_id=200, by=CARA, raw=raw)
    assert await gm.log_lines(copy.game_id, None, limit=10_000) == \
        await gm.log_lines(game_id, None, limit=10_000)
