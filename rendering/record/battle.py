"""The battle image of Record of the Three Kingdoms: one attack, in any of its states.

States follow the view's battle dict: cards face down before the reveal, forces known while
the sides arrange, lanes once revealed, or no lanes at all when 空城計 or 擒賊擒王 ended the
attack early. Hidden markers are drawn as card backs and never read further.
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Canvas, draw_measured
from rendering.kit.fonts import resolve_cjk
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
from rendering.kit.views import is_hidden, player_name

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

LANES = {"front": ("前軍", "Front"), "middle": ("中軍", "Middle"), "rear": ("後軍", "Rear")}
TYPE_NAMES = {"attack": "Attack", "defence": "Defence", "general": "General"}
SIDES = ("attacker", "defender")


def render_battle(battle: dict, names: list[str], *, cjk: bool | None = None) -> Image.Image:
    """One attack, from declaration to outcome, in whatever state the view holds."""
    return draw_battle(battle, names, resolve_cjk(cjk))[0]


def draw_battle(battle: dict, names: list[str], cjk: bool) -> tuple[Image.Image, list[str]]:
    """Two passes (see kit.canvas.draw_measured); returns the image and the drawn strings."""
    return draw_measured(WIDTH, cjk, lambda c: _battle(c, battle, names))


def _battle(c: Canvas, b: dict, names: list[str]) -> float:
    y = _title(c, b, names, MARGIN)
    y = _sides(c, b, names, y + GAP)
    if b.get("contests"):
        y = _contests(c, b, names, y + GAP)
    y = _middle(c, b, y + GAP)
    return _banner(c, b, names, y + GAP) + MARGIN


def _title(c: Canvas, b: dict, names: list[str], y: float) -> float:
    city = b.get("city", {})
    inner = WIDTH - 2 * MARGIN
    c.text(MARGIN, y, f"Attack on {c.label(city)}", TITLE, TEXT, bold=True, max_width=inner)
    y += TITLE + 12
    attacker = player_name(names, int(b["attacker"]), c)
    defender = player_name(names, int(b["defender"]), c)
    line = (f"{attacker} attacks {defender} · {str(city.get('size', '')).title()} city · "
            f"{city.get('points', 0)} pts · walls {b.get('walls', city.get('walls', 0))}")
    c.text(MARGIN, y, line, BODY, MUTED, max_width=inner)
    return y + BODY + 8


# ---- the two sides ----


def _sides(c: Canvas, b: dict, names: list[str], y: float) -> float:
    col_w = (WIDTH - 2 * MARGIN - VS_W) / 2
    bottoms = []
    for k, side in enumerate(SIDES):
        x = MARGIN + k * (col_w + VS_W)
        bottoms.append(_side(c.twin(), b, names, side, x, y, col_w))
    bottom = max(bottoms)
    for k, side in enumerate(SIDES):
        x = MARGIN + k * (col_w + VS_W)
        seat = int(b[side])
        c.rect((x, y, x + col_w, bottom), fill=PANEL, outline=seat_color(seat), width=3)
        _side(c, b, names, side, x, y, col_w)
    cx, cy = WIDTH / 2, (y + bottom) / 2
    c.dot(cx, cy, VS_W / 2 - 6, RED)
    c.text(cx, cy, "VS", LARGE, TEXT, bold=True, anchor="mm")
    return bottom


def _side(c: Canvas, b: dict, names: list[str], side: str, x: float, y: float,
          w: float) -> float:
    seat = int(b[side])
    inner_x, inner_w = x + PAD, w - 2 * PAD
    y += PAD
    c.text(inner_x, y, side.upper(), SMALL, seat_color(seat), bold=True)
    y += SMALL + 6
    c.text(inner_x, y, player_name(names, seat, c), NAME, TEXT, bold=True, max_width=inner_w)
    y += NAME + 14
    _general_card(c, b.get(f"{side}_general"), inner_x, y, inner_w)
    y += GENERAL_H + 10
    key = "attack_stratagem" if side == "attacker" else "defence_stratagem"
    _stratagem_card(c, b.get(key), inner_x, y, inner_w)
    y += STRATAGEM_H + 12
    c.text(inner_x, y, _force_line(b, side), LARGE, GOLD, bold=True, max_width=inner_w)
    return y + LARGE + 8 + PAD


def _force_line(b: dict, side: str) -> str:
    steps = (b.get("force_steps") or {}).get(side)
    if steps:
        return "Force " + STEP_ARROW.join(str(v) for v in steps)
    forces = b.get("forces")
    if forces:
        return f"Force {forces.get(side)}"
    return "Force: no battle" if b.get("outcome") else "Force: after the reveal"


def _general_card(c: Canvas, general: dict | None, x: float, y: float, w: float) -> None:
    box = (x, y, x + w, y + GENERAL_H)
    if general is None:
        c.rect(box, outline=MUTED, width=2)
        c.text(x + PAD, y + GENERAL_H / 2, "No general placed yet", BODY, MUTED, anchor="lm")
    elif is_hidden(general):
        _back_with_text(c, box, "General face down")
    else:
        r = GENERAL_H / 2 - 10
        c.rect(box, fill=CARD_FACE)
        c.dot(x + w - r - 14, y + GENERAL_H / 2, r, RED)
        c.text(x + w - r - 14, y + GENERAL_H / 2, str(general.get("force", "?")), NAME, TEXT,
               bold=True, anchor="mm")
        c.text(x + PAD, y + 14, c.label(general), NAME, DARK_TEXT, bold=True,
               max_width=w - 2 * r - 3 * PAD)
        c.text(x + PAD, y + 14 + NAME + 12, "General · printed force", SMALL, "#5a5346")


def _stratagem_card(c: Canvas, card: dict | None, x: float, y: float, w: float) -> None:
    box = (x, y, x + w, y + STRATAGEM_H)
    if card is None:
        c.rect(box, outline=TILE, width=2)
        c.text(x + PAD, y + STRATAGEM_H / 2, "No stratagem placed", BODY, MUTED, anchor="lm")
    elif is_hidden(card):
        _back_with_text(c, box, "Stratagem face down")
    else:
        c.rect(box, fill="#5a3d66")
        c.text(x + PAD, y + 10, c.label(card), LARGE, TEXT, bold=True, max_width=w - 2 * PAD)
        kind = TYPE_NAMES.get(str(card.get("type")), str(card.get("type", "")))
        contest = " · intelligence contest" if card.get("contest") else ""
        c.text(x + PAD, y + 16 + LARGE, f"{kind} stratagem{contest}", SMALL, "#e0d2ea",
               max_width=w - 2 * PAD)


def _back_with_text(c: Canvas, box: tuple[float, float, float, float], text: str) -> None:
    x0, y0, x1, y1 = box
    back_w = (y1 - y0) * 0.7
    c.rect(box, fill=TILE)
    c.card_back((x0 + 8, y0 + 8, x0 + 8 + back_w, y1 - 8))
    c.text(x0 + back_w + 24, (y0 + y1) / 2, text, LARGE, MUTED, max_width=x1 - x0 - back_w - 32,
           anchor="lm")


# ---- contests, lanes, outcome ----


def _contests(c: Canvas, b: dict, names: list[str], y: float) -> float:
    inner = WIDTH - 2 * MARGIN
    c.text(MARGIN, y, "Intelligence contests", LARGE, TEXT, bold=True)
    y += LARGE + 10
    for contest in b["contests"]:
        verdict = "success" if contest.get("success") else "failed"
        text = (f"{_card_name(c, b, str(contest.get('card', '')))}: "
                f"{player_name(names, int(contest['user']), c)} INT {contest.get('user_int')}"
                f" vs {player_name(names, int(contest['opponent']), c)} INT "
                f"{contest.get('opponent_int')} → {verdict}")
        c.rect((MARGIN, y, MARGIN + inner, y + BODY + 20), fill=PANEL)
        c.rect((MARGIN, y, MARGIN + 8, y + BODY + 20), fill=GREEN if contest.get("success")
               else RED, radius=3)
        c.text(MARGIN + 20, y + (BODY + 20) / 2, text, BODY, TEXT, max_width=inner - 28,
               anchor="lm")
        y += BODY + 28
    return y - 8


def _card_name(c: Canvas, b: dict, card_id: str) -> str:
    """A contest names its card by id; the card itself is one of the played stratagems."""
    for key in ("attack_stratagem", "defence_stratagem"):
        card = b.get(key)
        if isinstance(card, dict) and not is_hidden(card) and card.get("id") == card_id:
            return c.label(card)
    slug = card_id.partition(":")[2].partition("#")[0]
    return slug.replace("_", " ").title() or "Stratagem"


def _middle(c: Canvas, b: dict, y: float) -> float:
    """The lanes once revealed; otherwise a note saying where the attack stands."""
    if b.get("lanes"):
        return _lanes(c, b, y)
    note = _pending_note(b)
    if b.get("my_cards"):
        note += " · your cards: " + ", ".join(str(v) for v in b["my_cards"])
    c.rect((MARGIN, y, WIDTH - MARGIN, y + BODY + 28), fill=PANEL)
    c.text(MARGIN + PAD, y + (BODY + 28) / 2, note, BODY, MUTED,
           max_width=WIDTH - 2 * MARGIN - 2 * PAD, anchor="lm")
    return y + BODY + 28


def _pending_note(b: dict) -> str:
    outcome = b.get("outcome")
    if outcome == "empty_fort":
        return "Empty Fort: no battle was fought"
    if outcome == "killed":
        return "The defending general was killed: no battle, the city is discarded"
    if b.get("forces"):
        return "Both sides arrange their 3 highest battle cards: Front, Middle, Rear"
    return "Battle cards are drawn after the reveal"


def _lanes(c: Canvas, b: dict, y: float) -> float:
    lane_w = (WIDTH - 2 * MARGIN - 2 * GAP) / 3
    for k, lane in enumerate(b["lanes"][:3]):
        _lane(c, b, lane, MARGIN + k * (lane_w + GAP), y, lane_w)
    return y + LANE_H


def _lane(c: Canvas, b: dict, lane: dict, x: float, y: float, w: float) -> None:
    winner = lane.get("winner")
    colour = seat_color(int(b[winner])) if winner in SIDES else MUTED
    c.rect((x, y, x + w, y + LANE_H), fill=PANEL, outline=colour, width=3)
    zh, en = LANES.get(str(lane.get("position")), ("", str(lane.get("position", ""))))
    c.text(x + w / 2, y + 12, c.label({"zh": zh, "en": en}), LARGE, TEXT, bold=True,
           anchor="ma", max_width=w - 2 * PAD)
    walls = int(lane.get("defender_value", 0)) - int(lane.get("defender", 0))
    half = w / 2
    c.text(x + half / 2, y + 50, "Attacker", SMALL, seat_color(int(b["attacker"])), anchor="ma")
    c.text(x + half + half / 2, y + 50, "Defender", SMALL, seat_color(int(b["defender"])),
           anchor="ma")
    c.text(x + half / 2, y + 76, str(lane.get("attacker", "?")), TITLE + 8, TEXT, bold=True,
           anchor="ma")
    c.text(x + half + half / 2, y + 76, str(lane.get("defender_value", "?")), TITLE + 8, TEXT,
           bold=True, anchor="ma")
    c.text(x + half + half / 2, y + 126, f"{lane.get('defender')} + {walls} walls", SMALL,
           MUTED, anchor="ma", max_width=half - 8)
    verdict = {"attacker": "Attacker wins", "defender": "Defender wins"}.get(str(winner), "Tie")
    c.rect((x + PAD, y + LANE_H - 46, x + w - PAD, y + LANE_H - 12), fill=colour, radius=6)
    c.text(x + w / 2, y + LANE_H - 29, verdict, BODY, DARK_TEXT, bold=True, anchor="mm")


def _banner(c: Canvas, b: dict, names: list[str], y: float) -> float:
    text, colour = _outcome(c, b, names)
    lines = [text] + _beheading(c, b)
    height = BANNER_H + (len(lines) - 1) * (BODY + 12)
    c.rect((MARGIN, y, WIDTH - MARGIN, y + height), fill=colour)
    c.text(WIDTH / 2, y + 14, lines[0], NAME, DARK_TEXT, bold=True, anchor="ma",
           max_width=WIDTH - 2 * MARGIN - 2 * PAD)
    for k, line in enumerate(lines[1:]):
        c.text(WIDTH / 2, y + BANNER_H + k * (BODY + 12) - 6, line, BODY, DARK_TEXT, bold=True,
               anchor="ma", max_width=WIDTH - 2 * MARGIN - 2 * PAD)
    return y + height


def _outcome(c: Canvas, b: dict, names: list[str]) -> tuple[str, str]:
    attacker = player_name(names, int(b["attacker"]), c)
    city = c.label(b.get("city", {}))
    outcome = b.get("outcome")
    if outcome == "success":
        return (f"Attack succeeds: {attacker} takes {city}", GREEN)
    if outcome == "failure":
        return ("Attack fails: the defender holds", RED)
    if outcome == "empty_fort":
        return (f"{c.label({'zh': '空城計', 'en': 'Empty Fort Ploy'})}: the attack fails", RED)
    if outcome == "killed":
        return (f"General killed: {city} is discarded", AMBER)
    if b.get("forces"):
        return ("In progress: arranging the battle cards", GOLD)
    return ("In progress: waiting for the reveal", GOLD)


def _beheading(c: Canvas, b: dict) -> list[str]:
    side = b.get("beheaded")
    if side not in SIDES:
        return []
    general = b.get(f"{side}_general")
    who = c.label(general) if isinstance(general, dict) and not is_hidden(general) else "general"
    return [f"The {side}'s {who} is beheaded"]
