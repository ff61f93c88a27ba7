"""What changed since the previous overview, found by comparing two public views (the scene's
`before` and its view): the moves and the new pieces the map marks, and the short lines the
headline lists, most telling first (stars, then what was built or deployed, moves, workers,
power and popularity).

Only public fields are compared, so the lines tell nothing the public board did not show;
coins are left out, as they may be hidden (S21.1) and the standings show them when not.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from games.core.messages import Msg, Seat, Term, msg
from rendering.scythe.map import Arrow, Marks
from rendering.scythe.tokens import MAT

TRACKS = ("power", "popularity")


@dataclass
class Diff:
    """The differences between two views, as data (worded by `lines`)."""

    stars: list[tuple[int, str]] = field(default_factory=list)
    built: list[tuple[int, str, str]] = field(default_factory=list)  # seat, kind, place
    deployed: list[tuple[int, str, str]] = field(default_factory=list)  # seat, ability, place
    moved: Counter[int] = field(default_factory=Counter)  # seat -> units moved
    workers: Counter[int] = field(default_factory=Counter)  # seat -> workers gained
    tracks: list[tuple[int, str, int, int]] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    fresh: set[tuple[str, int, str]] = field(default_factory=set)

    def marks(self) -> Marks:
        return Marks(tuple(self.arrows), frozenset(self.fresh))

    def lines(self) -> list[Msg]:
        """The changes as messages, in the order a player wants them."""
        out = [msg("scythe.board.change.star", who=Seat(s), star=Term(f"scythe.star.{k}"))
               for s, k in self.stars]
        out += [msg("scythe.board.change.built", who=Seat(s),
                    structure=Term(f"scythe.structure.{kind}"),
                    place=Term(f"scythe.place.{place}")) for s, kind, place in self.built]
        out += [msg("scythe.board.change.deployed", who=Seat(s),
                    ability=Term(f"scythe.ability.{ability}"),
                    place=Term(f"scythe.place.{place}")) for s, ability, place in self.deployed]
        out += [msg("scythe.board.change.moved", who=Seat(s), count=n)
                for s, n in sorted(self.moved.items())]
        out += [msg("scythe.board.change.workers", who=Seat(s), count=n)
                for s, n in sorted(self.workers.items())]
        out += [msg(f"scythe.board.change.{track}", who=Seat(s), before=old, after=new)
                for s, track, old, new in self.tracks]
        return out


def compare(before: dict | None, now: dict) -> Diff:
    """Everything that changed from `before` to `now` (nothing when there is no before)."""
    diff = Diff()
    if not before:
        return diff
    old_players = {int(p["seat"]): p for p in before.get("players", [])}
    for p in now.get("players", []):
        seat = int(p["seat"])
        old = old_players.get(seat)
        if old is None:
            continue
        _stars(diff, seat, old, p)
        _units(diff, seat, old.get("units") or {}, p.get("units") or {})
        diff.tracks += [(seat, track, int(old.get(track, 0)), int(p.get(track, 0)))
                        for track in TRACKS if old.get(track, 0) != p.get(track, 0)]
    _structures(diff, before.get("structures") or {}, now.get("structures") or {})
    return diff


def _stars(diff: Diff, seat: int, old: dict, new: dict) -> None:
    had = old.get("stars") or {}
    for kind, count in (new.get("stars") or {}).items():
        diff.stars += [(seat, kind)] * max(0, int(count) - int(had.get(kind, 0)))


def _units(diff: Diff, seat: int, old: dict[str, str], new: dict[str, str]) -> None:
    """Moves (one arrow per start and end, however many went that way), deployed mechs and
    workers gained; a unit that was not on the board before is new where it stands. Before
    the draft's last pick nobody had units: the set-up is no change."""
    if not old:
        return
    for unit, place in new.items():
        was = old.get(unit, MAT)
        if place == MAT or was == place:
            continue
        kind = "mech" if unit.startswith("mech:") else "worker" if unit.startswith(
            "worker:") else "character"
        if was != MAT:
            diff.moved[seat] += 1
            arrow = Arrow(seat, was, place)
            if arrow not in diff.arrows:
                diff.arrows.append(arrow)
        elif kind == "mech":
            diff.deployed.append((seat, unit.split(":", 1)[1], place))
            diff.fresh.add((place, seat, kind))
        elif kind == "worker":
            diff.workers[seat] += 1
            diff.fresh.add((place, seat, kind))


def _structures(diff: Diff, old: dict, new: dict) -> None:
    for place, built in new.items():
        if old.get(place) != built:
            seat = int(built["seat"])
            diff.built.append((seat, str(built["kind"]), place))
            diff.fresh.add((place, seat, "structure"))
