"""The details a Redux player opens on request, one image each: the central actions with
their bids, the borders with their battles and regions, the nations' full panels, the shared
tracks with the decks and supply, and the score sheet (final, or as it would stand now).

Each is at most 1280 px wide and, for a three-player table, about as tall as a phone screen
of them allows; a part drawn from a seat's own view shows that seat's hand and picks in its
panel, one drawn from the public view only what everyone sees.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.messages import Term
from games.redux.say import amount
from rendering.kit.canvas import Canvas
from rendering.kit.layout import GAP, INNER, MARGIN, ROW_GAP, WIDTH, Flow, chip_rows
from rendering.kit.theme import (
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
from rendering.redux.style import ALLIANCE_COLOR, Table
from rendering.redux.tracks import draw_order, draw_standing_tracks

SUPPLY_ORDER = ("armies", "spear", "horse", "crossbow", "ship", "support", "farm", "market")


def draw_part(c: Canvas, t: Table, name: str) -> float:
    """The part's title and round, then its body; returns the page's height."""
    y = title(c, t, t.say(c, f"redux.part.{name}"), MARGIN)
    return SECTIONS[name](c, t, y + GAP) + MARGIN


def title(c: Canvas, t: Table, caption: str, y: float) -> float:
    """'Actions' left, 'Round 3 · Bidding' right."""
    status = t.status(c)
    status_w = c.measure(status, LARGE, bold=True)
    c.text(MARGIN, y, caption, TITLE, TEXT, bold=True, max_width=INNER - status_w - GAP)
    c.text(WIDTH - MARGIN, y + TITLE - LARGE, status, LARGE, GOLD, bold=True, anchor="ra")
    return y + TITLE + ROW_GAP


def _actions(c: Canvas, t: Table, y: float) -> float:
    y = chip_rows(c, _state_chips(c, t), MARGIN, INNER, y)
    return draw_central(c, t, y + GAP)


def _state_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """(text, fill, colour): the alliance, the Han Emperor token, a multi-step action in
    progress: what the action board's reader needs besides the tiles."""
    view = t.view
    chips: list[tuple[str, str, str]] = []
    alliance = view.get("alliance") or {}
    if alliance.get("action") and view.get("step") != "over":
        allies = "+".join(t.short(c, s) for s in alliance.get("allies") or [])
        chips.append((t.say(c, "redux.board.alliance_on", action=t.action(c, alliance["action"]),
                            allies=allies), ALLIANCE_COLOR, DARK_TEXT))
    holder = view.get("emperor_holder")
    chips.append((t.say(c, "redux.board.emperor_holder", who=t.who(c, holder))
                  if holder is not None else t.say(c, "redux.board.emperor_in_supply"),
                  TILE, GOLD if holder is not None else MUTED))
    doing = view.get("doing")
    if doing and doing.get("action"):
        chips.append((t.say(c, "redux.board.in_progress", action=t.action(c, doing["action"])),
                      TILE, TEXT))
    return chips


def _tracks(c: Canvas, t: Table, y: float) -> float:
    y = draw_order(c, t, y)
    y = draw_standing_tracks(c, t, y + 2 * GAP)
    return _decks(c, t, y + GAP)


def _decks(c: Canvas, t: Table, y: float) -> float:
    """Face-down deck sizes (never their order), what is left in the general supply, and
    which data the game runs on."""
    decks = t.view.get("decks") or {}
    supply = t.view.get("supply") or {}
    flow = Flow(MARGIN, y, INNER, CHIP_H)
    for key in ("union", "separation"):
        if key in decks:
            text = t.say(c, "redux.board.deck", deck=Term(f"redux.deck.{key}"), count=decks[key])
            x, cy = flow.place(c.chip_width(text, icon=True))
            c.chip(x, cy, text, PANEL, TEXT, icon="back")
    items = " · ".join(t.term(c, amount(k, int(supply[k]))) for k in SUPPLY_ORDER if k in supply)
    if items:
        text = t.say(c, "redux.board.supply", items=items)
        x, cy = flow.place(min(c.chip_width(text, SMALL), INNER))
        c.chip(x, cy, text, PANEL, MUTED, SMALL, max_width=INNER)
    pack = t.view.get("pack") or {}
    if pack.get("name") and not t.designed:
        text = t.say(c, "redux.board.data", name=str(pack["name"]))
        x, cy = flow.place(min(c.chip_width(text, SMALL), INNER))
        c.chip(x, cy, text, TILE, MUTED, SMALL, max_width=INNER)
    return flow.bottom


SECTIONS: dict[str, Callable[[Canvas, Table, float], float]] = {
    "actions": _actions,
    "borders": draw_borders,
    "nations": draw_players,
    "tracks": _tracks,
    "score": draw_score,
}
PARTS = tuple(SECTIONS)
