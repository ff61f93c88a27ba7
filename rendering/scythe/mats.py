"""The players' panels, in turn order, for the two parts that show them.

`draw_players` (the "players" part): for each player the faction and mat, the tracks (power,
popularity, coins, combat cards, objectives), the stars placed, the pieces (mechs, workers,
structures, recruits, upgrades), the Factory card and revealed objectives and, for the viewer
alone, the values of their combat cards and their objectives. `draw_mats` (the "mats" part):
the four sections of each player's mat as printed, with the top action's upgraded values,
the bottom action's cost and coins, the structure and recruit slots, and the mechs.

The panel reads the player's mat from the board data and the player's progress from the
view; own-only fields are drawn solely for the viewer's own entry (Table.own).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from games.scythe.rules import (
    FACTORY_SECTION,
    POPULARITY_MAX,
    POWER_MAX,
    STARS_TO_END,
    TOP_BOX_VALUES,
    TRADE_RESOURCES,
)
from rendering.kit.canvas import Canvas
from rendering.kit.layout import (
    GAP,
    INNER,
    MARGIN,
    PAD,
    ROW_GAP,
    STRIPE_W,
    boxed,
    chip_rows,
    wrap,
)
from rendering.kit.theme import (
    AMBER,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    NAME,
    PANEL_HI,
    TEXT,
    TILE,
)
from rendering.scythe.style import STRUCTURES, Table, board_data, scoring_tier

TEXT_SIZE = LARGE  # 24 px: the phone floor
CELL_LINE = TEXT_SIZE + 8
MAT = "mat"
Chips = list[tuple[str, str, str]]
Body = Callable[[Canvas, Table, int, float, float, float], float]


def draw_players(c: Canvas, t: Table, y: float) -> float:
    return _panels(c, t, y, _player_body)


def draw_mats(c: Canvas, t: Table, y: float) -> float:
    return _panels(c, t, y, _mat_body)


def _panels(c: Canvas, t: Table, y: float, body: Body) -> float:
    for seat in t.seats():
        y = _panel(c, t, seat, y, body) + GAP
    return y - GAP


def _panel(c: Canvas, t: Table, seat: int, y: float, body: Body) -> float:
    """One player's panel, lit while that seat is active."""
    lit = seat == t.view.get("active")
    x, w = MARGIN + STRIPE_W + PAD, INNER - STRIPE_W - 2 * PAD
    return boxed(c, (MARGIN, MARGIN + INNER, y), lambda cc, top: body(cc, t, seat, x, w, top),
                 fill=PANEL_HI if lit else t.tint(seat), stripe=t.color(seat),
                 outline=GOLD if lit else None)


def _name_row(c: Canvas, t: Table, seat: int, x: float, w: float, y: float) -> float:
    row_h = NAME + 12
    cy = y + row_h / 2
    badges = _badges(t, seat)
    badges_w = sum(c.chip_width(text, TEXT_SIZE, True) + 8 for text, *_ in badges)
    mat = _mat_title(t, seat)
    mat_w = min(c.measure(mat, TEXT_SIZE, True), w / 2)
    name_w = c.text(x, cy, t.name(c, seat), NAME, t.color(seat), bold=True,
                    max_width=max(w - mat_w - badges_w - 2 * GAP, 120), anchor="lm",
                    min_size=TEXT_SIZE)
    mx = x + name_w + GAP
    c.text(mx, cy, mat, TEXT_SIZE, TEXT, bold=True, anchor="lm", max_width=w / 2,
           min_size=TEXT_SIZE)
    bx = mx + mat_w + GAP
    for text, fill, color in badges:
        bx += c.chip(bx, cy - CHIP_H / 2, text, fill, color, TEXT_SIZE, True) + 8
    return y + row_h


def _mat_title(t: Table, seat: int) -> str:
    """'Nordic · Industrial (1)': the faction, then the mat and its number."""
    mat = t.player(seat).get("mat")
    number = board_data()["player_mats"].get(mat, {}).get("number")
    if not number:
        return t.faction_name(seat)
    return t.say("mat_title", faction=t.faction_name(seat), mat=t.mat_name(seat),
                 number=number)


