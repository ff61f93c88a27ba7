"""Setup (R3) and the start phase (R4): start player by battle-card draw, starting coins, the
secret lord choice in turn, and the simultaneous 5-card draft passing left."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, IllegalAction, Rng
from games.core.chance import shuffle
from games.core.messages import Seat, msg
from games.record.citations import cite
from games.record.data import (
    DATA,
    RULES,
    ability,
    card_info,
    deck_term,
    kind_of,
    lord_text,
    term,
)
from games.record.state import State, deck_names, gain, left_of, player, seats


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
    events = [shuffle(state, state[f"{deck}_deck"], msg("record.shuffled", deck=deck_term(deck)))
              for deck in ("lord", "advisor", "battle")]
    events += _build_game_decks(state)
    events += _draw_start_player(state)
    for s in seats(state):
        gain(state, s, RULES["start_coins"])
    events.append(Event(msg("record.setup.coins", coins=RULES["start_coins"],
                            who=Seat(state["start_player"]))))
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
        events.append(shuffle(state, group, msg("record.shuffled", deck=deck_term(deck))))
        state["decks"][deck] = group
    return events


def _draw_start_player(state: State) -> list[Event]:
    """R3.2-3.3: highest battle card starts; the cards go back and the deck is reshuffled."""
    deck = state["battle_deck"]
    draws = [{"seat": s, "card": deck[s]} for s in seats(state)]
    state["start_draws"] = draws
    state["start_player"] = max(draws, key=lambda d: d["card"])["seat"]
    shown = tuple(msg("record.setup.drew", who=Seat(d["seat"]), card=d["card"]) for d in draws)
    return [Event(msg("record.setup.start_draw", draws=shown, who=Seat(state["start_player"]))),
            shuffle(state, deck, msg("record.battle_cards_back"))]


# -- lords (R4.2, P1) ------------------------------------------------------------------------
def lords_each(state: State) -> int:
    return RULES["two_player_lords_each"] if state["options"].get("two_player_lords") else 1


def lord_picker(state: State) -> int:
    return (state["start_player"] + state["lord_pick"]["pos"]) % len(state["players"])


def lord_actions(state: State, seat: int) -> list[Action]:
    return [Action("lord", (lord,), label=msg("record.label.lord", lord=term(lord),
                                              ability=ability(lord)))
            for lord in sorted(state["lord_deck"])]


def choose_lord(state: State, seat: int, lord: str) -> list[Event]:
    if lord not in state["lord_deck"]:
        raise IllegalAction(msg("record.refuse.lord", lords=tuple(
            term(lord) for lord in sorted(state["lord_deck"]))), rule=cite("R4.2"))
    state["lord_deck"].remove(lord)
    p = player(state, seat)
    p["lords"].append(lord)
    p["lord_used"][lord] = False
    events = [Event(msg("record.lords.chosen", who=Seat(seat))),
              Event(msg("record.lords.yours", lord=term(lord), ability=ability(lord),
                        text=lord_text(lord)), seats=(seat,))]
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
    return [Event(msg("record.draft.start", count=RULES["draft_size"]))]


def draft_actions(state: State, seat: int) -> list[Action]:
    return [Action("draft", (card,), label=msg("record.label.keep_card", card=card_info(card)))
            for card in state["draft"]["packets"][seat]]


def draft_pick(state: State, seat: int, card: str) -> list[Event]:
    draft = state["draft"]
    if draft["picked"][seat]:
        raise IllegalAction(msg("record.refuse.draft_done"), rule=cite("R4.3.2"))
    if card not in draft["packets"][seat]:
        raise IllegalAction(msg("record.refuse.draft", cards=tuple(
            term(c) for c in draft["packets"][seat])), rule=cite("R4.3.2"))
    draft["packets"][seat].remove(card)
    player(state, seat)["hand"].append(card)
    draft["picked"][seat] = True
    events = [Event(msg("record.draft.kept", card=term(card)), seats=(seat,))]
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
        return [Event(msg("record.draft.passed", count=len(passed[0])))]
    state["draft"] = None
    return [_reveal_lords(state)]


def _reveal_lords(state: State) -> Event:
    """R4.4: lords turn face up only once the draft is over."""
    shown = tuple(msg("record.draft.lords_of", who=Seat(p["seat"]),
                      lords=tuple(term(lord) for lord in p["lords"]))
                  for p in state["players"])
    return Event(msg("record.draft.over", lords=shown))
