"""The Tang battle image: one fought battle, drawn from `Game.finished_battle`'s public
record (T3.4.3-T3.4.5, T9) with its arithmetic shown.

For each side: the two dice as faces (after any reroll), their raw sum, the 锦囊 played with
their values, the rally, the general's value (or 釜底抽薪 voiding it), each locked skill, and
the total. Then the losses by the overflow rule (T3.4.3a) written out with the numbers:
m = max(0, d − A, a − D), each side removing the other's total less m (张巡's 死守 two
fewer), and the outcome: captured, besieged, repelled or both wiped out.
"""

from __future__ import annotations

from typing import Any

from PIL import Image

from games.core.messages import Term
from rendering.kit.canvas import Canvas, Page
from rendering.kit.dice import die
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, WIDTH
from rendering.kit.pages import record_page
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    AMBER,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL,
    RED,
    TEXT,
    TILE,
    TITLE,
)
from rendering.tang.style import Table, lines

TEXT_SIZE = LARGE  # 24 px: the phone floor
DIE = 64
PIP = 6
DIE_RADIUS = 10
VS_W = 64
ROW = TEXT_SIZE + 14
SIDES = (("att", "a", "attacker"), ("def", "d", "defender"))
OUTCOMES = {"captured": GREEN, "besieged": AMBER, "repelled": RED, "both_wiped": MUTED}


def render_battle(scene: Scene, *, cjk: bool | None = None) -> Image.Image:
    return draw_battle(scene, cjk)[0]


def draw_battle(scene: Scene, cjk: bool | None = None) -> Page:
    """The battle and the strings drawn on it."""
    return record_page(Table(scene), _battle, cjk)


def _battle(c: Canvas, t: Table, b: dict[str, Any]) -> float:
    y = _title(c, t, b, MARGIN)
    record = b.get("record")
    if record:
        y = _sides(c, t, b, record, y + GAP)
        y = _losses(c, t, record, y + GAP)
    return _banner(c, t, b, y + GAP) + MARGIN


def _title(c: Canvas, t: Table, b: dict, y: float) -> float:
    city = Term(f"tang.city.{b.get('city')}")
    c.text(MARGIN, y, t.say("battle.title", city=city, number=int(b.get("number") or 0)),
           TITLE, TEXT, bold=True, max_width=INNER, min_size=TEXT_SIZE)
    y += TITLE + 12
    line = t.say("battle.line", attacker=t.name(c, int(b["attacker"])),
                 defender=t.name(c, int(b["defender"])))
    y = lines(c, MARGIN, y, line, INNER, MUTED)
    crossed = [k for k in b.get("crossed") or [] if k != "none"]
    notes = []
    if crossed:
        notes.append(t.say("battle.crossed", crossings=tuple(
            Term(f"tang.board.crossing.{k}") for k in dict.fromkeys(crossed))))
    if b.get("siege"):
        notes.append(t.say("battle.siege"))
    for note in notes:
        y = lines(c, MARGIN, y, note, INNER, MUTED)
    return y


def _sides(c: Canvas, t: Table, b: dict, record: dict, y: float) -> float:
    col_w = (INNER - VS_W) / 2
    bottoms = [_side(c.twin(), t, b, record, k, MARGIN + k * (col_w + VS_W), y, col_w)
               for k in range(2)]
    bottom = max(bottoms)
    for k in range(2):
        x = MARGIN + k * (col_w + VS_W)
        seat = int(b[SIDES[k][2]])
        c.rect((x, y, x + col_w, bottom), fill=PANEL, outline=t.color(seat), width=3)
        _side(c, t, b, record, k, x, y, col_w)
    c.dot(WIDTH / 2, (y + bottom) / 2, VS_W / 2 - 6, RED)
    c.text(WIDTH / 2, (y + bottom) / 2, t.say("battle.vs"), TEXT_SIZE, TEXT, bold=True,
           anchor="mm", max_width=VS_W - 14, min_size=TEXT_SIZE)
    return bottom


