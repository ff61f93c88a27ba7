"""The "turns" part: the turn track (W3, W5: each turn's year, its period, the scoring turns
of the scenario in gold, the current turn lit), the cup (W6: the markers still to be drawn
this turn), the 天命札 revealed this turn with what each says, the cards left in each
period's deck, and the VP each player banked on each scoring turn (W29.2) with the total.
"""

from __future__ import annotations

from typing import Any

from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, MARGIN
from rendering.kit.theme import DARK_TEXT, GOLD, MUTED, NAME, PANEL, TEXT, TILE
from rendering.wargame.chips import Chips, chips
from rendering.wargame.style import GOZOKU, TEXT_SIZE, Table, board_data, ink_on, short

CELL_W = 80
CELL_H = 2 * TEXT_SIZE + 34
ROW_H = TEXT_SIZE + 22
NAME_W = 360


def draw_turns(c: Canvas, t: Table, y: float, width: float) -> float:
    y = _track(c, t, y, width)
    for title, items in ((t.say("turns.cup"), _cup(t)), (t.say("turns.cards"), _cards(t)),
                         (t.say("turns.decks"), _decks(t))):
        if items:
            c.text(MARGIN, y + GAP, title, NAME, TEXT, bold=True, max_width=width,
                   min_size=TEXT_SIZE)
            y = chips(c, items, MARGIN, y + GAP + NAME + 10, width)
    return _banked(c, t, y + GAP, width)


def _scenario(t: Table) -> dict[str, Any]:
    return board_data().scenarios[str(t.view.get("scenario") or "S2")]


def _track(c: Canvas, t: Table, y: float, width: float) -> float:
    """A cell per turn of the scenario: the turn and its year; periods in alternate shades,
    scoring turns framed in gold, the current turn lit."""
    scenario = _scenario(t)
    first, last = int(scenario["first_turn"]), int(scenario["last_turn"])
    scoring = set(scenario["scoring"].get("score_turns") or [])
    now = int(t.view.get("turn") or 0)
    per_row = max(1, int(width // CELL_W))
    data = board_data()
    for n, turn in enumerate(range(first, last + 1)):
        x = MARGIN + (n % per_row) * CELL_W
        top = y + (n // per_row) * (CELL_H + 8)
        lit = turn == now
        fill = GOLD if lit else TILE if data.period_of(turn) % 2 else PANEL
        c.rect((x, top, x + CELL_W - 6, top + CELL_H), fill=fill,
               outline=GOLD if turn in scoring and not lit else None, width=4, radius=6)
        ink = DARK_TEXT if lit else TEXT if turn >= now else MUTED
        c.text(x + (CELL_W - 6) / 2, top + CELL_H / 4 + 3, str(turn), TEXT_SIZE, ink, bold=True,
               anchor="mm")
        c.text(x + (CELL_W - 6) / 2, top + CELL_H * 3 / 4 - 3, str(data.year_of(turn)),
               TEXT_SIZE, ink, anchor="mm")
    rows = (last - first) // per_row + 1
    y += rows * (CELL_H + 8)
    notes: Chips = [(t.say("turns.scoring"), PANEL, GOLD),
                    (t.say("turns.period", period=int(t.view.get("period") or 1)), TILE, TEXT)]
    return chips(c, notes, MARGIN, y, width)


def _cup(t: Table) -> Chips:
    out: Chips = []
    for mid in t.view.get("cup") or []:
        if mid == "relax":
            out.append((t.term("wargame.marker.relax"), TILE, TEXT))
            continue
        fill = t.colour(mid)
        out.append((short(t.power(mid)) if mid != GOZOKU else t.power(mid), fill, ink_on(fill)))
    return out


def _cards(t: Table) -> Chips:
    """Each revealed card: its id and what it does (a general enters or exits, or nothing)."""
    out: Chips = []
    for cid in t.view.get("revealed") or []:
        card = board_data().cards.get(cid) or {}
        kind = str(card.get("kind") or "none")
        if kind in ("enter", "exit") and card.get("general"):
            text = t.say(f"turns.card.{kind}", card=cid, general=short(t.general(card["general"])))
        else:
            text = t.say("turns.card.none", card=cid)
        out.append((text, TILE, TEXT))
    return out


def _decks(t: Table) -> Chips:
    left = t.view.get("deck_left") or {}
    now = int(t.view.get("period") or 0)
    return [(t.say("turns.deck", period=int(p), count=int(n)), TILE if int(p) == now else PANEL,
             TEXT if int(p) == now else MUTED) for p, n in sorted(left.items(), key=lambda kv:
                                                                  int(kv[0])) if int(p) >= now]


def _banked(c: Canvas, t: Table, y: float, width: float) -> float:
    """A row per player: name and nation, its VP on each scoring turn so far, its total."""
    turns = [int(x) for x in _scenario(t)["scoring"].get("score_turns") or []]
    players = t.players()
    if not players or not turns:
        return y - GAP
    c.text(MARGIN, y, t.say("turns.banked"), NAME, TEXT, bold=True, max_width=width,
           min_size=TEXT_SIZE)
    y += NAME + 10
    col = (width - NAME_W) / (len(turns) + 1)
    heads = [t.say("turns.turn", turn=x) for x in turns] + [t.say("turns.total")]
    for k, head in enumerate(heads):
        c.text(MARGIN + NAME_W + (k + 0.5) * col, y + ROW_H / 2, head, TEXT_SIZE, MUTED,
               bold=True, anchor="mm", max_width=col - 8, min_size=TEXT_SIZE)
    y += ROW_H
    for seat, player in enumerate(players):
        if seat % 2 == 0:
            c.rect((MARGIN, y, MARGIN + width, y + ROW_H), fill=PANEL, radius=4)
        nid = player.get("nation")
        who = t.name(c, seat) + (f" · {short(t.power(nid))}" if nid else "")
        c.text(MARGIN + 10, y + ROW_H / 2, who, TEXT_SIZE, t.seat_colour(seat), bold=True,
               anchor="lm", max_width=NAME_W - 20, min_size=TEXT_SIZE)
        scores = player.get("scores") or {}
        values = [str(scores[str(x)]) if str(x) in scores else "–" for x in turns]
        values.append(str(int(player.get("banked") or 0)))
        for k, value in enumerate(values):
            c.text(MARGIN + NAME_W + (k + 0.5) * col, y + ROW_H / 2, value, TEXT_SIZE,
                   GOLD if k == len(turns) else TEXT, bold=k == len(turns), anchor="mm")
        y += ROW_H
    return y
