"""Where each nation stands: its victory points if the game were scored now (R12), the
figure the overview's headline shows; at the end, the engine's own result.

Redux counts victory points only at the end, but every R12 category reads the table as it
stands (the engine's `standings` scores a game a moderator ends early the same way), so the
running figure is the final score the table would give now. It is taken from the public
view with the engine's own scoring functions, never a second copy of the rules; a Separation
card's goals are known for the designed data (an uploaded pack's are not in the view, and
count 0 until the end).
"""

from __future__ import annotations

from typing import Any

from games.redux import rules, scoring
from games.redux.data import designed
from rendering.redux.style import designed_hash


def vp_now(view: dict) -> dict[int, int]:
    """Each seat's total: the result's at the end, else R12 applied to the view."""
    result = view.get("result")
    if result:
        return {int(s["seat"]): int(s["total"]) for s in result.get("scores", [])}
    return {seat: sum(cats.values()) for seat, cats in categories(view).items()}


def provisional(view: dict) -> dict:
    """The score sheet as it would stand now, shaped as the engine's result (best first), with
    no winner and no tie-break: nothing is decided before the end."""
    scores: list[dict[str, Any]] = [
        {"seat": seat, "total": sum(cats.values()), "categories": cats, "tiebreak": []}
        for seat, cats in categories(view).items()]
    scores.sort(key=lambda s: (-s["total"], s["seat"]))
    return {"scores": scores, "winners": []}


def categories(view: dict) -> dict[int, dict[str, int]]:
    """Every seat's VP by R12 category, in the engine's order (scoring.categories)."""
    players = view.get("players") or []
    if not players or any("farm" not in p for p in players):
        return {}
    development = scoring.rank_points([_level(p, "farm") + _level(p, "market")
                                       for p in players])
    security = scoring.rank_points([int(p.get("tribal", 0)) + int(p.get("support", 0))
                                    for p in players])
    office = scoring.rank_points([int(p.get("office", 0)) for p in players])
    return {int(p["seat"]): {
        "military": int(p.get("military", 0)),
        "border": scoring.border_points(view, p),
        "frontier": scoring.frontier_vp(p),
        "development": development[n],
        "security": security[n],
        "tribal": rules.TRIBE_BONUS.get(int(p.get("tribal", 0)), 0),
        "office": office[n],
        "office_bonus": int(p.get("office", 0)),
        "emperor": rules.EMPEROR_TOKEN_VP if view.get("emperor_holder") == p["seat"] else 0,
        "cards": sum(int(card.get("vp", 0)) for card in p.get("built") or []),
        "separation": _separation(view, p),
        "deficits": rules.DEFICIT_VP * int(p.get("deficits", 0)),
    } for n, p in enumerate(players)}


def _level(player: dict, area: str) -> int:
    return int((player.get(area) or {}).get("level", 0))


def _separation(view: dict, player: dict) -> int:
    """R12.8.2 goals of the built cards, when the data is the designed pack."""
    if (view.get("pack") or {}).get("hash") != designed_hash():
        return 0
    cards = designed().cards
    return sum(scoring.rule_vp(rule, player) for card in player.get("built") or []
               for rule in cards.get(str(card.get("id")), {}).get("scoring", []))
