"""Where the names of a map go: each name on its own plate near its place's signs, never over
another name or any place's signs, never off the map; a name with no free place stays off the
overview (its place's sign still reads, and the map part names it).

Issue 29 asks two things of the names: no collisions, and stable places from one board to the
next. So a map places its names twice:

- `layout` once per map geometry and name widths, off the boxes every place's signs *may*
  take (a map reserves them from the static map and what a place can carry: its sign at its
  widest usual count, a capital's flag, a generals' diamond...). Nothing of a board's
  momentary pieces enters it, so it is cached and the same on every board.
- `settle` per board: a name whose static place is now covered by something the reservation
  did not foresee (a besieger's chip, a count wider than reserved) is placed again around
  the real boxes; every other name keeps its box.

The candidates around a place are tried nearest first: below, above, right, left, the four
corners and below or above shifted half a name aside, then the same a little further off (the
name then tied to its place by a thin line).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

Box = tuple[float, float, float, float]
Point = tuple[float, float]
# (place id, the boxes of its signs with its own sign first, its name's width)
Places = tuple[tuple[str, tuple[Box, ...], float], ...]
Placed = tuple[Box, float]  # a name's box and how far off its signs it stands
Layout = Mapping[str, Placed | None]  # None: no free place on this map

STEPS = (0.0, 0.4, 0.8, 1.3, 1.9, 2.6)  # how far off a name may stand, in name heights
FAR_STEPS = (*STEPS, 3.4, 4.4)  # further, on a page with room (a map part)
GAP = 2  # px kept free between a name's plate and anything else


class Frame(Protocol):
    """The map's box on the page: its left edge `x` and `width`, its top `y` and `bottom`."""

    @property
    def x(self) -> float: ...

    @property
    def y(self) -> float: ...

    @property
    def width(self) -> float: ...

    @property
    def bottom(self) -> float: ...


def layout(frame: Frame, places: Places, h: float,
           steps: Sequence[float] = STEPS) -> dict[str, Placed | None]:
    """Every name's place off the places' (reserved) sign boxes, the most crowded places'
    names first: a place with many signs near it has the least room, so it chooses before
    the free ones take it."""
    every = [box for _, boxes, _ in places for box in boxes]
    crowd = {pid: sum(_near(boxes, b, w + 3 * h) for b in every) for pid, boxes, w in places}
    placed: dict[str, Placed | None] = {}
    names: list[Box] = []
    for pid, own, w in sorted(places, key=lambda p: (-crowd[p[0]], p[0])):
        found = place(frame, own, every, names, w, h, steps)
        placed[pid] = found
        if found is not None:
            names.append(found[0])
    return placed


def settle(frame: Frame, static: Layout, places: Places, h: float,
           extra: Sequence[Box] = (), steps: Sequence[float] = STEPS
           ) -> dict[str, Placed | None]:
    """The static layout kept wherever it is still free of the board's real sign boxes
    (`places`) and `extra` obstacles; a name it no longer fits is placed again around them.
    A name the static layout could not place stays off."""
    every = [box for _, boxes, _ in places for box in boxes] + list(extra)
    out: dict[str, Placed | None] = dict(static)
    index = _Index(every)
    moved = [pid for pid, _, _ in places
             if (spot := static.get(pid)) is not None and index.hits(spot[0])]
    if not moved:
        return out
    for pid in moved:
        out[pid] = None
    by_id = {pid: (own, w) for pid, own, w in places}
    for pid in moved:
        names = [p[0] for p in out.values() if p is not None]
        out[pid] = place(frame, by_id[pid][0], every, names, by_id[pid][1], h, steps)
    return out


