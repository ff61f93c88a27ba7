"""The board data: every check of the spec's Appendix A passes on `data/board.json`, a broken
copy fails with a message naming the fault, and the loaded board answers what the rules ask
(S2, S3.9-S3.11, S10.2, S19.1, S19.6)."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from games.scythe import board as board_module
from games.scythe import rules
from games.scythe.board import DATA_FILE, board, validate

RAW = json.loads(DATA_FILE.read_text(encoding="utf-8"))
B = board()


def broken(change) -> list[str]:
    raw = copy.deepcopy(RAW)
    change(raw)
    return validate(raw)


def territory(raw, tid):
    return next(t for t in raw["territories"] if t["id"] == tid)


def pair(raw, a, b):
    return next(p for p in raw["adjacency"]["pairs"] if {p["a"], p["b"]} == {a, b})


def test_every_appendix_a_check_passes_on_the_data():
    assert validate(RAW) == []


def _mountain_to_forest(raw):
    territory(raw, "r0c1")["terrain"] = "forest"
    territory(raw, "r0c1")["produces"] = "wood"


def _drop_pair(raw):
    raw["adjacency"]["pairs"].remove(pair(raw, "r0c1", "r0c2"))


def _dry_river(raw):
    pair(raw, "r0c4", "r0c3")["river"] = False


def _tunnel_on_lake(raw):
    territory(raw, "r1c0")["tunnel"] = True


def _mat_coins(raw):
    raw["player_mats"]["industrial"]["sections"][3]["bottom_coins"] = 1


def _home_touch(raw):
    raw["home_bases"][0]["touches"] = ["r0c4"]


def _worker_terrain(raw):
    raw["factions"]["crimea"]["starting_worker_terrains"] = ["farm", "farm"]


def _tier_gap(raw):
    raw["popularity_scoring_tiers"][1]["popularity_min"] = 8


def _duplicate_id(raw):
    territory(raw, "r0c2")["id"] = "r0c1"


def _missing_key(raw):
    del raw["player_mats"]["patriotic"]["sections"]


def _riverwalk_terrain(raw):
    raw["factions"]["nordic"]["mech_abilities"][0]["terrains"] = ["farm", "lake"]


def _produce_wrong(raw):
    territory(raw, "r0c2")["produces"] = "metal"


def _pocket_list(raw):
    raw["home_bases"][0]["river_pocket"] = ["r0c4", "r0c5"]


BROKEN = [
    ("mountain_to_forest", _mountain_to_forest,
     ["terrain counts: 7 mountain territories, expected 8",
      "terrain counts: 8 forest territories, expected 7"]),
    ("dropped_pair", _drop_pair,
     ["adjacency: adjacency misses r0c1-r0c2, which share an edge",
      "adjacency: 114 adjacency pairs, expected 115"]),
    ("dry_river", _dry_river, ["rivers: 30 river edges between hexes, expected 31"]),
    ("tunnel_on_lake", _tunnel_on_lake,
     ["tunnels and encounters: 7 tunnel territories, expected 6",
      "tunnels and encounters: territory r1c0 is a lake with a tunnel or an encounter"]),
    ("mat_coins", _mat_coins,
     ["player mats: industrial: bottom coins total 7, expected 6"]),
    ("home_touch", _home_touch,
     ["home bases: home_nordic touches ['r0c4'], its position gives ['r0c4', 'r0c5']"]),
    ("worker_terrain", _worker_terrain,
     ["starting workers: crimea: starting worker terrains are ['farm', 'village'], the data "
      "says ['farm', 'farm']"]),
    ("tier_gap", _tier_gap,
     ["tiers, tiles and deck: popularity tiers [(0, 6), (8, 12), (13, 18)] do not cover 0-18 "
      "in order"]),
    ("duplicate_id", _duplicate_id, ["territories: territory id r0c1 appears 2 times",
                                     "territories: territory r0c1 has offset row 0 col 2"]),
    ("missing_key", _missing_key,
     ["player mats: the data cannot be read (KeyError: 'sections')"]),
    ("riverwalk_terrain", _riverwalk_terrain,
     ["factions: nordic: Riverwalk needs 2 land terrains, has ['farm', 'lake']"]),
    ("produce_wrong", _produce_wrong,
     ["territories: territory r0c2: a farm produces food, not metal"]),
    ("pocket_list", _pocket_list,
     ["starting pockets: home_nordic.river_pocket is ['r0c4', 'r0c5'], the hexes say "
      "['r0c4', 'r0c5', 'r1c4']"]),
]


@pytest.mark.parametrize(("change", "messages"), [(c, m) for _, c, m in BROKEN],
                         ids=[name for name, _, _ in BROKEN])
def test_a_broken_copy_fails_with_a_clear_message(change, messages):
    faults = broken(change)
    for message in messages:
        assert message in faults


def test_a_dry_river_also_breaks_the_river_regions():
    """S2.10: without the r0c3-r0c4 river the Nordic pocket joins the centre."""
    faults = broken(_dry_river)
    assert any(f.startswith("river regions: ") for f in faults)


def test_loading_broken_data_raises_listing_the_faults(tmp_path, monkeypatch):
    raw = copy.deepcopy(RAW)
    _mat_coins(raw)
    _tunnel_on_lake(raw)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    monkeypatch.setattr(board_module, "DATA_FILE", path)
    with pytest.raises(ValueError, match="board.json is wrong") as err:
        board.__wrapped__()
    assert "industrial: bottom coins total 7" in str(err.value)
    assert "territory r1c0 is a lake" in str(err.value)


def test_board_is_loaded_once():
    assert board() is B


def test_s2_territories_and_features():
    assert len(B.territories) == 47
    assert Counter(t.terrain for t in B.territories.values()) == Counter(
        mountain=8, forest=7, tundra=8, farm=7, village=9, lake=7, factory=1)
    assert B.tunnels == ("r1c3", "r2c2", "r2c5", "r4c2", "r4c5", "r5c3")
    assert len(B.encounter_spots) == 11
    assert B.factory == "r3c3"
    assert len(B.lakes) == 7
    assert B.territories["r0c1"].produces == "metal"
    assert B.territories[B.factory].produces is None


def test_s2_adjacency_and_rivers():
    assert sum(len(ns) for ns in B.neighbours.values()) == 2 * 115
    assert "r1c3" in B.neighbours["r0c3"] and "r0c3" in B.neighbours["r1c3"]
    assert B.river("r0c3", "r1c3") and B.river("r1c3", "r0c3")
    assert not B.river("r0c1", "r0c2")
    assert len(B.rivers) == 31


def test_s2_5_home_bases_are_not_territories():
    assert len(B.home_bases) == 7
    assert not B.is_territory("home_nordic")
    assert B.is_territory("r0c1")
    assert B.home_bases["home_rusviet"].across_river == ("r1c6",)
    assert {h.id for h in B.home_bases.values() if h.faction is None} == {
        "home_unassigned_nw", "home_unassigned_se"}


@pytest.mark.parametrize(("faction", "power", "cards", "workers"), [
    ("nordic", 4, 1, ("r0c4", "r0c5")), ("rusviet", 3, 2, ("r2c6", "r3c6")),
    ("crimea", 5, 0, ("r6c3", "r7c3")), ("saxony", 1, 4, ("r5c0", "r6c1")),
    ("polania", 2, 3, ("r2c1", "r3c0"))])
def test_s3_9_faction_start_values(faction, power, cards, workers):
    f = B.factions[faction]
    assert (f.start_power, f.start_cards, f.starting_workers) == (power, cards, workers)
    assert f.home_base == f"home_{faction}"
    assert B.home_bases[f.home_base].starting_workers == workers


@pytest.mark.parametrize(("faction", "terrains"), [
    ("nordic", {"forest", "mountain"}), ("rusviet", {"farm", "village"}),
    ("crimea", {"farm", "tundra"}), ("saxony", {"forest", "mountain"}),
    ("polania", {"village", "mountain"})])
def test_s10_2_riverwalk_terrains(faction, terrains):
    assert B.factions[faction].riverwalk == terrains
    assert len(B.factions[faction].mech_abilities) == 4


@pytest.mark.parametrize(("mat", "number", "popularity", "coins"), [
    ("industrial", 1, 2, 4), ("engineering", 2, 2, 5), ("patriotic", 3, 2, 6),
    ("mechanical", 4, 3, 6), ("agricultural", 5, 4, 7)])
def test_s3_10_mat_start_values(mat, number, popularity, coins):
    m = B.mats[mat]
    assert (m.number, m.start_popularity, m.start_coins) == (number, popularity, coins)
    assert sorted(s.top for s in m.sections) == sorted(rules.TOP_ACTIONS)
    assert sorted(s.bottom for s in m.sections) == sorted(rules.BOTTOM_ACTIONS)
    assert sum(s.upgrade_slots for s in m.sections) == 6


def test_s7_industrial_sections():
    first = B.mats["industrial"].sections[0]
    assert (first.top, first.bottom, first.cost_resource, first.cost_start,
            first.upgrade_slots, first.coins, first.structure, first.recruit_bonus) == (
        "bolster", "upgrade", "oil", 3, 1, 3, "monument", ("power", 1))


@pytest.mark.parametrize(("popularity", "rates"), [
    (0, (3, 2, 1)), (6, (3, 2, 1)), (7, (4, 3, 2)), (12, (4, 3, 2)), (13, (5, 4, 3)),
    (18, (5, 4, 3))])
def test_t47_tier_boundaries(popularity, rates):
    tier = B.tier(popularity)
    assert (tier.per_star, tier.per_territory, tier.per_two_resources) == rates


def test_s19_6_bonus_tiles_pay_by_band():
    assert set(B.bonus_tiles) == {"adjacent_tunnels", "adjacent_lakes", "adjacent_encounters",
                                  "on_tunnels", "in_a_row", "on_farms_and_tundra"}
    tunnels = B.bonus_tiles["adjacent_tunnels"]
    assert [tunnels.pay(n) for n in range(7)] == [0, 2, 4, 4, 6, 6, 9]
    assert B.bonus_tiles["in_a_row"].pay(4) == 9


def test_straight_lines_cover_each_hex_once_per_axis():
    """S19.6: every hex lies on exactly one maximal run along each of the three axes."""
    seen = Counter(t for line in B.straight_lines for t in line)
    assert set(seen) == set(B.territories)
    assert set(seen.values()) == {3}


def test_straight_lines_are_consecutive_hexes():
    for line in B.straight_lines:
        for a, b in zip(line, line[1:], strict=False):
            assert b in B.neighbours[a]


def test_the_factory_row_is_a_line():
    """Row 3 is one unbroken run of 7 hexes through the Factory (constant r)."""
    assert ("r3c0", "r3c1", "r3c2", "r3c3", "r3c4", "r3c5", "r3c6") in B.straight_lines


def test_rules_ids_match_the_data():
    assert set(B.factions) == set(rules.FACTIONS)
    assert set(B.mats) == set(rules.MATS)


@pytest.mark.parametrize(("faction", "exits"), [
    ("nordic", {"r2c5"}), ("rusviet", {"r1c5", "r1c6", "r4c5"}), ("crimea", {"r5c3"}),
    ("saxony", {"r4c0", "r4c1"}), ("polania", {"r2c2"})])
def test_s2_10_riverwalk_exits_from_the_starting_pockets(faction, exits):
    """Appendix A: the hexes across a river from the pocket that Riverwalk may enter."""
    f = B.factions[faction]
    pocket = {t for h in RAW["home_bases"] if h["faction"] == faction for t in h["river_pocket"]}
    found = {t for p in pocket for t in B.neighbours[p]
             if t not in pocket and B.river(p, t) and B.terrain(t) in f.riverwalk}
    assert found == exits
