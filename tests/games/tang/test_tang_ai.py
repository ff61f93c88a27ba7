"""The heuristic AI (games/tang/ai.py, ai_war.py): attacks judged by their expected worth
(never a city it cannot take for the city's sake, e.g. a 张巡 garrison), rallies only what
changes the battle, grain kept for the musters, 识破 where it matters, 安禄山 passed on."""

from __future__ import annotations

import pytest

from games.core import Action, force
from games.core.agents import HeuristicAgent
from games.tang import GAME
from games.tang.ai import action_score
from games.tang.ai_war import odds
from games.tang.model import State
from tests.games.tang.scenario import play, table


def choice(state: State, seat: int) -> str:
    return HeuristicAgent(seed=1).choose(GAME, state, seat).text


def worth(state: State, seat: int, text: str) -> float:
    return action_score(GAME.view(state, seat), seat, Action.parse(text))


def front(defender_rep: str, garrison: int) -> State:
    """P0 with 20 armies in 陈留 next to P1's 荥阳 (P1's capital is far away in 交趾)."""
    return table(3, {"chenliu": (0, 20), "xingyang": (1, garrison), "jiaozhi": (1, 5),
                     "guangzhou": (0, 3)},
                 reps=["gao_lishi", defender_rep, "li_mi"],
                 capitals={0: "guangzhou", 1: "jiaozhi"})


def test_t3_4_3a_odds_follow_the_overflow_rule_and_zhang_xun():
    assert odds(20, 2, 0, 0, False).capture == pytest.approx(1.0)
    assert odds(20, 2, 0, 0, True).capture == 0.0  # TX13's rule: 2 always stay
    assert odds(40, 30, 0, 0, False).capture == 0.0  # no total reaches 30


def test_ai_attacks_a_small_garrison_but_not_a_zhang_xun_one():
    assert worth(front("li_mi", 2), 0, "attack xingyang") > 1
    assert worth(front("zhang_xun", 2), 0, "attack xingyang") < 0


def test_ai_does_not_attack_a_stack_it_outnumbers_but_cannot_wipe_out():
    state = table(3, {"chenliu": (0, 40), "xingyang": (1, 30), "jiaozhi": (1, 5),
                      "guangzhou": (0, 3)}, reps=["gao_lishi", "li_mi", "lu_jiong"],
                  capitals={0: "guangzhou", 1: "jiaozhi"})
    assert worth(state, 0, "attack xingyang") < 0


def test_ai_builder_musters_its_plan_and_confirms():
    state, _ = play(front("li_mi", 2), 0, "attack xingyang")
    for _ in range(6):
        if GAME.view(state, 0)["battle"]:
            break
        state, _ = GAME.apply(state, 0, Action.parse(choice(state, 0)))
    battle = GAME.view(state, 0)["battle"]
    assert battle["city"] == "xingyang" and battle["a_armies"] >= 3


def battle_at_attacker_window(a_dice: tuple[int, int]) -> State:
    """P0's 10 armies attack P1's 6 in 荥阳; P1 rolls 1+1 and passes."""
    state = table(3, {"chenliu": (0, 10), "xingyang": (1, 6), "jiaozhi": (1, 5),
                      "guangzhou": (0, 3)}, reps=["gao_lishi", "li_mi", "lu_jiong"],
                  capitals={0: "guangzhou", 1: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 10", "confirm")
    force(state, *a_dice, 1, 1)
    state, _ = play(state, 1, "done", "pass")
    return state


def test_ai_rallies_the_one_point_that_wipes_the_defender_out():
    state = battle_at_attacker_window((2, 3))  # 5 against 6 armies: +1 takes the city
    assert choice(state, 0) == "rally"
    state, _ = play(state, 0, "rally")
    assert choice(state, 0) == "count 1"


def test_ai_keeps_its_grain_when_the_battle_is_decided():
    state = battle_at_attacker_window((6, 6))
    assert choice(state, 0) == "pass"


@pytest.mark.parametrize(("pile", "answer"), [(["abusi"], "respond shipo"),
                                              (["abusi", "an_lushan"], "pass")])
def test_ai_answers_fanjian_unless_it_would_shed_an_lushan(pile, answer):
    state = table(3, {"changan": (0, 5), "fufeng": (1, 2)}, hands={0: ["fanjian"],
                                                                   1: ["shipo"]},
                  piles={0: ["li_siye"], 1: pile})
    state, _ = play(state, 0, "play fanjian 2")
    assert choice(state, 1) == answer


def test_ai_passes_an_lushan_on_with_fanjian():
    state = table(3, {"changan": (0, 5), "fufeng": (1, 2)}, hands={0: ["fanjian"]},
                  piles={0: ["an_lushan", "li_siye"], 1: ["abusi"]})
    assert choice(state, 0).startswith("play fanjian")
    state, _ = play(state, 0, choice(state, 0))
    (target,) = GAME.to_act(state)
    state, _ = play(state, target, "pass")
    assert choice(state, 0) == "give an_lushan"


@pytest.mark.parametrize(("grain", "bought"), [(60, 9), (10, 5), (0, 0)])
def test_ai_buys_armies_only_above_its_grain_reserve(grain, bought):
    """19 points (雍州 whole, 天水, 高力士): at most 9 armies, and 24 grain kept."""
    board = {c: (0, 2) for c in ("changan", "fufeng", "huayin", "anding", "lingwu", "tianshui")}
    state = table(3, board, phase="supply", grain={0: grain, 1: 0, 2: 0},
                  capitals={0: "changan"})
    state, _ = play(state, 0, "tax none", "buy")
    assert choice(state, 0) == f"count {bought}"


def test_seats_spend_their_grain_instead_of_ending_on_a_heap_of_it():
    """Issue 33: in heuristic self-play half the seats ended with 70 grain or more (up to
    374), and grain scores nothing (T4.3). Grain a seat holds beyond what its battles can
    use is worth less to it (ai_war.grain_worth), so it rallies and attacks with it."""
    from bot.tools.simulate import play_game

    ends = []
    for seed in range(12):
        state, _ = play_game(GAME, 4, {}, seed, ["heuristic"] * 4, check=False)
        ends += [int(p.get("grain", 0)) for p in GAME.view(state, None)["players"]]
    assert sum(ends) / len(ends) <= 15, ends
