"""/gm: every tool refuses non-moderators privately and works for a moderator, who is a
member with Manage Server or the role chosen with /gm role."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.models import ServiceError
from tests.cogs.harness import ALICE, BOB, CARA, CHANNEL_ID, MOD, MOD_ROLE, OWNER, Harness

NOT_MODERATOR = t("moderation.not_moderator")
NOT_MANAGER = t("moderation.not_manager")

COMMANDS = [
    ("gm undo", {}),
    ("gm replace", {"seat": 2, "user": CARA}),
    ("gm kick", {"user": BOB}),
    ("gm pause", {}),
    ("gm resume", {}),
    ("gm end", {"scored": False}),
    ("gm ban", {"user": BOB}),
    ("gm unban", {"user": BOB}),
    ("gm bans", {}),
    ("gm audit", {}),
    ("gm settings", {}),
    ("gm set language", {"language": "ko"}),
    ("gm set deadline", {"hours": 24.0}),
]


async def running(harness: Harness) -> tuple[int, int]:
    """Alice, Bob and an AI; Alice has made her first move."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    prompt = await harness.prompt(ALICE, game_id)
    assert prompt is not None, "Alice moves first"
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


async def test_settings_show_every_default(harness):
    reply = await harness.invoke(OWNER, "gm settings")
    assert reply.ephemeral
    for line in (t("moderation.setting_role", role=t("moderation.role_none")),
                 t("moderation.setting_language", language="English"),
                 t("moderation.setting_deadline", deadline=t("moderation.deadline_none"),
                   policy=t("moderation.policy_wait")),
                 t("moderation.setting_reminders", hours="12, 1"),
                 t("moderation.setting_channels", channels=t("moderation.channels_all"))):
        assert line in reply.text


async def test_a_moderator_sets_the_servers_defaults_and_it_is_audited(harness):
    guild = harness.bot.guilds[0].id
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    await harness.invoke(MOD, "gm set deadline", hours=24.0, policy="autopilot",
                         reminders="1, 6")
    reply = await harness.invoke(MOD, "gm set language", language="ja")
    config = await harness.gm.settings.server(guild)
    assert (config.deadline_hours, config.deadline_policy, config.reminders) == \
        (24.0, "autopilot", (6.0, 1.0))
    assert config.language == "ja"
    # the answer speaks the moderator's Discord language (English), and lists the new values
    assert t("moderation.setting_deadline", deadline=t("moderation.deadline_hours", hours="24"),
             policy=t("moderation.policy_autopilot")) in reply.text
    audit = await harness.invoke(MOD, "gm audit")
    assert audit.text.count("**setting**") == 5  # the role, three deadline values, language


async def test_bad_settings_are_refused_and_change_nothing(harness):
    guild = harness.bot.guilds[0].id
    reply = await harness.invoke(OWNER, "gm set deadline", hours=12.0, reminders="soon")
    assert reply.ephemeral and reply.text == t("moderation.bad_reminders", most=5)
    reply = await harness.invoke(OWNER, "gm set deadline", hours=12.0, reminders="13, 800")
    assert reply.text == t("moderation.bad_reminders", most=5)
    assert (await harness.gm.settings.server(guild)).deadline_hours == 0.0


async def test_game_channels_restrict_where_tables_open(harness):
    guild, elsewhere = harness.bot.guilds[0].id, CHANNEL_ID + 99
    await harness.invoke(OWNER, "gm set channel", channel=CHANNEL_ID, allowed=True)
    assert (await harness.gm.settings.server(guild)).game_channels == (CHANNEL_ID,)
    await harness.gm.settings.check_new_game(guild, CHANNEL_ID, ALICE.id)
    with pytest.raises(ServiceError) as refused:
        await harness.gm.settings.check_new_game(guild, elsewhere, ALICE.id)
    assert refused.value.render() == t("moderation.not_a_game_channel",
                                       channels=f"<#{CHANNEL_ID}>")
    await harness.invoke(OWNER, "gm set channel", channel=CHANNEL_ID, allowed=False)
    assert (await harness.gm.settings.server(guild)).game_channels == ()
    await harness.gm.settings.check_new_game(guild, elsewhere, ALICE.id)


async def test_a_ban_from_this_game_seats_an_ai_and_is_listed_until_lifted(harness):
    game_id, thread = await running(harness)
    reply = await harness.invoke(OWNER, "gm ban", where=thread, user=BOB, reason="rude")
    assert reply.ephemeral
    seat = (await harness.gm.table(game_id)).seats[1]
    assert seat.ai and seat.user_id is None
    assert t("moderation.banned_here", moderator="Owner", player="Bob") in reply.text
    listed = await harness.invoke(OWNER, "gm bans")
    assert f"<@{BOB.id}>" in listed.text and "rude" in listed.text
    assert await harness.gm.repo.is_banned(harness.bot.guilds[0].id, game_id, BOB.id)
    await harness.invoke(OWNER, "gm unban", where=thread, user=BOB)
    assert not await harness.gm.repo.is_banned(harness.bot.guilds[0].id, game_id, BOB.id)
    again = await harness.invoke(OWNER, "gm unban", where=thread, user=BOB)
    assert again.text == t("moderation.not_banned")


async def test_a_server_wide_ban_keeps_a_member_out_of_new_tables(harness):
    await harness.invoke(OWNER, "gm ban", user=CARA, everywhere=True)
    with pytest.raises(ServiceError) as refused:
        await harness.gm.settings.check_new_game(harness.bot.guilds[0].id, CHANNEL_ID, CARA.id)
    assert str(refused.value) == t("moderation.banned")
