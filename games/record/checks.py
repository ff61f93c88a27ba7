"""Invariants (coins conserved against the bank ledger, every card in exactly one zone, every
city defended, forces in range) and per-seat secrets, for simulations and property tests."""

from __future__ import annotations

from collections import Counter

from games.record.data import DATA, RULES, kind_of
from games.record.state import State


def _game_card_zones(state: State) -> list[str]:
    """Every game card wherever it is: decks, discard, hands, cities, draft, pending, battle."""
    cards: list[str] = [c for deck in state["decks"].values() for c in deck]
    cards += state["discard"]
    for p in state["players"]:
        cards += p["hand"]
        for entry in p["cities"]:
            cards += [entry["city"], entry["defender"]]
    if state["draft"]:
        cards += [c for packet in state["draft"]["packets"] for c in packet]
    pending = state["pending"] or {}
    cards += pending.get("cards", []) + pending.get("revealed", [])
    if pending.get("card"):
        cards.append(pending["card"])
    if pending.get("kind") == "station":
        cards.append(pending["city"])
    if state["battle"]:
        cards += state["battle"]["area"]
    return cards


def _card_problems(state: State) -> list[str]:
    problems = []
    counts = Counter(_game_card_zones(state))
    expected = set(DATA.game_cards)
    for card, count in counts.items():
        if count > 1:
            problems.append(f"{card} is in {count} places")
    missing = expected - set(counts)
    if missing:
        problems.append(f"cards in no zone: {sorted(missing)[:5]}")
    extra = set(counts) - expected
    if extra:
        problems.append(f"unknown cards: {sorted(extra)[:5]}")
    lords = state["lord_deck"] + state["lords_removed"]
    lords += [lord for p in state["players"] for lord in p["lords"]]
    if sorted(lords) != sorted(DATA.lords):
        problems.append("the lords are not each in exactly one place")
    advisors = state["advisor_deck"] + state["advisor_reserve"]
    advisors += [p["advisor"] for p in state["players"] if p["advisor"]]
    if state["selection"]:
        advisors += state["selection"]["drawn"]
    if sorted(advisors) != sorted(DATA.advisors):
        problems.append("the advisors are not each in exactly one place")
    return problems


def _battle_problems(state: State) -> list[str]:
    problems = []
    battle_cards = list(state["battle_deck"])
    if state["battle"]:
        battle_cards += [c for cards in state["battle"]["drawn"].values() for c in cards]
    if sorted(battle_cards) != list(DATA.battle_cards):
        problems.append("the battle cards are not all accounted for")
    for battle in (state["battle"], state["last_battle"]):
        for value in ((battle or {}).get("forces") or {}).values():
            if not RULES["force_min"] <= value <= RULES["force_max"]:
                problems.append(f"a force of {value} is outside "
                                f"{RULES['force_min']}..{RULES['force_max']}")
    return problems


def invariants(state: State) -> list[str]:
    problems = []
    total = sum(p["coins"] for p in state["players"])
    if total != state["bank_flow"]:
        problems.append(f"players hold {total}元 but the bank paid out a net "
                        f"{state['bank_flow']}元")
    problems += [f"Seat {p['seat']} has {p['coins']}元" for p in state["players"]
                 if p["coins"] < 0]
    for p in state["players"]:
        for entry in p["cities"]:
            if kind_of(entry["city"]) != "city" or kind_of(entry["defender"] or "") != "general":
                problems.append(f"Seat {p['seat']}'s {entry['city']} has no general defending")
    return problems + _card_problems(state) + _battle_problems(state)


def _public_history(state: State) -> set[str]:
    """Cards shown face up in an attack: the view keeps them as public history, which says
    nothing about where those cards are now."""
    shown: set[str] = set()
    for battle in (state["battle"], state["last_battle"]):
        if battle and battle["revealed"]:
            shown |= {battle[k] for k in ("city", "attacker_general", "defender_general",
                                          "attack_stratagem", "defence_stratagem")}
    return shown - {None}


def secrets(state: State) -> dict[int, set[str]]:
    """Ids only each seat may see now: hand, face-down defenders and advisor, lords before
    the reveal, the cards it is choosing between, and its unrevealed battle cards."""
    out: dict[int, set[str]] = {}
    for p in state["players"]:
        mine = set(p["hand"])
        mine |= {e["defender"] for e in p["cities"] if not e["face_up"]}
        if p["advisor"] and not p["advisor_up"]:
            mine.add(p["advisor"])
        if state["phase"] in ("lords", "draft"):
            mine |= set(p["lords"])
        out[p["seat"]] = mine
    _choice_secrets(state, out)
    _battle_secrets(state, out)
    history = _public_history(state)
    return {seat: ids - history for seat, ids in out.items()}


def _choice_secrets(state: State, out: dict[int, set[str]]) -> None:
    """Cards a seat is choosing among: its step-B draw, advisor draw, draft packet."""
    pending = state["pending"] or {}
    if pending.get("kind") == "keep":
        out[pending["seat"]] |= set(pending["cards"])
    selection = state["selection"]
    if selection and selection["drawn"]:
        chooser = (state["start_player"] + selection["pos"]) % len(state["players"])
        out[chooser] |= set(selection["drawn"])
    if state["draft"]:
        for seat, packet in enumerate(state["draft"]["packets"]):
            out[seat] |= set(packet)


def _battle_secrets(state: State, out: dict[int, set[str]]) -> None:
    """Face-down attack-area cards before the reveal; battle cards before the lanes."""
    battle = state["battle"]
    if not battle:
        return
    if not battle["revealed"]:
        out[battle["attacker"]] |= {c for c in (battle["attacker_general"],
                                                battle["attack_stratagem"]) if c}
        if battle["defence_stratagem"]:
            out[battle["defender"]].add(battle["defence_stratagem"])
    if battle["top"] and battle["lanes"] is None:
        for side in ("attacker", "defender"):
            out[battle[side]] |= {f"battle:{n}" for n in battle["top"][side]}
