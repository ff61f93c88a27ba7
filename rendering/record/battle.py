"""The battle image of Record of the Three Kingdoms: one attack, in any of its states.

States follow the view's battle dict: cards face down before the reveal, forces known while
the sides arrange, lanes once revealed, or no lanes at all when 空城計 or 擒賊擒王 ended the
attack early. Hidden markers are drawn as card backs and never read further.
"""

from __future__ import annotations

from PIL import Image

from games.core.messages import Term
from rendering.kit.canvas import Canvas, Page
from rendering.kit.fonts import resolve_cjk
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    AMBER,
    BODY,
    CARD_FACE,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL,
    RED,
    SMALL,
    TEXT,
    TILE,
    TITLE,
    seat_color,
)
from rendering.kit.views import is_hidden
from rendering.record.ink import draw_fitted
from rendering.record.words import Words

WIDTH = 1280
MARGIN = 24
GAP = 16
PAD = 16
VS_W = 72
GENERAL_H = 96
STRATAGEM_H = 76
LANE_H = 210
BANNER_H = 64
STEP_ARROW = " → "
MAX_HEIGHT = 4000  # no battle comes near it: the height is the content's

LANES = ("front", "middle", "rear")
SIDES = ("attacker", "defender")


def render_battle(scene: Scene, *, cjk: bool | None = None) -> Image.Image:
    """One attack (`scene.view` is its record), from declaration to outcome, in whatever
    state the record holds."""
    return draw_battle(scene, resolve_cjk(cjk))[0]


def draw_battle(scene: Scene, cjk: bool) -> Page:
    """Two passes (see kit.canvas.draw_measured); returns the image and the drawn strings."""
    words = Words(scene, cjk)
    return draw_fitted(WIDTH, MAX_HEIGHT, cjk, lambda c, _: _battle(c, scene.view, words))


def _battle(c: Canvas, b: dict, w: Words) -> float:
    y = _title(c, b, w, MARGIN)
    y = _sides(c, b, w, y + GAP)
    if b.get("contests"):
        y = _contests(c, b, w, y + GAP)
    y = _middle(c, b, w, y + GAP)
    return _banner(c, b, w, y + GAP) + MARGIN


def _title(c: Canvas, b: dict, w: Words, y: float) -> float:
    city = b.get("city", {})
    inner = WIDTH - 2 * MARGIN
    c.text(MARGIN, y, w("battle.title", city=w.card(city)), TITLE, TEXT, bold=True,
           max_width=inner)
    y += TITLE + 12
    line = w("battle.line", attacker=w.seat(int(b["attacker"])),
             defender=w.seat(int(b["defender"])), size=w.size(city),
             points=city.get("points", 0), walls=b.get("walls", city.get("walls", 0)))
    c.text(MARGIN, y, line, BODY, MUTED, max_width=inner)
    return y + BODY + 8


# ---- the two sides ----


def _sides(c: Canvas, b: dict, w: Words, y: float) -> float:
    col_w = (WIDTH - 2 * MARGIN - VS_W) / 2
    bottoms = []
    for k, side in enumerate(SIDES):
        x = MARGIN + k * (col_w + VS_W)
        bottoms.append(_side(c.twin(), b, w, side, x, y, col_w))
    bottom = max(bottoms)
    for k, side in enumerate(SIDES):
        x = MARGIN + k * (col_w + VS_W)
        seat = int(b[side])
        c.rect((x, y, x + col_w, bottom), fill=PANEL, outline=seat_color(seat), width=3)
        _side(c, b, w, side, x, y, col_w)
    cx, cy = WIDTH / 2, (y + bottom) / 2
    c.dot(cx, cy, VS_W / 2 - 6, RED)
    c.text(cx, cy, w("battle.vs"), LARGE, TEXT, bold=True, anchor="mm")
    return bottom


def _side(c: Canvas, b: dict, w: Words, side: str, x: float, y: float,
          width: float) -> float:
    seat = int(b[side])
    inner_x, inner_w = x + PAD, width - 2 * PAD
    y += PAD
    c.text(inner_x, y, w.term(f"record.side.{side}"), SMALL, seat_color(seat), bold=True)
    y += SMALL + 6
    c.text(inner_x, y, w.seat(seat), NAME, TEXT, bold=True, max_width=inner_w)
    y += NAME + 14
    _general_card(c, w, b.get(f"{side}_general"), inner_x, y, inner_w)
    y += GENERAL_H + 10
    key = "attack_stratagem" if side == "attacker" else "defence_stratagem"
    _stratagem_card(c, w, b.get(key), inner_x, y, inner_w)
    y += STRATAGEM_H + 12
    c.text(inner_x, y, _force_line(b, w, side), LARGE, GOLD, bold=True, max_width=inner_w)
    return y + LARGE + 8 + PAD


def _force_line(b: dict, w: Words, side: str) -> str:
    steps = (b.get("force_steps") or {}).get(side)
    if steps:
        return w("battle.force", steps=STEP_ARROW.join(str(v) for v in steps))
    forces = b.get("forces")
    if forces:
        return w("battle.force", steps=str(forces.get(side)))
    return w("battle.force_none") if b.get("outcome") else w("battle.force_later")


