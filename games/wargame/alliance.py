"""Alliances of one nation phase (W12 major allies, W13 minor allies, W14 豪族 groups) and
what the coalition they form shares: who belongs to it (W12b), how a coalition army's troop
loss is split (W17a), and the base levies allied areas owe at the end of the step (W13.6.4).

The action step's context (`state["step"]`, games/wargame/orders.py) holds the alliances:
`allies` = {nation: {"kind": "major" | "minor", "troops": allowance, "generals": allowance}},
`gozoku` = the allied 豪族 areas (the groups as they stood when allied, plus the areas their
armies won), `ally_areas` = {area: power} for the areas that act for an allied minor or the
豪族 (their status sits with the acting nation's in `status`), `offered` = the majors sent an
offer this phase, and `invaded`/`invaded_areas` (W12b: who and what the coalition invaded).
Alliances end with the phase (W12.2, W13.3): the context goes with it. A proposal of
another loss split (W17.4.2) lives in the battle (`state["battle"]["split"]`) until decided.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.actions import Action
from games.core.errors import IllegalAction
from games.core.events import Event
from games.core.flow import Step, answers, top
from games.core.messages import Msg, Seat, msg
from games.wargame import citations
from games.wargame.board import GOZOKU, add_troops, controlled, generals_in, powers_in
from games.wargame.data import WargameData, data_for
from games.wargame.texts import area, nation

State = dict[str, Any]


# -- the coalition (W12b) ------------------------------------------------------------------------
def coalition_nations(state: State) -> list[str]:
    """The acting nation and its allied nations (major and minor) this phase."""
    ctx = state["step"]
    if ctx is None:
        return []
    return [ctx["nation"], *ctx["allies"]]


def coalition_powers(state: State) -> set[str]:
    """The coalition's nations, and the 豪族 when a 豪族 group is allied."""
    found = set(coalition_nations(state))
    if state["step"] and state["step"]["gozoku"]:
        found.add(GOZOKU)
    return found


def coalition_seats(state: State) -> set[int]:
    """The players inside the coalition: the acting player and the major allies'."""
    return {int(state["nations"][n]["seat"]) for n in coalition_nations(state)
            if state["nations"][n]["seat"] is not None}


def protected(state: State, target: str, units: set[str] | None = None) -> bool:
    """W12b, W12.6, W12.7, W13.4, W13.6.3, W14.2: no coalition member may invade an area a
    member controls or holds units in (for the 豪族, the allied groups' areas). `units`:
    the powers with units there, when the caller has them already (`powers_everywhere`)."""
    ctx = state["step"]
    nations = set(coalition_nations(state))
    spot = state["areas"][target]
    if units is None:
        units = powers_in(state, target)
    if spot["control"] in nations or units & nations:
        return True
    return target in ctx["gozoku"]


def majors(state: State) -> list[str]:
    return [n for n, a in state["step"]["allies"].items() if a["kind"] == "major"]


def area_power(state: State, aid: str) -> str | None:
    """The power an area acts for in this step: the acting nation for the areas it held when
    the step began (W9.2), an allied minor or the 豪族 for their allied areas (W13.6.1)."""
    ctx = state["step"]
    if aid in ctx["start"]:
        return str(ctx["nation"])
    found = ctx["ally_areas"].get(aid)
    return None if found is None else str(found)


# -- making alliances (W12.1, W13.1-W13.2, W14.2) ------------------------------------------------
def gozoku_group(state: State, data: WargameData, aid: str) -> list[str]:
    """W14.2: the connected set of 豪族 areas, joined by passable sides, holding `aid`, in
    data order."""
    seen = {aid}
    todo = [aid]
    while todo:
        here = todo.pop()
        for there in data.neighbours[here]:
            if there not in seen and state["areas"][there]["control"] == GOZOKU:
                seen.add(there)
                todo.append(there)
    return [a for a in data.areas if a in seen]


def invaded(state: State, nid: str) -> bool:
    """W12.8, W13.5: the coalition invaded an area of this nation, or holding its units."""
    return nid in state["step"]["invaded"]


def ally_targets(state: State) -> list[str]:
    """The nations the acting player may ally with now (W12.8, W13.5: not one invaded this
    phase; a major once per phase)."""
    ctx = state["step"]
    holding = {spot["control"] for spot in state["areas"].values()}
    return [n for n, s in state["nations"].items()
            if s["alive"] and n != ctx["nation"] and n not in ctx["allies"]
            and n not in ctx["offered"] and not invaded(state, n) and n in holding]


def minor_cost(state: State, nid: str) -> int:
    """W13.2: as many DP as the areas the minor nation controls now."""
    return len(controlled(state, nid))


