"""/me and /deadline through the command tree, and the clock's pass posting in the thread."""

from __future__ import annotations

from bot.i18n import t
from bot.playbypost.clock import HOUR
from bot.service.models import Player
from tests.cogs.fake_discord import GUILD_ID
from tests.cogs.harness import ALICE, BOB, CARA, OWNER, Harness

T0 = 1_700_000_000.0


async def started(harness: Harness, hours: float = 24) -> tuple[int, int]:
    """Alice's table with Bob, under a server deadline of `hours`, started at T0."""
    moderator = Player(OWNER.id, OWNER.name, is_moderator=True)
    await harness.gm.settings.set_server(GUILD_ID, moderator, deadline_hours=hours,
                                         deadline_policy="wait")
    harness.bot.app.clock.now = lambda: T0
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def awaited_user(harness: Harness, game_id: int):
    [clock] = await harness.gm.repo.clocks(game_id=game_id)
    return (ALICE, BOB) if clock.user_id == ALICE.id else (BOB, ALICE)


async def test_me_games_links_the_game_and_shows_a_relative_deadline(harness):
    game_id, thread = await started(harness)
    awaited, other = await awaited_user(harness, game_id)
    link = f"https://discord.com/channels/{GUILD_ID}/{thread}"
    mine = await harness.invoke(awaited, "me games")
    assert mine.ephemeral and "Waiting for you" in mine.text
    assert link in mine.text and f"<t:{int(T0 + 24 * HOUR)}:R>" in mine.text
    theirs = await harness.invoke(other, "me games")
    assert "Your other games" in theirs.text and link in theirs.text
    assert "Waiting for you" not in theirs.text
    nothing = await harness.invoke(CARA, "me games")
    assert nothing.text == t("clock.no_games")


async def test_deadline_set_is_refused_to_a_player_who_neither_moderates_nor_created(harness):
    game_id, thread = await started(harness, hours=0)
    public = len(harness.public())
    refused = await harness.invoke(BOB, "deadline set", where=thread, hours=2.0)
    assert refused.ephemeral and refused.text == t("clock.not_allowed")
    assert (await harness.gm.repo.deadline(game_id)).hours == 0
    assert len(harness.public()) == public
    done = await harness.invoke(ALICE, "deadline set", where=thread, hours=2.0,
                                policy="autopilot", reminders="1")
    assert done.ephemeral and done.text.startswith("Done. Turn deadline: 2 h")
    assert "the AI plays the turn" in done.text
    assert "Alice changed this game's turn deadline" in harness.in_channel(thread)[-1].content
    shown = await harness.invoke(BOB, "deadline show", where=thread)
    assert f"<t:{int(T0 + 2 * HOUR)}:R>" in shown.text


async def test_the_pass_reminds_in_the_thread_and_mentions_the_awaited(harness):
    game_id, thread = await started(harness)
    awaited, _ = await awaited_user(harness, game_id)
    harness.bot.app.clock.now = lambda: T0 + 12.5 * HOUR
    await harness.bot.get_cog("ClockCog").run_pass()  # type: ignore[union-attr]
    reminder = harness.in_channel(thread)[-1]
    prompt = await harness.prompt(awaited, game_id)
    assert prompt is not None
    owed = prompt.text.splitlines()[0]  # what the seat still owes, in the engine's words
    assert owed and "lord" in owed
    assert reminder.content == (f"⏰ <@{awaited.id}>: your turn ends <t:{int(T0 + 24 * HOUR)}:R>."
                                f" You still owe: {owed}")


async def test_me_settings_dm_vacation_and_language(harness):
    harness.bot.app.clock.now = lambda: T0
    on = await harness.invoke(ALICE, "me dm", on=True)
    assert on.ephemeral and on.text == t("clock.dm_on")
    assert (await harness.gm.settings.user(ALICE.id)).dm
    away = await harness.invoke(ALICE, "me vacation", days=3)
    assert f"<t:{int(T0 + 3 * 24 * HOUR)}:F>" in away.text
    assert (await harness.gm.settings.user(ALICE.id)).vacation_until == T0 + 3 * 24 * HOUR
    back = await harness.invoke(ALICE, "me vacation", days=0)
    assert back.text == t("clock.vacation_over")
    korean = await harness.invoke(ALICE, "me language", language="ko")
    assert korean.text == t("clock.language_set", "ko", language="한국어")
    follow = await harness.invoke(ALICE, "me language", language="discord")
    assert follow.text == t("clock.language_discord")
    assert (await harness.gm.settings.user(ALICE.id)).language is None


async def test_me_quiet_next_block_and_settings(harness):
    harness.bot.app.clock.now = lambda: T0
    quiet = await harness.invoke(ALICE, "me quiet", start="23", end="8", zone="Asia/Seoul")
    assert quiet.ephemeral and quiet.text.startswith("Quiet hours set: 23:00–08:00 (Asia/Seoul)")
    bad = await harness.invoke(ALICE, "me quiet", start="23", end="8", zone="Moon/Base")
    assert "I do not know the time zone “Moon/Base”" in bad.text
    nudged = await harness.invoke(ALICE, "me next", on=True)
    assert nudged.text == t("clock.heads_up_on")
    blocked = await harness.invoke(ALICE, "me block", user=BOB)
    assert blocked.ephemeral and f"<@{BOB.id}>" in blocked.text
    again = await harness.invoke(ALICE, "me block", user=BOB)
    assert again.text == t("campaigns.already_blocked")
    mine = await harness.invoke(ALICE, "me settings")
    assert mine.ephemeral and mine.text.splitlines() == [
        "**Your settings**", "• Language: Discord", "• A DM on your turn: off",
        "• “You are next”: on", "• Quiet hours: 23:00–08:00 (Asia/Seoul)",
        f"• Never seated with (campaigns): <@{BOB.id}>"]
    await harness.invoke(ALICE, "me unblock", user=BOB)
    cleared = await harness.invoke(ALICE, "me quiet")
    assert cleared.text == t("clock.quiet_cleared")
    mine = await harness.invoke(ALICE, "me settings")
    assert "• Quiet hours: none" in mine.text and "(campaigns): none" in mine.text


async def test_a_turn_in_quiet_hours_is_mentioned_in_the_thread_when_they_end(harness):
    for user in (ALICE, BOB):  # T0 is 22:13 UTC
        await harness.invoke(user, "me quiet", start="22", end="8", zone="UTC")
        await harness.invoke(user, "me dm", on=True)
    game_id, thread = await started(harness)
    awaited, _ = await awaited_user(harness, game_id)
    said = "\n".join(m.content for m in harness.in_channel(thread))
    assert f"{awaited.name} is awaited, in their quiet hours until <t:" in said
    assert f"<@{awaited.id}>" not in said and harness.dms(awaited) == []
    harness.bot.app.clock.now = lambda: T0 + 9 * HOUR  # 07:13 UTC: still quiet
    await harness.bot.get_cog("ClockCog").run_pass()  # type: ignore[union-attr]
    assert not any("during your quiet hours" in m.content for m in harness.in_channel(thread))
    harness.bot.app.clock.now = lambda: T0 + 10 * HOUR  # 08:13 UTC
    await harness.bot.get_cog("ClockCog").run_pass()  # type: ignore[union-attr]
    [told] = [m for m in harness.in_channel(thread) if "during your quiet hours" in m.content]
    assert told.content.startswith(f"🌅 <@{awaited.id}>: your turn came during your quiet")
    assert [m.content for m in harness.dms(awaited) if "it is your turn" in m.content]
