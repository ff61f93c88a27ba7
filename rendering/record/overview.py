"""The Record overview: the image posted after each phase, made for a phone.

The shared headline (round and phase, who is awaited, points and cities against the target,
what changed) is on top; below it a compact table of what every player must see in every
phase: the target, the start player, the decks and an attack under way, then a row per
player with lords, advisor, coins, hand size and cities (face-up defenders with their force).
Every body text is drawn at `TEXT_SIZE` px, above the phone floor. When the full table would
not fit in `rendering.OVERVIEW_MAX`, a compact form leaves out the ability names and the
face-up defenders' names, and a chip says which part shows them.
"""

from __future__ import annotations

from games.core.messages import Term, msg
from rendering.kit.canvas import Canvas, Page
from rendering.kit.headline import draw_headline
from rendering.kit.layout import OVERVIEW_HEIGHT, Flow
from rendering.kit.scene import Scene
from rendering.kit.theme import (
    AMBER,
    CARD_FACE,
    DARK_TEXT,
    GOLD,
    GREEN,
    MUTED,
    PANEL,
    PANEL_HI,
    RED,
    TEXT,
    TILE,
    seat_color,
)
from rendering.kit.views import is_hidden
from rendering.record.changes import headline
from rendering.record.ink import (
    CHIP_H,
    GAP,
    MARGIN,
    TEXT_SIZE,
    WIDTH,
    Chip,
    chip,
    chip_width,
    draw_fitted,
)
from rendering.record.words import Words, face_up

MAX_HEIGHT = OVERVIEW_HEIGHT
NAME_SIZE = 36
PAD = 14
STRIPE = 8
ROW = 10
SIZE_COLORS = {"small": "#7f9c83", "medium": "#3fa7a0", "large": "#4f7fe0", "capital": GOLD}


def draw_overview(scene: Scene, cjk: bool) -> Page:
    """The overview and the strings it drew; compact only when the full table is too tall."""
    return draw_fitted(WIDTH, MAX_HEIGHT, cjk, lambda c, compact: _draw(c, scene, compact))


def _draw(c: Canvas, scene: Scene, compact: bool) -> float:
    w = Words(scene, c.cjk)
    view = scene.view
    y = draw_headline(c, scene, headline(view, scene.before, w), MARGIN, MARGIN,
                      WIDTH - 2 * MARGIN)
    y = _table_row(c, w, view, compact, y)
    lit = set(scene.awaiting) | set(view.get("to_act", []))
    for p in view.get("players", []):
        y = _player(c, w, view, p, p["seat"] in lit, compact, y + GAP)
    return y + MARGIN


def _table_row(c: Canvas, w: Words, view: dict, compact: bool, y: float) -> float:
    """The table's state in chips: the winner, the target, the start player, the decks and
    the attack under way; when compact, which part holds what the compact form leaves out."""
    flow = Flow(MARGIN, y, WIDTH - 2 * MARGIN, CHIP_H, GAP / 2)
    chips = _table_chips(w, view)
    if compact:
        chips.append(Chip(w("in_part", part=w.scene.say(msg("record.part.players"))), TILE, MUTED))
    for item in chips:
        x, cy = flow.place(min(chip_width(c, item), WIDTH - 2 * MARGIN))
        chip(c, x, cy, item, WIDTH - 2 * MARGIN)
    return flow.bottom


def _table_chips(w: Words, view: dict) -> list[Chip]:
    chips = []
    result = view.get("result")
    if result and result.get("winners"):
        who = tuple(w.seat(s) for s in result["winners"])
        chips.append(Chip(w("winner", who=who), GOLD, DARK_TEXT))
    chips.append(Chip(w("target", target=view.get("target", 0),
                        bonus=view.get("bonus_value", 0))))
    if view.get("first_to_target") is not None:
        chips.append(Chip(w("first", who=w.seat(view["first_to_target"])), TILE, GOLD))
    if view.get("start_player") is not None and view.get("phase") != "over":
        chips.append(Chip(w("start_player", who=w.seat(view["start_player"])), icon="start"))
    chips += _deck_chips(w, view.get("decks", {}))
    battle = view.get("battle")
    if battle:
        chips.append(Chip(w("attack", attacker=w.seat(int(battle["attacker"])),
                            defender=w.seat(int(battle["defender"])),
                            city=w.card(battle.get("city", {}))), RED, TEXT))
    return chips


