"""S19 final scoring: the spec's worked totals T44-T46, the tier boundaries T47, the
tie-breakers T48 (S19.7, A18) and the structure bonus tiles T49 (S19.6, A9, A10), on tables
built with `tests/games/scythe/scenario.py`."""

from __future__ import annotations

from games.scythe import scoring
from games.scythe.board import board
from tests.games.scythe.scenario import build, place, put, table


def two_players() -> dict:
    return table(("nordic", "industrial"), ("crimea", "patriotic"))


def test_t44_scoring_low_tier() -> None:
    """Popularity 5, $20, 4 stars, 8 territories, 9 resources, $4 tile: 20+12+16+4+4 = 56."""
    cats = scoring.categories(board().tier(5), 20, 4, 8, 9, 4)
    assert cats == {"coins": 20, "stars": 12, "territories": 16, "resources": 4,
                    "structure_bonus": 4}
    assert sum(cats.values()) == 56


def test_t45_scoring_middle_tier_with_factory() -> None:
    """Popularity 10, $15, 3 stars, 10 territories including the Factory (worth 3, so 12),
    7 resources: 15 + 12 + 12x3 + 3x2 = 69, on a real table."""
    state = two_players()
    nordic = state["players"][0]
    nordic.update(popularity=10, coins=15, stars={"combat": 2, "mechs": 1})
    place(state, 0, "character", "r3c3")
    for n, territory in enumerate(("r0c4", "r0c5", "r0c3", "r1c4", "r1c5", "r0c1", "r0c2",
                                   "r1c1"), start=1):
        place(state, 0, f"worker:{n}", territory)
    place(state, 0, "mech:speed", "r1c3")
    put(state, "r0c4", "wood", 4)
    put(state, "r0c5", "oil", 3)
    put(state, "r6c3", "food", 5)  # Crimea's: not Nordic's
    score = next(s for s in scoring.standings(state).scores if s.seat == 0)
    assert score.categories == {"coins": 15, "stars": 12, "territories": 36, "resources": 6,
                                "structure_bonus": 0}
    assert score.total == 69


def test_t46_scoring_high_tier() -> None:
    """Popularity 16, $30, 6 stars, 7 territories, 11 resources, $6 tile:
    30 + 30 + 28 + 15 + 6 = 109."""
    cats = scoring.categories(board().tier(16), 30, 6, 7, 11, 6)
    assert sum(cats.values()) == 109
    assert cats["stars"] == 30 and cats["territories"] == 28 and cats["resources"] == 15


def test_t47_tier_boundaries() -> None:
    def rates(popularity: int) -> tuple[int, int, int]:
        tier = board().tier(popularity)
        return tier.per_star, tier.per_territory, tier.per_two_resources

    assert rates(0) == rates(6) == (3, 2, 1)
    assert rates(7) == rates(12) == (4, 3, 2)
    assert rates(13) == rates(18) == (5, 4, 3)


def test_t48_tie_breakers_in_order() -> None:
    """Equal coins: more workers+mechs+structures on the board wins; then power, popularity,
    resources, territories (Factory 3), stars; still equal: a shared victory."""
    state = two_players()
    a, b = state["players"]
    for p in (a, b):
        p.update(coins=10, power=3, popularity=2)

    def winners() -> list[int]:
        result = scoring.standings(state)
        assert result.scores[0].total == result.scores[1].total
        return result.winners

    place(state, 0, "worker:3", "r0c4")  # A: 3 workers on the board, B 2
    assert winners() == [0]
    place(state, 1, "worker:3", "r6c3")
    assert winners() == [0, 1]
    b["power"] = 4
    assert winners() == [1]
    a["power"] = 4
    a["popularity"] = 3  # the same tier: the same total
    assert winners() == [0]
    b["popularity"] = 3
    put(state, "r6c3", "food", 1)  # half a pair: no coins, still a tie-breaker
    assert winners() == [1]
    put(state, "r0c4", "wood", 1)
    place(state, 0, "worker:3", "r1c4")  # one more territory (+$2) for A, $2 more for B
    b["coins"] += 2
    assert winners() == [0]
    place(state, 1, "worker:3", "r5c3")
    b["coins"] -= 2
    b["stars"] = {"mechs": 1}  # one more star (+$3) for B, $3 more for A
    a["coins"] += 3
    assert winners() == [1]
    a["stars"] = {"workers": 1}
    a["coins"] -= 3
    assert winners() == [0, 1]


def test_result_only_at_the_end() -> None:
    state = two_players()
    assert scoring.result(state) is None
    state["end"] = {"reason": "sixth_star", "seat": 1}
    result = scoring.result(state)
    assert result is not None
    assert str(result.reason) == "Seat 2 (Crimean Khanate) placed a sixth star"
    assert {line["seat"] for line in result.details["players"]} == {0, 1}


def test_t49_adjacent_tunnels_tile() -> None:
    """Structures on r1c4 and r2c3: tunnels r1c3 (counted once), r2c5 and r2c2, across a
    river too; an adjacent Mine is no tunnel for the tile."""
    state = two_players()
    build(state, 0, "mill", "r1c4")
    build(state, 0, "armory", "r2c3")
    assert scoring.bonus_tile_count(state, 0) == 3
    assert scoring.bonus_tile_score(state, 0) == 4
    build(state, 0, "mine", "r0c4")  # next to r1c4, and no tunnel for tiles
    assert scoring.bonus_tile_count(state, 0) == 3
    assert scoring.bonus_tile_count(state, 1) == 0


def test_tiles_count_structures_not_control() -> None:
    """S19.6: structures score their owner even where an opponent controls the territory."""
    state = two_players()
    state["bonus_tile"] = "on_farms_and_tundra"
    build(state, 0, "mill", "r1c5")  # farm
    place(state, 1, "worker:3", "r1c5")
    build(state, 0, "armory", "r0c5")  # tundra
    build(state, 0, "monument", "r0c4")  # forest
    assert scoring.bonus_tile_count(state, 0) == 2
    assert scoring.bonus_tile_score(state, 0) == 4


def test_structures_in_a_row_tile() -> None:
    """A10: consecutive hexes on one axis; a single structure is a row of 1; a gap breaks
    it."""
    state = two_players()
    state["bonus_tile"] = "in_a_row"
    build(state, 0, "mill", "r0c4")
    assert scoring.bonus_tile_count(state, 0) == 1
    build(state, 0, "mine", "r0c5")
    assert scoring.bonus_tile_count(state, 0) == 2
    build(state, 0, "armory", "r0c1")  # the same row, not consecutive
    assert scoring.bonus_tile_count(state, 0) == 2
    build(state, 0, "monument", "r0c3")
    assert scoring.bonus_tile_count(state, 0) == 3
    assert scoring.bonus_tile_score(state, 0) == 6


def test_lakes_encounters_and_on_tunnels_tiles() -> None:
    state = two_players()
    build(state, 0, "mill", "r2c3")  # next to lakes r1c2, r2c4, r3c2; on no tunnel
    build(state, 0, "mine", "r2c2")  # a tunnel, next to lakes r1c2, r3c2 and encounter r3c1
    counts = {}
    for tile in ("adjacent_lakes", "adjacent_encounters", "on_tunnels"):
        state["bonus_tile"] = tile
        counts[tile] = scoring.bonus_tile_count(state, 0)
    assert counts == {"adjacent_lakes": 3, "adjacent_encounters": 2, "on_tunnels": 1}
