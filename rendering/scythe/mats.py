"""One panel per player under the Scythe map, in turn order: the faction and player mat, the
tracks, the six star slots, the four mat sections as printed (top action with its upgraded
values, bottom action with its current cost and coins, structure and recruit slots), the
pieces still on the mats, and the cards.

The panel reads the player's mat from the board data and the player's progress from the
view; combat card values and objective names come only from own-only fields, drawn solely
for the viewer's own entry (Table.own).
"""

from __future__ import annotations

from games.scythe.rules import (
    FACTORY_SECTION,
    POPULARITY_MAX,
    POWER_MAX,
    STARS_TO_END,
    TOP_BOX_VALUES,
    TRADE_RESOURCES,
)
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, INNER, MARGIN, PAD, ROW_GAP, STRIPE_W, Flow, boxed
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
    SMALL,
    TEXT,
    TILE,
)
from rendering.kit.views import player_name
from rendering.scythe.style import BONUS_NAMES, Table, board_data, scoring_tier, title, words

STAR_H = 40
CELL_LINE = SMALL + 8
MAT = "mat"


def draw_players(c: Canvas, t: Table, y: float) -> float:
    view = t.view
    order = view.get("order") or [p["seat"] for p in view.get("players", [])]
    for seat in order:
        y = _panel(c, t, seat, y) + GAP
    return y - GAP


def _panel(c: Canvas, t: Table, seat: int, y: float) -> float:
    """One player's mat, lit while that seat is active."""
    lit = seat == t.view.get("active")
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: _body(cc, t, seat, top),
                 fill=PANEL_HI if lit else t.tint(seat), stripe=t.color(seat),
                 outline=GOLD if lit else None)


def _body(c: Canvas, t: Table, seat: int, y: float) -> float:
    x, w = MARGIN + STRIPE_W + PAD, INNER - STRIPE_W - 2 * PAD
    p = t.player(seat)
    y = _name_row(c, t, seat, x, w, y)
    if not p.get("units"):  # the draft: pieces are set up after the last pick
        note = ("Picked; the pieces go on the board after the last pick." if p.get("faction")
                else "Picks a faction and a player mat in the draft.")
        c.text(x, y + ROW_GAP, note, BODY, MUTED)
        return y + ROW_GAP + BODY + 6
    y = _chips(c, _track_chips(p), x, w, y + ROW_GAP)
    y = _stars(c, p, x, w, y + ROW_GAP)
    if p.get("mat") in board_data()["player_mats"]:
        y = _sections(c, p, x, w, y + ROW_GAP)
    y = _chips(c, _piece_chips(t, p), x, w, y + ROW_GAP)
    y = _cards(c, t, p, x, w, y + ROW_GAP)
    return y


def _name_row(c: Canvas, t: Table, seat: int, x: float, w: float, y: float) -> float:
    row_h = NAME + 12
    cy = y + row_h / 2
    badges = _badges(t, seat)
    badges_w = sum(c.chip_width(text, SMALL, True) + 8 for text, *_ in badges)
    mat = _mat_title(t, seat)
    mat_w = c.measure(mat, LARGE, True)
    name_w = c.text(x, cy, player_name(t.names, seat, c), NAME, t.color(seat), bold=True,
                    max_width=max(w - mat_w - badges_w - 2 * GAP, 120), anchor="lm")
    mx = x + name_w + GAP
    c.text(mx, cy, mat, LARGE, TEXT, bold=True, anchor="lm")
    bx = mx + mat_w + GAP
    for text, fill, color in badges:
        bx += c.chip(bx, cy - CHIP_H / 2, text, fill, color, SMALL, True) + 8
    return y + row_h


def _mat_title(t: Table, seat: int) -> str:
    mat = t.player(seat).get("mat")
    number = board_data()["player_mats"].get(mat, {}).get("number")
    mat_text = f" · {t.mat_name(seat)} ({number})" if number else ""
    return t.faction_name(seat) + mat_text


def _badges(t: Table, seat: int) -> list[tuple[str, str, str]]:
    badges = []
    prompt = t.view.get("prompt") or {}
    if seat == t.view.get("active"):
        badges.append(("TO PLAY", GOLD, DARK_TEXT))
    if seat in prompt.get("seats", []) and seat != t.view.get("active"):
        badges.append(("WAITING", AMBER, DARK_TEXT))
    last = t.player(seat).get("last_section")
    if last is not None:
        badges.append((f"Last: {_section_name(t.player(seat), int(last))}", TILE, TEXT))
    return badges


