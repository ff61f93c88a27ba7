"""The Redux board's centre: the 12 general actions, the three battle actions with their
frontier regions, and the bids on each (who placed what, each side's total, who leads).

The twelve sit in two columns as on the board's sense of them, Admin actions left and
Combat actions right, with the two alternating actions (whose criterion marker flips every
round) side by side at the bottom, so a player finds an action by the kind of bid it takes.
"""

from __future__ import annotations

from games.core.messages import Msg, Param, Term, msg
from games.redux.rules import BATTLE_OF_BORDER, BORDERS, UNIT_WEAPON
from games.redux.say import amount, units
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, ROW_GAP, Flow, boxed, wrap
from rendering.kit.theme import (
    BODY,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    LARGE,
    MUTED,
    PANEL,
    PANEL_HI,
    SMALL,
    TEXT,
    TILE,
)
from rendering.redux.style import ALLIANCE_COLOR, Table

REGION_H = 132
OCCUPANT_H = 58
REGIONS_PER_BORDER = 5


def draw_central(c: Canvas, t: Table, y: float) -> float:
    """Admin column, Combat column, then the alternating pair; tiles in a row share a height."""
    actions = t.view.get("actions", [])
    admin = [a for a in actions if a.get("kind") == "admin"]
    combat = [a for a in actions if a.get("kind") == "combat"]
    alternating = [a for a in actions if a.get("kind") == "alternating"]
    rows = [[admin[i] if i < len(admin) else None, combat[i] if i < len(combat) else None]
            for i in range(max(len(admin), len(combat)))]
    rows.append([*alternating, None, None][:2])
    c.text(MARGIN, y, t.say(c, "redux.board.actions"), LARGE, TEXT, bold=True)
    y += LARGE + ROW_GAP
    col_w = (INNER - GAP) / 2
    for row in rows:
        if not any(row):
            continue
        height = max(_tile(c.twin(), t, a, MARGIN, y, col_w) - y for a in row if a)
        for i, action in enumerate(row):
            if action is not None:
                _tile(c, t, action, MARGIN + i * (col_w + GAP), y, col_w, height)
        y += height + GAP
    return y - GAP


def _tile(c: Canvas, t: Table, action: dict, x: float, y: float, w: float,
          height: float | None = None) -> float:
    """One action; `height` stretches it to its row (None: its own height, for measuring)."""
    outline = _outcome_color(t, action)
    if not c.dry:
        bottom = y + height if height is not None else _tile(c.twin(), t, action, x, y, w)
        c.rect((x, y, x + w, bottom), fill=PANEL_HI if action.get("bids") else PANEL,
               outline=outline, width=3)
    return action_body(c, t, action, x + PAD, w - 2 * PAD, y + PAD) + PAD


def _outcome_color(t: Table, action: dict) -> str | None:
    """The winning side's colour: the alliance's when the allies' side won (even if only one
    ally had placed), else the winning nation's."""
    winners = action.get("winners") or []
    if not winners:
        return None
    if "alliance" in (action.get("totals") or {}) and is_side(t, "alliance", set(winners)):
        return ALLIANCE_COLOR
    return t.color(winners[0])


def action_body(c: Canvas, t: Table, action: dict, x: float, w: float, y: float) -> float:
    """Title and markers, then the bids, then each side's total and who leads or won."""
    y = _title_row(c, t, action, x, w, y)
    y = _bids(c, t, action.get("bids", []), x, w, y + ROW_GAP)
    y = _totals(c, t, action, x, w, y + ROW_GAP)
    flipped = action.get("flipped")
    if flipped:
        text = t.say(c, "redux.board.flipped", general=t.named(
            "general", flipped, "general", "general_name"),
            nation=t.nation_param(int(flipped["seat"])))
        c.text(x, y + ROW_GAP, text, SMALL, MUTED, max_width=w)
        y += ROW_GAP + SMALL + 6
    return y


