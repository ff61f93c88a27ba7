"""Whole games of Record of the Three Kingdoms through the command tree, to the final scores,
with no secret ever posted in public."""

from __future__ import annotations

import pytest

from bot.i18n import t
from games.core import make_agent
from tests.cogs.fake_discord import Message
from tests.cogs.harness import ALICE, BOB, CARA, RECORD, Harness, SecretWatch

MAX_DECISIONS = 600


async def running(harness: Harness, game_id: int) -> bool:
    return (await harness.gm.table(game_id)).status == "running"


async def heuristic(harness: Harness, game_id: int, seat: int, decision: int) -> str:
    state = await harness.state(game_id)
    return make_agent("heuristic", seed=decision).choose(RECORD, state, seat).text


@pytest.mark.slow
async def test_one_human_clicks_through_a_whole_game_against_two_ais(harness):
    """The AI seats play right after each of Alice's choices, so her one ephemeral message
    goes from decision to decision until it says the game is over."""
    game_id, thread = await harness.open_table(ALICE, ais=2)
    await harness.invoke(ALICE, "game start", where=thread)
    watch = SecretWatch(harness, game_id)
    prompt = await harness.prompt(ALICE, game_id)
    message = harness.find(ALICE, f"gm:act:{game_id}:{prompt.version}:{prompt.actions[0].text}")
    for decision in range(MAX_DECISIONS):
        await watch.check()
        if not await running(harness, game_id):
            break
        prompt = await harness.prompt(ALICE, game_id)
        assert prompt is not None, "the AI seats play until Alice owes a decision"
        action = await heuristic(harness, game_id, prompt.seat, decision)
        await harness.choose(ALICE, message, action, [a.text for a in prompt.actions])
    else:
        raise AssertionError("the game did not end")
    assert (await harness.gm.table(game_id)).status == "finished"
    assert "Final scores" in harness.public_history()
    assert t("turns.game_over") in message.content and not message.custom_ids()
    assert decision > 10 and watch.checked > decision


@pytest.mark.slow
async def test_three_humans_take_their_turns_from_the_thread_to_the_end(harness):
    """Whoever is mentioned presses Take my turn (or types /move when no button is up yet)
    and picks in their ephemeral prompt, which they keep while it stays current."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB, CARA))
    await harness.invoke(ALICE, "game start", where=thread)
    watch = SecretWatch(harness, game_id)
    prompts: dict[int, Message] = {}
    turns_taken = 0
    for decision in range(MAX_DECISIONS):
        await watch.check()
        if not await running(harness, game_id):
            break
        user, prompt = await awaited(harness, game_id)
        action = await heuristic(harness, game_id, prompt.seat, decision)
        message = prompts.get(user.id)
        current = (f"gm:act:{game_id}:{prompt.version}:", f"gm:pick:{game_id}:{prompt.version}:")
        if message is None or not any(c.startswith(current) for c in message.custom_ids()):
            if not harness.find_or_none(user, f"gm:turn:{game_id}"):
                await harness.invoke(user, "move", where=thread, action=action)
                continue
            message = (await harness.take_turn(user, game_id)).messages[0]
            prompts[user.id] = message
            turns_taken += 1
        await harness.choose(user, message, action, [a.text for a in prompt.actions])
    else:
        raise AssertionError("the game did not end")
    assert "Final scores" in harness.public_history()
    # every version of every public message was checked (a seat is mentioned once per
    # decision, so there are fewer messages than decisions)
    assert turns_taken > 10 and watch.checked == sum(len(m.history) for m in harness.public())


async def awaited(harness: Harness, game_id: int):
    for user in (ALICE, BOB, CARA):
        prompt = await harness.prompt(user, game_id)
        if prompt is not None:
            return user, prompt
    raise AssertionError("a running game with only humans awaits one of them")


