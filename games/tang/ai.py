"""A heuristic for AI seats (`Game.action_score`), from the seat's own view only: take the
cities it outnumbers, buy and place armies where the enemy is near, spend cards in battles,
and keep 民生 for the final score."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.tang.data import load_data


def _armies(view: dict[str, Any], cid: str, seat: int) -> int:
    return int(view["cities"][cid]["armies"].get(str(seat), 0))


def _threat(view: dict[str, Any], cid: str, seat: int) -> int:
    """Enemy armies next to a city."""
    data = load_data()
    return sum(n for near in data.neighbors[cid]
               for s, n in view["cities"][near]["armies"].items() if int(s) != seat)


def _advantage(view: dict[str, Any], target: str, seat: int) -> int:
    data = load_data()
    mine = sum(_armies(view, c, seat) for c in data.neighbors[target]
               if view["cities"][c]["controller"] == seat) + _armies(view, target, seat)
    theirs = sum(n for s, n in view["cities"][target]["armies"].items() if int(s) != seat)
    return mine - theirs


def score(view: dict[str, Any], seat: int, action: Action) -> float:
    kind = action.kind
    step = (view.get("step") or {}).get("rule")
    me = view["players"][seat]
    if kind == "attack":
        adv = _advantage(view, action.word(), seat)
        return 3 + adv / 4 if adv > 4 else -1
    if kind in ("muster", "take"):
        return 6
    if kind == "confirm":
        return 5
    if kind == "cancel":
        return -5
    if kind == "count":
        n = action.number()
        if step == "attack":
            return 2 + n / 10
        if step == "bwin":
            return 1 - n / 100
        if step == "retreat":
            return -n
        if step == "supply":
            return 2 + n / 10
        return 1 + n / 50
    if kind == "tax":
        return {"raise": 2 if me["minsheng"] > 8 else -1, "none": 1, "cut": 0}[action.word()]
    if kind == "deploy":
        return 0.5
    if kind in ("place", "claim", "capital"):
        cid = action.word()
        return 1 + min(_threat(view, cid, seat), 30) / 10
    if kind == "extra":
        return 1 if action.word() == "no" else -1
    if kind in ("play", "skill"):
        return 2 if step in ("bwin", "wstep") else 0.5
    if kind == "respond":
        return 3
    if kind == "rally":
        return 0.5 if me.get("grain", 0) > 20 else -1
    if kind == "transfer":
        return 0.2
    if kind == "back":
        return -2
    if kind in ("done", "pass", "end", "keep"):
        return 0.1
    return 0.0