def _deck_chips(w: Words, decks: dict) -> list[Chip]:
    chips = [Chip(w("deck", deck=_deck(name), count=decks[name]), icon="back")
             for name in ("game", "stratagem", "city_general") if decks.get(name) is not None]
    if decks.get("discard") is not None:
        chips.append(Chip(w("discard", count=decks["discard"]), icon="back"))
    return chips


def _deck(name: str) -> Term:
    return Term(f"record.deck.{name}")


def _player(c: Canvas, w: Words, view: dict, p: dict, lit: bool, compact: bool,
            y: float) -> float:
    """A player's row: a panel in their colour sized by a dry run of its body."""
    x0, x1 = MARGIN, WIDTH - MARGIN
    inner_x = x0 + STRIPE + PAD
    inner_w = x1 - inner_x - PAD
    bottom = _player_body(c.twin(), w, view, p, compact, inner_x, inner_w, y + PAD) + PAD
    if c.dry:
        return bottom
    seat = int(p["seat"])
    c.rect((x0, y, x1, bottom), fill=seat_color(seat))
    c.rect((x0 + STRIPE, y, x1, bottom), fill=PANEL_HI if lit else PANEL,
           outline=AMBER if lit else None, width=3)
    return _player_body(c, w, view, p, compact, inner_x, inner_w, y + PAD) + PAD


def _player_body(c: Canvas, w: Words, view: dict, p: dict, compact: bool, x: float,
                 width: float, y: float) -> float:
    """Full: the name row, then lords and advisor, then cities. Compact: all of it in one
    flow of chips after the name."""
    if compact:
        return _compact_body(c, w, view, p, x, width, y)
    y = _name_row(c, w, p, x, width, y)
    flow = Flow(x, y + ROW, width, CHIP_H, GAP / 2)
    for item in _player_chips(w, view, p, compact):
        cx, cy = flow.place(min(chip_width(c, item), width))
        chip(c, cx, cy, item, width)
    return _cities(c, w, p.get("cities", []), compact, Flow(x, flow.bottom + ROW, width,
                                                                CHIP_H, GAP / 2))


def _compact_body(c: Canvas, w: Words, view: dict, p: dict, x: float, width: float,
                  y: float) -> float:
    seat = int(p["seat"])
    name = w.seat(seat)
    name_w = min(c.measure(name, TEXT_SIZE, True) + CHIP_H + 12, width / 2)
    c.dot(x + CHIP_H / 2, y + CHIP_H / 2, CHIP_H / 2, seat_color(seat))
    c.text(x + CHIP_H / 2, y + CHIP_H / 2, str(seat + 1), TEXT_SIZE, DARK_TEXT, bold=True,
           anchor="mm", min_size=TEXT_SIZE)
    c.text(x + CHIP_H + 8, y + CHIP_H / 2, name, TEXT_SIZE, seat_color(seat), bold=True,
           anchor="lm", max_width=name_w - CHIP_H - 8, min_size=TEXT_SIZE)
    flow = Flow(x, y, width, CHIP_H, GAP / 2)
    flow.place(name_w)
    for item in _purse(w, p) + _player_chips(w, view, p, True):
        cx, cy = flow.place(min(chip_width(c, item), width))
        chip(c, cx, cy, item, width)
    return _cities(c, w, p.get("cities", []), True, flow)


def _purse(w: Words, p: dict) -> list[Chip]:
    """Coins (they break ties) and the hand's size."""
    return [Chip(w("coins", coins=p.get("coins", 0)), TILE, GOLD, "coin"),
            Chip(w("hand", count=p.get("hand_size", len(p.get("hand", [])))), icon="back")]


def _name_row(c: Canvas, w: Words, p: dict, x: float, width: float, y: float) -> float:
    """Seat number and name on the left; coins and hand size on the right."""
    seat = int(p["seat"])
    h = NAME_SIZE + 14
    cy = y + h / 2
    c.dot(x + h / 2, cy, h / 2, seat_color(seat))
    c.text(x + h / 2, cy, str(seat + 1), TEXT_SIZE, DARK_TEXT, bold=True, anchor="mm",
           min_size=TEXT_SIZE)
    rx = x + width
    for item in reversed(_purse(w, p)):
        rx -= chip_width(c, item)
        chip(c, rx, cy - CHIP_H / 2, item)
        rx -= GAP / 2
    c.text(x + h + 12, cy, w.seat(seat), NAME_SIZE, seat_color(seat), bold=True,
           max_width=max(rx - x - h - 12 - GAP, 60), anchor="lm", min_size=TEXT_SIZE)
    return y + h


