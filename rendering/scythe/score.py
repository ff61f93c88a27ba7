"""The Scythe final score: every category per player (S19), the total, the tie-breakers
(S19.7) and the winner highlighted.

It draws the engine's result (`view["score"]`) as it is, best first, and never recomputes a
score: a category the engine reports is always shown (by its key when we have no name for
it). Stars, territories and resources are paid at the rate of the popularity tier, so the
count and the rate are written beside them, as the result's details give them.
"""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.layout import INNER, MARGIN, PAD, boxed, text_lines
from rendering.kit.theme import BODY, GOLD, LARGE, MUTED, PANEL, SMALL, TEXT, TILE
from rendering.kit.views import player_name, score_categories
from rendering.scythe.style import Table, words

CATEGORY_NAMES = {"coins": "Coins in hand", "stars": "Stars (count x rate)",
                  "territories": "Territories (count x rate)",
                  "resources": "Resources (pairs x rate)",
                  "structure bonus": "Structure bonus tile"}
# Category -> the keys of its count and its rate in the result's details; resources are paid
# per pair.
RATED = {"stars": ("stars", "per_star"), "territories": ("territories", "per_territory"),
         "resources": ("resources", "per_two_resources")}
TIEBREAKS = ("units + structures", "power", "popularity", "resources", "territories", "stars")
LABEL_W = 300
ROW_H = 44
HEAD_H = 70


def category_name(key: str) -> str:
    return CATEGORY_NAMES.get(key, words(key))



def draw_score(c: Canvas, t: Table, y: float) -> float:
    score = t.view.get("score") or {}
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _body(cc, t, score, top),
                 fill=PANEL, outline=GOLD)


def _body(c: Canvas, t: Table, score: dict, y: float) -> float:
    x, w = MARGIN + PAD, INNER - 2 * PAD
    c.text(x, y, "Final score (coins)", LARGE, GOLD, bold=True)
    y += LARGE + 8
    reason = str(score.get("reason") or "")
    if reason:
        y = text_lines(c, x, y, f"Game over: {t.named(c, reason)}", w, SMALL, MUTED) + 4
    entries = score.get("scores", [])
    if not entries:
        return y
    winners = {int(s) for s in score.get("winners", [])}
    col_w = (w - LABEL_W) / len(entries)
    details = {int(d["seat"]): d for d in (score.get("details") or {}).get("players", [])}
    rows = [(category_name(k), [_cell(e, k, details.get(int(e["seat"]))) for e in entries],
             False) for k in score_categories(score)]
    rows.append(("Total", [str(e.get("total", 0)) for e in entries], True))
    rows += [(f"Tie-break: {name}", [_tiebreak(e, i) for e in entries], False)
             for i, name in enumerate(TIEBREAKS) if any(e.get("tiebreak") for e in entries)]
    for n, (_, _, bold) in enumerate(rows):
        ry = y + HEAD_H + n * ROW_H
        if n % 2 == 1 and not bold:
            c.rect((x, ry + 2, x + w, ry + ROW_H - 2), fill=TILE, radius=4)
    bottom = y + HEAD_H + len(rows) * ROW_H
    for i, entry in enumerate(entries):
        cx = x + LABEL_W + i * col_w
        won = int(entry["seat"]) in winners
        if won:
            c.rect((cx + 2, y, cx + col_w - 2, bottom), outline=GOLD, width=4)
        _head(c, t, entry, i + 1, won, cx, col_w, y)
    y += HEAD_H
    for label, values, bold in rows:
        _row(c, label, values, bold, x, w, col_w, y)
        y += ROW_H
    return y


def _cell(entry: dict, key: str, detail: dict | None) -> str:
    """A category's coins, with the count and the rate of the popularity tier (S19.1) for
    the categories the tier multiplies, when the result details them."""
    value = str(entry.get("categories", {}).get(key, 0))
    if key not in RATED or not detail:
        return value
    count_key, rate_key = RATED[key]
    if count_key not in detail or rate_key not in detail:
        return value
    count = int(detail[count_key]) // (2 if key == "resources" else 1)
    return f"{value} ({count} x ${detail[rate_key]})"


def _tiebreak(entry: dict, index: int) -> str:
    values = entry.get("tiebreak") or []
    return str(values[index]) if index < len(values) else "-"


def _head(c: Canvas, t: Table, entry: dict, rank: int, won: bool, x: float, w: float,
          y: float) -> None:
    seat = int(entry["seat"])
    fill, ink, outline = t.piece(seat)
    c.rect((x + 6, y + 4, x + w - 6, y + HEAD_H - 6), fill=fill, outline=outline, width=2,
           radius=6)
    top = "Winner" if won else f"{rank}."
    c.text(x + w / 2, y + 8, f"{top} {t.faction_name(seat)}", BODY, ink, bold=True,
           max_width=w - 20, anchor="ma")
    c.text(x + w / 2, y + HEAD_H - 10, player_name(t.names, seat, c), SMALL, ink,
           max_width=w - 20, anchor="md")


def _row(c: Canvas, label: str, values: list[str], bold: bool, x: float, w: float,
         col_w: float, y: float) -> None:
    if bold:
        c.rect((x, y + 2, x + w, y + ROW_H - 2), outline=GOLD, width=2, radius=4)
    size = LARGE if bold else BODY
    c.text(x + 10, y + ROW_H / 2, label, size if bold else SMALL, GOLD if bold else TEXT,
           bold=bold, max_width=LABEL_W - 20, anchor="lm")
    for i, value in enumerate(values):
        color = MUTED if value in ("0", "-") else TEXT
        c.text(x + LABEL_W + (i + 0.5) * col_w, y + ROW_H / 2, value, size,
               GOLD if bold else color, bold=bold, max_width=col_w - 12, anchor="mm")

