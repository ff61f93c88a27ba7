"""/gm: every tool refuses non-moderators privately and works for a moderator, who is a
member with Manage Server or the role chosen with /gm role."""

from __future__ import annotations

import pytest

from cogs.moderation import NOT_MANAGER, NOT_MODERATOR
from tests.cogs.harness import ALICE, BOB, CARA, MOD, MOD_ROLE, OWNER, Harness

COMMANDS = [
    ("gm undo", {}),
    ("gm replace", {"seat": 2, "user": CARA}),
    ("gm kick", {"user": BOB}),
    ("gm pause", {}),
    ("gm resume", {}),
    ("gm end", {"scored": False}),
]


async def running(harness: Harness) -> tuple[int, int]:
    """Alice, Bob and an AI; Alice has made her first move."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    prompt = await harness.prompt(ALICE, game_id)
    await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)
    return game_id, thread


@pytest.mark.parametrize("command, options", COMMANDS)
async def test_non_moderators_are_refused_privately_and_nothing_changes(harness, command,
                                                                        options):
    game_id, thread = await running(harness)
    version, public = await harness.version(game_id), len(harness.public())
    for user in (BOB, MOD):  # a player; a member whose role is not (yet) the moderator role
        reply = await harness.invoke(user, command, where=thread, **options)
        assert reply.ephemeral and reply.text == NOT_MODERATOR
    assert await harness.version(game_id) == version and len(harness.public()) == public


async def test_only_manage_server_chooses_the_moderator_role(harness):
    for user in (BOB, MOD):
        reply = await harness.invoke(user, "gm role", role=MOD_ROLE)
        assert reply.ephemeral and reply.text == NOT_MANAGER
    assert await harness.gm.moderator_role(harness.bot.guilds[0].id) is None
    reply = await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    assert reply.ephemeral and f"<@&{MOD_ROLE}>" in reply.text
    assert await harness.gm.moderator_role(harness.bot.guilds[0].id) == MOD_ROLE
    cleared = await harness.invoke(OWNER, "gm role")
    assert "cleared" in cleared.text
    assert await harness.gm.moderator_role(harness.bot.guilds[0].id) is None


async def test_the_moderator_role_pauses_and_resumes(harness):
    game_id, thread = await running(harness)
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    reply = await harness.invoke(MOD, "gm pause", where=thread)
    assert reply.ephemeral and (await harness.gm.table(game_id)).status == "paused"
    assert "paused the game" in harness.in_channel(thread)[-1].content
    refused = await harness.invoke(BOB, "move", where=thread, action="pass")
    assert "paused" in refused.text
    await harness.invoke(MOD, "gm resume", where=thread)
    assert (await harness.gm.table(game_id)).status == "running"
    assert "resumed" in harness.in_channel(thread)[-1].content


async def test_a_moderator_undoes_the_last_move(harness):
    game_id, thread = await running(harness)
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    reply = await harness.invoke(MOD, "gm undo", where=thread)
    assert reply.ephemeral and "Done" in reply.text
    assert not [a for a in await harness.gm.repo.actions(game_id) if a.user_id == ALICE.id]
    assert "took back" in "\n".join(m.content for m in harness.in_channel(thread)[-3:])
    assert await harness.prompt(ALICE, game_id) is not None


async def test_a_moderator_replaces_and_kicks_players(harness):
    game_id, thread = await running(harness)
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    await harness.invoke(MOD, "gm replace", where=thread, seat=2, user=CARA)
    seats = (await harness.gm.table(game_id)).seats
    assert seats[1].user_id == CARA.id and seats[1].name == "Cara"
    assert "Cara" in "\n".join(m.content for m in harness.in_channel(thread)[-2:])
    await harness.invoke(MOD, "gm kick", where=thread, user=CARA)
    seat = (await harness.gm.table(game_id)).seats[1]
    assert seat.ai and seat.user_id is None


async def test_a_refused_moderation_shows_the_services_reason(harness):
    game_id, thread = await running(harness)
    reply = await harness.invoke(OWNER, "gm resume", where=thread)
    assert reply.ephemeral and "not paused" in reply.text
    seat = await harness.invoke(OWNER, "gm replace", where=thread, seat=9)
    assert "There is no seat 9" in seat.text


async def test_a_moderator_ends_the_game(harness):
    game_id, thread = await running(harness)
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    reply = await harness.invoke(MOD, "gm end", where=thread, scored=False)
    assert reply.ephemeral
    assert (await harness.gm.table(game_id)).status == "abandoned"
    assert "ended the game" in harness.in_channel(thread)[-1].content