def _title_row(c: Canvas, t: Table, action: dict, x: float, w: float, y: float) -> float:
    badges = _badges(c, t, action)
    badge_w = sum(c.chip_width(text, SMALL, True) + 6 for text, *_ in badges)
    room = max(w - badge_w - 6, 120)
    lines = wrap(c, t.action(c, str(action.get("id"))), LARGE, room, True)
    if len(lines) > 2:  # the second line takes the rest and is ellipsized if need be
        lines = [lines[0], " ".join(lines[1:])]
    if len(lines) == 1:
        c.text(x, y + CHIP_H / 2, lines[0], LARGE, TEXT, bold=True, max_width=room, anchor="lm")
    for n, line in enumerate(lines if len(lines) > 1 else []):
        c.text(x, y + n * (LARGE + 6), line, LARGE, TEXT, bold=True, max_width=room)
    bx = x + w
    for text, fill, color, outline in reversed(badges):
        bx -= c.chip_width(text, SMALL, True)
        c.chip(bx, y, text, fill, color, SMALL, True, outline=outline)
        bx -= 6
    return y + max(CHIP_H, len(lines) * (LARGE + 6))


def _badges(c: Canvas, t: Table, action: dict) -> list[tuple[str, str, str, str | None]]:
    """(text, fill, text colour, outline): the bid criterion and the alliance token. The
    alternating actions carry the criterion marker, outlined in gold like the physical one."""
    badges: list[tuple[str, str, str, str | None]] = []
    alliance = t.view.get("alliance") or {}
    if action.get("id") == alliance.get("action"):
        badges.append((t.say(c, "redux.board.alliance"), ALLIANCE_COLOR, DARK_TEXT, None))
    elif action.get("id") == alliance.get("previous"):
        badges.append((t.say(c, "redux.board.last_alliance"), TILE, MUTED, None))
    kind = action.get("kind")
    criterion = t.term(c, Term(f"redux.criterion.{action['criterion']}")) \
        if action.get("criterion") in ("admin", "combat") else ""
    if kind == "alternating":
        badges.append((t.say(c, "redux.board.marker", criterion=criterion), TILE, GOLD, GOLD))
    elif kind == "battle":
        badges.append((t.say(c, "redux.board.combat_units"), TILE, TEXT, None))
    elif criterion:
        badges.append((criterion, TILE, MUTED, None))
    return badges


def _bids(c: Canvas, t: Table, bids: list[dict], x: float, w: float, y: float) -> float:
    if not bids:
        c.text(x, y, t.say(c, "redux.board.no_bids"), SMALL, MUTED)
        return y + SMALL + 4
    flow = Flow(x, y, w, CHIP_H)
    for bid in sorted(bids, key=lambda b: b.get("seq", 0)):
        text = bid_text(c, t, bid)
        cx, cy = flow.place(min(c.chip_width(text, BODY), w))
        c.chip(cx, cy, text, t.color(int(bid["seat"])), DARK_TEXT, BODY, max_width=w)
    return flow.bottom


def bid_text(c: Canvas, t: Table, bid: dict, valued: bool = True) -> str:
    """'Jiang Wei 6 (2 archer units and 1 support token)': the general, its bid value, what
    came with it. A tribal placement is not a bid (`valued` False): only what came with it
    counts."""
    general = t.named("general", bid, "general", "general_name")
    said = msg("redux.board.bid", general=general, value=bid.get("value", "")) if valued \
        else msg("redux.board.name", name=general)
    extras = bid_extras(bid)
    if extras:
        said = msg("redux.board.bid_with", bid=said, extras=extras)
    return c.clean(t.speech(said))


def bid_extras(bid: dict) -> tuple[Param, ...]:
    """What came with a placement: units, gold, support, the Han Emperor token, a bonus."""
    extras: list[Msg] = []
    placed = bid.get("units") or {}
    if placed.get("count"):
        extras.append(units(str(placed.get("type", "")), int(placed["count"])))
    for resource in ("gold", "support"):
        if bid.get(resource):
            extras.append(amount(resource, int(bid[resource])))
    if bid.get("emperor"):
        extras.append(msg("redux.board.emperor_bid"))
    if bid.get("bonus"):
        extras.append(msg("redux.board.bonus", bonus=int(bid["bonus"])))
    return tuple(extras)


def _totals(c: Canvas, t: Table, action: dict, x: float, w: float, y: float) -> float:
    """Each side's value; the side that won (after R8.1) or would win now is filled."""
    totals = action.get("totals") or {}
    if not totals:
        return y
    winners = set(action.get("winners") or [])
    leading = set(action.get("leading") or [])
    ahead, verb = (winners, "won") if winners else (leading, "leads")
    flow = Flow(x, y, w, CHIP_H)
    for key, value in totals.items():
        name, color = side_label(c, t, key)
        first = is_side(t, key, ahead)
        text = t.say(c, f"redux.board.side_{verb}" if first else "redux.board.side",
                     side=name, value=value)
        cx, cy = flow.place(min(c.chip_width(text, BODY, first), w))
        c.chip(cx, cy, text, color if first else TILE, DARK_TEXT if first else TEXT, BODY,
               bold=first, outline=color, max_width=w)
    return flow.bottom


