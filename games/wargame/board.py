"""The board in the state: who controls each area, the troops in it, where each general is,
and the changes every rule shares (control update, entry, succession, destruction).

State keys read here:
- `areas[aid]` = {"control": nation id | "gozoku" | None, "troops": {power: count}}; a power
  is a nation id or "gozoku"; zero counts are removed;
- `generals[gid]` = {"state": "waiting" | "nation" | "zaiya" | "dead" | "exited",
  "nation": nid | None, "area": aid | None} ("waiting": not yet entered);
- `nations[nid]` = {"alive", "ruler", "seat", "base", "fell"};
- `ledger` = {"added", "removed"}: every troop ever placed or taken, for the invariants.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.chance import pick
from games.core.events import Event
from games.core.messages import msg
from games.wargame.data import WargameData
from games.wargame.texts import area, general, generals, nation, power

State = dict[str, Any]
GOZOKU = "gozoku"
# How a nation falls: outside combat by default (destroy); a battle passes its own (W27.2).
Fall = Callable[[str], list[Event]]


# -- reading the board ---------------------------------------------------------------------------
def troops(state: State, aid: str, pid: str | None = None) -> int:
    counts = state["areas"][aid]["troops"]
    return sum(counts.values()) if pid is None else int(counts.get(pid, 0))


def generals_in(state: State, aid: str, nid: str | None = None,
                placed: dict[str, list[str]] | None = None) -> list[str]:
    """The nation generals standing in `aid` (of `nid` only when given), in data order;
    from `placed` (`standing`) when the caller has it."""
    gens = state["generals"]
    if placed is not None:
        return [g for g in placed.get(aid, ()) if nid is None or gens[g]["nation"] == nid]
    return [g for g, s in gens.items()
            if s["area"] == aid and s["state"] == "nation" and (nid is None or s["nation"] == nid)]


def standing(state: State) -> dict[str, list[str]]:
    """The nation generals of every area that holds any, in data order, from one pass over
    the generals: for a caller that reads many areas of a state it does not change (the
    action step's choices read each area several times)."""
    found: dict[str, list[str]] = {}
    for g, s in state["generals"].items():
        if s["state"] == "nation":
            found.setdefault(s["area"], []).append(g)
    return found


def powers_in(state: State, aid: str, placed: dict[str, list[str]] | None = None) -> set[str]:
    """The powers with units in `aid` (在野 generals are no power's units, W4.6a); the
    generals from `placed` (`standing`) when the caller has it."""
    found = {p for p, n in state["areas"][aid]["troops"].items() if n > 0}
    found |= {state["generals"][g]["nation"] for g in generals_in(state, aid, placed=placed)}
    return found


def powers_everywhere(state: State) -> dict[str, set[str]]:
    """`powers_in` of every area, from one pass over the generals: the invariants read
    every area after every action of a checked game."""
    found = {aid: {p for p, n in spot["troops"].items() if n > 0}
             for aid, spot in state["areas"].items()}
    for s in state["generals"].values():
        if s["state"] == "nation" and s["area"] in found:
            found[s["area"]].add(s["nation"])
    return found


def controlled(state: State, nid: str) -> list[str]:
    return [a for a, s in state["areas"].items() if s["control"] == nid]


def alive(state: State) -> list[str]:
    return [n for n, s in state["nations"].items() if s["alive"]]


def is_major(state: State, nid: str) -> bool:
    return state["nations"][nid]["seat"] is not None


def value(state: State, data: WargameData, nid: str) -> int:
    """W29.1."""
    return sum(data.value_of(a) for a in controlled(state, nid))


def big_cities(state: State, data: WargameData, nid: str) -> int:
    return sum(data.areas[a]["city"] == "big" for a in controlled(state, nid))


def nation_troops(state: State, nid: str) -> int:
    return sum(s["troops"].get(nid, 0) for s in state["areas"].values())


def nation_counts(state: State, data: WargameData) -> dict[str, dict[str, int]]:
    """`value`, `big_cities` and `nation_troops` of every nation of the state, in one pass
    over the areas: the view gives them for every nation to every seat after every action,
    and reading the areas three times per nation was the larger part of a view's cost."""
    found = {n: {"value": 0, "big_cities": 0, "troops": 0} for n in state["nations"]}
    for aid, spot in state["areas"].items():
        owner = found.get(spot["control"])
        if owner is not None:
            owner["value"] += data.value_of(aid)
            owner["big_cities"] += data.areas[aid]["city"] == "big"
        for pid, count in spot["troops"].items():
            if pid in found:
                found[pid]["troops"] += count
    return found


TROOP_CHOICES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50)


