"""`/scythe` through the command tree: a table with its options, and the private
`/scythe hand` (combat cards and objectives never reach the thread)."""

from __future__ import annotations

from typing import Any

from games.core import get_game
from tests.cogs.harness import ALICE, BOB, STRANGER, Harness

SCYTHE = get_game("scythe")


async def open_scythe(harness: Harness, **options: Any) -> tuple[int, int]:
    """`/scythe new` by Alice, Bob joins: (game id, thread)."""
    reply = await harness.invoke(ALICE, "scythe new", **options)
    assert "table is ready" in reply.text, reply.text
    thread = harness.threads()[-1]
    await harness.invoke(BOB, "game join", where=thread)
    return await harness.gm.game_id_for_channel(thread), thread


async def test_scythe_new_records_the_options_chosen_from_lists(harness):
    game_id, thread = await open_scythe(harness, assignment="draft", coins="hidden",
                                        disarm_counts_own_mine=True)
    await harness.invoke(ALICE, "game start", where=thread)
    record = await harness.gm.repo.get_game(game_id)
    assert record.options["assignment"] == "draft"
    assert record.options["coins_visible"] is False
    assert record.options["disarm_counts_own_mine"] is True
    assert record.options["camaraderie_covers_move_in"] is False  # the default reading (A6)
    assert record.state["stack"][-1]["kind"] == "draft"


async def test_scythe_hand_is_only_for_its_player(harness):
    game_id, thread = await open_scythe(harness)
    await harness.invoke(ALICE, "game start", where=thread)
    state = (await harness.gm.repo.get_game(game_id)).state
    seat = next(s.seat for s in (await harness.gm.table(game_id)).seats
                if s.user_id == BOB.id)
    reply = await harness.invoke(BOB, "scythe hand", where=thread)
    assert reply.ephemeral and "**Combat cards**" in reply.text
    mine = SCYTHE.view(state, seat)["players"][seat]
    names = [o["name"] for o in mine["objectives"]]
    assert len(names) == 2 and all(name in reply.text for name in names)
    values = ", ".join(str(c["value"]) for c in sorted(mine["cards"], key=lambda c: -c["value"]))
    assert values in reply.text
    assert not any(name in harness.public_history() for name in names)
    stranger = await harness.invoke(STRANGER, "scythe hand", where=thread)
    assert "no seat" in stranger.text


async def test_scythe_hand_during_the_draft_points_to_the_pick(harness):
    game_id, thread = await open_scythe(harness, assignment="draft")
    await harness.invoke(ALICE, "game start", where=thread)
    reply = await harness.invoke(BOB, "scythe hand", where=thread)
    assert "still being drafted" in reply.text


async def test_scythe_commands_need_a_scythe_game(harness):
    assert "No game runs" in (await harness.invoke(ALICE, "scythe hand")).text
    _, thread = await harness.open_table(ALICE)
    reply = await harness.invoke(ALICE, "scythe hand", where=thread)
    assert "not Scythe" in reply.text
