"""Small helpers over the JSON state: coins (with the bank-flow ledger), decks, hands, lords,
advisors and the end triggers. Every rule module moves coins and cards only through these, so
conservation holds by construction and `invariants` can check it exactly."""

from __future__ import annotations

from typing import Any

from games.core import Event, IllegalAction
from games.core.chance import shuffle
from games.core.messages import Msg, Seat, msg
from games.record.citations import cite
from games.record.data import DATA, RULES, deck_term, kind_of, shown, target_cities

State = dict[str, Any]

LIU_BEI, YUAN_SHU, CAO_CAO = "lord:liu_bei", "lord:yuan_shu", "lord:cao_cao"
SUN_QUAN, YUAN_SHAO, DONG_ZHUO = "lord:sun_quan", "lord:yuan_shao", "lord:dong_zhuo"
ZHANG_JIAO, MA_TENG = "lord:zhang_jiao", "lord:ma_teng"
LUOYANG = "city:luoyang"


# -- players and coins ---------------------------------------------------------------------
def player(state: State, seat: int) -> dict:
    return state["players"][seat]


def seats(state: State) -> range:
    return range(len(state["players"]))


def left_of(state: State, seat: int) -> int:
    """R0.6: the left neighbour is the next seat clockwise."""
    return (seat + 1) % len(state["players"])


def others(state: State, seat: int) -> list[int]:
    """The other seats in turn order, starting left of `seat`."""
    n = len(state["players"])
    return [(seat + k) % n for k in range(1, n)]


def gain(state: State, seat: int, amount: int) -> None:
    """Coins from the (unlimited, AMB-19) bank; the ledger keeps conservation checkable."""
    player(state, seat)["coins"] += amount
    state["bank_flow"] += amount


def pay(state: State, seat: int, amount: int) -> None:
    """Coins to the bank; callers have already checked the player can afford it (R21.1)."""
    p = player(state, seat)
    if p["coins"] < amount:
        raise AssertionError(f"Seat {seat} cannot pay {amount}元")
    p["coins"] -= amount
    state["bank_flow"] -= amount


def transfer(state: State, src: int, dst: int, amount: int) -> int:
    """Player-to-player payment: the payer gives what they have, up to `amount` (R21.2)."""
    moved = min(amount, player(state, src)["coins"])
    player(state, src)["coins"] -= moved
    player(state, dst)["coins"] += moved
    return moved


# -- lords and advisors --------------------------------------------------------------------
def has_lord(state: State, seat: int, lord: str) -> bool:
    return lord in player(state, seat)["lords"]


def lord_param(lord: str, key: str) -> int:
    return DATA.lords[lord]["params"][key]


def intelligence(state: State, seat: int) -> int:
    return DATA.advisors[player(state, seat)["advisor"]]["intelligence"]


# -- cards -----------------------------------------------------------------------------------
def take_from_hand(state: State, seat: int, card: str) -> str:
    player(state, seat)["hand"].remove(card)
    return card


def generals_in_hand(state: State, seat: int) -> list[str]:
    return [c for c in player(state, seat)["hand"] if kind_of(c) == "general"]


def discard(state: State, card: str) -> None:
    state["discard"].append(card)


def advanced(state: State) -> bool:
    return bool(state["options"].get("advanced"))


def deck_names(state: State) -> list[str]:
    return ["stratagem", "city_general"] if advanced(state) else ["game"]


def origin_deck(state: State, card: str) -> str:
    """The deck a game card belongs to (A1: discards remember their deck)."""
    if not advanced(state):
        return "game"
    return "stratagem" if kind_of(card) == "stratagem" else "city_general"


def _rebuild(state: State, deck: str) -> Event | None:
    """A4: the first time an advanced deck runs out, its discards are shuffled into it; the
    event telling it, or None when there were no discards to shuffle."""
    state["rebuilt"][deck] = True
    cards = [c for c in state["discard"] if origin_deck(state, c) == deck]
    state["discard"] = [c for c in state["discard"] if c not in cards]
    told = shuffle(state, cards, msg("record.deck_rebuilt", deck=deck_term(deck),
                                     count=len(cards)))
    state["decks"][deck] = cards
    return told if cards else None


