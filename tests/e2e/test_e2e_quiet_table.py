"""A table a group can live with for weeks (issue 27), measured on whole games through the
local Discord by scripted members (bot/tools/fakediscord/tablelife.py, `gm table`): one
public message per turn, one ping per seat per turn, no prompt that offers only a pass, one
press per decision, and a prompt that opens with what changed since the seat last acted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.catchup import CATCH_UP_LINES
from bot.tools.fakediscord.tablelife import Figures, measure

SEATS = {"record": (3, 3), "redux": (3, 3), "scythe": (3, 2), "wargame": (4, 2),
         "tang": (4, 2)}  # seats and human seats, as the issue measured them
_MEASURED: dict[str, Figures] = {}


@pytest.fixture
async def figures(request: pytest.FixtureRequest, tmp_path: Path) -> Figures:
    game = request.param
    if game not in _MEASURED:
        seats, humans = SEATS[game]
        _MEASURED[game] = await measure(game, seats, humans, seed=4, folder=tmp_path)
    return _MEASURED[game]


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_one_public_message_per_turn(figures: Figures) -> None:
    assert figures.turns > 20 and figures.rounds >= 2
    assert figures.per_turn <= 1.2, figures.lines()


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_a_turn_that_ended_gets_no_new_message_without_a_mention(figures: Figures) -> None:
    """Every message but the final scores' either calls someone or carries a board: the
    turn's lines went into the message that called it."""
    assert figures.messages <= figures.calls + figures.boards + 1, figures.lines()


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_a_seat_is_pinged_at_most_once_per_turn(figures: Figures) -> None:
    assert figures.mentions_per_turn <= 1.0, figures.lines()


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_no_prompt_offers_only_a_pass(figures: Figures) -> None:
    assert figures.pass_only == 0, figures.lines()


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_a_prompt_opens_with_what_changed_since_the_seat_last_acted(figures: Figures) -> None:
    assert figures.caught_up, "no Take my turn prompt opened with a catch-up"
    for text in figures.caught_up:
        lines = text.splitlines()
        head = next(n for n, line in enumerate(lines) if line.startswith("**Your turn**"))
        caught = [line for line in lines[1:head] if not line.startswith("… ")]
        assert lines[0] == "Since your last move:" and 1 <= len(caught) <= CATCH_UP_LINES


@pytest.mark.parametrize("figures", list(SEATS), indirect=True)
def test_a_decision_takes_one_press_at_a_table_that_plays_live(figures: Figures) -> None:
    """The members here answer at once, so each next turn comes while their last answer is
    open and becomes their prompt (cogs/open_prompts.py): no Take my turn in between."""
    assert figures.presses_per_decision <= 1.2, figures.lines()