def _section_name(p: dict, index: int) -> str:
    if index == FACTORY_SECTION:
        return "Factory card"
    sections = board_data()["player_mats"].get(p.get("mat"), {}).get("sections", [])
    if 0 <= index < len(sections):
        return f"{words(sections[index]['top'])} / {words(sections[index]['bottom'])}"
    return "?"


def _track_chips(p: dict) -> list[tuple[str, str, str]]:
    coins = p.get("coins")
    popularity = int(p.get("popularity", 0))
    tier = scoring_tier(popularity)
    chips = [
        (f"Power {p.get('power', 0)}/{POWER_MAX}", "#3a2f52", TEXT),
        (f"Popularity {popularity}/{POPULARITY_MAX}", "#2f4a3a", TEXT),
        ("Coins ?" if coins is None else f"Coins {coins}", "#4a4120", GOLD),
        (f"Combat cards {p.get('card_count', 0)}", TILE, TEXT),
    ]
    if tier:
        chips.append((f"Scoring: ${tier['coins_per_star']}/star · "
                      f"${tier['coins_per_territory']}/territory · "
                      f"${tier['coins_per_2_resources']}/2 resources", TILE, MUTED))
    return chips


def _chips(c: Canvas, chips: list[tuple[str, str, str]], x: float, w: float, y: float) -> float:
    flow = Flow(x, y, w, CHIP_H)
    for text, fill, color in chips:
        cx, cy = flow.place(min(c.chip_width(text, BODY), w))
        c.chip(cx, cy, text, fill, color, BODY, max_width=w)
    return flow.bottom


def _stars(c: Canvas, p: dict, x: float, w: float, y: float) -> float:
    """Six slots, filled left to right with the achievements that placed a star."""
    placed = [words(k) for k, n in (p.get("stars") or {}).items()
              for _ in range(int(n))]
    label_w = c.measure("Stars", BODY, True) + 12
    c.text(x, y + STAR_H / 2, "Stars", BODY, GOLD, bold=True, anchor="lm")
    slot_w = (w - label_w - 5 * 6) / STARS_TO_END
    for i in range(STARS_TO_END):
        sx = x + label_w + i * (slot_w + 6)
        box = (sx, y, sx + slot_w, y + STAR_H)
        if i < len(placed):
            c.rect(box, fill=GOLD, radius=6)
            c.text(sx + slot_w / 2, y + STAR_H / 2, f"★ {placed[i]}", SMALL, DARK_TEXT,
                   bold=True, max_width=slot_w - 8, anchor="mm")
        else:
            c.rect(box, outline=MUTED, width=1, radius=6)
    return y + STAR_H


# -- the four mat sections ------------------------------------------------------------------------
def _sections(c: Canvas, p: dict, x: float, w: float, y: float) -> float:
    sections = board_data()["player_mats"][p["mat"]]["sections"]
    cell_w = (w - 3 * ROW_GAP) / len(sections)
    bottom = y
    for i, section in enumerate(sections):
        cx = x + i * (cell_w + ROW_GAP)
        bottom = max(bottom, _section(c, p, i, section, cx, cell_w, y))
    return bottom


def _section(c: Canvas, p: dict, i: int, section: dict, x: float, w: float, y: float) -> float:
    """One section of the mat, outlined when it was the last one chosen."""
    last = p.get("last_section") == i
    return boxed(c, (x, x + w, y), lambda cc, top: _cell(cc, p, i, section, x + 10, w - 20, top),
                 fill=TILE, outline=GOLD if last else None, pad=8)


def _cell(c: Canvas, p: dict, i: int, section: dict, x: float, w: float, y: float) -> float:
    top, bottom = section["top"], section["bottom"]
    c.text(x, y, f"{words(top)} | {words(bottom)}", BODY, TEXT, bold=True, max_width=w)
    y += BODY + 8
    text, upgraded = _top_text(p, top)
    c.text(x, y, text, SMALL, GREEN if upgraded else TEXT, max_width=w)
    y += CELL_LINE
    covered = int((p.get("upgrades") or {}).get(str(i), 0))
    c.text(x, y, f"{words(bottom)}: {p['bottom_costs'][i]} {section['bottom_cost_resource']} → "
                 f"${section['bottom_coins']}", SMALL, GREEN if covered else TEXT, max_width=w)
    y += CELL_LINE
    built = section["structure_slot"] in (p.get("structures_built") or [])
    c.text(x, y, f"{words(section['structure_slot'])}: " + ("built" if built else "on mat"),
           SMALL, MUTED if built else TEXT, max_width=w)
    y += CELL_LINE
    bonus = ", ".join(f"+{n} {BONUS_NAMES.get(k, words(k))}" for k, n in
                      section["recruit_ongoing_bonus"].items())
    enlisted = str(i) in (p.get("recruits") or {})
    c.text(x, y, f"Enlisted: {bonus}" if enlisted else f"Recruit: {bonus}", SMALL,
           GOLD if enlisted else MUTED, max_width=w)
    return y + CELL_LINE - 8


