"""How the heuristic AI seat values a wargame action, judged only from its own view.

The aim is a sensible table partner, not a strong one. It attacks where the odds favour it
(the troops it can bring from adjacent areas against the target's, generals as a tiebreak),
asks a major for an alliance when a common enemy stands next to both and their troops
together beat it, buys a minor ally when the minor's own contingent passes the ratio test
(W13.6.2) and makes a joint invasion win, gives a major ally the allowance a joint invasion
needs (W12a), levies first where a stronger neighbour threatens, retreats from a battle it
is losing, accepts a loss split only when its own share is no larger than the default, and
in the redeploy step marches the units of an area behind its frontier towards it.
The map comes from the data the view names (`view["pack"]`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.actions import Action
from games.wargame.data import WargameData, data_named

View = dict[str, Any]
GOZOKU = "gozoku"
WIN_RATIO = 1.5  # troops against the defender's before the AI attacks
SKIP = -1.0  # below `end` (0.0): the AI would rather end its step
NEVER = -20.0  # below `cancel` (-10.0): an order the AI would not be able to complete


class Seen:
    """The view with the data it was drawn from, and the seat's own nation."""

    def __init__(self, view: View, seat: int) -> None:
        self.view, self.seat = view, seat
        self.data: WargameData = data_named(view.get("pack"))
        self.me: str | None = view["players"][seat]["nation"]
        self.ctx: dict[str, Any] | None = view["step"]

    def after_diplomacy(self) -> Seen:
        """The board as it would be once diplomacy raised 2 DP: the ruler's area has acted
        (domestic, W11), so it can no longer invade."""
        assert self.ctx is not None
        where = ruler_area(self)
        status = {**self.ctx["status"], **({where: "domestic"} if where else {})}
        return Seen({**self.view, "step": {**self.ctx, "status": status, "dp": 2}}, self.seat)

    def troops(self, aid: str, pid: str | None = None) -> int:
        found = self.view["areas"][aid]["troops"]
        return int(found.get(pid, 0)) if pid else sum(found.values())

    def free_troops(self, aid: str, pid: str) -> int:
        acted = int(self.ctx["acted_troops"].get(aid, 0)) if self.ctx else 0
        return max(self.troops(aid, pid) - acted, 0)

    def generals(self, aid: str, pid: str) -> list[str]:
        """`pid`'s generals in `aid` that have not acted this step."""
        acted = set(self.ctx["acted"]) if self.ctx else set()
        return [g for g, s in self.view["generals"].items() if s["state"] == "nation"
                and s["area"] == aid and s["nation"] == pid and g not in acted]

    def near(self, target: str, areas: list[str]) -> list[str]:
        """The areas of `areas` that can reach `target` (adjacent, no marker on the side)."""
        markers = self.view["markers"]
        return [a for a in areas if self.data.adjacent(a, target)
                and not markers.get("|".join(sorted((a, target))))]

    def owned(self, pid: str) -> list[str]:
        return [a for a, s in self.view["areas"].items() if s["control"] == pid]

    def coalition(self) -> set[str]:
        if not self.ctx:
            return set()
        return {self.ctx["nation"], *self.ctx["allies"], *([GOZOKU] if self.ctx["gozoku"] else [])}

    def enemy(self, target: str) -> int:
        """The target's troops of powers outside the coalition."""
        inside = self.coalition()
        found = self.view["areas"][target]["troops"]
        return sum(n for p, n in found.items() if p not in inside)

    def power_near(self, target: str, pid: str, cap: int | None = None,
                   free_only: bool = False) -> int:
        """The troops `pid` could send into `target` from its adjacent areas with a general,
        at most `cap` (a major ally's allowance); with `free_only`, only areas whose status
        still lets them invade (W9)."""
        status = self.ctx["status"] if self.ctx else {}
        areas = [a for a in self.near(target, self.owned(pid)) if self.generals(a, pid)
                 and (not free_only or status.get(a, "idle") in ("idle", "invading"))]
        total = sum(self.free_troops(a, pid) for a in areas)
        return total if cap is None else min(total, cap)

    def mine_near(self, target: str) -> int:
        """What the coalition as it stands could send: the acting nation's, allied minors'
        and allied 豪族 areas, and each major ally within its allowance."""
        if not self.ctx:
            return 0
        own = self.power_near(target, self.ctx["nation"], free_only=True)
        if not own:
            return 0  # W12a, W16.6: nothing joins without the acting nation's contingent
        count = own
        for nid, ally in self.ctx["allies"].items():
            if ally["kind"] == "major":
                count += self.power_near(target, nid, int(ally["troops"]))
            elif self.usable(target, nid):
                count += self.power_near(target, nid, free_only=True)
        return count

    def acts_for(self, aid: str) -> str | None:
        """The coalition power whose units an area sends (None: not a coalition area)."""
        assert self.ctx is not None
        if aid in self.ctx["start"]:
            return str(self.ctx["nation"])
        if aid in self.ctx["ally_areas"]:
            return str(self.ctx["ally_areas"][aid])
        owner = self.view["areas"][aid]["control"]
        return str(owner) if owner in self.ctx["allies"] else None

    def usable(self, target: str, pid: str) -> bool:
        """A source power the AI sends: the acting nation, a major ally, or a minor ally
        whose own contingent passes the ratio test (W13.6.2); never the 豪族 (W14.4.3)."""
        assert self.ctx is not None
        if pid == GOZOKU:
            return False
        if pid == self.ctx["nation"] or self.ctx["allies"][pid]["kind"] == "major":
            return True
        return ratio_test(self, target, pid, self.power_near(target, pid, free_only=True))

    def targets(self) -> list[str]:
        """Areas next to the acting nation's that the coalition might invade."""
        if not self.ctx:
            return []
        inside = self.coalition()
        found = {b for a in self.ctx["start"] for b in self.data.neighbours[a]}
        return [t for t in found if self.view["areas"][t]["control"] not in inside]


