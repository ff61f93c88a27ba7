"""`gm simulate`'s checks and its process pool: the secret check finds exactly what a search
of the view's JSON text finds, a leaked secret is reported, and games spread over processes
give the summary one process gives."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.tools.simulate import ViewText, check_state, secret_of, simulate
from games.core import get_game
from games.record.game import RecordGame
from games.tang import GAME as TANG
from games.tang.game import TangGame

# Quotes, backslashes, the separators and brackets json.dumps writes, a control character
# and a non-ASCII one: every way a secret's text could meet a view's text
ALPHABET = st.sampled_from(['"', "\\", ",", ":", " ", "]", "}", "[", "{", "a", "b", "1",
                            ".", "\n", "安"])
WORDS = st.text(ALPHABET, max_size=6)
VIEWS = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(WORDS, inner, max_size=4),
    max_leaves=12)


@given(VIEWS, st.lists(WORDS | st.integers(0, 12) | st.booleans(), max_size=6))
def test_the_secret_check_finds_what_a_search_of_the_text_finds(view: Any,
                                                                 hidden: list[Any]) -> None:
    text = json.dumps(view, ensure_ascii=False)
    secrets = [secret_of(value) for value in hidden]
    shown = ViewText(text, {s.plain for s in secrets if s.plain is not None})
    for value, secret in zip(hidden, secrets, strict=True):
        assert shown.shows(secret) == (json.dumps(value, ensure_ascii=False) in text), value


def test_a_secret_behind_an_escaped_quote_is_found():
    text = json.dumps({"note": 'he said "jianbi.3', "jianbi.30": 1}, ensure_ascii=False)
    assert ViewText(text, {"jianbi.3"}).shows(secret_of("jianbi.3"))
    assert not ViewText(text, {"jianbi.2"}).shows(secret_of("jianbi.2"))


def test_a_card_shown_to_another_seat_is_reported():
    state = TANG.setup(3, TANG.resolve_options({}), 7)
    owner, hidden = next((s, h) for s, h in TANG.secrets(state).items() if s >= 0 and h)

    class Leaky(TangGame):
        def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
            return {**super().view(state, seat), "peek": sorted(hidden)}

    with pytest.raises(AssertionError, match=f"seat {owner + 1}'s secret .* is in the public view"):
        check_state(Leaky(), state, 3)


class OddlyBroken(RecordGame):
    """Record whose games of an odd seed break an invariant at their tenth action."""

    def invariants(self, state: dict[str, Any]) -> list[str]:
        odd = state["seed"] % 2 and state["action_no"] >= 10
        return ["an odd seed"] if odd else super().invariants(state)


def test_two_processes_give_the_summary_of_one():
    game = OddlyBroken()
    options = game.resolve_options({})
    serial = simulate(game, 3, 5, 5, options)
    pooled = simulate(game, 3, 5, 5, options, jobs=2)
    assert serial.games == pooled.games == 5 and len(serial.errors) == 3
    assert pooled == serial and pooled.lines() == serial.lines()


def test_no_process_is_refused():
    with pytest.raises(ValueError, match="at least one process, not 0"):
        simulate(get_game("record"), 3, 1, 1, {}, jobs=0)


def test_a_run_of_two_kinds_reports_win_rates_by_agent_and_by_seat():
    summary = simulate(get_game("record"), 2, 2, 1, {}, ("heuristic", "random"))
    assert summary.agent_games == {"heuristic": 2, "random": 2, "heuristic at seat 1": 1,
                                   "heuristic at seat 2": 1, "random at seat 1": 1,
                                   "random at seat 2": 1}  # the kinds rotate over the seats
    assert summary.agent_wins["heuristic"] + summary.agent_wins["random"] == \
        sum(summary.wins.values())
    lines = [line for line in summary.lines() if line.startswith("win rate by agent")]
    assert lines[0].startswith("win rate by agent: heuristic: ")
    assert lines[1].startswith("win rate by agent and seat: heuristic at seat 1: ")


def test_a_run_of_one_kind_has_no_win_rate_by_agent():
    summary = simulate(get_game("record"), 2, 1, 1, {}, ("heuristic",))
    assert not [line for line in summary.lines() if line.startswith("win rate by agent")]
