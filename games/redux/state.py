"""Small helpers over the JSON state (schema in docs/redux-engine.md): seats and nations, the
frozen data pack, a general's derived status, and the only functions that move limited
components between a player and the general supply, so conservation holds by construction
and `checks.invariants` can verify it exactly."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.core.messages import Msg, Param, Seat, Term, msg
from games.redux import data
from games.redux.rules import ACTIONS, NATION_NAMES, UNIT_WEAPON, WEAPONS

State = dict[str, Any]


# -- seats, nations, data -------------------------------------------------------------------
def player(state: State, seat: int) -> dict:
    return state["players"][seat]


def nation_of(state: State, seat: int) -> str:
    return state["players"][seat]["nation"]


def seat_of(state: State, nation: str) -> int:
    for p in state["players"]:
        if p["nation"] == nation:
            return p["seat"]
    raise KeyError(nation)


def who(state: State, seat: int) -> Seat:
    """How events name a seat: a `Seat`, which the bot shows as the player's name."""
    return Seat(seat)


def who_nation(state: State, seat: int) -> Msg:
    """A seat with its nation, where the nation matters: "Ann (Wei)"."""
    return msg("redux.who_nation", who=Seat(seat), nation=nation_term(nation_of(state, seat)))


def nation_name(nation: str) -> str:
    return NATION_NAMES[nation]


def pack(state: State) -> data.Pack:
    return data.frozen(state)


def general(state: State, gid: str) -> dict:
    return pack(state).generals[gid]


def general_name(state: State, gid: str) -> str:
    return general(state, gid)["name"]["en"]


def action_name(action: str) -> str:
    return ACTIONS[action][0]


# -- names as the reader reads them (games/redux/locales/names.toml) ------------------------
def nation_term(nation: str) -> Term:
    return Term(f"redux.nation.{nation}")


def action_term(action: str) -> Term:
    return Term(f"redux.action.{action}")


def general_term(state: State, gid: str) -> Param:
    return _named(state, "generals", "general", gid)


def card_term(state: State, cid: str) -> Param:
    return _named(state, "cards", "card", cid)


def region_term(state: State, rid: str) -> Param:
    return _named(state, "regions", "region", rid)


def source_term(state: State, source: str) -> Param:
    """The name of an ability's source: a built card or a general."""
    return card_term(state, source) if source in pack(state).cards else general_term(state, source)


def _named(state: State, section: str, kind: str, entry: str) -> Param:
    """The catalog's name of a designed pack entry; an uploaded pack's own entry (a new id, or
    a renamed one) is named by its pack, in the languages the pack gives. Found once per pack
    (the key holds its hash): legal actions and events name generals at every move."""
    key = (state["pack"]["hash"], section, entry)
    found = _NAMES.get(key)
    if found is None:
        found = _NAMES[key] = _name_in(state, section, kind, entry)
    return found


_NAMES: dict[tuple[str, str, str], Param] = {}  # bounded: one entry per pack entry read


def _name_in(state: State, section: str, kind: str, entry: str) -> Param:
    names = getattr(pack(state), section)[entry]["name"]
    if _designed_names(section).get(entry) == names:
        return Term(f"redux.{kind}.{entry}")
    return msg("redux.pack_name", en=names["en"], ko=names.get("ko") or names["en"],
               zh=names.get("zh") or names["en"])


@cache
def _designed_names(section: str) -> dict[str, dict]:
    return {e: entry["name"] for e, entry in getattr(data.designed(), section).items()}


# -- generals -------------------------------------------------------------------------------
def occupying(state: State, seat: int) -> list[str]:
    return [o["general"] for o in player(state, seat)["occupations"]]


def placed(state: State, seat: int) -> list[str]:
    return [b["general"] for b in state["bids"] if b["seat"] == seat]


def status(state: State, seat: int, gid: str) -> str:
    """Derived, never stored: occupying beats placed beats flipped beats available."""
    if gid in occupying(state, seat):
        return "occupying"
    if gid in placed(state, seat):
        return "placed"
    flipped = state["flipped"]
    if flipped and flipped["seat"] == seat and flipped["general"] == gid:
        return "flipped"
    return "available"


