"""Invariants (spec T10.6) and secrets (T9) for simulations and property tests."""

from __future__ import annotations

from collections import Counter

from games.core.flow import phase as flow_phase
from games.tang.model import State, armies, data_of, seats, total_armies


def invariants(state: State) -> list[str]:
    broken: list[str] = []
    data = data_of(state)
    ms = data.minsheng
    battle = state.get("battle")
    for s, p in enumerate(state["players"]):
        if p["grain"] < 0 or p["grain"] != p["ledger"]["grain"]:
            broken.append(f"seat {s + 1}: grain {p['grain']} against a ledger of "
                          f"{p['ledger']['grain']}")
        if total_armies(state, s) != p["ledger"]["armies"]:
            broken.append(f"seat {s + 1}: {total_armies(state, s)} armies against a ledger of "
                          f"{p['ledger']['armies']}")
        if not ms["min"] <= p["minsheng"] <= ms["max"]:
            broken.append(f"seat {s + 1}: 民生 {p['minsheng']} outside the track")
    settled = state["round"] >= 1
    for cid, c in state["cities"].items():
        if any(n <= 0 for n in c["armies"].values()):
            broken.append(f"{cid}: an army count of 0 or less is stored")
        held = [int(k) for k in c["armies"]]
        if c["controller"] is not None and any(s != c["controller"] for s in held):
            broken.append(f"{cid}: controlled by seat {c['controller'] + 1} with other armies")
        if settled and c["controller"] is None and len(held) < 2:
            broken.append(f"{cid}: controlled by nobody and not besieged")
        for g, owner in c["generals"].items():
            if c["controller"] != owner and not armies(state, cid, owner):
                broken.append(f"{cid}: general {g} of seat {owner + 1} stands alone")
    places: Counter[str] = Counter(state["char_deck"] + state["removed"])
    for p in state["players"]:
        places.update(p["pile"] + p["dealt"] + ([p["rep"]] if p["rep"] else []))
    for c in state["cities"].values():
        places.update(list(c["generals"]))
    if battle:
        places.update(battle["a_generals"])
    wanted = Counter(data.character_ids)
    if places != wanted:
        wrong = sorted((places - wanted) + (wanted - places))
        broken.append(f"character cards out of place: {wrong}")
    cards: Counter[str] = Counter(state["jn_deck"] + state["discard"] + state["in_play"])
    for p in state["players"]:
        cards.update(p["hand"])
    if cards != Counter(data.deck()):
        broken.append("锦囊 cards are not each in exactly one place")
    return broken


def secrets(state: State) -> dict[int, set[str]]:
    """Each seat's hidden card ids (hand, pile, the cards dealt to pick from); the undealt
    character deck belongs to nobody (-1). Pile cards another seat has been shown (a peek,
    a card it gave) are no longer that seat's secret. Everything is shown at the end."""
    if state.get("over") and flow_phase(state) is None:
        return {}
    known: dict[int, set[str]] = {s: set() for s in range(seats(state))}
    for s, p in enumerate(state["players"]):
        for k in p["knowledge"]:
            known[s] |= set(k.get("cards", [])) | ({k["card"]} if "card" in k else set())
    hidden: dict[int, set[str]] = {-1: set(state["char_deck"])}
    for s, p in enumerate(state["players"]):
        seen_by_others = set().union(*(known[o] for o in known if o != s))
        hidden[s] = set(p["hand"]) | set(p["dealt"]) | (set(p["pile"]) - seen_by_others)
    return hidden
