"""The heuristic AI weighs alliances and odds (games/wargame/ai.py), on WX5's board: 曹操 with
10 troops in 陳留 cannot beat 8 豪族 in 山陽 alone by its margin, 陶謙's 4 in 彭城 can help."""

from __future__ import annotations

from games.core import make_agent
from games.core.actions import Action
from games.core.chance import force
from games.core.flow import top
from games.wargame import ai
from games.wargame.data import data_for
from tests.games.wargame.scenario import GAME, seat_of
from tests.games.wargame.test_wargame_alliances import allied, joint, wx5
from tests.games.wargame.test_wargame_combat import by, rule


def score(state: dict, nation: str, text: str) -> float:
    seat = seat_of(state, nation)
    return GAME.action_score(GAME.view(state, seat), seat, Action.parse(text))


def test_the_ai_attacks_only_with_the_odds_and_asks_a_major_with_a_common_enemy():
    state = wx5(minor_combat="auto")
    assert score(state, "cao", "invade shanyang") < score(state, "cao", "end")  # 10 < 1.5 × 8
    assert score(state, "cao", "ally tao") > score(state, "cao", "levy chenliu")
    state = allied(state)
    assert score(state, "cao", "invade shanyang") > score(state, "cao", "levy chenliu")


def test_the_ai_accepts_a_split_only_when_its_share_is_no_larger():
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 1, 6)
    state, _ = joint(state)
    state, _ = by(state, "cao", "share cao 1")  # the default: no vote
    assert rule(state) == "declare"
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 1, 6)
    state, _ = joint(state)
    state, _ = by(state, "cao", "share cao 0")
    assert score(state, "tao", "accept") < score(state, "tao", "decline")  # 1 > 0 for 陶謙


def test_the_ai_retreats_from_a_battle_it_is_losing():
    state = allied(wx5(minor_combat="auto"))
    force(state, 3, 4, 6, 1)  # 合戦 won by the coalition: the 豪族 lose 7 of their 30
    state["areas"]["shanyang"]["troops"]["gozoku"] = 30
    state["ledger"]["added"] += 22
    state, _ = joint(state)
    assert rule(state) == "declare" and state["areas"]["shanyang"]["troops"]["gozoku"] == 23
    assert score(state, "cao", "retreat") > score(state, "cao", "stay")


LIUYAN_START = {"chengdu", "zitong", "jiangzhou"}  # 劉焉's set-up areas in S2 (190)


def heuristic_game(seats: int, seed: int):
    """The states of a whole heuristic game, each with the seat to act and its choice."""
    state = GAME.setup(seats, {}, seed)
    agents = [make_agent("heuristic", seed * 10 + s) for s in range(seats)]
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        action = agents[seat].choose(GAME, state, seat)
        yield state, seat, action
        state, _ = GAME.apply(state, seat, action)


def test_the_ai_marches_the_units_behind_its_frontier_towards_it():
    """W25: in its redeploy step a nation whose units stand in an area no other power
    borders (劉焉's armies in 建寧 once they won it) moves them on, rather than ending."""
    checked = 0
    for state, seat, action in heuristic_game(5, 1):
        step = top(state)
        if step is None or step["rule"] != "redeploy" or state["redeploy"]["nation"] != "liuyan":
            continue
        seen = ai.Seen(GAME.view(state, seat), seat)
        behind = {a for a, d in ai.frontier(seen, "liuyan").items() if d > 0}
        marchable = {a.word(0) for a in GAME.legal_actions(state, seat) if a.kind == "move"}
        if behind & marchable:
            assert action.kind == "move" and action.word(0) in behind
            checked += 1
    assert checked > 0, "劉焉 never had units behind his frontier in a redeploy step"


def test_liu_yan_takes_areas_beyond_the_rim_of_his_corner():
    """The heuristic 劉焉 (益州, a corner whose only way out is past 建寧 and 漢中) once took
    建寧 at most and kept his armies there; marching them to the frontier, he takes areas
    beyond the neighbours of his set-up areas in most 5-seat games."""
    data = data_for({"pack": None})
    rim = LIUYAN_START | {b for a in LIUYAN_START for b in data.neighbours[a]}
    beyond = 0
    for seed in range(1, 5):
        taken: set[str] = set()
        for state, _, _ in heuristic_game(5, seed):
            taken |= {a for a, s in state["areas"].items() if s["control"] == "liuyan"}
        beyond += bool(taken - rim)
    assert beyond >= 3, f"劉焉 went beyond his corner's rim in {beyond} of 4 games"
