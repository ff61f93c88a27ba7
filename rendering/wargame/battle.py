"""The wargame battle image: one fought battle, drawn from `WargameGame.finished_battle`'s
public record (W18-W24) with every roll as die faces, so a player checks the dice and the
tables' results on their phone (issue 15).

The title names the battle and its area, with the area's city and what it gives the defender
in a pitched battle (W20). Each army: its powers in their colours, its troops at the start,
what it lost and what it kept. Then per round: the method roll ("Round 1 · 2d6 ⚁⚂ = 5 →
Pitched battle · 1 general", W18.3), each side's generals with the rating that method reads,
its die with each modifier by name, its total and the loss the table gave it, and the
difference read on the 合戦表 or 計略表 (W20a, W21a); in a duel each pair's two rolls instead,
the unopposed generals and the round's losses (W19). The round's kill checks follow it (W24).
Then the pursuit (its die, the pursuer's troops and the loss, W22.11), the kill checks of the
retreat (W23), and the outcome.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from rendering.kit.canvas import Canvas, Page
from rendering.kit.dice import die
from rendering.kit.headline import HEAD_TEXT
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, WIDTH, Flow, boxed
from rendering.kit.pages import record_page
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    DARK_TEXT,
    GOLD,
    GREEN,
    MUTED,
    NAME,
    PANEL,
    RED,
    TEXT,
    TILE,
)
from rendering.wargame.chips import lines
from rendering.wargame.style import TEXT_SIZE, Table, board_data, short

SIDES = ("attacker", "defender")
RATING = {"ikki": "valour", "kassen": "command", "keiryaku": "intellect"}
VS_W = 64
ROW = TEXT_SIZE + 12
DIE = 44  # a die face beside 24 px words
PIP = 4
DIE_RADIUS = 8
Part = str | int  # a line's words, or a die face


def render_battle(scene: Scene, *, cjk: bool | None = None) -> Image.Image:
    return draw_battle(scene, cjk)[0]


def draw_battle(scene: Scene, cjk: bool | None = None) -> Page:
    """The battle and the strings drawn on it."""
    return record_page(Table(scene), _battle, cjk)


def _battle(c: Canvas, t: Table, b: dict[str, Any]) -> float:
    y = _title(c, t, b, MARGIN)
    y = _columns(c, t, b, y + GAP, _army) + GAP
    for record in b.get("rounds") or []:
        y = _round(c, t, b, record, y) + GAP
    if b.get("pursuit"):
        y = _pursuit(c, t, b, y) + GAP
    if b.get("checks"):
        y = _checks(c, t, b["checks"], y) + GAP
    return _banner(c, t, b, y) + MARGIN


def _title(c: Canvas, t: Table, b: dict, y: float) -> float:
    aid = str(b.get("area"))
    c.text(MARGIN, y, t.say("battle.title", number=int(b.get("number") or 0),
                            area=t.area(aid)), HEAD_TEXT, TEXT, bold=True, max_width=INNER,
           min_size=HEAD_TEXT)
    y += HEAD_TEXT + 12
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
    """A round: its header with the method roll, each army's roll (each pair's, in a duel),
    the table's result, then the round's kill checks."""
    y = _round_head(c, t, record, y)
    if record.get("method") == "ikki" and "pairs" in record:
        y = _duels(c, t, b, record, y)
    else:
        def side_body(cc: Canvas, tt: Table, _bb: dict, side: str, x: float, top: float,
                      w: float) -> float:
            return _round_side(cc, tt, record, side, x, top, w)

        y = _columns(c, t, b, y, side_body)
        y = _table_result(c, t, record, y)
    if record.get("checks"):
        y = _checks(c, t, record["checks"], y + GAP)
    return y


def _round_head(c: Canvas, t: Table, record: dict, y: float) -> float:
    """W18.3-W18.4: "Round 1 · 2d6 ⚁⚂ = 5 → Pitched battle · 1 general" (a record kept before
    the dice were, without its roll)."""
    method = t.say(f"battle.method.{record.get('method')}")
    parts: list[Part] = [t.say("battle.round", round=int(record.get("round") or 0))]
    roll = record.get("roll")
    if roll:
        parts += [t.say("battle.method_roll"), *(int(f) for f in roll.get("faces") or []),
                  t.say("battle.method_total", total=int(roll.get("total") or 0))]
    parts.append(t.say("battle.chosen", method=method, count=int(record.get("n") or 0)))
    height = _inline(c.twin(), parts, 0, 0, INNER - 2 * PAD, GOLD, True) + 2 * 10
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=TILE, radius=6)
    _inline(c, parts, MARGIN + PAD, y + 10, INNER - 2 * PAD, GOLD, True)
    return y + height + 6


def _round_side(c: Canvas, t: Table, record: dict, side: str, x: float, y: float,
                w: float) -> float:
    """The side's generals with the rating the method reads, its die with each modifier
    (W20.2-W20.6, W21.2-W21.6), its total and the loss the table gave it."""
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
    dice = record.get("dice") or {}
    if side in dice:
        y = _side_roll(c, t, dice[side], x, y, w) + 8
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


def _side_roll(c: Canvas, t: Table, rolled: dict | None, x: float, y: float,
               w: float) -> float:
    """An army's die and its modifiers by name ("⚃ +4 command +2 troops/10"); an army with
    no intellect rating rolls nothing in a stratagem (W21.4)."""
    if rolled is None:
        c.text(x, y, t.say("battle.no_roll"), TEXT_SIZE, MUTED, max_width=w, min_size=TEXT_SIZE)
        return y + ROW
    return _inline(c, _dice_parts(t, rolled), x, y, w)


def _dice_parts(t: Table, rolled: dict) -> list[Part]:
    """A roll's faces, then each modifier signed and named."""
    mods = [t.say(f"battle.mod.{name}", value=f"{int(value):+d}".replace("-", "−"))
            for name, value in (rolled.get("mods") or {}).items()]
    return [*(int(f) for f in rolled.get("faces") or []), *mods]


