"""What becomes of a general a battle puts at risk: the kill check (討ち取りチェック, W24) and
its results (death, capture, submission, exile), and the fall of a nation whose ruler a battle
took (W27.2). A result that takes a ruler from his nation runs the succession at once (W24c,
W26), and a nation left without an heir falls through `fall_in_battle` below.
"""

from __future__ import annotations

from typing import Any

from games.core.chance import roll
from games.core.events import Event
from games.core.messages import msg
from games.wargame.board import (
    GOZOKU,
    alive,
    dissolve,
    fallen,
    left,
    random_nation,
    remove_general,
)
from games.wargame.board import Fall as FallHook
from games.wargame.data import WargameData
from games.wargame.texts import area, general, nation, power

State = dict[str, Any]
COLUMNS = {
    "duel_3": msg("wargame.column.duel_3"), "duel_4": msg("wargame.column.duel_4"),
    "duel_5": msg("wargame.column.duel_5"), "duel_6plus": msg("wargame.column.duel_6plus"),
    "rout_adjacent": msg("wargame.column.rout_adjacent"),
    "rout_detached": msg("wargame.column.rout_detached"),
    "fall_battle_area": msg("wargame.column.fall_battle_area"),
    "fall_other_area": msg("wargame.column.fall_other_area"),
}


def kill_check(state: State, data: WargameData, gid: str, column: str, by: str, *,
               void_capture: bool = False, fall: FallHook | None = None,
               into: list[dict[str, Any]] | None = None) -> list[Event]:
    """W24.1-W24.2: the checked general's opponent `by` rolls 1d6 (`kill_check`) on the
    column given; the result applies at once. The check is added to `into` (the battle
    record's list) with the result it had: the table's, or `void`, `zaiya` or `death` where
    W23b, W24a or W24b turned it into another."""
    rolled = roll(state, 1, 6, who=power(by), why=msg("wargame.roll.kill_check",
                                                       general=general(gid),
                                                       column=COLUMNS[column]))
    table = data.tables["kill_check"]
    result = str(table["rows"][rolled.total - 1]["results"][table["columns"].index(column)])
    entry = {"general": gid, "column": column, "by": by, "face": rolled.total, "result": result}
    if into is not None:
        into.append(entry)  # before the fate: a fall it causes adds its own checks after it
    events = fate(state, data, gid, result, by, void_capture=void_capture, fall=fall)
    entry["result"] = _became(state, gid, result, void_capture)
    return [rolled.event, *events]


def _became(state: State, gid: str, result: str, void_capture: bool) -> str:
    """What a kill check's result came to for the record."""
    if result == "capture" and void_capture:
        return "void"
    return {"dead": "death", "zaiya": "zaiya"}.get(state["generals"][gid]["state"], result)


def fate(state: State, data: WargameData, gid: str, result: str, by: str, *,
         void_capture: bool = False, fall: FallHook | None = None) -> list[Event]:
    """W24.3-W24.5, W23b: 死亡 removes him; 生捕り (void in a double rout) and 帰順 give him
    to the opponent; 亡命 sends him to a random other nation."""
    if result == "none":
        return [Event(msg("wargame.fate.none", general=general(gid)))]
    if result == "capture" and void_capture:
        return [Event(msg("wargame.fate.void", general=general(gid)))]
    if result == "death":
        return [Event(msg("wargame.fate.death", general=general(gid))),
                *remove_general(state, data, gid, "dead", fall)]
    if result in ("capture", "submit"):
        return defect(state, data, gid, by, result, fall)
    return exile(state, data, gid, fall)


def defect(state: State, data: WargameData, gid: str, by: str, how: str,
           fall: FallHook | None) -> list[Event]:
    """W24.4, W24a: he serves the opponent from now on, where he stands (in a battle area he
    joins the opposing army); taken by the 豪族 (or by a nation that is gone) he is 在野."""
    spot = state["generals"][gid]
    old = str(spot["nation"])
    if by == GOZOKU or not state["nations"][by]["alive"]:
        spot.update(state="zaiya", nation=None)
        told = Event(msg("wargame.fate.zaiya", general=general(gid), area=area(spot["area"])))
    else:
        spot["nation"] = by
        told = Event(msg("wargame.fate.capture", general=general(gid), nation=nation(by))
                     if how == "capture" else
                     msg("wargame.fate.submit", general=general(gid), nation=nation(by)))
    return [told, *left(state, data, old, gid, fall)]


def exile(state: State, data: WargameData, gid: str, fall: FallHook | None) -> list[Event]:
    """W24.5, W24b: `random_nation` among the existing nations but his own (minor nations and
    the one that beat him too); he stands where that nation's ruler stands. None: he dies."""
    spot = state["generals"][gid]
    old = str(spot["nation"])
    chosen, events = random_nation(state, [n for n in alive(state) if n != old],
                                   "wargame.roll.random_nation")
    if chosen is None:
        return [*events, Event(msg("wargame.fate.death", general=general(gid))),
                *remove_general(state, data, gid, "dead", fall)]
    where = state["generals"][state["nations"][chosen]["ruler"]]["area"]
    spot.update(nation=chosen, area=where)
    return [*events, Event(msg("wargame.fate.exile", general=general(gid), nation=nation(chosen),
                               area=area(where))),
            *left(state, data, old, gid, fall)]


def fall_in_battle(state: State, data: WargameData, nid: str, by: str, battle_area: str,
                   into: list[dict[str, Any]] | None = None) -> list[Event]:
    """W27.2, W27.4: a nation destroyed in combat. The opponent `by` kill-checks each of its
    generals in data order, on `fall_battle_area` in the battle area and `fall_other_area`
    elsewhere (these columns always give a result), each added to `into`; then its troops,
    areas and marker go."""
    events = fallen(state, nid)
    checked = []
    for gid, spot in list(state["generals"].items()):
        if spot["state"] == "nation" and spot["nation"] == nid:
            column = "fall_battle_area" if spot["area"] == battle_area else "fall_other_area"
            events += kill_check(state, data, gid, column, by, into=into)
            checked.append(gid)
    dissolve(state, nid)
    _held_until_update(state, checked)
    return events


def _held_until_update(state: State, checked: list[str]) -> None:
    """W27.4: an area the fall left neutral that holds a general who joined another nation
    passes to that nation at the step's control update. Until then the step lists it with
    its `entered` areas, where a power's units may stand in an area it does not control."""
    entered = state["step"]["entered"]
    for gid in checked:
        spot = state["generals"][gid]
        if spot["state"] == "nation" and spot["area"] not in entered \
                and state["areas"][spot["area"]]["control"] != spot["nation"]:
            entered.append(spot["area"])