def action_score(view: View, seat: int, action: Action) -> float | None:
    """The score of the verbs this module judges; None leaves the flat score."""
    scorer = SCORERS.get(action.kind)
    return scorer(Seen(view, seat), action) if scorer else None


# -- the action step -------------------------------------------------------------------------------
def _invade(seen: Seen, action: Action) -> float:
    """Empty areas are cheap gains; occupied ones only with the odds in hand."""
    target = action.word(0)
    worth = seen.data.value_of(target) / 4
    enemy, mine = seen.enemy(target), seen.mine_near(target)
    if not mine:
        return SKIP
    if enemy == 0:
        return 5.0 + worth
    ratio = mine / enemy
    return 4.5 + worth + min(ratio, 4.0) / 4 if ratio >= WIN_RATIO else SKIP


def _ally(seen: Seen, action: Action) -> float:
    """A major is asked when together they beat a common enemy next to both (and the DP
    for its allowance can be had); a minor is bought when its own contingent passes the
    ratio test and the two then win there."""
    nid = action.word(0)
    if nid == GOZOKU:
        return SKIP
    assert seen.ctx is not None
    major = seen.view["nations"][nid]["seat"] is not None
    if major and seen.ctx["dp"] < 2:
        if not diplomats(seen):
            return SKIP
        seen = seen.after_diplomacy()
    return 3.8 + min(help_of(seen, nid), 10) / 20 if help_of(seen, nid) else SKIP


def help_of(seen: Seen, nid: str) -> int:
    """The troops `nid` would add to a coalition invasion that then wins by the AI's
    margin and not without it (0: none)."""
    major = seen.view["nations"][nid]["seat"] is not None
    per_dp = int(seen.data.constants["ally_major"]["troops_per_dp"])
    for target in seen.targets():
        enemy, mine = seen.enemy(target), seen.mine_near(target)
        if not mine or not enemy or mine >= WIN_RATIO * enemy \
                or seen.view["areas"][target]["control"] == nid:
            continue
        theirs = seen.power_near(target, nid, per_dp if major else None, free_only=not major)
        if not major and not ratio_test(seen, target, nid, theirs):
            continue
        if mine + theirs >= WIN_RATIO * enemy:
            return theirs
    return 0