def _general_card(c: Canvas, w: Words, general: dict | None, x: float, y: float,
                  width: float) -> None:
    box = (x, y, x + width, y + GENERAL_H)
    if general is None:
        c.rect(box, outline=MUTED, width=2)
        c.text(x + PAD, y + GENERAL_H / 2, w("battle.no_general"), BODY, MUTED, anchor="lm",
               max_width=width - 2 * PAD)
    elif is_hidden(general):
        _back_with_text(c, box, w("battle.general_down"))
    else:
        r = GENERAL_H / 2 - 10
        c.rect(box, fill=CARD_FACE)
        c.dot(x + width - r - 14, y + GENERAL_H / 2, r, RED)
        c.text(x + width - r - 14, y + GENERAL_H / 2, str(general.get("force", "?")), NAME,
               TEXT, bold=True, anchor="mm")
        c.text(x + PAD, y + 14, w.card(general), NAME, DARK_TEXT, bold=True,
               max_width=width - 2 * r - 3 * PAD)
        c.text(x + PAD, y + 14 + NAME + 12, w("battle.printed_force"), SMALL, "#5a5346",
               max_width=width - 2 * r - 3 * PAD)


def _stratagem_card(c: Canvas, w: Words, card: dict | None, x: float, y: float,
                    width: float) -> None:
    box = (x, y, x + width, y + STRATAGEM_H)
    if card is None:
        c.rect(box, outline=TILE, width=2)
        c.text(x + PAD, y + STRATAGEM_H / 2, w("battle.no_stratagem"), BODY, MUTED,
               anchor="lm", max_width=width - 2 * PAD)
    elif is_hidden(card):
        _back_with_text(c, box, w("battle.stratagem_down"))
    else:
        c.rect(box, fill="#5a3d66")
        c.text(x + PAD, y + 10, w.card(card), LARGE, TEXT, bold=True,
               max_width=width - 2 * PAD)
        kind = f"record.type.{card.get('type', 'general')}"
        line = w("battle.kind_contest", type=Term(kind)) if card.get("contest") else \
            w.term(kind)
        c.text(x + PAD, y + 16 + LARGE, line, SMALL, "#e0d2ea", max_width=width - 2 * PAD)


def _back_with_text(c: Canvas, box: tuple[float, float, float, float], text: str) -> None:
    x0, y0, x1, y1 = box
    back_w = (y1 - y0) * 0.7
    c.rect(box, fill=TILE)
    c.card_back((x0 + 8, y0 + 8, x0 + 8 + back_w, y1 - 8))
    c.text(x0 + back_w + 24, (y0 + y1) / 2, text, LARGE, MUTED, max_width=x1 - x0 - back_w - 32,
           anchor="lm")


# ---- contests, lanes, outcome ----


def _contests(c: Canvas, b: dict, w: Words, y: float) -> float:
    inner = WIDTH - 2 * MARGIN
    c.text(MARGIN, y, w("battle.contests"), LARGE, TEXT, bold=True)
    y += LARGE + 10
    for contest in b["contests"]:
        verdict = Term("record.contest.success" if contest.get("success")
                       else "record.contest.failure")
        text = w("battle.contest", card=_card_name(b, w, str(contest.get("card", ""))),
                 user=w.seat(int(contest["user"])), user_int=contest.get("user_int", 0),
                 opponent=w.seat(int(contest["opponent"])),
                 opponent_int=contest.get("opponent_int", 0), verdict=verdict)
        c.rect((MARGIN, y, MARGIN + inner, y + BODY + 20), fill=PANEL)
        c.rect((MARGIN, y, MARGIN + 8, y + BODY + 20), fill=GREEN if contest.get("success")
               else RED, radius=3)
        c.text(MARGIN + 20, y + (BODY + 20) / 2, text, BODY, TEXT, max_width=inner - 28,
               anchor="lm")
        y += BODY + 28
    return y - 8


def _card_name(b: dict, w: Words, card_id: str) -> str:
    """A contest names its card by id: one of the played stratagems, or (a card the record
    no longer shows face up) its name from the id."""
    for key in ("attack_stratagem", "defence_stratagem"):
        card = b.get(key)
        if isinstance(card, dict) and not is_hidden(card) and card.get("id") == card_id:
            return w.card(card)
    slug = card_id.partition(":")[2].partition("#")[0]
    if not w.cjk:
        return slug.replace("_", " ").title() or "?"
    return w.card({"id": card_id, "en": slug})


def _middle(c: Canvas, b: dict, w: Words, y: float) -> float:
    """The lanes once revealed; otherwise a note saying where the attack stands."""
    if b.get("lanes"):
        return _lanes(c, b, w, y)
    note = _pending_note(b, w)
    if b.get("my_cards"):
        note = w("battle.my_cards", note=note, cards=", ".join(str(v) for v in b["my_cards"]))
    c.rect((MARGIN, y, WIDTH - MARGIN, y + BODY + 28), fill=PANEL)
    c.text(MARGIN + PAD, y + (BODY + 28) / 2, note, BODY, MUTED,
           max_width=WIDTH - 2 * MARGIN - 2 * PAD, anchor="lm")
    return y + BODY + 28


