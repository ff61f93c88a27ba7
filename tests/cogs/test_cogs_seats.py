"""/game leave, handover, ai level: seat:, takeover, spectate and unspectate through the
command tree, after the start."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from discord.http import Route

from bot.service.announce import names_of
from games.core.messages import said_of
from tests.cogs.harness import ALICE, BOB, CARA, STRANGER, Harness
from tests.wording import english

THREAD_MEMBER = "PUT /channels/{channel_id}/thread-members/{user_id}"
LEAVE_THREAD = "DELETE /channels/{channel_id}/thread-members/{user_id}"


@pytest.fixture
def members(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> dict[int, set[int]]:
    """Thread membership, which the shared fake does not answer: who is in which thread."""
    joined: defaultdict[int, set[int]] = defaultdict(set)
    answer = harness.fake._answer_rest

    def with_members(route: Route, body: Any, files: list[tuple[str, bytes]]) -> Any:
        key = f"{route.method} {route.path}"
        if key in (THREAD_MEMBER, LEAVE_THREAD):
            assert route.channel_id is not None
            users = joined[int(route.channel_id)]
            user = int(route.url.rsplit("/", 1)[1])
            users.add(user) if key == THREAD_MEMBER else users.discard(user)
            return None
        return answer(route, body, files)

    monkeypatch.setattr(harness.fake, "_answer_rest", with_members)
    return joined


async def running(harness: Harness) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


def last_lines(harness: Harness, thread: int, count: int = 3) -> str:
    return "\n".join(m.content for m in harness.in_channel(thread)[-count:])


async def test_leave_vacates_the_seat_and_a_stranger_takes_it_over(harness):
    game_id, thread = await running(harness)
    left = await harness.invoke(BOB, "game leave", where=thread)
    assert left.ephemeral and left.text.startswith("Done.")
    assert "Bob left seat 2" in last_lines(harness, thread)
    seat = (await harness.gm.table(game_id)).seats[1]
    assert (seat.user_id, seat.ai) == (None, None)
    human = await harness.invoke(STRANGER, "game takeover", where=thread, seat=1)
    assert human.ephemeral and "played by Alice" in human.text
    taken = await harness.invoke(STRANGER, "game takeover", where=thread, seat=2)
    assert "You now play seat 2" in taken.text
    assert "Stranger took over seat 2 (was Bob)" in harness.public_history()
    assert (await harness.gm.table(game_id)).seats[1].user_id == STRANGER.id


async def test_out_of_range_and_already_seated_are_refused_and_change_nothing(harness):
    game_id, thread = await running(harness)
    version = await harness.version(game_id)
    far = await harness.invoke(STRANGER, "game takeover", where=thread, seat=5)
    seated = await harness.invoke(ALICE, "game handover", where=thread, user=BOB)
    assert "There is no seat 5; seats are 1-2" in far.text
    assert "Bob already has a seat" in seated.text
    assert await harness.version(game_id) == version


async def test_handover_and_an_ai_in_a_vacant_seat(harness):
    game_id, thread = await running(harness)
    await harness.invoke(BOB, "game handover", where=thread, user=CARA)
    assert "Bob handed seat 2 over to Cara" in harness.public_history()
    await harness.invoke(CARA, "game leave", where=thread)
    refused = await harness.invoke(STRANGER, "game ai", where=thread, seat=2)
    assert "seated player or a moderator" in refused.text
    filled = await harness.invoke(ALICE, "game ai", where=thread, seat=2)
    assert filled.text.startswith("Done.")
    assert (await harness.gm.table(game_id)).seats[1].ai == "heuristic"
    assert "seated an AI at vacant seat 2" in harness.public_history()


async def test_a_table_chooses_its_ais_level_and_changes_it_in_the_thread(harness):
    game_id, thread = await harness.open_table(ALICE)
    added = await harness.invoke(ALICE, "game ai", where=thread, level="random")
    assert added.text.startswith("Done. Alice seated an AI (level random moves).")
    await harness.invoke(ALICE, "game start", where=thread)
    changed = await harness.invoke(ALICE, "game ai", where=thread, level="heuristic", seat=2)
    line = "Alice set the AI of seat 2 to the level standard (was random moves)."
    assert changed.text == f"Done. {line}"
    assert line in harness.public_history()
    assert (await harness.gm.table(game_id)).seats[1].ai == "heuristic"


async def test_a_level_change_of_a_human_seat_or_to_the_same_level_is_refused(harness):
    game_id, thread = await harness.open_table(ALICE, ais=1)
    version = await harness.version(game_id)
    human = await harness.invoke(ALICE, "game ai", where=thread, level="random", seat=1)
    same = await harness.invoke(ALICE, "game ai", where=thread, level="heuristic", seat=2)
    assert "Seat 1 is played by Alice, not by an AI" in human.text
    assert "already plays at the level standard. Nothing was changed." in same.text
    assert await harness.version(game_id) == version


async def test_a_spectator_follows_the_thread_but_sees_no_secret(harness, members):
    game_id, thread = await running(harness)
    for _ in range(12):
        user = ALICE if await harness.prompt(ALICE, game_id) else BOB
        prompt = await harness.prompt(user, game_id)
        await harness.invoke(user, "move", where=thread, action=prompt.actions[0].text)
    reply = await harness.invoke(STRANGER, "game spectate", where=thread)
    assert reply.ephemeral and "You now spectate game" in reply.text
    assert STRANGER.id in members[thread]
    hand = await harness.invoke(STRANGER, "game hand", where=thread)
    assert hand.ephemeral and "no seat in this game" in hand.text
    log = await harness.invoke(STRANGER, "game log", where=thread, limit=50)
    names = names_of((await harness.gm.table(game_id)).seats)
    secret = {english(said_of(e.text), names)
              for e in await harness.gm.repo.events(game_id, viewer_seat=0) if e.seats}
    assert secret and not any(line in log.text for line in secret)
    again = await harness.invoke(STRANGER, "game spectate", where=thread)
    assert "already spectate" in again.text
    await harness.invoke(STRANGER, "game unspectate", where=thread)
    assert STRANGER.id not in members[thread]
    assert await harness.gm.repo.spectators(game_id) == []