def ratio_test(seen: Seen, target: str, nid: str, troops: int) -> bool:
    """W13.6.2 (own scope): a minor's contingent at least the enemy's troops, and half its
    generals."""
    enemy_generals = sum(1 for s in seen.view["generals"].values()
                         if s["state"] == "nation" and s["area"] == target
                         and s["nation"] not in seen.coalition())
    gens = sum(len(seen.generals(a, nid)) for a in seen.near(target, seen.owned(nid)))
    return troops >= seen.enemy(target) and 2 * gens >= enemy_generals


def _allow(seen: Seen, action: Action) -> float:
    """W12a: an ally sends nothing without an allowance; one of each is what a joint
    invasion needs first."""
    assert seen.ctx is not None
    ally = seen.ctx["allies"][action.word(0)]
    if ally[action.word(1)] > 0:
        return 0.0
    return 3.9 if action.word(1) == "generals" else 3.85


def ruler_area(seen: Seen) -> str | None:
    assert seen.ctx is not None
    ruler = seen.view["nations"][seen.ctx["nation"]]["ruler"]
    spot = seen.view["generals"].get(ruler or "")
    return str(spot["area"]) if spot else None


def diplomats(seen: Seen) -> bool:
    """W11.2: a general with a diplomacy rating, not yet acted, in the ruler's area, which
    may still take a domestic order."""
    assert seen.ctx is not None
    where = ruler_area(seen)
    if where is None or seen.ctx["status"].get(where) not in ("idle", "domestic"):
        return False
    return any(seen.data.generals[g]["diplomacy"] is not None
               for g in seen.generals(where, seen.ctx["nation"]))


def _diplo(seen: Seen, action: Action) -> float:
    """DP first when they would buy a winning joint invasion: an allowance for a major ally
    that lacks one, an alliance to offer or a minor to buy, judged with the ruler's area
    domestic, as diplomacy leaves it."""
    assert seen.ctx is not None
    if seen.ctx["dp"] >= 2:
        return 0.5
    after = seen.after_diplomacy()
    lacking = [n for n, a in seen.ctx["allies"].items() if a["kind"] == "major"
               and (a["troops"] == 0 or a["generals"] == 0)]
    free = [n for n, s in seen.view["nations"].items() if s["alive"] and n != seen.ctx["nation"]
            and n not in seen.ctx["allies"] and n not in seen.ctx["offered"]]
    if any(help_of(after, n) for n in [*lacking, *free]):
        return 4.0
    return 0.5


def _levy(seen: Seen, action: Action) -> float:
    """Levies go first where a stronger neighbour of another nation stands."""
    aid = action.word(0)
    if seen.me is None:
        return 3.0
    mine = seen.troops(aid)
    threat = max((seen.troops(b) for b in seen.data.neighbours[aid]
                  if seen.view["areas"][b]["control"] not in (None, GOZOKU, seen.me)),
                 default=0)
    return 3.5 if threat > mine else 3.0


def _send(seen: Seen, action: Action) -> float | None:
    """In an invasion order: generals first, then the most troops of each source once;
    never a source whose contingent could not be confirmed (a minor failing the ratio
    test, the 豪族 beside others), so the order ends in `confirm` or `cancel`."""
    draft = seen.view.get("draft") or {}
    if draft.get("rule") == "move":
        return _marching(seen, action)
    if draft.get("rule") != "invade":
        return None
    src = str(seen.view["generals"][action.word(0)]["area"]) if action.kind == "general" \
        else action.word(0)
    pid = seen.acts_for(src)
    if pid is None or not seen.usable(draft["target"], pid) or src in draft["troops"]:
        return NEVER
    if action.kind == "general":
        return 2.0
    return 1.0 + min(action.number(1), 10) / 20


