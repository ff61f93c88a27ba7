"""/move: autocomplete over the player's legal actions, typed actions and their refusals."""

from __future__ import annotations

import pytest

from bot.service import Player, ServiceError
from tests.cogs.fake_discord import CHANNEL_ID
from tests.cogs.harness import ALICE, BOB, STRANGER, Harness


async def started(harness: Harness) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def test_autocomplete_offers_the_players_legal_actions(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    reply = await harness.autocomplete(ALICE, "move", "action", "", where=thread)
    assert reply.callback_types == [8]
    choices = reply.choices
    assert 0 < len(choices) <= 25
    assert [c["value"] for c in choices] == [a.text for a in prompt.actions][:25]
    assert all(1 <= len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
    assert prompt.actions[0].label in choices[0]["name"]


async def test_autocomplete_filters_by_what_was_typed(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    word = prompt.actions[0].args[0].split(":")[-1]
    reply = await harness.autocomplete(ALICE, "move", "action", word.upper(), where=thread)
    assert reply.choices and all(word in c["value"] or word.lower() in c["name"].lower()
                                 for c in reply.choices)
    assert len(reply.choices) < len(prompt.actions)


async def test_autocomplete_is_empty_for_players_who_owe_nothing_or_outside_a_game(harness):
    nowhere = await harness.autocomplete(ALICE, "move", "action", "", where=CHANNEL_ID)
    assert nowhere.choices == []
    _, thread = await started(harness)
    assert (await harness.autocomplete(BOB, "move", "action", "", where=thread)).choices == []
    assert (await harness.autocomplete(STRANGER, "move", "action", "",
                                       where=thread)).choices == []


async def test_a_typed_action_is_applied_and_answered_privately(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    reply = await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)
    assert reply.ephemeral and reply.callback_types == [5]
    assert f"You played **{prompt.actions[0].text}**" in reply.text
    [action] = [a for a in await harness.gm.repo.actions(game_id) if a.user_id == ALICE.id]
    assert action.action == prompt.actions[0].to_json()
    assert [t.interaction for t in harness.fake.tokens.values()
            if t.type == 2][-1] == int(action.interaction_id)


async def test_a_wrong_typed_action_gets_the_services_message_and_changes_nothing(harness):
    game_id, thread = await started(harness)
    version = await harness.version(game_id)
    reply = await harness.invoke(ALICE, "move", where=thread, action="lord lord:nobody")
    with pytest.raises(ServiceError) as refusal:
        await harness.gm.act(game_id, Player(ALICE.id, ALICE.name), "lord lord:nobody")
    assert reply.ephemeral and reply.text == str(refusal.value)
    out_of_turn = await harness.invoke(BOB, "move", where=thread, action="pass")
    assert out_of_turn.ephemeral and "not your turn" in out_of_turn.text
    assert await harness.version(game_id) == version
