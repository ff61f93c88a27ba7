"""Build exact positions for the rulebook's worked examples: a table in the middle of a round
with chosen lords, advisors, coins, hands, cities, deck top and rigged battle cards. Every
card still sits in exactly one zone, so the engine's invariants hold in every scenario."""

from __future__ import annotations

import copy
import json
from typing import Any

from games.core import Action, Event
from games.core.chance import force
from games.core.messages import Said, said_json
from games.record import GAME, advisors, turn
from games.record.data import CARDS, DATA, kind_of, term
from games.record.state import origin_deck

SEAT = {"A": 0, "B": 1, "C": 2, "D": 3, "E": 4}


def ids(*short: str) -> list[str]:
    """`"xinye"` → `"city:xinye"`, `"hun_shui_mo_yu"` → its next unused copy."""
    out: list[str] = []
    for word in short:
        if ":" in word:
            out.append(word)
            continue
        match = [c for c in sorted(DATA.game_cards) if c.split(":", 1)[1].split("#")[0] == word]
        match += [c for c in sorted({**DATA.lords, **DATA.advisors})
                  if c.split(":", 1)[1] == word]
        free = [c for c in match if c not in out]
        if not free:
            raise KeyError(word)
        out.append(free[0])
    return out


def one(word: str) -> str:
    return ids(word)[0]


def table(n: int = 4, *, options: dict | None = None, seed: int = 1, start: int = 0,
          active: int | None = None, round_: int = 3,
          lords: dict[int, Any] | None = None, advisors_: dict[int, str] | None = None,
          coins: dict[int, int] | None = None, hands: dict[int, list[str]] | None = None,
          cities: dict[int, list[tuple]] | None = None, deck_top: list[str] | None = None,
          deck_size: int | None = None, begin: bool = False) -> dict:
    """A state at `active`'s step C (or its start with `begin=True`, running income and draw).

    cities: {seat: [(city, defender) or (city, defender, face_up)]} with short names."""
    state = GAME.setup(n, options or {}, seed)
    state.update(phase="actions", step="main", round=round_, start_player=start,
                 active=start if active is None else active, draft=None, selection=None,
                 pending=None, battle=None, last_battle=None, action_no=10)
    _place_lords(state, lords or {})
    _place_advisors(state, advisors_ or {})
    placed = _place_cards(state, hands or {}, cities or {})
    _fill_decks(state, placed, deck_top or [], deck_size)
    for p in state["players"]:
        p["coins"] = (coins or {}).get(p["seat"], 0)
    state["bank_flow"] = sum(p["coins"] for p in state["players"])
    state["turn"] = turn.new_turn()
    if begin:
        state["turn"] = None
        turn.start_action(state, state["active"])
    assert GAME.invariants(state) == [], GAME.invariants(state)
    return state


def _place_lords(state: dict, lords: dict[int, Any]) -> None:
    everything = sorted(DATA.lords)
    for p in state["players"]:
        chosen = lords.get(p["seat"], [])
        chosen = [chosen] if isinstance(chosen, str) else list(chosen)
        p["lords"] = ids(*chosen)
        p["lord_used"] = {lord: False for lord in p["lords"]}
    taken = {lord for p in state["players"] for lord in p["lords"]}
    state["lord_deck"], state["lords_removed"] = [], [c for c in everything if c not in taken]


def _place_advisors(state: dict, chosen: dict[int, str]) -> None:
    wanted = {seat: one(a) for seat, a in chosen.items()}
    free = [a for a in sorted(DATA.advisors) if a not in wanted.values()]
    for p in state["players"]:
        p["advisor"] = wanted.get(p["seat"]) or free.pop()
        p["advisor_up"] = False
    state["advisor_deck"], state["advisor_reserve"] = [], free


def _place_cards(state: dict, hands: dict, cities: dict) -> set[str]:
    placed: set[str] = set()
    for p in state["players"]:
        p["hand"] = ids(*hands.get(p["seat"], []))
        placed |= set(p["hand"])
        p["cities"] = []
        for spec in cities.get(p["seat"], []):
            city, defender = ids(spec[0], spec[1])
            face_up = spec[2] if len(spec) > 2 else False
            p["cities"].append({"city": city, "defender": defender, "face_up": face_up,
                                "gained": 0, "built_round": 1})
            placed |= {city, defender}
    return placed


def _fill_decks(state: dict, placed: set[str], top: list[str], size: int | None) -> None:
    """Unplaced cards go to their deck (`top` first); beyond `size` they go to the discard."""
    top_ids = ids(*top)
    rest = [c for c in sorted(DATA.game_cards) if c not in placed and c not in top_ids]
    state["discard"] = []
    for deck in state["decks"]:
        state["decks"][deck] = [c for c in top_ids if origin_deck(state, c) == deck]
        state["decks"][deck] += [c for c in rest if origin_deck(state, c) == deck]
        if size is not None:
            state["discard"] += state["decks"][deck][size:]
            state["decks"][deck] = state["decks"][deck][:size]


def rig(state: dict, *cards: int) -> None:
    """The next shuffle (the battle deck's, in these scenarios) puts these cards on top, in
    this order."""
    force(state, list(cards))


def act(state: dict, seat: int, text: str) -> tuple[dict, list[Event]]:
    """Apply one move in text form; check the invariants after it."""
    before = copy.deepcopy(state)
    new, events = GAME.apply(state, seat, Action.parse(text))
    assert state == before, "apply mutated its input"
    problems = GAME.invariants(new)
    assert problems == [], problems
    return new, events


def play(state: dict, *moves: tuple[int, str]) -> tuple[dict, list[Event]]:
    events: list[Event] = []
    for seat, text in moves:
        state, more = act(state, seat, text)
        events += more
    return state, events


def set_coins(state: dict, seat: int, amount: int) -> None:
    """Change a seat's coins as if the bank paid or took the difference."""
    p = state["players"][seat]
    state["bank_flow"] += amount - p["coins"]
    p["coins"] = amount


def begin_selection(state: dict) -> None:
    """Jump to advisor selection at the start of the current round."""
    for p in state["players"]:
        state["advisor_deck"].append(p["advisor"])
    state["advisor_deck"] += state["advisor_reserve"]
    state["advisor_reserve"], state["turn"], state["active"] = [], None, None
    advisors.start_selection(state)


def idle_until(state: dict, seat: int, round_: int) -> tuple[dict, list[Event]]:
    """Let everyone do nothing (first legal choice, `end` when possible) until `seat`'s
    step C in round `round_`."""
    events: list[Event] = []
    for _ in range(500):
        if (state["round"] == round_ and state["active"] == seat and state["pending"] is None
                and state["phase"] == "actions"):
            return state, events
        who = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, who)
        choice = next((a for a in legal if a.kind == "end"), legal[0])
        state, more = act(state, who, choice.text)
        events += more
    raise AssertionError("did not reach the wanted action")


def public_texts(events: list[Event]) -> list[str]:
    return [str(e.text) for e in events if e.public]


def mentions(said: Said, card: str) -> bool:
    """Whether a message names a card, in words (its hanzi name in the English text) or as a
    term anywhere in its parameters."""
    return (CARDS[card]["zh"] in str(said)
            or f'"{term(card).key}"' in json.dumps(said_json(said), ensure_ascii=False))


def kinds(cards: list[str]) -> list[str]:
    return [kind_of(c) for c in cards]
