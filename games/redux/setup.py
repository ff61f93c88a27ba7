"""R3 setup: the board, tracks, supplies, starting resources, dealt hands, and the initial
general draw for the secret pick of R3.L (the pick itself is a `recruit` action, conflict.py).

The data pack is frozen into the state here, so editing a pack later never changes a game
that is already running."""

from __future__ import annotations

from typing import Any

from games.core import Event, Rng
from games.core.chance import pick, shuffle
from games.core.messages import Term, msg
from games.redux import data
from games.redux.rules import (
    NATIONS,
    RULERS,
    START,
    SUPPLY,
    TRIBE_START,
)
from games.redux.state import State, general_term, nation_term, who, who_nation


def new_state(options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
    """A state at the initial pick (step "pick"), everything else as R3 lays it out."""
    pack = data.load_pack(options["pack"], "the uploaded pack") if options["pack"] \
        else data.designed()
    frozen = data.freeze(pack)  # the state carries its data; options only name the pack
    state: State = {
        "game": "redux", "seed": seed, "rng": Rng.from_seed(seed).state,
        "options": {**options, "pack": pack.hash if options["pack"] else None},
        "data": frozen, "pack": {"name": pack.name, "hash": pack.hash},
        "round": 1, "step": "pick",
        "criterion": {}, "bid_order": [], "action_order": [],
        "alliance": {"action": None, "previous": None},
        "emperor_holder": None, "flipped": None,
        "bids": [], "seq": 0, "turn": None, "draft": None,
        "winners": {}, "successes": [0, 0, 0], "manipulate_winner": None,
        "actor": None, "todo": {}, "doing": None, "end": None,
        "supply": {part: SUPPLY[part] for part in SUPPLY if part != "frontier"},
        "decks": {"union": [], "separation": []},
        "players": [],
    }
    named = (msg("redux.log.uploaded_pack", name=pack.name) if options["pack"]
             else msg("redux.log.designed_pack"))
    events = [Event(msg("redux.log.begins", pack=named, hash=state["pack"]["hash"]))]
    _place_criterion_markers(state, events)
    events += _seat_nations(state)
    events += _shuffle_decks(state, pack)
    for p in state["players"]:
        _starting_resources(state, p)
        _deal_hand(state, p)
        events.append(_draw_initial_generals(state, p, pack))
        events.append(Event(msg("redux.log.you_drew", generals=tuple(
            general_term(state, g) for g in p["drawn"]), count=p["picking"]), seats=(p["seat"],)))
    events.append(Event(msg("redux.log.opening_order",
                            order=[who_nation(state, s) for s in state["bid_order"]])))
    return state, events


def _place_criterion_markers(state: State, events: list[Event]) -> None:
    """R3.C, EX1: a random side on Manipulate Han Emperor, the opposite on Gain Support."""
    drawn = pick(state, ("admin", "combat"), msg("redux.log.criterion_drawn"),
                 show=lambda side: Term(f"redux.criterion.{side}"))
    emperor = drawn.item
    support = "admin" if emperor == "combat" else "combat"
    state["criterion"] = {"emperor": emperor, "support": support}
    events += drawn.events
    events.append(Event(msg("redux.log.criteria", emperor=Term(f"redux.criterion.{emperor}"),
                            support=Term(f"redux.criterion.{support}"))))


def _seat_nations(state: State) -> list[Event]:
    """Option `nations`: seat order Wei, Wu, Shu, or a seeded permutation; R3.B bid order
    Wei, Wu, Shu whoever sits where."""
    nations = list(NATIONS)
    events = []
    if state["options"]["nations"] == "random":
        events.append(shuffle(state, nations, msg("redux.log.nations_shuffled")))
    state["players"] = [_new_player(seat, nation) for seat, nation in enumerate(nations)]
    events.append(Event(msg("redux.log.nations", seats=[
        who_nation(state, seat) for seat in range(len(nations))])))
    state["bid_order"] = [nations.index(n) for n in NATIONS]
    return events


def _new_player(seat: int, nation: str) -> dict:
    return {
        "seat": seat, "nation": nation, "gold": 0, "rice": 0, "support": 0,
        "armies": {"untrained": 0, "trained": 0},
        "weapons": {"spear": 0, "horse": 0, "crossbow": 0, "ship": 0},
        "farm": {"level": 0, "developed": 0}, "market": {"level": 0, "developed": 0},
        "granary": {"farms": 0, "frontiers": []}, "treasury": {"markets": 0, "frontiers": []},
        "tribal": TRIBE_START[nation], "military": 0, "office": 0, "deficits": 0,
        "hand": [], "built": [], "general_deck": [], "drawn": [], "picking": 0, "hidden": [],
        "generals": [RULERS[nation]], "occupations": [],
        "passed": False, "emperor_used": False, "tribal_done": False, "performed": [],
        "placed": [], "recruited_round": {RULERS[nation]: 1}, "stocks": {}, "reward_taken": False,
        "benefits": None,
    }


def _shuffle_decks(state: State, pack: data.Pack) -> list[Event]:
    """R3.K: each deck shuffled on its own; the top of a deck is its last element."""
    events = []
    for deck in ("union", "separation"):
        cards = sorted(c for c, card in pack.cards.items() if card["deck"] == deck)
        events.append(shuffle(state, cards, msg("redux.log.deck_shuffled",
                                                deck=Term(f"redux.deck.{deck}")), top="last"))
        state["decks"][deck] = cards
    return events


def _starting_resources(state: State, p: dict) -> None:
    """R3.J: gold and rice are unlimited; support tokens come out of the general supply."""
    start = START[p["nation"]]
    p["gold"], p["rice"], p["support"] = start["gold"], start["rice"], start["support"]
    state["supply"]["support"] -= start["support"]


def _deal_hand(state: State, p: dict) -> None:
    """R3.K: Separation and Union cards dealt from the tops of the shuffled decks."""
    start = START[p["nation"]]
    for deck in ("separation", "union"):
        for _ in range(start[deck]):
            p["hand"].append(state["decks"][deck].pop())


def _draw_initial_generals(state: State, p: dict, pack: data.Pack) -> Event:
    """R3.L: the 22 non-ruler generals shuffled, 6 drawn for the secret pick; the event tells
    the shuffle."""
    deck = sorted(g for g, card in pack.generals.items()
                  if card["nation"] == p["nation"] and g != RULERS[p["nation"]])
    shuffled = shuffle(state, deck, msg("redux.log.generals_shuffled", who=who(state, p["seat"]),
                                        nation=nation_term(p["nation"])), top="last")
    start = START[p["nation"]]
    p["drawn"] = [deck.pop() for _ in range(min(start["draw"], len(deck)))]
    p["general_deck"] = deck
    p["picking"] = min(start["pick"], len(p["drawn"]))
    return shuffled

