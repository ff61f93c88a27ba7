"""Scoring (R20): city points by size, the first-to-target bonus, then coins break ties; a
tie in both is a shared victory (AMB-18)."""

from __future__ import annotations

from games.core import Result, Score
from games.record.data import DATA
from games.record.state import State


def city_points(player: dict) -> int:
    return sum(DATA.cities[e["city"]]["points"] for e in player["cities"])


def scores(state: State) -> list[Score]:
    """Every seat's score, best first."""
    out = [Score(seat=p["seat"], total=city_points(p) + p["bonus"],
                 categories={"cities": city_points(p), "bonus": p["bonus"]},
                 tiebreak=(p["coins"],)) for p in state["players"]]
    return sorted(out, key=lambda s: (-s.total, -s.tiebreak[0], s.seat))


def result(state: State) -> Result | None:
    if state["phase"] != "over":
        return None
    ranked = scores(state)
    best = (ranked[0].total, ranked[0].tiebreak)
    winners = [s.seat for s in ranked if (s.total, s.tiebreak) == best]
    why = {"target": "a player reached the city target",
           "deck": "the game deck ran out"}[state["end_reason"]]
    who = " and ".join(f"Seat {w}" for w in winners)
    verb = "share the victory" if len(winners) > 1 else "wins"
    return Result(scores=ranked, winners=winners,
                  reason=f"The game ended because {why}. {who} {verb}.",
                  details={"first_to_target": state["first_to_target"],
                           "rounds": state["round"]})