def _confirm(seen: Seen, action: Action) -> float | None:
    """An invasion is sent once it carries the odds, or has nothing more to add."""
    draft = seen.view.get("draft") or {}
    if draft.get("rule") != "invade":
        return None
    sent = sum(int(n) for n in draft["troops"].values())
    return 6.0 if sent >= WIN_RATIO * seen.enemy(draft["target"]) else 0.8


# -- the redeploy step (W25) -----------------------------------------------------------------------
MARCH = 1.0  # above `end` (0.0): units leave an area no enemy can reach
TAKE_GENERAL, TAKE_TROOPS = 3.0, 2.0  # a march takes every general, then every troop
ARRIVE = 1.5  # below both: the destination is named once the units are chosen


def frontier(seen: Seen, pid: str) -> dict[str, int]:
    """`pid`'s areas by their distance, through its own areas, to one next to an area it
    does not control (0: on the frontier, where an invasion can start)."""
    areas = seen.view["areas"]
    own = [a for a, s in areas.items() if s["control"] == pid]
    found = {a: 0 for a in own
             if any(areas[b]["control"] != pid for b in seen.data.neighbours[a])}
    todo = list(found)
    while todo:
        here = todo.pop(0)
        for there in seen.data.neighbours[here]:
            if there not in found and areas[there]["control"] == pid:
                found[there] = found[here] + 1
                todo.append(there)
    return found


def _march(seen: Seen, action: Action) -> float:
    """An area behind the frontier sends its units forward: without it a nation whose
    armies won an area in a corner (劉焉's 建寧) leaves them there for the rest of the game,
    since an invasion only starts next to its target (W16a)."""
    aid = action.word(0)
    pid = seen.view["areas"][aid]["control"]
    return MARCH if pid and frontier(seen, pid).get(aid, 0) > 0 else SKIP


def _arrive(seen: Seen, action: Action) -> float | None:
    """The destination nearest the frontier."""
    draft = seen.view.get("draft") or {}
    if draft.get("rule") != "move":
        return None
    pid = seen.view["areas"][draft["source"]]["control"]
    distance = frontier(seen, pid).get(action.word(0), 9) if pid else 9
    return ARRIVE - distance / 10


def _marching(seen: Seen, action: Action) -> float:
    """In a march: every general, then every troop at once."""
    if action.kind == "general":
        return TAKE_GENERAL
    if (seen.view.get("draft") or {}).get("troops"):
        return SKIP
    return TAKE_TROOPS + action.number(0) / 1000


# -- battle and consultations ---------------------------------------------------------------------
def _retreat(seen: Seen, action: Action) -> float:
    """A losing army retreats: fewer than two thirds of the enemy's troops."""
    battle = seen.view["battle"]
    side = (seen.view.get("draft") or {}).get("side", "attacker")
    other = "defender" if side == "attacker" else "attacker"
    own = sum(seen.troops(battle["area"], p) for p in battle["armies"][side])
    theirs = sum(seen.troops(battle["area"], p) for p in battle["armies"][other])
    return 2.0 if 3 * own < 2 * theirs else 0.0


def _accept(seen: Seen, action: Action) -> float | None:
    """A split is accepted when the seat's own share is no larger than the default's."""
    draft = seen.view.get("draft") or {}
    if draft.get("rule") != "split_vote" or seen.me is None:
        return None
    mine, default = draft["shares"].get(seen.me, 0), draft["default"].get(seen.me, 0)
    return 2.0 if mine <= default else 0.0


SCORERS: dict[str, Callable[[Seen, Action], float | None]] = {
    "invade": _invade, "ally": _ally, "allow": _allow, "levy": _levy, "diplo": _diplo,
    "confirm": _confirm, "general": _send, "troops": _send,
    "retreat": _retreat, "accept": _accept, "move": _march, "to": _arrive,
}
