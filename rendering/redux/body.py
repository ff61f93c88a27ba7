"""The Redux overview: the image posted after each phase, made for a phone.

At the top the shared headline (rendering/kit/headline.py): round and step, who is awaited,
each nation's victory points as they would stand now with their change, and what changed.
Below, what every player must see in any step, at 24 px or more: the bid or action order
with the alliance and the Han Emperor token, the actions bid on (each side's bids, who leads
or won), and one table of the three nations side by side (supply, tracks, generals, cards).
At the end the final score sheet takes the place of the bids and the table.

The rest (the action tiles with every bid's extras, the borders' regions, the full nation
panels with a seat's own hand, the tracks, decks and supply) is in the parts
(rendering/redux/parts.py). The overview never grows past OVERVIEW_MAX: the bids get the room
the rest leaves, and a line counts the actions that did not fit.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from rendering.kit.canvas import Canvas
from rendering.kit.headline import draw_headline
from rendering.kit.layout import GAP, INNER, MARGIN, OVERVIEW_HEIGHT, WIDTH, Flow
from rendering.kit.scene import Scene
from rendering.kit.theme import BG, DARK_TEXT, GOLD, MUTED, PANEL, RED, TEXT, TILE
from rendering.redux.actions import is_side, side_label
from rendering.redux.changes import headline
from rendering.redux.score import category_name
from rendering.redux.style import ALLIANCE_COLOR, Table

MAX_H = OVERVIEW_HEIGHT
TEXT_PX = 24  # the overview's body text: legible on a phone once the image is tapped
CHIP = 40
ROW = 40
HEAD_ROW = 48
LABEL_W = 420
NAME_W = 380
STRIPE = "#1d2027"  # every other row of a table, a shade off the page


def draw_overview(c: Canvas, t: Table, scene: Scene) -> float:
    """Headline, then the body; returns the height used (never past MAX_H)."""
    y = draw_headline(c, scene, headline(c, t, scene.before), MARGIN, MARGIN, INNER)
    if t.view.get("result"):
        return _final(c, t, y) + MARGIN
    y = _orders(c, t, y)
    table_h = _nations(c.twin(), t, 0)
    y = _bids(c, t, y + GAP, MAX_H - MARGIN - GAP - table_h)
    return _nations(c, t, y + GAP) + MARGIN


# -- the orders, the alliance and the Han Emperor token -------------------------------------
def _orders(c: Canvas, t: Table, y: float) -> float:
    """'Bid order 1 Wei 2 Wu 3 Shu' (the action order once R8.2 set it), then the alliance
    and the holder of the Han Emperor token, as chips in the nations' colours."""
    view = t.view
    acting = view.get("action_order") or []
    order = acting or view.get("bid_order") or []
    flow = Flow(MARGIN, y, INNER, CHIP, GAP)
    label = t.say(c, "redux.board.action_order" if acting else "redux.board.bid_order")
    lx, ly = flow.place(c.measure(label, TEXT_PX))
    c.text(lx, ly + CHIP / 2, label, TEXT_PX, MUTED, anchor="lm")
    for pos, seat in enumerate(order, 1):
        _chip(c, flow, t.say(c, "redux.board.place", pos=pos, nation=t.nation_param(seat)),
              t.color(seat), DARK_TEXT, bold=True)
    alliance = view.get("alliance") or {}
    allies = "+".join(t.short(c, s) for s in alliance.get("allies") or [])
    if view.get("step") != "over" and allies:
        text = t.say(c, "redux.board.alliance_on", allies=allies,
                      action=t.action(c, alliance["action"])) if alliance.get("action") \
            else t.say(c, "redux.board.alliance_open", allies=allies)
        _chip(c, flow, text, ALLIANCE_COLOR, DARK_TEXT)
    holder = view.get("emperor_holder")
    if holder is not None:
        _chip(c, flow, t.say(c, "redux.board.emperor_holder", who=t.short(c, int(holder))),
              TILE, GOLD)
    return flow.bottom


def _chip(c: Canvas, flow: Flow, text: str, fill: str, color: str, bold: bool = False,
          outline: str | None = None) -> None:
    w = min(c.measure(text, TEXT_PX, bold) + 24, flow.width)
    x, y = flow.place(w)
    c.rect((x, y, x + w, y + CHIP), fill=fill, outline=outline, width=3)
    c.text(x + 12, y + CHIP / 2, text, TEXT_PX, color, bold, max_width=w - 24, anchor="lm",
           min_size=TEXT_PX)


