"""The wargame overview, posted after each phase and made for a phone: the shared headline
(turn, year, period and phase, who is awaited, each player's banked VP and nation value with
the value's change, what changed), then the map as large as the rest of the 1280x1560 page
allows, the areas taken since the previous overview in a gold halo.

Its height is known before drawing (the top is measured dry, the map's scale follows from what
is left), so it is drawn once, over the map's cached static layer, on the kit's reusing canvas.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PIL import Image

from games.core.messages import Msg, Seat, Term, msg
from rendering.kit.canvas import Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.headline import Headline, Standing, delta, draw_headline
from rendering.kit.ink import ReusingCanvas
from rendering.kit.layout import GAP, INNER, MARGIN, OVERVIEW_HEIGHT, WIDTH
from rendering.kit.scene import Scene
from rendering.wargame.changes import compare
from rendering.wargame.key import draw_key, key_chips
from rendering.wargame.map import CROWDED, STRETCH, Geometry, draw_map
from rendering.wargame.style import GOZOKU, Table

MAX_HEIGHT = OVERVIEW_HEIGHT
# Below the map's CROWDED scale its signs crowd each other, so during the picks of many seats
# (whose key is long: every seat and minor nation) the map takes the room the standings will
# take in play: its size then holds from the first standings on rather than from the picks.
BATTLE_RULES = ("fight", "handler", "select", "declare", "pursue", "retreat", "joint")


def overview(scene: Scene) -> Image.Image:
    return draw_overview(scene)[0]


def draw_overview(scene: Scene, cjk: bool | None = None) -> Page:
    """The overview and the strings drawn on it (tests read them to check hidden names)."""
    t = Table(scene)
    diff = compare(scene.before, scene.view)
    head = Headline(title(t), standings(t), tuple(diff.lines(t)),
                    t.colors())
    cjk = resolve_cjk(cjk)
    probe = ReusingCanvas(WIDTH, 1, cjk, dry=True)
    top = draw_headline(probe, scene, head, MARGIN, MARGIN, INNER)
    budget = max(top, draw_headline(probe, scene, _in_play(t, head), MARGIN, MARGIN, INNER))
    key = key_chips(probe, t)  # the key under the map: who is which
    key_h = draw_key(probe, t, MARGIN, 0, INNER, key)
    g = _fitted(budget, key_h)
    if g.scale < CROWDED:  # many seats: the picks' long key leaves no room to reserve
        g = _fitted(top, key_h)
    c = ReusingCanvas(WIDTH, min(MAX_HEIGHT, round(g.bottom + GAP + key_h + MARGIN)), cjk,
                      widths=probe.widths)
    draw_headline(c, scene, head, MARGIN, MARGIN, INNER)
    draw_map(c, t, g, diff.marks())
    draw_key(c, t, MARGIN, g.bottom + GAP, INNER, key)
    assert c.image is not None  # a canvas that is not dry has its image
    return c.image, c.texts


def _fitted(top: float, key_h: float) -> Geometry:
    """The map under a headline down to `top`, over a key `key_h` tall."""
    return Geometry.fit(MARGIN, top + GAP, INNER, MAX_HEIGHT - MARGIN - top - 2 * GAP - key_h,
                        stretch=STRETCH)


def _in_play(t: Table, head: Headline) -> Headline:
    """The headline as tall as in play (a standing for every seat), which the map's size is
    worked out for: the map keeps its size, and its names their places, from the picks on."""
    if head.standings:
        return head
    wide = t.say("standing.own", vp=88, value=88)
    return replace(head, standings=tuple(Standing(seat, wide, 8) for seat in t.seats()))


def title(t: Table) -> str:
    """Turn, year, period and phase; the nation picks; or the end and its winners."""
    view = t.view
    if t.over():
        winners = tuple(Seat(s) for s in winners_of(t))
        return t.say("title.won", winners=winners) if winners else t.say("title.over")
    if (view.get("flow") or {}).get("rule") == "pick":
        return t.say("title.pick", year=int(view.get("year") or 0))
    return t.say("title.turn", turn=int(view.get("turn") or 0),
                 last=int(view.get("last_turn") or 0), year=int(view.get("year") or 0),
                 period=int(view.get("period") or 0), phase=phase(t))


def phase(t: Table) -> Msg:
    """What is being played: the cup, a marker's phase, a nation's step or its battle."""
    view = t.view
    acting = view.get("acting")
    if not acting:
        return msg("wargame.board.phase.cup")
    if acting in ("relax", GOZOKU):
        return msg(f"wargame.board.phase.{acting}")
    nation = Term(f"wargame.nation.{acting}")
    if not t.is_player_nation(acting) and not view.get("step"):
        return msg("wargame.board.phase.minor", nation=nation)
    battle = view.get("battle")
    if battle:
        return msg("wargame.board.phase.battle", nation=nation,
                   area=Term(f"wargame.area.{battle['area']}"))
    if view.get("redeploy") is not None:
        return msg("wargame.board.phase.redeploy", nation=nation)
    return msg("wargame.board.phase.action", nation=nation)


def ranking(t: Table) -> list[int]:
    """The seats best first by W29.4 as the public view shows it: banked VP, then the nation's
    value, big cities and troops (a seat without a living nation has 0 of each)."""
    def key(seat: int) -> tuple[int, ...]:
        player = t.players()[seat]
        nation = _nation(t, seat)
        return (int(player.get("banked") or 0), *(int(nation.get(k) or 0) for k in
                                                  ("value", "big_cities", "troops")))
    return sorted(t.seats(), key=lambda s: (key(s), -s), reverse=True)


def winners_of(t: Table) -> list[int]:
    """The winners the engine named (sudden death, last nation), else the best by W29.4."""
    named = (t.view.get("over") or {}).get("winners")
    if named:
        return sorted(int(s) for s in named)
    order = ranking(t)
    if not order:
        return []
    best = _rank_key(t, order[0])
    return sorted(s for s in order if _rank_key(t, s) == best)


def _rank_key(t: Table, seat: int) -> tuple[int, ...]:
    nation = _nation(t, seat)
    return (int(t.players()[seat].get("banked") or 0),
            *(int(nation.get(k) or 0) for k in ("value", "big_cities", "troops")))


def _nation(t: Table, seat: int) -> dict[str, Any]:
    """The seat's living nation's public entry ({} without one)."""
    nid = t.nation_of(seat)
    found = t.nations().get(nid or "") or {}
    return found if found.get("alive") else {}


def standings(t: Table) -> tuple[Standing, ...]:
    """Each seat's banked VP and its nation's value now, with the value's change since the
    previous overview, in seat order; best first at the end; nothing before the picks."""
    if not any(t.nation_of(s) for s in t.seats()):
        return ()
    before = Table(replace(t.scene, view=t.scene.before or {}))
    order = ranking(t) if t.over() else t.seats()
    out = []
    for seat in order:
        vp = int(t.players()[seat].get("banked") or 0)
        nation = _nation(t, seat)
        if not nation:
            out.append(Standing(seat, t.say("standing.none", vp=vp)))
            continue
        value = int(nation.get("value") or 0)
        old = _nation(before, seat) if t.scene.before and before.nation_of(seat) == \
            t.nation_of(seat) else {}
        was = int(old["value"]) if old.get("value") is not None else None
        out.append(Standing(seat, t.say("standing.own", vp=vp, value=value),
                            None if t.over() else delta(was, value)))
    return tuple(out)
