"""The wargame battle image: one fought battle, drawn from `WargameGame.finished_battle`'s
public record (W18-W23).

The title names the battle and its area, with the area's city and what it gives the defender
in a pitched battle (W20). Each army: its powers in their colours, its troops at the start,
what it lost and what it kept. Then a row per round: the method the 2d6 table gave (W18.3)
and how many generals it calls for, each side's generals with the rating that method reads
(valour, command or intellect), the side's total and its losses. Then the pursuit (the die,
the 追撃表 column of the pursuer's troops and the loss, W22.11), and the outcome.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.kit.canvas import Canvas
from rendering.kit.fonts import resolve_cjk
from rendering.kit.ink import draw_reusing
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, WIDTH
from rendering.kit.scene import Scene
from rendering.kit.theme import DARK_TEXT, GOLD, GREEN, MUTED, NAME, PANEL, RED, TEXT, TILE, TITLE
from rendering.wargame.chips import lines
from rendering.wargame.style import TEXT_SIZE, Table, board_data, short

SIDES = ("attacker", "defender")
RATING = {"ikki": "valour", "kassen": "command", "keiryaku": "intellect"}
VS_W = 64
ROW = TEXT_SIZE + 12


def render_battle(scene: Scene, *, cjk: bool | None = None) -> Image.Image:
    return draw_battle(scene, cjk)[0]


def draw_battle(scene: Scene, cjk: bool | None = None) -> tuple[Image.Image, list[str]]:
    """The battle and the strings drawn on it."""
    t = Table(scene)
    return draw_reusing(WIDTH, resolve_cjk(cjk), lambda c: _battle(c, t, scene.view))


def _battle(c: Canvas, t: Table, b: dict[str, Any]) -> float:
    y = _title(c, t, b, MARGIN)
    y = _columns(c, t, b, y + GAP, _army) + GAP
    for record in b.get("rounds") or []:
        y = _round(c, t, b, record, y) + GAP
    if b.get("pursuit"):
        y = _pursuit(c, t, b, y) + GAP
    return _banner(c, t, b, y) + MARGIN


def _title(c: Canvas, t: Table, b: dict, y: float) -> float:
    aid = str(b.get("area"))
    c.text(MARGIN, y, t.say("battle.title", number=int(b.get("number") or 0),
                            area=t.area(aid)), TITLE, TEXT, bold=True, max_width=INNER,
           min_size=TEXT_SIZE)
    y += TITLE + 12
    city = board_data().areas[aid]["city"] if aid in board_data().areas else "none"
    bonus = board_data().constants["kassen_modifiers"].get(f"{city}_city_defender", 0)
    note = t.say(f"battle.city.{city}", bonus=int(bonus))
    return lines(c, MARGIN, y, note, INNER, MUTED)


def _columns(c: Canvas, t: Table, b: dict, y: float, body: Any) -> float:
    """The two sides side by side in panels ringed in their lead power's colour, a VS between
    them; `body(c, t, b, side, x, y, width)` draws a side and returns the y below it."""
    col_w = (INNER - VS_W) / 2
    bottom = max(body(c.twin(), t, b, side, MARGIN + k * (col_w + VS_W) + PAD, y + PAD,
                      col_w - 2 * PAD) for k, side in enumerate(SIDES)) + PAD
    for k, side in enumerate(SIDES):
        x = MARGIN + k * (col_w + VS_W)
        lead = (b.get("sides") or {}).get(side)
        c.rect((x, y, x + col_w, bottom), fill=PANEL, outline=t.accent(lead), width=3)
        body(c, t, b, side, x + PAD, y + PAD, col_w - 2 * PAD)
    c.dot(WIDTH / 2, (y + bottom) / 2, VS_W / 2 - 6, RED)
    c.text(WIDTH / 2, (y + bottom) / 2, t.say("battle.vs"), TEXT_SIZE, TEXT, bold=True,
           anchor="mm", max_width=VS_W - 14, min_size=TEXT_SIZE)
    return bottom


def _army(c: Canvas, t: Table, b: dict, side: str, x: float, y: float, w: float) -> float:
    lead = (b.get("sides") or {}).get(side)
    c.text(x, y, t.say(f"battle.{side}"), TEXT_SIZE, t.accent(lead), bold=True, max_width=w,
           min_size=TEXT_SIZE)
    y += TEXT_SIZE + 8
    for pid in (b.get("armies") or {}).get(side) or ([lead] if lead else []):
        c.text(x, y, short(t.power(pid)), NAME, t.accent(pid), bold=True, max_width=w,
               min_size=TEXT_SIZE)
        y += NAME + 6
    start = int((b.get("start") or {}).get(side, 0))
    lost = sum(int((r.get("losses") or {}).get(side, 0)) for r in b.get("rounds") or [])
    pursuit = b.get("pursuit") or {}
    if pursuit and b.get("winner") != side:  # the pursuit hurts the side that retreated
        lost += int(pursuit.get("loss", 0))
    lost = min(lost, start)  # loss points beyond the troops there were take nothing more
    for text in (t.say("battle.start", count=start), t.say("battle.lost", count=lost),
                 t.say("battle.kept", count=max(0, start - lost))):
        c.text(x, y + 4, text, TEXT_SIZE, TEXT, max_width=w, min_size=TEXT_SIZE)
        y += ROW
    return y


def _round(c: Canvas, t: Table, b: dict, record: dict, y: float) -> float:
    method = str(record.get("method"))
    head = t.say("battle.round", round=int(record.get("round") or 0),
                 method=t.say(f"battle.method.{method}"), count=int(record.get("n") or 0))
    c.rect((MARGIN, y, MARGIN + INNER, y + NAME + 24), fill=TILE, radius=6)
    c.text(MARGIN + PAD, y + 12 + NAME / 2, head, NAME, GOLD, bold=True, anchor="lm",
           max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
    y += NAME + 24 + 6

    def side_body(cc: Canvas, tt: Table, bb: dict, side: str, x: float, top: float,
                  w: float) -> float:
        return _round_side(cc, tt, record, side, x, top, w)

    return _columns(c, t, b, y, side_body)


def _round_side(c: Canvas, t: Table, record: dict, side: str, x: float, y: float,
                w: float) -> float:
    """The side's generals with the rating the method reads, its total and its losses."""
    rating = RATING.get(str(record.get("method")), "command")
    picks = (record.get("picks") or {}).get(side) or []
    for gid in picks:
        value = board_data().generals.get(gid, {}).get(rating)
        text = t.say("battle.general", general=short(t.general(gid)),
                     rating=t.say(f"battle.rating.{rating}"),
                     value="-" if value is None else int(value))
        c.text(x, y, text, TEXT_SIZE, TEXT, max_width=w, min_size=TEXT_SIZE)
        y += ROW
    if not picks:
        c.text(x, y, t.say("battle.nobody"), TEXT_SIZE, MUTED, max_width=w, min_size=TEXT_SIZE)
        y += ROW
    total = (record.get("totals") or {}).get(side)
    loss = int((record.get("losses") or {}).get(side, 0))
    c.rect((x, y + 4, x + w, y + 4 + NAME + 14), fill=TILE, outline=GOLD, width=2)
    c.text(x + 12, y + 11 + NAME / 2, t.say("battle.total"), TEXT_SIZE, GOLD, bold=True,
           anchor="lm", max_width=w * 0.6, min_size=TEXT_SIZE)
    c.text(x + w - 12, y + 11 + NAME / 2, "-" if total is None else str(total), NAME, GOLD,
           bold=True, anchor="rm")
    y += NAME + 24
    c.text(x, y, t.say("battle.loss", count=loss), TEXT_SIZE, RED if loss else MUTED,
           bold=bool(loss), max_width=w, min_size=TEXT_SIZE)
    return y + ROW


