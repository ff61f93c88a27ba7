"""The Redux overview: the image posted after each phase, made for a phone.

At the top the shared headline (rendering/kit/headline.py): round and step, who is awaited,
each nation's victory points as they would stand now with their change, and what changed.
Below, what every player must see in any step, at `OVERVIEW_TEXT` px (above the phone floor):
the bid or action order with the alliance and the Han Emperor token, the actions bid on (each
side's bids, who leads or won), and one table of the three nations side by side (supply,
tracks, generals, cards). At the end the final score sheet takes the place of the bids and
the table. A name or caption too wide for its cell wraps onto more lines, never cut short.

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
from rendering.kit.layout import GAP, INNER, MARGIN, OVERVIEW_HEIGHT, WIDTH, Flow, wrap
from rendering.kit.scene import Scene
from rendering.kit.theme import BG, DARK_TEXT, GOLD, MUTED, PANEL, RED, TEXT, TILE
from rendering.kit.views import player_name
from rendering.redux.actions import is_side, side_label
from rendering.redux.changes import headline
from rendering.redux.score import category_name
from rendering.redux.style import (
    ALLIANCE_COLOR,
    OVERVIEW_CHIP,
    OVERVIEW_LINE,
    OVERVIEW_TEXT,
    Table,
)

MAX_H = OVERVIEW_HEIGHT
TEXT_PX = OVERVIEW_TEXT
CHIP = OVERVIEW_CHIP
LINE = OVERVIEW_LINE
CELL_PAD = 3  # above and below a table cell's lines
LABEL_W = 480  # the table's labels and the bids' action names
NAME_W = LABEL_W
NAME_LINES = 2  # a player's name under its nation's at the head of a column
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
    """The action's name (wrapped, never cut), its bids (general and value) in the bidders'
    colours, and the side that leads or won with its total."""
    flow = Flow(MARGIN + NAME_W + GAP, y + 4, INNER - NAME_W - GAP, CHIP, 8)
    for bid in sorted(action.get("bids", []), key=lambda b: b.get("seq", 0)):
        text = t.say(c, "redux.board.bid", general=t.named("general", bid, "general",
                                                            "general_name"),
                     value=bid.get("value", ""))
        _chip(c, flow, text, t.color(int(bid["seat"])), DARK_TEXT)
    _outcome(c, t, action, flow)
    lines = _lines(c, t.action(c, str(action.get("id"))), NAME_W - 8, True)
    for n, line in enumerate(lines):
        c.text(MARGIN + 8, y + 4 + CHIP / 2 + n * LINE, line, TEXT_PX, TEXT, bold=True,
               anchor="lm")
    return max(flow.bottom, y + 4 + CHIP + (len(lines) - 1) * LINE) + 4


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
Row = tuple[str, list[str], list[str], bool]  # label, a value per column, their colours, bold
Head = tuple[str, str, str]  # a column's title (bold), the line under it, its fill


def _nations(c: Canvas, t: Table, y: float) -> float:
    """A row per thing a player compares (supply, tracks, generals, cards), a column per
    nation headed by its name and its player's; a deficit is red."""
    players = t.view.get("players", [])
    if not players:
        return y
    heads = [(t.nation_name(c, int(p["seat"])), player_name(t.names, int(p["seat"]), c),
              t.color(int(p["seat"]))) for p in players]
    rows: list[Row] = [(label, values, [RED if a else TEXT for a in alarm], False)
                       for label, values, alarm in _nation_rows(c, t, players)]
    return _table(c, heads, rows, y)