def gozoku_choices(state: State) -> list[list[str]]:
    """The 豪族 groups that may be allied now: not already allied, none of their areas
    invaded this phase (W14.2)."""
    data = data_for(state["options"])
    ctx = state["step"]
    groups: list[list[str]] = []
    grouped: set[str] = set()  # the areas of every group found, allowed or not
    invaded = set(ctx["invaded_areas"])
    for aid, spot in state["areas"].items():
        if spot["control"] != GOZOKU or aid in ctx["gozoku"] or aid in grouped:
            continue
        group = gozoku_group(state, data, aid)
        grouped.update(group)
        if not set(group) & invaded:
            groups.append(group)
    return groups


def named_gozoku(state: State, action: Action) -> Action:
    """W14.2, W33.3: `ally gozoku <area>` names a 豪族 group by any of its areas; the order
    offered (and recorded) names the group's first area in data order. Any other order is
    returned as given. Refused, listing the areas that would be accepted, when the area is
    in no group the acting nation may ally now (not a 豪族 area, invaded, or more DP than
    it has)."""
    step = top(state)
    if step is None or step["rule"] != "act" or action.kind != "ally" or not action.args \
            or action.word(0) != GOZOKU:
        return action
    named = action.word(1) if len(action.args) > 1 else ""
    groups = [g for g in gozoku_choices(state) if state["step"]["dp"] >= len(g)]
    group = next((g for g in groups if named in g), None)
    if group is not None:
        return Action("ally", (GOZOKU, group[0]))
    areas = data_for(state["options"]).areas
    shown: Any = area(named) if named in areas else named
    accepted = [a for a in areas if any(a in g for g in groups)]
    if not accepted:
        raise IllegalAction(msg("wargame.refuse.gozoku_none", area=shown),
                            rule=citations.rule(citations.GOZOKU_ALLIANCE))
    raise IllegalAction(msg("wargame.refuse.gozoku_area", area=shown,
                            areas=tuple(area(a) for a in accepted)),
                        rule=citations.rule(citations.GOZOKU_ALLIANCE))


def ally_legal(state: State) -> list[Action]:
    """The alliance orders of the action step (W33.3: `ally`, `ally gozoku`, `allow`)."""
    ctx = state["step"]
    found: list[Action] = []
    held = Counter(spot["control"] for spot in state["areas"].values())  # W13.2's cost
    for nid in ally_targets(state):
        if state["nations"][nid]["seat"] is not None:
            found.append(Action("ally", (nid,), label=msg("wargame.ally.offer_label",
                                                          nation=nation(nid))))
        elif ctx["dp"] >= (cost := held[nid]):
            found.append(Action("ally", (nid,), label=msg(
                "wargame.ally.minor_label", nation=nation(nid), dp=cost)))
    for group in gozoku_choices(state):
        if ctx["dp"] >= len(group):
            found.append(Action("ally", (GOZOKU, group[0]), label=msg(
                "wargame.ally.gozoku_label", area=area(group[0]), count=len(group))))
    if ctx["dp"] >= 1:
        for nid in majors(state):
            found += [Action("allow", (nid, "troops"), label=msg(
                          "wargame.allow.troops", nation=nation(nid))),
                      Action("allow", (nid, "generals"), label=msg(
                          "wargame.allow.generals", nation=nation(nid)))]
    return found


def offer(state: State, nid: str) -> tuple[dict[str, Any], list[Event]]:
    """W12.1: an offer to a major nation's player, private to the two players (W33.2); the
    consult step it opens is returned for the caller to push."""
    ctx = state["step"]
    ctx["offered"].append(nid)
    by, to = int(state["nations"][ctx["nation"]]["seat"]), int(state["nations"][nid]["seat"])
    told = Event(msg("wargame.ally.offered", who=Seat(by), nation=nation(ctx["nation"]),
                     to=Seat(to), ally=nation(nid)), seats=(by, to))
    return {"about": "alliance", "ally": nid, "by": by}, [told]


def pending_offer(step: Step | None) -> bool:
    """Whether `step` is a major's answer to an alliance offer (W12.1), private to the two
    players until accepted (W33.2): the bot asks it as a response window, naming nobody."""
    return step is not None and step["rule"] == "consult" and step["data"]["about"] == "alliance"


def offer_seats(state: State, nid: str) -> set[int]:
    """The two players an offer to `nid` concerns: the acting player and `nid`'s."""
    ctx = state["step"]
    parties = (ctx["nation"], nid)
    return {int(state["nations"][n]["seat"]) for n in parties
            if state["nations"][n]["seat"] is not None}