def _side(c: Canvas, t: Table, b: dict, record: dict, k: int, x: float, y: float,
          width: float) -> float:
    side, short, role = SIDES[k]
    seat = int(b[role])
    part = record.get(short) or {}
    ix, iw = x + PAD, width - 2 * PAD
    y += PAD
    c.text(ix, y, t.say(f"battle.{role}"), TEXT_SIZE, t.color(seat), bold=True, max_width=iw,
           min_size=TEXT_SIZE)
    y += TEXT_SIZE + 6
    c.text(ix, y, t.name(c, seat), NAME, TEXT, bold=True, max_width=iw, min_size=TEXT_SIZE)
    y += NAME + 12
    dice = [int(v) for v in (b.get("dice") or {}).get(short) or []]
    for n, face in enumerate(dice):
        die(c, ix + n * (DIE + 12), y, face, DIE, PIP, DIE_RADIUS, NAME)
    y += DIE + 12 if dice else 0
    for label, value in _terms(t, b, record, side, short):
        y = _term(c, label, value, ix, y, iw)
    c.rect((ix, y + 4, ix + iw, y + 4 + NAME + 16), fill=TILE, outline=GOLD, width=2)
    c.text(ix + 12, y + 12 + NAME / 2, t.say("battle.total", letter=short), NAME, GOLD,
           bold=True, anchor="lm", max_width=iw * 0.7, min_size=TEXT_SIZE)
    c.text(ix + iw - 12, y + 12 + NAME / 2, str(part.get("total", 0)), NAME, GOLD,
           bold=True, anchor="rm")
    y += NAME + 28
    armies = record.get("A" if short == "a" else "D", 0)
    c.text(ix, y, t.say("battle.armies", letter=short.upper(), count=int(armies)), TEXT_SIZE,
           TEXT, max_width=iw, min_size=TEXT_SIZE)
    return y + TEXT_SIZE + PAD


def _terms(t: Table, b: dict, record: dict, side: str,
           short: str) -> list[tuple[str, str]]:
    """The parts of a side's total, each with its value: what the arithmetic adds up."""
    part = record.get(short) or {}
    dice = [int(v) for v in (b.get("dice") or {}).get(short) or []]
    sum_text = " + ".join(str(v) for v in dice)
    out = [(t.say("battle.raw"), f"{sum_text} = {part.get('raw', 0)}" if len(dice) > 1
            else str(part.get("raw", 0)))]
    for key, value in (b.get("mods") or {}).get(side) or []:
        out.append((t.say("battle.card", card=Term(str(key))), _signed(int(value))))
    if int(part.get("rally", 0)):
        out.append((t.say("battle.rally"), _signed(int(part["rally"]))))
    generals = record.get(f"{short}_generals") or []
    if side in (b.get("no_general") or []):
        out.append((t.say("battle.no_general"), "+0"))
    elif generals:
        names = tuple(Term(f"tang.character.{g}") for g in generals)
        out.append((t.say("battle.general", generals=names), _signed(int(part.get("general",
                                                                                  0)))))
    for skill, value in part.get("skills") or []:
        out.append((t.say("battle.skill", skill=Term(f"tang.skill.{skill}")),
                    _signed(int(value))))
    return out


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


def _term(c: Canvas, label: str, value: str, x: float, y: float, width: float) -> float:
    value_w = c.text(x + width, y, value, TEXT_SIZE, TEXT, bold=True, anchor="ra")
    c.text(x, y, label, TEXT_SIZE, MUTED, max_width=width - value_w - 16, min_size=TEXT_SIZE)
    return y + ROW


def _losses(c: Canvas, t: Table, record: dict, y: float) -> float:
    """T3.4.3a with the battle's numbers."""
    a, d = int((record.get("a") or {}).get("total", 0)), int((record.get("d") or {}).get(
        "total", 0))
    big_a, big_d, m = int(record.get("A", 0)), int(record.get("D", 0)), int(record.get("m", 0))
    lines = [
        t.say("battle.overflow", a=a, d=d, A=big_a, D=big_d, x_a=_minus(d, big_a),
              x_d=_minus(a, big_d), m=m),
        t.say("battle.loss_a", d=d, m=m, loss=int(record.get("loss_a", 0))),
        t.say("battle.loss_d", a=a, m=m, loss=max(0, a - m))]
    loss_d = int(record.get("loss_d", 0))
    if loss_d != max(0, a - m):
        lines.append(t.say("battle.sishou", fewer=max(0, a - m) - loss_d, loss=loss_d))
    height = len(lines) * ROW + 2 * PAD
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=PANEL)
    for n, line in enumerate(lines):
        c.text(MARGIN + PAD, y + PAD + n * ROW, line, TEXT_SIZE, TEXT if n else GOLD,
               bold=n == 0, max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
    return y + height


def _minus(x: int, y: int) -> str:
    return f"{x} − {y}"


def _banner(c: Canvas, t: Table, b: dict, y: float) -> float:
    outcome = str(b.get("outcome") or "")
    colour = OUTCOMES.get(outcome, GOLD)
    who = t.name(c, int(b["attacker"])) if outcome == "captured" else \
        t.name(c, int(b["defender"]))
    text = t.say(f"battle.outcome.{outcome}" if outcome in OUTCOMES else "battle.outcome.none",
                 who=who, city=Term(f"tang.city.{b.get('city')}"))
    height = NAME + 2 * 18
    c.rect((MARGIN, y, MARGIN + INNER, y + height), fill=colour)
    c.text(WIDTH / 2, y + height / 2, text, NAME, DARK_TEXT, bold=True, anchor="mm",
           max_width=INNER - 2 * PAD, min_size=TEXT_SIZE)
    return y + height
