"""Bans and members' own settings, as storage keeps them."""

from __future__ import annotations

from storage.server import EVERY_GAME

GUILD, OTHER_GUILD, BOB = 1, 2, 12


async def test_a_game_ban_covers_that_game_only(repo):
    await repo.add_ban(guild_id=GUILD, game_id=7, user_id=BOB, reason="rude", banned_by=20)
    assert await repo.is_banned(GUILD, 7, BOB)
    assert not await repo.is_banned(GUILD, 8, BOB)
    assert not await repo.is_banned(OTHER_GUILD, 7, BOB)


async def test_a_server_ban_covers_every_game_of_that_server(repo):
    await repo.add_ban(guild_id=GUILD, game_id=EVERY_GAME, user_id=BOB, reason="",
                       banned_by=None)
    assert await repo.is_banned(GUILD, 7, BOB) and await repo.is_banned(GUILD, EVERY_GAME, BOB)
    assert not await repo.is_banned(OTHER_GUILD, 7, BOB)


async def test_banning_again_replaces_the_reason_and_lifting_reports_whether_there_was_one(repo):
    await repo.add_ban(guild_id=GUILD, game_id=7, user_id=BOB, reason="rude", banned_by=20)
    await repo.add_ban(guild_id=GUILD, game_id=7, user_id=BOB, reason="spam", banned_by=21)
    [ban] = await repo.bans(GUILD)
    assert (ban.reason, ban.banned_by) == ("spam", 21)
    assert await repo.remove_ban(guild_id=GUILD, game_id=7, user_id=BOB)
    assert not await repo.remove_ban(guild_id=GUILD, game_id=7, user_id=BOB)
    assert await repo.bans(GUILD) == []


async def test_user_settings_hold_json_values_and_none_clears_them(repo):
    await repo.set_user_setting(BOB, "language", "ko")
    await repo.set_user_setting(BOB, "vacation_until", 1_800_000_000.5)
    await repo.set_user_setting(BOB, "language", "ja")
    assert await repo.user_settings(BOB) == {"language": "ja",
                                             "vacation_until": 1_800_000_000.5}
    await repo.set_user_setting(BOB, "language", None)
    assert await repo.user_settings(BOB) == {"vacation_until": 1_800_000_000.5}
