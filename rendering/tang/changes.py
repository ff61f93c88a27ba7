"""What changed since the previous overview, found by comparing two public views (the scene's
`before` and its view): the cities taken (marked on the map) and the short lines the headline
lists, most telling first: cities taken and besieged, capitals set, armies lost, gained or
moved, 民生.

Only public fields are compared (T9), so the lines tell nothing the public board did not show;
grain is left out, as it may be hidden (hidden_grain).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.messages import Msg, Seat, Term, msg
from rendering.tang.map import Marks


@dataclass
class Diff:
    """The differences between two views, as data (worded by `lines`)."""

    taken: dict[int, list[str]] = field(default_factory=dict)  # seat -> cities it took
    besieged: list[str] = field(default_factory=list)
    capitals: list[tuple[int, str]] = field(default_factory=list)
    armies: list[tuple[int, int, int]] = field(default_factory=list)  # seat, before, after
    moved: list[tuple[int, int]] = field(default_factory=list)  # seat, armies that moved
    minsheng: list[tuple[int, int, int]] = field(default_factory=list)

    def marks(self) -> Marks:
        return Marks(frozenset(c for cities in self.taken.values() for c in cities))

    def lines(self) -> list[Msg]:
        """The changes as messages, in the order a player wants them."""
        out = [msg("tang.board.change.took", who=Seat(s),
                   cities=tuple(Term(f"tang.city.{c}") for c in cities))
               for s, cities in sorted(self.taken.items())]
        out += [msg("tang.board.change.besieged", city=Term(f"tang.city.{c}"))
                for c in self.besieged]
        out += [msg("tang.board.change.capital", who=Seat(s), city=Term(f"tang.city.{c}"))
                for s, c in self.capitals]
        out += [msg("tang.board.change.armies", who=Seat(s), before=old, after=new)
                for s, old, new in self.armies]
        out += [msg("tang.board.change.moved", who=Seat(s), count=n) for s, n in self.moved]
        out += [msg("tang.board.change.minsheng", who=Seat(s), before=old, after=new)
                for s, old, new in self.minsheng]
        return out


def compare(before: dict | None, now: dict) -> Diff:
    """Everything that changed from `before` to `now` (nothing when there is no before)."""
    diff = Diff()
    if not before:
        return diff
    old_cities, cities = before.get("cities") or {}, now.get("cities") or {}
    for cid, city in cities.items():
        old = old_cities.get(cid) or {}
        owner = city.get("controller")
        if owner is not None and owner != old.get("controller") and old:
            diff.taken.setdefault(int(owner), []).append(cid)
        if city.get("besieged") and not old.get("besieged"):
            diff.besieged.append(cid)
    old_players = {int(p["seat"]): p for p in before.get("players") or []}
    for p in now.get("players") or []:
        seat = int(p["seat"])
        old = old_players.get(seat)
        if old is None:
            continue
        if p.get("capital") and p.get("capital") != old.get("capital"):
            diff.capitals.append((seat, str(p["capital"])))
        _armies(diff, seat, old_cities, cities)
        if p.get("minsheng") != old.get("minsheng"):
            diff.minsheng.append((seat, int(old.get("minsheng", 0)), int(p.get("minsheng", 0))))
    return diff


def _armies(diff: Diff, seat: int, old_cities: dict, cities: dict) -> None:
    """The seat's armies on the board before and after; when the total stayed, the armies
    that stand elsewhere now (the sum of the increases city by city)."""
    key = str(seat)

    def where(view_cities: dict) -> dict[str, int]:
        return {cid: int((c.get("armies") or {}).get(key, 0)) for cid, c in view_cities.items()}

    old, new = where(old_cities), where(cities)
    if not any(old.values()):
        return  # before the first armies were placed: the set-up is no change
    before, after = sum(old.values()), sum(new.values())
    if before != after:
        diff.armies.append((seat, before, after))
        return
    moved = sum(max(0, n - old.get(cid, 0)) for cid, n in new.items())
    if moved:
        diff.moved.append((seat, moved))
