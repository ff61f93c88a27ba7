"""The two map parts: "map", the whole map on a wider page with its legend and every general
by area, and "zoom", the areas that matter now close up with their full names and the
generals there with their ratings.

The zoom shows the battle area and its neighbours while a battle is fought, else the acting
nation's areas and their neighbours, else the seat's own nation's (a part drawn from its own
view), else the last battle's area; with none of these, the whole map.
"""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.labels import FAR_STEPS
from rendering.kit.layout import GAP, MARGIN
from rendering.kit.theme import DARK_TEXT, GOLD, NAME, RED, TEXT, TILE
from rendering.wargame.chips import Chips, chips
from rendering.wargame.map import DATA_BOX, PART_STRETCH, SIDES, Box, Geometry, draw_map
from rendering.wargame.style import GOZOKU, Table, board_data, ink_on, short

ZOOM_MARGIN = 75.0  # data units around the zoom's areas
ZOOM_MOST = 3.0  # the zoom's largest scale
ZOOM_HEIGHT = 1300  # the zoom's map at most this tall
RATINGS = ("valour", "intellect", "command")


def draw_full_map(c: Canvas, t: Table, y: float, width: float) -> float:
    g = Geometry.fit(MARGIN, y, width, 10_000, stretch=PART_STRETCH)
    y = chips(c, legend(t), MARGIN, draw_map(c, t, g, steps=FAR_STEPS) + GAP, width)
    return _generals(c, t, list(board_data().areas), y, width, rated=False)


def draw_zoom(c: Canvas, t: Table, y: float, width: float) -> float:
    focus = focus_areas(t)
    g = Geometry.fit(MARGIN, y, width, ZOOM_HEIGHT, window(focus), ZOOM_MOST)
    y = draw_map(c, t, g, full_names=True)
    shown = [a for a in board_data().areas if g.shows(a)]
    return _generals(c, t, [a for a in shown if a in focus] or shown, y + GAP, width,
                     rated=True)


def focus_areas(t: Table) -> list[str]:
    """The areas the zoom is about, with their neighbours (see the module's docstring)."""
    data = board_data()
    view = t.view
    centre: list[str] = []
    if view.get("battle"):
        centre = [str(view["battle"]["area"])]
    elif view.get("step"):
        centre = [a for a, s in t.areas().items() if s.get("control") == view["step"]["nation"]]
    elif t.own() is not None and t.nation_of(t.own() or 0):
        centre = [a for a, s in t.areas().items() if s.get("control") == t.nation_of(t.own()
                                                                                    or 0)]
    elif view.get("last_battle"):
        centre = [str(view["last_battle"]["area"])]
    if not centre:
        return list(data.areas)
    found = set(centre)
    for aid in centre:
        found |= set(data.neighbours[aid])
    return [a for a in data.areas if a in found]


def window(areas: list[str]) -> Box:
    """The data box around the areas, at least 360 x 260 units, inside the map's box."""
    spots = [board_data().areas[a] for a in areas]
    x0 = min(float(s["x"]) for s in spots) - ZOOM_MARGIN
    x1 = max(float(s["x"]) for s in spots) + ZOOM_MARGIN
    y0 = min(float(s["y"]) for s in spots) - ZOOM_MARGIN
    y1 = max(float(s["y"]) for s in spots) + ZOOM_MARGIN
    x0, x1 = _widen(x0, x1, 360.0, DATA_BOX[0], DATA_BOX[2])
    y0, y1 = _widen(y0, y1, 260.0, DATA_BOX[1], DATA_BOX[3])
    return (x0, y0, x1, y1)


def _widen(low: float, high: float, least: float, floor: float, ceiling: float
           ) -> tuple[float, float]:
    grow = max(0.0, least - (high - low)) / 2
    low, high = low - grow, high + grow
    if low < floor:
        low, high = floor, high + floor - low
    if high > ceiling:
        low, high = max(floor, low - (high - ceiling)), ceiling
    return low, high


def legend(t: Table) -> Chips:
    """(text, fill, ink) chips saying what the lines, shapes and signs mean, then each power's
    colour."""
    out: Chips = [(t.say(f"legend.side.{kind}"), colour, ink_on(colour))
                  for kind, (colour, _, _) in SIDES.items()]
    out += [(t.say(f"legend.{key}"), TILE, TEXT) for key in (
        "none", "small", "big", "ring", "generals", "free", "others", "marker")]
    out += [(t.say("legend.taken"), GOLD, DARK_TEXT), (t.say("legend.battle"), RED, TEXT)]
    nations = t.nations()
    for nid in nations:
        if nations[nid].get("alive"):
            fill = t.colour(nid)
            out.append((t.power(nid), fill, ink_on(fill)))
    out.append((t.power(GOZOKU), t.colour(GOZOKU), ink_on(t.colour(GOZOKU))))
    return out


def _generals(c: Canvas, t: Table, areas: list[str], y: float, width: float,
              rated: bool) -> float:
    """A chip per area with generals, in the controller's colour: who serves there (with the
    ratings on the zoom) and the free generals."""
    items: Chips = []
    for aid in areas:
        names = [_named(t, g, rated) for g in t.generals_in(aid)]
        free = _free(t, aid)
        if not names and not free:
            continue
        where = short(t.area(aid))
        text = t.say("generals_at", area=where, generals=tuple(names)) if names else \
            t.say("free_at", area=where, free=free)
        if names and free:
            text = t.say("with_free", line=text, free=free)
        fill = t.colour((t.areas().get(aid) or {}).get("control"))
        items.append((text, fill, ink_on(fill)))
    if not items:
        return y
    c.text(MARGIN, y + GAP, t.say("generals_title"), NAME, TEXT, bold=True)
    return chips(c, items, MARGIN, y + GAP + NAME + 10, width)


def _named(t: Table, gid: str, rated: bool) -> str:
    name = short(t.general(gid))
    if not rated:
        return name
    info = board_data().generals[gid]
    values = {k: "-" if info[k] is None else str(info[k]) for k in RATINGS}
    return t.say("rated", general=name, **values)


def _free(t: Table, aid: str) -> tuple[str, ...] | int:
    """The free generals of an area by name, or their count when the option hides them."""
    named = tuple(short(t.general(g)) for g in t.free_named(aid))
    return named or t.free_in(aid)
