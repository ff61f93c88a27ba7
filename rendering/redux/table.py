"""Three Kingdoms Redux: the board image, drawn from the view (docs/redux-engine.md) only.

Top to bottom, in the order a player looks for things after a phase: who acts now, the final
score when the game is over, the round and order tracks, the twelve central actions with
their bids, the three borders with their battles and regions, the standing tracks, then one
panel per nation, and the decks and supply. Tall rather than wide, so a phone shows it at a
readable size.
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Canvas, draw_measured
from rendering.kit.fonts import resolve_cjk
from rendering.kit.layout import GAP, INNER, MARGIN, ROW_GAP, WIDTH, Flow
from rendering.kit.theme import (
    AMBER,
    CHIP_H,
    DARK_TEXT,
    GOLD,
    LARGE,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TILE,
    TITLE,
)
from rendering.redux.actions import draw_borders, draw_central
from rendering.redux.players import draw_players
from rendering.redux.score import draw_score
from rendering.redux.style import ALLIANCE_COLOR, Table, name_of
from rendering.redux.tracks import draw_order, draw_standing_tracks

STEP_NAMES = {"pick": "Recruiting generals", "alliance": "Choosing the alliance action",
              "bid": "Bidding", "resolve": "Resolving actions", "reward": "Tribal reward",
              "benefits": "End-of-round benefits", "over": "Game over"}
SUPPLY_ORDER = ("armies", "spear", "horse", "crossbow", "ship", "support", "farm", "market")


def render_table(view: dict, names: list[str], *, cjk: bool | None = None) -> Image.Image:
    """The whole board for a public or own view."""
    return draw_table(view, names, resolve_cjk(cjk))[0]


def draw_table(view: dict, names: list[str], cjk: bool) -> tuple[Image.Image, list[str]]:
    """Two passes (see kit.canvas.draw_measured); returns the image and the drawn strings."""
    table = Table(view, names)
    return draw_measured(WIDTH, cjk, lambda c: _board(c, table))


def _board(c: Canvas, t: Table) -> float:
    y = _header(c, t, MARGIN)
    if t.view.get("result"):
        y = draw_score(c, t, y + GAP)
    y = draw_order(c, t, y + GAP)
    y = draw_central(c, t, y + 2 * GAP)
    y = draw_borders(c, t, y + 2 * GAP)
    y = draw_standing_tracks(c, t, y + 2 * GAP)
    y = draw_players(c, t, y + 2 * GAP)
    y = _decks(c, t, y + GAP)
    return y + MARGIN


def _header(c: Canvas, t: Table, y: float) -> float:
    view = t.view
    title = c.label({"zh": "三國志", "en": "Three Kingdoms Redux"})
    step = STEP_NAMES.get(str(view.get("step")), str(view.get("step", "")))
    status = f"Round {view.get('round', '?')} · {step}"
    status_w = c.measure(status, LARGE, bold=True)
    c.text(MARGIN, y, title, TITLE, TEXT, bold=True, max_width=INNER - status_w - GAP)
    c.text(WIDTH - MARGIN, y + TITLE - LARGE, status, LARGE, GOLD, bold=True, anchor="ra")
    flow = Flow(MARGIN, y + TITLE + 2 * ROW_GAP, INNER, CHIP_H)
    for text, fill, color in _header_chips(c, t):
        x, cy = flow.place(min(c.chip_width(text), INNER))
        c.chip(x, cy, text, fill, color, max_width=INNER)
    return flow.bottom


def _header_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """(text, fill, colour): who acts, who else is awaited, the alliance, the Han Emperor
    token, a multi-step action in progress and the data pack."""
    view = t.view
    chips: list[tuple[str, str, str]] = []
    acting = view.get("turn") if view.get("turn") is not None else view.get("actor")
    if acting is not None:
        verb = "Bidding" if view.get("turn") is not None else "Acting"
        chips.append((f"{verb}: {t.who(c, acting)}", t.color(acting), DARK_TEXT))
    waiting = [s for s in view.get("to_act", []) if s != acting]
    if waiting:
        chips.append(("Waiting for: " + ", ".join(t.who(c, s) for s in waiting), AMBER,
                      DARK_TEXT))
    alliance = view.get("alliance") or {}
    if alliance.get("action") and view.get("step") != "over":
        allies = " + ".join(t.short(c, s) for s in alliance.get("allies") or [])
        chips.append((f"Alliance: {_action_name(c, t, alliance['action'])} · {allies}",
                      ALLIANCE_COLOR, DARK_TEXT))
    holder = view.get("emperor_holder")
    chips.append((f"Han Emperor token: {t.who(c, holder)}" if holder is not None
                  else "Han Emperor token: in the supply", TILE, GOLD if holder is not None
                  else MUTED))
    doing = view.get("doing")
    if doing and doing.get("action"):
        stage = f" ({c.clean(str(doing['stage']))})" if doing.get("stage") else ""
        chips.append((f"In progress: {_action_name(c, t, doing['action'])}{stage}", TILE, TEXT))
    pack = view.get("pack") or {}
    if pack.get("name"):
        chips.append((f"Data: {c.clean(str(pack['name']))}", TILE, MUTED))
    return chips


def _action_name(c: Canvas, t: Table, action_id: str) -> str:
    for action in t.view.get("actions", []):
        if action.get("id") == action_id:
            return name_of(c, action.get("name") or action_id)
    return c.clean(action_id)


def _decks(c: Canvas, t: Table, y: float) -> float:
    """Face-down deck sizes (never their order) and what is left in the general supply."""
    decks = t.view.get("decks") or {}
    supply = t.view.get("supply") or {}
    flow = Flow(MARGIN, y, INNER, CHIP_H)
    for key, title in (("union", "Union deck"), ("separation", "Separation deck")):
        if key in decks:
            text = f"{title} {decks[key]}"
            x, cy = flow.place(c.chip_width(text, icon=True))
            c.chip(x, cy, text, PANEL, TEXT, icon="back")
    parts = [f"{supply[k]} {k}" for k in SUPPLY_ORDER if k in supply]
    if parts:
        text = "General supply: " + " · ".join(parts)
        x, cy = flow.place(min(c.chip_width(text, SMALL), INNER))
        c.chip(x, cy, text, PANEL, MUTED, SMALL, max_width=INNER)
    return flow.bottom
