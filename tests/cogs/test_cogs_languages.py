"""Five languages through the real command tree: a member reads refusals, prompts and private
answers in their own language (their choice, else their Discord client's), the thread speaks
the server's language, and the synced commands carry their localised names."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import game_title, t
from bot.service.models import Player
from bot.tools.fakediscord.limits import COMMAND_CHARACTERS
from games.core.agents import AGENTS
from tests.cogs.fake_discord import GUILD_ID
from tests.cogs.harness import ALICE, BOB, OWNER, STRANGER, Harness, User


@pytest.fixture
def locales(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Discord client locale per user id (en-US for the others): every interaction the
    harness sends carries its user's."""
    chosen: dict[int, str] = {}
    build = harness.payload

    def localised(user: User, *args: Any, **kwargs: Any) -> dict[str, Any]:
        payload = build(user, *args, **kwargs)
        payload["locale"] = chosen.get(user.id, "en-US")
        return payload

    monkeypatch.setattr(harness, "payload", localised)
    return chosen


async def record_table(harness: Harness) -> tuple[int, int]:
    """Alice and Bob at a Record table that has started: (game id, thread)."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def awaited(harness: Harness, game_id: int) -> User:
    """The player who owes the next decision."""
    for user in (ALICE, BOB):
        if await harness.prompt(user, game_id) is not None:
            return user
    raise AssertionError(f"nobody is awaited in game {game_id}")


async def test_a_korean_member_is_refused_in_korean_and_nothing_changes(harness, locales):
    locales[ALICE.id] = "ko"
    reply = await harness.invoke(ALICE, "redux new", pack="no such pack!")
    assert reply.ephemeral and reply.text == t("tables.no_such_pack", "ko", name="no such pack!",
                                               game="redux", title=game_title("redux"))
    assert not harness.threads()


async def test_a_japanese_member_reads_a_refusal_from_the_game_in_japanese(harness, locales):
    _, thread = await record_table(harness)
    locales[BOB.id] = "ja"
    reply = await harness.invoke(BOB, "scythe hand", where=thread)
    assert reply.ephemeral and reply.text == t("scythe.not_scythe", "ja")


async def test_a_taiwanese_stranger_learns_in_chinese_that_they_have_no_seat(harness,
                                                                             locales):
    game_id, _ = await record_table(harness)
    locales[STRANGER.id] = "zh-TW"
    reply = await harness.take_turn(STRANGER, game_id)
    assert reply.ephemeral and reply.text == t("turns.no_seat", "zh-TW", game=game_id)


async def test_an_unexpected_failure_is_apologised_for_in_simplified_chinese(
        harness, locales, monkeypatch):
    game_id, _ = await record_table(harness)

    async def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(harness.gm, "turn_prompt", broken)
    locales[ALICE.id] = "zh-CN"
    reply = await harness.take_turn(ALICE, game_id)
    assert reply.ephemeral and reply.text == t("core.unexpected", "zh-CN")


async def test_the_prompt_speaks_the_players_language_the_thread_the_servers(harness,
                                                                            locales):
    game_id, thread = await record_table(harness)
    player = await awaited(harness, game_id)
    locales[player.id] = "ko"
    reply = await harness.take_turn(player, game_id)
    assert t("turns.prompt_head", "ko", game=game_id) in reply.text
    public = "\n".join(m.content for m in harness.in_channel(thread))
    assert t("turns.take_turn", "ko") not in public  # the server speaks English


async def test_a_members_own_choice_outranks_their_discord_client(harness, locales):
    game_id, _ = await record_table(harness)
    await harness.gm.settings.set_user(STRANGER.id, language="ja")
    locales[STRANGER.id] = "ko"
    reply = await harness.take_turn(STRANGER, game_id)
    assert reply.text == t("turns.no_seat", "ja", game=game_id)


async def test_the_thread_speaks_the_servers_language(harness, locales):
    owner = Player(OWNER.id, OWNER.name, is_moderator=True)
    await harness.gm.settings.set_server(GUILD_ID, owner, language="ko")
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    last = harness.in_channel(thread)[-1]
    button = t("turns.take_turn", "ko")
    assert button in last.content and last.component(f"gm:turn:{game_id}")["label"] == button
    player = await awaited(harness, game_id)
    locales[player.id] = "fr"  # a language we do not speak: the server's
    reply = await harness.take_turn(player, game_id)
    assert t("turns.prompt_head", "ko", game=game_id) in reply.text


def synced(harness: Harness, *path: str) -> dict[str, Any]:
    """A command, subcommand or option as the bot sent it to Discord."""
    [found] = [c for c in harness.fake.commands if c["name"] == path[0]]
    for name in path[1:]:
        [found] = [o for o in found.get("options", []) if o["name"] == name]
    return found


async def test_the_synced_commands_carry_their_localisations(harness):
    game = synced(harness, "game")
    assert game["name_localizations"] == {"ko": "게임", "zh-CN": "游戏", "zh-TW": "遊戲",
                                          "ja": "ゲーム"}
    assert game["description_localizations"]["ja"] == t("cmd.game.description", "ja")
    new = synced(harness, "game", "new")
    assert new["name_localizations"]["ko"] == t("cmd.game.new.name", "ko")
    option = synced(harness, "game", "new", "game")
    assert option["description_localizations"]["zh-TW"] == t("cmd.game.new.game.description",
                                                             "zh-TW")
    [scythe] = [c for c in option["choices"] if c["value"] == "scythe"]
    assert scythe["name_localizations"]["ja"] == t("choice.game.scythe", "ja")
    coins = synced(harness, "scythe", "new", "coins")
    assert {c["value"]: c["name_localizations"]["ko"] for c in coins["choices"]} == {
        "visible": t("choice.coins.visible", "ko"), "hidden": t("choice.coins.hidden", "ko")}
    levels = synced(harness, "game", "ai", "level")
    offered = [kind for kind, agent in AGENTS.items() if agent.at_tables]
    assert [c["value"] for c in levels["choices"]] == offered
    for locale in ("ko", "zh-CN", "zh-TW", "ja"):
        assert {c["value"]: c["name_localizations"][locale] for c in levels["choices"]} == {
            kind: t(f"choice.level.{kind}", locale) for kind in offered}


def characters(item: dict[str, Any]) -> int:
    """What Discord counts against a command's 4000 characters: names, descriptions and
    choices, each field at its longest localisation."""
    def longest(entry: dict[str, Any], field: str) -> int:
        texts = [entry.get(field) or "", *(entry.get(f"{field}_localizations") or {}).values()]
        return max(len(text) for text in texts)

    total = longest(item, "name") + longest(item, "description")
    total += sum(longest(c, "name") + len(str(c["value"])) for c in item.get("choices") or [])
    return total + sum(characters(option) for option in item.get("options") or [])


async def test_every_command_fits_discords_size_in_its_longest_language(harness):
    sizes = {command["name"]: characters(command) for command in harness.fake.commands}
    assert all(size <= COMMAND_CHARACTERS for size in sizes.values()), sizes
