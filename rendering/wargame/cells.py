"""The areas' shapes. The data gives each area a label point only (a 1000x700 canvas, north
up), so an area is drawn as the land nearest its point: its Voronoi cell, cut to a disc
around the point so that the map has coasts and empty land between far areas instead of
cells running to the page's edge. Pure geometry in data units, computed once.
"""

from __future__ import annotations

import math
from functools import cache

from rendering.wargame.style import board_data

Point = tuple[float, float]
REACH = 74.0  # how far an area reaches from its point, in data units
DISC_SIDES = 28


@cache
def cells() -> dict[str, tuple[Point, ...]]:
    """Every area's polygon (counter-clockwise), in data order."""
    points = {aid: (float(a["x"]), float(a["y"])) for aid, a in board_data().areas.items()}
    out: dict[str, tuple[Point, ...]] = {}
    for aid, (px, py) in points.items():
        poly = _disc(px, py)
        for other, (qx, qy) in points.items():
            if other != aid and math.dist((px, py), (qx, qy)) < 2 * REACH:
                poly = _clip(poly, (px, py), (qx, qy))
        out[aid] = tuple(poly)
    return out


def _disc(x: float, y: float) -> list[Point]:
    """A polygon around (x, y) holding the disc of REACH (its sides touch the circle)."""
    r = REACH / math.cos(math.pi / DISC_SIDES)
    return [(x + r * math.cos(2 * math.pi * k / DISC_SIDES),
             y + r * math.sin(2 * math.pi * k / DISC_SIDES)) for k in range(DISC_SIDES)]


def _clip(poly: list[Point], own: Point, other: Point) -> list[Point]:
    """The part of `poly` nearer `own` than `other` (Sutherland-Hodgman on the bisector)."""
    mx, my = (own[0] + other[0]) / 2, (own[1] + other[1]) / 2
    dx, dy = other[0] - own[0], other[1] - own[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * dx + (p[1] - my) * dy  # <= 0: on own's side

    out: list[Point] = []
    for n, p in enumerate(poly):
        q = poly[(n + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp <= 0) != (sq <= 0):
            t = sp / (sp - sq)
            out.append((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return out
