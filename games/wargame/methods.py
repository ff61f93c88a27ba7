"""The three methods of a combat round: the duel (W19), the pitched battle (合戦, W20) and the
stratagem (計略, W21). Each rolls its dice as chance events that name their modifiers, and
returns what the round costs each army and which kill checks it owes; combat.py applies them
together (W18a steps 4 and 5).

The battle context is `state["battle"]` (combat.py): the battle area, the power of each side
(`attacker`, `defender`), whether every contingent crossed a river side (`rivers`), and the
generals each army fields this round (`picks`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.chance import roll, shuffle
from games.core.events import Event
from games.core.messages import Msg, Param, msg
from games.wargame.board import GOZOKU, troops
from games.wargame.data import WargameData, data_for
from games.wargame.texts import general, power

State = dict[str, Any]
SIDES = ("attacker", "defender")


@dataclass
class Outcome:
    """What a round did: its events, each army's troop loss (applied later, at once), the
    duel kill checks owed as (general, table column), each army's total (None when an army
    could not roll), and the dice for the battle record (`record`, JSON-plain): `dice`, each
    army's roll, for a pitched battle or a stratagem; `pairs` and `unopposed` for a duel."""

    events: list[Event] = field(default_factory=list)
    losses: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    checks: list[tuple[str, str]] = field(default_factory=list)
    totals: dict[str, int | None] = field(default_factory=dict)
    record: dict[str, Any] = field(default_factory=dict)


