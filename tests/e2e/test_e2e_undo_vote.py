"""An undo vote through the real discord.py client: Alice asks to take back a move Bob has
played after, the vote is posted in the thread, an outsider's click is refused, and Bob's
approval takes both moves back."""

from __future__ import annotations

from bot.i18n import t
from bot.tools.fakediscord.autoplay import SeatPlayer, open_table


async def test_an_undo_vote_passes_when_the_affected_player_approves(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await SeatPlayer(people.alice, table, seed=1, max_choices=1).decide(table.opening)
    await SeatPlayer(people.bob, table, seed=2, max_choices=1).play()
    await fake.idle()
    before = await bot.gm.repo.actions(table.game_id)
    movers = [a.user_id for a in before if a.user_id]
    assert movers.index(people.alice.id) < len(movers) - 1 - movers[::-1].index(people.bob.id)

    asked = await people.alice.command("game undo", channel=table.thread)
    await fake.idle()
    [vote] = [m for m in fake.world.public(table.thread)
              if any(c.startswith("gm:undo:") for c in m.custom_ids())]
    approve = next(c for c in vote.custom_ids() if c.endswith(":yes"))
    posted = vote.content
    outsider = await people.stranger.click(vote, approve)
    approved = await people.bob.click(vote, approve)
    await fake.idle()

    assert asked.ephemeral and f"<@{people.bob.id}>" in posted
    assert "players whose moves would be taken back" in outsider.text
    assert approved.interaction.answers == 1 and not vote.custom_ids()
    assert "Undo approved by Alice and Bob" in vote.content
    after = await bot.gm.repo.actions(table.game_id)
    assert len(after) < len(before) and not any(a.user_id == people.bob.id for a in after)
    assert await bot.gm.verify(table.game_id)
    assert t("core.unexpected") not in "\n".join(
        m.content for m in fake.world.public(table.thread))
