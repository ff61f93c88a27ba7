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
from rendering.kit.scoretable import Grid, Head, Row, draw_table
from rendering.kit.theme import BODY, DARK_TEXT, GOLD, LARGE, MUTED, PANEL, SMALL
from rendering.kit.views import player_name, score_categories
from rendering.redux.standing import provisional
from rendering.redux.style import Table

# The engine's R12 categories (games/redux/scoring.py), each named by `redux.score.<key>`.
CATEGORIES = ("military", "border", "frontier", "development", "security", "tribal", "office",
              "office_bonus", "emperor", "cards", "separation", "deficits")
GRID = Grid(label_w=340, row_h=40, head_h=70, text=BODY, bold_text=LARGE, head_text=BODY,
            name_text=SMALL, winner_frame=3)


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
    rows = [Row(category_name(c, t, k), [str(s.get("categories", {}).get(k, 0)) for s in scores])
            for k in score_categories(result)]
    rows.append(Row(t.say(c, "redux.board.total"), [str(s.get("total", 0)) for s in scores],
                    bold=True))
    if any(s.get("tiebreak") for s in scores):
        rows.append(Row(t.say(c, "redux.board.tiebreak"),
                        [" / ".join(map(str, s.get("tiebreak") or [])) or "-" for s in scores]))
    heads = [_head(c, t, score, rank, int(score["seat"]) in winners)
             for rank, score in enumerate(scores, 1)]
    y = draw_table(c, GRID, x, y, w, heads, rows)
    if (result.get("details") or {}).get("tiebreak"):
        y = text_lines(c, x, y + 8, t.say(c, "redux.board.tiebreak_rule"), w, SMALL, MUTED)
    return y


def _head(c: Canvas, t: Table, score: dict, rank: int, winner: bool) -> Head:
    seat = int(score["seat"])
    top = t.say(c, "redux.board.winner" if winner else "redux.board.rank", rank=rank,
                nation=t.nation_param(seat))
    return Head(top, player_name(t.names, seat, c), t.color(seat), DARK_TEXT, won=winner)
