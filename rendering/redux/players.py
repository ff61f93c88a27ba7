"""One panel per nation on the Redux image: resources, farms and markets with their five
tokens, granary and treasury, generals with their status, built cards and hand size.

A public image never shows a card face from a hand or a face-down general: those come only
from own-only fields, which are drawn solely for the viewer's own entry (Table.own).
"""

from __future__ import annotations

from games.core.messages import Term, msg
from games.redux.rules import DEVELOPMENT_MAX, WEAPONS
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, ROW_GAP, STRIPE_W, Flow, boxed, chip_rows
from rendering.kit.theme import (
    AMBER,
    BODY,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL_HI,
    RED,
    SMALL,
    TEXT,
    TILE,
)
from rendering.kit.views import player_name
from rendering.redux.actions import bid_text, unit_term
from rendering.redux.style import Table

TOKEN = 30
TOKEN_GAP = 6
CARD_CHIP_MAX = 560
STATUS_FILLS = {"placed": "#3b4256", "flipped": "#4a3a3a", "occupying": "#2f4a3a"}
HARVESTED = "#3a3f4b"


def draw_players(c: Canvas, t: Table, y: float) -> float:
    for p in t.view.get("players", []):
        y = _panel(c, t, p, y) + GAP
    return y - GAP


def _panel(c: Canvas, t: Table, p: dict, y: float) -> float:
    """One nation's panel, lit while that seat is to act."""
    seat = int(p["seat"])
    lit = seat in (t.view.get("turn"), t.view.get("actor")) or seat in t.view.get("to_act", [])
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _body(cc, t, p, top),
                 fill=PANEL_HI if lit else t.dim(seat), stripe=t.color(seat),
                 outline=GOLD if lit else None)


def _body(c: Canvas, t: Table, p: dict, y: float) -> float:
    x, w = MARGIN + STRIPE_W + PAD, INNER - STRIPE_W - 2 * PAD
    y = _name_row(c, t, p, x, w, y)
    y = chip_rows(c, _resource_chips(c, t, p) + _track_chips(c, t, p), x, w, y + ROW_GAP)
    y = _development(c, t, p, x, w, y + ROW_GAP)
    y = _tribal_bids(c, t, p, x, w, y)
    y = _generals(c, t, p, x, w, y + ROW_GAP)
    y = _cards(c, t, t.say(c, "redux.board.built"), p.get("built") or [], x, w, y + ROW_GAP,
               t.say(c, "redux.board.none_yet"))
    if t.own(int(p["seat"])):
        y = _own(c, t, p, x, w, y)
    return y