def _badges(t: Table, seat: int) -> Chips:
    badges = []
    prompt = t.view.get("prompt") or {}
    if seat == t.view.get("active"):
        badges.append((t.say("badge.to_play"), GOLD, DARK_TEXT))
    if seat in prompt.get("seats", []) and seat != t.view.get("active"):
        badges.append((t.say("badge.waiting"), AMBER, DARK_TEXT))
    return badges


def _drafting(c: Canvas, t: Table, seat: int, x: float, y: float) -> float | None:
    """During the draft a seat has no pieces yet: a note instead of the panel."""
    p = t.player(seat)
    if p.get("units"):
        return None
    c.text(x, y + ROW_GAP, t.say("draft.picked" if p.get("faction") else "draft.to_pick"),
           TEXT_SIZE, MUTED)
    return y + ROW_GAP + TEXT_SIZE + 6


# -- the "players" part -----------------------------------------------------------------------
def _player_body(c: Canvas, t: Table, seat: int, x: float, w: float, y: float) -> float:
    p = t.player(seat)
    y = _name_row(c, t, seat, x, w, y)
    note = _drafting(c, t, seat, x, y)
    if note is not None:
        return note
    y = chip_rows(c, _track_chips(t, p), x, w, y + ROW_GAP, TEXT_SIZE)
    y = chip_rows(c, _star_chips(t, p), x, w, y + ROW_GAP, TEXT_SIZE)
    y = chip_rows(c, _piece_chips(t, p), x, w, y + ROW_GAP, TEXT_SIZE)
    cards = _card_chips(t, p)
    return chip_rows(c, cards, x, w, y + ROW_GAP, TEXT_SIZE) if cards else y


def _track_chips(t: Table, p: dict) -> Chips:
    coins = p.get("coins")
    popularity = int(p.get("popularity", 0))
    chips = [
        (t.say("track.power", value=int(p.get("power", 0)), max=POWER_MAX), "#3a2f52", TEXT),
        (t.say("track.popularity", value=popularity, max=POPULARITY_MAX), "#2f4a3a", TEXT),
        (t.say("track.coins_hidden") if coins is None else t.say("track.coins", value=coins),
         "#4a4120", GOLD),
        (t.say("track.cards", count=int(p.get("card_count", 0))), TILE, TEXT),
        (t.say("track.objectives", count=int(p.get("objective_count", 0))), TILE, TEXT),
    ]
    tier = scoring_tier(popularity)
    if tier:
        chips.append((t.say("track.scoring", star=tier["coins_per_star"],
                            territory=tier["coins_per_territory"],
                            resources=tier["coins_per_2_resources"]), TILE, MUTED))
    return chips


def _star_chips(t: Table, p: dict) -> Chips:
    """The stars placed, each by its achievement, after the count of the six."""
    placed = [kind for kind, n in (p.get("stars") or {}).items() for _ in range(int(n))]
    chips = [(t.say("stars", count=len(placed), max=STARS_TO_END), TILE, GOLD)]
    return chips + [(f"★ {t.term(f'scythe.star.{kind}')}", GOLD, DARK_TEXT) for kind in placed]


def _piece_chips(t: Table, p: dict) -> Chips:
    units = p.get("units") or {}
    mechs = [u for u in units if u.startswith("mech:")]
    workers = [u for u in units if u.startswith("worker:")]
    on_mat = sum(1 for u in workers if units[u] == MAT)
    return [(text, TILE, TEXT) for text in (
        t.say("pieces.mechs", count=sum(1 for u in mechs if units[u] != MAT), max=len(mechs)),
        t.say("pieces.workers", board=len(workers) - on_mat, mat=on_mat),
        t.say("pieces.structures", count=len(p.get("structures_built") or []),
              max=len(STRUCTURES)),
        t.say("pieces.recruits", count=len(p.get("recruits") or {}), max=4),
        t.say("pieces.upgrades", count=len(TOP_BOX_VALUES) - len(p.get("cubes") or []),
              max=len(TOP_BOX_VALUES)),
    )]