def _table(c: Canvas, heads: list[Head], rows: list[Row], y: float,
           framed: frozenset[int] = frozenset()) -> float:
    """Labels on the left, a column per head; every cell's text wraps to its width (a
    player's long name, an office in Korean), and its row grows to hold it. The `framed`
    columns are outlined in gold (the winners)."""
    col = (INNER - LABEL_W) / len(heads)
    tops = [[title, *_name_lines(c, under, col - 16)] for title, under, _ in heads]
    head_h = max(len(lines) for lines in tops) * LINE + 2 * CELL_PAD
    cells = [(_lines(c, label, LABEL_W - 16, bold),
              [_lines(c, value, col - 12, bold) for value in values])
             for label, values, _, bold in rows]
    heights = tuple(max(len(lab), *(len(v) for v in vals)) * LINE + 2 * CELL_PAD
                    for lab, vals in cells)
    if c.image is not None:
        c.image.paste(_grid(head_h, heights), (0, int(y)))
    for i, ((_, _, fill), lines) in enumerate(zip(heads, tops, strict=True)):
        x = MARGIN + LABEL_W + i * col
        if i in framed:
            c.rect((x + 2, y, x + col - 2, y + head_h + sum(heights)), outline=GOLD, width=3)
        c.rect((x + 4, y + 4, x + col - 4, y + head_h - 4), fill=fill, radius=6)
        _cell(c, x + col / 2, y, head_h, lines, DARK_TEXT, "mm", bold_first=True,
              width=col - 16)
    y += head_h
    for (lab, vals), (_, _, colors, bold), h in zip(cells, rows, heights, strict=True):
        _cell(c, MARGIN + 10, y, h, lab, GOLD if bold else MUTED, "lm", bold)
        for i, (value, color) in enumerate(zip(vals, colors, strict=True)):
            _cell(c, MARGIN + LABEL_W + (i + 0.5) * col, y, h, value, color, "mm",
                  bold or color == RED)
        y += h
    return y


def _cell(c: Canvas, x: float, y: float, h: float, lines: list[str], color: str, anchor: str,
          bold: bool = False, bold_first: bool = False, width: float | None = None) -> None:
    """A cell's lines centred in its row of height `h` (ellipsized to `width` if given)."""
    top = y + h / 2 - (len(lines) - 1) * LINE / 2
    for n, line in enumerate(lines):
        c.text(x, top + n * LINE, line, TEXT_PX, color, bold or (bold_first and n == 0),
               max_width=width, anchor=anchor, min_size=TEXT_PX)


def _name_lines(c: Canvas, name: str, width: float) -> list[str]:
    """A player's name under its nation on as many as NAME_LINES lines: a name longer than
    that (Discord allows 32 characters, a test 150) ends in an ellipsis on the last."""
    lines = _lines(c, name, width) if name else []
    if len(lines) > NAME_LINES:
        lines = [*lines[:NAME_LINES - 1], "".join(lines[NAME_LINES - 1:])]
    return lines


def _lines(c: Canvas, text: str, width: float, bold: bool = False) -> list[str]:
    """The text broken between words, and inside a word still too wide (Chinese and Japanese
    have no spaces), measured in the weight it is drawn in, so no cell is ellipsized."""
    lines: list[str] = []
    for line in wrap(c, text, TEXT_PX, width, bold) or [""]:
        while len(line) > 1 and c.measure(line, TEXT_PX, bold) > width:
            cut = len(line) - 1
            while cut > 1 and c.measure(line[:cut], TEXT_PX, bold) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
        lines.append(line)
    return lines


@cache
def _grid(head_h: int, heights: tuple[int, ...]) -> Image.Image:
    """A table's stripes, drawn once per shape and pasted (a static layer)."""
    image = Image.new("RGB", (WIDTH, head_h + sum(heights)), BG)
    draw = ImageDraw.Draw(image)
    top = head_h
    for n, h in enumerate(heights):
        if n % 2 == 0:
            draw.rounded_rectangle((MARGIN, top + 2, MARGIN + INNER, top + h - 2), radius=6,
                                   fill=STRIPE)
        top += h
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
        for line in _lines(c, t.say(c, "redux.board.game_over", reason=reason), INNER):
            c.text(MARGIN, y, line, TEXT_PX, MUTED)
            y += LINE
        y += GAP
    scores = result.get("scores") or []
    if not scores:
        return y
    keys = list(dict.fromkeys(k for s in scores for k in s.get("categories", {})))
    winners = set(result.get("winners") or [])
    heads = [(t.say(c, "redux.board.winner" if int(s["seat"]) in winners else
                    "redux.board.rank", rank=i + 1, nation=t.nation_param(int(s["seat"]))),
              player_name(t.names, int(s["seat"]), c), t.color(int(s["seat"])))
             for i, s in enumerate(scores)]
    rows: list[Row] = []
    for key in keys:
        values = [int(s.get("categories", {}).get(key, 0)) for s in scores]
        rows.append((category_name(c, t, key), [str(v) for v in values],
                     [MUTED if v == 0 else TEXT for v in values], False))
    rows.append((t.say(c, "redux.board.total"), [str(s.get("total", 0)) for s in scores],
                 [GOLD] * len(scores), True))
    framed = frozenset(i for i, s in enumerate(scores) if int(s["seat"]) in winners)
    return _table(c, heads, rows, y, framed)
