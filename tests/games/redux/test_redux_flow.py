"""The step machine: who acts at each step, moves refused outside their step, the automatic
transitions (bidding -> resolution -> upkeep -> next round), and phase labels."""

from __future__ import annotations

import copy

import pytest

from games.core import IllegalAction, RandomAgent, get_game
from games.redux import GAME, flow
from games.redux.state import action_name
from tests.games.redux.scenario import SHU, WEI, WU, act, bidding, moves, recruited, rig, started


def play_until(state: dict, done, seed: int = 3, limit: int = 3000) -> dict:
    """Random legal moves until `done(state)`."""
    agents = [RandomAgent(seed + s) for s in range(3)]
    for _ in range(limit):
        if done(state):
            return state
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
    raise AssertionError("the condition was never reached")


def test_the_game_is_registered() -> None:
    assert get_game("redux") is GAME
    assert GAME.title == "Three Kingdoms Redux (삼국지 리덕스)"
    assert (GAME.min_players, GAME.max_players) == (3, 3)


def test_to_act_per_step() -> None:
    state = GAME.setup(3, {}, 1)
    assert flow.to_act(state) == {WEI, WU, SHU}
    state = started()
    assert flow.to_act(state) == {SHU}
    state, _ = act(state, SHU, "alliance farm")
    assert flow.to_act(state) == {WEI}
    assert flow.legal_actions(state, WU) == []


@pytest.mark.parametrize("text", ["place wei.cao_cao", "pass", "alliance farm", "decline farm"])
def test_moves_outside_their_step_are_refused(text: str) -> None:
    state = GAME.setup(3, {}, 1)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="cannot"):
        act(state, WEI, text)
    assert state == before


def test_end_of_bidding_closes_bids_and_starts_resolution() -> None:
    """R8.1-R8.2 happen automatically, then the first actor in action order acts."""
    state = started()
    for seat, nation in ((WEI, "wei.jia_xu"), (WU, "wu.lu_fan"), (SHU, "shu.jiang_wan")):
        recruited(state, seat, nation)
        rig(state, seat, support=0)
    state = bidding(state)
    state, events = moves(state, (WEI, "place wei.jia_xu"), (WEI, "on farm"), (WU, "pass"),
                          (SHU, "pass"))
    assert state["winners"] == {"farm": [WEI]}
    assert state["action_order"] == [WEI, WU, SHU]
    assert state["step"] == "resolve" and GAME.to_act(state) == {WEI}
    assert "Bidding is over." in [str(e.text) for e in events]
    assert GAME.phase(state) == "r1:resolve:0"


def test_a_round_ends_with_upkeep_and_the_next_round_starts() -> None:
    """R9 then R7 of round 2: the alliance of round 1 is now the previous one."""
    state = started()
    state, _ = act(state, SHU, "alliance instructor")
    state = play_until(state, lambda s: s["round"] == 2)
    assert state["step"] == "alliance"
    assert state["alliance"] == {"action": None, "previous": "instructor"}
    chooser = state["bid_order"][2]
    assert GAME.to_act(state) == {chooser}
    assert "instructor" not in [a.args[0] for a in GAME.legal_actions(state, chooser)]
    assert all(not p["passed"] for p in state["players"]) and state["bids"] == []


def test_round_three_starts_with_the_secret_recruitment() -> None:
    state = play_until(started(), lambda s: s["round"] == 3)
    assert state["step"] == "pick" and GAME.to_act(state) == {WEI, WU, SHU}
    assert [len(p["drawn"]) for p in state["players"]] == [4, 4, 4]
    assert "Choose in secret the 2 generals" in str(GAME.prompt(state, WEI))


def test_phase_changes_at_each_step() -> None:
    state = GAME.setup(3, {}, 1)
    assert GAME.phase(state) == "r1:pick"
    state = started()
    assert GAME.phase(state) == "r1:alliance"
    state, _ = act(state, SHU, "alliance farm")
    assert GAME.phase(state) == "r1:bid"


def test_factions_are_the_nations() -> None:
    assert GAME.factions(GAME.setup(3, {"nations": "random"}, 3)) == [
        p["nation"] for p in GAME.setup(3, {"nations": "random"}, 3)["players"]]


def test_resolution_prompts_name_the_won_actions() -> None:
    state = play_until(started(), lambda s: s["step"] == "resolve" and s["doing"] is None)
    actor = state["actor"]
    prompt = str(GAME.prompt(state, actor))
    assert prompt.startswith("Perform the actions you won")
    assert state["todo"][str(actor)]
    assert all(action_name(a) in prompt for a in state["todo"][str(actor)])


def test_apply_copies_the_state_but_shares_its_frozen_pack() -> None:
    """The pack text is immutable, so the copy shares it; everything else is a new copy and
    the input state is left as it was, in its key order (storage keeps that order)."""
    state = GAME.setup(3, {}, 1)
    before = copy.deepcopy(state)
    after, _ = GAME.apply(state, WEI, GAME.legal_actions(state, WEI)[0])
    assert state == before and after["data"] is state["data"]
    assert list(after) == list(state)
    assert after["players"] is not state["players"] and after["players"] != state["players"]
