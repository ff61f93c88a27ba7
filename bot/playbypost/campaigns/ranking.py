"""Ranking: points (one per opponent placed below you, half for a tie), standings, champions
and statistics by role, all derived from the games as they are stored now."""

from __future__ import annotations

from collections import Counter, defaultdict

from bot.playbypost.campaigns.models import DONE, Played, RoleStats, places_in, unique
from bot.playbypost.campaigns.pairing import entrants
from games.core import Game
from rendering.standings import Standing
from storage.campaigns import CampaignRecord, MemberRecord


def champions_of(campaign: CampaignRecord, members: list[MemberRecord],
               played: list[Played]) -> list[int] | None:
    """A tournament's winners once decided (empty when its final was abandoned), else None:
    decided when the last round is over and was the final, or left one player or none."""
    if campaign.kind != "tournament" or not played:
        return None
    if not all(is_over(p) for p in last_round(played)):
        return None
    going_on, final = entrants([m.user_id for m in members], played)
    return going_on if final or len(going_on) <= 1 else None


def last_round(played: list[Played]) -> list[Played]:
    last = max((p.round for p in played), default=0)
    return [p for p in played if p.round == last]


def is_over(p: Played) -> bool:
    return p.record.status in DONE


# -- standings ----------------------------------------------------------------------------------
def rank(members: list[MemberRecord], played: list[Played]) -> list[Standing]:
    """Every member and everyone who played a counted game, by points, then wins, then
    average score, then name. Per finished game a player gets one point per opponent placed
    below them and half a point per opponent tied with them."""
    names = member_names(members, played)
    points: defaultdict[int, float] = defaultdict(float)  # half points for a tie
    wins: Counter[int] = Counter()
    totals: defaultdict[int, list[int]] = defaultdict(list)
    for p in (p for p in played if p.counted):
        for user, gained in _game_points(p).items():
            points[user] += gained
            totals[user].append(total_of(p, user))
        wins.update(p.winners)
    players = unique([m.user_id for m in members] + list(totals))
    rows = sorted(players, key=lambda u: (-points[u], -wins[u], -_sortable(mean_of(totals[u])),
                                          names[u].casefold()))
    return [Standing(i + 1, u, names[u], len(totals[u]), wins[u], points[u],
                     mean_of(totals[u])) for i, u in enumerate(rows)]


def _game_points(p: Played) -> dict[int, float]:
    places = places_in(p.result)
    seat_of = {s.user_id: s.seat for s in p.seats if s.user_id is not None and not s.ai}
    return {user: sum(1.0 if places[seat] < places[other] else 0.5
                      for other in places if other != seat and places[seat] <= places[other])
            for user, seat in seat_of.items() if seat in places}


def total_of(p: Played, user: int) -> int:
    seat = next(s.seat for s in p.seats if s.user_id == user and not s.ai)
    return next(int(s["total"]) for s in p.result["scores"] if s["seat"] == seat)


def role_stats(engine: Game, games: list[Played], user: int) -> list[RoleStats]:
    """Games, wins and average score by each role the player held (engine.roles)."""
    held: defaultdict[tuple[str, str], list[Played]] = defaultdict(list)
    for p in games:
        seat = next(s.seat for s in p.seats if s.user_id == user and not s.ai)
        for kind, roles in engine.roles(p.state).items():
            if seat < len(roles) and roles[seat]:
                held[(kind, roles[seat])].append(p)
    stats = [RoleStats(kind, role, len(ps), sum(1 for p in ps if user in p.winners),
                       mean_of([total_of(p, user) for p in ps]))
             for (kind, role), ps in held.items()]
    return sorted(stats, key=lambda s: (s.kind, -s.games, s.role))


# -- helpers ------------------------------------------------------------------------------------
def member_names(members: list[MemberRecord], played: list[Played]) -> dict[int, str]:
    """Members by the name they joined with; former members by their seat's name."""
    names = {s.user_id: s.name for p in played for s in p.seats if s.user_id is not None}
    return {**names, **{m.user_id: m.name for m in members}}


def mean_of(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _sortable(average: float | None) -> float:
    """No games yet ranks below any average score."""
    return float("-inf") if average is None else average
