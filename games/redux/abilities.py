"""Queries over the ability vocabulary of docs/redux-engine.md, and applying a `gain`.

A general's abilities count while it is recruited and revealed, whatever its status (placed,
flipped, occupying); a card's effects count once it is built. Bidding abilities (`bid_bonus`,
`tie_win`) belong to bids.py; the round-end kinds are read by benefits.py through `sources`."""

from __future__ import annotations

from games.core.messages import Msg, msg
from games.redux.rules import TRIBE_MAX
from games.redux.say import amount
from games.redux.state import State, gain, pack, player

Ability = dict
Source = tuple[str, Ability]  # (general or card id, one of its abilities)


def sources(state: State, seat: int, kind: str) -> list[Source]:
    """Every `kind` ability the seat has now: revealed generals first, then built cards, each
    in the order the player got them (the order benefits are offered in)."""
    data, p = pack(state), player(state, seat)
    found = [(g, a) for g in p["generals"] for a in data.generals[g]["abilities"]]
    found += [(c, a) for c in p["built"] for a in data.cards[c]["effects"]]
    return [(source, ability) for source, ability in found if ability["kind"] == kind]


def is_card(state: State, source: str) -> bool:
    return source in pack(state).cards


def parity_matches(parity: str, round_: int) -> bool:
    return parity == "any" or (parity == "even") == (round_ % 2 == 0)


def action_yields(state: State, seat: int, action: str, generals: list[str]) -> list[Source]:
    """`action_yield` abilities that fire now: a general's when it was among the seat's
    winning generals on `action`, a card's whenever the seat performs `action`."""
    return [(s, a) for s, a in sources(state, seat, "action_yield")
            if a["action"] == action and (is_card(state, s) or s in generals)]


def tribal_bonus(state: State, seat: int, general: str) -> int:
    """Extra spaces for the tribal action: the placed general's own bonus and every card's."""
    return sum(a["amount"] for s, a in sources(state, seat, "tribal_bonus")
               if is_card(state, s) or s == general)


def occupy_bonuses(state: State, seat: int, general: str) -> list[Source]:
    return [(s, a) for s, a in sources(state, seat, "occupy_bonus")
            if is_card(state, s) or s == general]


def tribal_hold(state: State, seat: int) -> str | None:
    """The source that keeps the tribe marker still this round (Jia Xu in even rounds)."""
    for source, ability in sources(state, seat, "tribal_hold"):
        if parity_matches(ability["parity"], state["round"]):
            return source
    return None


def upkeep_relief(state: State, seat: int) -> dict[str, int]:
    """R9.3 reductions summed over every `upkeep_relief` the seat has."""
    found = sources(state, seat, "upkeep_relief")
    return {r: sum(a.get(r, 0) for _, a in found) for r in ("gold", "rice")}


def apply_gain(state: State, seat: int, amounts: dict[str, int]) -> tuple[tuple[Msg, ...], int]:
    """Give every fixed resource of `amounts` now. Returns what was gained, as messages, and
    how many weapons of the player's choice (`weapon`) are still owed: those need a decision,
    which the caller asks for."""
    words: list[Msg] = []
    for resource, wanted in amounts.items():
        if resource == "weapon":
            continue
        got = _gain_one(state, seat, resource, wanted)
        words.append(amount(resource, got) if got >= wanted else msg(
            "redux.log.gain_short", got=amount(resource, got), wanted=amount(resource, wanted)))
    return tuple(words), amounts.get("weapon", 0)


def _gain_one(state: State, seat: int, resource: str, amount: int) -> int:
    if resource != "tribal":
        return gain(state, seat, resource, amount)
    p = player(state, seat)
    before = p["tribal"]
    p["tribal"] = min(TRIBE_MAX, before + amount)
    return p["tribal"] - before
