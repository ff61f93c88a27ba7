"""/game new, join, leave, ai, start and the reading commands, through the command tree."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.models import ServiceError
from cogs.game import read_options
from tests.cogs.fake_discord import CHANNEL_ID, EPHEMERAL
from tests.cogs.harness import ALICE, BOB, STRANGER

PNG = b"\x89PNG\r\n\x1a\n"


async def test_new_opens_a_public_thread_and_posts_the_table_there(harness):
    reply = await harness.invoke(ALICE, "game new", game="record", options="advanced=true")
    [create] = harness.calls("POST /channels/{channel_id}/threads")
    assert create.json["type"] == 11 and "Record" in create.json["name"]
    thread = harness.threads()[-1]
    assert reply.ephemeral and f"<#{thread}>" in reply.text
    table = (await harness.gm.table(await harness.gm.game_id_for_channel(thread)))
    assert table.thread_id == thread and table.options["advanced"] is True
    [posted] = harness.in_channel(thread)
    assert "Alice" in posted.content and "`advanced=true` — Advanced rules" in posted.content
    [invitation] = harness.in_channel(CHANNEL_ID)
    assert f"<#{thread}>" in invitation.content and "/game join" in invitation.content


async def test_new_join_ai_start_posts_the_board_in_the_thread(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    reply = await harness.invoke(ALICE, "game start", where=thread)
    assert reply.ephemeral and "started" in reply.text
    posts = harness.in_channel(thread)
    boards = [data for m in posts for name, data in m.files if name == "board.png"]
    assert boards and boards[0].startswith(PNG)
    assert "begins" in posts[-1].content or "begins" in posts[-2].content
    assert (await harness.gm.table(game_id)).status == "running"


async def test_start_mentions_the_first_awaited_player_with_the_turn_button(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(BOB, "game start", where=thread)
    last = harness.in_channel(thread)[-1]
    assert f"gm:turn:{game_id}" in last.custom_ids() and "<@11>" in last.content


async def test_an_update_mentions_the_awaited_players_but_the_actor_once(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    prompt = await harness.prompt(ALICE, game_id)
    await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)
    last = harness.in_channel(thread)[-1]
    awaited = [u for u in (BOB,) if await harness.prompt(u, game_id)]
    assert "<@11>" not in last.content  # Alice reads her next decision in her own answer
    assert awaited and f"gm:turn:{game_id}" in last.custom_ids()
    assert all(last.content.count(f"<@{u.id}>") == 1 for u in awaited)
    mention = harness.calls("POST /channels/{channel_id}/messages")[-1].json
    assert mention["allowed_mentions"]["users"] == [u.id for u in awaited]
    assert mention["allowed_mentions"]["parse"] == []


async def test_seats_change_in_public_and_leave_gives_the_seat_back(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    assert "Bob joined" in harness.in_channel(thread)[-1].content
    reply = await harness.invoke(BOB, "game leave", where=thread)
    assert reply.ephemeral and "left" in harness.in_channel(thread)[-1].content
    assert [s.name for s in (await harness.gm.table(game_id)).seats] == ["Alice"]


async def test_joining_twice_is_refused_with_the_service_message(harness):
    _, thread = await harness.open_table(ALICE)
    reply = await harness.invoke(ALICE, "game join", where=thread)
    assert reply.ephemeral and "already have a seat" in reply.text


@pytest.mark.parametrize("options, message", [
    ("advanced", "should look like name=value"),
    ("colour=blue", "Unknown option `colour`"),
    ("advanced=maybe", "must be one of"),
])
async def test_bad_options_get_a_clear_private_answer_and_no_table(harness, options, message):
    reply = await harness.invoke(ALICE, "game new", game="record", options=options)
    assert reply.ephemeral and message in reply.text
    assert not harness.threads() and not harness.in_channel(CHANNEL_ID)


def test_options_text_is_read_as_names_and_typed_values():
    assert read_options("advanced=true, seats=4 mode=Classic lax=no") == {
        "advanced": True, "seats": 4, "mode": "Classic", "lax": False}
    assert read_options("") == {}
    with pytest.raises(ServiceError, match="name=value"):
        read_options("advanced")


async def test_new_in_a_thread_is_refused(harness):
    _, thread = await harness.open_table(ALICE)
    reply = await harness.invoke(BOB, "game new", game="record", where=thread)
    assert reply.ephemeral and "text channel" in reply.text
    assert len(harness.threads()) == 1


async def test_commands_outside_a_game_say_how_to_start_one(harness):
    reply = await harness.invoke(ALICE, "game status")
    assert reply.ephemeral and "/game new" in reply.text


async def test_reading_commands_answer_privately_in_thread_and_channel(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    public_before = len(harness.public())
    status = await harness.invoke(STRANGER, "game status", where=thread)
    assert status.ephemeral and "Record of the Three Kingdoms" in status.text
    board = await harness.invoke(BOB, "game board", where=CHANNEL_ID)
    assert board.ephemeral and board.messages[0].files[0][1].startswith(PNG), board.text
    log = await harness.invoke(ALICE, "game log", where=thread, limit=5)
    assert log.ephemeral and log.text
    assert len(harness.public()) == public_before


async def test_hand_is_ephemeral_and_shows_only_the_players_own_cards(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    reply = await harness.invoke(BOB, "game hand", where=thread)
    [callback] = reply.token.callbacks
    assert callback["data"]["flags"] & EPHEMERAL
    assert reply.ephemeral and reply.text
    stranger = await harness.invoke(STRANGER, "game hand", where=thread)
    assert stranger.ephemeral and "no seat" in stranger.text


async def test_start_by_a_stranger_is_refused_and_changes_nothing(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    version = await harness.version(game_id)
    reply = await harness.invoke(STRANGER, "game start", where=thread)
    assert reply.ephemeral and "seated player or a moderator" in reply.text
    assert await harness.version(game_id) == version


async def test_without_thread_permission_the_game_is_played_in_the_channel(harness):
    harness.fake.forbidden.add("POST /channels/{channel_id}/threads")
    reply = await harness.invoke(ALICE, "game new", game="record")
    assert reply.ephemeral and "played in this channel" in reply.text
    assert "Alice" in harness.in_channel(CHANNEL_ID)[-1].content
    game_id = await harness.gm.game_id_for_channel(CHANNEL_ID)
    await harness.invoke(BOB, "game join")
    assert "Bob joined" in harness.in_channel(CHANNEL_ID)[-1].content
    assert (await harness.gm.table(game_id)).thread_id is None


async def test_an_unexpected_failure_is_logged_and_answered_generically(harness, caplog,
                                                                       monkeypatch):
    game_id, thread = await harness.open_table(ALICE)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(harness.gm, "status_text", broken)
    reply = await harness.invoke(ALICE, "game status", where=thread)
    assert reply.ephemeral and reply.text == t("core.unexpected")
    assert "database on fire" in caplog.text


async def test_a_refused_public_post_does_not_undo_or_hide_a_saved_change(harness):
    game_id, thread = await harness.open_table(ALICE)
    harness.fake.forbidden.add("POST /channels/{channel_id}/messages")
    reply = await harness.invoke(BOB, "game join", where=thread)
    assert reply.text.startswith("Done.")
    assert [s.name for s in (await harness.gm.table(game_id)).seats] == ["Alice", "Bob"]


async def test_in_a_channel_of_several_tables_a_command_finds_the_user_s_own(harness):
    alice_game, alice_thread = await harness.open_table(ALICE)
    bob_game, bob_thread = await harness.open_table(BOB)
    mine = await harness.invoke(ALICE, "game status")  # in the channel, not a thread
    assert f"game {alice_game}" in mine.text and f"game {bob_game}" not in mine.text
    theirs = await harness.invoke(BOB, "game status")
    assert f"game {bob_game}" in theirs.text
    asked = await harness.invoke(STRANGER, "game status")
    assert asked.ephemeral and "Several tables are in play here" in asked.text
    assert f"<#{alice_thread}>" in asked.text and f"<#{bob_thread}>" in asked.text
    assert f"game {alice_game}" in asked.text and "Record of the Three Kingdoms" in asked.text
    in_thread = await harness.invoke(STRANGER, "game status", where=bob_thread)
    assert f"game {bob_game}" in in_thread.text


async def test_rules_looks_a_thing_up_by_name_in_the_reader_s_language(harness):
    _, thread = await harness.open_table(ALICE)
    suggested = await harness.autocomplete(ALICE, "game rules", "name", "zhao", where=thread)
    assert suggested.choices and any("Zhao Yun" in c["name"] for c in suggested.choices)
    answer = await harness.invoke(ALICE, "game rules", where=thread,
                                  name=suggested.choices[0]["value"])
    assert answer.ephemeral and "Zhao Yun" in answer.text
    nothing = await harness.invoke(ALICE, "game rules", where=thread, name="no such thing")
    assert nothing.ephemeral and "no such thing" in nothing.text


async def test_new_suggests_the_games_options_with_what_each_does(harness):
    """Issue 14: `/game new` helps with its options in the reader's language."""
    await harness.invoke(ALICE, "me language", language="ko")
    offered = await harness.autocomplete(ALICE, "game new", "options", "advanced=true two",
                                         game="record")
    assert [c["value"] for c in offered.choices] == ["advanced=true two_player_lords=true",
                                                    "advanced=true two_player_lords=false"]
    assert offered.choices[0]["name"].startswith("two_player_lords=true — 2인 규칙")
    blind = await harness.autocomplete(ALICE, "game new", "options", "")
    assert blind.choices == []  # no game chosen yet


async def test_a_refusal_in_a_channel_of_several_tables_names_the_table(harness):
    """Alice's own table is found in the channel, and what refuses her says which table it
    is about; in the table's own thread the refusal needs no name."""
    alice_game, alice_thread = await harness.open_table(ALICE)
    await harness.open_table(BOB)
    refused = await harness.invoke(ALICE, "game start")  # one seat: too few to start
    assert refused.ephemeral and refused.text.startswith(f"About <#{alice_thread}>")
    assert f"game {alice_game}" in refused.text
    in_thread = await harness.invoke(ALICE, "game start", where=alice_thread)
    assert in_thread.ephemeral and not in_thread.text.startswith("About")
    assert (await harness.gm.table(alice_game)).status == "open"
