"""The Redux final score: a table of every scoring category per nation, with totals, the
tie-break and the winner highlighted.

It draws the engine's result (`view["result"]`) as it is, in its order (best first), and
never recomputes a score: the categories are whatever the engine reports, named here for
players where we know the key and shown by their key otherwise, so a new category is never
silently dropped.
"""

from __future__ import annotations

from games.core.messages import Term
from rendering.kit.canvas import Canvas
from rendering.kit.layout import INNER, MARGIN, PAD, boxed, text_lines
from rendering.kit.theme import BODY, DARK_TEXT, GOLD, LARGE, MUTED, PANEL, SMALL, TEXT, TILE
from rendering.kit.views import player_name, score_categories
from rendering.redux.standing import provisional
from rendering.redux.style import Table

# The engine's R12 categories (games/redux/scoring.py), each named by `redux.score.<key>`.
CATEGORIES = ("military", "border", "frontier", "development", "security", "tribal", "office",
              "office_bonus", "emperor", "cards", "separation", "deficits")
LABEL_W = 340
ROW_H = 40
HEAD_H = 70


def category_name(c: Canvas, t: Table, key: str) -> str:
    """A category in the reader's words; one the engine adds later by its key, never lost."""
    if key in CATEGORIES:
        return t.term(c, Term(f"redux.score.{key}"))
    return c.clean(key.replace("_", " ").capitalize())


def draw_score(c: Canvas, t: Table, y: float) -> float:
    result = t.view.get("result") or provisional(t.view)
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _body(cc, t, result, top),
                 fill=PANEL, outline=GOLD)


def _body(c: Canvas, t: Table, result: dict, y: float) -> float:
    x, w = MARGIN + PAD, INNER - 2 * PAD
    c.text(x, y, t.say(c, "redux.board.final_score" if t.view.get("result") else
                       "redux.board.score_now"), LARGE, GOLD, bold=True)
    y += LARGE + 8
    reason = str(result.get("reason") or "")
    if reason:
        y = text_lines(c, x, y, t.say(c, "redux.board.game_over", reason=reason), w, SMALL,
                       MUTED) + 4
    scores = result.get("scores", [])
    if not scores:
        return y
    winners = set(result.get("winners", []))
    col_w = (w - LABEL_W) / len(scores)
    rows = [(category_name(c, t, k), [s.get("categories", {}).get(k, 0) for s in scores],
             False) for k in score_categories(result)]
    rows.append((t.say(c, "redux.board.total"), [s.get("total", 0) for s in scores], True))
    if any(s.get("tiebreak") for s in scores):
        rows.append((t.say(c, "redux.board.tiebreak"),
                     [" / ".join(map(str, s.get("tiebreak") or [])) or "-"
                                   for s in scores], False))
    for n, (_, _, bold) in enumerate(rows):  # stripes first, so the winner's frame is on top
        ry = y + HEAD_H + n * ROW_H
        if n % 2 == 1 and not bold:
            c.rect((x, ry + 2, x + w, ry + ROW_H - 2), fill=TILE, radius=4)
    bottom = y + HEAD_H + len(rows) * ROW_H
    for i, score in enumerate(scores):
        cx = x + LABEL_W + i * col_w
        winner = int(score["seat"]) in winners
        if winner:
            c.rect((cx + 2, y, cx + col_w - 2, bottom), outline=GOLD, width=3)
        _head(c, t, score, i + 1, winner, cx, col_w, y)
    y += HEAD_H
    for label, values, bold in rows:
        _row(c, label, values, bold, x, w, col_w, y)
        y += ROW_H
    if (result.get("details") or {}).get("tiebreak"):
        y = text_lines(c, x, y + 8, t.say(c, "redux.board.tiebreak_rule"), w, SMALL, MUTED)
    return y


def _head(c: Canvas, t: Table, score: dict, rank: int, winner: bool, x: float, w: float,
          y: float) -> None:
    seat = int(score["seat"])
    c.rect((x + 6, y + 4, x + w - 6, y + HEAD_H - 6), fill=t.color(seat), radius=6)
    top = t.say(c, "redux.board.winner" if winner else "redux.board.rank", rank=rank,
                nation=t.nation_param(seat))
    c.text(x + w / 2, y + 8, top, BODY, DARK_TEXT, bold=True,
           max_width=w - 20, anchor="ma")
    c.text(x + w / 2, y + HEAD_H - 10, player_name(t.names, seat, c), SMALL, DARK_TEXT,
           max_width=w - 20, anchor="md")


def _row(c: Canvas, label: str, values: list, bold: bool, x: float, w: float, col_w: float,
         y: float) -> None:
    if bold:
        c.rect((x, y + 2, x + w, y + ROW_H - 2), outline=GOLD, width=2, radius=4)
    size = LARGE if bold else BODY
    c.text(x + 10, y + ROW_H / 2, label, size, GOLD if bold else TEXT, bold=bold,
           max_width=LABEL_W - 20, anchor="lm")
    for i, value in enumerate(values):
        color = MUTED if value in (0, "-") else TEXT
        c.text(x + LABEL_W + (i + 0.5) * col_w, y + ROW_H / 2, str(value), size,
               GOLD if bold else color, bold=bold, max_width=col_w - 12, anchor="mm")
