"""Tables at the service: seats after the start, spectators, undo by the actor or by a vote,
history, export and import."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.__main__ import main
from bot.service import GameMaster
from bot.service.models import Player, ServiceError
from games.core import Action, get_game, make_agent
from games.core.messages import said_of
from storage import SqliteRepository
from tests.wording import english

ALICE, BOB, CARA = Player(11, "Alice"), Player(12, "Bob"), Player(13, "Cara")
DAN = Player(14, "Dan")
MOD = Player(99, "Mod", is_moderator=True)
PLAYERS = {p.user_id: p for p in (ALICE, BOB, CARA, DAN)}
RECORD = get_game("record")
GUILD = 1


async def table_of(gm: GameMaster, *humans: Player, ais: int = 0, seed: int = 7) -> int:
    """A running Record game: the humans in order, then the AIs."""
    game_id = (await gm.new_game(game="record", guild_id=GUILD, channel_id=100,
                                 creator=humans[0], seed=seed)).game_id
    for player in humans[1:]:
        await gm.join(game_id, player)
    for _ in range(ais):
        await gm.add_ai(game_id, humans[0])
    await gm.start(game_id, humans[0])
    return game_id


async def step(gm: GameMaster, game_id: int) -> Player:
    """The first awaited human plays a sensible move; returns who played."""
    record = await gm.repo.get_game(game_id)
    state = await state_of(gm, game_id)
    humans = {seat.seat: seat.user_id for seat in await gm.repo.get_seats(game_id)
              if seat.user_id}
    seat = min(s for s in RECORD.to_act(state) if s in humans)
    action = make_agent("heuristic", seed=record.version).choose(RECORD, state, seat)
    player = PLAYERS[humans[seat]]
    await gm.act(game_id, player, action.text)
    return player


async def until_someone_else_moved(gm: GameMaster, game_id: int, player: Player) -> None:
    """Play until `player` has moved and another human moved after them."""
    moved = False
    for _ in range(200):
        who = await step(gm, game_id)
        moved = moved or who == player
        if moved and who != player:
            return
    raise AssertionError("nobody else moved")


async def state_of(gm: GameMaster, game_id: int) -> dict[str, Any]:
    state = (await gm.repo.get_game(game_id)).state
    assert state is not None, f"game {game_id} has not started"
    return state


# -- seats after the start ---------------------------------------------------------------------
async def test_a_player_leaves_and_the_seat_waits_vacant_unmentioned(gm):
    game_id = await table_of(gm, ALICE, BOB)
    version = (await gm.table(game_id)).version
    update = await gm.vacate(game_id, BOB)
    seat = update.table.seats[1]
    assert (seat.user_id, seat.ai, seat.name) == (None, None, "Bob")
    assert "left seat 2" in update.public[0]
    assert all(s.user_id is not None for s in update.awaiting)
    assert update.table.version > version
    assert "(vacant)" in await gm.status_text(game_id)
    assert (await gm.repo.audit_log(game_id=game_id))[0].what == "vacate"


async def test_leave_before_the_start_still_removes_the_seat(gm):
    game_id = (await gm.new_game(game="record", guild_id=GUILD, channel_id=100,
                                 creator=ALICE)).game_id
    await gm.join(game_id, BOB)
    table = await gm.leave(game_id, BOB)
    assert [s.name for s in table.seats] == ["Alice"]


async def test_takeover_of_a_vacant_seat_and_refusals(gm):
    game_id = await table_of(gm, ALICE, BOB)
    await gm.vacate(game_id, BOB)
    before = await gm.repo.get_game(game_id)
    for who, seat, words in [(CARA, 0, "played by Alice"), (CARA, 5, "no seat 6"),
                             (ALICE, 1, "already has a seat")]:
        with pytest.raises(ServiceError, match=words):
            await gm.takeover(game_id, who, seat)
    assert (await gm.repo.get_game(game_id)).version == before.version
    update = await gm.takeover(game_id, CARA, 1)
    assert update.table.seats[1].user_id == CARA.user_id
    assert "Cara took over seat 2 (was Bob)" in update.public[0]


async def test_an_ai_fills_a_vacant_seat_and_plays_at_once(gm):
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(30):  # until Bob is the one awaited
        if await gm.turn_prompt(game_id, BOB):
            break
        await step(gm, game_id)
    await gm.vacate(game_id, BOB)
    actions = len(await gm.repo.actions(game_id))
    with pytest.raises(ServiceError, match="seated player or a moderator"):
        await gm.seat_ai(game_id, CARA, 1)
    with pytest.raises(ServiceError, match="not by an AI"):
        await gm.seat_ai(game_id, ALICE, 0)
    update = await gm.seat_ai(game_id, ALICE, 1)
    assert update.table.seats[1].ai == "heuristic"
    assert len(await gm.repo.actions(game_id)) > actions
    assert await gm.verify(game_id)


async def test_handover_gives_the_seat_to_a_member_without_one(gm):
    game_id = await table_of(gm, ALICE, BOB)
    with pytest.raises(ServiceError, match="already has a seat"):
        await gm.handover(game_id, ALICE, BOB)
    with pytest.raises(ServiceError, match="no seat"):
        await gm.handover(game_id, CARA, DAN)
    update = await gm.handover(game_id, BOB, CARA)
    assert [s.name for s in update.table.seats] == ["Alice", "Cara"]
    assert "Bob handed seat 2 over to Cara" in update.public[0]


async def test_a_bot_account_is_never_seated_by_any_way_in(gm):
    """The service refuses it itself: a cog that forgot to ask Discord would not seat it."""
    robot = Player(77, "Helper bot", bot=True)
    opened = (await gm.new_game(game="record", guild_id=GUILD, channel_id=100, creator=ALICE,
                                seed=7)).game_id
    with pytest.raises(ServiceError, match="Helper bot is a bot"):
        await gm.join(opened, robot)
    game_id = await table_of(gm, ALICE, BOB, ais=1)
    before = await gm.repo.load_game(game_id)
    for attempt in (gm.handover(game_id, BOB, robot), gm.takeover(game_id, robot, 2),
                    gm.replace(game_id, MOD, 1, robot)):
        with pytest.raises(ServiceError, match="Helper bot is a bot"):
            await attempt
    after = await gm.repo.load_game(game_id)
    assert (after.seats, after.record.version) == (before.seats, before.record.version)
    assert [s.user_id for s in (await gm.repo.get_seats(opened))] == [ALICE.user_id]


async def test_a_banned_member_may_not_join_take_over_or_spectate(gm):
    game_id = await table_of(gm, ALICE, BOB)
    await gm.settings.ban(GUILD, MOD, CARA.user_id, game_id=game_id)
    await gm.vacate(game_id, BOB)
    with pytest.raises(ServiceError) as takeover:
        await gm.takeover(game_id, CARA, 1)
    with pytest.raises(ServiceError) as spectate:
        await gm.spectate(game_id, CARA)
    assert str(takeover.value) == str(spectate.value)
    assert (await gm.table(game_id)).seats[1].user_id is None


# -- spectators --------------------------------------------------------------------------------
async def test_a_spectator_reads_public_things_only(gm):
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(25):
        await step(gm, game_id)
    await gm.spectate(game_id, CARA)
    assert [s.user_id for s in await gm.repo.spectators(game_id)] == [CARA.user_id]
    with pytest.raises(ServiceError, match="already spectate"):
        await gm.spectate(game_id, CARA)
    with pytest.raises(ServiceError, match="no seat"):
        await gm.private_text(game_id, CARA)
    with pytest.raises(ServiceError, match="follow it already"):
        await gm.spectate(game_id, ALICE)
    seen = set(await gm.log_lines(game_id, CARA, limit=1000))
    secret = {english(said_of(e.text), (ALICE.name, BOB.name))
              for e in await gm.repo.events(game_id, viewer_seat=0) if e.seats}
    assert secret and not any(line in seen for line in secret)
    await gm.unspectate(game_id, CARA)
    with pytest.raises(ServiceError, match="do not spectate"):
        await gm.unspectate(game_id, CARA)


# -- undo --------------------------------------------------------------------------------------
async def test_a_player_takes_back_their_own_move_and_the_ai_moves_after_it(gm):
    game_id = await table_of(gm, ALICE, ais=2)
    before = await state_of(gm, game_id)
    await step(gm, game_id)
    outcome = await gm.request_undo(game_id, ALICE)
    assert outcome.vote is None and "Alice took back their last move" in outcome.update.public[0]
    assert await state_of(gm, game_id) == before
    assert (await gm.repo.audit_log(game_id=game_id))[0].what == "undo_own"
    with pytest.raises(ServiceError, match="no move"):
        await gm.request_undo(game_id, ALICE)


async def test_an_undo_over_another_players_move_needs_every_affected_approval(gm):
    game_id = await table_of(gm, ALICE, BOB, CARA)
    await until_someone_else_moved(gm, game_id, ALICE)
    actions = await gm.repo.actions(game_id)
    keep = max(i for i, a in enumerate(actions) if a.user_id == ALICE.user_id)
    outcome = await gm.request_undo(game_id, ALICE)
    vote = outcome.vote
    assert outcome.update is None and vote.status == "open"
    affected = {user for user, _ in vote.affected}
    assert ALICE.user_id in affected and len(affected) >= 2
    assert vote.waiting == sorted(affected - {ALICE.user_id})
    outsider = next(p for p in (BOB, CARA, DAN) if p.user_id not in affected)
    with pytest.raises(ServiceError, match="players whose moves would be taken back"):
        await gm.vote_undo(vote.vote_id, outsider, True)
    with pytest.raises(ServiceError, match="already open"):
        await gm.request_undo(game_id, ALICE)
    for user in vote.waiting:
        outcome = await gm.vote_undo(vote.vote_id, PLAYERS[user], True)
    assert outcome.vote.status == "passed" and outcome.update is not None
    assert len(await gm.repo.actions(game_id)) == keep
    assert await gm.verify(game_id)


async def test_one_rejection_ends_the_vote_and_nothing_changes(gm):
    game_id = await table_of(gm, ALICE, BOB)
    await until_someone_else_moved(gm, game_id, ALICE)
    before = await gm.repo.get_game(game_id)
    vote = (await gm.request_undo(game_id, ALICE)).vote
    outcome = await gm.vote_undo(vote.vote_id, BOB, False)
    assert outcome.vote.status == "rejected" and outcome.update is None
    assert "Bob rejected the undo Alice asked for" in str(outcome.vote.describe())
    with pytest.raises(ServiceError, match="already decided"):
        await gm.vote_undo(vote.vote_id, BOB, True)
    assert (await gm.repo.get_game(game_id)).state == before.state


async def test_a_new_move_makes_the_vote_stale_and_votes_survive_a_restart(gm, tmp_path):
    game_id = await table_of(gm, ALICE, BOB)
    await until_someone_else_moved(gm, game_id, ALICE)
    vote = (await gm.request_undo(game_id, ALICE)).vote
    reopened = SqliteRepository(tmp_path / "gm.sqlite3")
    await reopened.open()
    try:
        stored = await GameMaster(reopened, render=False).repo.undo_vote(vote.vote_id)
    finally:
        await reopened.close()
    assert (stored.status, stored.affected) == ("open", [u for u, _ in vote.affected])
    await step(gm, game_id)
    state = await state_of(gm, game_id)
    with pytest.raises(ServiceError, match="stale"):
        await gm.vote_undo(vote.vote_id, BOB, True)
    assert await state_of(gm, game_id) == state
    assert (await gm.repo.undo_vote(vote.vote_id)).status == "stale"


async def test_the_moderator_undo_stays_immediate(gm):
    game_id = await table_of(gm, ALICE, BOB)
    await until_someone_else_moved(gm, game_id, ALICE)
    update = await gm.undo(game_id, MOD)
    assert "(moderator) took back the last move of" in update.public[0]
    assert await gm.verify(game_id)


# -- history -----------------------------------------------------------------------------------
async def test_history_shows_the_public_board_and_events_of_a_step(gm, tmp_path):
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(6):
        await step(gm, game_id)
    actions = await gm.repo.actions(game_id)
    setup = await gm.history(game_id, 0)
    assert (setup.step, setup.last, setup.who) == (0, len(actions), None)
    assert setup.board.startswith(b"\x89PNG")
    third = await gm.history(game_id, 3)
    assert third.who in ("Alice", "Bob")
    public = set(await gm.log_lines(game_id, None, limit=1000))
    assert set(third.lines) <= public
    with pytest.raises(ServiceError, match=f"steps 0 \\(the setup\\) to {len(actions)}"):
        await gm.history(game_id, len(actions) + 1)


async def test_history_names_no_move_while_the_game_runs_and_every_move_once_it_ended(gm):
    """A move's text may be a secret (the lord Record's player keeps, face down): the
    public events of a step say what everyone saw; the move is shown once the game ended,
    when its export is public too."""
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(6):
        await step(gm, game_id)
    actions = await gm.repo.actions(game_id)
    running = [await gm.history(game_id, n) for n in range(1, len(actions) + 1)]
    assert all(seen.action is None for seen in running)
    await gm.end(game_id, MOD, scored=False)
    ended = [await gm.history(game_id, n) for n in range(1, len(actions) + 1)]
    assert [seen.action for seen in ended] == [
        Action.from_json(done.action).text for done in actions]


# -- export and import -------------------------------------------------------------------------
async def test_a_running_games_export_is_for_moderators_and_audited(gm):
    game_id = await table_of(gm, ALICE, BOB)
    await step(gm, game_id)
    with pytest.raises(ServiceError, match="only a moderator"):
        await gm.export_files(game_id, ALICE, "en")
    files = await gm.export_files(game_id, MOD, "en")
    assert json.loads(files.json_text)["format"] == "gamemaster-export/1"
    assert files.log_text.splitlines()[1] == "0. setup"
    first = (await gm.repo.actions(game_id))[0]
    name = (await gm.table(game_id)).seats[first.seat].name
    lines = files.log_text.splitlines()
    told = [line for line in lines[2:] if line.startswith("    ")][:1]
    assert told == ["    The lord deck is shuffled."]  # what the setup drew, under step 0
    assert next(line for line in lines[2:] if not line.startswith("    ")).startswith(
        f"1. {name}: ")
    assert (await gm.repo.audit_log(game_id=game_id))[0].what == "export"
    await gm.end(game_id, MOD, scored=False)
    assert (await gm.export_files(game_id, BOB, "ko")).log_text.splitlines()[1] == "0. 게임 준비"


async def test_import_replays_the_export_into_a_new_table_with_vacant_seats(gm, tmp_path):
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(10):
        await step(gm, game_id)
    data = await gm.export(game_id)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    table = await gm.import_game(guild_id=GUILD, channel_id=200, by=CARA,
                                 raw=json.dumps(data).encode())
    assert table.game_id != game_id and table.status == "running"
    assert [(s.user_id, s.ai, s.name) for s in table.seats] == [(None, None, "Alice"),
                                                                (None, None, "Bob")]
    assert await state_of(gm, table.game_id) == data["state"]
    assert await gm.verify(table.game_id)
    assert (await gm.export(table.game_id))["actions"] == data["actions"]
    assert (await gm.repo.audit_log(game_id=table.game_id))[0].what == "import"
    await gm.takeover(table.game_id, CARA, 0)
    assert (await gm.table(table.game_id)).seats[0].user_id == CARA.user_id


@pytest.mark.parametrize("tamper, reason", [
    (lambda d: d["actions"].pop(), "state differs"),
    (lambda d: d["actions"].insert(0, {"seat": 1, "action": {"kind": "fly"}}), "step 1"),
    (lambda d: d.update(format="other/2"), "not a game export"),
    (lambda d: d.update(game="chess"), "does not know"),
    (lambda d: d.pop("seed"), "not a complete"),
    (lambda d: d.update(seats=["Solo"]), "has 1 seats"),
])
async def test_a_bad_or_tampered_export_is_refused_with_the_reason(gm, tamper, reason):
    game_id = await table_of(gm, ALICE, BOB)
    for _ in range(5):
        await step(gm, game_id)
    data = await gm.export(game_id)
    tamper(data)
    games = len(await gm.repo.list_games())
    with pytest.raises(ServiceError, match=reason):
        await gm.import_game(guild_id=GUILD, channel_id=200, by=CARA,
                             raw=json.dumps(data).encode())
    with pytest.raises(ServiceError, match="not UTF-8 JSON"):
        await gm.import_game(guild_id=GUILD, channel_id=200, by=CARA, raw=b"\xff{")
    assert len(await gm.repo.list_games()) == games