def _card_chips(t: Table, p: dict) -> Chips:
    """The Factory card, the revealed objectives and, for the viewer alone, the values of
    their combat cards, the names of their objectives and the Factory cards they pick from.
    A card is named only when the view lists it among the cards this viewer sees."""
    shown = t.view.get("card_names") or {}
    chips: Chips = []
    factory = p.get("factory_card")
    if factory and factory in shown:
        chips.append((t.say("cards.factory", card=_card(t, factory)), "#4a3a66", TEXT))
    chips += [(t.say("cards.revealed", card=_card(t, done)), GOLD, DARK_TEXT)
              for done in p.get("objectives_done") or [] if done in shown]
    seat = int(p["seat"])
    if not t.own(seat):
        return chips
    if "cards" in p:
        values = " ".join(str(card.get("value", "?")) for card in p["cards"])
        chips.append((t.say("cards.own_combat", values=values or "-"), "#5a2a30", TEXT))
    chips += [(t.say("cards.own_objective", card=_card(t, str(o.get("id")))), "#2f3f5a",
               AMBER) for o in p.get("objectives") or [] if o.get("id") in shown]
    frame = (t.view.get("stack") or [{}])[-1]
    if frame.get("kind") == "factory_pick" and frame.get("seat") == seat and frame.get("cards"):
        offer = [_card(t, card) for card in frame["cards"] if card in shown]
        chips.append((t.say("cards.offer", cards=tuple(offer)), "#4a3a66", TEXT))
    return chips


def _card(t: Table, card: str) -> str:
    """An objective or Factory card by the engine's name for it in the reader's language."""
    kind = "objective" if card.startswith("obj") else "factory"
    return t.term(f"scythe.{kind}.{card}")


# -- the "mats" part ------------------------------------------------------------------------------
def _mat_body(c: Canvas, t: Table, seat: int, x: float, w: float, y: float) -> float:
    p = t.player(seat)
    y = _name_row(c, t, seat, x, w, y)
    note = _drafting(c, t, seat, x, y)
    if note is not None:
        return note
    if p.get("mat") in board_data()["player_mats"]:
        y = _sections(c, t, p, x, w, y + ROW_GAP)
    return chip_rows(c, _ability_chips(t, p), x, w, y + ROW_GAP, TEXT_SIZE)


def _sections(c: Canvas, t: Table, p: dict, x: float, w: float, y: float) -> float:
    sections = board_data()["player_mats"][p["mat"]]["sections"]
    cell_w = (w - 3 * ROW_GAP) / len(sections)
    bottom = y
    for i, section in enumerate(sections):
        cx = x + i * (cell_w + ROW_GAP)
        bottom = max(bottom, boxed(c, (cx, cx + cell_w, y),
                                   partial(_cell, t=t, p=p, i=i, section=section, x=cx + 10,
                                           w=cell_w - 20),
                                   fill=TILE, pad=8,
                                   outline=GOLD if p.get("last_section") == i else None))
    return bottom


def _cell(c: Canvas, y: float, *, t: Table, p: dict, i: int, section: dict, x: float,
          w: float) -> float:
    """One section: its two actions, the top one's values, the bottom one's cost and coins,
    its structure and its recruit."""
    top, bottom = section["top"], section["bottom"]
    lines = [
        (t.say("section.title", top=_action(t, top), bottom=_action(t, bottom)), TEXT, True),
        (*_top_text(t, p, top), False),
        (t.say("section.bottom", action=_action(t, bottom), cost=p["bottom_costs"][i],
               resource=t.term(f"scythe.resource.{section['bottom_cost_resource']}"),
               coins=section["bottom_coins"]),
         GREEN if int((p.get("upgrades") or {}).get(str(i), 0)) else TEXT, False),
        _structure_line(t, p, section["structure_slot"]),
        _recruit_line(t, p, i, section["recruit_ongoing_bonus"]),
    ]
    last = y
    for text, colour, bold in lines:  # a long line wraps: a quarter of the width is narrow
        for part in wrap(c, text, TEXT_SIZE, w, bold):
            c.text(x, y, part, TEXT_SIZE, colour, bold=bold, max_width=w, min_size=TEXT_SIZE)
            last, y = y, y + CELL_LINE
    return last + _line_depth(c)


