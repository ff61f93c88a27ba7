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
from rendering.kit.scoretable import Grid, Head, Row, draw_table
from rendering.kit.theme import GOLD, LARGE, MUTED, NAME, PANEL
from rendering.kit.views import score_categories
from rendering.scythe.style import Table

NAMED = ("coins", "stars", "territories", "resources", "structure_bonus")  # scythe.score.*
# Category -> the keys of its count and its rate in the result's details; resources are paid
# per pair.
RATED = {"stars": ("stars", "per_star"), "territories": ("territories", "per_territory"),
         "resources": ("resources", "per_two_resources")}
TIEBREAKS = ("units", "power", "popularity", "resources", "territories", "stars")
TEXT_SIZE = LARGE  # 24 px: the phone floor
GRID = Grid(label_w=360, row_h=46, head_h=84, text=TEXT_SIZE, bold_text=NAME,
            head_text=TEXT_SIZE, name_text=TEXT_SIZE, min_size=TEXT_SIZE)


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
    details = {int(d["seat"]): d for d in (score.get("details") or {}).get("players", [])}
    rows = [Row(category_name(t, k), [_cell(t, e, k, details.get(int(e["seat"])))
                                      for e in entries]) for k in score_categories(score)]
    rows.append(Row(t.say("score.total"), [str(e.get("total", 0)) for e in entries], bold=True))
    if any(e.get("tiebreak") for e in entries):
        rows += [Row(t.say(f"score.tiebreak.{name}"), [_tiebreak(e, i) for e in entries])
                 for i, name in enumerate(TIEBREAKS)]
    heads = [_head(c, t, entry, rank, int(entry["seat"]) in winners)
             for rank, entry in enumerate(entries, 1)]
    return draw_table(c, GRID, x, y, w, heads, rows)


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


def _head(c: Canvas, t: Table, entry: dict, rank: int, won: bool) -> Head:
    seat = int(entry["seat"])
    fill, ink, outline = t.piece(seat)
    top = t.say("score.winner", faction=t.faction_name(seat)) if won else \
        t.say("score.rank", rank=rank, faction=t.faction_name(seat))
    return Head(top, t.name(c, seat), fill, ink, outline, won)
