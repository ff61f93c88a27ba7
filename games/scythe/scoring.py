"""Final scoring (S19): coins in hand plus stars, territories and pairs of resources paid at the
rates of the player's popularity tier, plus the structure bonus tile; the winner has the most
coins, ties broken by S19.7 (A18).

Scoring reads only the table as it stands, so `standings` scores a game a moderator ends early
by the same rules as a game that ended on a sixth star."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Result, Score
from games.core.messages import Msg, msg
from games.scythe import control
from games.scythe import words as w
from games.scythe.board import Board, Tier, board
from games.scythe.rules import CHARACTER
from games.scythe.state import MAT, State

TIEBREAK = ("workers, mechs and structures on the board; power; popularity; resource tokens "
            "controlled; territories controlled; stars (S19.7)")


def result(state: State) -> Result | None:
    """The final result once a sixth star ended the game (S18), else None."""
    if state["end"] is None:
        return None
    seat = state["end"]["seat"]
    return ranked(state, msg("scythe.end.sixth_star", who=w.who(seat),
                             faction=w.faction(state["players"][seat]["faction"])))


def standings(state: State) -> Result:
    """S19 applied to the table as it stands now."""
    return ranked(state, msg("scythe.end.standings", turn=state["turn_number"]))


def categories(tier: Tier, coins: int, stars: int, territories: int, resources: int,
               bonus: int) -> dict[str, int]:
    """S19.2-S19.6: the coins each category is worth at this popularity tier."""
    return {"coins": coins, "stars": stars * tier.per_star,
            "territories": territories * tier.per_territory,
            "resources": resources // 2 * tier.per_two_resources,
            "structure_bonus": bonus}


def ranked(state: State, reason: Msg) -> Result:
    scores, lines = [], []
    for p in state["players"]:
        seat = p["seat"]
        tier = board().tier(p["popularity"])
        stars = sum(p["stars"].values())
        territories = control.territory_count(state, seat)
        resources = sum(control.controlled_resources(state, seat).values())
        cats = categories(tier, p["coins"], stars, territories, resources,
                          bonus_tile_score(state, seat))
        on_board = len(p["structures_built"]) + sum(  # workers and mechs off the mats
            1 for unit, place in p["units"].items() if place != MAT and unit != CHARACTER)
        tiebreak = (on_board, p["power"], p["popularity"], resources, territories, stars)
        scores.append(Score(seat=seat, total=sum(cats.values()), categories=cats,
                            tiebreak=tiebreak))
        lines.append({"seat": seat, "popularity": p["popularity"],
                      "tier": f"{tier.low}-{tier.high}", "stars": stars,
                      "per_star": tier.per_star, "territories": territories,
                      "per_territory": tier.per_territory, "resources": resources,
                      "per_two_resources": tier.per_two_resources,
                      "structures_counted": bonus_tile_count(state, seat)})
    scores.sort(key=lambda s: (-s.total, *(-v for v in s.tiebreak), s.seat))
    best = (scores[0].total, scores[0].tiebreak)
    winners = [s.seat for s in scores if (s.total, s.tiebreak) == best]
    return Result(scores=scores, winners=winners, reason=reason,
                  details={"bonus_tile": state["bonus_tile"], "players": lines,
                           "tiebreak": TIEBREAK})


# -- the structure bonus tile (S19.6) ----------------------------------------------------------
def bonus_tile_score(state: State, seat: int) -> int:
    """The coins the game's structure bonus tile pays this seat."""
    return board().bonus_tiles[state["bonus_tile"]].pay(bonus_tile_count(state, seat))


def bonus_tile_count(state: State, seat: int) -> int:
    """What the game's tile counts for this seat, whoever controls the structures' territories
    now (S19.6)."""
    own = {t for t, s in state["structures"].items() if s["seat"] == seat}
    return TILE_COUNTS[state["bonus_tile"]](board(), own)


def _adjacent(test: Callable[[Board, str], bool]) -> Callable[[Board, set[str]], int]:
    """Distinct hexes passing `test` that share an edge with one of the structures: geometric
    adjacency, rivers ignored, the structure's own hex excluded (A9), each counted once."""
    def count(b: Board, own: set[str]) -> int:
        return len({n for t in own for n in b.neighbours[t] if test(b, n)})
    return count


def _in_a_row(b: Board, own: set[str]) -> int:
    """The longest run of consecutive structure hexes along one hex axis (A10)."""
    best = 0
    for line in b.straight_lines:
        run = 0
        for hex_id in line:
            run = run + 1 if hex_id in own else 0
            best = max(best, run)
    return best


TILE_COUNTS: dict[str, Callable[[Board, set[str]], int]] = {
    "adjacent_tunnels": _adjacent(lambda b, t: t in b.tunnels),  # a Mine is no tunnel here
    "adjacent_lakes": _adjacent(lambda b, t: t in b.lakes),
    "adjacent_encounters": _adjacent(lambda b, t: t in b.encounter_spots),  # token or not
    "on_tunnels": lambda b, own: len(own & set(b.tunnels)),
    "in_a_row": _in_a_row,
    "on_farms_and_tundra": lambda b, own: sum(b.terrain(t) in ("farm", "tundra") for t in own),
}