def draw(state: State, deck: str, events: list[Event]) -> str | None:
    """The top card of a deck (index 0 is the top), or None when nothing is left; a rebuild
    on the way (A4) is told in `events`."""
    cards = state["decks"][deck]
    if not cards and advanced(state) and not state["rebuilt"][deck]:
        told = _rebuild(state, deck)
        events.extend([told] if told else [])
        cards = state["decks"][deck]
    return cards.pop(0) if cards else None


def drawable(state: State, deck: str) -> bool:
    return bool(state["decks"][deck]) or (advanced(state) and not state["rebuilt"][deck])


def check_decks(state: State, events: list[Event]) -> None:
    """R19.2 / A4, once a draw or effect has fully resolved (AMB-17)."""
    for deck in deck_names(state):
        if state["decks"][deck]:
            continue
        if advanced(state) and not state["rebuilt"][deck]:
            told = _rebuild(state, deck)
            if told:
                events.append(told)
                continue
        trigger_end(state, events, "deck", msg("record.end.deck", deck=deck_term(deck)))


def trigger_end(state: State, events: list[Event], reason: str, told: Msg) -> None:
    """The game ends after this round (R19); `told` says why, and that it ends."""
    if state["end_triggered"]:
        return
    state["end_triggered"], state["end_reason"] = True, reason
    events.append(Event(told, kind="end"))


def bonus_value(state: State) -> int:
    if advanced(state) and len(state["players"]) == 5:
        return RULES["bonus_advanced_5p"]
    return RULES["bonus"]


def check_target(state: State, events: list[Event], seat: int) -> None:
    """R19.1 / R20.2: call whenever `seat` has just gained a city."""
    target = target_cities(len(state["players"]))
    if len(player(state, seat)["cities"]) < target:
        return
    if state["first_to_target"] is None:
        state["first_to_target"] = seat
        player(state, seat)["bonus"] = bonus_value(state)
        events.append(Event(msg("record.end.first_to_target", who=Seat(seat), count=target,
                                bonus=bonus_value(state)), kind="end"))
    trigger_end(state, events, "target", msg("record.end.target", who=Seat(seat),
                                             count=target))


# -- cities --------------------------------------------------------------------------------
def find_city(state: State, city: str) -> tuple[int, dict] | None:
    """The controller and the city entry of a city in play."""
    for p in state["players"]:
        for entry in p["cities"]:
            if entry["city"] == city:
                return p["seat"], entry
    return None


def city_in_play(state: State, city: str) -> tuple[int, dict]:
    """`find_city` for a city the action already named as a target: refused when it is not in
    play, so rule code never reads a missing entry."""
    found = find_city(state, city)
    if found is None:
        raise IllegalAction(msg("record.refuse.not_in_play", city=shown(city)), rule=cite("R2.2"))
    return found


def remove_city(state: State, seat: int, city: str) -> dict:
    cities = player(state, seat)["cities"]
    entry = next(e for e in cities if e["city"] == city)
    cities.remove(entry)
    return entry


def place_city(state: State, seat: int, city: str, defender: str, built: bool) -> None:
    """A city enters `seat`'s area with a face-down defender (build, capture, 攏絡, 暗殺)."""
    player(state, seat)["cities"].append({
        "city": city, "defender": defender, "face_up": False,
        "gained": state["action_no"], "built_round": state["round"] if built else None})


def war_expense(state: State, seat: int, city: str) -> int:
    """R11.2: the printed cost, less 董卓's discount, never below 0."""
    cost = DATA.cities[city]["cost"]
    if has_lord(state, seat, DONG_ZHUO):
        cost -= lord_param(DONG_ZHUO, "war_discount")
    return max(0, cost)


def walls(state: State, seat: int, city: str) -> int:
    """R13.6: printed walls, +1 for 孫權."""
    value = DATA.cities[city]["walls"]
    if has_lord(state, seat, SUN_QUAN):
        value += lord_param(SUN_QUAN, "walls_bonus")
    return value
