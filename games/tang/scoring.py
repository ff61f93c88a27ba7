"""The end (spec T4): reveal, 安禄山, own scores, camp averages, the winner and tie-breaks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from games.core.game import Result, Score
from games.core.messages import Seat, msg, said_json
from games.tang.model import (
    State,
    data_of,
    has_skill,
    holds_anlushan,
    player,
    seats,
)

SCALE = 840  # a multiple of every camp size 1-8: averages become whole numbers in tie-breaks


def own_scores(state: State) -> list[dict[str, int]]:
    """T4.3, every seat's own score: 1 a city, +1 a special city, +3 for 洛阳, plus 民生;
    all seats at once, the cities read once (a view shows all of them)."""
    cities = data_of(state).cities
    counted = [[0, 0, 0] for _ in range(seats(state))]  # cities, special, 洛阳
    for cid, c in state["cities"].items():
        if c["controller"] is not None:
            row, city = counted[c["controller"]], cities[cid]
            row[0] += 1
            row[1] += 1 if city["special"] else 0
            row[2] += 1 if city["luoyang"] else 0
    return [_scored(state, s, (n, special, luoyang))
            for s, (n, special, luoyang) in enumerate(counted)]


def _scored(state: State, seat: int, counted: tuple[int, int, int]) -> dict[str, int]:
    k = data_of(state).constants
    cities, special, luoyang = counted
    if state["options"].get("luoyang_is_special", False):
        special += luoyang
    minsheng = int(player(state, seat)["minsheng"])
    own = (int(k["score_per_city"]) * cities + int(k["score_per_special"]) * special
           + int(k["score_luoyang"]) * luoyang + minsheng)
    return {"cities": cities, "special": special, "luoyang": luoyang, "minsheng": minsheng,
            "own": own}


def camp_of(state: State, seat: int) -> list[int]:
    """The seats whose scores are averaged with this one (T4.4)."""
    if not state["camp_rule"]:
        return [seat]
    chars = data_of(state).characters
    nation = chars[player(state, seat)["rep"]]["nationality"]
    return [s for s in range(seats(state))
            if chars[player(state, s)["rep"]]["nationality"] == nation]


def loses_by_anlushan(state: State, seat: int) -> bool:
    """T4.2, AL6; 安庆绪 (弑父) is immune."""
    return holds_anlushan(state, seat) and not has_skill(state, seat, "shifu")


def final_table(state: State) -> list[dict[str, Any]]:
    own = own_scores(state)
    rows = []
    floor = state["options"].get("camp_average_rounding", "exact") == "floor"
    for seat in range(seats(state)):
        camp = camp_of(state, seat)
        f = Fraction(sum(own[s]["own"] for s in camp), len(camp))
        if floor:
            f = Fraction(f.numerator // f.denominator)
        capital = player(state, seat)["capital"]
        holds_capital = capital is not None and state["cities"][capital]["controller"] == seat
        rows.append({
            "seat": seat, **own[seat], "camp": camp, "final": f, "capital": holds_capital,
            "anlushan": holds_anlushan(state, seat),
            "eligible": holds_capital and not loses_by_anlushan(state, seat),
            "side_minsheng": Fraction(sum(own[s]["minsheng"] for s in camp), len(camp)),
            "side_cities": Fraction(sum(own[s]["cities"] for s in camp), len(camp)),
        })
    return rows


def winners(state: State, rows: list[dict[str, Any]]) -> list[int]:
    """T4.5, T4.6: the eligible players with the highest F; sides tied on F compare average
    民生, then average cities; otherwise they share the victory."""
    eligible = [r for r in rows if r["eligible"]]
    if not eligible:
        return []
    if state["options"].get("winner_rule", "eligible_top") == "top_must_hold_capital":
        best = max(r["final"] for r in rows)
        eligible = [r for r in eligible if r["final"] == best]
        if not eligible:
            return []
    best = max(r["final"] for r in eligible)
    top = [r for r in eligible if r["final"] == best]
    key = max((r["side_minsheng"], r["side_cities"]) for r in top)
    return sorted(r["seat"] for r in top if (r["side_minsheng"], r["side_cities"]) == key)


def shown(final: Fraction) -> str:
    """F with one decimal (A13), rounded down as every rounding is (T5.1): the one form in
    which every display of a final score reads it (board, score sheet, text result)."""
    tenths = final.numerator * 10 // final.denominator
    return f"{tenths // 10}.{tenths % 10}"


def ranks(scores: list[Score]) -> dict[int, int]:
    """Seat -> rank (1 is first) in the result's order: winners, then the eligible players,
    then the rest, each by F, then the side's average 民生, then its average cities (T4.5,
    T4.6, A12). Seats equal on all of these share a rank (T10.5)."""
    return {s.seat: 1 + sum(1 for o in scores if o.tiebreak > s.tiebreak) for s in scores}


def order_rule(state: State) -> Any:
    """The rule the result's order follows, worded for the board (camps on or off)."""
    return said_json(msg("tang.result.order_camps" if state["camp_rule"] else
                         "tang.result.order"))


def result_of(state: State) -> Result:
    rows = final_table(state)
    won = winners(state, rows)
    scores = []
    for r in rows:
        categories = {k: int(r[k]) for k in ("cities", "special", "luoyang", "minsheng", "own")}
        final = shown(r["final"])
        categories["final_tenths"] = int(final.replace(".", ""))
        scores.append(Score(r["seat"], int(r["final"]), categories, (
            int(r["seat"] in won), int(r["eligible"]), int(r["final"] * SCALE),
            int(r["side_minsheng"] * SCALE), int(r["side_cities"] * SCALE)), shown=final))
    scores.sort(key=lambda s: s.tiebreak, reverse=True)
    rank = ranks(scores)
    over = state.get("over") or {"reason": "rounds"}
    if over["reason"] == "eliminated":
        reason = msg("tang.result.eliminated", who=Seat(over["seat"]))
    else:
        reason = msg("tang.result.rounds", rounds=int(data_of(state).constants["rounds"]))
    details = {"rows": [{**{k: v for k, v in r.items() if k not in ("final", "side_minsheng",
                                                                    "side_cities")},
                         "final": str(r["final"]), "final_shown": shown(r["final"]),
                         "side_minsheng_shown": shown(r["side_minsheng"]),
                         "side_cities_shown": shown(r["side_cities"]),
                         "rank": rank[r["seat"]]}
                        for r in rows], "camp_rule": state["camp_rule"],
               "order": order_rule(state)}
    return Result(scores, won, reason, details)
