"""Setup (R3) and the start phase (R4): start player by battle-card draw, starting coins, the
secret lord choice in turn, and the simultaneous 5-card draft passing left."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, IllegalAction, Rng
from games.core.chance import shuffle
from games.record.data import DATA, RULES, kind_of, name
from games.record.state import DECK_NAMES, State, deck_names, gain, left_of, player, seats


def new_state(n: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
    """R3: shuffled decks, the start player drawn by battle cards, 2元 each (R4.1)."""
    state: State = {
        "game": "record", "seed": seed, "rng": Rng.from_seed(seed).state,
        "options": dict(options), "round": 0, "phase": "lords", "step": "lords",
        "start_player": 0, "active": None, "action_no": 0, "bank_flow": 0,
        "players": [_new_player(s) for s in range(n)],
        "decks": {}, "rebuilt": {"stratagem": False, "city_general": False},
        "discard": [], "lord_deck": sorted(DATA.lords), "lords_removed": [],
        "advisor_deck": sorted(DATA.advisors), "advisor_reserve": [],
        "battle_deck": list(DATA.battle_cards),
        "end_triggered": False, "end_reason": None, "first_to_target": None,
        "lord_pick": {"pos": 0}, "draft": None, "selection": None, "turn": None,
        "pending": None, "battle": None, "last_battle": None, "start_draws": [],
    }
    events = [shuffle(state, state[key], f"The {what} is shuffled.")
              for key, what in (("lord_deck", "lord deck"), ("advisor_deck", "advisor deck"),
                                ("battle_deck", "battle deck"))]
    events += _build_game_decks(state)
    events += _draw_start_player(state)
    for s in seats(state):
        gain(state, s, RULES["start_coins"])
    events.append(Event(f"Everyone takes {RULES['start_coins']}元. Seat "
                        f"{state['start_player']} chooses a lord first."))
    return state, events


def _new_player(seat: int) -> dict:
    return {"seat": seat, "coins": 0, "hand": [], "lords": [], "lord_used": {},
            "advisor": None, "advisor_up": False, "cities": [], "bonus": 0}


def _build_game_decks(state: State) -> list[Event]:
    """R3.1 one game deck; A1 a Stratagem deck and a City/General deck."""
    cards = sorted(DATA.game_cards)
    if deck_names(state) == ["game"]:
        groups = {"game": cards}
    else:
        groups = {"stratagem": [c for c in cards if kind_of(c) == "stratagem"],
                  "city_general": [c for c in cards if kind_of(c) != "stratagem"]}
    events = []
    for deck, group in groups.items():
        events.append(shuffle(state, group, f"The {DECK_NAMES[deck]} is shuffled."))
        state["decks"][deck] = group
    return events


def _draw_start_player(state: State) -> list[Event]:
    """R3.2-3.3: highest battle card starts; the cards go back and the deck is reshuffled."""
    deck = state["battle_deck"]
    draws = [{"seat": s, "card": deck[s]} for s in seats(state)]
    state["start_draws"] = draws
    state["start_player"] = max(draws, key=lambda d: d["card"])["seat"]
    shown = ", ".join(f"Seat {d['seat']} {d['card']}" for d in draws)
    return [Event(f"Start player draw: {shown}. Seat {state['start_player']} is the start "
                  "player."),
            shuffle(state, deck, "The battle cards go back and the battle deck is shuffled.")]


# -- lords (R4.2, P1) ------------------------------------------------------------------------
def lords_each(state: State) -> int:
    return RULES["two_player_lords_each"] if state["options"].get("two_player_lords") else 1


def lord_picker(state: State) -> int:
    return (state["start_player"] + state["lord_pick"]["pos"]) % len(state["players"])


def lord_actions(state: State, seat: int) -> list[Action]:
    def label(lord: str) -> str:
        card = DATA.lords[lord]
        return f"Lord {name(lord)} ({card['ability_name_zh']} {card['ability_name_en']})"

    return [Action("lord", (lord,), label=label(lord)) for lord in sorted(state["lord_deck"])]


def choose_lord(state: State, seat: int, lord: str) -> list[Event]:
    if lord not in state["lord_deck"]:
        options = ", ".join(sorted(state["lord_deck"]))
        raise IllegalAction(f"`{lord}` is not in the lord deck. Choose one of: {options}.")
    state["lord_deck"].remove(lord)
    p = player(state, seat)
    p["lords"].append(lord)
    p["lord_used"][lord] = False
    events = [Event(f"Seat {seat} chooses a lord face down."),
                Event(f"You chose {name(lord)}.", seats=(seat,))]
    if len(p["lords"]) < lords_each(state):
        return events
    state["lord_pick"]["pos"] += 1
    if state["lord_pick"]["pos"] == len(state["players"]):
        state["lords_removed"], state["lord_deck"] = state["lord_deck"], []
        events += _start_draft(state)
    return events


# -- draft (R4.3, A2, AMB-22) -----------------------------------------------------------------
def _start_draft(state: State) -> list[Event]:
    state["phase"] = state["step"] = "draft"
    packets = []
    for _ in seats(state):
        if deck_names(state) == ["game"]:
            packets.append([state["decks"]["game"].pop(0) for _ in range(RULES["draft_size"])])
        else:
            split = RULES["advanced_draft"]
            packets.append([state["decks"][d].pop(0) for d in ("city_general", "stratagem")
                            for _ in range(split[d])])
    state["draft"] = {"packets": packets, "picked": [False] * len(packets)}
    return [Event(f"All lords are chosen; the rest are removed. Each player is dealt "
                  f"{RULES['draft_size']} cards: keep 1 and pass the rest left.")]


def draft_actions(state: State, seat: int) -> list[Action]:
    return [Action("draft", (card,), label=f"Keep {name(card)}")
            for card in state["draft"]["packets"][seat]]


def draft_pick(state: State, seat: int, card: str) -> list[Event]:
    draft = state["draft"]
    if draft["picked"][seat]:
        raise IllegalAction("You already kept a card from this packet; wait for the others.")
    if card not in draft["packets"][seat]:
        raise IllegalAction(f"`{card}` is not in your packet; keep one of: "
                            f"{', '.join(draft['packets'][seat])}.")
    draft["packets"][seat].remove(card)
    player(state, seat)["hand"].append(card)
    draft["picked"][seat] = True
    events = [Event(f"You keep {name(card)}.", seats=(seat,))]
    if all(draft["picked"]):
        events += _pass_packets(state)
    return events


def _pass_packets(state: State) -> list[Event]:
    draft = state["draft"]
    packets = draft["packets"]
    passed: list[list[str]] = [[] for _ in packets]
    for s, packet in enumerate(packets):
        passed[left_of(state, s)] = packet
    draft["packets"], draft["picked"] = passed, [False] * len(packets)
    if passed[0]:
        return [Event(f"Packets of {len(passed[0])} pass left.")]
    state["draft"] = None
    return [_reveal_lords(state)]


def _reveal_lords(state: State) -> Event:
    """R4.4: lords turn face up only once the draft is over."""
    shown = "; ".join(f"Seat {p['seat']}: " + " + ".join(name(lord) for lord in p["lords"])
                      for p in state["players"])
    return Event(f"The draft is over. Lords revealed: {shown}.")
