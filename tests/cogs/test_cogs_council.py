"""`/game council`, served by the house for every game that declares private groups (issue
31, item 5): a Tang camp's thread, opened once for the whole game in the camp's words, with
its members only; the refusals (not seated, not in the group, a game without groups); and two
members asking at the same moment get one thread. (Redux's council per round, and sharing a
view there, are in test_cogs_redux.py.)"""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from games.core import get_game
from tests.cogs.fake_discord import CHANNEL_ID
from tests.cogs.harness import ALICE, BOB, CARA, STRANGER, Harness, User

TANG = get_game("tang")
DAN = User(15, "Dan")
USERS = (ALICE, BOB, CARA, DAN)
CAMP = (ALICE, DAN)  # the seed the harness gives its tables deals them one nationality
PICKS = 8  # more than the four secret picks that settle the camps


async def tang_with_a_camp(harness: Harness) -> tuple[int, int]:
    """Four players at a Tang table; each picks the first representative offered until a
    camp of two forms (the seed fixes the deal): (game id, thread)."""
    game_id, thread = await harness.open_table(ALICE, joiners=USERS[1:], game="tang")
    await harness.invoke(ALICE, "game start", where=thread)
    for _ in range(PICKS):
        state = await harness.state(game_id)
        if TANG.private_groups(state):
            [camp] = TANG.private_groups(state)
            assert tuple(USERS[s] for s in camp.seats) == CAMP
            return game_id, thread
        seat = min(TANG.to_act(state))
        action = TANG.legal_actions(state, seat)[0].text
        await harness.invoke(USERS[seat], "move", where=thread, action=action)
    raise AssertionError("no camp of two formed")


def private_threads(harness: Harness) -> list[int]:
    return [cid for cid, c in harness.fake.channels.items() if c["type"] == 12]


async def test_a_tang_camp_gets_one_private_thread_for_the_whole_game(harness, members):
    game_id, thread = await tang_with_a_camp(harness)
    opened = await harness.invoke(ALICE, "game council", where=thread)
    [council] = private_threads(harness)
    assert opened.ephemeral and opened.text == t("tang.groups.ready", thread=council)
    assert members == {council: {u.id for u in CAMP}}
    assert harness.fake.channels[council]["parent_id"] == str(CHANNEL_ID)
    assert harness.fake.channels[council]["name"] == t("tang.groups.thread", game=game_id)
    [intro] = harness.in_channel(council)
    assert "Council of your camp" in intro.content
    assert all(f"<@{u.id}>" in intro.content for u in CAMP)

    state = await harness.state(game_id)
    seat = min(TANG.to_act(state))  # the game goes on: the camp keeps its one thread
    await harness.invoke(USERS[seat], "move", where=thread,
                         action=TANG.legal_actions(state, seat)[0].text)
    again = await harness.invoke(DAN, "game council", where=thread)
    assert f"<#{council}>" in again.text and private_threads(harness) == [council]


async def test_who_may_not_consult_is_told_why_and_nothing_opens(harness, members):
    _, thread = await tang_with_a_camp(harness)
    outsider = await harness.invoke(BOB, "game council", where=thread)
    assert outsider.ephemeral and "Only the members of a camp" in outsider.text
    stranger = await harness.invoke(STRANGER, "game council", where=thread)
    assert "You have no seat at this game" in stranger.text
    assert "/game spectate" in stranger.text
    assert not private_threads(harness) and not members


async def test_a_game_without_private_groups_says_so(harness):
    _, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    reply = await harness.invoke(ALICE, "game council", where=thread)
    assert reply.ephemeral and "has no private groups" in reply.text
    assert "game's thread" in reply.text and not private_threads(harness)


async def test_no_council_where_no_game_runs(harness):
    reply = await harness.invoke(ALICE, "game council")
    assert "No game runs" in reply.text and not private_threads(harness)


async def test_two_members_asking_at_once_get_one_thread(harness, members):
    _, thread = await tang_with_a_camp(harness)
    payloads: list[dict[str, Any]] = [harness.command_payload(u, "game council", where=thread)
                                      for u in CAMP]
    replies = await harness.dispatch(*payloads)
    [council] = private_threads(harness)
    assert all(f"<#{council}>" in r.text for r in replies)
    assert len(harness.in_channel(council)) == 1  # one introduction
