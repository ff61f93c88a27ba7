"""Record of the Three Kingdoms (三國志): the details a player opens on request.

- "players": every player's full panel (lords with their abilities, advisor, coins, the
  allowances of the action under way, city tiles with walls, tax and defenders);
- "hand": a seat's own hand and private choices (its own view), or only how many cards
  each player holds (the public view);
- "decks": the decks, the target, the start player, the end and the top of the discard pile;
- "scores": the score sheet: city points, bonus, total and coins (the tie-break), final
  once the game is over.

Draws only what a view (docs/record-view.md) contains. Anything marked {"hidden": true} is
drawn as a card back, and the marker wins over any other key the dict might carry, so a
renderer bug can never leak a face-down card.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.messages import Msg, Term, msg
from rendering.kit.canvas import Canvas, Page
from rendering.kit.layout import Flow, chip_rows
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    AMBER,
    BODY,
    CARD_FACE,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL,
    PANEL_HI,
    RED,
    TEXT,
    TILE,
    TITLE,
    seat_color,
)
from rendering.kit.views import is_hidden
from rendering.record.ink import MARGIN, WIDTH, draw_fitted
from rendering.record.overview import SIZE_COLORS
from rendering.record.words import Words

MAX_HEIGHT = 1600
GAP = 16
PANEL_PAD = 16
STRIPE_W = 8
ROW_GAP = 10
TILE_W = 232
TILE_H = 150
COMPACT_TILE_H = 118  # without the walls and tax line
TILE_PAD = 10
DEFENDER_H = 48
CARD_CHIP_MAX = 560
ROW_H = 44
KIND_COLORS = {"general": "#3d4f6b", "city": "#4a5a3a", "stratagem": "#5a3d66"}
PARTS = ("players", "hand", "decks", "scores")

Drawer = Callable[[Canvas, Words, bool], float]


def draw_part(scene: Scene, name: str, cjk: bool) -> Page:
    """The part and the strings it drew."""
    body: Drawer = {"players": _players, "hand": _hand, "decks": _decks,
                    "scores": _scores}[name]

    def draw(c: Canvas, compact: bool) -> float:
        w = Words(scene, c.cjk)
        c.text(MARGIN, MARGIN, scene.say(_label(name)), TITLE, TEXT, bold=True,
               max_width=WIDTH - 2 * MARGIN)
        return body(c, w, compact)

    return draw_fitted(WIDTH, MAX_HEIGHT, cjk, draw)


def _label(name: str) -> Msg:
    """The part's name, as Discord's button and option show it."""
    return msg(f"record.part.{name}")


TOP = MARGIN + TITLE + GAP


# ---- players ----


def _players(c: Canvas, w: Words, compact: bool) -> float:
    view = w.scene.view
    y: float = TOP - GAP
    for p in view.get("players", []):
        y = _panel(c, w, view, p, compact, y + GAP)
    return y + MARGIN


def _panel(c: Canvas, w: Words, view: dict, p: dict, compact: bool, y: float) -> float:
    """Background sized by a dry run of the body, then the body on top of it."""
    seat = int(p["seat"])
    lit = view.get("active") == seat or seat in view.get("to_act", [])
    x0, x1 = MARGIN, WIDTH - MARGIN
    inner_x, inner_w = x0 + STRIPE_W + PANEL_PAD, x1 - x0 - STRIPE_W - 2 * PANEL_PAD
    body_top = y + PANEL_PAD
    bottom = _panel_body(c.twin(), w, view, p, compact, inner_x, inner_w, body_top) + PANEL_PAD
    if c.dry:
        return bottom
    outline = GOLD if view.get("active") == seat else AMBER if lit else None
    c.rect((x0, y, x1, bottom), fill=seat_color(seat))
    c.rect((x0 + STRIPE_W, y, x1, bottom), fill=PANEL_HI if lit else PANEL, outline=outline,
           width=3)
    return _panel_body(c, w, view, p, compact, inner_x, inner_w, body_top) + PANEL_PAD


def _panel_body(c: Canvas, w: Words, view: dict, p: dict, compact: bool, x: float,
                width: float, y: float) -> float:
    y = _name_row(c, w, view, p, x, width, y)
    y = chip_rows(c, _player_chips(w, view, p), x, width, y + ROW_GAP)
    return _tiles(c, w, p.get("cities", []), compact, x, width, y + ROW_GAP)


def _name_row(c: Canvas, w: Words, view: dict, p: dict, x: float, width: float,
              y: float) -> float:
    """Seat badge, name and status on the left; cities and points on the right."""
    seat = int(p["seat"])
    row_h = NAME + 12
    cy = y + row_h / 2
    c.dot(x + row_h / 2, cy, row_h / 2, seat_color(seat))
    c.text(x + row_h / 2, cy, str(seat + 1), LARGE, DARK_TEXT, bold=True, anchor="mm")
    score = w("standing", points=p.get("points", 0), cities=len(p.get("cities", [])),
              target=view.get("target", 0))
    score_w = c.measure(score, LARGE, bold=True)
    c.text(x + width, cy, score, LARGE, GOLD if p.get("bonus") else TEXT, bold=True,
           anchor="rm")
    badges = _badges(w, view, seat)
    badges_w = sum(c.chip_width(t, BODY, True, icon is not None) + GAP for t, *_, icon in badges)
    name_x = x + row_h + 12
    name_w = c.text(name_x, cy, w.seat(seat), NAME, seat_color(seat), bold=True,
                    max_width=max(width - row_h - 12 - score_w - badges_w - 2 * GAP, 80),
                    anchor="lm")
    bx = name_x + name_w + GAP
    for text, fill, color, icon in badges:
        bx += c.chip(bx, cy - CHIP_H / 2, text, fill, color, BODY, True, icon=icon) + GAP
    return y + row_h


def _badges(w: Words, view: dict, seat: int) -> list[tuple]:
    badges: list[tuple] = []
    if view.get("start_player") == seat:
        badges.append((w("start"), TILE, TEXT, "start"))
    if view.get("active") == seat:
        badges.append((w("acting"), GOLD, DARK_TEXT, None))
    elif seat in view.get("to_act", []):
        badges.append((w("waiting"), AMBER, DARK_TEXT, None))
    return badges


def _player_chips(w: Words, view: dict, p: dict) -> list[tuple]:
    """Lords, advisor, coins, hand size and (for the seat in its action) the allowances."""
    chips = [_lord_chip(w, lord) for lord in p.get("lords", [])]
    chips.append(_advisor_chip(w, p.get("advisor")))
    chips.append((w("coins", coins=p.get("coins", 0)), TILE, GOLD, "coin"))
    chips.append((w("hand", count=p.get("hand_size", len(p.get("hand", [])))), TILE, TEXT,
                  "back"))
    if view.get("active") == p["seat"] and view.get("phase") == "actions":
        for key in ("build", "general", "attack"):
            used = p.get("used", {}).get(key, False)
            chips.append((w("done" if used else "open", what=w(f"allowance.{key}")), TILE,
                          MUTED if used else GREEN, None))
    return chips


def _lord_chip(w: Words, lord: dict) -> tuple:
    """The lord, whether a once-per-game ability is spent, then the ability: the tag comes
    before the ability's name, which the chip cuts when it is too wide."""
    if is_hidden(lord):
        return (w("lord_hidden"), TILE, MUTED, "back")
    name = w.card(lord)
    if lord.get("once_per_game"):
        name = f"{name} · {w('once_used' if lord.get('used') else 'once_ready')}"
    return (w("lord", lord=name, ability=w.ability(lord)), "#4b3f1f",
            MUTED if lord.get("used") else GOLD, None)


