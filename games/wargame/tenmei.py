"""The 天命札 phase (W5): five cards of the period's deck, applied in the order revealed, each
resolved in full (succession, destruction) before the next (W5.4)."""

from __future__ import annotations

from typing import Any

from games.core.chance import roll
from games.core.events import Event
from games.core.messages import msg
from games.wargame.board import place, random_nation, remove_general
from games.wargame.data import WargameData
from games.wargame.texts import area, general

State = dict[str, Any]


def reveal(state: State, data: WargameData) -> list[Event]:
    """W5.3: reveal the period's cards for this turn (the deck's top first)."""
    period = data.period_of(state["turn"])
    deck = state["decks"][str(period)]
    events = [Event(msg("wargame.tenmei.phase", turn=state["turn"],
                        year=data.year_of(state["turn"]), period=period))]
    shown: list[str] = []
    for _ in range(int(data.constants["cards_per_turn"])):
        if not deck:
            break
        cid = deck.pop(0)
        shown.append(cid)
        events += apply_card(state, data, cid)
    state["revealed"] = shown
    return events


def apply_card(state: State, data: WargameData, cid: str) -> list[Event]:
    card = data.cards[cid]
    if card["kind"] == "none":
        return [Event(msg("wargame.tenmei.quiet", card=cid))]
    gid = card["general"]
    if card["kind"] == "exit":
        return exit_general(state, data, cid, gid)
    return enter_general(state, data, cid, gid, card["destinations"])


def exit_general(state: State, data: WargameData, cid: str, gid: str) -> list[Event]:
    """W5.6, W5.6a: remove X whatever he is; a general not on the map is unaffected, except
    one who has not entered yet, whose later entry becomes void."""
    spot = state["generals"][gid]
    told = Event(msg("wargame.tenmei.exit", card=cid, general=general(gid)))
    if spot["state"] in ("dead", "exited"):
        return [told, Event(msg("wargame.tenmei.no_effect", general=general(gid)))]
    if spot["state"] == "waiting":
        spot.update(state="exited")
        return [told, Event(msg("wargame.tenmei.exit_void_entry", general=general(gid)))]
    return [told, *remove_general(state, data, gid, "exited")]


def enter_general(state: State, data: WargameData, cid: str, gid: str,
                  destinations: list[dict[str, Any]]) -> list[Event]:
    """W5.5a: letters in order, then one `tenmei_dest` die, then a random nation's ruler."""
    told = Event(msg("wargame.tenmei.enter", card=cid, general=general(gid)))
    if state["generals"][gid]["state"] != "waiting":
        return [told, Event(msg("wargame.tenmei.no_effect", general=general(gid)))]
    events = [told]
    for dest in destinations:
        if "key" in dest and (where := _valid(state, dest)):
            return [*events, place(state, gid, where)]
    dice = [d for d in destinations if "die" in d]
    if dice:
        rolled = roll(state, 1, 6, who=msg("wargame.tenmei.engine"),
                      why=msg("wargame.roll.tenmei_dest"))
        events.append(rolled.event)
        face = rolled.total
        dest = next(d for d in dice if d["die"][0] <= face <= d["die"][1])
        if where := _valid(state, dest):
            return [*events, place(state, gid, where)]
    # W5.5.10: a random nation (minor nations too, never the 豪族), at its ruler
    eligible = [n for n, s in state["nations"].items() if s["alive"]]
    chosen, drawn = random_nation(state, eligible, "wargame.roll.random_nation")
    events += drawn
    if chosen is None:
        state["generals"][gid]["state"] = "exited"
        return [*events, Event(msg("wargame.tenmei.nowhere", general=general(gid)))]
    ruler = state["nations"][chosen]["ruler"]
    return [*events, place(state, gid, state["generals"][ruler]["area"])]


def _valid(state: State, dest: dict[str, Any]) -> str | None:
    """The area a destination names, or None when it is invalid (W5.5.5): a named general
    must be on the map, as a nation's general or 在野."""
    if "area" in dest:
        return str(dest["area"])
    spot = state["generals"][dest["general"]]
    return spot["area"] if spot["state"] in ("nation", "zaiya") else None


__all__ = ["apply_card", "area", "reveal"]
