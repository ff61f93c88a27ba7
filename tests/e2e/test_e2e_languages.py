"""One language per reader through the local Discord (issue 27, item 4): a member whose
Discord client is Korean and one whose client is Simplified Chinese play a Record table on a
server that chose no language. Everything each reads alone (the answers to their commands,
the prompt's question, its buttons and menus with their descriptions, their secret lines,
refusals, DMs) is in their client's language with no English left, while the thread, which
everyone reads, stays in the server's language: English."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest

from bot.i18n import t
from bot.tools.fakediscord.autoplay import SeatPlayer, open_table
from bot.tools.fakediscord.bots import InProcessBot
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import CHANNEL_ID, Message, Version
from tests.languages import english_runs

HANGUL = re.compile(r"[\uac00-\ud7a3]")
HAN = re.compile(r"[\u4e00-\u9fff]")
# a Latin word of two letters or more, not an acronym (DM, AI): in a Korean or Chinese text,
# English (the players' names, mentions, code spans and links are taken out first)
LATIN_WORD = re.compile(r"[A-Za-z][a-z]+")
CODE = re.compile(r"`[^`]*`|https?://\S+|<[@#&!:][^>]*>")
NAMES = ("Minjun", "Xiaoming")
CHOICES_EACH = 40  # enough for drafts, secret draws and a few turns each


async def play_until_one_stops(players: list[SeatPlayer]) -> None:
    """Both play at once until one has made its choices: the other then stops waiting for
    them (a game half played is enough to read every kind of message)."""
    tasks = [asyncio.create_task(p.play()) for p in players]
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    for task in done:
        task.result()  # a player's failure is the test's


def seen(message: Message) -> list[Version | Message]:
    """Each state of a message its reader saw: every edit's, then the last."""
    return [*message.history, message]


def texts_of(message: Message) -> Iterator[str]:
    """Every text of every version the reader saw: the content, and each component's
    label, placeholder, and each menu option's label and description."""
    for version in seen(message):
        yield version.content
        for row in version.components:
            for item in row.get("components", []):
                yield from (item.get(k) or "" for k in ("label", "placeholder"))
                for option in item.get("options", []):
                    yield option.get("label") or ""
                    yield option.get("description") or ""


def foreign(text: str, locale: str) -> list[str]:
    """What in `text` is not in `locale` (Korean or Simplified Chinese): English words, or
    Korean in a Chinese text."""
    cleaned = CODE.sub(" ", text)
    for name in NAMES:
        cleaned = cleaned.replace(name, " ")
    found = LATIN_WORD.findall(cleaned)
    if locale == "zh-CN":
        found += HANGUL.findall(cleaned)
    return found


def alone(fake: FakeDiscord, user: ScriptedUser) -> list[Message]:
    """Every message only this user saw: ephemeral answers and their DMs."""
    dms = {c for c, u in fake.world.dm_channels.items() if u == user.id}
    return [m for m in fake.world.messages.values()
            if m.audience == user.id or m.channel_id in dms]


@pytest.mark.parametrize("game", ["record", "tang"])
async def test_a_korean_and_a_chinese_client_each_read_their_own_language(
        fake: FakeDiscord, bot: InProcessBot, game: str) -> None:
    korean = fake.user(NAMES[0], locale="ko")
    chinese = fake.user(NAMES[1], locale="zh-CN")
    for user in (korean, chinese):  # secret lines of the other's moves come by DM too
        await user.command("me dm", channel=CHANNEL_ID, on=True)
    table = await open_table(chinese, game, joiners=(korean,))
    players = [SeatPlayer(u, table, seed=n, max_choices=CHOICES_EACH)
               for n, u in enumerate((korean, chinese), start=1)]
    await play_until_one_stops(players)
    refused = await korean.command("move", channel=table.thread, action="fly away")
    await chinese.command("game hand", channel=table.thread)
    await fake.idle()

    assert refused.message is not None and refused.message.audience == korean.id
    for user, locale in ((korean, "ko"), (chinese, "zh-CN")):
        read = [text for m in alone(fake, user) for text in texts_of(m) if text]
        assert len(read) > 50
        assert [(text, words) for text in read if (words := foreign(text, locale))] == []
        assert any(t("turns.prompt_head", locale, game=table.game_id) in x for x in read)
        assert any(t("turns.dm_head", locale, title=t(f"choice.game.{game}", locale),
                     game=table.game_id) in x for x in read) or game != "record"
    helps = [o["description"] for m in fake.world.messages.values()
             for v in seen(m) for row in v.components
             for item in row.get("components", []) for o in item.get("options", [])
             if o.get("description")]
    assert helps or game != "tang"  # Tang's menus describe their choices
    thread = [m.content for m in fake.world.public(table.thread) if m.content]
    assert thread and not any(HANGUL.search(x) for x in thread)
    assert sum(bool(english_runs(x)) for x in thread) == len(thread)