def _pending_note(b: dict, w: Words) -> str:
    outcome = b.get("outcome")
    if outcome == "empty_fort":
        return w("battle.empty_fort_note", card=_empty_fort(b, w))
    if outcome == "killed":
        return w("battle.killed_note")
    if b.get("forces"):
        return w("battle.arranging_note")
    return w("battle.reveal_note")


def _empty_fort(b: dict, w: Words) -> str:
    """空城計 by the name the reader knows."""
    card = b.get("defence_stratagem")
    if isinstance(card, dict) and not is_hidden(card):
        return w.card(card)
    return w.card({"id": "stratagem:kong_cheng_ji", "en": "Empty Fort Ploy"})


def _lanes(c: Canvas, b: dict, w: Words, y: float) -> float:
    lane_w = (WIDTH - 2 * MARGIN - 2 * GAP) / 3
    for k, lane in enumerate(b["lanes"][:3]):
        _lane(c, b, w, lane, MARGIN + k * (lane_w + GAP), y, lane_w)
    return y + LANE_H


def _lane(c: Canvas, b: dict, w: Words, lane: dict, x: float, y: float, width: float) -> None:
    winner = lane.get("winner")
    colour = seat_color(int(b[winner])) if winner in SIDES else MUTED
    c.rect((x, y, x + width, y + LANE_H), fill=PANEL, outline=colour, width=3)
    position = str(lane.get("position", ""))
    name = w.term(f"record.lane.{position}") if position in LANES else position
    c.text(x + width / 2, y + 12, name, LARGE, TEXT, bold=True, anchor="ma",
           max_width=width - 2 * PAD)
    walls = int(lane.get("defender_value", 0)) - int(lane.get("defender", 0))
    half = width / 2
    c.text(x + half / 2, y + 50, w.term("record.side.attacker"), SMALL,
           seat_color(int(b["attacker"])), anchor="ma", max_width=half - 8)
    c.text(x + half + half / 2, y + 50, w.term("record.side.defender"), SMALL,
           seat_color(int(b["defender"])), anchor="ma", max_width=half - 8)
    c.text(x + half / 2, y + 76, str(lane.get("attacker", "?")), TITLE + 8, TEXT, bold=True,
           anchor="ma")
    c.text(x + half + half / 2, y + 76, str(lane.get("defender_value", "?")), TITLE + 8, TEXT,
           bold=True, anchor="ma")
    c.text(x + half + half / 2, y + 126, w("battle.walls_added", card=lane.get("defender", 0),
                                            walls=walls), SMALL, MUTED, anchor="ma",
           max_width=half - 8)
    verdict = w("battle.lane_won", side=Term(f"record.side.{winner}")) if winner in SIDES \
        else w.term("record.side.tie")
    c.rect((x + PAD, y + LANE_H - 46, x + width - PAD, y + LANE_H - 12), fill=colour, radius=6)
    c.text(x + width / 2, y + LANE_H - 29, verdict, BODY, DARK_TEXT, bold=True, anchor="mm",
           max_width=width - 4 * PAD)


def _banner(c: Canvas, b: dict, w: Words, y: float) -> float:
    text, colour = _outcome(b, w)
    lines = [text] + _beheading(b, w)
    height = BANNER_H + (len(lines) - 1) * (BODY + 12)
    c.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=colour)
    c.text(WIDTH / 2, y + 14, lines[0], NAME, DARK_TEXT, bold=True, anchor="ma",
           max_width=WIDTH - 2 * MARGIN - 2 * PAD)
    for k, line in enumerate(lines[1:]):
        c.text(WIDTH / 2, y + BANNER_H + k * (BODY + 12) - 6, line, BODY, DARK_TEXT, bold=True,
               anchor="ma", max_width=WIDTH - 2 * MARGIN - 2 * PAD)
    return y + height


def _outcome(b: dict, w: Words) -> tuple[str, str]:
    city = w.card(b.get("city", {}))
    outcome = b.get("outcome")
    if outcome == "success":
        return w("battle.success", who=w.seat(int(b["attacker"])), city=city), GREEN
    if outcome == "failure":
        return w("battle.failure"), RED
    if outcome == "empty_fort":
        return w("battle.empty_fort", card=_empty_fort(b, w)), RED
    if outcome == "killed":
        return w("battle.killed", city=city), AMBER
    if b.get("forces"):
        return w("battle.arranging"), GOLD
    return w("battle.waiting"), GOLD


def _beheading(b: dict, w: Words) -> list[str]:
    side = b.get("beheaded")
    if side not in SIDES:
        return []
    general = b.get(f"{side}_general")
    who = w.card(general) if isinstance(general, dict) and not is_hidden(general) else \
        w.term(f"record.role.{side}_general")
    return [w("battle.beheaded", side=Term(f"record.side.{side}"), general=who)]
