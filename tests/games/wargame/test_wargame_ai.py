"""The heuristic AI weighs alliances and odds (games/wargame/ai.py), on WX5's board: 曹操 with
10 troops in 陳留 cannot beat 8 豪族 in 山陽 alone by its margin, 陶謙's 4 in 彭城 can help."""

from __future__ import annotations

from games.core.actions import Action
from games.core.chance import force
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
