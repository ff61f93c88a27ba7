"""The Redux board's shared tracks: round, bid order and action order, office, tribal
friendship and military score.

Every nation's marker sits on one common drawing of each track, as on the board, so the
race (who is nearest the Emperor office, whose tribe will rebel) reads at a glance. The
track lengths come from the rulebook's fixed numbers, never from the view.
"""

from __future__ import annotations

from games.redux.rules import LAST_ROUND, OFFICES, RECRUIT_ROUNDS, TRIBE_BONUS, TRIBE_MAX
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, ROW_GAP, Flow, boxed, wrap
from rendering.kit.theme import (
    AMBER,
    BODY,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TILE,
)
from rendering.redux.style import ALLIANCE_COLOR, Table

LABEL_W = 150
CELL_H = 58
OFFICE_H = 82
MARKER_R = 9
BAR_H = 30


def draw_order(c: Canvas, t: Table, y: float) -> float:
    """Round track (recruitment rounds outlined), then the bid and action order tracks.
    The allies are positions 2 and 3 of this round's bid order, which becomes the action
    order at R8.2 (the bid order track then shows next round's order): they are marked on
    whichever track holds this round's order. After the last round there is no next order."""
    y = _round_track(c, t, y)
    acting = t.view.get("action_order") or []
    if t.view.get("step") != "over":
        y = _order_row(c, t, t.say(c, "redux.board.bid_order" if not acting
                                   else "redux.board.next_bid_order"),
                       t.view.get("bid_order") or [], y + ROW_GAP, not acting)
    if acting:
        y = _order_row(c, t, t.say(c, "redux.board.action_order"), acting, y + ROW_GAP, True)
    return y


def _round_track(c: Canvas, t: Table, y: float) -> float:
    current = int(t.view.get("round") or 0)
    c.text(MARGIN, y + CHIP_H / 2, t.say(c, "redux.board.round_track"), BODY, MUTED,
           max_width=LABEL_W - 8, anchor="lm")
    x0 = MARGIN + LABEL_W
    cell = (INNER - LABEL_W) / LAST_ROUND
    for n in range(1, LAST_ROUND + 1):
        x = x0 + (n - 1) * cell
        now = n == current
        fill = GOLD if now else TILE if n > current else PANEL
        c.rect((x + 2, y, x + cell - 2, y + CHIP_H), fill=fill,
               outline=AMBER if n in RECRUIT_ROUNDS else None, width=2, radius=6)
        c.text(x + cell / 2, y + CHIP_H / 2, str(n), BODY, DARK_TEXT if now else
               TEXT if n > current else MUTED, bold=now, anchor="mm")
    c.text(x0, y + CHIP_H + 4, t.say(c, "redux.board.recruit_rounds"), SMALL, MUTED,
           max_width=INNER - LABEL_W)
    return y + CHIP_H + 4 + SMALL + 4


def _order_row(c: Canvas, t: Table, title: str, seats: list[int], y: float,
               bidding: bool) -> float:
    """Positions 1-3 with each nation's chip; when `bidding` (this round's order) the allies
    are marked, and the one who chooses the alliance action."""
    alliance = t.view.get("alliance") or {}
    allies = set(alliance.get("allies") or [])
    chooser = alliance.get("chooser")
    c.text(MARGIN, y + CHIP_H / 2, title, BODY, MUTED, max_width=LABEL_W - 8, anchor="lm")
    flow = Flow(MARGIN + LABEL_W, y, INNER - LABEL_W, CHIP_H)
    for pos, seat in enumerate(seats, 1):
        key = "redux.board.order_pos"
        if bidding and seat == chooser:
            key = "redux.board.order_chose" if alliance.get("action") else \
                "redux.board.order_chooses"
        elif bidding and seat in allies:
            key = "redux.board.order_ally"
        text = t.say(c, key, pos=pos, who=t.who(c, seat))
        width = min(c.chip_width(text, BODY, True), INNER - LABEL_W)
        x, cy = flow.place(width)
        outline = ALLIANCE_COLOR if bidding and seat in allies else None
        c.chip(x, cy, text, t.color(seat), DARK_TEXT, BODY, True, max_width=width,
               outline=outline)
    return flow.bottom