def _player_chips(w: Words, view: dict, p: dict, compact: bool) -> list[Chip]:
    """Lords, the advisor and, for the seat in its action, the allowances left."""
    chips = [_lord(w, lord, compact) for lord in p.get("lords", [])]
    advisor = p.get("advisor")
    if advisor is None:
        chips.append(Chip(w("no_advisor"), TILE, MUTED))
    elif is_hidden(advisor):
        chips.append(Chip(w("advisor_hidden"), TILE, MUTED, "back"))
    else:
        chips.append(Chip(w("advisor", advisor=w.card(advisor),
                            intelligence=advisor.get("intelligence", 0),
                            payout=advisor.get("payout", 0)), "#3a3350"))
    if view.get("active") == p["seat"] and view.get("phase") == "actions":
        for key in ("build", "general", "attack"):
            used = p.get("used", {}).get(key, False)
            chips.append(Chip(w("done" if used else "open", what=w(f"allowance.{key}")), TILE,
                              MUTED if used else GREEN))
    return chips


def _lord(w: Words, lord: dict, compact: bool) -> Chip:
    """A lord with its ability's name (left out when compact); a spent once-per-game
    ability is muted."""
    if is_hidden(lord):
        return Chip(w("lord_hidden"), TILE, MUTED, "back")
    text = w.card(lord) if compact else w("lord", lord=w.card(lord), ability=w.ability(lord))
    if lord.get("once_per_game"):
        text = f"{text} · {w('once_used' if lord.get('used') else 'once_ready')}"
    return Chip(text, "#4b3f1f", MUTED if lord.get("used") else GOLD)


def _cities(c: Canvas, w: Words, cities: list[dict], compact: bool, flow: Flow) -> float:
    """The cities continue `flow`; "no cities yet" in the full form only."""
    if not cities:
        if compact:
            return flow.bottom
        c.text(flow.x0, flow.y0, w("no_cities"), TEXT_SIZE, MUTED, min_size=TEXT_SIZE)
        return flow.y0 + TEXT_SIZE + 6
    for holding in cities:
        parts = _city_parts(w, holding, compact)
        cx, cy = flow.place(min(_city_width(c, parts), flow.width))
        _city(c, holding, parts, cx, cy, flow.width)
    return flow.bottom


def _city_parts(w: Words, holding: dict, compact: bool) -> tuple[str, str | None]:
    """The city with its points, and its defender's name and force when face up."""
    card = holding.get("card", {})
    label = w("city_points", city=w.card(card), points=card.get("points", 0))
    general = holding.get("defender")
    if not holding.get("face_up") or not face_up(general):
        return label, None
    assert isinstance(general, dict)
    name = str(general.get("force", "?")) if compact else \
        f"{w.card(general)} {general.get('force', '?')}"
    return label, name


def _city_width(c: Canvas, parts: tuple[str, str | None]) -> float:
    label, defender = parts
    tail = c.measure(defender, TEXT_SIZE, True) + 20 if defender else CHIP_H * 0.6
    return 10 + 12 + c.measure(label, TEXT_SIZE) + 12 + tail + 8


def _city(c: Canvas, holding: dict, parts: tuple[str, str | None], x: float, y: float,
          max_w: float) -> None:
    """A city chip: its size's colour on the left, the name and points, then the defender:
    a card back when face down, its name and force on a card face when face up."""
    label, defender = parts
    w = min(_city_width(c, parts), max_w)
    size = str(holding.get("card", {}).get("size", ""))
    c.rect((x, y, x + w, y + CHIP_H), fill=TILE)
    c.rect((x, y, x + 10, y + CHIP_H), fill=SIZE_COLORS.get(size, MUTED), radius=4)
    tail = c.measure(defender, TEXT_SIZE, True) + 20 if defender else CHIP_H * 0.6
    c.text(x + 22, y + CHIP_H / 2, label, TEXT_SIZE, TEXT, anchor="lm",
           max_width=w - 22 - 12 - tail - 8, min_size=TEXT_SIZE)
    tx = x + w - 8 - tail
    if defender is None:
        c.card_back((tx, y + 5, tx + tail, y + CHIP_H - 5))
        return
    c.rect((tx, y + 4, tx + tail, y + CHIP_H - 4), fill=CARD_FACE, radius=6)
    c.text(tx + 10, y + CHIP_H / 2, defender, TEXT_SIZE, DARK_TEXT, bold=True, anchor="lm",
           max_width=tail - 12, min_size=TEXT_SIZE)
