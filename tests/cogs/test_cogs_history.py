"""/game history, export and import through the command tree."""

from __future__ import annotations

import json

from tests.cogs.fake_discord import CHANNEL_ID
from tests.cogs.harness import ALICE, BOB, OWNER, STRANGER, Harness, Upload

PNG = b"\x89PNG\r\n\x1a\n"



async def played(harness: Harness, moves: int = 8) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    for _ in range(moves):
        user = ALICE if await harness.prompt(ALICE, game_id) else BOB
        prompt = await harness.prompt(user, game_id)
        assert prompt is not None, "Alice or Bob is to move"
        await harness.invoke(user, "move", where=thread, action=prompt.actions[0].text)
    return game_id, thread


async def test_history_shows_a_step_privately_to_anyone(harness):
    game_id, thread = await played(harness)
    public = len(harness.public())
    setup = await harness.invoke(STRANGER, "game history", where=thread, step=0)
    assert setup.ephemeral and "Step 0 of" in setup.text
    assert setup.messages[0].files[0][1].startswith(PNG)
    third = await harness.invoke(STRANGER, "game history", where=thread, step=3)
    assert "Step 3 of" in third.text
    last = len(await harness.gm.repo.actions(game_id))
    far = await harness.invoke(STRANGER, "game history", where=thread, step=last + 1)
    assert far.ephemeral and f"steps 0 (the setup) to {last}" in far.text
    assert len(harness.public()) == public


async def test_export_is_for_moderators_while_the_game_runs(harness):
    game_id, thread = await played(harness)
    refused = await harness.invoke(ALICE, "game export", where=thread)
    assert refused.ephemeral and "only a moderator" in refused.text
    reply = await harness.invoke(OWNER, "game export", where=thread)
    files = dict(reply.messages[0].files)
    assert reply.ephemeral and set(files) == {f"record-game-{game_id}.json",
                                              f"record-game-{game_id}.txt"}
    data = json.loads(files[f"record-game-{game_id}.json"])
    assert data == await harness.gm.export(game_id)
    assert b"0. setup" in files[f"record-game-{game_id}.txt"]
    assert (await harness.gm.repo.audit_log(game_id=game_id))[0].what == "export"


async def test_import_opens_a_new_thread_with_vacant_seats(harness, cdn):
    game_id, _ = await played(harness)
    data = await harness.gm.export(game_id)
    upload = Upload("game.json", json.dumps(data).encode())
    cdn[upload.url] = upload.data
    await harness.invoke(OWNER, "gm end", where=harness.threads()[-1], scored=False)
    reply = await harness.invoke(STRANGER, "game import", file=upload)
    thread = harness.threads()[-1]
    assert reply.ephemeral and f"<#{thread}>" in reply.text
    imported = await harness.gm.game_id_for_channel(thread)
    table = await harness.gm.table(imported)
    assert imported != game_id and [s.user_id for s in table.seats] == [None, None]
    assert "/game takeover" in harness.in_channel(CHANNEL_ID)[-1].content
    assert (await harness.gm.repo.get_game(imported)).state == data["state"]
    taken = await harness.invoke(STRANGER, "game takeover", where=thread, seat=1)
    assert "You now play seat 1" in taken.text


async def test_a_tampered_import_is_refused_and_opens_nothing(harness, cdn):
    game_id, _ = await played(harness)
    data = await harness.gm.export(game_id)
    data["actions"].pop()
    upload = Upload("game.json", json.dumps(data).encode())
    cdn[upload.url] = upload.data
    threads = len(harness.threads())
    reply = await harness.invoke(STRANGER, "game import", file=upload)
    assert reply.ephemeral and "the state differs" in reply.text
    assert len(harness.threads()) == threads
