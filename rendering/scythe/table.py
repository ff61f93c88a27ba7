"""Scythe: the board image, drawn from the view (docs/scythe-engine.md, "The view") only.

Top to bottom, in the order a player looks after a turn: the turn header (turn number, who
plays, what is being decided), the final score once the game is over, the map with its legend,
then one panel per player in turn order, and the decks. 1280 px wide with hexes as large as
the width allows, so a phone shows the numbers on the map without zooming far.
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.canvas import Canvas, draw_measured
from rendering.kit.fonts import resolve_cjk
from rendering.kit.layout import GAP, INNER, MARGIN, ROW_GAP, WIDTH, Flow, text_lines
from rendering.kit.theme import (
    AMBER,
    CHIP_H,
    GOLD,
    GREEN,
    LARGE,
    MUTED,
    PANEL,
    SMALL,
    TEXT,
    TILE,
    TITLE,
)
from rendering.scythe.map import draw_legend, draw_map
from rendering.scythe.mats import draw_players
from rendering.scythe.score import draw_score
from rendering.scythe.style import Table, ink_on, words

DECKS = (("combat", "Combat deck"), ("combat_discard", "Combat discard"),
         ("encounter", "Encounter deck"), ("objective", "Objective deck"),
         ("factory", "Factory cards left"))


def render_table(view: dict, names: list[str], *, cjk: bool | None = None) -> Image.Image:
    """The whole board for a public or own view."""
    return draw_table(view, names, resolve_cjk(cjk))[0]


def draw_table(view: dict, names: list[str], cjk: bool) -> tuple[Image.Image, list[str]]:
    """Two passes (see kit.canvas.draw_measured); returns the image and the drawn strings."""
    table = Table(view, names)
    return draw_measured(WIDTH, cjk, lambda c: _board(c, table))


def _board(c: Canvas, t: Table) -> float:
    y = _header(c, t, MARGIN)
    if t.view.get("score"):
        y = draw_score(c, t, y + GAP)
    y = draw_map(c, t, y + GAP)
    y = draw_legend(c, t, y + GAP)
    y = draw_players(c, t, y + 2 * GAP)
    y = _decks(c, t, y + GAP)
    return y + MARGIN


def _header(c: Canvas, t: Table, y: float) -> float:
    view = t.view
    over = view.get("end") is not None or bool(view.get("score"))
    drafting = not over and view.get("active") is None
    status = "Game over" if over else "Draft" if drafting else f"Turn {view.get('turn_number')}"
    status_w = c.measure(status, LARGE, bold=True)
    c.text(MARGIN, y, "Scythe", TITLE, TEXT, bold=True, max_width=INNER - status_w - GAP)
    c.text(WIDTH - MARGIN, y + TITLE - LARGE, status, LARGE, GOLD, bold=True, anchor="ra")
    y += TITLE + 2 * ROW_GAP
    prompt = view.get("prompt") or {}
    if prompt.get("text"):
        y = _prompt(c, t, prompt, y)
    flow = Flow(MARGIN, y, INNER, CHIP_H)
    for text, fill, color in _header_chips(c, t):
        x, cy = flow.place(min(c.chip_width(text), INNER))
        c.chip(x, cy, text, fill, color, max_width=INNER)
    return flow.bottom


def _prompt(c: Canvas, t: Table, prompt: dict, y: float) -> float:
    """The decision being waited for, in a band of the deciding player's colour."""
    seats = prompt.get("seats") or []
    text = t.named(c, str(prompt["text"]))
    probe = text_lines(c.twin(), MARGIN + 16, 0, text, INNER - 32, LARGE, bold=True)
    fill = t.color(seats[0]) if len(seats) == 1 else AMBER
    c.rect((MARGIN, y, MARGIN + INNER, y + probe + 16), fill=fill)
    return text_lines(c, MARGIN + 16, y + 9, text, INNER - 32, LARGE, ink_on(fill),
                      bold=True) + 14


def _header_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """Who plays, the turn order, the structure bonus tile and the encounters left."""
    view = t.view
    chips = []
    active = view.get("active")
    if active is not None:
        fill = t.color(int(active))
        chips.append((f"To play: {t.who(c, int(active))}", fill, ink_on(fill)))
    order = view.get("order") or []
    if order:
        chips.append(("Order: " + " → ".join(t.faction_name(s) for s in order), TILE, TEXT))
    if view.get("bonus_tile"):
        chips.append((f"Structure bonus: {words(str(view['bonus_tile']))}", TILE, GOLD))
    chips.append((f"Encounter tokens on the map: {len(view.get('encounters') or [])}", TILE,
                  TEXT))
    return chips + _frame_chips(c, t)


def _frame_chips(c: Canvas, t: Table) -> list[tuple[str, str, str]]:
    """What the pending decision shows: who has already committed to a combat, and (in the
    picker's own view only) the Factory cards to choose from."""
    stack = t.view.get("stack") or []
    frame = stack[-1] if stack else {}
    chips = []
    if frame.get("kind") == "commit" and frame.get("committed"):
        done = ", ".join(t.who(c, int(s)) for s in frame["committed"])
        chips.append((f"Committed in secret: {done}", TILE, GREEN))
    if frame.get("kind") == "factory_pick" and frame.get("cards"):
        names = t.view.get("card_names") or {}
        offer = ", ".join(c.clean(str(names.get(card, card))) for card in frame["cards"])
        chips.append((f"Factory cards you see: {offer}", "#4a3a66", TEXT))
    return chips


def _decks(c: Canvas, t: Table, y: float) -> float:
    """Deck sizes, never their order or faces."""
    decks = t.view.get("decks") or {}
    flow = Flow(MARGIN, y, INNER, CHIP_H)
    for key, title in DECKS:
        if key in decks:
            text = f"{title} {decks[key]}"
            x, cy = flow.place(c.chip_width(text, SMALL, icon=True))
            c.chip(x, cy, text, PANEL, MUTED, SMALL, icon="back")
    return flow.bottom
