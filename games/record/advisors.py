"""Advisor selection (R6) and the round-end payout (R17): each seat in turn buys extra draws
before drawing (AMB-16), keeps one advisor face down, and passes the reshuffled deck left."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.chance import shuffle
from games.core.messages import Seat, msg
from games.record.citations import cite
from games.record.data import DATA, RULES, advisor_info, deck_term, term
from games.record.state import State, gain, pay, player, seats


def start_selection(state: State) -> list[Event]:
    state["phase"] = "advisors"
    state["step"] = "extra"
    state["selection"] = {"pos": 0, "drawn": []}
    for s in seats(state):
        player(state, s)["advisor"] = None
        player(state, s)["advisor_up"] = False
    return [Event(msg("record.round.begins", round=state["round"],
                      who=Seat(state["start_player"])), kind="phase")]


def chooser(state: State) -> int:
    return (state["start_player"] + state["selection"]["pos"]) % len(state["players"])


def max_extra(state: State, seat: int) -> int:
    """R6.1(a): E ≤ 4, E ≤ coins, 1 + E ≤ cards in the advisor deck."""
    return min(RULES["max_extra_advisor_draws"], player(state, seat)["coins"],
               len(state["advisor_deck"]) - 1)


def selection_actions(state: State, seat: int) -> list[Action]:
    drawn = state["selection"]["drawn"]
    if drawn:
        return [Action("advisor", (a,), label=msg("record.label.keep_advisor",
                                                  advisor=advisor_info(a))) for a in drawn]
    return [Action("extra", (e,), label=msg("record.label.extra", count=1 + e, cost=e))
            for e in range(max_extra(state, seat) + 1)]


def buy_extra(state: State, seat: int, extra: int) -> list[Event]:
    """Pay E to the bank first, then draw 1 + E advisors only this seat sees."""
    drawn = state["selection"]["drawn"]
    if drawn:
        raise IllegalAction(msg("record.refuse.advisors_drawn",
                                advisors=tuple(term(a) for a in drawn)), rule=cite("R6.1"))
    limit = max_extra(state, seat)
    if not isinstance(extra, int) or not 0 <= extra <= limit:
        raise IllegalAction(msg("record.refuse.extra", most=limit,
                                coins=player(state, seat)["coins"],
                                deck=len(state["advisor_deck"])), rule=cite("R6.1"))
    pay(state, seat, extra)
    deck = state["advisor_deck"]
    drawn, state["advisor_deck"] = deck[:1 + extra], deck[1 + extra:]
    state["selection"]["drawn"] = drawn
    state["step"] = "advisor"
    return [Event(msg("record.advisors.draws", who=Seat(seat), count=1 + extra, cost=extra)),
            Event(msg("record.advisors.your_draws",
                      advisors=tuple(advisor_info(a) for a in drawn)), seats=(seat,))]


def keep_advisor(state: State, seat: int, advisor: str) -> list[Event]:
    drawn = state["selection"]["drawn"]
    if not drawn:
        raise IllegalAction(msg("record.refuse.draw_advisors_first",
                                most=max_extra(state, seat)), rule=cite("R6.1"))
    if advisor not in drawn:
        raise IllegalAction(msg("record.refuse.keep_advisor",
                                advisors=tuple(term(a) for a in drawn)), rule=cite("R6.1"))
    drawn.remove(advisor)
    player(state, seat)["advisor"] = advisor
    state["advisor_deck"] += drawn
    shuffled = shuffle(state, state["advisor_deck"],
                       msg("record.shuffled", deck=deck_term("advisor")))
    state["selection"] = {"pos": state["selection"]["pos"] + 1, "drawn": []}
    state["step"] = "extra"
    events = [Event(msg("record.advisors.kept", who=Seat(seat),
                        count=len(state["advisor_deck"]))),
              Event(msg("record.advisors.yours", advisor=advisor_info(advisor)), seats=(seat,)),
              shuffled]
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
        parts.append(msg("record.advisors.paid", who=Seat(s), advisor=term(advisor),
                         amount=amount))
        state["advisor_deck"].append(advisor)
        p["advisor"], p["advisor_up"] = None, False
    state["advisor_deck"] += state["advisor_reserve"]
    state["advisor_reserve"] = []
    return [Event(msg("record.advisors.payout", payouts=tuple(parts)), kind="phase"),
            shuffle(state, state["advisor_deck"], msg("record.advisors.reshuffled"))]