# -- the actions bid on ----------------------------------------------------------------------
def _bids(c: Canvas, t: Table, y: float, bottom: float) -> float:
    """One row per action with bids or winners, as many as fit above `bottom`."""
    rows = [a for a in t.view.get("actions", []) if a.get("bids") or a.get("winners")]
    if not rows:
        c.text(MARGIN, y, t.say(c, "redux.board.no_bids_yet"), TEXT_PX, MUTED, max_width=INNER,
               min_size=TEXT_PX)
        return y + TEXT_PX + 8
    for n, action in enumerate(rows):
        height = _bid_row(c.twin(), t, action, y) - y
        room = bottom - (TEXT_PX + 8 if n < len(rows) - 1 else 0)
        if y + height > room:
            c.text(MARGIN, y + 4, t.say(c, "redux.board.more_actions", count=len(rows) - n),
                   TEXT_PX, MUTED, max_width=INNER, min_size=TEXT_PX)
            return y + TEXT_PX + 8
        if n % 2 and not c.dry:
            c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=STRIPE, radius=6)
        y = _bid_row(c, t, action, y)
    return y


def _bid_row(c: Canvas, t: Table, action: dict, y: float) -> float:
    """The action's name, its bids (general and value) in the bidders' colours, and the side
    that leads or won with its total."""
    flow = Flow(MARGIN + NAME_W + GAP, y + 4, INNER - NAME_W - GAP, CHIP, 8)
    for bid in sorted(action.get("bids", []), key=lambda b: b.get("seq", 0)):
        text = t.say(c, "redux.board.bid", general=t.named("general", bid, "general",
                                                            "general_name"),
                     value=bid.get("value", ""))
        _chip(c, flow, text, t.color(int(bid["seat"])), DARK_TEXT)
    _outcome(c, t, action, flow)
    c.text(MARGIN + 8, y + 4 + CHIP / 2, t.action(c, str(action.get("id"))), TEXT_PX,
           TEXT, bold=True, max_width=NAME_W - 8, anchor="lm", min_size=TEXT_PX)
    return flow.bottom + 4


def _outcome(c: Canvas, t: Table, action: dict, flow: Flow) -> None:
    """The winning side filled in its colour, else the leading side outlined."""
    totals = action.get("totals") or {}
    winners = set(action.get("winners") or [])
    ahead = winners or set(action.get("leading") or [])
    for key, value in totals.items():
        if not is_side(t, key, ahead):
            continue
        name, color = side_label(c, t, key)
        if winners:
            _chip(c, flow, t.say(c, "redux.board.side_won", side=name, value=value), color,
                  DARK_TEXT, bold=True)
        else:
            _chip(c, flow, t.say(c, "redux.board.side_leads", side=name, value=value), PANEL,
                  TEXT, bold=True, outline=color)
    if winners and not any(is_side(t, key, winners) for key in totals):
        names = "+".join(t.short(c, s) for s in sorted(winners))
        _chip(c, flow, t.say(c, "redux.board.won_by", side=names), t.color(min(winners)),
              DARK_TEXT, bold=True)


# -- the nations side by side ----------------------------------------------------------------
def _nations(c: Canvas, t: Table, y: float) -> float:
    """A row per thing a player compares (supply, tracks, generals, cards), a column per
    nation; a deficit is red."""
    players = t.view.get("players", [])
    if not players:
        return y
    col = (INNER - LABEL_W) / len(players)
    rows = _nation_rows(c, t, players)
    if c.image is not None:
        c.image.paste(_grid(len(rows), len(players)), (0, int(y)))
    for i, p in enumerate(players):
        x = MARGIN + LABEL_W + i * col
        seat = int(p["seat"])
        c.rect((x + 4, y + 4, x + col - 4, y + HEAD_ROW - 4), fill=t.color(seat), radius=6)
        c.text(x + col / 2, y + HEAD_ROW / 2, t.who(c, seat), TEXT_PX, DARK_TEXT, bold=True,
               max_width=col - 16, anchor="mm", min_size=TEXT_PX)
    y += HEAD_ROW
    for label, values, alarm in rows:
        c.text(MARGIN + 10, y + ROW / 2, label, TEXT_PX, MUTED, max_width=LABEL_W - 16,
               anchor="lm", min_size=TEXT_PX)
        for i, value in enumerate(values):
            c.text(MARGIN + LABEL_W + (i + 0.5) * col, y + ROW / 2, value, TEXT_PX,
                   RED if alarm[i] else TEXT, bold=alarm[i], max_width=col - 12, anchor="mm",
                   min_size=TEXT_PX)
        y += ROW
    return y


@cache
def _grid(rows: int, columns: int) -> Image.Image:
    """The nations table's stripes, drawn once per shape and pasted (a static layer)."""
    image = Image.new("RGB", (WIDTH, HEAD_ROW + rows * ROW), BG)
    draw = ImageDraw.Draw(image)
    for n in range(rows):
        if n % 2 == 0:
            top = HEAD_ROW + n * ROW
            draw.rounded_rectangle((MARGIN, top + 2, MARGIN + INNER, top + ROW - 2), radius=6,
                                   fill=STRIPE)
    return image


