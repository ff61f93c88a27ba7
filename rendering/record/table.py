"""Record of the Three Kingdoms (三國志): the table image.

Draws only what a view (docs/record-view.md) contains. Anything marked {"hidden": true}
is drawn as a card back, and the marker wins over any other key the dict might carry, so
a renderer bug can never leak a face-down card.
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Canvas, draw_measured
from rendering.kit.fonts import resolve_cjk
from rendering.kit.layout import Flow
from rendering.kit.theme import (
    AMBER,
    BODY,
    CARD_FACE,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL,
    PANEL_HI,
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
PANEL_PAD = 16
STRIPE_W = 8
ROW_GAP = 10
TILE_W = 232
TILE_H = 150
TILE_PAD = 10
DEFENDER_H = 48
DISCARD_CHIP_MAX = 400

SIZE_COLORS = {"small": "#7f9c83", "medium": "#3fa7a0", "large": "#4f7fe0", "capital": GOLD}
SIZE_NAMES = {"small": ("小城", "Small"), "medium": ("中城", "Medium"),
              "large": ("大城", "Large"), "capital": ("首都", "Capital")}
KIND_COLORS = {"general": "#3d4f6b", "city": "#4a5a3a", "stratagem": "#5a3d66"}
PHASE_NAMES = {"lords": "Choosing lords", "draft": "Drafting", "advisors": "Choosing advisors",
               "actions": "Actions", "over": "Game over"}
END_REASONS = {"target": "a player reached the target", "deck": "the deck ran out"}


def render_table(view: dict, names: list[str], *, cjk: bool | None = None) -> Image.Image:
    """The whole table: header, decks and one panel per player."""
    return draw_table(view, names, resolve_cjk(cjk))[0]


def draw_table(view: dict, names: list[str], cjk: bool) -> tuple[Image.Image, list[str]]:
    """Two passes (see kit.canvas.draw_measured); returns the image and the drawn strings."""
    return draw_measured(WIDTH, cjk, lambda c: _table(c, view, names))


def _table(c: Canvas, view: dict, names: list[str]) -> float:
    y = _header(c, view, names, MARGIN)
    y = _decks(c, view, y + GAP)
    if view.get("phase") == "over":
        y = _standings(c, view, names, y + GAP)
    for p in view.get("players", []):
        y = _panel(c, view, p, names, y + GAP)
    return y + MARGIN


# ---- header ----


def _header(c: Canvas, view: dict, names: list[str], y: float) -> float:
    inner = WIDTH - 2 * MARGIN
    title = c.label({"zh": "三國志", "en": "Record of the Three Kingdoms"})
    status = _status_text(view)
    status_w = c.measure(status, LARGE, bold=True)
    c.text(MARGIN, y, title, TITLE, TEXT, bold=True, max_width=inner - status_w - GAP)
    c.text(WIDTH - MARGIN, y + TITLE - LARGE, status, LARGE, GOLD, bold=True, anchor="ra")
    flow = Flow(MARGIN, y + TITLE + 2 * ROW_GAP, inner, CHIP_H)
    for text, fill, color, icon in _header_chips(c, view, names):
        w = c.chip_width(text, icon=icon is not None)
        x, cy = flow.place(min(w, inner))
        c.chip(x, cy, text, fill, color, max_width=inner, icon=icon)
    return flow.bottom


def _status_text(view: dict) -> str:
    phase = PHASE_NAMES.get(str(view.get("phase")), str(view.get("phase", "")))
    step = str(view.get("step") or "")
    parts = [f"Round {view.get('round', 0)}" if view.get("round") else "Start phase", phase]
    return " · ".join(parts + ([step] if step and view.get("phase") != "over" else []))


def _header_chips(c: Canvas, view: dict, names: list[str]) -> list[tuple]:
    """(text, fill, text colour, icon) for who acts, the marker, the target, the end."""
    chips: list[tuple] = []
    active = view.get("active")
    if active is not None:
        chips.append((f"Turn: {player_name(names, active, c)}", seat_color(active),
                      DARK_TEXT, None))
    waiting = [s for s in view.get("to_act", []) if s != active]
    if waiting:
        who = ", ".join(player_name(names, s, c) for s in waiting)
        chips.append((f"Waiting for: {who}", AMBER, DARK_TEXT, None))
    if view.get("start_player") is not None:
        chips.append((f"Start player: {player_name(names, view['start_player'], c)}",
                      TILE, TEXT, "start"))
    chips.append((f"Target: {view.get('target', '?')} cities · first +{view.get('bonus_value', 0)}",
                  TILE, TEXT, None))
    battle = view.get("battle")
    if battle:
        target = c.label(battle.get("city", {}))
        chips.append((f"Attack: {player_name(names, int(battle['attacker']), c)} → "
                      f"{player_name(names, int(battle['defender']), c)}'s {target}",
                      RED, TEXT, None))
    first = view.get("first_to_target")
    if first is not None:
        chips.append((f"First to target: {player_name(names, first, c)}", TILE, GOLD, None))
    if view.get("end_triggered"):
        reason = END_REASONS.get(str(view.get("end_reason")), "")
        lead = "Game ended" if view.get("phase") == "over" else "End triggered"
        tail = "" if view.get("phase") == "over" else " · last round"
        chips.append((f"{lead}{': ' + reason if reason else ''}{tail}", RED, TEXT, None))
    return chips


def _decks(c: Canvas, view: dict, y: float) -> float:
    inner = WIDTH - 2 * MARGIN
    decks = view.get("decks", {})
    counts = [("Game deck", decks.get("game")), ("Stratagems", decks.get("stratagem")),
              ("Cities & generals", decks.get("city_general")),
              ("Advisors", decks.get("advisor")), ("Discard", decks.get("discard"))]
    flow = Flow(MARGIN, y, inner, CHIP_H)
    for title, count in counts:
        if count is not None:
            text = f"{title} {count}"
            x, cy = flow.place(c.chip_width(text, icon=True))
            c.chip(x, cy, text, PANEL, TEXT, icon="back")
    top = view.get("discard_top") or []
    if top:
        x, cy = flow.place(c.chip_width("Discard top →", SMALL))
        c.text(x, cy + CHIP_H / 2, "Discard top →", SMALL, MUTED, anchor="lm")
    for card in reversed(top):  # newest first, next to the arrow
        text = c.label(card)
        x, cy = flow.place(min(c.chip_width(text, SMALL), DISCARD_CHIP_MAX))
        c.chip(x, cy, text, KIND_COLORS.get(card.get("kind", ""), TILE), TEXT, SMALL,
               max_width=DISCARD_CHIP_MAX)
    return flow.bottom


def _standings(c: Canvas, view: dict, names: list[str], y: float) -> float:
    """The engine's final ranking (`view["result"]`), winners in gold, coins beside points
    because they break ties."""
    result = view.get("result") or {"scores": [], "winners": []}
    coins = {p["seat"]: p.get("coins", 0) for p in view["players"]}
    flow = Flow(MARGIN, y, WIDTH - 2 * MARGIN, CHIP_H + 8)
    x, cy = flow.place(c.measure("Final:", LARGE, bold=True) + GAP)
    c.text(x, cy + (CHIP_H + 8) / 2, "Final:", LARGE, GOLD, bold=True, anchor="lm")
    for rank, score in enumerate(result["scores"], 1):
        seat = score["seat"]
        winner = seat in result["winners"]
        text = f"{player_name(names, seat, c)} {score['total']} pts ({coins[seat]} coins)"
        text = f"Winner: {text}" if winner else f"{rank}. {text}"
        w = min(c.chip_width(text, LARGE, bold=winner), WIDTH - 2 * MARGIN)
        x, cy = flow.place(w)
        c.rect((x, cy, x + w, cy + CHIP_H + 8), fill=GOLD if winner else PANEL,
               outline=seat_color(seat), width=3)
        c.text(x + 12, cy + (CHIP_H + 8) / 2, text, LARGE, DARK_TEXT if winner else TEXT,
               bold=winner, max_width=w - 24, anchor="lm")
    return flow.bottom


# ---- player panels ----


def _panel(c: Canvas, view: dict, p: dict, names: list[str], y: float) -> float:
    """Background sized by a dry run of the body, then the body on top of it."""
    seat = int(p["seat"])
    lit = view.get("active") == seat or seat in view.get("to_act", [])
    x0, x1 = MARGIN, WIDTH - MARGIN
    inner_x, inner_w = x0 + STRIPE_W + PANEL_PAD, x1 - x0 - STRIPE_W - 2 * PANEL_PAD
    body_top = y + PANEL_PAD
    bottom = _panel_body(c.twin(), view, p, names, inner_x, inner_w, body_top) + PANEL_PAD
    if c.dry:
        return bottom
    outline = GOLD if view.get("active") == seat else AMBER if lit else None
    c.rect((x0, y, x1, bottom), fill=seat_color(seat))
    c.rect((x0 + STRIPE_W, y, x1, bottom), fill=PANEL_HI if lit else PANEL, outline=outline,
           width=3)
    return _panel_body(c, view, p, names, inner_x, inner_w, body_top) + PANEL_PAD


def _panel_body(c: Canvas, view: dict, p: dict, names: list[str], x: float, w: float,
                y: float) -> float:
    """Name row, chip rows, own hand (own view only) and the city tiles."""
    y = _name_row(c, view, p, names, x, w, y)
    y = _chip_rows(c, view, p, x, w, y + ROW_GAP)
    if p.get("hand"):
        y = _hand_row(c, p["hand"], x, w, y + ROW_GAP)
    return _cities(c, p.get("cities", []), x, w, y + ROW_GAP)


def _name_row(c: Canvas, view: dict, p: dict, names: list[str], x: float, w: float,
              y: float) -> float:
    """Seat badge, name, start marker and status on the left; cities and points right."""
    seat = int(p["seat"])
    row_h = NAME + 12
    cy = y + row_h / 2
    c.dot(x + row_h / 2, cy, row_h / 2, seat_color(seat))
    c.text(x + row_h / 2, cy, str(seat + 1), LARGE, DARK_TEXT, bold=True, anchor="mm")
    count = len(p.get("cities", []))
    score = f"{count} {'city' if count == 1 else 'cities'} · {p.get('points', 0)} pts"
    if p.get("bonus"):
        score += f" (incl. +{p['bonus']} first)"
    score_w = c.measure(score, LARGE, bold=True)
    c.text(x + w, cy, score, LARGE, GOLD if p.get("bonus") else TEXT, bold=True, anchor="rm")
    badges = _status_badges(view, seat)
    badges_w = sum(c.chip_width(t, SMALL, True, icon is not None) + GAP for t, *_, icon in badges)
    name_x = x + row_h + 12
    name_w = c.text(name_x, cy, player_name(names, seat, c), NAME, seat_color(seat), bold=True,
                    max_width=max(w - row_h - 12 - score_w - badges_w - 2 * GAP, 80),
                    anchor="lm")
    bx = name_x + name_w + GAP
    for text, fill, color, icon in badges:
        bx += c.chip(bx, cy - CHIP_H / 2, text, fill, color, SMALL, True, icon=icon) + GAP
    return y + row_h


def _status_badges(view: dict, seat: int) -> list[tuple]:
    badges: list[tuple] = []
    if view.get("start_player") == seat:
        badges.append(("Start", TILE, TEXT, "start"))
    if view.get("active") == seat:
        badges.append(("ACTING", GOLD, DARK_TEXT, None))
    elif seat in view.get("to_act", []):
        badges.append(("WAITING", AMBER, DARK_TEXT, None))
    return badges


def _chip_rows(c: Canvas, view: dict, p: dict, x: float, w: float, y: float) -> float:
    """Lords, advisor, coins, hand size and (for the active player) the allowances used."""
    flow = Flow(x, y, w, CHIP_H)
    for text, fill, color, icon in _player_chips(c, view, p):
        width = min(c.chip_width(text, icon=icon is not None), w)
        cx, cy = flow.place(width)
        c.chip(cx, cy, text, fill, color, max_width=w, icon=icon)
    return flow.bottom


def _player_chips(c: Canvas, view: dict, p: dict) -> list[tuple]:
    chips = [_lord_chip(c, lord) for lord in p.get("lords", [])]
    chips.append(_advisor_chip(c, p.get("advisor")))
    chips.append((f"{p.get('coins', 0)} coins", TILE, GOLD, "coin"))
    chips.append((f"Hand {p.get('hand_size', len(p.get('hand', [])))}", TILE, TEXT, "back"))
    if view.get("active") == p["seat"] and view.get("phase") == "actions":
        for key, title in (("build", "Build"), ("general", "Stratagem"), ("attack", "Attack")):
            used = p.get("used", {}).get(key, False)
            chips.append((f"{title}: {'done' if used else 'open'}", TILE,
                          MUTED if used else GREEN, None))
    return chips


def _lord_chip(c: Canvas, lord: dict) -> tuple:
    """The lord, whether a once-per-game ability is spent, then the ability: the tag comes
    before the long bilingual ability text, which the chip cuts when it is too wide."""
    if is_hidden(lord):
        return ("Lord face down", TILE, MUTED, "back")
    ability = c.label({"zh": lord.get("ability_zh", ""), "en": lord.get("ability_en", "")})
    once = ""
    if lord.get("once_per_game"):
        once = " · once: " + ("used" if lord.get("used") else "ready")
    return (f"Lord {c.label(lord)}{once} · {ability}", "#4b3f1f",
            MUTED if lord.get("used") else GOLD, None)


def _advisor_chip(c: Canvas, adv: dict | None) -> tuple:
    if adv is None:
        return ("No advisor", TILE, MUTED, None)
    if is_hidden(adv):
        return ("Advisor face down", TILE, MUTED, "back")
    text = f"Advisor {c.label(adv)} · INT {adv.get('intelligence')} · pays {adv.get('payout')}"
    if adv.get("face_up") is False:
        return (text + " (face down)", "#3a3350", TEXT, "back")
    return (text, "#3a3350", TEXT, None)


def _hand_row(c: Canvas, hand: list[dict], x: float, w: float, y: float) -> float:
    """Only an own view carries the hand; drawn as small coloured cards."""
    flow = Flow(x, y, w, CHIP_H)
    lx, ly = flow.place(c.measure("Your hand:", SMALL) + 4)
    c.text(lx, ly + CHIP_H / 2, "Your hand:", SMALL, MUTED, anchor="lm")
    for card in hand:
        text = _card_line(c, card)
        width = min(c.chip_width(text, SMALL), DISCARD_CHIP_MAX)
        cx, cy = flow.place(width)
        c.chip(cx, cy, text, KIND_COLORS.get(card.get("kind", ""), TILE), TEXT, SMALL,
               max_width=DISCARD_CHIP_MAX)
    return flow.bottom


def _card_line(c: Canvas, card: dict) -> str:
    if card.get("kind") == "general":
        return f"{c.label(card)} ({card.get('force')})"
    return c.label(card)


def _cities(c: Canvas, cities: list[dict], x: float, w: float, y: float) -> float:
    if not cities:
        c.text(x, y, "No cities yet", BODY, MUTED)
        return y + BODY + 6
    per_row = max(1, int((w + GAP) // (TILE_W + GAP)))
    tile_w = (w - (per_row - 1) * GAP) / per_row  # stretch tiles to fill the row
    flow = Flow(x, y, w, TILE_H, GAP)
    for holding in cities:
        tx, ty = flow.place(tile_w - 0.5)
        _city_tile(c, holding, tx, ty, tile_w - 0.5)
    return flow.bottom


def _city_tile(c: Canvas, holding: dict, x: float, y: float, w: float) -> None:
    card = holding.get("card", {})
    size = str(card.get("size", ""))
    c.rect((x, y, x + w, y + TILE_H), fill=TILE)
    c.rect((x, y, x + w, y + 8), fill=SIZE_COLORS.get(size, MUTED), radius=4)
    inner = w - 2 * TILE_PAD
    c.text(x + TILE_PAD, y + 14, c.label(card), LARGE, TEXT, bold=True, max_width=inner)
    size_name = c.label({"zh": SIZE_NAMES.get(size, ("", size))[0],
                         "en": SIZE_NAMES.get(size, ("", size.title()))[1]})
    c.text(x + TILE_PAD, y + 46, f"{size_name} · {card.get('points', 0)} pts", SMALL, MUTED,
           max_width=inner)
    c.text(x + TILE_PAD, y + 70, f"Walls {card.get('walls', 0)} · Tax {card.get('tax', 0)}",
           SMALL, MUTED, max_width=inner)
    _defender(c, holding, x + TILE_PAD, y + TILE_H - DEFENDER_H - 6, inner)


def _defender(c: Canvas, holding: dict, x: float, y: float, w: float) -> None:
    """Face down: a card back (its name only in the owner's own view); face up: name and
    force."""
    general = holding.get("defender", {})
    back_w = DEFENDER_H * 0.7
    if is_hidden(general) or not holding.get("face_up"):
        c.card_back((x, y, x + back_w, y + DEFENDER_H))
        text_x, text_w = x + back_w + 8, w - back_w - 8
        if is_hidden(general):
            c.text(text_x, y + DEFENDER_H / 2, "Defender face down", SMALL, MUTED,
                   max_width=text_w, anchor="lm")
        else:  # the owner's own view: the name, and a reminder that others cannot see it
            c.text(text_x, y + 2, f"{c.label(general)} ({general.get('force')})", SMALL, TEXT,
                   bold=True, max_width=text_w)
            c.text(text_x, y + DEFENDER_H - 2, "face down", SMALL, MUTED, max_width=text_w,
                   anchor="ld")
        return
    force_r = DEFENDER_H / 2
    c.rect((x, y, x + w, y + DEFENDER_H), fill=CARD_FACE, radius=6)
    c.dot(x + w - force_r, y + force_r, force_r - 4, RED)
    c.text(x + w - force_r, y + force_r, str(general.get("force", "?")), LARGE, TEXT,
           bold=True, anchor="mm")
    c.text(x + 8, y + DEFENDER_H / 2, c.label(general), BODY, DARK_TEXT, bold=True,
           max_width=w - 2 * force_r - 12, anchor="lm")