def _top_text(p: dict, action: str) -> tuple[str, bool]:
    """The top action's values as the engine pays them (the view's `top_values`), and
    whether any of them is upgraded (its cube has left the box, S6.5)."""
    value = p["top_values"]
    upgraded = any(box.startswith(action) and box not in p["cubes"] for box in value)
    texts = {
        "move": f"{value['move_units']} units 1 step, or ${value['move_coins']}",
        "bolster": f"+{value['bolster_power']} power, or +{value['bolster_cards']} "
                   + ("card" if value["bolster_cards"] == 1 else "cards"),
        "trade": f"{TRADE_RESOURCES} resources, or +{value['trade_popularity']} popularity",
        "produce": f"{value['produce_territories']} territories",
    }
    return texts.get(action, words(action)), upgraded


# -- pieces and cards ------------------------------------------------------------------------------
def _piece_chips(t: Table, p: dict) -> list[tuple[str, str, str]]:
    units = p.get("units") or {}
    faction = board_data()["factions"].get(p.get("faction") or "", {})
    abilities = [a["id"] for a in faction.get("mech_abilities", [])]
    deployed = [a for a in abilities if units.get(f"mech:{a}", MAT) != MAT]
    left = [a for a in abilities if a not in deployed]
    on_mat = sum(1 for u, where in units.items() if u.startswith("worker:") and where == MAT)
    workers = sum(1 for u in units if u.startswith("worker:"))
    built = p.get("structures_built") or []
    cubes_left = len(p.get("cubes") or [])
    chips = [
        (f"Upgrades {len(TOP_BOX_VALUES) - cubes_left}/{len(TOP_BOX_VALUES)}", TILE, TEXT),
        (f"Mechs {len(deployed)}/{len(abilities)}"
         + (": " + ", ".join(title(a) for a in deployed) if deployed else "")
         + (f" (on the mat: {', '.join(title(a) for a in left)})" if left else ""),
         TILE, TEXT),
        (f"Workers on board {workers - on_mat}, on mat {on_mat}", TILE, TEXT),
        (f"Structures {len(built)}/4" + (": " + ", ".join(words(k) for k in built)
                                          if built else ""), TILE, TEXT),
        (f"Recruits {len(p.get('recruits') or {})}/4"
         + _one_time(p), TILE, TEXT),
    ]
    ability = faction.get("faction_ability", {}).get("id")
    if ability:
        chips.append((f"Faction ability: {title(ability)}", TILE, MUTED))
    return chips


def _one_time(p: dict) -> str:
    spaces = [BONUS_NAMES.get(s, words(s)) for s in (p.get("recruits") or {}).values()]
    return f" (one-time: {', '.join(spaces)})" if spaces else ""


def _cards(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    """The Factory card, objectives (count, revealed ones by name) and, for the viewer
    alone, the values of their combat cards and the names of their objectives."""
    names = t.view.get("card_names") or {}
    chips: list[tuple[str, str, str]] = []
    factory = p.get("factory_card")
    if factory:
        chips.append((f"Factory card: {c.clean(str(names.get(factory, factory)))}",
                      "#4a3a66", TEXT))
    chips.append((f"Objectives held {p.get('objective_count', 0)}", TILE, TEXT))
    for done in p.get("objectives_done") or []:
        chips.append((f"Revealed: {c.clean(str(names.get(done, done)))}", GOLD, DARK_TEXT))
    if t.own(int(p["seat"])) and "cards" in p:
        values = " ".join(str(card.get("value", "?")) for card in p["cards"])
        chips.append((f"Your combat cards: {values or 'none'}", "#5a2a30", TEXT))
    if t.own(int(p["seat"])):
        for objective in p.get("objectives") or []:
            name = objective.get("name") or objective.get("id")
            chips.append((f"Your objective: {c.clean(str(name))}", "#2f3f5a", AMBER))
    return _chips(c, chips, x, w, y)
