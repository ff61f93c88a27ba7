"""Invariants (spec T10.6) and secrets (T9) for simulations and property tests.

`gm simulate` and the property tests call `invariants` after every action: grain and armies
agree with the ledger the helpers of model.py keep (nothing changes them behind its back),
every character card and every 锦囊 is in exactly one place, each city is controlled or
besieged as T3.4.5 says, generals stand where T10.6 lets them, the tracks stay on their
ranges, capitals are distinct, and a battle in transit belongs to an attack being resolved.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from games.core.flow import phase as flow_phase
from games.core.flow import top
from games.tang.data import AN_LUSHAN
from games.tang.model import State, armies, data_of, seats

Check = Callable[[State], list[str]]


def invariants(state: State) -> list[str]:
    return [broken for check in CHECKS for broken in check(state)]


def _ledgers(state: State) -> list[str]:
    """Grain and armies accounted for: every change went through the ledger."""
    broken: list[str] = []
    held = _armies_by_seat(state)
    for s, p in enumerate(state["players"]):
        if p["grain"] < 0 or p["grain"] != p["ledger"]["grain"]:
            broken.append(f"seat {s + 1}: grain {p['grain']} against a ledger of "
                          f"{p['ledger']['grain']}")
        if held[s] != p["ledger"]["armies"]:
            broken.append(f"seat {s + 1}: {held[s]} armies against a ledger of "
                          f"{p['ledger']['armies']}")
    return broken


def _armies_by_seat(state: State) -> Counter[int]:
    """Each seat's armies, on the board and moving in a battle, the cities read once."""
    held: Counter[int] = Counter()
    for c in state["cities"].values():
        for s, n in c["armies"].items():
            held[int(s)] += n
    battle = state.get("battle")
    if battle:
        held[battle["attacker"]] += battle["a_armies"]
    return held


def _tracks(state: State) -> list[str]:
    """民生 within 0-20 (T0.2), the round within 0-8."""
    ms = data_of(state).minsheng
    broken = [f"seat {s + 1}: 民生 {p['minsheng']} outside the track"
              for s, p in enumerate(state["players"])
              if not ms["min"] <= p["minsheng"] <= ms["max"]]
    if not 0 <= state["round"] <= int(data_of(state).constants["rounds"]):
        broken.append(f"round {state['round']} outside the track")
    return broken


def _cities(state: State) -> list[str]:
    """T3.4.5 step 4 and T10.6: controlled with only its armies, or besieged by 2+."""
    broken: list[str] = []
    settled = state["round"] >= 1
    for cid, c in state["cities"].items():
        if any(n <= 0 for n in c["armies"].values()):
            broken.append(f"{cid}: an army count of 0 or less is stored")
        held = [int(k) for k in c["armies"]]
        if any(not 0 <= s < seats(state) for s in held):
            broken.append(f"{cid}: armies of a seat that does not play")
        if c["controller"] is not None and any(s != c["controller"] for s in held):
            broken.append(f"{cid}: controlled by seat {c['controller'] + 1} with other armies")
        if c["controller"] is not None and c["last"] != c["controller"]:
            broken.append(f"{cid}: its last controller is not its controller")
        if settled and c["controller"] is None and (len(held) < 2 or c["last"] is None):
            broken.append(f"{cid}: controlled by nobody and not besieged")
        for g, owner in c["generals"].items():
            if c["controller"] != owner and not armies(state, cid, owner):
                broken.append(f"{cid}: general {g} of seat {owner + 1} stands alone")
    return broken


def _characters(state: State) -> list[str]:
    """T6.2: each character card in exactly one place; 安禄山 never a representative."""
    places: Counter[str] = Counter(state["char_deck"] + state["removed"])
    for p in state["players"]:
        places.update(p["pile"] + p["dealt"] + ([p["rep"]] if p["rep"] else []))
    for c in state["cities"].values():
        places.update(list(c["generals"]))
    if state.get("battle"):
        places.update(state["battle"]["a_generals"])
    wanted = Counter(data_of(state).character_ids)
    broken: list[str] = []
    if places != wanted:
        wrong = sorted((places - wanted) + (wanted - places))
        broken.append(f"character cards out of place: {wrong}")
    if any(p["rep"] == AN_LUSHAN for p in state["players"]):
        broken.append("安禄山 is a representative (AL2)")
    return broken


def _jinnang(state: State) -> list[str]:
    """T7.1: 72 cards in the deck, hands, discard, or the one card awaiting an answer."""
    cards: Counter[str] = Counter(state["jn_deck"] + state["discard"] + state["in_play"])
    for p in state["players"]:
        cards.update(p["hand"])
    broken = [] if cards == Counter(data_of(state).deck()) else [
        "锦囊 cards are not each in exactly one place"]
    step = top(state)
    if state["in_play"] and (step is None or step["rule"] != "respond"):
        broken.append("a 锦囊 is in play with no response window open")
    return broken


def _capitals(state: State) -> list[str]:
    """T1.1.7: one capital a player, no city two players' capital."""
    placed = [p["capital"] for p in state["players"] if p["capital"] is not None]
    broken = [] if len(placed) == len(set(placed)) else ["two capitals in one city"]
    if state["round"] >= 1 and len(placed) != seats(state):
        broken.append("a player without a capital after the set-up")
    return broken


def _battle(state: State) -> list[str]:
    """A battle in transit only while an attack is being resolved, between two seats."""
    battle = state.get("battle")
    if battle is None:
        return []
    broken: list[str] = []
    if battle["a_armies"] < 0:
        broken.append("a negative number of armies on the march")
    if battle["attacker"] == battle["defender"]:
        broken.append("a player attacks itself")
    if state["turn"] is None or state["turn"]["seat"] != battle["attacker"]:
        broken.append("a battle outside its attacker's turn")
    return broken


CHECKS: tuple[Check, ...] = (_ledgers, _tracks, _cities, _characters, _jinnang, _capitals,
                             _battle)


def secrets(state: State) -> dict[int, set[str]]:
    """Each seat's hidden card ids (hand, pile, the cards dealt to pick from); the undealt
    character deck and the 锦囊 deck belong to nobody (-1). Pile cards another seat has been
    shown (a peek, a card it gave) are no longer that seat's secret. Everything is shown at
    the end."""
    if state.get("over") and flow_phase(state) is None:
        return {}
    known: dict[int, set[str]] = {s: set() for s in range(seats(state))}
    for s, p in enumerate(state["players"]):
        for k in p["knowledge"]:
            known[s] |= set(k.get("cards", [])) | ({k["card"]} if "card" in k else set())
    hidden: dict[int, set[str]] = {-1: set(state["char_deck"]) | set(state["jn_deck"])}
    for s, p in enumerate(state["players"]):
        seen_by_others = set().union(*(known[o] for o in known if o != s))
        hidden[s] = set(p["hand"]) | set(p["dealt"]) | (set(p["pile"]) - seen_by_others)
    return hidden