def _advisor_chip(w: Words, adv: dict | None) -> tuple:
    if adv is None:
        return (w("no_advisor"), TILE, MUTED, None)
    if is_hidden(adv):
        return (w("advisor_hidden"), TILE, MUTED, "back")
    text = w("advisor", advisor=w.card(adv), intelligence=adv.get("intelligence", 0),
             payout=adv.get("payout", 0))
    if adv.get("face_up") is False:  # the owner's own view of a face-down advisor
        return (w("face_down_own", card=text), "#3a3350", TEXT, "back")
    return (text, "#3a3350", TEXT, None)


def _tiles(c: Canvas, w: Words, cities: list[dict], compact: bool, x: float, width: float,
           y: float) -> float:
    if not cities:
        c.text(x, y, w("no_cities"), BODY, MUTED)
        return y + BODY + 6
    per_row = max(1, int((width + GAP) // (TILE_W + GAP)))
    tile_w = (width - (per_row - 1) * GAP) / per_row  # stretch tiles to fill the row
    tile_h = COMPACT_TILE_H if compact else TILE_H
    flow = Flow(x, y, width, tile_h, GAP)
    for holding in cities:
        tx, ty = flow.place(tile_w - 0.5)
        _tile(c, w, holding, compact, tx, ty, tile_w - 0.5, tile_h)
    return flow.bottom


def _tile(c: Canvas, w: Words, holding: dict, compact: bool, x: float, y: float, tw: float,
          th: float) -> None:
    card = holding.get("card", {})
    c.rect((x, y, x + tw, y + th), fill=TILE)
    c.rect((x, y, x + tw, y + 8), fill=SIZE_COLORS.get(str(card.get("size")), MUTED), radius=4)
    inner = tw - 2 * TILE_PAD
    c.text(x + TILE_PAD, y + 14, w.card(card), LARGE, TEXT, bold=True, max_width=inner)
    if not compact:
        c.text(x + TILE_PAD, y + 46, w("city_stats", size=w.size(card),
                                         points=card.get("points", 0),
                                         walls=card.get("walls", 0), tax=card.get("tax", 0)),
               BODY, MUTED, max_width=inner)
    _defender(c, w, holding, x + TILE_PAD, y + th - DEFENDER_H - 8, inner)


def _defender(c: Canvas, w: Words, holding: dict, x: float, y: float, width: float) -> None:
    """Face down: a card back (its name only in the owner's own view); face up: name and
    force."""
    general = holding.get("defender", {})
    back_w = DEFENDER_H * 0.7
    if is_hidden(general) or not holding.get("face_up"):
        c.card_back((x, y, x + back_w, y + DEFENDER_H))
        text_x, text_w = x + back_w + 8, width - back_w - 8
        if is_hidden(general):
            c.text(text_x, y + DEFENDER_H / 2, w("defender_hidden"), BODY, MUTED,
                   max_width=text_w, anchor="lm")
        else:  # the owner's own view: the name, and a reminder that others cannot see it
            c.text(text_x, y + DEFENDER_H / 2, w("face_down_own", card=_general(w, general)),
                   BODY, TEXT, max_width=text_w, anchor="lm")
        return
    force_r = DEFENDER_H / 2
    c.rect((x, y, x + width, y + DEFENDER_H), fill=CARD_FACE, radius=6)
    c.dot(x + width - force_r, y + force_r, force_r - 4, RED)
    c.text(x + width - force_r, y + force_r, str(general.get("force", "?")), LARGE, TEXT,
           bold=True, anchor="mm")
    c.text(x + 8, y + DEFENDER_H / 2, w.card(general), BODY, DARK_TEXT, bold=True,
           max_width=width - 2 * force_r - 12, anchor="lm")


def _general(w: Words, general: dict) -> str:
    return w("card_general", card=w.card(general), force=general.get("force", "?"))


# ---- hand ----


def _hand(c: Canvas, w: Words, compact: bool) -> float:
    """A seat's own cards and choices; from the public view only the hands' sizes."""
    view = w.scene.view
    seat = w.scene.seat
    own = next((p for p in view.get("players", []) if p["seat"] == seat and "hand" in p), None)
    if own is None:
        return _hand_sizes(c, w, view, TOP)
    y = _card_list(c, w, w("your_hand"), own["hand"], TOP)
    for key, title in (("lord_choices", "lord_choices"), ("draft_packet", "draft_packet"),
                       ("advisor_choices", "advisor_choices")):
        if view.get(key):
            y = _card_list(c, w, w(title), view[key], y + GAP)
    drawn = (view.get("pending") or {}).get("drawn")
    if drawn:
        y = _card_list(c, w, w("drawn"), drawn, y + GAP)
    return y + MARGIN


def _hand_sizes(c: Canvas, w: Words, view: dict, y: float) -> float:
    c.text(MARGIN, y, w("hands"), LARGE, MUTED, bold=True)
    y += LARGE + ROW_GAP
    for p in view.get("players", []):
        count = p.get("hand_size", 0)
        c.dot(MARGIN + ROW_H / 2, y + ROW_H / 2, ROW_H / 2 - 6, seat_color(int(p["seat"])))
        c.text(MARGIN + ROW_H + 8, y + ROW_H / 2, w("hand_count", who=w.seat(int(p["seat"])),
                                                     count=count), LARGE, TEXT, anchor="lm")
        for k in range(min(count, 12)):
            bx = MARGIN + 520 + k * 40
            c.card_back((bx, y + 4, bx + 30, y + ROW_H - 4))
        y += ROW_H + ROW_GAP
    return y + MARGIN


def _card_list(c: Canvas, w: Words, title: str, cards: list[dict], y: float) -> float:
    """A titled list of face-up cards, one chip each, in the colour of its kind."""
    c.text(MARGIN, y, title, LARGE, MUTED, bold=True)
    y += LARGE + ROW_GAP
    if not cards:
        c.text(MARGIN, y, w("hand_empty"), BODY, MUTED)
        return y + BODY + 6
    chips = [(_card_line(w, card), KIND_COLORS.get(str(card.get("kind")), TILE), TEXT, None)
             for card in cards if not is_hidden(card)]
    return chip_rows(c, chips, MARGIN, WIDTH - 2 * MARGIN, y)


def _card_line(w: Words, card: dict) -> str:
    """A card with what a player decides by: a general's force, a city's numbers, a
    stratagem's kind; a lord's ability and an advisor's intelligence."""
    kind = card.get("kind")
    if kind == "general":
        return _general(w, card)
    if kind == "city":
        return w("card_city", card=w.card(card), size=w.size(card), cost=card.get("cost", 0),
                 walls=card.get("walls", 0), tax=card.get("tax", 0),
                 points=card.get("points", 0))
    if kind == "stratagem":
        kind_term = Term(f"record.type.{card.get('type', 'general')}")
        return w("card_contest" if card.get("contest") else "card_stratagem",
                 card=w.card(card), type=kind_term)
    if "intelligence" in card:
        return w("advisor", advisor=w.card(card), intelligence=card["intelligence"],
                 payout=card.get("payout", 0))
    if "ability_en" in card:
        return w("lord", lord=w.card(card), ability=w.ability(card))
    return w.card(card)


# ---- decks ----


def _decks(c: Canvas, w: Words, compact: bool) -> float:
    view = w.scene.view
    chips: list[tuple] = [(w("target", target=view.get("target", 0),
                             bonus=view.get("bonus_value", 0)), TILE, TEXT, None)]
    if view.get("start_player") is not None:
        chips.append((w("start_player", who=w.seat(view["start_player"])), TILE, TEXT,
                      "start"))
    if view.get("first_to_target") is not None:
        chips.append((w("first", who=w.seat(view["first_to_target"])), TILE, GOLD, None))
    if view.get("end_triggered"):
        over = view.get("phase") == "over"
        key = ("ended_" if over else "change.end_") + \
            ("target" if view.get("end_reason") == "target" else "deck")
        chips.append((w(key), RED, TEXT, None))
    y = chip_rows(c, chips, MARGIN, WIDTH - 2 * MARGIN, TOP)
    decks = view.get("decks", {})
    counts = [(w("deck", deck=Term(f"record.deck.{name}"), count=decks[name]), PANEL, TEXT,
               "back") for name in ("game", "stratagem", "city_general", "advisor", "battle")
              if decks.get(name) is not None]
    counts.append((w("discard", count=decks.get("discard", 0)), PANEL, TEXT, "back"))
    y = chip_rows(c, counts, MARGIN, WIDTH - 2 * MARGIN, y + GAP)
    top = list(reversed(view.get("discard_top") or []))  # newest first
    return _card_list(c, w, w("discard_top"), top, y + GAP) + MARGIN if top else y + MARGIN


# ---- scores ----

COLUMNS = (("col_player", 0), ("col_cities", 420), ("col_bonus", 780), ("col_total", 900),
           ("col_coins", 1020))


def _scores(c: Canvas, w: Words, compact: bool) -> float:
    """Each city's points and their sum, the first-to-target bonus, the total and coins,
    best first (the engine's ranking once the game is over)."""
    view = w.scene.view
    result = view.get("result")
    c.text(MARGIN, TOP, w("scores_final" if result else "scores_now"), LARGE, MUTED, bold=True)
    y: float = TOP + LARGE + ROW_GAP
    for key, x in COLUMNS:
        c.text(MARGIN + x, y, w(key), BODY, MUTED, max_width=WIDTH - 2 * MARGIN - x)
    y += BODY + ROW_GAP
    players = {p["seat"]: p for p in view.get("players", [])}
    winners = set((result or {}).get("winners", []))
    for rank, seat in enumerate(_ranking(view), 1):
        y = _score_row(c, w, players[seat], rank, seat in winners, y) + ROW_GAP
    return y + MARGIN


def _ranking(view: dict) -> list[int]:
    result = view.get("result")
    if result and result.get("scores"):
        return [s["seat"] for s in result["scores"]]
    players = view.get("players", [])
    return [p["seat"] for p in sorted(players, key=lambda p: (-p.get("points", 0),
                                                             -p.get("coins", 0), p["seat"]))]


def _score_row(c: Canvas, w: Words, p: dict, rank: int, winner: bool, y: float) -> float:
    seat = int(p["seat"])
    points = sorted(int(h.get("card", {}).get("points", 0)) for h in p.get("cities", []))
    cities = f"{' + '.join(map(str, points))} = {sum(points)}" if points else "0"
    bonus = p.get("bonus", 0)
    c.rect((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=GOLD if winner else PANEL,
           outline=seat_color(seat), width=3)
    ink = DARK_TEXT if winner else TEXT
    mid = y + ROW_H / 2
    c.text(MARGIN + 12, mid, f"{w('rank', rank=rank)} {w.seat(seat)}", LARGE, ink, bold=True,
           max_width=COLUMNS[1][1] - 24, anchor="lm")
    cells = (cities, str(bonus), str(p.get("points", 0)),
             str(p.get("coins", 0)))
    rights = (COLUMNS[2][1], COLUMNS[3][1], COLUMNS[4][1], WIDTH - 2 * MARGIN)
    for k, ((_, x), cell, right) in enumerate(zip(COLUMNS[1:], cells, rights, strict=True)):
        c.text(MARGIN + x, mid, cell, LARGE, ink, bold=k == 2, anchor="lm",
               max_width=right - x - 12)
    return y + ROW_H