def troop_choices(most: int) -> list[int]:
    """Troop counts offered as buttons: a compact ladder up to `most`, and `most` itself."""
    return sorted({n for n in TROOP_CHOICES if n <= most} | ({most} if most > 0 else set()))


# -- changing troops -----------------------------------------------------------------------------
def add_troops(state: State, aid: str, pid: str, count: int) -> None:
    if count <= 0:
        return
    counts = state["areas"][aid]["troops"]
    counts[pid] = counts.get(pid, 0) + count
    state["ledger"]["added"] += count


def remove_troops(state: State, aid: str, pid: str, count: int) -> int:
    """Take up to `count` troops of `pid` from `aid`; returns how many were taken."""
    counts = state["areas"][aid]["troops"]
    taken = min(count, counts.get(pid, 0))
    if taken:
        counts[pid] -= taken
        state["ledger"]["removed"] += taken
    if counts.get(pid, 1) == 0:
        del counts[pid]
    return taken


def move_troops(state: State, source: str, target: str, pid: str, count: int) -> None:
    counts = state["areas"][source]["troops"]
    counts[pid] -= count
    if counts[pid] == 0:
        del counts[pid]
    into = state["areas"][target]["troops"]
    into[pid] = into.get(pid, 0) + count


# -- control (W4) --------------------------------------------------------------------------------
def control_update(state: State) -> list[Event]:
    """W4.1a: the end of an action step. An area with units of exactly one power passes to it;
    an area without units keeps its controller, except that a 豪族 area becomes neutral (W4.5);
    then every 在野 general in a nation's area joins it (W5.5.9)."""
    events: list[Event] = []
    for aid, spot in state["areas"].items():
        found = powers_in(state, aid)
        if len(found) == 1:
            (owner,) = found
            if spot["control"] != owner:
                events.append(Event(msg("wargame.control.gains", power=power(owner),
                                        area=area(aid))))
                spot["control"] = owner
        elif not found and spot["control"] == GOZOKU:
            spot["control"] = None
            events.append(Event(msg("wargame.control.neutral", area=area(aid))))
    events += collect_zaiya(state)
    return events


def collect_zaiya(state: State) -> list[Event]:
    """W5.5.9: a free general serves the first nation to control his area."""
    events: list[Event] = []
    for gid, spot in state["generals"].items():
        if spot["state"] != "zaiya":
            continue
        owner = state["areas"][spot["area"]]["control"]
        if owner and owner != GOZOKU:
            spot.update(state="nation", nation=owner)
            events.append(Event(msg("wargame.zaiya.joins", general=general(gid),
                                    nation=nation(owner), area=area(spot["area"]))))
    return events


# -- entering generals (W5.5a, W26.3) -----------------------------------------------------------
def place(state: State, gid: str, aid: str) -> Event:
    """X appears in `aid`: a nation's general where a nation controls it (even empty), 在野
    where it is neutral or 豪族 (W5.5.7, W5.5.8)."""
    owner = state["areas"][aid]["control"]
    spot = state["generals"][gid]
    if owner and owner != GOZOKU:
        spot.update(state="nation", nation=owner, area=aid)
        return Event(msg("wargame.enter.joins", general=general(gid), nation=nation(owner),
                         area=area(aid)))
    spot.update(state="zaiya", nation=None, area=aid)
    return Event(msg("wargame.enter.zaiya", general=general(gid), area=area(aid)))


def random_nation(state: State, eligible: list[str], why: str) -> tuple[str | None, list[Event]]:
    """The chance event `random_nation` (W2.8): uniform among the eligible nations."""
    if not eligible:
        return None, []
    picked = pick(state, eligible, msg(why), show=nation)
    return picked.item, list(picked.events)


