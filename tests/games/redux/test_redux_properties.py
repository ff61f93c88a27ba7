"""Random legal games to the end, for every option: invariants after every action, no seat's
secret in the public view or another seat's view, states storable as JSON, and the replay of
the move log (typed back from its text) equal to the final state."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Action, HeuristicAgent, RandomAgent, replay
from games.redux import GAME

MAX_ACTIONS = 4000
OPTIONS = st.fixed_dictionaries({
    "nations": st.sampled_from(("join", "random")),
    "trade_rates": st.sampled_from(("spread", "literal")),
    "rebellion_check": st.sampled_from(("decay_only", "all_players")),
    "component_limits": st.booleans(),
})


def check_views(state: dict) -> None:
    public = json.dumps(GAME.view(state, None), ensure_ascii=False)
    views = {s: json.dumps(GAME.view(state, s), ensure_ascii=False) for s in range(3)}
    for owner, hidden in GAME.secrets(state).items():
        for secret in (json.dumps(h) for h in hidden):
            assert secret not in public, f"Seat {owner}'s {secret} is in the public view"
            for seat, text in views.items():
                assert seat == owner or secret not in text, \
                    f"Seat {owner}'s {secret} is in Seat {seat}'s view"


def play(options: dict, seed: int, agent: type) -> tuple[dict, list[tuple[int, Action]]]:
    agents = [agent(seed * 7 + s) for s in range(3)]
    state = GAME.setup(3, options, seed)
    log: list[tuple[int, Action]] = []
    while GAME.result(state) is None:
        assert len(log) < MAX_ACTIONS, "the game did not end"
        acting = sorted(GAME.to_act(state))
        assert acting, f"nobody to act at {state['step']}"
        seat = acting[len(log) % len(acting)]
        legal = GAME.legal_actions(state, seat)
        assert legal and all(a.label for a in legal) and len(legal) <= 40
        action = agents[seat].choose(GAME, state, seat)
        state, events = GAME.apply(state, seat, action)
        log.append((seat, action))
        assert GAME.invariants(state) == [], (action.text, GAME.invariants(state))
        assert all(e.text for e in events)
        check_views(state)
        assert json.loads(json.dumps(state)) == state
    return state, log


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**31), heuristic=st.booleans())
def test_random_games_keep_every_invariant_and_replay(options: dict, seed: int,
                                                      heuristic: bool) -> None:
    state, log = play(options, seed, HeuristicAgent if heuristic else RandomAgent)
    result = GAME.result(state)
    assert state["step"] == "over" and result is not None
    typed = [(seat, Action.parse(action.text)) for seat, action in log]
    again, _ = replay(GAME, 3, options, seed, typed)
    assert again == state
    assert GAME.view(again, None)["result"] == result.to_json()


def test_invariants_name_what_is_wrong() -> None:
    """Each kind of broken state is reported in words (checks.invariants)."""
    base = GAME.setup(3, {}, 1)
    assert GAME.invariants(base) == []
    cases = {
        "generals are not each in one place":
            lambda s: s["players"][0]["generals"].append(s["players"][0]["drawn"][0]),
        "support: 16 counted": lambda s: s["players"][1].update(support=2),
        "horse: 14 counted": lambda s: s["supply"].update(horse=14),
        "tribal friendship is 0": lambda s: s["players"][2].update(tribal=0),
        "office is 6": lambda s: s["players"][2].update(office=6),
        "farm is level 1 with 2 developed":
            lambda s: s["players"][0].update(farm={"level": 1, "developed": 2}),
        "frontier tokens": lambda s: s["players"][0]["granary"]["frontiers"].append(
            {"region": "chibi", "vp": 0}),
        "holds -1 gold": lambda s: s["players"][0].update(gold=-1),
    }
    for message, breaking in cases.items():
        state = json.loads(json.dumps(base))
        breaking(state)
        assert any(message in p for p in GAME.invariants(state)), message


def test_secrets_are_hands_and_unrevealed_generals() -> None:
    state = GAME.setup(3, {}, 1)
    for p in state["players"]:
        assert GAME.secrets(state)[p["seat"]] == set(p["hand"]) | set(p["drawn"])
