"""/game undo through the command tree: at once when no other human moved since, else a
public vote with Approve / Reject buttons for the affected players."""

from __future__ import annotations

from tests.cogs.harness import ALICE, BOB, STRANGER, Harness, Reply, User


async def move(harness: Harness, game_id: int, thread: int) -> User:
    user = ALICE if await harness.prompt(ALICE, game_id) else BOB
    prompt = await harness.prompt(user, game_id)
    assert prompt is not None, "Alice or Bob is to move"
    await harness.invoke(user, "move", where=thread, action=prompt.actions[0].text)
    return user


async def alice_then_bob(harness: Harness) -> tuple[int, int]:
    """Alice and Bob at a running table, Alice moved and Bob moved after her."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    moved = False
    for _ in range(100):
        who = await move(harness, game_id, thread)
        moved = moved or who == ALICE
        if moved and who == BOB:
            return game_id, thread
    raise AssertionError("Bob never moved after Alice")


def only_to(user: User, reply: Reply, words: str) -> bool:
    """A click's refusal: a followup only the clicker sees (the vote message stays)."""
    answer = reply.messages[-1]
    return answer.audience == user.id and words in answer.content


def vote_ids(harness: Harness, thread: int) -> tuple[str, str]:
    [message] = [m for m in harness.in_channel(thread)
                 if any(c.startswith("gm:undo:") for c in m.custom_ids())]
    approve, reject = message.custom_ids()
    return approve, reject


async def test_undo_with_only_ai_moves_after_is_immediate(harness):
    game_id, thread = await harness.open_table(ALICE, ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    before = (await harness.gm.repo.get_game(game_id)).state
    await move(harness, game_id, thread)
    reply = await harness.invoke(ALICE, "game undo", where=thread)
    assert reply.ephemeral and "Your last move was taken back" in reply.text
    assert "Alice took back their last move" in harness.public_history()
    assert (await harness.gm.repo.get_game(game_id)).state == before


async def test_a_vote_passes_when_every_affected_player_approves(harness):
    game_id, thread = await alice_then_bob(harness)
    actions = len(await harness.gm.repo.actions(game_id))
    reply = await harness.invoke(ALICE, "game undo", where=thread)
    assert "Bob must all approve" in reply.text
    approve, reject = vote_ids(harness, thread)
    message = harness.find(BOB, approve)
    assert f"<@{BOB.id}>" in message.content and "asks to take back" in message.content
    outsider = await harness.click(STRANGER, approve)
    assert only_to(STRANGER, outsider, "players whose moves would be taken back")
    await harness.click(BOB, approve)
    assert "Undo approved by Alice and Bob" in message.content and not message.custom_ids()
    assert len(await harness.gm.repo.actions(game_id)) < actions
    assert await harness.gm.verify(game_id)


async def test_a_rejection_ends_the_vote_and_a_late_click_is_refused(harness):
    game_id, thread = await alice_then_bob(harness)
    version = await harness.version(game_id)
    await harness.invoke(ALICE, "game undo", where=thread)
    approve, reject = vote_ids(harness, thread)
    message = harness.find(BOB, reject)
    await harness.click(BOB, reject)
    assert "Bob rejected the undo Alice asked for" in message.content
    assert await harness.version(game_id) == version


async def test_a_move_after_the_vote_makes_it_stale(harness):
    game_id, thread = await alice_then_bob(harness)
    await harness.invoke(ALICE, "game undo", where=thread)
    approve, _ = vote_ids(harness, thread)
    message = harness.find(BOB, approve)
    await move(harness, game_id, thread)
    version = await harness.version(game_id)
    late = await harness.click(BOB, approve, message=message)
    assert only_to(BOB, late, "This vote is stale")
    assert await harness.version(game_id) == version