def _table_result(c: Canvas, t: Table, record: dict, y: float) -> float:
    """W20a, W21a: the difference of the totals read on the method's table (an army that
    could not roll counts 0)."""
    method = str(record.get("method"))
    totals = record.get("totals") or {}
    if method not in ("kassen", "keiryaku") or not totals:
        return y
    diff = abs(int(totals.get("attacker") or 0) - int(totals.get("defender") or 0))
    c.text(MARGIN + PAD, y + 8, t.say(f"battle.table.{method}", diff=diff), TEXT_SIZE, GOLD,
           max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
    return y + 8 + ROW


def _duels(c: Canvas, t: Table, b: dict, record: dict, y: float) -> float:
    """W19: each pair's two rolls side by side, the loser's loss under his roll, then the
    unopposed generals and the round's losses."""
    for pair in record.get("pairs") or []:
        def pair_body(cc: Canvas, tt: Table, _bb: dict, side: str, x: float, top: float,
                      w: float, pair: dict = pair) -> float:
            return _duellist(cc, tt, pair, side, x, top, w)

        y = _columns(c, t, b, y, pair_body) + 8
    rows = [t.say("battle.unopposed", general=_duellist_name(t, u.get("general")),
                  count=int(u.get("loss") or 0)) for u in record.get("unopposed") or []]
    if not record.get("pairs") and not rows:
        rows.append(t.say("battle.no_duel"))
    losses = record.get("losses") or {}
    rows.append(t.say("battle.duel_losses", attacker=int(losses.get("attacker", 0)),
                      defender=int(losses.get("defender", 0))))
    for n, row in enumerate(rows):
        c.text(MARGIN + PAD, y + 4, row, TEXT_SIZE, GOLD if n == len(rows) - 1 else TEXT,
               max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
        y += ROW
    return y


def _duellist(c: Canvas, t: Table, pair: dict, side: str, x: float, y: float,
              w: float) -> float:
    """One duellist: his name, his die + valour = total, and the loss if his army lost."""
    rolled = pair.get(side) or {}
    c.text(x, y, _duellist_name(t, rolled.get("general")), TEXT_SIZE, TEXT, bold=True,
           max_width=w, min_size=TEXT_SIZE)
    y += ROW
    parts = [*_dice_parts(t, rolled), t.say("battle.sum", total=int(rolled.get("total") or 0))]
    y = _inline(c, parts, x, y, w) + 6
    loss = int(pair.get("loss") or 0) if pair.get("loser") == side else 0
    c.text(x, y, t.say("battle.loss", count=loss), TEXT_SIZE, RED if loss else MUTED,
           bold=bool(loss), max_width=w, min_size=TEXT_SIZE)
    return y + ROW


def _duellist_name(t: Table, gid: str | None) -> str:
    return short(t.general(gid)) if gid else t.say("battle.gentry_duellist")


def _checks(c: Canvas, t: Table, checks: list[dict], y: float) -> float:
    """W24: each kill check, its die and what became of the general, in the order rolled."""
    width = INNER - 2 * PAD

    def body(cc: Canvas, top: float) -> float:
        cc.text(MARGIN + PAD, top, t.say("battle.checks"), TEXT_SIZE, GOLD, bold=True,
                max_width=width, min_size=TEXT_SIZE)
        top += ROW
        for check in checks:
            line = t.say("battle.check", general=short(t.general(str(check.get("general")))),
                         column=t.say(f"battle.column.{check.get('column')}"),
                         result=t.say(f"battle.result.{check.get('result')}"))
            top = _inline(cc, [int(check.get("face") or 0), line], MARGIN + PAD, top,
                          width) + 6
        return top

    return boxed(c, (MARGIN, MARGIN + INNER, y), body)


def _pursuit(c: Canvas, t: Table, b: dict, y: float) -> float:
    """W22.11: the pursuer's die on its troops' column and the loss it gave."""
    p = b["pursuit"]
    parts: list[Part] = [t.say("battle.pursuit"), int(p.get("face") or 0),
                         t.say("battle.pursuit_result", troops=int(p.get("troops", 0)),
                               loss=int(p.get("loss", 0)))]
    return boxed(c, (MARGIN, MARGIN + INNER, y),
                 lambda cc, top: _inline(cc, parts, MARGIN + PAD, top, INNER - 2 * PAD))


def _inline(c: Canvas, parts: list[Part], x: float, y: float, width: float,
            colour: str = TEXT, bold: bool = False) -> float:
    """Words and dice left to right (an int is a die face), wrapping within `width`; returns
    the y below the last row."""
    flow = Flow(x, y, width, DIE, gap=10)
    for part in parts:
        if isinstance(part, int):
            px, py = flow.place(DIE)
            _die(c, px, py, part)
            continue
        w = min(c.measure(part, TEXT_SIZE, bold), width)
        px, py = flow.place(w)
        c.text(px, py + DIE / 2, part, TEXT_SIZE, colour, bold, anchor="lm", max_width=width,
               min_size=TEXT_SIZE)
    return flow.bottom


def _die(c: Canvas, x: float, y: float, face: int) -> None:
    """A die face the height of a row of 24 px words (rendering.kit.dice)."""
    die(c, x, y, face, DIE, PIP, DIE_RADIUS, TEXT_SIZE)


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
