"""The details a player opens under the overview (`/game board part:`), each its own image:

- "players": every player's representative, nationality, capital, cities, armies, grain
  (a "?" while hidden_grain hides it), 民生, score, hand and pile sizes and generals on the
  board; drawn from a seat's own view it adds that seat's 锦囊 and character pile by name;
- "tracks": the round and 民生 tracks, the decks, the discard, truces and removed generals;
- "map": the whole map zoomed (a 1280 px page, no wider than the overview, so never
  smaller on a phone; drawn taller, so that the names the overview has no room for find
  room) with its legend and every general by city;
- "score": the final score sheet (a note before the end).

Text is 24 px or more everywhere.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from games.core.messages import Term, msg
from rendering.kit.canvas import Canvas, Page
from rendering.kit.chips import Chips
from rendering.kit.chips import chips as kit_chips
from rendering.kit.labels import FAR_STEPS
from rendering.kit.layout import GAP, MARGIN, PAD, STRIPE_W, boxed
from rendering.kit.pages import titled_part
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    DARK_TEXT,
    GOLD,
    LARGE,
    MUTED,
    NAME,
    PANEL,
    PANEL_HI,
    TEXT,
    TILE,
)
from rendering.tang.map import LINKS, PART_STRETCH, Geometry, draw_map
from rendering.tang.score import draw_score
from rendering.tang.style import Table, board_data
from rendering.tang.tracks import draw_tracks

PARTS: tuple[str, ...] = ("players", "tracks", "map", "score")
TEXT_SIZE = LARGE  # 24 px: the phone floor
MAP_WIDTH = 1280  # the map part's page: no wider than the overview, so never smaller on a phone


def part(scene: Scene, name: str) -> Image.Image:
    """The part `name` of the scene (the view a seat's own when `scene.seat` is set)."""
    return draw_part(scene, name)[0]


def draw_part(scene: Scene, name: str,
              cjk: bool | None = None) -> Page:
    """The part and the strings drawn on it (tests read them to check hidden names)."""
    return titled_part(scene, name, cjk, "tang", Table, DRAWERS, {"map": MAP_WIDTH})


def chips(c: Canvas, items: Chips, x: float, y: float, width: float) -> float:
    """The kit's chips (rendering.kit.chips) at 24 px; returns the y below them."""
    return kit_chips(c, items, x, y, width, TEXT_SIZE)


# -- players -------------------------------------------------------------------------------------
def _players(c: Canvas, t: Table, y: float, width: float) -> float:
    for seat in t.seats():
        y = _panel(c, t, seat, y, width) + GAP
    return y - GAP


def _panel(c: Canvas, t: Table, seat: int, y: float, width: float) -> float:
    """One player's panel, lit while the seat owes a decision."""
    lit = seat in ((t.view.get("step") or {}).get("waiting") or [])
    x, w = MARGIN + STRIPE_W + PAD, width - STRIPE_W - 2 * PAD
    return boxed(c, (MARGIN, MARGIN + width, y),
                 lambda cc, top: _player_body(cc, t, seat, x, w, top),
                 fill=PANEL_HI if lit else PANEL, stripe=t.color(seat),
                 outline=GOLD if lit else None)


def _player_body(c: Canvas, t: Table, seat: int, x: float, w: float, y: float) -> float:
    p = t.player(seat)
    name_w = c.text(x, y, t.name(c, seat), NAME, t.color(seat), bold=True, max_width=w / 2,
                    min_size=TEXT_SIZE)
    if p.get("rep"):
        who = t.say("player.rep", character=Term(f"tang.character.{p['rep']}"),
                    nation=Term(f"tang.nation.{p['nation']}"))
        c.text(x + name_w + GAP, y + (NAME - TEXT_SIZE), who, TEXT_SIZE, TEXT, bold=True,
               max_width=w - name_w - GAP, min_size=TEXT_SIZE)
    y = chips(c, _facts(c, t, seat), x, y + NAME + 10, w)
    for line in _lists(t, seat):
        y = chips(c, [line], x, y + 8, w)
    return y


def _facts(c: Canvas, t: Table, seat: int) -> Chips:
    p = t.player(seat)
    out: Chips = []
    if t.view.get("first") == seat:
        out.append((t.say("player.first"), GOLD, DARK_TEXT))
    grain = p.get("grain")
    out += [(t.say("player.cities", count=len(t.cities_of(seat))), TILE, TEXT),
            (t.say("player.armies", count=t.armies(seat)), TILE, TEXT),
            (t.say("player.grain", count=str(grain) if grain is not None else "?"), TILE,
             TEXT),
            (t.say("player.minsheng", count=int(p.get("minsheng") or 0)), TILE, TEXT),
            (t.say("player.score", score=int((p.get("score") or {}).get("own", 0))), TILE,
             GOLD),
            (t.say("player.hand", count=int(p.get("hand_count") or 0)), TILE, TEXT),
            (t.say("player.pile", count=int(p.get("pile_count") or 0)), TILE, TEXT)]
    if p.get("capital"):
        out.append((t.say("player.capital", city=Term(f"tang.city.{p['capital']}")), TILE,
                    GOLD))
    return out


def _lists(t: Table, seat: int) -> Chips:
    """Generals on the board (public), and the seat's own cards by name on its own part
    (its pile also at the end, when every pile is shown, T4.1)."""
    p = t.player(seat)
    out: Chips = []
    generals = [(g, cid) for cid, city in (t.view.get("cities") or {}).items()
                for g, owner in (city.get("generals") or {}).items() if owner == seat]
    if generals:
        out.append((t.say("player.generals", generals=tuple(
            msg("tang.board.general_at", general=Term(f"tang.character.{g}"),
                city=Term(f"tang.city.{cid}")) for g, cid in sorted(generals))), TILE, TEXT))
    if t.own(seat):
        hand = tuple(Term(f"tang.card.{card.split('.')[0]}") for card in p.get("hand") or [])
        out.append((t.say("player.own_hand", cards=hand or "-"), "#3b2f4a", TEXT))
        if p.get("dealt"):
            out.append((t.say("player.own_dealt", characters=tuple(
                Term(f"tang.character.{ch}") for ch in p["dealt"])), "#3b2f4a", TEXT))
    if (t.own(seat) or t.over()) and "pile" in p:
        pile = tuple(Term(f"tang.character.{ch}") for ch in p.get("pile") or [])
        out.append((t.say("player.pile_names", characters=pile or "-"), "#3b2f4a", TEXT))
    return out


# -- tracks --------------------------------------------------------------------------------------
def _tracks(c: Canvas, t: Table, y: float, width: float) -> float:
    y = draw_tracks(c, t, MARGIN, y, width) + GAP
    view = t.view
    decks = view.get("decks") or {}
    items: Chips = [
        (t.say("deck.characters", count=int(decks.get("characters", 0))), TILE, TEXT),
        (t.say("deck.jinnang", count=int(decks.get("jinnang", 0))), TILE, TEXT),
        (t.say("deck.discard", count=len(view.get("discard") or [])), TILE, MUTED)]
    if view.get("first") is not None:
        items.append((t.say("first", who=t.name(c, int(view["first"]))), GOLD, DARK_TEXT))
    items += [(t.say("truce", a=t.name(c, int(a)), b=t.name(c, int(b))), TILE, TEXT)
              for a, b in view.get("truces") or []]
    if view.get("removed"):
        items.append((t.say("removed", generals=tuple(
            Term(f"tang.character.{g}") for g in view["removed"])), PANEL, MUTED))
    return chips(c, items, MARGIN, y, width)


# -- the zoomed map ------------------------------------------------------------------------------
def _map(c: Canvas, t: Table, y: float, width: float) -> float:
    g = Geometry.fit(MARGIN, y, width, 10_000, PART_STRETCH)
    y = chips(c, legend(t), MARGIN, draw_map(c, t, g, steps=FAR_STEPS) + GAP, width)
    generals = _generals_by_city(t)
    if generals:
        c.text(MARGIN, y + GAP, t.say("generals_title"), NAME, TEXT, bold=True)
        y = chips(c, generals, MARGIN, y + GAP + NAME + 10, width)
    return y


def legend(t: Table) -> Chips:
    """(text, fill, ink) chips saying what the lines, rings and signs mean."""
    out: Chips = [(t.say(f"legend.link.{kind}"), colour, DARK_TEXT if kind != "none" else TEXT)
                  for kind, (colour, _, _) in LINKS.items()]
    out += [(t.say(f"legend.{key}"), TILE, TEXT) for key in (
        "pill", "special", "capital", "generals", "besiegers", "taken")]
    regions = board_data().raw["regions"]
    out += [(t.say("legend.region", region=Term(f"tang.region.{r['id']}"), bonus=r["bonus"]),
             PANEL, MUTED) for r in regions]
    return out


def _generals_by_city(t: Table) -> Chips:
    out: Chips = []
    for cid, city in (t.view.get("cities") or {}).items():
        for g, owner in sorted((city.get("generals") or {}).items()):
            fill, ink, _ = t.pieces(int(owner))
            out.append((t.say("general_at", general=Term(f"tang.character.{g}"),
                              city=Term(f"tang.city.{cid}")), fill, ink))
    return out


DRAWERS: dict[str, Callable[[Canvas, Table, float, float], float]] = {
    "players": _players, "tracks": _tracks, "map": _map, "score": draw_score}
