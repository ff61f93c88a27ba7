"""The end (spec T4): own scores, camp averages, 安禄山, capitals, the winner and tie-breaks
(TX21), and the end after round 8."""

from __future__ import annotations

from fractions import Fraction

from games.core.flow import flow_of
from games.tang import GAME
from games.tang.flow import FLOW
from games.tang.model import State
from games.tang.scoring import final_table, own_scores, winners
from tests.games.tang.scenario import DATA, ledger, table

SPECIAL = ["changan", "lingwu", "taiyuan", "fanyang", "suiyang", "chengdu"]


def tx21(**options):
    """P0 12 cities (1 special), P1 8 (洛阳, not its capital), P2 13 (2 special, holds 安禄山),
    P3 10 (1 special); 8 cities besieged."""
    plain = [c for c in DATA.city_ids if c not in SPECIAL and c != "luoyang"]
    board: dict[str, tuple[int, int]] = {}
    take = iter(plain)
    for seat, count, special in ((0, 12, ["changan"]), (1, 7, []), (2, 13, ["lingwu", "taiyuan"]),
                                 (3, 10, ["fanyang"])):
        for city in special:
            board[city] = (seat, 1)
        for _ in range(count - len(special)):
            board[next(take)] = (seat, 1)
    board["luoyang"] = (1, 1)
    state = table(4, board, reps=["guo_ziyi", "gao_lishi", "geshu_han", "an_sishun"],
                  piles={2: ["an_lushan"]}, camp_rule=True, options=options,
                  capitals={0: "changan", 1: "chengdu", 2: "lingwu", 3: "fanyang"})
    for city in [c for c in DATA.city_ids if c not in board]:
        state["cities"][city].update(controller=None, last=0, armies={"0": 1, "2": 1})
    for seat, ms in enumerate((8, 11, 7, 10)):
        state["players"][seat]["minsheng"] = ms
    ledger(state)
    return state


def test_t4_3_own_scores():
    state = tx21()
    assert [score["own"] for score in own_scores(state)] == [21, 22, 22, 21]
    assert own_scores(state)[1]["luoyang"] == 1  # 洛阳 scores 1 + 3


def test_tx21_camp_average_and_eligibility():
    state = tx21()
    rows = final_table(state)
    assert [r["final"] for r in rows] == [Fraction(43, 2), Fraction(43, 2), 22, 21]
    assert [r["eligible"] for r in rows] == [True, False, False, True]
    assert winners(state, rows) == [0]


def test_tx21_floor_average_ties_and_welfare_breaks_it():
    state = tx21(camp_average_rounding="floor")
    assert winners(state, final_table(state)) == [3]


def test_tx21_camps_abolished():
    state = tx21()
    state["camp_rule"] = False
    assert winners(state, final_table(state)) == [3]


def test_t4_2_an_qingxu_does_not_lose_by_an_lushan():
    state = tx21()
    state["players"][2]["rep"] = "an_qingxu"
    state["camp_rule"] = False
    rows = final_table(state)
    assert rows[2]["eligible"] and winners(state, rows) == [2]


def test_t4_5_option_top_must_hold_capital():
    state = tx21(winner_rule="top_must_hold_capital")
    assert winners(state, final_table(state)) == []  # P2 is top and loses by 安禄山


def test_t4_3_option_luoyang_is_special():
    assert own_scores(tx21(luoyang_is_special=True))[1]["own"] == 23


def test_t4_1_the_game_ends_after_round_eight():
    state = table(3, {"changan": (0, 5), "jiaozhi": (1, 3)},
                  capitals={0: "changan", 1: "jiaozhi"}, round_=8)
    flow_of(state)["stack"] = []
    FLOW.settle(state)
    result = GAME.result(state)
    assert result is not None and result.reason.key == "tang.result.rounds"
    assert GAME.phase(state) == "over"
    assert GAME.view(state, None)["players"][1]["pile"] == []  # everything is revealed


def finished(state: State) -> State:
    """End a forged table after round 8, so `GAME.result` gives its result."""
    state["round"] = 8
    flow_of(state)["stack"] = []
    FLOW.settle(state)
    return state


def test_t10_5_the_result_ranks_every_seat_in_its_order():
    """TX21 ends P0 (wins, 21.5), P3 (may win, 21), then those who may not: P2 (22, holds
    安禄山) and P1 (21.5, no capital). Each row carries its rank, the scores come in it."""
    result = GAME.result(finished(tx21()))
    assert result is not None
    assert [s.seat for s in result.scores] == [0, 3, 2, 1]
    assert {r["seat"]: r["rank"] for r in result.details["rows"]} == {0: 1, 3: 2, 2: 3, 1: 4}
    assert result.details["order"]["key"] == "tang.result.order_camps"


def test_t4_4_a_final_score_reads_the_same_one_decimal_everywhere():
    """A13 shows F with one decimal and T5.1 rounds down: a camp of three scoring 65 has
    F = 21⅔, which the rows, the text's total and its ×10 category all read as 21.6."""
    state = tx21()
    state["players"][3]["rep"] = "li_mi"  # 唐, with P0 and P1
    state["players"][3]["minsheng"] = 11  # own 22: the camp scores 21 + 22 + 22 = 65
    result = GAME.result(finished(state))
    assert result is not None
    row = next(r for r in result.details["rows"] if r["seat"] == 3)
    score = next(s for s in result.scores if s.seat == 3)
    assert row["final"] == "65/3" and row["final_shown"] == "21.6"
    assert score.shown == "21.6" and score.categories["final_tenths"] == 216
    assert score.total == 21
    assert result.to_json()["scores"][0]["shown"] == result.scores[0].shown
