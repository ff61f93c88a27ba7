"""The Tang final score (T4): every seat's own score by its parts (T4.3: cities, special
cities, 洛阳, 民生), its camp and the camp's average (T4.4), whether it holds its capital and
安禄山 (T4.2), whether it may win (T4.5), and the winners highlighted.

It draws the engine's result (`view["result"]`, its details' rows: ranks, the one-decimal
final score, and the rule of the order under the table) as it is and never recomputes a
score.
"""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.layout import MARGIN, PAD, boxed
from rendering.kit.scoretable import Grid, Head, Row, draw_table
from rendering.kit.theme import GOLD, LARGE, MUTED, NAME, PANEL
from rendering.tang.style import Table, lines

TEXT_SIZE = LARGE  # 24 px: the phone floor
NUMBERS = ("cities", "special", "luoyang", "minsheng", "own")
FLAGS = ("capital", "anlushan", "eligible")
TIE_BREAKS = ("side_minsheng", "side_cities")  # the camp's averages, compared on a tie
GRID = Grid(label_w=300, row_h=46, head_h=84, text=TEXT_SIZE, bold_text=TEXT_SIZE,
            head_text=TEXT_SIZE, name_text=TEXT_SIZE, min_size=TEXT_SIZE)


def draw_score(c: Canvas, t: Table, y: float, width: float) -> float:
    return boxed(c, (MARGIN, MARGIN + width, y),
                 lambda cc, top: _body(cc, t, top, width - 2 * PAD), fill=PANEL, outline=GOLD)


def _body(c: Canvas, t: Table, y: float, w: float) -> float:
    x = MARGIN + PAD
    c.text(x, y, t.say("score.title"), NAME, GOLD, bold=True, max_width=w, min_size=TEXT_SIZE)
    y += NAME + 10
    result = t.view.get("result")
    if not result:
        return lines(c, x, y, t.say("score.not_yet"), w, MUTED)
    if result.get("reason"):
        y = lines(c, x, y, t.say("game_over", reason=t.worded(result["reason"])), w,
                  MUTED) + 6
    rows = {int(r["seat"]): r for r in (result.get("details") or {}).get("rows", [])}
    order = [int(s["seat"]) for s in result.get("scores", []) if int(s["seat"]) in rows]
    if not order:
        return y
    winners = {int(s) for s in result.get("winners") or []}
    table = _rows(c, t, [rows[s] for s in order],
                  bool((result.get("details") or {}).get("camp_rule")))
    heads = [_head(c, t, seat, seat in winners, int(rows[seat].get("rank", i + 1)))
             for i, seat in enumerate(order)]
    y = draw_table(c, GRID, x, y, w, heads, table)
    rule = (result.get("details") or {}).get("order")
    return lines(c, x, y + 6, t.worded(rule), w, MUTED) if rule else y


def _rows(c: Canvas, t: Table, rows: list[dict], camps: bool) -> list[Row]:
    out = [Row(t.say(f"score.{key}"), [str(r.get(key, 0)) for r in rows], key == "own")
           for key in NUMBERS]
    out.append(Row(t.say("score.camp"), [", ".join(t.name(c, int(s)) for s in r.get("camp", []))
                                         for r in rows]))
    out.append(Row(t.say("score.final"), [str(r.get("final_shown", r.get("final", "")))
                                          for r in rows], True))
    if camps:  # the tie-breaks compare camp averages (T4.6), which no other row shows
        out += [Row(t.say(f"score.{key}"), [str(r.get(f"{key}_shown", "")) for r in rows])
                for key in TIE_BREAKS]
    out += [Row(t.say(f"score.{key}"), [t.say("yes" if r.get(key) else "no") for r in rows])
            for key in FLAGS]
    return out


def _head(c: Canvas, t: Table, seat: int, won: bool, rank: int) -> Head:
    fill, ink, _ = t.pieces(seat)
    top = t.say("score.winner") if won else t.say("score.rank", rank=rank)
    return Head(top, t.name(c, seat), fill, ink, t.outline(seat), won)
