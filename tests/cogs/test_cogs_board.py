"""The board in the thread and its details: the menu under the board sends a part of the
table now, only to whoever picks it, from their own view when they are seated; `/game
boards` sets when boards are posted, for the table's creator and moderators only."""

from __future__ import annotations

import pytest
from PIL import Image

import rendering.record
from rendering import Scene
from tests.cogs.harness import ALICE, BOB, OWNER, STRANGER, Harness


@pytest.fixture
def record_with_a_part(monkeypatch):
    """Record offering one detail, drawn in a colour that tells whose view it came from."""
    drawn: list[int | None] = []

    def part(scene: Scene, name: str) -> Image.Image:
        drawn.append(scene.seat)
        return Image.new("RGB", (40, 20), "white" if scene.seat is None else "black")

    monkeypatch.setattr(rendering.record, "PARTS", ("players",), raising=False)
    monkeypatch.setattr(rendering.record, "part", part, raising=False)
    return drawn


async def started(harness: Harness) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def test_the_board_carries_a_menu_of_its_details_answered_privately(harness,
                                                                          record_with_a_part):
    game_id, thread = await started(harness)
    menu = f"gm:part:{game_id}"
    board = harness.find(STRANGER, menu)
    assert board.channel_id == thread and any(name == "board.png" for name, _ in board.files)
    seen = await harness.select(BOB, menu, ["players"], message=board)
    assert seen.ephemeral and [name for m in seen.messages for name, _ in m.files] == \
        ["players.png"]
    await harness.select(STRANGER, menu, ["players"], message=board)
    assert record_with_a_part == [1, None]  # Bob's own view, then the public one


async def test_a_forged_part_is_refused_naming_the_real_ones(harness, record_with_a_part):
    game_id, _ = await started(harness)
    menu = f"gm:part:{game_id}"
    answer = await harness.select(BOB, menu, ["hand_of_alice"], message=harness.find(BOB, menu))
    assert answer.ephemeral and "players" in answer.text and not record_with_a_part


async def test_only_the_creator_or_a_moderator_sets_when_boards_are_posted(harness):
    game_id, thread = await started(harness)
    refused = await harness.invoke(BOB, "game boards", where=thread, when="request")
    assert refused.ephemeral and "created this table" in refused.text
    done = await harness.invoke(ALICE, "game boards", where=thread, when="round")
    assert "once per round" in done.text
    await harness.invoke(OWNER, "game boards", where=thread, when="request")
    assert (await harness.gm.repo.get_game(game_id)).boards == "request"
