"""What breaks real bots between people and the client: a double click, a stale button,
a stranger pressing someone's button, autocomplete and a typed move, a gateway reconnect,
a rate-limited post, and a command tree Discord accepts."""

from __future__ import annotations

import asyncio

from bot.tools.fakediscord.autoplay import TURN, SeatPlayer, Table, open_table
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import CHANNEL_ID, Message


async def called(fake: FakeDiscord, table: Table, user: ScriptedUser) -> Message:
    """The Take my turn message that mentions `user`, once the bot posted it."""
    def found() -> Message | None:
        messages = [m for m in fake.world.public(table.thread) if m.mentions(user.id)
                    and any(c.startswith(TURN) for c in m.custom_ids())]
        return messages[-1] if messages else None

    await fake.wait_for(lambda: found() is not None, 10, f"a turn for {user.name}")
    message = found()
    assert message is not None
    return message


async def human_actions(bot, table: Table) -> int:  # noqa: ANN001
    return sum(a.user_id is not None for a in await bot.gm.repo.actions(table.game_id))


async def test_a_double_click_applies_once(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    prompt = table.opening
    assert prompt is not None, "Alice, the creator, is asked first"
    button = prompt.custom_ids()[0]
    first = asyncio.create_task(people.alice.click(prompt, button))
    second = asyncio.create_task(people.alice.click(prompt, button))
    replies = await asyncio.gather(first, second)
    assert await human_actions(bot, table) == 1
    assert not any(r.failed for r in replies)
    assert all(r.interaction.ack_type == 6 for r in replies)
    # the first press's answer stays on the prompt; the other press is told apart, briefly
    assert "You chose" in prompt.content and "older step" not in prompt.content
    notes = [m.content for r in replies for m in r.messages if m is not prompt]
    assert sum("You have acted since" in note for note in notes) == 1


async def test_a_stale_button_is_refused_and_changes_nothing(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await SeatPlayer(people.alice, table, seed=1).decide(table.opening)
    call = await called(fake, table, people.bob)
    first = (await people.bob.click(call, call.custom_ids()[0])).message
    second = (await people.bob.click(call, call.custom_ids()[0])).message
    assert first is not None and second is not None, "each press shows Bob a prompt"
    choice = first.custom_ids()[0]
    await people.bob.click(first, choice)
    before = await human_actions(bot, table)
    stale = await people.bob.click(second, choice)
    assert await human_actions(bot, table) == before
    assert "older step" in stale.text
    # the prompt left open is brought up to date: none of its buttons is of the old step
    assert stale.message is second and choice not in second.custom_ids()
    assert not stale.interaction.followups, "the message itself says it, no second note"


async def test_someone_elses_turn_button_is_refused_clearly(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await SeatPlayer(people.alice, table, seed=1).decide(table.opening)
    call = await called(fake, table, people.bob)
    stranger = await people.stranger.press(call, "Take my turn")
    alice = await people.alice.press(call, "Take my turn")
    assert stranger.ephemeral and "You have no seat" in stranger.text
    assert alice.ephemeral and "not your turn" in alice.text


async def test_move_autocompletes_legal_actions_and_plays_a_typed_one(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    choices = await people.alice.autocomplete("move", "action", "", channel=table.thread)
    played = await people.alice.command("move", channel=table.thread,
                                        action=choices[0]["value"])
    unseated = await people.stranger.autocomplete("move", "action", "", channel=table.thread)
    assert 0 < len(choices) <= 25 and unseated == []
    assert "You played" in played.text and played.ephemeral
    assert await human_actions(bot, table) == 1


async def test_the_bot_resumes_after_a_gateway_reconnect(fake, bot, people) -> None:
    await fake.gateway.reconnect()
    await fake.gateway.wait_ready(2, 10)
    reply = await people.alice.command("game new", channel=CHANNEL_ID, game="record")
    assert fake.gateway.resumes == 1 and fake.gateway.identifies == 1
    assert "Your table is ready" in reply.text


async def test_the_bot_answers_the_gateways_heartbeat_request(fake, bot, people) -> None:
    before = fake.gateway.heartbeats
    await fake.gateway.request_heartbeat()
    await fake.wait_for(lambda: fake.gateway.heartbeats > before, 5, "a heartbeat")


async def test_a_rate_limited_post_is_retried_not_lost(fake, bot, people) -> None:
    fake.ratelimits.force_429("POST /channels/{channel_id}/messages", 0.05, times=2)
    reply = await people.alice.command("game new", channel=CHANNEL_ID, game="record")
    await fake.idle()
    assert "Your table is ready" in reply.text
    assert fake.ratelimits.limited == ["POST /channels/{channel_id}/messages"] * 2
    assert any("opened a table" in m.content for m in fake.world.public(CHANNEL_ID))


async def test_discord_accepts_the_command_tree(fake, bot, people) -> None:
    names = {c["name"] for c in fake.world.commands[None]}
    assert {"game", "move", "gm"} <= names
    assert fake.world.sync_refusals == []
    assert fake.gateway.compressed == [True]
