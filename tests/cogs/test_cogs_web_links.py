"""The web table from Discord: **Open my view** in the prompt and in /game hand, `/me links
revoke`, and **Board** under a posted board (the links, or the Activity with GM_ACTIVITY)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from yarl import URL

from bot.config import Settings
from bot.i18n import t
from bot.service import Player
from bot.web.table import Refused, WebConfig, WebTable
from cogs import ids
from tests.cogs.fake_discord import Message
from tests.cogs.harness import ALICE, BOB, STRANGER, Harness, User

SECRET = b"a test secret of the web table"
ADDRESS = "https://table.example"


def web_on(harness: Harness, *, activity: bool = False) -> WebTable:
    """The web table served at a public address, as gm run does with GM_WEB_*."""
    table = WebTable(harness.gm, WebConfig(SECRET, ADDRESS))
    harness.bot.web_table = table
    harness.bot.settings = replace(harness.bot.settings, web_url=ADDRESS, activity=activity)
    return table


async def started(harness: Harness) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


def links(message: Message) -> list[dict[str, str]]:
    return [c for row in message.components for c in row["components"] if c.get("style") == 5]


async def opened_by(table: WebTable, game_id: int, link: str) -> Player | None:
    """Whom the link's token opens the game to, exactly as the web page reads it."""
    url = URL(link)
    assert str(url.with_query(None)) == table.public_link(game_id)
    return await table.viewer(game_id, url.query["t"])


def prompt_of(harness: Harness, user: User, game_id: int) -> Message:
    return next(m for m in reversed(list(harness.fake.messages.values()))
                if m.audience == user.id and any(c.startswith(f"gm:act:{game_id}:")
                                                 for c in m.custom_ids()))


async def test_the_prompt_opens_that_seats_view_and_revoking_closes_it(harness):
    table = web_on(harness)
    game_id, _ = await started(harness)
    prompt = prompt_of(harness, ALICE, game_id)
    [button] = links(prompt)
    assert button["label"] == t("web.open_my_view")
    assert (await opened_by(table, game_id, button["url"])).user_id == ALICE.id
    done = await harness.invoke(ALICE, "me links revoke")
    assert done.ephemeral and t("web.links_revoked") in done.text
    with pytest.raises(Refused):
        await opened_by(table, game_id, button["url"])
    again = await harness.take_turn(ALICE, game_id)  # a new prompt carries a new link
    [fresh] = [b for m in again.messages for b in links(m)]
    assert fresh["url"] != button["url"]
    assert (await opened_by(table, game_id, fresh["url"])).user_id == ALICE.id


async def test_revoking_answers_in_the_readers_language(harness):
    web_on(harness)
    await harness.invoke(ALICE, "me language", language="ko")
    done = await harness.invoke(ALICE, "me links revoke")
    assert t("web.links_revoked", "ko") in done.text


async def test_without_the_web_table_no_prompt_or_board_carries_a_link(harness):
    game_id, thread = await started(harness)
    assert not links(prompt_of(harness, ALICE, game_id))
    hand = await harness.invoke(BOB, "game hand", where=thread)
    assert hand.messages and not any(links(m) for m in hand.messages)
    assert not any(ids.live_id(game_id) in m.custom_ids() for m in harness.in_channel(thread))


async def test_game_hand_carries_the_players_own_link(harness):
    table = web_on(harness)
    game_id, thread = await started(harness)
    hand = await harness.invoke(BOB, "game hand", where=thread)
    [button] = [b for m in hand.messages for b in links(m)]
    assert (await opened_by(table, game_id, button["url"])).user_id == BOB.id


async def test_the_board_button_answers_with_the_links(harness):
    table = web_on(harness)
    game_id, thread = await started(harness)
    board = harness.find(STRANGER, ids.live_id(game_id))
    assert board.channel_id == thread and any(n == "board.png" for n, _ in board.files)
    seated = await harness.click(BOB, ids.live_id(game_id), message=board)
    assert seated.ephemeral and table.public_link(game_id) in seated.text
    [button] = [b for m in seated.messages for b in links(m)]
    assert (await opened_by(table, game_id, button["url"])).user_id == BOB.id
    outsider = await harness.click(STRANGER, ids.live_id(game_id), message=board)
    assert table.public_link(game_id) in outsider.text
    assert not any(links(m) for m in outsider.messages)  # no seat, no private view


async def test_with_activities_the_board_launches_the_activity(harness):
    web_on(harness, activity=True)
    game_id, thread = await started(harness)
    board = harness.find(STRANGER, ids.live_id(game_id))
    pressed = await harness.click(BOB, ids.live_id(game_id), message=board)
    assert pressed.callback_types == [12] and not pressed.messages
    live = await harness.invoke(BOB, "game board", where=thread, live=True)
    assert live.callback_types == [12]


async def test_game_board_live_answers_like_the_button(harness):
    table = web_on(harness)
    game_id, thread = await started(harness)
    live = await harness.invoke(ALICE, "game board", where=thread, live=True)
    assert live.ephemeral and table.public_link(game_id) in live.text
    assert not any(name.endswith(".png") for m in live.messages for name, _ in m.files)


async def test_a_board_button_of_an_ended_or_missing_game_says_so(harness):
    table = web_on(harness, activity=True)
    game_id, thread = await started(harness)
    board = harness.find(STRANGER, ids.live_id(game_id))
    await harness.gm.end(game_id, Player(ALICE.id, ALICE.name, is_moderator=True), False)
    ended = await harness.click(BOB, ids.live_id(game_id), message=board)
    assert ended.callback_types == [4] and ended.ephemeral
    assert ended.text == t("web.board_ended", game=game_id, link=table.public_link(game_id))
    missing = ids.live_id(game_id + 100)
    board.components = [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Board", "custom_id": missing}]}]
    gone = await harness.click(BOB, missing, message=board)
    assert gone.ephemeral and gone.text == t("web.board_gone", game=game_id + 100)


@pytest.mark.parametrize(("value", "on"), [("1", True), ("0", False), ("", False)])
def test_gm_activity_turns_the_activity_on(value, on):
    assert Settings.from_env({"GM_ACTIVITY": value}).activity is on
    assert Settings.from_env({}).activity is False
