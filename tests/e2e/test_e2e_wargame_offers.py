"""W33.2 (source 12.1) through the local Discord: an alliance offer is the two players'
secret. Two tables of the same seed and seats reach the same action step of a human
player; at one that player offers an alliance to another player, who declines, and then
ends the step; at the other the player just ends it. The threads must read the same:
the same messages, the same edits, the same mentions; the offer reaches its addressee
privately (a DM), never as a public mention."""

from __future__ import annotations

import re
from typing import Any

from bot.service.announce import overview_data
from bot.tools.fakediscord.autoplay import Table, open_table
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import Message
from games.core import get_game

GAME = get_game("wargame")
NAMES = ("Alice", "Bob", "Cara")  # the seats, in the order they sat


async def state_of(bot: Any, table: Table) -> dict[str, Any]:  # noqa: ANN401 - the bot
    return (await bot.gm.repo.get_game(table.game_id)).state


async def move(fake: FakeDiscord, user: ScriptedUser, table: Table, action: str) -> None:
    """`/move` typed by the user, and everything it posts, posted."""
    reply = await user.command("move", channel=table.thread, action=action)
    assert not reply.failed, reply.text
    await fake.idle()


async def to_a_human_action_step(fake: FakeDiscord, bot: Any, table: Table,  # noqa: ANN401
                                 users: list[ScriptedUser]) -> dict[str, Any]:
    """Every seat picks its first nation offered; then the first action step begins (every
    seat is a player, so it is a player's)."""
    await fake.idle()  # the start's own post first
    state = await state_of(bot, table)
    while (step := state["flow"]["stack"][-1])["rule"] == "pick":
        seat = step["seats"][0]
        await move(fake, users[seat], table, GAME.legal_actions(state, seat)[0].text)
        state = await state_of(bot, table)
    await fake.idle()
    assert state["flow"]["stack"][-1]["rule"] == "act"
    return state


def since(messages: list[Message], seen: dict[int, int], table: Table) -> list[tuple[Any, ...]]:
    """What a thread showed its readers after a moment (`seen`: each message's number of
    versions then): every new version of every message, whom a new message notified and its
    files, the table's own number and times taken out (the two tables differ only there)."""
    number = re.compile(rf"(?<=game ){table.game_id}\b|<t:\d+(:\w)?>")
    return [(tuple(number.sub("#", v.content) for v in m.history[seen.get(m.id, 0):]),
             m.pinged if m.id not in seen else (), tuple(v.files for v in
                                                        m.history[seen.get(m.id, 0):]))
            for m in messages if len(m.history) > seen.get(m.id, 0)]


def moment(fake: FakeDiscord, table: Table) -> dict[int, int]:
    return {m.id: len(m.history) for m in fake.world.public(table.thread)}


async def test_w33_2_a_declined_offer_leaves_the_thread_as_no_offer_does(fake, bot,  # noqa: ANN001
                                                                        people) -> None:
    users = [people.alice, people.bob, people.cara]
    tables, states = [], []
    for _ in range(2):
        table = await open_table(people.alice, "wargame", joiners=(people.bob, people.cara))
        tables.append(table)
        states.append(await to_a_human_action_step(fake, bot, table, users))
    offered, plain = tables
    assert states[0] == states[1]  # the same seed, seats and moves: the same game
    state = states[0]
    acting = state["flow"]["stack"][-1]["seats"][0]
    ally = next(a.word(0) for a in GAME.legal_actions(state, acting) if a.kind == "ally"
                and state["nations"][a.word(0)]["seat"] is not None)
    addressee = state["nations"][ally]["seat"]
    seen = {t.thread: moment(fake, t) for t in tables}

    dms_before = len(fake.world.messages)
    await move(fake, users[acting], offered, f"ally {ally}")
    await fake.idle()
    window = await state_of(bot, offered)
    assert GAME.window(window) and GAME.to_act(window) == {addressee}
    assert since(fake.world.public(offered.thread), seen[offered.thread], offered) == []
    private = [m for m in list(fake.world.messages.values())[dms_before:]
               if m.audience == users[addressee].id and m.channel_id != offered.thread]
    assert private, "the addressee is asked privately"
    third = ({0, 1, 2} - {acting, addressee}).pop()
    refusals = [(await users[third].command("move", channel=t.thread, action="end")).text
                for t in tables]
    assert refusals[0] == refusals[1], refusals  # "waiting for" names the acting player
    assert NAMES[acting] in refusals[0] and NAMES[addressee] not in refusals[0], refusals
    boards = [overview_data(GAME, await state_of(bot, t), None)["awaiting"] for t in tables]
    assert boards[0] == boards[1] == [acting]  # a board shows the same seat awaited
    before_decline = len(fake.world.messages)
    await move(fake, users[addressee], offered, "decline")
    told = [m.content for m in list(fake.world.messages.values())[before_decline:]
            if m.audience == users[acting].id and m.channel_id != offered.thread]
    assert any("your turn" in text for text in told), told  # told privately: the step is back
    await move(fake, users[acting], offered, "end")
    await move(fake, users[acting], plain, "end")
    await fake.idle()
    thread_a, thread_b = (fake.world.public(t.thread) for t in tables)
    told_a = since(thread_a, seen[offered.thread], offered)
    assert told_a == since(thread_b, seen[plain.thread], plain)
    assert told_a, "the step's end is posted"
    assert f"<@{users[addressee].id}>" not in str(told_a)
