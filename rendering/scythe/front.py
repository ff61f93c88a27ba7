"""The Scythe overview, posted after each turn and made for a phone: the shared headline
(round and turn, who is awaited, each player's coins and stars with the stars gained, what
changed), the decision being waited for, then the map, with the moves since the previous
overview as arrows and what is new ringed in gold.

The map keeps one place all game (`map_top`): below the headline's title, awaited players
and standings at their widest, with a fixed room for a one-line decision and two lines of
what changed (a longer decision takes lines from them; what does not fit is counted, as
the headline counts what passes its four). Its height is known before drawing (the
headline is measured dry), so it is drawn once, over the map's cached static layer, on the
kit's reusing canvas (text masks pasted from a cache).
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from games.core.messages import Seat, msg
from games.scythe.view import summary
from rendering.kit.canvas import Canvas, Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.headline import (
    HEAD_TEXT,
    MAX_CHANGES,
    Headline,
    Standing,
    delta,
    draw_headline,
)
from rendering.kit.ink import ReusingCanvas
from rendering.kit.layout import GAP, INNER, MARGIN, OVERVIEW_HEIGHT, WIDTH, wrapped
from rendering.kit.scene import Scene
from rendering.kit.theme import AMBER, MUTED, PANEL, seat_color
from rendering.scythe.changes import compare
from rendering.scythe.key import ROW, Placed, draw_key, ground, place
from rendering.scythe.key import bottom as key_bottom
from rendering.scythe.map import Grid, draw_map
from rendering.scythe.style import Table, ink_on, stars_of

MAX_HEIGHT = OVERVIEW_HEIGHT
BAND = 30  # the decision's text size: a step above the phone floor
BAND_PAD = 10
CHANGE_LINES = 2  # lines of what changed the room above the map holds under a one-line band
CHANGE_PITCH = HEAD_TEXT + 10  # a headline line of what changed, as the kit draws them
HEAD_GAP = 12  # the headline's gap below its last line of what changed
WIDEST_COINS = 188  # coins as wide as a standing's get, to reserve the standings' rows
MOST_TRIES = 8  # smaller maps tried for the key's room (one or two suffice in practice)


def overview(scene: Scene) -> Image.Image:
    return draw_overview(scene)[0]


def draw_overview(scene: Scene, cjk: bool | None = None) -> Page:
    """The overview and the strings drawn on it (tests read them to check hidden names)."""
    t = Table(scene)
    diff = compare(scene.before, scene.view)
    head = Headline(title(t), standings(t), tuple(scene.say(m) for m in diff.lines()),
                    colors(t))
    cjk = resolve_cjk(cjk)
    probe = ReusingCanvas(WIDTH, 1, cjk, dry=True)
    y = map_top(probe, t, head)
    head = _fitted(probe, t, head, y - GAP)
    grid, placed = _keyed_grid(probe, t, y, MAX_HEIGHT - MARGIN - y)
    foot = max(grid.bottom, key_bottom(placed))
    c = ReusingCanvas(WIDTH, min(MAX_HEIGHT, round(foot + MARGIN)), cjk, widths=probe.widths)
    _top(c, t, head)
    draw_map(c, t, grid, diff.marks(), ground=ground(c, grid, placed))
    draw_key(c, placed)
    assert c.image is not None  # a canvas that is not dry has its image
    return c.image, c.texts


def _keyed_grid(c: Canvas, t: Table, y: float, height: float) -> tuple[Grid, Placed]:
    """The largest map whose empty corners hold the key, and where its entries go."""
    floor = y + height
    for _ in range(MOST_TRIES):
        grid = Grid.fit(MARGIN, y, INNER, height)
        placed = place(c, t, grid, floor)
        if placed is not None:
            return grid, placed
        height -= ROW
    raise ValueError("the key does not fit beside the map")


def map_top(c: Canvas, t: Table, head: Headline) -> float:
    """Where the map starts: below the headline's title, awaited players and standings as
    wide as they get (a seat's most coins and stars), then a fixed room for the decision
    and what changed, so every board of a game puts every hex at the same place whatever
    the headline says (only a headline that outgrows even that room pushes the map)."""
    widest = replace(head, changes=(), standings=tuple(
        Standing(seat, t.say("standing.coins_stars", coins=WIDEST_COINS, stars=6), 6)
        for seat in range(len(t.view.get("players", [])))))
    frame = draw_headline(c, t.scene, widest, MARGIN, MARGIN, INNER)
    reserved = frame + BAND + 2 * BAND_PAD + 6 + CHANGE_LINES * CHANGE_PITCH + HEAD_GAP
    least = _band(c, t, draw_headline(c, t.scene, replace(head, changes=()), MARGIN, MARGIN,
                                      INNER))
    return max(reserved, least) + GAP


def _fitted(c: Canvas, t: Table, head: Headline, floor: float) -> Headline:
    """The headline with as many lines of what changed as fit above `floor` under the
    decision; when some do not, the last line shown counts them (the log has them all),
    as the headline counts what passes its own four."""
    frame = draw_headline(c, t.scene, replace(head, changes=()), MARGIN, MARGIN, INNER)
    room = floor - _band(c, t, frame) - HEAD_GAP
    fit = max(0, int(room // CHANGE_PITCH))
    count = len(head.changes)
    if (count if count <= MAX_CHANGES else MAX_CHANGES + 1) <= fit:
        return head  # all of them, as the headline draws them
    fit = min(fit, MAX_CHANGES)  # so the headline adds no count of its own
    if fit == 0:
        return replace(head, changes=())
    more = c.clean(t.scene.say(msg("engine.board.more_changes", count=count - fit + 1)))
    return replace(head, changes=(*head.changes[:fit - 1], more))


def _top(c: Canvas, t: Table, head: Headline) -> float:
    y = draw_headline(c, t.scene, head, MARGIN, MARGIN, INNER)
    return _band(c, t, y)


def title(t: Table) -> str:
    """Round and turn with whose turn it is; the draft; or the end and its winners."""
    view = t.view
    score = view.get("score") or {}
    if score or view.get("end") is not None:
        winners = tuple(Seat(int(s)) for s in score.get("winners", []))
        return t.say("title.won", winners=winners) if winners else t.say("title.over")
    active = view.get("active")
    if active is None:
        return t.say("title.draft")
    turn = int(view.get("turn_number") or 1)
    players = max(1, len(view.get("order") or view.get("players", [])))
    return t.say("title.turn", round=(turn - 1) // players + 1, turn=turn,
                 who=Seat(int(active)))


def colors(t: Table) -> tuple[str, ...]:
    """Each seat's chip in its faction's colour, as on the map (the kit's before a pick)."""
    return tuple(t.color(seat) if t.faction(seat) else seat_color(seat)
                 for seat in range(len(t.view.get("players", []))))


def standings(t: Table) -> tuple[Standing, ...]:
    """At the end the final coins, best first; in play each player's coins (when public) and
    stars in turn order, the stars gained since the previous overview as the change."""
    score = t.view.get("score") or {}
    if score:
        return tuple(Standing(int(s["seat"]), t.say("standing.final", total=s["total"]))
                     for s in score.get("scores", []))
    before = {int(p["seat"]): p for p in (t.scene.before or {}).get("players", [])}
    out = []
    for seat in t.seats():
        p = t.player(seat)
        if not p.get("units"):
            continue  # the draft: nothing to count yet
        stars, coins = stars_of(p), p.get("coins")
        value = t.say("standing.stars", stars=stars) if coins is None else \
            t.say("standing.coins_stars", coins=coins, stars=stars)
        old = before.get(seat)
        out.append(Standing(seat, value, delta(None if old is None else stars_of(old), stars)))
    return tuple(out)


def decision(t: Table) -> str:
    """The decision waited for in words (the engine's summary says it second), or how the
    game ended."""
    view = t.view
    score = view.get("score") or {}
    if score.get("reason"):
        return t.say("game_over", reason=str(score["reason"]))
    if not view.get("prompt"):
        return ""
    return t.said(summary(view)[1])


def _band(c: Canvas, t: Table, y: float) -> float:
    """The decision in a band of the deciding player's colour (amber for several)."""
    text = decision(t)
    if not text:
        return y
    lines = wrapped(text, lambda line: c.measure(line, BAND), INNER - 2 * BAND_PAD)
    seats = (t.view.get("prompt") or {}).get("seats") or []
    fill = t.color(int(seats[0])) if len(seats) == 1 else AMBER if seats else PANEL
    height = len(lines) * (BAND + 6) + 2 * BAND_PAD
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=fill)
    ink = ink_on(fill) if seats else MUTED
    for n, line in enumerate(lines):
        c.text(MARGIN + BAND_PAD, y + BAND_PAD + n * (BAND + 6), line, BAND, ink,
               max_width=INNER - 2 * BAND_PAD, min_size=BAND)
    return y + height
