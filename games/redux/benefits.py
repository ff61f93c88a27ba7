"""R8.6 end-of-round benefits: `round_end_gain`, `round_end_exchange` and `card_stock`.

Players resolve in action order (A15), each all of their own benefits in the order they
choose, because the order can matter (EX17: Barter House before Ma Chao gives a foal). The
player is asked only when it can matter: a single benefit, or only plain gains (whose order
changes nothing), are applied at once. Exchanges and weapons of the player's choice are stages that
resolution.py drives (`exchange_choices`/`exchange`, economy's `take`)."""

from __future__ import annotations

from games.core import Action, Event
from games.core.messages import Msg, msg
from games.redux import abilities
from games.redux.citations import cite
from games.redux.economy import arg, ask_take, refuse_unless_listed, supply_left
from games.redux.rules import WEAPONS
from games.redux.say import amount, amounts
from games.redux.state import (
    State,
    gain,
    holding,
    pay,
    player,
    source_term,
    take_from_supply,
    who,
)

ROUND_END = ("card_stock", "round_end_gain", "round_end_exchange")


# -- which benefits a player has this round --------------------------------------------------
def placed_this_round(state: State, seat: int, gid: str) -> bool:
    """R7.7.7: whether the general was placed in this round's bidding. Losing bids leave
    `state["bids"]` at R8.1, so this reads `player["placed"]`, the generals placed this
    round as conflict.py records them."""
    return gid in player(state, seat)["placed"]


def _applies(state: State, seat: int, source: str, ability: dict) -> bool:
    p = player(state, seat)
    if ability["kind"] == "card_stock":
        return (p["recruited_round"][source] == state["round"]
                or p["stocks"].get(source, 0) > 0)
    if ability["unless_performed"] in p["performed"]:
        return False
    if ability["kind"] == "round_end_exchange":
        return True
    if not abilities.parity_matches(ability["parity"], state["round"]):
        return False
    when = ability["when"]
    if when == "always" or abilities.is_card(state, source):
        return True
    return placed_this_round(state, seat, source) == (when == "placed")


def pending(state: State, seat: int) -> list[str]:
    """The sources with a benefit this round, once per round-end ability they have."""
    found = [(s, a) for kind in ROUND_END for s, a in abilities.sources(state, seat, kind)]
    order = player(state, seat)["generals"] + player(state, seat)["built"]
    found.sort(key=lambda pair: order.index(pair[0]))
    return [s for s, a in found if _applies(state, seat, s, a)]


def _ability(state: State, seat: int, source: str) -> dict:
    """The source's round-end ability still pending: its n-th, if it has n pending."""
    mine = [a for kind in ROUND_END for s, a in abilities.sources(state, seat, kind)
            if s == source and _applies(state, seat, s, a)]
    done = len(mine) - player(state, seat)["benefits"].count(source)
    return mine[done]


def _plain(state: State, seat: int, source: str) -> bool:
    return _ability(state, seat, source)["kind"] == "round_end_gain"


# -- the step ----------------------------------------------------------------------------------
def start(state: State, events: list[Event]) -> None:
    """Enter step "benefits": note everyone's pending benefits, then serve the first player."""
    state["step"], state["actor"] = "benefits", None
    for seat in state["action_order"]:
        player(state, seat)["benefits"] = pending(state, seat)
    proceed(state, events)


def proceed(state: State, events: list[Event]) -> None:
    """Apply what needs no decision and stop at the next one; after the last player, the
    round's resolution is over (step "round_done")."""
    order = state["action_order"]
    first = 0 if state["actor"] is None else order.index(state["actor"])
    for seat in order[first:]:
        state["actor"] = seat
        p = player(state, seat)
        while p["benefits"] and state["doing"] is None:
            if len(set(p["benefits"])) > 1 and not all(_plain(state, seat, s)
                                                      for s in p["benefits"]):
                return
            events += use(state, seat, p["benefits"][0])
        if state["doing"] is not None:
            return
    for p in state["players"]:
        p["benefits"] = None
    state["step"], state["actor"] = "round_done", None


def choices(state: State, seat: int) -> list[Action]:
    return [Action("benefit", (s,), label=msg("redux.label.benefit", source=source_term(state, s),
                                              what=benefit_text(state, seat, s)))
            for s in dict.fromkeys(player(state, seat)["benefits"])]


def benefit_text(state: State, seat: int, source: str) -> Msg:
    """What a pending benefit gives, from its ability (a pack's printed text is English)."""
    ability = _ability(state, seat, source)
    if ability["kind"] == "round_end_exchange":
        return msg("redux.log.an_exchange")
    if ability["kind"] == "card_stock":
        return msg("redux.log.from_the_card", what=amount(ability["resource"],
                                                           ability["take"]))
    return msg("redux.log.gains_list", what=amounts(ability["gain"].items()))


def use(state: State, seat: int, source: str) -> list[Event]:
    """Apply one pending benefit of `source`; an exchange or a weapon choice becomes a stage."""
    ability = _ability(state, seat, source)
    player(state, seat)["benefits"].remove(source)
    name = source_term(state, source)
    if ability["kind"] == "round_end_exchange":
        state["doing"] = {"action": None, "stage": "exchange", "source": source}
        return []
    if ability["kind"] == "card_stock":
        return [_stock(state, seat, source, ability)]
    words, weapons = abilities.apply_gain(state, seat, ability["gain"])
    events = [Event(msg("redux.log.source_gains", source=name, who=who(state, seat),
                        gains=words))] if words else []
    if weapons:
        events += [Event(msg("redux.log.source_weapons", source=name, who=who(state, seat),
                             what=amount("weapon", weapons)))]
        events += ask_take(state, seat, None, weapons, "benefits")
    return events


