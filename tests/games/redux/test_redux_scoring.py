"""R12 final scoring on hand-built tables: the rulebook's examples EX20-EX25, the rank-point
ties of G2, the card rules of R12.8 and the tie-break of R12.10. Only the fields scoring
reads are built, so these tests do not depend on how the engine reaches a final table."""

from __future__ import annotations

from typing import Any

from games.redux import scoring
from games.redux.data import designed, freeze

WEI, WU, SHU = 0, 1, 2


def player(seat: int, nation: str, **fields: Any) -> dict:
    """A player entry at the start of the game's values, with `fields` set."""
    entry = {
        "seat": seat, "nation": nation, "gold": 0, "rice": 0, "support": 0,
        "armies": {"untrained": 0, "trained": 0},
        "weapons": {"spear": 0, "horse": 0, "crossbow": 0, "ship": 0},
        "farm": {"level": 0, "developed": 0}, "market": {"level": 0, "developed": 0},
        "granary": {"farms": 0, "frontiers": []}, "treasury": {"markets": 0, "frontiers": []},
        "tribal": 5, "military": 0, "office": 0, "deficits": 0, "built": [],
        "generals": [], "occupations": [],
    }
    entry.update(fields)
    return entry


def table(wei: dict | None = None, wu: dict | None = None, shu: dict | None = None,
          **fields: Any) -> dict:
    """A finished game's state with the three players' fields given per nation."""
    state = {
        "game": "redux", "round": 12, "step": "over", "emperor_holder": None,
        "end": {"reason": "round 12 was played", "round": 12},
        "data": freeze(designed()),
        "players": [player(WEI, "wei", **(wei or {})), player(WU, "wu", **(wu or {})),
                    player(SHU, "shu", **(shu or {}))],
    }
    state.update(fields)
    return state


def cats(state: dict, key: str) -> list[int]:
    """One category's VP for Wei, Wu, Shu."""
    return [c[key] for c in scoring.categories(state)]


def occupying(border: str, count: int) -> list[dict]:
    return [{"general": f"g{n}", "region": f"r{n}", "border": border, "unit": "infantry",
             "count": 1} for n in range(count)]


def tokens(*faces: int) -> dict:
    return {"frontiers": [{"region": f"r{n}", "vp": vp} for n, vp in enumerate(faces)]}


def test_ex20_military_score():
    state = table({"military": 14}, {"military": 16}, {"military": 17})
    assert cats(state, "military") == [14, 16, 17]


def test_ex21_border_score():
    state = table({"occupations": occupying("shu_wei", 2) + occupying("wei_wu", 1)},
                  {"occupations": occupying("wei_wu", 2) + occupying("shu_wu", 1)},
                  {"occupations": occupying("shu_wei", 1) + occupying("shu_wu", 1)})
    assert cats(state, "border") == [2, 3, 1]


def test_border_nobody_occupied_is_a_tie_a31():
    assert cats(table(), "border") == [2, 2, 2]


def test_ex22_frontier_region_score():
    state = table(wu={"granary": {"farms": 1, **tokens(1, 0)},
                      "treasury": {"markets": 0, **tokens(1, 1)}})
    assert cats(state, "frontier") == [0, 3, 0]


def development(wei: tuple[int, int], wu: tuple[int, int], shu: tuple[int, int]) -> dict:
    def levels(farm: int, market: int) -> dict:
        return {"farm": {"level": farm, "developed": 0},
                "market": {"level": market, "developed": 0}}
    return table(levels(*wei), levels(*wu), levels(*shu))


def test_ex23a_domestic_development():
    assert cats(development((5, 5), (2, 3), (4, 3)), "development") == [5, 0, 2]


def test_ex23b_domestic_development():
    """Wu's total were 7: Wu and Shu tie for second and get 1 each."""
    assert cats(development((5, 5), (4, 3), (4, 3)), "development") == [5, 1, 1]


def test_rank_points_two_tied_first_get_3_and_the_third_0():
    assert scoring.rank_points([6, 6, 2]) == [3, 3, 0]


def test_rank_points_all_equal_are_joint_first_with_3():
    assert cats(development((1, 1), (2, 0), (0, 2)), "development") == [3, 3, 3]


def test_rank_points_all_different():
    assert scoring.rank_points([0, 9, 4]) == [0, 5, 2]


def test_ex24_tribal_friendship_security():
    state = table({"tribal": 11, "support": 2}, {"tribal": 12, "support": 0},
                  {"tribal": 10, "support": 4})
    assert cats(state, "security") == [2, 0, 5]
    assert cats(state, "tribal") == [3, 4, 2]