def place(frame: Frame, own: Sequence[Box], signs: Sequence[Box], names: Sequence[Box],
          w: float, h: float, steps: Sequence[float] = STEPS) -> Placed | None:
    """The nearest w x h box around a place's own signs (its sign first) that meets no sign,
    no placed name and stays on the map, at most the last of `steps` heights off; None when
    there is none."""
    x0, y0 = min(b[0] for b in own), min(b[1] for b in own)
    x1, y1 = max(b[2] for b in own), max(b[3] for b in own)
    reach = (x0 - w - 4 * h, y0 - 5 * h, x1 + w + 4 * h, y1 + 5 * h)
    cx, cy = (own[0][0] + own[0][2]) / 2, (own[0][1] + own[0][3]) / 2
    # The boxes within reach, nearest first (a candidate that meets one mostly meets a near
    # one), each with its right and bottom edges pushed out by GAP once for all candidates.
    near = sorted(((b[0], b[1], b[2] + GAP, b[3] + GAP) for b in (*signs, *names)
                   if _hits(b, reach)),
                  key=lambda b: abs(b[0] + b[2] - 2 * cx) + abs(b[1] + b[3] - 2 * cy))
    left, right, top, bottom = frame.x, frame.x + frame.width, frame.y, frame.bottom
    for far in (step * h for step in steps):
        for lx, ly in around((x0, y0, x1, y1), cx, cy, w, h, far):
            rx, by = lx + w, ly + h
            if left <= lx and rx <= right and top <= ly and by <= bottom and not any(
                    lx < b[2] and b[0] < rx + GAP and ly < b[3] and b[1] < by + GAP
                    for b in near):
                return (lx, ly, rx, by), far
    return None


def around(signs: Box, cx: float, cy: float, w: float, h: float, far: float) -> list[Point]:
    """Where a name of w x h may go around the box of a place's signs, `far` pixels off,
    (cx, cy) its own sign's centre: below, above, right, left, the four corners, then below
    and above shifted half a name either way."""
    x0, y0, x1, y1 = signs
    below, above = y1 + GAP + far, y0 - GAP - h - far
    return [(cx - w / 2, below), (cx - w / 2, above),
            (x1 + GAP + far, cy - h / 2), (x0 - GAP - w - far, cy - h / 2),
            (x1 - 6 + far, y1 - 4 + far), (x0 + 6 - w - far, y1 - 4 + far),
            (x1 - 6 + far, y0 + 4 - h - far), (x0 + 6 - w - far, y0 + 4 - h - far),
            (cx - w * 0.15, below), (cx - w * 0.85, below),
            (cx - w * 0.15, above), (cx - w * 0.85, above)]


def push_apart(a: list[float], b: list[float], across: float, down: float) -> None:
    """One step of moving two overlapping signs apart along the axis they overlap least
    (`across`, `down`: by how much), each by a quarter of it, so crowded signs settle over
    a few passes instead of jumping past their neighbours."""
    axis, push = (0, across) if across < down else (1, down)
    sign = 1 if b[axis] >= a[axis] else -1
    a[axis] -= sign * (push / 4 + 0.5)
    b[axis] += sign * (push / 4 + 0.5)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _hits(a: Box, b: Box) -> bool:
    """Whether two boxes come closer than GAP px."""
    return a[0] < b[2] + GAP and b[0] < a[2] + GAP and a[1] < b[3] + GAP and b[1] < a[3] + GAP


class _Index:
    """Boxes by the CELL px squares their GAP-wide surroundings meet: which of a board's
    200 sign boxes a name comes near is asked of a few of them, not of every one."""

    CELL = 96

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}
        for box in boxes:
            for key in self._keys(box):
                self.cells.setdefault(key, []).append(box)

    def _keys(self, box: Box) -> list[tuple[int, int]]:
        n = self.CELL
        return [(i, j) for i in range(int((box[0] - GAP) // n), int((box[2] + GAP) // n) + 1)
                for j in range(int((box[1] - GAP) // n), int((box[3] + GAP) // n) + 1)]

    def hits(self, box: Box) -> bool:
        """Whether `box` comes closer than GAP px to any of the boxes (`_hits`)."""
        x0, y0, x1, y1 = box
        return any(x0 < b[2] + GAP and b[0] < x1 + GAP and y0 < b[3] + GAP and b[1] < y1 + GAP
                   for key in self._keys(box) for b in self.cells.get(key, ()))


def _near(own: Sequence[Box], box: Box, reach: float) -> bool:
    """Whether `box` lies within `reach` px of the first of a place's boxes (its sign)."""
    x0, y0, x1, y1 = own[0]
    return _hits((x0 - reach, y0 - reach, x1 + reach, y1 + reach), box)