def offers_seen(state: State, seat: int | None) -> list[str]:
    """W33.2, W33.6: the majors offered an alliance this phase that `seat` may know of: all
    of them for the acting player, its own nation for a player who received one, none for
    anyone else (an accepted offer is public as an alliance, in `allies`)."""
    ctx = state["step"]
    if ctx is None or seat is None:
        return []
    return [n for n in ctx["offered"] if seat in offer_seats(state, n)]


def answer_offer(state: State, nid: str, by: int, accepted: bool) -> list[Event]:
    """The major's answer: an alliance is made at once and public (W12.1); a refusal stays
    between the two players."""
    ctx = state["step"]
    to = int(state["nations"][nid]["seat"])
    if not accepted:
        return [Event(msg("wargame.ally.declined", who=Seat(to), nation=nation(ctx["nation"])),
                      seats=(by, to))]
    ctx["allies"][nid] = {"kind": "major", "troops": 0, "generals": 0}
    return [Event(msg("wargame.ally.made", nation=nation(ctx["nation"]), ally=nation(nid)))]


def ally_minor(state: State, nid: str) -> list[Event]:
    """W13.1-W13.2, W13.6.1: the DP are paid; the minor's areas of now act this phase."""
    ctx = state["step"]
    cost = minor_cost(state, nid)
    ctx["dp"] -= cost
    ctx["allies"][nid] = {"kind": "minor", "troops": 0, "generals": 0}
    for aid in controlled(state, nid):
        ctx["ally_areas"][aid] = nid
        ctx["status"][aid] = "idle"
    return [Event(msg("wargame.ally.minor", nation=nation(ctx["nation"]), ally=nation(nid),
                      dp=cost, left=ctx["dp"]))]


def ally_gozoku(state: State, aid: str) -> list[Event]:
    """W14.1-W14.2: the 豪族 group of `aid` is allied for its size in DP."""
    ctx = state["step"]
    group = gozoku_group(state, data_for(state["options"]), aid)
    ctx["dp"] -= len(group)
    ctx["gozoku"] += group
    for a in group:
        ctx["ally_areas"][a] = GOZOKU
        ctx["status"][a] = "idle"
    return [Event(msg("wargame.ally.gozoku", nation=nation(ctx["nation"]),
                      areas=tuple(area(a) for a in group), dp=len(group), left=ctx["dp"]))]


def allow(state: State, nid: str, kind: str) -> list[Event]:
    """W12.4, W12a: 1 DP lets 5 more of the ally's troops, or 2 more of its generals, join
    joint invasions this phase."""
    data = data_for(state["options"])
    ctx = state["step"]
    per = data.constants["ally_major"]["troops_per_dp" if kind == "troops" else
                                       "generals_per_dp"]
    ctx["dp"] -= 1
    ctx["allies"][nid][kind] += int(per)
    return [Event(msg("wargame.allow.done", nation=nation(nid), troops=ctx["allies"][nid]["troops"],
                      generals=ctx["allies"][nid]["generals"], dp=ctx["dp"]))]


# -- losses of a coalition army (W17.4, W17a) ----------------------------------------------------
def split_loss(counts: dict[str, int], loss: int, acting: str) -> dict[str, int]:
    """W17a: each participant (a power with troops in the army) loses ⌊L/k⌋; the remainder
    goes to the one with the most troops before the loss; when the most are tied the acting
    nation bears it (17.4.1: 手番プレイヤーが被る, even if it is not among the tied), or, not
    taking part, the first tied in the army's order; a share larger than a participant's
    troops passes to the others, largest first. Empty when the army has no troops."""
    if not counts:
        return {}
    if len(counts) == 1:
        return {next(iter(counts)): loss}
    base, rest = divmod(loss, len(counts))
    shares = dict.fromkeys(counts, base)
    most = max(counts.values())
    tied = [p for p in counts if counts[p] == most]
    shares[acting if len(tied) > 1 and acting in counts else tied[0]] += rest
    excess = 0
    for pid, share in shares.items():
        if share > counts[pid]:
            excess += share - counts[pid]
            shares[pid] = counts[pid]
    order = sorted(counts, key=lambda p: (-counts[p], p != acting))
    for pid in order:
        extra = min(excess, counts[pid] - shares[pid])
        shares[pid] += extra
        excess -= extra
    return shares


# -- another split by agreement (W17.4.2, W17a.5) ------------------------------------------------
def open_split(state: State, counts: dict[str, int], loss: int) -> dict[str, Any] | None:
    """W17.4.2: when other majors take part, the acting player may propose another split of
    a coalition loss, applied only if every participating major's player accepts. The record
    of that proposal (`state["battle"]["split"]`), or None when there is nothing to agree on:
    one participant, no other major's player, or a loss that takes every troop anyway."""
    ctx = state["step"]
    voters = [int(state["nations"][p]["seat"]) for p in counts
              if p != ctx["nation"] and ctx["allies"].get(p, {}).get("kind") == "major"
              and state["nations"][p]["seat"] is not None]
    if len(counts) < 2 or not voters or not 0 < loss < sum(counts.values()):
        return None
    return {"counts": dict(counts), "loss": loss,
            "default": split_loss(counts, loss, ctx["nation"]), "shares": {},
            "voters": voters, "accepted": [], "verdict": None}


