"""Random legal games for 2, 5 and 11 seats, with combat and alliances, and with every combat
option changed (invariants, secrets, the secret selection of generals and JSON state after
every action, replay equal), and heuristic games of S2 to their end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.tools.simulate import check_state, play_game
from games.core.actions import Action
from games.core.flow import top
from games.wargame.game import WargameGame

GAME = WargameGame()
COMBAT_OPTIONS = {"minor_combat": "auto", "secret_selection": False, "gozoku_duel": "min_n",
                  "retreat_into_won_areas": False, "pursue_routed": True, "trapped": "zaiya"}


def selection_stays_secret(state: dict[str, Any], seats: int) -> None:
    """W18b: a general chosen for the round is seen by its own seat only, until revealed
    (an open selection, `opt.secret_selection = false`, is public as it is made)."""
    public = GAME.view(state, None)
    assert public["selection"] is None
    if not state["options"]["secret_selection"]:
        return
    assert public["battle"] is None or "drafts" not in public["battle"]
    step = top(state)
    if step is None or step["rule"] != "select" or step["kind"] != "simultaneous":
        return
    for seat in range(seats):
        shown = GAME.view(state, seat)
        others = {str(s) for s in step["seats"] if s != seat}
        assert not others & set(shown["flow"]["answers"])


def others_views(state: dict[str, Any], seat: int, seats: int) -> list[dict[str, Any]]:
    return [GAME.view(state, s) for s in (None, *range(seats)) if s != seat]


def part_of_a_selection_shows_nothing(before: dict[str, Any], after: dict[str, Any],
                                      seat: int, seats: int) -> None:
    """W18b: a general chosen while the seat's selection goes on changes no view but its
    own (no count, no completion), so the choice is told once, when complete; an open
    selection is public as it is made."""
    if not before["options"]["secret_selection"]:
        return
    step, now = top(before), top(after)
    if step is None or step["rule"] != "select" or now is None or now["rule"] != "select" \
            or seat not in GAME.to_act(after) or before["battle"]["round"] != \
            after["battle"]["round"]:
        return
    assert others_views(before, seat, seats) == others_views(after, seat, seats)


@pytest.mark.parametrize(("seats", "scenario", "options"), [
    (2, "S1", {}), (5, "S1", {}), (11, "S1", {}), (3, "S3", {}), (3, "S2", COMBAT_OPTIONS)])
def test_random_legal_games_keep_every_invariant(seats, scenario, options):
    for seed in (seats,):
        state = GAME.setup(seats, {"scenario": scenario, **options}, seed)
        first = json.loads(json.dumps(state))
        rnd = random.Random(seed)
        log: list[tuple[int, Action]] = []
        battles = allied = 0
        for _ in range(600):
            due = sorted(GAME.to_act(state))
            if not due:
                break
            seat = due[0]
            action = rnd.choice(GAME.legal_actions(state, seat))
            before = state
            state, events = GAME.apply(state, seat, action)
            part_of_a_selection_shows_nothing(before, state, seat, seats)
            battles += sum(e.text.key == "wargame.battle.begins" for e in events)
            allied += sum(e.text.key.startswith("wargame.ally.") for e in events)
            log.append((seat, action))
            check_state(GAME, state, seats)
            selection_stays_secret(state, seats)
        assert battles > 0  # the games reach combat
        assert allied > 0  # and alliances are offered, made or bought (W12-W14)
        replayed = first
        for seat, action in log:
            replayed, _ = GAME.apply(replayed, seat, Action.parse(action.text))
        assert replayed == state


@pytest.mark.parametrize("seats", [2, 5, 11])
def test_heuristic_games_of_s2_reach_their_end(seats):
    state, log = play_game(GAME, seats, {"scenario": "S2"}, 3, ["heuristic"] * seats,
                           check=seats == 2)
    check_state(GAME, state, seats)
    result = GAME.result(state)
    assert result is not None and result.winners
    assert state["turn"] == 10 or state["over"]["reason"] != "last_turn"
