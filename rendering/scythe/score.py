"""The Scythe final score: every category per player (S19), the total, the tie-breakers
(S19.7) and the winner highlighted.

It draws the engine's result (`view["score"]`) as it is, best first, and never recomputes a
score: a category the engine reports is always shown (by its id when it is none of the
engine's named categories). Stars, territories and resources are paid at the rate of the
popularity tier, so the count and the rate are written beside them, as the result's details
give them.
"""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.layout import INNER, MARGIN, PAD, boxed, text_lines
from rendering.kit.theme import GOLD, LARGE, MUTED, NAME, PANEL, TEXT, TILE
from rendering.kit.views import score_categories
from rendering.scythe.style import Table

NAMED = ("coins", "stars", "territories", "resources", "structure_bonus")  # scythe.score.*
# Category -> the keys of its count and its rate in the result's details; resources are paid
# per pair.
RATED = {"stars": ("stars", "per_star"), "territories": ("territories", "per_territory"),
         "resources": ("resources", "per_two_resources")}
TIEBREAKS = ("units", "power", "popularity", "resources", "territories", "stars")
TEXT_SIZE = LARGE  # 24 px: the phone floor
LABEL_W = 360
ROW_H = 46
HEAD_H = 84


def category_name(t: Table, key: str) -> str:
    name = t.term(f"scythe.score.{key}") if key in NAMED else key.replace("_", " ")
    return name[:1].upper() + name[1:]


def draw_score(c: Canvas, t: Table, y: float) -> float:
    score = t.view.get("score") or {}
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _body(cc, t, score, top),
                 fill=PANEL, outline=GOLD)


def _body(c: Canvas, t: Table, score: dict, y: float) -> float:
    x, w = MARGIN + PAD, INNER - 2 * PAD
    c.text(x, y, t.say("score.title"), NAME, GOLD, bold=True, max_width=w)
    y += NAME + 10
    if not score:
        return text_lines(c, x, y, t.say("score.not_yet"), w, TEXT_SIZE, MUTED)
    if score.get("reason"):
        y = text_lines(c, x, y, t.say("game_over", reason=str(score["reason"])), w,
                       TEXT_SIZE, MUTED) + 6
    entries = score.get("scores", [])
    if not entries:
        return y
    winners = {int(s) for s in score.get("winners", [])}
    col_w = (w - LABEL_W) / len(entries)
    details = {int(d["seat"]): d for d in (score.get("details") or {}).get("players", [])}
    rows = [(category_name(t, k), [_cell(t, e, k, details.get(int(e["seat"])))
                                   for e in entries], False) for k in score_categories(score)]
    rows.append((t.say("score.total"), [str(e.get("total", 0)) for e in entries], True))
    if any(e.get("tiebreak") for e in entries):
        rows += [(t.say(f"score.tiebreak.{name}"), [_tiebreak(e, i) for e in entries], False)
                 for i, name in enumerate(TIEBREAKS)]
    _stripes(c, rows, x, w, y)
    bottom = y + HEAD_H + len(rows) * ROW_H
    for i, entry in enumerate(entries):
        cx = x + LABEL_W + i * col_w
        won = int(entry["seat"]) in winners
        if won:
            c.rect((cx + 2, y, cx + col_w - 2, bottom), outline=GOLD, width=4)
        _head(c, t, entry, i + 1, won, cx, col_w, y)
    y += HEAD_H
    for label, values, bold in rows:
        _row(c, label, values, bold, x, col_w, y)
        y += ROW_H
    return y


def _stripes(c: Canvas, rows: list, x: float, w: float, y: float) -> None:
    for n, (_, _, bold) in enumerate(rows):
        ry = y + HEAD_H + n * ROW_H
        if n % 2 == 1 and not bold:
            c.rect((x, ry + 2, x + w, ry + ROW_H - 2), fill=TILE, radius=4)
        if bold:
            c.rect((x, ry + 2, x + w, ry + ROW_H - 2), outline=GOLD, width=2, radius=4)


def _cell(t: Table, entry: dict, key: str, detail: dict | None) -> str:
    """A category's coins, with the count and the rate of the popularity tier (S19.1) for
    the categories the tier multiplies, when the result details them."""
    value = int(entry.get("categories", {}).get(key, 0))
    if key not in RATED or not detail:
        return str(value)
    count_key, rate_key = RATED[key]
    if count_key not in detail or rate_key not in detail:
        return str(value)
    count = int(detail[count_key]) // (2 if key == "resources" else 1)
    return t.say("score.rated", value=value, count=count, rate=int(detail[rate_key]))


def _tiebreak(entry: dict, index: int) -> str:
    values = entry.get("tiebreak") or []
    return str(values[index]) if index < len(values) else "-"


def _head(c: Canvas, t: Table, entry: dict, rank: int, won: bool, x: float, w: float,
          y: float) -> None:
    seat = int(entry["seat"])
    fill, ink, outline = t.piece(seat)
    c.rect((x + 6, y + 4, x + w - 6, y + HEAD_H - 6), fill=fill, outline=outline, width=2,
           radius=6)
    top = t.say("score.winner", faction=t.faction_name(seat)) if won else \
        t.say("score.rank", rank=rank, faction=t.faction_name(seat))
    c.text(x + w / 2, y + 10, top, TEXT_SIZE, ink, bold=True, max_width=w - 20, anchor="ma",
           min_size=TEXT_SIZE)
    c.text(x + w / 2, y + HEAD_H - 12, t.name(c, seat), TEXT_SIZE, ink, max_width=w - 20,
           anchor="md", min_size=TEXT_SIZE)


def _row(c: Canvas, label: str, values: list[str], bold: bool, x: float, col_w: float,
         y: float) -> None:
    size = NAME if bold else TEXT_SIZE
    c.text(x + 10, y + ROW_H / 2, label, size, GOLD if bold else TEXT, bold=bold,
           max_width=LABEL_W - 20, anchor="lm", min_size=TEXT_SIZE)
    for i, value in enumerate(values):
        color = GOLD if bold else MUTED if value in ("0", "-") else TEXT
        c.text(x + LABEL_W + (i + 0.5) * col_w, y + ROW_H / 2, value, size, color,
               bold=bold, max_width=col_w - 12, anchor="mm", min_size=TEXT_SIZE)
