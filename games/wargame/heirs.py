"""The player's choices outside the action step: where an heir who enters is placed (W26b)
and which minor nation a player without a nation takes over (W29.5).

An heir who enters as ruler is placed at once by the auto rule (the nation must have a
ruler before anything else happens: W26.1 "at once"); the engine notes him in
`state["heirs"]`, and at the next point where the flow can ask (before the next marker is
drawn, or before a battle's next stage) his nation's player places him in any area the nation
controls (W26.3) with `heir_area <area>`.
"""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.flow import Step, answers, turn
from games.core.messages import Seat, msg
from games.wargame.board import alive, heir_places, is_major, value
from games.wargame.data import data_for
from games.wargame.texts import area, general, nation

State = dict[str, Any]


# -- the heir's area (W26b) ----------------------------------------------------------------------
def heir_choices(state: State, nid: str) -> list[str]:
    """W26.3, W26b: any area the nation controls (with none, any area holding its units),
    but none holding another power's units (W4.2a)."""
    return heir_places(state, nid)


def next_heir_step(state: State) -> Step | None:
    """The first noted heir whose player still has a choice to make, as a step (the notes
    that no longer apply are dropped)."""
    while state["heirs"]:
        note = state["heirs"].pop(0)
        nid, heir = note["nation"], note["heir"]
        spot = state["generals"][heir]
        if (not state["nations"][nid]["alive"] or state["nations"][nid]["ruler"] != heir
                or spot["state"] != "nation" or not is_major(state, nid)):
            continue
        if len(heir_choices(state, nid)) > 1:
            return turn("heir", int(state["nations"][nid]["seat"]), nation=nid, heir=heir)
    return None


def heir_legal(state: State, step: Step, seat: int) -> list[Action]:
    d = step["data"]
    return [Action("heir_area", (a,), label=msg("wargame.heir.area", general=general(d["heir"]),
                                                 area=area(a)))
            for a in heir_choices(state, d["nation"])]


def heir_resolve(state: State, step: Step) -> list[Event]:
    (action,) = answers(step).values()
    heir, where = step["data"]["heir"], action.word(0)
    state["generals"][heir]["area"] = where
    return [Event(msg("wargame.heir.placed", general=general(heir),
                      nation=nation(step["data"]["nation"]), area=area(where)))]


# -- the takeover step (W29.5) -------------------------------------------------------------------
def homeless(state: State) -> list[int]:
    """Players whose nation was destroyed, earlier destructions first, ties by seat order."""
    falls = state["falls"]
    found = [s for s, p in enumerate(state["players"])
             if p["nation"] and not state["nations"][p["nation"]]["alive"]]
    return sorted(found, key=lambda s: (falls.index(state["players"][s]["nation"])
                                        if state["players"][s]["nation"] in falls else 0, s))


def minors(state: State) -> list[str]:
    return [n for n in alive(state) if not is_major(state, n)]


def next_takeover_step(state: State) -> Step | None:
    """W3.1a step 2: the next player without a nation picks a minor nation, if one exists."""
    waiting = homeless(state)
    if not waiting or not minors(state):
        return None
    return turn("takeover", waiting[0])


def takeover_legal(state: State, step: Step, seat: int) -> list[Action]:
    data = data_for(state["options"])
    return [Action("takeover", (n,), label=msg("wargame.takeover.label", nation=nation(n),
                                               value=value(state, data, n)))
            for n in minors(state)]


def takeover_resolve(state: State, step: Step) -> list[Event]:
    """W29.5: the minor nation becomes the player's major nation, keeps its marker, and its
    base value is its value now; the destroyed nation is remembered among those run."""
    (seat, action), = answers(step).items()
    nid = action.word(0)
    player = state["players"][seat]
    old = player["nation"]
    state["nations"][old]["seat"] = None
    player["ran"] = [*player.get("ran", []), old]
    player["nation"] = nid
    state["nations"][nid]["seat"] = seat
    state["nations"][nid]["base"] = value(state, data_for(state["options"]), nid)
    return [Event(msg("wargame.takeover.done", who=Seat(seat), nation=nation(nid),
                      base=state["nations"][nid]["base"]))]


def best_minor(state: State) -> str:
    """W33.5: the minor nation with the highest value (data order breaks ties)."""
    data = data_for(state["options"])
    found = minors(state)
    return max(found, key=lambda n: (value(state, data, n), -found.index(n)))
