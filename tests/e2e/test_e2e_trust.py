"""Issue 28: what an adversarial member reaches with an ordinary (or a forged) Discord
client. Each test is one defect of the issue, driven through the local Discord."""

from __future__ import annotations

import asyncio

from bot.tools.fakediscord.autoplay import SeatPlayer, Table, open_table


async def human_moves(bot, table: Table) -> int:  # noqa: ANN001 - the conftest's bot
    return sum(a.user_id is not None for a in await bot.gm.repo.actions(table.game_id)
               if not a.undone)


async def two_moves(fake, bot, people) -> Table:  # noqa: ANN001
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await SeatPlayer(people.alice, table, seed=1, max_choices=1).decide(table.opening)
    await SeatPlayer(people.bob, table, seed=2, max_choices=1).play()
    await fake.idle()
    return table


async def test_two_moderators_undoing_at_once_take_back_one_move(fake, bot, people) -> None:
    table = await two_moves(fake, bot, people)
    before = await human_moves(bot, table)
    assert before >= 2
    sent = [await user.command("gm undo", channel=table.thread, settle=False)
            for user in (people.owner, people.owner, people.owner)]
    replies = await asyncio.gather(*(fake.settle(r.interaction) for r in sent))
    await fake.idle()
    assert await human_moves(bot, table) == before - 1
    texts = sorted(r.text for r in sent)
    assert replies and sum(t.startswith("Done.") for t in texts) == 1, texts
    assert sum("already taken back" in t for t in texts) == 2, texts
