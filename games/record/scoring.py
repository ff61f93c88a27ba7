"""Scoring (R20): city points by size, the first-to-target bonus, then coins break ties; a
tie in both is a shared victory (AMB-18)."""

from __future__ import annotations

from games.core import Result, Score
from games.core.messages import Msg, msg
from games.record.data import DATA, target_cities
from games.record.state import State, advanced


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
    return _ranked(state, _reason(state))


def standings(state: State) -> Result:
    """R20 applied to the table as it stands, for a moderator's scored early end."""
    return _ranked(state, msg("record.end.reason_moderator", round=state["round"]))


def _ranked(state: State, reason: Msg) -> Result:
    ranked = scores(state)
    best = (ranked[0].total, ranked[0].tiebreak)
    winners = [s.seat for s in ranked if (s.total, s.tiebreak) == best]
    return Result(scores=ranked, winners=winners, reason=reason,
                  details={"first_to_target": state["first_to_target"],
                           "rounds": state["round"]})


def _reason(state: State) -> Msg:
    """Why the game ended, the same words for every game that ended that way."""
    if state["end_reason"] == "target":
        return msg("record.end.reason_target", count=target_cities(len(state["players"])))
    if advanced(state):
        return msg("record.end.reason_decks")
    return msg("record.end.reason_deck")
