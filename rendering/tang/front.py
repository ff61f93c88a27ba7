"""The Tang overview, posted after each phase and made for a phone: the shared headline
(round and phase, who is awaited, each player's score as the game counts it now (T4.3) with
its change, what changed; at the end the engine's final standings in its order and words,
with the rule of that order under them), the round and 民生 tracks, then the map as large as
the rest of the 1280x1560 page allows (taller than wide where the height allows), the cities
taken since the previous overview in a gold halo, and under it the key (rendering/tang/key.py):
each seat's colour, number, player and nation, nobody's cities and what the signs mean.

Its height is known before drawing (the top is measured dry, the map's scale follows from
what is left), so it is drawn once, over the map's cached static layer, on the kit's reusing
canvas.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from games.core.messages import Seat, msg
from rendering.kit.canvas import Canvas, Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.headline import Headline, Standing, delta, draw_headline
from rendering.kit.ink import ReusingCanvas
from rendering.kit.layout import GAP, INNER, MARGIN, OVERVIEW_HEIGHT, WIDTH
from rendering.kit.scene import Scene
from rendering.kit.theme import MUTED
from rendering.tang.changes import compare
from rendering.tang.key import draw_key
from rendering.tang.map import Geometry, draw_map
from rendering.tang.style import LINE_SIZE, Table, board_data, lines
from rendering.tang.tracks import draw_tracks

MAX_HEIGHT = OVERVIEW_HEIGHT


def overview(scene: Scene) -> Image.Image:
    return draw_overview(scene)[0]


def draw_overview(scene: Scene, cjk: bool | None = None) -> Page:
    """The overview and the strings drawn on it (tests read them to check hidden names)."""
    t = Table(scene)
    diff = compare(scene.before, scene.view)
    head = Headline(title(t), standings(t), tuple(scene.say(m) for m in diff.lines()),
                    t.colors())
    cjk = resolve_cjk(cjk)
    probe = ReusingCanvas(WIDTH, 1, cjk, dry=True)
    top = _top(probe, t, head)
    budget = max(top, _top(probe, t, _in_play(t, head)))
    key_h = draw_key(probe, t, MARGIN, 0, INNER)  # the key under the map: who is which
    g = Geometry.fit(MARGIN, budget + GAP, INNER, MAX_HEIGHT - MARGIN - budget - 2 * GAP - key_h)
    c = ReusingCanvas(WIDTH, min(MAX_HEIGHT, round(g.bottom + GAP + key_h + MARGIN)), cjk,
                      widths=probe.widths)
    _top(c, t, head)
    draw_map(c, t, g, diff.marks())
    draw_key(c, t, MARGIN, g.bottom + GAP, INNER)
    assert c.image is not None  # a canvas that is not dry has its image
    return c.image, c.texts


def _in_play(t: Table, head: Headline) -> Headline:
    """The headline as tall as in play (a standing for every seat), which the map's size is
    worked out for: the map keeps its size, and its names their places, from the set-up on."""
    if head.standings:
        return head
    wide = t.say("standing.own", score=88)
    return replace(head, standings=tuple(Standing(seat, wide, 8) for seat in t.seats()))


def _top(c: Canvas, t: Table, head: Headline) -> float:
    """The headline, the final order's rule and, in play, the tracks; at the end the final
    standings and their rule take the tracks' room (the tracks part still shows them), so
    the map keeps a size its names read at."""
    y = draw_headline(c, t.scene, head, MARGIN, MARGIN, INNER)
    y = order_rule(c, t, y)
    return y if t.over() else draw_tracks(c, t, MARGIN, y, INNER)


def order_rule(c: Canvas, t: Table, y: float) -> float:
    """At the end, under the final standings, the rule their order follows, as the engine's
    result words it (winners, who may win, final score with its camp average, tie-breaks):
    a 12.0 before a 20.5 is then read, not guessed. Returns the y below it."""
    result = t.view.get("result")
    rule = ((result or {}).get("details") or {}).get("order")
    if not rule:
        return y
    return lines(c, MARGIN, y, t.worded(rule), INNER, MUTED, LINE_SIZE) + GAP


def title(t: Table) -> str:
    """Round and phase; the set-up; or the end and its winners."""
    view = t.view
    result = view.get("result")
    if result is not None:
        winners = tuple(Seat(int(s)) for s in result.get("winners") or [])
        return t.say("title.won", winners=winners) if winners else t.say("title.over")
    phase = str(view.get("phase") or "setup")
    if phase == "setup":
        return t.say("title.setup")
    rounds = int(board_data().raw["tracks"]["round"]["last"])
    return t.say("title.round", round=int(view.get("round") or 0), rounds=rounds,
                 phase=msg(f"tang.phase.{phase}"))


def standings(t: Table) -> tuple[Standing, ...]:
    """At the end each seat's final score (T4.4, its camp's average when camps count), best
    first; in play each seat's own score now (T4.3: cities, special cities, 洛阳, 民生) in
    seat order, with its change since the previous overview; nothing during the set-up."""
    result = t.view.get("result")
    if result is not None:
        return final_standings(t, result)
    if t.view.get("phase") == "setup":
        return ()
    before = {int(p["seat"]): p for p in (t.scene.before or {}).get("players") or []}
    out = []
    for p in t.players():
        seat = int(p["seat"])
        score = int((p.get("score") or {}).get("own", 0))
        old = before.get(seat)
        was = None if old is None or old.get("score") is None else int(old["score"]["own"])
        out.append(Standing(seat, t.say("standing.own", score=score), delta(was, score)))
    return tuple(out)


def final_standings(t: Table, result: dict) -> tuple[Standing, ...]:
    """The engine's result as it is: its order, each seat's final score in the result's own
    words (`shown`, one decimal), and "cannot win" on a seat that may not win (T4.5), which
    the order puts after every seat that may."""
    rows = {int(r["seat"]): r for r in (result.get("details") or {}).get("rows", [])}
    out = []
    for s in result.get("scores", []):
        seat = int(s["seat"])
        row = rows.get(seat, {})
        score = str(s.get("shown") or row.get("final_shown") or s["total"])
        key = "standing.final" if row.get("eligible", True) else "standing.final_barred"
        out.append(Standing(seat, t.say(key, score=score)))
    return tuple(out)
