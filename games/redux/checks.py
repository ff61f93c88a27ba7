"""Invariants (every general in exactly one place, limited components conserved against the
general supply, no negative stock, tracks in range) and per-seat secrets, for simulations
and property tests. Each problem is a sentence naming what is wrong."""

from __future__ import annotations

from collections import Counter

from games.redux.rules import (
    DEVELOPMENT_MAX,
    OFFICES,
    SUPPLY,
    TRIBE_MAX,
    TRIBE_MIN,
    UNIT_WEAPON,
    WEAPONS,
)
from games.redux.state import State, limits_on, pack

STORES = ("granary", "treasury")


def invariants(state: State) -> list[str]:
    return (_general_problems(state) + _component_problems(state) + _stock_problems(state)
            + _track_problems(state))


def _general_problems(state: State) -> list[str]:
    """Each nation's 23 generals are in exactly one of: deck, drawn, hidden, recruited."""
    problems = []
    generals = pack(state).generals
    for p in state["players"]:
        places = p["general_deck"] + p["drawn"] + p["hidden"] + p["generals"]
        expected = sorted(g for g, card in generals.items() if card["nation"] == p["nation"])
        if sorted(places) != expected:
            twice = [g for g, n in Counter(places).items() if n > 1]
            problems.append(f"Seat {p['seat']}'s generals are not each in one place "
                            f"(twice: {twice[:3]}, {len(places)} of {len(expected)})")
        for b in state["bids"]:
            if b["seat"] == p["seat"] and b["general"] not in p["generals"]:
                problems.append(f"{b['general']} is placed but not recruited by Seat {p['seat']}")
    placed = Counter(b["general"] for b in state["bids"])
    problems += [f"{g} is placed {n} times" for g, n in placed.items() if n > 1]
    return problems


def _component_problems(state: State) -> list[str]:
    """A17: supply + players + bids + occupying units + stocks on cards = the component
    count, for armies, each weapon and support tokens; frontier tokens: empty regions +
    storage = 15."""
    counted: Counter[str] = Counter(state["supply"])
    for p in state["players"]:
        counted["armies"] += p["armies"]["untrained"] + p["armies"]["trained"]
        counted["support"] += p["support"]
        for w in WEAPONS:
            counted[w] += p["weapons"][w]
        for o in p["occupations"]:
            counted["armies"] += o["count"]
            counted[UNIT_WEAPON[o["unit"]]] += o["count"]
        for source, count in p["stocks"].items():
            counted[_stock_part(state, source)] += count
    for b in state["bids"]:
        counted["support"] += b["support"]
        if b["units"]:
            counted["armies"] += b["units"]["count"]
            counted[UNIT_WEAPON[b["units"]["type"]]] += b["units"]["count"]
    problems = [f"{part}: {counted[part]} counted, {SUPPLY[part]} exist"
                for part in ("armies", "support", *WEAPONS) if counted[part] != SUPPLY[part]]
    occupied = {o["region"] for p in state["players"] for o in p["occupations"]}
    stored = sum(len(p[s]["frontiers"]) for p in state["players"] for s in STORES)
    empty = len(pack(state).regions) - len(occupied)
    if empty + stored != SUPPLY["frontier"]:
        problems.append(f"frontier tokens: {empty} on empty regions + {stored} stored, "
                        f"{SUPPLY['frontier']} exist")
    return problems


def _stock_part(state: State, source: str) -> str:
    """Which supply a card's stock came from (Ma Chao's horses, `card_stock`)."""
    data = pack(state)
    entry = data.generals.get(source) or data.cards[source]
    abilities = entry.get("abilities", entry.get("effects", []))
    resource = next(a["resource"] for a in abilities if a["kind"] == "card_stock")
    return {"untrained": "armies", "trained": "armies"}.get(resource, resource)


def _stock_problems(state: State) -> list[str]:
    problems = []
    floor_ok = limits_on(state)
    for part, count in state["supply"].items():
        if count < 0 and floor_ok:
            problems.append(f"the general supply holds {count} {part}")
    for p in state["players"]:
        stocks = {"gold": p["gold"], "rice": p["rice"], "support": p["support"],
                  **p["armies"], **p["weapons"], "deficits": p["deficits"],
                  "military": p["military"], **{f"stock {k}": v for k, v in p["stocks"].items()}}
        problems += [f"Seat {p['seat']} holds {n} {k}" for k, n in stocks.items() if n < 0]
    for b in state["bids"]:
        if b["gold"] < 0 or b["support"] < 0 or (b["units"] and b["units"]["count"] < 1):
            problems.append(f"a bid of Seat {b['seat']} carries a negative attachment")
    return problems


def _track_problems(state: State) -> list[str]:
    """Tribal 1-12, office 0-5, development 0-5 with developed and stored tokens that fit."""
    problems = []
    for p in state["players"]:
        seat = p["seat"]
        if not TRIBE_MIN <= p["tribal"] <= TRIBE_MAX:
            problems.append(f"Seat {seat}'s tribal friendship is {p['tribal']}")
        if not 0 <= p["office"] < len(OFFICES):
            problems.append(f"Seat {seat}'s office is {p['office']}")
        for area, store, key in (("farm", "granary", "farms"), ("market", "treasury", "markets")):
            level, developed = p[area]["level"], p[area]["developed"]
            if not 0 <= developed <= level <= DEVELOPMENT_MAX:
                problems.append(f"Seat {seat}'s {area} is level {level} with {developed} "
                                "developed")
            if not 0 <= p[store][key] <= level - developed:
                problems.append(f"Seat {seat}'s {store} holds {p[store][key]} {key} tokens, more "
                                f"than were developed and taken out")
    return problems


def secrets(state: State) -> dict[int, set[str]]:
    """Ids only their owner may see: the hand, the drawn and the picked-but-hidden generals.
    Card and general ids name one physical piece each, so an id leaking is a piece leaking."""
    return {p["seat"]: set(p["hand"]) | set(p["drawn"]) | set(p["hidden"])
            for p in state["players"]}