DEEPEST = "gjpqy口"  # glyphs whose ink reaches lowest below a line's top


def _line_depth(c: Canvas) -> float:
    """How far below its top a line's ink may reach ('p' and 'g' hang below the baseline),
    so the cell's tile holds its last line's descenders."""
    return c.font(TEXT_SIZE).getbbox(DEEPEST, anchor="la")[3]


def _action(t: Table, name: str) -> str:
    return t.term(f"scythe.action.{name}")


def _top_text(t: Table, p: dict, action: str) -> tuple[str, str]:
    """The top action's values as the engine pays them (the view's `top_values`), green when
    any of them is upgraded (its cube has left the box, S6.5)."""
    value = p["top_values"]
    upgraded = any(box.startswith(action) and box not in p["cubes"] for box in value)
    params = {
        "move": {"units": value["move_units"], "coins": value["move_coins"]},
        "bolster": {"power": value["bolster_power"], "cards": value["bolster_cards"]},
        "trade": {"resources": TRADE_RESOURCES, "popularity": value["trade_popularity"]},
        "produce": {"territories": value["produce_territories"]},
    }.get(action, {})
    text = t.say(f"top.{action}", **params) if params else _action(t, action)
    return text, GREEN if upgraded else TEXT


def _structure_line(t: Table, p: dict, kind: str) -> tuple[str, str, bool]:
    name = t.term(f"scythe.structure.{kind}")
    if kind in (p.get("structures_built") or []):
        return t.say("section.built", structure=name), MUTED, False
    return t.say("section.unbuilt", structure=name), TEXT, False


def _recruit_line(t: Table, p: dict, i: int, bonus: dict) -> tuple[str, str, bool]:
    gains = ", ".join(t.say("gain", count=n, what=t.term(f"scythe.space.{k}"))
                      for k, n in bonus.items())
    if str(i) in (p.get("recruits") or {}):
        return t.say("section.enlisted", bonus=gains), GOLD, False
    return t.say("section.recruit", bonus=gains), MUTED, False


def _ability_chips(t: Table, p: dict) -> Chips:
    """The faction ability, the mechs deployed and on the mat, the one-time recruit bonuses
    taken and the last section chosen."""
    units = p.get("units") or {}
    faction = board_data()["factions"].get(p.get("faction") or "", {})
    abilities = [a["id"] for a in faction.get("mech_abilities", [])]
    deployed = [_ability(t, a) for a in abilities if units.get(f"mech:{a}", MAT) != MAT]
    left = [_ability(t, a) for a in abilities if units.get(f"mech:{a}", MAT) == MAT]
    chips: Chips = []
    ability = faction.get("faction_ability", {}).get("id")
    if ability:
        chips.append((t.say("faction_ability", ability=_ability(t, ability)), TILE, GOLD))
    if deployed:
        chips.append((t.say("mechs.deployed", mechs=tuple(deployed)), TILE, TEXT))
    if left:
        chips.append((t.say("mechs.on_mat", mechs=tuple(left)), TILE, MUTED))
    spaces = [t.term(f"scythe.space.{s}") for s in (p.get("recruits") or {}).values()]
    if spaces:
        chips.append((t.say("one_time", spaces=tuple(spaces)), TILE, TEXT))
    last = p.get("last_section")
    if last is not None:
        chips.append((t.say("last_section", section=_section_name(t, p, int(last))), TILE,
                      TEXT))
    return chips


def _ability(t: Table, ability: str) -> str:
    return t.term(f"scythe.ability.{ability}")


def _section_name(t: Table, p: dict, index: int) -> str:
    if index == FACTORY_SECTION:
        return t.say("factory_card")
    sections = board_data()["player_mats"].get(p.get("mat"), {}).get("sections", [])
    if 0 <= index < len(sections):
        return t.say("section.title", top=_action(t, sections[index]["top"]),
                     bottom=_action(t, sections[index]["bottom"]))
    return "?"
