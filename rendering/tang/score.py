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
from rendering.kit.theme import GOLD, LARGE, MUTED, NAME, PANEL, TEXT, TILE
from rendering.tang.style import Table, lines

TEXT_SIZE = LARGE  # 24 px: the phone floor
NUMBERS = ("cities", "special", "luoyang", "minsheng", "own")
FLAGS = ("capital", "anlushan", "eligible")
TIE_BREAKS = ("side_minsheng", "side_cities")  # the camp's averages, compared on a tie
LABEL_W = 300
ROW_H = 46
HEAD_H = 84


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
    col_w = (w - LABEL_W) / len(order)
    table = _rows(c, t, [rows[s] for s in order],
                  bool((result.get("details") or {}).get("camp_rule")))
    bottom = y + HEAD_H + len(table) * ROW_H
    for i, seat in enumerate(order):
        cx = x + LABEL_W + i * col_w
        if seat in winners:
            c.rect((cx + 2, y, cx + col_w - 2, bottom), outline=GOLD, width=4)
        _head(c, t, seat, seat in winners, int(rows[seat].get("rank", i + 1)), cx, col_w, y)
    y += HEAD_H
    for n, (label, values, bold) in enumerate(table):
        if n % 2 == 1 and not bold:
            c.rect((x, y + 2, x + w, y + ROW_H - 2), fill=TILE, radius=4)
        _row(c, label, values, bold, x, col_w, y)
        y += ROW_H
    rule = (result.get("details") or {}).get("order")
    return lines(c, x, y + 6, t.worded(rule), w, MUTED) if rule else y


def _rows(c: Canvas, t: Table, rows: list[dict],
          camps: bool) -> list[tuple[str, list[str], bool]]:
    out = [(t.say(f"score.{key}"), [str(r.get(key, 0)) for r in rows], key == "own")
           for key in NUMBERS]
    out.append((t.say("score.camp"), [", ".join(t.name(c, int(s)) for s in r.get("camp", []))
                                      for r in rows], False))
    out.append((t.say("score.final"), [str(r.get("final_shown", r.get("final", "")))
                                       for r in rows], True))
    if camps:  # the tie-breaks compare camp averages (T4.6), which no other row shows
        out += [(t.say(f"score.{key}"), [str(r.get(f"{key}_shown", "")) for r in rows], False)
                for key in TIE_BREAKS]
    out += [(t.say(f"score.{key}"), [t.say("yes" if r.get(key) else "no") for r in rows],
             False) for key in FLAGS]
    return out


def _head(c: Canvas, t: Table, seat: int, won: bool, rank: int, x: float, w: float,
          y: float) -> None:
    fill, ink, _ = t.pieces(seat)
    c.rect((x + 6, y + 4, x + w - 6, y + HEAD_H - 6), fill=fill, outline=t.outline(seat),
           width=2, radius=6)
    top = t.say("score.winner") if won else t.say("score.rank", rank=rank)
    c.text(x + w / 2, y + 10, top, TEXT_SIZE, ink, bold=True, max_width=w - 16, anchor="ma",
           min_size=TEXT_SIZE)
    c.text(x + w / 2, y + HEAD_H - 12, t.name(c, seat), TEXT_SIZE, ink, max_width=w - 16,
           anchor="md", min_size=TEXT_SIZE)


def _row(c: Canvas, label: str, values: list[str], bold: bool, x: float, col_w: float,
         y: float) -> None:
    colour = GOLD if bold else TEXT
    c.text(x + 10, y + ROW_H / 2, label, TEXT_SIZE, colour, bold=bold,
           max_width=LABEL_W - 20, anchor="lm", min_size=TEXT_SIZE)
    for i, value in enumerate(values):
        c.text(x + LABEL_W + (i + 0.5) * col_w, y + ROW_H / 2, value, TEXT_SIZE,
               colour if value != "0" else MUTED, bold=bold, max_width=col_w - 12,
               anchor="mm", min_size=TEXT_SIZE)