def test_tribal_bonus_is_0_at_8_or_less():
    state = table({"tribal": 8}, {"tribal": 9}, {"tribal": 1})
    assert cats(state, "tribal") == [0, 1, 0]


def test_ex25_office_and_han_emperor_token():
    """Wei King (4), Wu Chancellor (3), Shu Grand Commandant (2), Shu holds the token. The
    source prints Wei's office bonus as 3 "because the office is Chancellor"; we follow the
    spec's correction (EX25, G3): the bonus is the office index, so Wei's is 4, total 9."""
    state = table({"office": 4}, {"office": 3}, {"office": 2}, emperor_holder=SHU)
    assert cats(state, "office") == [5, 2, 0]
    assert cats(state, "office_bonus") == [4, 3, 2]
    assert cats(state, "emperor") == [0, 0, 2]
    rows = scoring.categories(state)
    assert [r["office"] + r["office_bonus"] + r["emperor"] for r in rows] == [9, 5, 4]


def test_han_emperor_token_in_the_supply_scores_nobody_a29():
    assert cats(table(emperor_holder=None), "emperor") == [0, 0, 0]


def test_deficits_cost_3_each():
    assert cats(table({"deficits": 2}, {"deficits": 0}, {"deficits": 1}), "deficits") == [
        -6, 0, -3]


def test_built_cards_score_their_printed_vp():
    state = table({"built": ["union.barter_house", "separation.bronze_sparrow_terrace"]})
    assert cats(state, "cards") == [1 + 4, 0, 0]


def test_per_rule_counts_every_n_and_stops_at_its_maximum():
    """Imperial Granary: 1 VP per 2 farm levels, at most 2."""
    farm = {"level": 5, "developed": 0}
    state = table({"built": ["separation.imperial_granary"], "farm": farm},
                  {"built": ["separation.imperial_granary"],
                   "farm": {"level": 3, "developed": 0}})
    assert cats(state, "separation") == [2, 1, 0]


def test_threshold_rule_scores_only_from_its_minimum():
    """Peace Stele: 2 VP at tribal friendship 10 or more."""
    stele = ["separation.peace_stele"]
    state = table({"built": stele, "tribal": 10}, {"built": stele, "tribal": 9})
    assert cats(state, "separation") == [2, 0, 0]


def test_rules_count_the_supply():
    """Arsenal counts weapons (any type), Standing Army trained armies, Palace built cards."""
    built = ["separation.arsenal", "separation.standing_army", "separation.palace"]
    state = table({"built": built, "weapons": {"spear": 2, "horse": 2, "crossbow": 2, "ship": 0},
                   "armies": {"untrained": 9, "trained": 3}})
    assert cats(state, "separation") == [2 + 1 + 1, 0, 0]


def test_total_adds_every_category():
    state = table({"military": 3, "office": 1, "deficits": 1, "tribal": 9},
                  {"military": 1}, {"military": 2})
    res = scoring.result(state)
    for score in res.scores:
        assert score.total == sum(score.categories.values())
    wei = next(s for s in res.scores if s.seat == WEI)
    # military 3, borders 2, development 3 (all 0), security 5, tribal 1, office 5 + 1,
    # deficits -3
    assert wei.total == 3 + 2 + 3 + 5 + 1 + 5 + 1 - 3


def test_tie_on_total_goes_to_more_gold_and_rice():
    state = table({"gold": 3, "rice": 4}, {"gold": 6, "rice": 0}, {"gold": 1, "rice": 1})
    res = scoring.result(state)
    assert [s.total for s in res.scores] == [res.scores[0].total] * 3
    assert [s.seat for s in res.scores] == [WEI, WU, SHU]
    assert res.winners == [WEI]
    assert res.scores[0].tiebreak[0] == 7


def test_tie_on_gold_and_rice_goes_shu_then_wu_then_wei():
    """The source's example: Shu and Wu tie on score and on gold + rice, Shu wins."""
    state = table({"gold": 2}, {"gold": 5}, {"rice": 5})
    res = scoring.result(state)
    assert [s.seat for s in res.scores] == [SHU, WU, WEI]
    assert res.winners == [SHU]


def test_result_is_none_until_the_game_is_over():
    assert scoring.result(table(step="resolve", end=None)) is None


def test_result_reason_comes_from_the_end():
    state = table(end={"reason": "Wei reached Emperor", "round": 8}, round=8)
    assert scoring.result(state).reason == "Wei reached Emperor"


def test_standings_score_a_game_in_progress():
    state = table({"military": 9}, step="bid", end=None, round=6)
    res = scoring.standings(state)
    assert res.winners == [WEI]
    assert "round 6" in str(res.reason)
    assert res.scores[0].categories["military"] == 9