# -- rulers (W26, W27) ---------------------------------------------------------------------------
def ruler_gone(state: State, data: WargameData, nid: str,
               fall: Fall | None = None) -> list[Event]:
    """W26a: the next heir after the ruler who serves this nation, or who has not entered yet
    (he enters, W26b); none left: the nation is destroyed, by `fall` when a battle lost the
    ruler (W27.2), else outside combat (W27.3)."""
    line = succession(state, data, nid)
    old = state["nations"][nid]["ruler"]
    after = line[line.index(old) + 1:] if old in line else line
    for heir in after:
        spot = state["generals"][heir]
        if spot["state"] == "nation" and spot["nation"] == nid:
            state["nations"][nid]["ruler"] = heir
            return [Event(msg("wargame.ruler.new", general=general(heir), nation=nation(nid)))]
        if spot["state"] == "waiting":
            where = heir_area(state, nid)
            if where is None:
                continue
            spot.update(state="nation", nation=nid, area=where)
            state["nations"][nid]["ruler"] = heir
            state["heirs"].append({"nation": nid, "heir": heir})  # W26b: his player may move him
            return [Event(msg("wargame.ruler.heir_enters", general=general(heir),
                              nation=nation(nid), area=area(where)))]
    return fall(nid) if fall else destroy(state, nid)


def succession(state: State, data: WargameData, nid: str) -> list[str]:
    """W26c: the nation's line of heirs; `opt.liubiao_heirs = qi_first` puts 劉琦 before
    劉琮 (the source's 「劉箱フ」 could be either)."""
    line = list(data.nations[nid]["succession"])
    if state["options"].get("liubiao_heirs") == "qi_first" and {"liu_cong", "liu_qi"} <= set(line):
        a, b = line.index("liu_cong"), line.index("liu_qi")
        line[a], line[b] = line[b], line[a]
    return line


def heir_places(state: State, nid: str) -> list[str]:
    """W26.3, W26b, W4.2a: the areas the nation controls, or with none the areas holding its
    units; never one holding another power's units (an entry may not end there)."""
    mine = {nid}
    owned = [a for a in controlled(state, nid) if powers_in(state, a) <= mine]
    return owned or [a for a in state["areas"] if powers_in(state, a) == mine]


def heir_area(state: State, nid: str) -> str | None:
    """W26b under auto: the place with the most troops (data order breaks ties)."""
    places = heir_places(state, nid)
    order = list(state["areas"])
    return max(places, key=lambda a: (troops(state, a, nid), -order.index(a))) if places \
        else None


def destroy(state: State, nid: str) -> list[Event]:
    """W27.3-W27.5, outside combat: the generals become 在野 where they stand, the troops go,
    the areas become neutral, the marker leaves the cup, the player is without a nation."""
    events = fallen(state, nid)
    freed = []
    for gid, g in state["generals"].items():
        if g["state"] == "nation" and g["nation"] == nid:
            g.update(state="zaiya", nation=None)
            freed.append(gid)
    dissolve(state, nid)
    if freed:
        events.append(Event(msg("wargame.nation.freed", generals=generals(freed))))
    # a freed general standing in another nation's area serves it at once (W5.5.9)
    events += collect_zaiya(state)
    return events


def fallen(state: State, nid: str) -> list[Event]:
    """W27.1: the nation is gone from now on (it no longer exists for an exile's draw)."""
    state["nations"][nid].update(alive=False, ruler=None, fell=state["turn"])
    state["falls"].append(nid)  # W29.5: earlier destructions choose first
    return [Event(msg("wargame.nation.destroyed", nation=nation(nid)))]


def dissolve(state: State, nid: str) -> None:
    """W27.4: the nation's troops are removed, its areas become neutral, its marker leaves
    the cup."""
    for aid, a in state["areas"].items():
        remove_troops(state, aid, nid, troops(state, aid, nid))
        if a["control"] == nid:
            a["control"] = None
    if nid in state["cup"]:
        state["cup"].remove(nid)


def remove_general(state: State, data: WargameData, gid: str, how: str,
                   fall: Fall | None = None) -> list[Event]:
    """Death (`dead`) or exit (`exited`): off the map; a ruler triggers W26 at once."""
    spot = state["generals"][gid]
    was, served = spot["state"], spot["nation"]
    spot.update(state=how, nation=None, area=None)
    if was == "nation" and served:
        return left(state, data, served, gid, fall)
    return []


def left(state: State, data: WargameData, nid: str, gid: str,
         fall: Fall | None = None) -> list[Event]:
    """W24c, W26a: a general has left nation `nid` (death, exit, capture, submission, exile,
    trapped); if he was its ruler, the succession runs at once."""
    if state["nations"][nid]["ruler"] == gid:
        return ruler_gone(state, data, nid, fall)
    return []


def gozoku_left(state: State, aid: str) -> None:
    """W4.5: a 豪族 area left without 豪族 troops becomes neutral at once."""
    spot = state["areas"][aid]
    if spot["control"] == GOZOKU and not spot["troops"].get(GOZOKU):
        spot["control"] = None