def _nation_rows(c: Canvas, t: Table, players: list[dict]) -> list[tuple[str, list[str],
                                                                           list[bool]]]:
    """(label, a value per nation, which values alarm)."""
    def row(key: str, values: list[str], alarm: list[bool] | None = None) -> None:
        rows.append((t.say(c, f"redux.board.row_{key}"), values, alarm or [False] * len(values)))

    rows: list[tuple[str, list[str], list[bool]]] = []
    row("supply", [f"{p.get('gold', 0)} · {p.get('rice', 0)} · {p.get('support', 0)}"
                   for p in players])
    row("armies", [f"{_get(p, 'armies', 'untrained')} / {_get(p, 'armies', 'trained')}"
                   for p in players])
    row("weapons", [" · ".join(str(_get(p, "weapons", w)) for w in
                               ("spear", "horse", "crossbow", "ship")) for p in players])
    row("development", [f"{_get(p, 'farm', 'level')} · {_get(p, 'market', 'level')}"
                        for p in players])
    row("tribal", [str(p.get("tribal", 0)) for p in players])
    row("military", [str(p.get("military", 0)) for p in players])
    row("office", [t.office(c, int(p.get("office", 0))) for p in players])
    row("generals", [_generals(p) for p in players])
    row("cards", [f"{p.get('hand_count', 0)} · {len(p.get('built') or [])}" for p in players])
    row("regions", [str(len(p.get("occupations") or [])) for p in players])
    deficits = [int(p.get("deficits", 0)) for p in players]
    row("deficits", [str(d) for d in deficits], [d > 0 for d in deficits])
    if t.view.get("action_order"):
        row("won", [str(p.get("successes", 0)) for p in players])
    return rows


def _get(player: dict, field: str, key: str) -> int:
    return int((player.get(field) or {}).get(key, 0))


def _generals(player: dict) -> str:
    """'3 / 6': generals free to place now, of those recruited and revealed; '+2' face down."""
    generals = player.get("generals") or []
    free = sum(1 for g in generals if g.get("status", "available") == "available")
    hidden = int(player.get("hidden_count", 0))
    return f"{free} / {len(generals)}" + (f" +{hidden}" if hidden else "")


# -- the end ----------------------------------------------------------------------------------
def _final(c: Canvas, t: Table, y: float) -> float:
    """The engine's result: a column per nation, best first, every category and the total;
    the winner's column framed in gold."""
    result = t.view.get("result") or {}
    reason = str(result.get("reason") or "")
    if reason:
        c.text(MARGIN, y, t.say(c, "redux.board.game_over", reason=reason), TEXT_PX, MUTED,
               max_width=INNER, min_size=TEXT_PX)
        y += TEXT_PX + GAP
    scores = result.get("scores") or []
    if not scores:
        return y
    keys = [k for s in scores for k in s.get("categories", {})]
    keys = list(dict.fromkeys(keys))
    col = (INNER - LABEL_W) / len(scores)
    winners = set(result.get("winners") or [])
    rows = len(keys) + 1
    if c.image is not None:
        c.image.paste(_grid(rows, len(scores)), (0, int(y)))
    for i, score in enumerate(scores):
        seat = int(score["seat"])
        x = MARGIN + LABEL_W + i * col
        if seat in winners:
            c.rect((x + 2, y, x + col - 2, y + HEAD_ROW + rows * ROW), outline=GOLD, width=3)
        c.rect((x + 6, y + 4, x + col - 6, y + HEAD_ROW - 4), fill=t.color(seat), radius=6)
        top = t.say(c, "redux.board.winner" if seat in winners else "redux.board.rank",
                    rank=i + 1, nation=t.nation_param(seat))
        c.text(x + col / 2, y + HEAD_ROW / 2, top, TEXT_PX, DARK_TEXT, bold=True,
               max_width=col - 16, anchor="mm", min_size=TEXT_PX)
    y += HEAD_ROW
    for key in keys:
        values = [s.get("categories", {}).get(key, 0) for s in scores]
        _score_row(c, category_name(c, t, key), [str(v) for v in values], y, col,
                   [v == 0 for v in values])
        y += ROW
    totals = [str(s.get("total", 0)) for s in scores]
    _score_row(c, t.say(c, "redux.board.total"), totals, y, col, [False] * len(totals), True)
    return y + ROW


def _score_row(c: Canvas, label: str, values: list[str], y: float, col: float,
               muted: list[bool], total: bool = False) -> None:
    color = GOLD if total else TEXT
    c.text(MARGIN + 10, y + ROW / 2, label, TEXT_PX, color, bold=total, max_width=LABEL_W - 16,
           anchor="lm", min_size=TEXT_PX)
    for i, value in enumerate(values):
        c.text(MARGIN + LABEL_W + (i + 0.5) * col, y + ROW / 2, value, TEXT_PX,
               MUTED if muted[i] and not total else color, bold=total, max_width=col - 12,
               anchor="mm", min_size=TEXT_PX)

