"""Builders for resolution-phase tests: a table whose bidding is over, with exactly the
winning placements a worked example describes, entered straight into `state["bids"]` the way
a placement leaves them (units, gold and support out of the player's supply, A32, A35), so
the invariants hold. Moves go to `resolution.apply` directly, so a test sees the state right
after the phase (step "round_done") before any upkeep.

`table()` starts from `scenario.started()`: seats 0 Wei, 1 Wu, 2 Shu."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.core import Action, Event, GameError
from games.redux import GAME, resolution
from games.redux.rules import UNIT_WEAPON
from games.redux.state import pack, player
from tests.games.redux.scenario import SHU, WEI, WU, recruited, rig, started, units

__all__ = ["SHU", "WEI", "WU", "do", "events_text", "given", "legal_texts", "occupied",
           "placement", "refused", "resolving", "table"]

ORDER = (WEI, WU, SHU)


def table(round_: int = 2, options: dict | None = None, **generals: list[str]) -> dict:
    """Round `round_`, each nation with exactly the given generals (none: its ruler), no
    resources, and both decks as dealt."""
    state = started(options=options)
    rulers = {"wei": ["wei.cao_cao"], "wu": ["wu.sun_jian"], "shu": ["shu.liu_bei"]}
    for seat, nation in ((WEI, "wei"), (WU, "wu"), (SHU, "shu")):
        recruited(state, seat, *(generals.get(nation) or rulers[nation]))
        rig(state, seat, gold=0, rice=0, support=0)
    state.update(round=round_, alliance={"action": "instructor", "previous": None})
    return state


def placement(seat: int, general: str, action: str, unit: tuple[str, int] | None = None,
              gold: int = 0, support: int = 0, emperor: bool = False) -> dict:
    """A winning placement, as conflict.py records it (gold already paid out of supply)."""
    return {"seat": seat, "general": general, "action": action,
            "units": {"type": unit[0], "count": unit[1]} if unit else None,
            "gold": gold, "support": support, "emperor": emperor, "bonus": 0}


def resolving(state: dict, *placements: dict, order: tuple[int, int, int] = ORDER,
              winners: dict[str, list[int]] | None = None) -> tuple[dict, list[Event]]:
    """Bidding closed with these winning placements (their units, gold and support are taken
    from the players, who get them first), then resolution.start. Winners default to the
    placing seats in action order; `winners` overrides (an action won by nobody here)."""
    state["bids"] = []
    for seq, placed in enumerate(placements):
        _attach(state, placed)
        state["bids"].append({**placed, "seq": seq})
    if winners is None:
        winners = {}
        for seat in order:
            for b in state["bids"]:
                if b["seat"] == seat and seat not in winners.setdefault(b["action"], []):
                    winners[b["action"]].append(seat)
    state.update(step="bidding_done", winners=winners, action_order=list(order),
                 manipulate_winner=winners.get("emperor", [None])[0], flipped=None,
                 successes=[sum(s in w for w in winners.values()) for s in range(3)])
    events: list[Event] = []
    resolution.start(state, events)
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return state, events


def _attach(state: dict, placed: dict) -> None:
    """Units and support come from the general supply through the player into the bid."""
    seat, p = placed["seat"], player(state, placed["seat"])
    if placed["units"]:
        kind, count = placed["units"]["type"], placed["units"]["count"]
        units(state, seat, kind, count)
        p["armies"]["trained"] -= count
        p["weapons"][UNIT_WEAPON[kind]] -= count
    if placed["support"]:
        rig(state, seat, support=p["support"] + placed["support"])
        p["support"] -= placed["support"]


def do(state: dict, seat: int, *texts: str) -> list[Event]:
    """Apply moves to `state` in place through resolution.apply; all their events."""
    events: list[Event] = []
    for text in texts:
        events += resolution.apply(state, seat, Action.parse(text))
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return events


def refused(state: dict, seat: int, text: str, match: str) -> None:
    """The move is refused with a message matching `match`, and nothing changed."""
    before = copy.deepcopy(state)
    with pytest.raises(GameError, match=match):
        resolution.apply(state, seat, Action.parse(text))
    assert state == before


def events_text(events: list[Event]) -> str:
    return "\n".join(str(e.text) for e in events)


def legal_texts(state: dict, seat: int) -> list[str]:
    return [a.text for a in resolution.legal(state, seat)]


def given(state: dict, seat: int, **fields: Any) -> dict:
    """`scenario.rig` for one player, returned for chaining."""
    return rig(state, seat, **fields)


def occupied(state: dict, seat: int, general: str, region: str, unit: str, count: int,
             store: str = "granary", vp: int = 0) -> dict:
    """An occupation from an earlier round: the units' armies and weapons leave the general
    supply for the region, and its frontier token lies in `store`."""
    border = next(r["border"] for r in pack(state).regions.values() if r["id"] == region)
    player(state, seat)["occupations"].append(
        {"general": general, "region": region, "border": border, "unit": unit,
         "count": count})
    player(state, seat)[store]["frontiers"].append({"region": region, "vp": vp})
    state["supply"]["armies"] -= count
    state["supply"][UNIT_WEAPON[unit]] -= count
    return state
