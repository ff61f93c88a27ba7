"""Server and member settings: defaults, validation, the order in which a reader's language
is chosen, and the cache that every write refreshes."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.service.models import Player, ServiceError
from bot.service.settings import ServerConfig, ServerSettings, UserConfig, parse_reminders
from storage import SqliteRepository

GUILD, ALICE = 1, 11
MOD = Player(20, "Owner", is_moderator=True)


@pytest.fixture
async def settings():
    async with SqliteRepository() as repo:
        yield ServerSettings(repo)


async def test_defaults_apply_until_a_moderator_changes_them(settings):
    assert await settings.server(GUILD) == ServerConfig()
    assert await settings.server(None) == ServerConfig()
    assert await settings.user(ALICE) == UserConfig()


async def test_a_readers_language_is_their_choice_then_discord_then_the_server(settings):
    assert await settings.reader_locale(ALICE, "es-ES", GUILD) == "en"
    await settings.set_server(GUILD, MOD, language="zh-TW")
    assert await settings.reader_locale(ALICE, "es-ES", GUILD) == "zh-TW"
    assert await settings.reader_locale(ALICE, "ko", GUILD) == "ko"
    await settings.set_user(ALICE, language="ja")
    assert await settings.reader_locale(ALICE, "ko", GUILD) == "ja"
    await settings.set_user(ALICE, language=None)
    assert await settings.reader_locale(ALICE, "en-GB", GUILD) == "en"
    assert await settings.thread_locale(GUILD) == "zh-TW"


async def test_a_remembered_client_language_stands_in_when_no_interaction_tells_it(settings):
    await settings.set_server(GUILD, MOD, language="zh-TW")
    await settings.seen_client(ALICE, "ko")
    assert await settings.reader_locale(ALICE, None, GUILD) == "ko"  # a DM: no interaction
    assert await settings.reader_locale(ALICE, "ja", GUILD) == "ja"  # the client now wins
    await settings.seen_client(ALICE, "fr")  # a client we do not speak: forget the last one
    assert await settings.reader_locale(ALICE, None, GUILD) == "zh-TW"
    await settings.seen_client(ALICE, "en-GB")
    assert (await ServerSettings(settings.repo).user(ALICE)).client_locale == "en"
    await settings.set_user(ALICE, language="ja")  # a choice outranks every client
    assert await settings.reader_locale(ALICE, None, GUILD) == "ja"


async def test_seeing_the_same_client_again_writes_nothing(settings, monkeypatch):
    await settings.seen_client(ALICE, "zh-CN")
    writes: list[tuple[int, str]] = []

    async def counted(user_id: int, key: str, value: object) -> None:
        writes.append((user_id, key))

    monkeypatch.setattr(settings.repo, "set_user_setting", counted)
    settings.now = lambda: 1e9  # the cached copy expired: it is read again, not written
    await settings.seen_client(ALICE, "zh-CN")
    await settings.seen_client(ALICE, None)  # no locale known: nothing to forget either
    assert writes == []
    await settings.seen_client(ALICE, "ja")
    assert writes == [(ALICE, "client_locale")]


async def test_user_settings_change_only_what_is_given_and_survive_the_cache(settings):
    await settings.set_user(ALICE, dm=True, vacation_until=2_000.0)
    await settings.set_user(ALICE, vacation_until=None)
    assert await settings.user(ALICE) == UserConfig(dm=True)
    assert await ServerSettings(settings.repo).user(ALICE) == UserConfig(dm=True)


async def test_only_moderators_change_server_settings(settings):
    with pytest.raises(ServiceError) as refused:
        await settings.set_server(GUILD, Player(ALICE, "Alice"), deadline_hours=24)
    assert str(refused.value) == t("moderation.not_moderator")
    assert await settings.server(GUILD) == ServerConfig()


@pytest.mark.parametrize("change, key", [
    ({"language": "fr"}, "moderation.unknown_language"),
    ({"deadline_hours": 721}, "moderation.bad_deadline"),
    ({"deadline_policy": "explode"}, "moderation.bad_policy"),
    ({"reminders": "tomorrow"}, "moderation.bad_reminders"),
    ({"reminders": "0"}, "moderation.bad_reminders"),
    ({"reminders": "1,2,3,4,5,6"}, "moderation.bad_reminders"),
])
async def test_bad_values_are_refused_with_what_is_allowed(settings, change, key):
    with pytest.raises(ServiceError) as refused:
        await settings.set_server(GUILD, MOD, **change)
    assert refused.value.message.key == key
    assert await settings.server(GUILD) == ServerConfig()


def test_reminders_read_as_typed_latest_first():
    assert parse_reminders("1, 12;6") == (12.0, 6.0, 1.0)
    assert parse_reminders([0.5, 0.5]) == (0.5,)


async def test_settings_changes_are_audited(settings):
    await settings.set_server(GUILD, MOD, deadline_hours=48, reminders="24,2")
    rows = await settings.repo.audit_log(guild_id=GUILD)
    assert [(r.what, r.detail) for r in reversed(rows)] == [
        ("setting", {"key": "deadline_hours", "value": 48.0}),
        ("setting", {"key": "reminders", "value": [24.0, 2.0]})]
