"""Every moderator command through the real client, each with its permission check: a
seated player is refused, Manage Server or the moderator role is obeyed."""

from __future__ import annotations

from bot.tools.fakediscord.autoplay import SeatPlayer, Table, open_table
from bot.tools.fakediscord.world import MOD_ROLE

NOT_MODERATOR = "Only a moderator can do that"


async def table_for(people) -> Table:  # noqa: ANN001 - the conftest's People
    return await open_table(people.alice, "record", joiners=(people.bob,))


def thread_text(fake, table: Table) -> str:  # noqa: ANN001
    return "\n".join(m.content for m in fake.world.public(table.thread))


async def test_pause_and_resume_are_for_moderators(fake, bot, people) -> None:
    table = await table_for(people)
    assert table.opening is not None, "Alice, the creator, is asked first"
    refused = await people.bob.command("gm pause", channel=table.thread)
    paused = await people.owner.command("gm pause", channel=table.thread)
    await fake.idle()
    blocked = await people.alice.click(table.opening, table.opening.custom_ids()[0])
    resumed = await people.owner.command("gm resume", channel=table.thread)
    await fake.idle()
    assert NOT_MODERATOR in refused.text and refused.ephemeral
    assert paused.text.startswith("Done.") and "paused the game" in thread_text(fake, table)
    assert "paused" in blocked.text
    assert resumed.text.startswith("Done.") and "resumed the game" in thread_text(fake, table)


async def test_the_moderator_role_is_chosen_by_manage_server_only(fake, bot, people) -> None:
    table = await table_for(people)
    by_mod = await people.mod.command("gm role", channel=table.thread, role=MOD_ROLE)
    before = await people.mod.command("gm pause", channel=table.thread)
    chosen = await people.owner.command("gm role", channel=table.thread, role=MOD_ROLE)
    after = await people.mod.command("gm pause", channel=table.thread)
    cleared = await people.owner.command("gm role", channel=table.thread)
    again = await people.mod.command("gm resume", channel=table.thread)
    assert "Only members with the Manage Server permission" in by_mod.text
    assert NOT_MODERATOR in before.text
    assert "Moderators are now" in chosen.text and after.text.startswith("Done.")
    assert "cleared" in cleared.text and NOT_MODERATOR in again.text


async def test_undo_takes_back_the_last_move(fake, bot, people) -> None:
    table = await table_for(people)
    alice = SeatPlayer(people.alice, table, seed=1, max_choices=1)
    await alice.decide(table.opening)
    version = (await bot.gm.table(table.game_id)).version
    refused = await people.bob.command("gm undo", channel=table.thread)
    undone = await people.owner.command("gm undo", channel=table.thread)
    await fake.idle()
    assert NOT_MODERATOR in refused.text
    assert undone.text.startswith("Done.")
    assert "took back the last move of Alice" in thread_text(fake, table)
    assert (await bot.gm.table(table.game_id)).version > version
    assert not [a for a in await bot.gm.repo.actions(table.game_id) if a.user_id]


async def test_replace_and_kick_hand_seats_over(fake, bot, people) -> None:
    table = await table_for(people)
    refused = await people.alice.command("gm replace", channel=table.thread, seat=2,
                                         user=people.cara)
    replaced = await people.owner.command("gm replace", channel=table.thread, seat=2,
                                          user=people.cara)
    kicked = await people.owner.command("gm kick", channel=table.thread, user=people.cara)
    await fake.idle()
    seats = (await bot.gm.table(table.game_id)).seats
    assert NOT_MODERATOR in refused.text
    assert "gave seat 2 to Cara" in replaced.text
    assert "removed Cara" in kicked.text and seats[1].ai


async def test_end_scores_the_game_or_abandons_it(fake, bot, people) -> None:
    scored_table = await table_for(people)
    refused = await people.bob.command("gm end", channel=scored_table.thread)
    scored = await people.owner.command("gm end", channel=scored_table.thread)
    other = await open_table(people.cara, "record", joiners=(people.bob,))
    abandoned = await people.owner.command("gm end", channel=other.thread, scored=False)
    await fake.idle()
    assert NOT_MODERATOR in refused.text
    assert scored.text.startswith("Done.") and "Final scores" in thread_text(fake, scored_table)
    assert abandoned.text.startswith("Done.")
    assert (await bot.gm.table(other.game_id)).status == "abandoned"
