"""Where the names of a map go: each name on its own plate beside its place's signs, where it
hides the fewest other places' signs and names and stays on the map.

A map draws its places' signs first on a dry canvas to learn their boxes, then asks `layout`
where each name goes, then draws the names under the signs (so where no free place exists it
is a name that is hidden, never a place's pieces). The Tang cities and the wargame areas are
placed by the same costs; only how far apart two places may meet and the plate's height are
each map's own.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

Box = tuple[float, float, float, float]
Point = tuple[float, float]
# (place id, the boxes of its signs with its own sign first, its name's width)
Places = tuple[tuple[str, tuple[Box, ...], float], ...]
Placed = tuple[Box, float]  # a name's box and how far off its signs it stands

STEPS = (0.0, 0.6, 1.3)  # how far off a name may stand, in name heights, nearest first
STEP_COST = 12  # a pixel off: a small cost, so a name stands off only to uncover something
SIGN_COST = 6  # a pixel of another place's signs hidden: twice a pixel of another name
NAME_COST = 3
EDGE_COST = 20  # a pixel off the map, per pixel of a name's height: only as a last resort


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


def layout(frame: Frame, places: Places, near: Mapping[str, Sequence[str]],
           h: float) -> dict[str, Placed]:
    """Every name's place (`place`), the crowded places' names first: a place with many
    neighbours has the least room, so it chooses before the free ones take it. `near` names
    each place's neighbours (the places close enough for their signs or names to meet)."""
    signs = {pid: list(boxes) for pid, boxes, _ in places}
    widths = {pid: w for pid, _, w in places}
    placed: dict[str, Placed] = {}
    for pid in sorted(signs, key=lambda p: -len(near[p])):
        others = [box for other in near[pid] for box in signs.get(other, ())]
        names = [placed[other][0] for other in near[pid] if other in placed]
        placed[pid] = place(frame, signs[pid], others, names, widths[pid], h)
    return placed


def place(frame: Frame, own: list[Box], signs: list[Box], names: list[Box], w: float,
          h: float) -> Placed:
    """A w x h box around a place's own signs (its sign first) that overlaps least: another
    place's signs weigh twice another name, each step further off costs a little, and leaving
    the map (past any of its edges) much. The first box that costs nothing
    but its distance wins at once. Returns the box and how far off it stands."""
    x0, y0 = min(b[0] for b in own), min(b[1] for b in own)
    x1, y1 = max(b[2] for b in own), max(b[3] for b in own)
    reach = (x0 - w - 2 * h, y0 - 3 * h, x1 + w + 2 * h, y1 + 3 * h)
    signs = [b for b in signs if overlap(b, reach)]  # the few a candidate can meet
    names = [b for b in names if overlap(b, reach)]
    cx, cy = (own[0][0] + own[0][2]) / 2, (own[0][1] + own[0][3]) / 2
    best, best_cost = ((cx - w / 2, y1 + 1, cx + w / 2, y1 + 1 + h), 0.0), math.inf
    for far in (step * h for step in STEPS):
        for lx, ly in around((x0, y0, x1, y1), cx, cy, w, h, far):
            box = (lx, ly, lx + w, ly + h)
            cost = far * STEP_COST + EDGE_COST * h * _outside(frame, lx, ly, w, h)
            cost += SIGN_COST * sum(overlap(box, other) for other in signs)
            cost += NAME_COST * sum(overlap(box, other) for other in names)
            if cost < best_cost:
                best, best_cost = (box, far), cost
            if cost == far * STEP_COST:
                return best
    return best


def around(signs: Box, cx: float, cy: float, w: float, h: float, far: float) -> list[Point]:
    """Where a name of w x h may go around the box of a place's signs, `far` pixels off,
    (cx, cy) its own sign's centre: below, above, right, left, then the four corners."""
    x0, y0, x1, y1 = signs
    return [(cx - w / 2, y1 + 1 + far), (cx - w / 2, y0 - 1 - h - far),
            (x1 + 2 + far, cy - h / 2), (x0 - 2 - w - far, cy - h / 2),
            (x1 - 6 + far, y1 - 4 + far), (x0 + 6 - w - far, y1 - 4 + far),
            (x1 - 6 + far, y0 + 4 - h - far), (x0 + 6 - w - far, y0 + 4 - h - far)]


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _outside(frame: Frame, lx: float, ly: float, w: float, h: float) -> float:
    """How many pixels a w x h box at (lx, ly) reaches past the map's sides, top and bottom
    (a name hanging off the map's foot would cross what the page draws below it)."""
    return max(0.0, frame.x - lx) + max(0.0, lx + w - frame.x - frame.width) \
        + max(0.0, frame.y - ly) + max(0.0, ly + h - frame.bottom)