def available(state: State, seat: int) -> list[str]:
    """R7.7.8: recruited, revealed generals in the player's supply, in recruitment order:
    those `status` calls available, found with one pass over the occupations and bids (every
    bidding turn asks)."""
    p = player(state, seat)
    busy = {o["general"] for o in p["occupations"]}
    busy.update(b["general"] for b in state["bids"] if b["seat"] == seat)
    flipped = state["flipped"]
    if flipped and flipped["seat"] == seat:
        busy.add(flipped["general"])
    return [g for g in p["generals"] if g not in busy]


# -- limited components (A17) ----------------------------------------------------------------
def limits_on(state: State) -> bool:
    return bool(state["options"]["component_limits"])


def take_from_supply(state: State, part: str, wanted: int) -> int:
    """How many of `wanted` the general supply gives: all of them, or (limits on, A17) what
    is left. The supply count may go below zero only when limits are off."""
    given = min(wanted, max(state["supply"][part], 0)) if limits_on(state) else wanted
    state["supply"][part] -= given
    return given


def gain(state: State, seat: int, resource: str, amount: int) -> int:
    """Give `resource` from the general supply; returns the amount actually gained.

    Gold, rice, military and tribal are unlimited counters; the rest are components."""
    p = player(state, seat)
    if resource in ("gold", "rice", "military"):
        p[resource] += amount
        return amount
    if resource == "support":
        got = take_from_supply(state, "support", amount)
        p["support"] += got
        return got
    if resource in WEAPONS:
        got = take_from_supply(state, resource, amount)
        p["weapons"][resource] += got
        return got
    if resource in ("untrained", "trained"):
        got = take_from_supply(state, "armies", amount)
        p["armies"][resource] += got
        return got
    raise KeyError(f"no supply gain for {resource}")


def pay(state: State, seat: int, resource: str, amount: int) -> None:
    """Pay to the general supply; callers have checked the player holds it."""
    p = player(state, seat)
    held = holding(state, seat, resource)
    if held < amount:
        raise AssertionError(f"Seat {seat} cannot pay {amount} {resource} (holds {held})")
    if resource in ("gold", "rice"):
        p[resource] -= amount
    elif resource == "support":
        p["support"] -= amount
        state["supply"]["support"] += amount
    elif resource in WEAPONS:
        p["weapons"][resource] -= amount
        state["supply"][resource] += amount
    elif resource in ("untrained", "trained"):
        p["armies"][resource] -= amount
        state["supply"]["armies"] += amount
    else:
        raise KeyError(f"no supply payment for {resource}")


def holding(state: State, seat: int, resource: str) -> int:
    p = player(state, seat)
    if resource in ("gold", "rice", "support", "military", "tribal"):
        return p[resource]
    if resource in WEAPONS:
        return p["weapons"][resource]
    if resource in ("untrained", "trained"):
        return p["armies"][resource]
    if resource == "weapon":
        return sum(p["weapons"].values())
    raise KeyError(resource)


# -- bids -------------------------------------------------------------------------------------
def units_possible(state: State, seat: int, unit: str) -> int:
    """Units of a type the player can assemble now (A32): trained armies and weapons both."""
    p = player(state, seat)
    return min(p["armies"]["trained"], p["weapons"][UNIT_WEAPON[unit]])


def release_bid(state: State, bid: dict, refund_gold: bool) -> None:
    """Take a bid off its action (R8.1.2, R8.3.3, A27): the general and the units (split back
    into trained armies and weapons, A32) return to the owner's supply, support tokens go to
    the general supply, the Han Emperor token simply returns with the general. Gold on a
    tribal action comes back only if the action was not performed (`refund_gold`)."""
    p = player(state, bid["seat"])
    units = bid["units"]
    if units:
        p["armies"]["trained"] += units["count"]
        p["weapons"][UNIT_WEAPON[units["type"]]] += units["count"]
    state["supply"]["support"] += bid["support"]
    if refund_gold:
        p["gold"] += bid["gold"]
    state["bids"].remove(bid)