def _name_row(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    seat = int(p["seat"])
    row_h = NAME + 12
    cy = y + row_h / 2
    badges = _badges(c, t, p)
    badges_w = sum(c.chip_width(text, SMALL, True) + 8 for text, *_ in badges)
    nation = t.nation_name(c, seat)
    nation_w = c.measure(nation, LARGE, True)
    name_w = c.text(x, cy, player_name(t.names, seat, c), NAME, t.color(seat), bold=True,
                    max_width=max(w - nation_w - badges_w - 2 * GAP, 100), anchor="lm")
    nx = x + name_w + GAP
    c.text(nx, cy, nation, LARGE, TEXT, bold=True, anchor="lm")
    bx = nx + nation_w + GAP
    for text, fill, color in badges:
        bx += c.chip(bx, cy - CHIP_H / 2, text, fill, color, SMALL, True) + 8
    return y + row_h


def _badges(c: Canvas, t: Table, p: dict) -> list[tuple[str, str, str]]:
    """Who is to act, bid and action positions, passing, and the Han Emperor token."""
    seat = int(p["seat"])
    view = t.view
    badges: list[tuple[str, str, str]] = []
    if seat in (view.get("turn"), view.get("actor")):
        badges.append((t.say(c, "redux.board.acting_badge"), GOLD, DARK_TEXT))
    elif seat in view.get("to_act", []):
        badges.append((t.say(c, "redux.board.waiting_badge"), AMBER, DARK_TEXT))
    if p.get("passed"):
        badges.append((t.say(c, "redux.board.passed"), TILE, MUTED))
    if view.get("emperor_holder") == seat:
        used = bool(p.get("emperor_used"))
        badges.append((t.say(c, "redux.board.emperor_used" if used else
                             "redux.board.emperor_token"), TILE if used else GOLD,
                       MUTED if used else DARK_TEXT))
    if view.get("action_order"):
        badges.append((t.say(c, "redux.board.won_actions", count=int(p.get("successes", 0))),
                       TILE, TEXT))
    return badges


def _resource_chips(c: Canvas, t: Table, p: dict) -> list[tuple[str, str, str, str | None]]:
    """(text, fill, colour, icon) for everything in the nation's supply."""
    armies = p.get("armies") or {}
    deficits = int(p.get("deficits", 0))
    chips: list[tuple[str, str, str, str | None]] = [
        (t.say(c, "redux.board.gold", count=p.get("gold", 0)), TILE, GOLD, "coin"),
        (t.say(c, "redux.board.rice", count=p.get("rice", 0)), TILE, TEXT, None),
        (t.say(c, "redux.board.support", count=p.get("support", 0)), TILE, TEXT, None),
        (t.say(c, "redux.board.armies", untrained=armies.get("untrained", 0),
               trained=armies.get("trained", 0)), TILE, TEXT, None),
        (t.say(c, "redux.board.weapons", weapons=weapons_text(c, t, p)), TILE, TEXT, None),
        (t.say(c, "redux.board.deficits", count=deficits), RED if deficits else TILE,
         TEXT if deficits else MUTED, None),
        (t.say(c, "redux.board.hand", count=p.get("hand_count", 0)), TILE, TEXT, "back"),
        (t.say(c, "redux.board.general_deck", count=p.get("deck_count", 0)), TILE, MUTED,
         "back"),
    ]
    if p.get("hidden_count"):
        chips.append((t.say(c, "redux.board.face_down", count=p["hidden_count"]), TILE, AMBER,
                      "back"))
    return chips


def weapons_text(c: Canvas, t: Table, p: dict) -> str:
    """'1 spear · 0 horse · 2 crossbow · 0 ship': every type, in the rules' order."""
    weapons = p.get("weapons") or {}
    return " · ".join(t.say(c, "redux.board.count_of", count=weapons.get(k, 0),
                            what=Term(f"redux.weapon.{k}")) for k in WEAPONS)


def _track_chips(c: Canvas, t: Table, p: dict) -> list[tuple[str, str, str, str | None]]:
    chips: list[tuple[str, str, str, str | None]] = [
        (t.say(c, "redux.board.tribal", count=p.get("tribal", 0)), TILE, TEXT, None),
        (t.say(c, "redux.board.military_score", count=p.get("military", 0)), TILE, TEXT, None),
        (t.say(c, "redux.board.office_is", office=t.office(c, int(p.get("office", 0)))), TILE,
         TEXT, None)]
    generals = {g.get("id"): g for g in p.get("generals") or []}
    chips += [(t.say(c, "redux.board.stock", general=t.named(
        "general", generals.get(general) or {"id": general}), count=n), TILE, TEXT, None)
              for general, n in sorted((p.get("stocks") or {}).items()) if n]
    return chips


# ---- farms, markets, granary and treasury ----


def _development(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    """Farm and market areas (five tokens each) beside the granary and treasury they feed."""
    half = (w - GAP) / 2
    regions = {r.get("id"): r for r in t.view.get("regions", [])}
    bottoms = []
    for i, (area, store, count_key) in enumerate(
            (("farm", "granary", "farms"), ("market", "treasury", "markets"))):
        ax = x + i * (half + GAP)
        ay = _tokens(c, t, area, p.get(area) or {}, ax, half, y)
        bottoms.append(_store(c, t, store, p.get(store) or {}, count_key, regions, ax, half,
                              ay + 6))
    return max(bottoms)


def _tokens(c: Canvas, t: Table, kind: str, area: dict, x: float, w: float,
            y: float) -> float:
    """Level L means L tokens were flipped; `developed` of them still wait in the area and
    the rest were harvested (taxed) away, so the five read: gone, waiting, undeveloped."""
    level = int(area.get("level", 0))
    waiting = int(area.get("developed", 0))
    gone = max(level - waiting, 0)
    label = t.say(c, f"redux.board.{kind}_level", level=level)
    label_w = c.measure(label, BODY, True) + 12
    c.text(x, y + TOKEN / 2, label, BODY, TEXT, bold=True, anchor="lm")
    for i in range(DEVELOPMENT_MAX):
        tx = x + label_w + i * (TOKEN + TOKEN_GAP)
        box = (tx, y, tx + TOKEN, y + TOKEN)
        if i < gone:
            c.rect(box, fill=HARVESTED, outline=MUTED, width=1, radius=4)
            c.line([(tx + 8, y + 8), (tx + TOKEN - 8, y + TOKEN - 8)], MUTED)
        elif i < level:
            c.rect(box, fill=GREEN, outline=TEXT, width=2, radius=4)
        else:
            c.rect(box, fill=TILE, outline=MUTED, width=1, radius=4)
    legend = t.say(c, f"redux.board.{kind}_tokens", developed=waiting, gone=gone)
    lx = x + label_w + DEVELOPMENT_MAX * (TOKEN + TOKEN_GAP) + 4
    c.text(lx, y + TOKEN / 2, legend, SMALL, MUTED, max_width=x + w - lx, anchor="lm")
    return y + TOKEN


def _store(c: Canvas, t: Table, store: str, held: dict, count_key: str, regions: dict,
           x: float, w: float, y: float) -> float:
    """Granary or treasury: its farm/market tokens and the frontier tokens with their face."""
    count = int(held.get(count_key, 0))
    title = t.say(c, f"redux.board.{store}", count=count)
    frontiers = held.get("frontiers") or []
    flow = Flow(x, y, w, CHIP_H, 6)
    fx, fy = flow.place(c.measure(title, SMALL) + 8)
    c.text(fx, fy + CHIP_H / 2, title, SMALL, MUTED, anchor="lm")
    for token in frontiers:
        region = regions.get(token.get("region"), {})
        text = t.say(c, "redux.board.frontier_token", region=t.named(
            "region", region or {"id": token.get("region")}), vp=int(token.get("vp", 0)))
        vp = bool(token.get("vp"))
        cx, cy = flow.place(min(c.chip_width(text, SMALL, vp), w))
        c.chip(cx, cy, text, GOLD if vp else TILE, DARK_TEXT if vp else TEXT, SMALL, vp,
               max_width=w)
    return flow.bottom


# ---- tribal action, generals, cards ----


def _tribal_bids(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    """The nation's own tribal friendship action space, when a general stands on it."""
    seat = int(p["seat"])
    bids = [b for a in t.view.get("actions", []) if a.get("kind") == "tribal"
            for b in a.get("bids", []) if b.get("seat") == seat]
    if not bids:
        return y
    flow = Flow(x, y + ROW_GAP, w, CHIP_H)
    label = t.say(c, "redux.board.on_tribal")
    lx, ly = flow.place(c.measure(label, SMALL) + 4)
    c.text(lx, ly + CHIP_H / 2, label, SMALL, MUTED, anchor="lm")
    for bid in bids:
        text = bid_text(c, t, bid, valued=False)
        cx, cy = flow.place(min(c.chip_width(text), w))
        c.chip(cx, cy, text, t.color(seat), DARK_TEXT, max_width=w)
    return flow.bottom


def _generals(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    """Every revealed general: stats, specialties and status (available, placed, flipped on
    Manipulate, occupying a region)."""
    regions = {r.get("id"): r for r in t.view.get("regions", [])}
    where = {o.get("general"): o.get("region") for o in p.get("occupations") or []}
    flow = Flow(x, y, w, CHIP_H)
    label = t.say(c, "redux.board.generals")
    lx, ly = flow.place(c.measure(label, SMALL) + 4)
    c.text(lx, ly + CHIP_H / 2, label, SMALL, MUTED, anchor="lm")
    for general in p.get("generals") or []:
        status = str(general.get("status", "available"))
        text = general_text(c, t, general)
        if status == "occupying":
            region = regions.get(where.get(general.get("id"))) or \
                {"id": where.get(general.get("id"))}
            text = t.say(c, "redux.board.general_at", general=text,
                         region=t.named("region", region))
        elif status in ("placed", "flipped"):
            text = t.say(c, "redux.board.general_status", general=text,
                         status=msg(f"redux.status.{status}"))
        color = GOLD if general.get("ruler") else TEXT if status == "available" else MUTED
        cx, cy = flow.place(min(c.chip_width(text, SMALL), w))
        c.chip(cx, cy, text, STATUS_FILLS.get(status, TILE), color, SMALL, max_width=w)
    return flow.bottom


def general_text(c: Canvas, t: Table, general: dict) -> str:
    """'Jiang Wei A4 C3 L2 archer': admin, combat, leadership, then the unit specialties."""
    specialties = "/".join(t.term(c, unit_term(u)) for u in general.get("specialties") or [])
    return t.say(c, "redux.board.general_stats", general=t.named("general", general),
                 admin=general.get("admin", "?"), combat=general.get("combat", "?"),
                 leadership=general.get("leadership", "?"), specialties=specialties)


def _cards(c: Canvas, t: Table, title: str, cards: list[dict], x: float, w: float, y: float,
           empty: str | None = None) -> float:
    flow = Flow(x, y, w, CHIP_H)
    lx, ly = flow.place(c.measure(title, SMALL) + 4)
    c.text(lx, ly + CHIP_H / 2, title, SMALL, MUTED, anchor="lm")
    if not cards and empty:
        ex, ey = flow.place(c.measure(empty, SMALL))
        c.text(ex, ey + CHIP_H / 2, empty, SMALL, MUTED, anchor="lm")
    for card in cards:
        text = t.say(c, "redux.board.card", card=t.named("card", card), vp=card.get("vp", 0))
        fill = "#3d4f6b" if card.get("deck") == "union" else "#5a3d66"
        cx, cy = flow.place(min(c.chip_width(text, SMALL), CARD_CHIP_MAX))
        c.chip(cx, cy, text, fill, TEXT, SMALL, max_width=CARD_CHIP_MAX)
    return flow.bottom


def _own(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    """The viewer's own secrets: the hand, generals drawn for a pick, face-down picks."""
    y = _cards(c, t, t.say(c, "redux.board.your_hand"), p.get("hand") or [], x, w,
               y + ROW_GAP, t.say(c, "redux.board.empty"))
    for key, title in (("drawn", t.say(c, "redux.board.drawn", count=p.get("picking", 0))),
                       ("hidden", t.say(c, "redux.board.face_down_picks"))):
        generals = p.get(key) or []
        if not generals:
            continue
        flow = Flow(x, y + ROW_GAP, w, CHIP_H)
        lx, ly = flow.place(c.measure(title, SMALL) + 4)
        c.text(lx, ly + CHIP_H / 2, title, SMALL, MUTED, anchor="lm")
        for general in generals:
            text = general_text(c, t, general)
            cx, cy = flow.place(min(c.chip_width(text, SMALL), w))
            c.chip(cx, cy, text, TILE, AMBER, SMALL, max_width=w)
        y = flow.bottom
    return y
