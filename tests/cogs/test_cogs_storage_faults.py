"""A member acting while the database cannot be written (issue 28 item 7) is told so, in
their language, with what to do: not "something went wrong". The operator's log names the
fault; the game is unchanged."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.i18n import t
from storage import StorageUnavailable
from tests.cogs.harness import ALICE, BOB, Harness

FAULT = "SQLITE_BUSY: database is locked"


async def started(harness: Harness) -> tuple[int, int]:
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


def failing_writes(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    async def unavailable(*args: Any, **kwargs: Any) -> int:
        raise StorageUnavailable(FAULT)

    monkeypatch.setattr(harness.gm.repo, "commit_turn", unavailable)


async def test_a_move_the_database_cannot_store_is_answered_with_try_again(
        harness: Harness, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    game_id, thread = await started(harness)
    version = await harness.version(game_id)
    prompt = await harness.prompt(ALICE, game_id)
    assert prompt is not None
    failing_writes(harness, monkeypatch)
    with caplog.at_level(logging.ERROR):
        reply = await harness.invoke(ALICE, "move", where=thread,
                                     action=prompt.actions[0].text)
    assert reply.ephemeral and reply.text == t("core.storage_unavailable", "en")
    assert "try again in a minute" in reply.text.lower()
    assert t("core.unexpected", "en") not in reply.text
    assert any(FAULT in record.getMessage() for record in caplog.records)
    assert not any(record.exc_info for record in caplog.records)  # a fault, not a bug
    assert await harness.version(game_id) == version


async def test_a_button_pressed_meanwhile_gets_the_same_answer(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    game_id, _ = await started(harness)
    prompt = await harness.take_turn(ALICE, game_id)
    version = await harness.version(game_id)
    failing_writes(harness, monkeypatch)
    [button] = [c for c in prompt.custom_ids if ":act:" in c][:1]
    reply = await harness.click(ALICE, button, message=harness.find(ALICE, button))
    assert t("core.storage_unavailable", "en") in reply.text
    assert await harness.version(game_id) == version