def shares_named(shares: dict[str, int]) -> tuple[Msg, ...]:
    """A split as a list ("Cao Cao 3, Tao Qian 2") for labels and events."""
    return tuple(msg("wargame.split.share", nation=nation(p), count=n) for p, n in shares.items())


def split_legal(state: State, step: Step, seat: int) -> list[Action]:
    """The acting player keeps the default split, or names the participants' shares one at a
    time, in the army's order; the last participant takes what is left."""
    rec = state["battle"]["split"]
    found: list[Action] = []
    if not rec["shares"]:
        found.append(Action("default_split", label=msg(
            "wargame.split.keep_default", shares=shares_named(rec["default"]))))
    order = list(rec["counts"])
    pid = order[len(rec["shares"])]
    left = rec["loss"] - sum(rec["shares"].values())
    later = sum(rec["counts"][p] for p in order[len(rec["shares"]) + 1:])
    for n in range(max(0, left - later), min(rec["counts"][pid], left) + 1):
        found.append(Action("share", (pid, n), label=msg("wargame.split.share_label",
                                                         nation=nation(pid), count=n)))
    return found


def split_resolve(state: State, step: Step) -> list[Event]:
    """A share of the proposal, or the default kept. A complete proposal that differs from
    the default is told to the players who must accept it, and to nobody else (W33.2)."""
    (action,) = answers(step).values()
    rec = state["battle"]["split"]
    if action.kind == "default_split":
        rec["verdict"] = "default"
        return []
    rec["shares"][action.word(0)] = action.number(1)
    order = list(rec["counts"])
    if len(rec["shares"]) < len(order) - 1:
        return []
    rec["shares"][order[-1]] = rec["loss"] - sum(rec["shares"].values())
    if rec["shares"] == rec["default"]:
        rec["verdict"] = "default"
        return []
    by = int(state["nations"][state["step"]["nation"]]["seat"])
    return [Event(msg("wargame.split.proposed", who=Seat(by), loss=rec["loss"],
                      shares=shares_named(rec["shares"])), seats=(by, *rec["voters"]))]


def vote_legal(state: State, step: Step, seat: int) -> list[Action]:
    rec = state["battle"]["split"]
    return [Action("accept", label=msg("wargame.split.accept", shares=shares_named(rec["shares"]))),
            Action("decline", label=msg("wargame.split.decline",
                                        shares=shares_named(rec["default"])))]


def vote_resolve(state: State, step: Step) -> list[Event]:
    """One major's answer; the first refusal leaves the default split, the last acceptance
    applies the proposal. Either way the decision is public."""
    (seat, action), = answers(step).items()
    rec = state["battle"]["split"]
    if action.kind == "decline":
        rec["verdict"] = "default"
        return [Event(msg("wargame.split.declined", who=Seat(seat),
                          shares=shares_named(rec["default"])))]
    rec["accepted"].append(seat)
    if set(rec["voters"]) <= set(rec["accepted"]):
        rec["verdict"] = "agreed"
        return [Event(msg("wargame.split.agreed", shares=shares_named(rec["shares"])))]
    return []


def pending_voter(rec: dict[str, Any]) -> int | None:
    """The next major's player who owes an answer to a complete proposal."""
    return next((s for s in rec["voters"] if s not in rec["accepted"]), None)


# -- the end of the step (W13.6.4) ---------------------------------------------------------------
def auto_levies(state: State) -> list[Event]:
    """W13.6.4: every allied area that neither invaded nor levied makes the base levy, if it
    legally can (a minor's area needs a general there who has not acted; a 豪族 area always
    can, W14.3)."""
    data = data_for(state["options"])
    ctx = state["step"]
    events: list[Event] = []
    for aid, pid in ctx["ally_areas"].items():
        spot = state["areas"][aid]
        if ctx["status"].get(aid) != "idle" or spot["control"] != pid or aid in ctx["levied"]:
            continue
        if pid != GOZOKU and not [g for g in generals_in(state, aid, pid)
                                  if g not in ctx["acted"]]:
            continue
        gain = int(data.areas[aid]["power"])
        add_troops(state, aid, pid, gain)
        ctx["levied"].append(aid)
        ctx["status"][aid] = "domestic"
        events.append(Event(msg("wargame.levy.auto", area=area(aid), count=gain)))
    return events