def draw_standing_tracks(c: Canvas, t: Table, y: float) -> float:
    """Office, tribal friendship and military score in one panel."""
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _tracks_body(cc, t, top))


def _tracks_body(c: Canvas, t: Table, y: float) -> float:
    players = t.view.get("players", [])
    x, w = MARGIN + PAD, INNER - 2 * PAD
    offices = [t.office(c, rank) for rank in range(len(OFFICES))]
    y = _cells(c, t, t.say(c, "redux.board.office"), offices,
               {p["seat"]: int(p.get("office", 0)) for p in players}, x, w, y, {}, OFFICE_H)
    bonus = {v - 1: f"+{vp}" for v, vp in TRIBE_BONUS.items()}
    y = _cells(c, t, t.say(c, "redux.board.tribes"), [str(n) for n in range(1, TRIBE_MAX + 1)],
               {p["seat"]: int(p.get("tribal", 1)) - 1 for p in players}, x, w, y + GAP, bonus)
    c.text(x + LABEL_W, y + 4, t.say(c, "redux.board.tribe_bonus_cells"), SMALL, MUTED,
           max_width=w - LABEL_W)
    return _military(c, t, players, x, w, y + 4 + SMALL + GAP)


def _cells(c: Canvas, t: Table, title: str, labels: list[str], at: dict[int, int],
           x: float, w: float, y: float, notes: dict[int, str], cell_h: float = CELL_H) -> float:
    """A track of equal cells, each nation's marker in the cell it stands on; `notes` are
    small gold texts printed on cells (the tribal bonus spaces). A label wraps onto as many
    lines as the cell height leaves above the markers."""
    c.text(x, y + cell_h / 2, title, BODY, MUTED, max_width=LABEL_W - 8, anchor="lm")
    cell = (w - LABEL_W) / len(labels)
    lines_max = max(1, int((cell_h - 2 * MARKER_R - 10) // (SMALL + 4)))
    for i, label in enumerate(labels):
        cx = x + LABEL_W + i * cell
        here = [s for s, v in at.items() if v == i]
        c.rect((cx + 2, y, cx + cell - 2, y + cell_h), fill=TILE if here else PANEL,
               outline=GOLD if i in notes else None, width=2, radius=6)
        note = notes.get(i, "")
        note_w = c.measure(note, SMALL) + 6 if note else 0
        lines = wrap(c, label, SMALL, cell - 14 - note_w)
        for n, line in enumerate(lines[:lines_max]):
            c.text(cx + 8, y + 4 + n * (SMALL + 4), line, SMALL, TEXT if here else MUTED,
                   max_width=cell - 14 - note_w)
        if note:
            c.text(cx + cell - 8, y + 4, note, SMALL, GOLD, anchor="ra")
        for k, seat in enumerate(sorted(here)):
            mx = cx + 8 + MARKER_R + k * (2 * MARKER_R + 4)
            c.dot(mx, y + cell_h - MARKER_R - 6, MARKER_R, t.color(seat), DARK_TEXT)
    return y + cell_h


def _military(c: Canvas, t: Table, players: list[dict], x: float, w: float, y: float) -> float:
    """One bar per nation, scaled to the highest score (the track has no fixed end)."""
    top = max([int(p.get("military", 0)) for p in players] + [1])
    bar_w = w - LABEL_W - 60
    for i, p in enumerate(players):
        by = y + i * (BAR_H + 6)
        if i == 0:
            c.text(x, by + BAR_H / 2, t.say(c, "redux.board.military"), BODY, MUTED,
                   max_width=LABEL_W - 8, anchor="lm")
        value = int(p.get("military", 0))
        c.rect((x + LABEL_W, by, x + LABEL_W + bar_w, by + BAR_H), fill=PANEL, radius=6)
        if value > 0:
            c.rect((x + LABEL_W, by, x + LABEL_W + bar_w * value / top, by + BAR_H),
                   fill=t.color(int(p["seat"])), radius=6)
        c.text(x + LABEL_W + 10, by + BAR_H / 2, t.short(c, int(p["seat"])), SMALL, DARK_TEXT
               if value > 0 else TEXT, bold=True, anchor="lm")
        c.text(x + w, by + BAR_H / 2, str(value), BODY, TEXT, bold=True, anchor="rm")
    return y + len(players) * (BAR_H + 6) - 6