def _pursuit(c: Canvas, t: Table, b: dict, y: float) -> float:
    p = b["pursuit"]
    text = t.say("battle.pursuit", face=int(p.get("face", 0)), troops=int(p.get("troops", 0)),
                 loss=int(p.get("loss", 0)))
    height = ROW + 2 * PAD
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL, radius=6)
    c.text(MARGIN + PAD, y + PAD, text, TEXT_SIZE, TEXT, max_width=INNER - 2 * PAD,
           min_size=TEXT_SIZE)
    return y + height


def _banner(c: Canvas, t: Table, b: dict, y: float) -> float:
    winner = b.get("winner")
    lead = (b.get("sides") or {}).get(winner or "")
    area = t.area(str(b.get("area")))
    if winner in SIDES and lead:
        text = t.say(f"battle.won.{winner}", power=short(t.power(lead)), area=area)
    else:
        text = t.say("battle.undecided", area=area)
    keeper = b.get("keeper")
    height = NAME + 2 * 18
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=GREEN if winner == "attacker" else GOLD)
    c.text(WIDTH / 2, y + height / 2, text, NAME, DARK_TEXT, bold=True, anchor="mm",
           max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
    y += height
    if keeper:
        y = lines(c, MARGIN, y + 10, t.say("battle.keeper", power=short(t.power(keeper)),
                                           area=area), INNER, TEXT)
    return y
