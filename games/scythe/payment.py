"""Paying costs (spec S5, S2.8, Crimea's Coercion S9.3).

A cost must be paid in full before any benefit (S5.2), so callers push what follows the payment
first and then call `begin_payment`: the `pay` frame, when the player has a choice, lands on
top and the benefit waits until it is done. Coins, power, popularity and combat cards are taken
at once (the lowest cards: a card's only use is its value in combat). Resource tokens have no
owner (S2.8): they come from territories the seat controls, and the player is asked which ones
only when that is a real choice.

A cost is a dict of `coins`, `power`, `popularity`, `combat_cards`, resource kinds and `any`
(a token of any kind, as on Factory and encounter cards). The `pay` frame pays one requirement
at a time, the named kinds in `rules.RESOURCES` order and then `any`, so every order of the
player's picks reaches the same choices and a forced remainder is paid without asking."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.messages import Msg, Param, msg
from games.scythe import citations, gains, rules
from games.scythe import words as w
from games.scythe.control import controlled_resources, resource_sources
from games.scythe.frames import Decision, offered
from games.scythe.state import (
    Frame,
    State,
    card_value,
    faction_of,
    player,
    pop,
    push,
    take_resource,
)

ANY = "any"
NEEDS = (*rules.RESOURCES, ANY)  # the order in which the requirements of a cost are paid
TRACKS = ("coins", "power", "popularity")
COERCION_FACTION = "crimea"  # S9.3


# -- can a seat pay ---------------------------------------------------------------------------
def can_pay(state: State, seat: int, cost: dict[str, int]) -> bool:
    """Whether `seat` could pay all of `cost` now (S5.2), counting Coercion when still unused."""
    p = player(state, seat)
    if any(p[track] < cost.get(track, 0) for track in TRACKS):
        return False
    spare_cards = len(p["cards"]) - cost.get("combat_cards", 0)
    if spare_cards < 0:
        return False
    return _payable(state, seat, _resource_need(cost), _coercion_ready(state, seat, spare_cards))


def reason_name(reason: str) -> Param:
    """What a payment is for, from its token in the `pay` frame: an action (`deploy`), an
    encounter card (`encounter:enc_04`) or a Factory card (`factory:factory_02`)."""
    kind, _, card = reason.partition(":")
    if kind == "encounter":
        return w.encounter(card)
    if kind == "factory":
        return w.factory_card(card)
    return w.action(reason)


def _resource_need(cost: dict[str, int]) -> dict[str, int]:
    return {kind: cost[kind] for kind in NEEDS if cost.get(kind, 0) > 0}


def _coercion_ready(state: State, seat: int, spare_cards: int) -> bool:
    """Crimea may spend one combat card as a resource once per turn (S9.3, T53)."""
    return (faction_of(state, seat) == COERCION_FACTION and not state["turn"]["coerced"]
            and spare_cards > 0)


def _shortfall(have: dict[str, int], need: dict[str, int]) -> int:
    """How many tokens of `need` the resources `have` (by kind) cannot cover."""
    short = sum(max(0, n - have[kind]) for kind, n in need.items() if kind != ANY)
    left_over = sum(max(0, have[kind] - need.get(kind, 0)) for kind in rules.RESOURCES)
    return short + max(0, need.get(ANY, 0) - left_over)


def _payable(state: State, seat: int, need: dict[str, int], coercion: bool,
             spent: str | None = None) -> bool:
    """Whether the seat's controlled resources, less one token of kind `spent`, cover `need`
    (with one token short when Coercion is still usable). A cost of no resources (most top
    actions) needs no look at the board."""
    if not need:
        return True
    have = controlled_resources(state, seat)
    if spent:
        have[spent] -= 1
    short = _shortfall(have, need)
    return short == 0 or (coercion and short == 1)


# -- paying -----------------------------------------------------------------------------------
def begin_payment(state: State, seat: int, cost: dict[str, int], reason: str) -> list[Event]:
    """Pay `cost` for `reason` (`reason_name`: `deploy`). Pays everything that needs no
    choice now and pushes a `pay` frame for the rest; refuses, changing nothing, when the seat
    cannot pay in full (S5.2)."""
    if not can_pay(state, seat, cost):
        raise IllegalAction(msg("scythe.refuse.cannot_pay", cost=w.cost(cost),
                                reason=reason_name(reason)),
                            rule=citations.rule(citations.CANNOT_PAY))
    events = _pay_at_once(state, seat, cost, reason)
    need = _resource_need(cost)
    if not need:
        return events
    frame = {"kind": "pay", "seat": seat, "reason": reason, "need": need}
    events += _pay_forced(state, frame)
    if frame["need"]:
        push(state, frame)
    return events


def _pay_at_once(state: State, seat: int, cost: dict[str, int], reason: str) -> list[Event]:
    """Coins, power and popularity (checked to be there), then the lowest combat cards."""
    p = player(state, seat)
    paid = {track: cost[track] for track in TRACKS if cost.get(track, 0) > 0}
    for track, n in paid.items():
        p[track] -= n
    events = w.said(state, seat, "scythe.pays", "coins" in paid, who=w.who(seat),
                    what=lambda hide: w.amounts(paid, hide_coins=hide),
                    reason=reason_name(reason)) if paid else []
    count = cost.get("combat_cards", 0)
    if count:
        cheapest = sorted(p["cards"], key=lambda c: (card_value(c), c))[:count]
        events += gains.discard_cards(state, seat, cheapest)
    return events


def _current(need: dict[str, int]) -> str | None:
    """The requirement being paid now: named kinds first, then `any`."""
    return next((kind for kind in NEEDS if need.get(kind, 0) > 0), None)


def _tokens_for(state: State, seat: int, requirement: str) -> list[tuple[str, str, int]]:
    """(territory, kind, count) of every controlled pile that can pay `requirement`."""
    kinds = rules.RESOURCES if requirement == ANY else (requirement,)
    return [(territory, kind, n) for kind in kinds
            for territory, n in resource_sources(state, seat, kind).items()]


def _pay_forced(state: State, frame: Frame) -> list[Event]:
    """Pay the requirements whose tokens leave no choice: one pile, or exactly as many tokens
    as needed. Stops at the first real choice, and whenever Coercion could still be used (a
    card instead of a token is the player's choice)."""
    seat, need = frame["seat"], frame["need"]
    events: list[Event] = []
    while (requirement := _current(need)) is not None:
        if _coercion_ready(state, seat, len(player(state, seat)["cards"])):
            break
        piles = _tokens_for(state, seat, requirement)
        if len(piles) != 1 and sum(n for _, _, n in piles) != need[requirement]:
            break
        for territory, kind, n in piles:
            amount = min(n, need[requirement])
            events += _pay_tokens(state, frame, territory, kind, amount)
            if not need.get(requirement):
                break
    return events


def _pay_tokens(state: State, frame: Frame, territory: str, kind: str,
                amount: int) -> list[Event]:
    take_resource(state, territory, kind, amount)
    _reduce(frame, _current(frame["need"]), amount)
    return [Event(msg("scythe.pays_from", who=w.who(frame["seat"]), what=w.amount(kind, amount),
                      place=w.place(territory), reason=reason_name(frame["reason"])))]


def _reduce(frame: Frame, requirement: str | None, amount: int) -> None:
    need = frame["need"]
    need[requirement] -= amount
    if not need[requirement]:
        del need[requirement]


def _remainder(need: dict[str, int], requirement: str) -> dict[str, int]:
    rest = dict(need)
    rest[requirement] -= 1
    return {kind: n for kind, n in rest.items() if n}


# -- the pay frame ----------------------------------------------------------------------------
def _legal(state: State, frame: Frame) -> list[Action]:
    """One token of the current requirement from any pile that keeps the rest payable, and for
    Crimea a combat card of each value in hand while Coercion is unused."""
    seat, need = frame["seat"], frame["need"]
    requirement = _current(need)
    if requirement is None:
        return []
    rest = _remainder(need, requirement)
    coercion = _coercion_ready(state, seat, len(player(state, seat)["cards"]))
    actions = []
    for territory, kind, _ in _tokens_for(state, seat, requirement):
        if _payable(state, seat, rest, coercion, spent=kind):
            actions.append(Action("pay", (territory, kind), msg(
                "scythe.label.pay_from", what=w.amount(kind, 1), place=w.place(territory))))
    if coercion and _payable(state, seat, rest, False):
        values = sorted({card_value(c) for c in player(state, seat)["cards"]})
        actions += [Action("pay", ("card", v), msg("scythe.label.coerce", value=v,
                                                   what=w.amount(requirement, 1)))
                    for v in values]
    return actions


def _apply(state: State, frame: Frame, action: Action) -> list[Event]:
    if action.args[0] == "card":
        events = _coerce(state, frame, int(action.args[1]))
    else:
        territory, kind = action.args
        events = _pay_tokens(state, frame, str(territory), str(kind), 1)
    events += _pay_forced(state, frame)
    if not frame["need"]:
        pop(state)
    return events


def _coerce(state: State, frame: Frame, value: int) -> list[Event]:
    """Coercion (S9.3): a combat card, face up to the discard pile, as one resource token."""
    seat, requirement = frame["seat"], _current(frame["need"])
    assert requirement is not None  # a pay frame is popped once nothing is owed
    card = min(c for c in player(state, seat)["cards"] if card_value(c) == value)
    state["turn"]["coerced"] = True
    _reduce(frame, requirement, 1)
    what = w.amount("resources" if requirement == ANY else requirement, 1)
    return [Event(msg("scythe.coerces", who=w.who(seat), what=what,
                      reason=reason_name(frame["reason"]))),
            *gains.discard_cards(state, seat, [card])]


def _refuse(state: State, frame: Frame, action: Action) -> Msg:
    """Say what is still owed and where it can come from."""
    return msg("scythe.refuse.pay", reason=reason_name(frame["reason"]),
               cost=w.cost(frame["need"]), choices=offered(_legal(state, frame)))


DECISIONS = {"pay": Decision(_legal, _apply, _refuse)}
