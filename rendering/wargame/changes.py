"""What changed since the previous overview, found by comparing two public views (the scene's
`before` and its view): the areas that changed hands (marked on the map) and the short lines
the headline lists, most telling first: nations destroyed, areas taken, the players' nations'
troops lost, gained or moved, generals gone.

Only public fields are compared, so the lines tell nothing the public board did not show.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rendering.wargame.map import Marks
from rendering.wargame.style import Table, short


@dataclass
class Diff:
    """The differences between two views, as data (worded by `lines`)."""

    destroyed: list[str] = field(default_factory=list)
    taken: dict[str, list[str]] = field(default_factory=dict)  # power -> areas it took
    troops: list[tuple[str, int, int]] = field(default_factory=list)  # nation, before, after
    moved: list[tuple[str, int]] = field(default_factory=list)  # nation, troops that moved
    gone: list[str] = field(default_factory=list)  # generals dead or exited since

    def marks(self) -> Marks:
        return Marks(frozenset(a for areas in self.taken.values() for a in areas))

    def lines(self, t: Table) -> list[str]:
        """The changes worded, in the order a player wants them; names are the map's short
        ones (no reading in brackets), so a line fits the headline."""
        def names(kind: str, ids: list[str]) -> tuple[str, ...]:
            return tuple(short(t.term(f"wargame.{kind}.{i}")) for i in ids)

        def nation(nid: str) -> str:
            return short(t.power(nid))

        out = [t.say("change.destroyed", nation=nation(n)) for n in self.destroyed]
        out += [t.say("change.took", power=nation(p), areas=names("area", areas))
                for p, areas in self.taken.items()]
        out += [t.say("change.troops", nation=nation(n), before=old, after=new)
                for n, old, new in self.troops]
        out += [t.say("change.moved", nation=nation(n), count=k) for n, k in self.moved]
        if self.gone:
            out.append(t.say("change.gone", generals=names("general", self.gone)))
        return out


def compare(before: dict | None, now: dict) -> Diff:
    """Everything that changed from `before` to `now` (nothing when there is no before)."""
    diff = Diff()
    if not before:
        return diff
    old_nations, nations = before.get("nations") or {}, now.get("nations") or {}
    diff.destroyed = [n for n, s in nations.items()
                      if not s.get("alive") and (old_nations.get(n) or {}).get("alive")]
    old_areas, areas = before.get("areas") or {}, now.get("areas") or {}
    for aid, spot in areas.items():
        owner, old = spot.get("control"), (old_areas.get(aid) or {}).get("control")
        if owner is not None and owner != old and aid in old_areas:
            diff.taken.setdefault(str(owner), []).append(aid)
    for nid, nation in nations.items():
        if nation.get("seat") is not None and nation.get("alive"):
            _troops(diff, nid, old_areas, areas)
    diff.gone = sorted(set(now.get("gone") or []) - set(before.get("gone") or []))
    return diff


def _troops(diff: Diff, nid: str, old_areas: dict, areas: dict) -> None:
    """A player's nation's troops before and after; when the total stayed, the troops that
    stand elsewhere now (the sum of the increases area by area)."""
    def where(view_areas: dict) -> dict[str, int]:
        return {aid: int((s.get("troops") or {}).get(nid, 0)) for aid, s in view_areas.items()}

    old, new = where(old_areas), where(areas)
    before, after = sum(old.values()), sum(new.values())
    if before != after:
        diff.troops.append((nid, before, after))
        return
    moved = sum(max(0, n - old.get(aid, 0)) for aid, n in new.items())
    if moved:
        diff.moved.append((nid, moved))