def is_side(t: Table, key: str, seats: set[int]) -> bool:
    """Whether `seats` (winners or leaders) are the side `key`: a seat's own side, or on the
    alliance action the allies who placed there (one or both, R7.2.6)."""
    if not seats:
        return False
    if key == "alliance":
        return seats <= set((t.view.get("alliance") or {}).get("allies") or [])
    return str(key).isdigit() and seats == {int(key)}


def side_label(c: Canvas, t: Table, key: str) -> tuple[str, str]:
    if key == "alliance":
        allies = (t.view.get("alliance") or {}).get("allies") or []
        return (t.say(c, "redux.board.alliance_side",
                      allies="+".join(t.short(c, s) for s in allies)), ALLIANCE_COLOR)
    seat = int(key)
    return t.short(c, seat), t.color(seat)


# ---- battles and frontier regions ----


def draw_borders(c: Canvas, t: Table, y: float) -> float:
    """One panel per border: its battle action (bids, totals) and its five regions."""
    c.text(MARGIN, y, t.say(c, "redux.board.borders"), LARGE, TEXT, bold=True)
    y += LARGE + ROW_GAP
    actions = {a.get("id"): a for a in t.view.get("actions", [])}
    for border in BORDERS:
        regions = [r for r in t.view.get("regions", []) if r.get("border") == border]
        action = actions.get(BATTLE_OF_BORDER[border])
        if action is None and not regions:
            continue
        y = _border(c, t, action, regions, y) + GAP
    return y - GAP


def _border(c: Canvas, t: Table, action: dict | None, regions: list[dict], y: float) -> float:
    return boxed(c, (MARGIN, MARGIN + INNER, y),
                 lambda cc, top: _border_body(cc, t, action, regions, top), fill=PANEL)


def _border_body(c: Canvas, t: Table, action: dict | None, regions: list[dict],
                 y: float) -> float:
    x, w = MARGIN + PAD, INNER - 2 * PAD
    if action is not None:
        y = action_body(c, t, action, x, w, y) + ROW_GAP
    per = max(REGIONS_PER_BORDER, 1)
    tile_w = (w - (per - 1) * ROW_GAP) / per
    flow = Flow(x, y, w, REGION_H, ROW_GAP)
    for region in regions:
        rx, ry = flow.place(tile_w - 0.5)
        _region(c, t, region, rx, ry, tile_w - 0.5)
    return flow.bottom


def _region(c: Canvas, t: Table, region: dict, x: float, y: float, w: float) -> None:
    """Name, the unit type it requires, and its occupant (general and units) if any."""
    occupant = region.get("occupant")
    c.rect((x, y, x + w, y + REGION_H), fill=TILE,
           outline=t.color(int(occupant["seat"])) if occupant else None, width=3)
    inner = w - 2 * 10
    c.text(x + 10, y + 8, t.region(c, region), BODY, TEXT, bold=True, max_width=inner)
    c.text(x + 10, y + 36, t.say(c, "redux.board.needs", unit=unit_term(region.get("unit"))),
           SMALL, MUTED, max_width=inner)
    box = (x + 8, y + REGION_H - OCCUPANT_H - 8, x + w - 8, y + REGION_H - 8)
    if not occupant:
        c.rect(box, outline=MUTED, width=1, radius=6)
        c.text((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, t.say(c, "redux.board.empty"), SMALL,
               MUTED, anchor="mm")
        return
    seat = int(occupant["seat"])
    c.rect(box, fill=t.color(seat), radius=6)
    general = t.general(c, occupant, "general", "general_name")
    c.text(box[0] + 8, box[1] + 4, general, BODY, DARK_TEXT, bold=True, max_width=inner - 4)
    held = t.say(c, "redux.board.occupant", units=units(str(occupant.get("unit", "")),
                 int(occupant.get("count", 0))), nation=t.nation_param(seat))
    c.text(box[0] + 8, box[3] - 4, held, SMALL, DARK_TEXT, max_width=inner - 4, anchor="ld")


def unit_term(unit: object) -> Param:
    """A unit type's name; an unknown type from an uploaded pack as it is."""
    return Term(f"redux.unit.{unit}") if unit in UNIT_WEAPON else str(unit or "?")