def enemy(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def side_power(state: State, side: str) -> str:
    return str(state["battle"]["sides"][side])


def rating(data: WargameData, gid: str, name: str) -> int | None:
    value = data.generals[gid][name]
    return None if value is None else int(value)


def band(rows: list[dict[str, Any]], d: int) -> dict[str, Any]:
    """The row of a difference table (合戦表, 計略表) whose band holds `d`."""
    return next(r for r in rows if r["diff_min"] <= d and (r["diff_max"] is None
                                                           or d <= r["diff_max"]))


def _roll(state: State, out: Outcome, side: str, why: Msg,
          mods: list[tuple[str, int]]) -> dict[str, Any]:
    """One army's 1d6 with its modifiers named (`wargame.mod.<name>`), told in the round's
    events; returned as the battle record keeps it (the image draws these dice)."""
    rolled = roll(state, 1, 6, who=power(side_power(state, side)), why=why,
                  modifiers=[(msg(f"wargame.mod.{name}"), value) for name, value in mods])
    out.events.append(rolled.event)
    return {"faces": list(rolled.faces), "mods": dict(mods), "total": rolled.total}


# -- the duel (W19) ------------------------------------------------------------------------------
def gozoku_duellists(state: State, data: WargameData) -> int:
    """W19.8, W19b: the 豪族 field 3 valour-0 generals (`opt.gozoku_duel = 3`), or N with
    `min_n`."""
    count = int(data.constants["gozoku"]["duel_generals"])
    return min(count, int(state["battle"]["n"])) if state["options"]["gozoku_duel"] == "min_n" \
        else count


def pairing(state: State, lists: dict[str, list[str | None]]) -> tuple[
        list[tuple[str | None, str | None]], list[tuple[str, str | None]], list[Event]]:
    """W19.3, W19a (`duel_pairing`): one shuffle of the longer list (the attacker's when they
    are as long) paired by position with the other in its order gives every matching, and
    which generals stay unopposed, the same chance. No shuffle where the order cannot matter
    (one general, or identical virtual 豪族 duellists)."""
    longer = "attacker" if len(lists["attacker"]) >= len(lists["defender"]) else "defender"
    long, short = list(lists[longer]), lists[enemy(longer)]
    events: list[Event] = []
    matters = len(set(long)) > 1 and bool(short) and (len(long) > len(short)
                                                       or len(set(short)) > 1)
    if matters:
        events.append(shuffle(state, long, msg("wargame.roll.duel_pairing")))
    pairs = [(a, b) if longer == "attacker" else (b, a) for a, b in zip(long, short, strict=False)]
    alone = [(longer, g) for g in long[len(short):]]
    return pairs, alone, events


def duel(state: State) -> Outcome:
    """W19.5-W19.8: each pair rolls 1d6 + valour; the lower army loses the difference (at most
    3), and a difference of 3 or more checks the losing general; an unopposed general inflicts
    his valour (at most 5), a virtual 豪族 duellist 1."""
    data = data_for(state["options"])
    caps = data.constants["duel"]
    out = Outcome()
    lists: dict[str, list[str | None]] = {}
    for side in SIDES:
        virtual = side_power(state, side) == GOZOKU
        lists[side] = [None] * gozoku_duellists(state, data) if virtual \
            else list(state["battle"]["picks"][side])
    pairs, alone, out.events = pairing(state, lists)
    out.record = {"pairs": [], "unopposed": []}
    for a, d in pairs:
        _duel_pair(state, out, data, a, d)
    for side, g in alone:
        hit = int(data.constants["gozoku"]["duel_unopposed_damage"]) if g is None else min(
            rating(data, g, "valour") or 0, int(caps["unopposed_loss_cap"]))
        out.losses[enemy(side)] += hit
        out.record["unopposed"].append({"side": side, "general": g, "loss": hit})
        out.events.append(Event(msg("wargame.battle.unopposed", general=_duellist(state, side, g),
                                    count=hit)))
    return out


def _duel_pair(state: State, out: Outcome, data: WargameData, a: str | None,
               d: str | None) -> None:
    """W19.5-W19.6: one pair's rolls; the lower army loses the difference (capped), and a
    difference of 3 or more checks the beaten general (never a virtual 豪族 duellist)."""
    caps = data.constants["duel"]
    rolled = {side: _duel_roll(state, out, data, side, g)
              for side, g in (("attacker", a), ("defender", d))}
    diff = rolled["attacker"]["total"] - rolled["defender"]["total"]
    loser = None if diff == 0 else "defender" if diff > 0 else "attacker"
    loss = min(abs(diff), int(caps["pair_loss_cap"])) if loser else 0
    out.record["pairs"].append({**rolled, "loser": loser, "loss": loss})
    if loser is None:
        return
    out.losses[loser] += loss
    beaten = d if loser == "defender" else a
    if abs(diff) >= int(caps["kill_check_min_difference"]) and beaten is not None:
        out.checks.append((beaten, duel_column(abs(diff))))


def _duel_roll(state: State, out: Outcome, data: WargameData, side: str,
               gid: str | None) -> dict[str, Any]:
    """A duellist's roll as the record keeps it, with the general (None: a 豪族 duellist)."""
    if gid is None:
        return {"general": None, **_roll(state, out, side, msg("wargame.roll.duel_gozoku"), [])}
    valour = rating(data, gid, "valour") or 0
    return {"general": gid, **_roll(state, out, side, msg("wargame.roll.duel",
                                                          general=general(gid)),
                                    [("valour", valour)])}


def _duellist(state: State, side: str, gid: str | None) -> Param:
    return general(gid) if gid else power(side_power(state, side))


def duel_column(diff: int) -> str:
    """W24.2 ①: the column by the duel's difference, 3, 4, 5 or 6 and more."""
    return {3: "duel_3", 4: "duel_4", 5: "duel_5"}.get(diff, "duel_6plus")


# -- the pitched battle (W20) --------------------------------------------------------------------
def kassen_modifiers(state: State, data: WargameData, side: str) -> list[tuple[str, int]]:
    """W20.2-W20.6, W20a: the chosen generals' command (blanks 0), the defender's city and
    river modifiers, +1 per full 10 current troops for each army."""
    b = state["battle"]
    mods = data.constants["kassen_modifiers"]
    command = sum(rating(data, g, "command") or 0 for g in b["picks"][side])
    found: list[tuple[str, int]] = [("command", command)]
    if side == "defender":
        city = data.areas[b["area"]]["city"]
        if city in ("big", "small"):
            found.append((f"{city}_city", int(mods[f"{city}_city_defender"])))
        if b["rivers"]:
            found.append(("river", int(mods["river_only_defender"])))
    tens = sum(troops(state, b["area"], p) for p in b["armies"][side]) // 10  # W20a ④
    if tens:
        found.append(("troops", tens * int(mods["per_10_troops_each_side"])))
    return found


def kassen(state: State) -> Outcome:
    """W20.5, W20a: the higher total wins; the 合戦表 row of d gives both losses, and d = 0 is
    a tie in which both armies lose the tie row."""
    data = data_for(state["options"])
    out = Outcome()
    rolled = {side: _roll(state, out, side, msg("wargame.roll.kassen"),
                          kassen_modifiers(state, data, side)) for side in SIDES}
    out.record = {"dice": rolled}
    out.totals = {side: int(rolled[side]["total"]) for side in SIDES}
    attacker, defender = int(out.totals["attacker"] or 0), int(out.totals["defender"] or 0)
    row = band(data.tables["kassen"]["rows"], abs(attacker - defender))
    if attacker == defender:
        out.losses = dict.fromkeys(SIDES, int(row["loser_loss"]))
        return out
    winner = "attacker" if attacker > defender else "defender"
    out.losses = {winner: int(row["winner_loss"]), enemy(winner): int(row["loser_loss"])}
    return out


# -- the stratagem (W21) -------------------------------------------------------------------------
def keiryaku(state: State) -> Outcome:
    """W21.2-W21.6, W21a: 1d6 + the intellect of the chosen generals that have a rating; an
    army with no such general rolls nothing and totals 0; the 豪族 roll with -1. The lower
    army loses the 計略表 amount; equal totals do nothing."""
    data = data_for(state["options"])
    out = Outcome(record={"dice": {}})
    for side in SIDES:
        rolled = _scheme(state, out, data, side)
        out.record["dice"][side] = rolled
        out.totals[side] = None if rolled is None else int(rolled["total"])
        if rolled is None:
            out.events.append(Event(msg("wargame.battle.no_scheme",
                                        power=power(side_power(state, side)))))
    attacker, defender = int(out.totals["attacker"] or 0), int(out.totals["defender"] or 0)
    if attacker != defender:
        lower = "attacker" if attacker < defender else "defender"
        row = band(data.tables["keiryaku"]["rows"], abs(attacker - defender))
        out.losses[lower] = int(row["loser_loss"])
    return out


def _scheme(state: State, out: Outcome, data: WargameData, side: str) -> dict[str, Any] | None:
    """An army's stratagem roll, or None when it cannot roll (its total counts as 0)."""
    if side_power(state, side) == GOZOKU:
        bonus = int(data.constants["gozoku"]["keiryaku_intellect"])
        return _roll(state, out, side, msg("wargame.roll.keiryaku"),
                     [("gozoku_intellect", bonus)])
    rated = [rating(data, g, "intellect") for g in state["battle"]["picks"][side]]
    known = [r for r in rated if r is not None]
    if not known:
        return None
    return _roll(state, out, side, msg("wargame.roll.keiryaku"), [("intellect", sum(known))])


METHODS = {"ikki": duel, "kassen": kassen, "keiryaku": keiryaku}
