"""Advisor selection (R6) and the round-end payout (R17): each seat in turn buys extra draws
before drawing (AMB-16), keeps one advisor face down, and passes the reshuffled deck left."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.chance import shuffle
from games.record.data import DATA, RULES, name
from games.record.state import State, gain, pay, player, seats


def start_selection(state: State) -> list[Event]:
    state["phase"] = "advisors"
    state["step"] = "extra"
    state["selection"] = {"pos": 0, "drawn": []}
    for s in seats(state):
        player(state, s)["advisor"] = None
        player(state, s)["advisor_up"] = False
    return [Event(f"Round {state['round']} begins. Seat {state['start_player']} is the start "
                  "player. Advisor selection starts with them.", kind="phase")]


def chooser(state: State) -> int:
    return (state["start_player"] + state["selection"]["pos"]) % len(state["players"])


def max_extra(state: State, seat: int) -> int:
    """R6.1(a): E ≤ 4, E ≤ coins, 1 + E ≤ cards in the advisor deck."""
    return min(RULES["max_extra_advisor_draws"], player(state, seat)["coins"],
               len(state["advisor_deck"]) - 1)


def selection_actions(state: State, seat: int) -> list[Action]:
    drawn = state["selection"]["drawn"]
    if drawn:
        return [Action("advisor", (a,), label=_advisor_label(a)) for a in drawn]
    return [Action("extra", (e,), label=f"Draw {1 + e} advisor card{'s' if e else ''}"
                   + (f" (pay {e}元)" if e else " (free)"))
            for e in range(max_extra(state, seat) + 1)]


def _advisor_label(advisor: str) -> str:
    card = DATA.advisors[advisor]
    return f"Keep {name(advisor)} (智力 {card['intelligence']}, payout {card['payout']}元)"


def buy_extra(state: State, seat: int, extra: int) -> list[Event]:
    """Pay E to the bank first, then draw 1 + E advisors only this seat sees."""
    if state["selection"]["drawn"]:
        raise IllegalAction("You already drew advisors: keep one with `advisor <id>`.")
    if not isinstance(extra, int) or extra < 0:
        raise IllegalAction("Say how many extra advisor cards to buy, e.g. `extra 0`.")
    if extra > player(state, seat)["coins"]:
        raise IllegalAction(f"{extra} extra draws cost {extra}元, you have "
                            f"{player(state, seat)['coins']}元.")
    limit = max_extra(state, seat)
    if extra > limit:
        raise IllegalAction(f"You may buy at most {limit} extra draws now "
                            f"({len(state['advisor_deck'])} advisor cards in the deck, at most "
                            f"{RULES['max_extra_advisor_draws']}).")
    pay(state, seat, extra)
    deck = state["advisor_deck"]
    drawn, state["advisor_deck"] = deck[:1 + extra], deck[1 + extra:]
    state["selection"]["drawn"] = drawn
    state["step"] = "advisor"
    paid = f", paying {extra}元" if extra else ""
    return [Event(f"Seat {seat} draws {1 + extra} advisor card{'s' if extra else ''}{paid}."),
            Event("Your advisor draws: " + ", ".join(_advisor_label(a)[5:] for a in drawn)
                  + ".", seats=(seat,))]


def keep_advisor(state: State, seat: int, advisor: str) -> list[Event]:
    drawn = state["selection"]["drawn"]
    if not drawn:
        raise IllegalAction("First choose how many advisor cards to draw: `extra <n>`.")
    if advisor not in drawn:
        raise IllegalAction(f"`{advisor}` is not among your draws: {', '.join(drawn)}.")
    drawn.remove(advisor)
    player(state, seat)["advisor"] = advisor
    state["advisor_deck"] += drawn
    shuffled = shuffle(state, state["advisor_deck"], "The advisor deck is shuffled.")
    state["selection"] = {"pos": state["selection"]["pos"] + 1, "drawn": []}
    state["step"] = "extra"
    events = [Event(f"Seat {seat} keeps an advisor face down and passes the advisor deck "
                    f"({len(state['advisor_deck'])} cards) left."),
              Event(f"Your advisor: {_advisor_label(advisor)[5:]}.", seats=(seat,)), shuffled]
    if state["selection"]["pos"] == len(state["players"]):
        state["advisor_reserve"], state["advisor_deck"] = state["advisor_deck"], []
        state["selection"] = None
    return events


def payout(state: State) -> list[Event]:
    """R17: reveal, pay, and shuffle every advisor with the reserve into a new deck."""
    parts = []
    for s in seats(state):
        p = player(state, s)
        advisor = p["advisor"]
        amount = DATA.advisors[advisor]["payout"]
        gain(state, s, amount)
        parts.append(f"Seat {s} {name(advisor)} +{amount}元")
        state["advisor_deck"].append(advisor)
        p["advisor"], p["advisor_up"] = None, False
    state["advisor_deck"] += state["advisor_reserve"]
    state["advisor_reserve"] = []
    return [Event("Advisor payout: " + "; ".join(parts) + ".", kind="phase"),
            shuffle(state, state["advisor_deck"], "Every advisor and the reserve are shuffled "
                    "into a new advisor deck.")]