def _stock(state: State, seat: int, source: str, ability: dict) -> Event:
    """Ma Chao (EX17): stock the card in the recruitment round (A17: what the supply has),
    then each later round take from it while the player holds at least `min_held` (A21)."""
    p, resource, name = player(state, seat), ability["resource"], source_term(state, source)
    if source not in p["stocks"]:
        part = _supply_part(resource)
        p["stocks"][source] = ability["amount"] if part is None else take_from_supply(
            state, part, ability["amount"])
        return Event(msg("redux.log.stocked", source=name,
                         what=amount(resource, p["stocks"][source])))
    held = holding(state, seat, resource)
    if held < ability["min_held"]:
        return Event(msg("redux.log.stock_held", source=name, who=who(state, seat),
                         held=amount(resource, held), least=ability["min_held"]))
    taken = min(ability["take"], p["stocks"][source])
    p["stocks"][source] -= taken
    _add(state, seat, resource, taken)
    return Event(msg("redux.log.stock_taken", source=name, who=who(state, seat),
                     what=amount(resource, taken), left=p["stocks"][source]))


def _supply_part(resource: str) -> str | None:
    """The general-supply count a resource comes from; None for unlimited gold and rice."""
    if resource in ("untrained", "trained"):
        return "armies"
    return None if resource in ("gold", "rice") else resource


def _add(state: State, seat: int, resource: str, n: int) -> None:
    """Tokens from a card: they left the general supply when the card was stocked."""
    p = player(state, seat)
    if resource in WEAPONS:
        p["weapons"][resource] += n
    elif resource in ("untrained", "trained"):
        p["armies"][resource] += n
    else:
        p[resource] += n


# -- round_end_exchange (Barter House) ---------------------------------------------------------
def _directions(state: State, seat: int, doing: dict) -> list[tuple[dict, dict]]:
    ability = _exchange_of(state, seat, doing["source"])
    pairs = [(ability["give"], ability["get"])]
    return pairs + ([(ability["get"], ability["give"])] if ability["reversible"] else [])


def _exchange_of(state: State, seat: int, source: str) -> dict:
    return next(a for s, a in abilities.sources(state, seat, "round_end_exchange")
                if s == source)


def exchange_choices(state: State, seat: int, doing: dict) -> list[Action]:
    """`exchange <paid resource> [<weapon type>]` per payable direction, and `exchange none`.
    A `weapon` on either side is a type of the player's choice."""
    out = []
    for paid, got in _directions(state, seat, doing):
        key = next(iter(paid))
        types = WEAPONS if "weapon" in paid or "weapon" in got else (None,)
        for weapon in types:
            if _can_exchange(state, seat, paid, got, weapon):
                args = (key,) if weapon is None else (key, weapon)
                out.append(Action("exchange", args, label=msg(
                    "redux.label.exchange", paid=_words(paid, weapon), got=_words(got, weapon))))
    return out + [Action("exchange", ("none",), label=msg("redux.label.no_exchange"))]


def _concrete(amounts: dict[str, int], weapon: str | None) -> dict[str, int]:
    """The amounts with `weapon` named for the "weapon of the player's choice"."""
    return {(weapon if r == "weapon" and weapon else r): n for r, n in amounts.items()}


def _can_exchange(state: State, seat: int, paid: dict, got: dict, weapon: str | None) -> bool:
    pays = _concrete(paid, weapon)
    if any(holding(state, seat, r) < n for r, n in pays.items()):
        return False
    return all(_supply_allows(state, r, n) for r, n in _concrete(got, weapon).items())


def _supply_allows(state: State, resource: str, n: int) -> bool:
    """Weapons and support come from the general supply, which may run out (A17)."""
    if resource not in WEAPONS + ("support",):
        return True
    left = supply_left(state, resource)
    return left is None or left >= n


def _words(given: dict, weapon: str | None) -> tuple[Msg, ...]:
    return amounts(_concrete(given, weapon).items())


def exchange(state: State, seat: int, doing: dict, move: Action) -> list[Event]:
    arg(move, 0, "exchange <resource paid> [<weapon>] | exchange none", rule=cite("R8.6.1"))
    name = source_term(state, doing["source"])
    refuse_unless_listed(move, exchange_choices(state, seat, doing),
                         msg("redux.why.exchange", source=name), rule=cite("R8.6.1"))
    state["doing"] = None
    if move.args == ("none",):
        return [Event(msg("redux.log.no_exchange", source=name, who=who(state, seat)))]
    weapon = move.word(1) if len(move.args) > 1 else None
    paid, got = next((p, g) for p, g in _directions(state, seat, doing)
                     if next(iter(p)) == move.args[0])
    for resource, n in _concrete(paid, weapon).items():
        pay(state, seat, resource, n)
    for resource, n in _concrete(got, weapon).items():
        gain(state, seat, resource, n)
    return [Event(msg("redux.log.exchanges", source=name, who=who(state, seat),
                      paid=_words(paid, weapon), got=_words(got, weapon)))]
