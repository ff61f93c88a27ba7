"""The history slider of a private view: a seat's token at step N shows that seat's own
view as it was after step N (what its holder read then, and that step's events their seat
read), never another seat's, and the public view at N stays public."""

from __future__ import annotations

import json

import pytest

from bot.i18n import t
from bot.service import Player, ServiceError
from games.core import get_game
from tests.web.conftest import ANN, BO, Served
from tests.web.test_secrets import shown

MOVES = 3  # rounds of Ann then Bo, each recorded as the step it reached


async def play_recording(served: Served) -> dict[int, dict[str, object]]:
    """Ann and Bo play their first legal moves; after each, what every seat could read
    then: Ann's own view as the service words it now, and each seat's secrets."""
    engine = get_game("record")
    seen: dict[int, dict[str, object]] = {}
    for _ in range(MOVES):
        for player in (ANN, BO):
            actions = await served.gm.legal_actions(served.game_id, player)
            if not actions:
                continue
            await served.gm.act(served.game_id, player, actions[0].text)
            state = (await served.gm.repo.get_game(served.game_id)).state
            assert state is not None
            seen[await served.gm.step_count(served.game_id)] = {
                "ann": (await served.gm.private_text(served.game_id, ANN, "en")).replace(
                    "**", ""),
                "secrets": engine.secrets(state)}
    return seen


async def at_step(served: Served, step: int, token: str | None) -> dict:
    query = f"step={step}" + (f"&t={token}" if token else "")
    answer = await served.client.get(served.api(f"state?{query}"))
    assert answer.status == 200
    return await answer.json()


async def test_a_token_shows_its_own_seat_as_it_was_at_that_step(served: Served):
    seen = await play_recording(served)
    assert len(seen) >= 3
    ann = await served.token(ANN)
    now = (await served.gm.private_text(served.game_id, ANN, "en")).replace("**", "")
    for step, then in seen.items():
        mine = await at_step(served, step, ann)
        assert mine["step"] == step and mine["private"]["seat"] == 0
        assert mine["private"]["text"] == then["ann"], f"step {step}"
    assert any(then["ann"] != now for then in seen.values())  # the past, not the view now


async def test_a_step_of_a_private_view_holds_no_other_seats_secret(served: Served):
    seen = await play_recording(served)
    ann, bo = await served.token(ANN), await served.token(BO)
    bo_own = 0
    for step, then in seen.items():
        secrets = then["secrets"]
        assert isinstance(secrets, dict)
        mine = json.dumps(await at_step(served, step, ann), ensure_ascii=False)
        public = await at_step(served, step, None)
        assert "private" not in public
        for owner, hidden in secrets.items():
            for secret in hidden:
                if owner != 0:
                    assert not shown(secret, mine), f"seat {owner + 1}'s {secret} at {step}"
                assert not shown(secret, json.dumps(public, ensure_ascii=False))
        bos = json.dumps(await at_step(served, step, bo), ensure_ascii=False)
        bo_own += sum(shown(secret, bos) for secret in secrets.get(1, ()))
    assert bo_own, "Bo's own token never showed Bo's own secrets: the check saw nothing"


async def test_a_private_step_reads_the_steps_events_as_its_seat(served: Served):
    seen = await play_recording(served)
    ann = await served.token(ANN)
    read = 0
    for step in seen:
        public = await at_step(served, step, None)
        mine = await at_step(served, step, ann)
        # every public event, worded for the seat ("You choose ..."), and its own too
        assert len(mine["log"]) >= len(public["log"])
        read += len(mine["log"])
        assert mine["acted"] == public["acted"]
        assert mine["view_note"] == t("web.private_view", "en", name="Ann")
    assert read, "no step had an event to read"


async def test_the_seat_history_of_a_member_without_a_seat_is_refused(served: Served):
    await play_recording(served)
    with pytest.raises(ServiceError) as refused:
        await served.gm.seat_history(served.game_id, 1, Player(77, "Cy"))
    assert refused.value.render("en") == t("tables.no_seat_to_view", "en")
