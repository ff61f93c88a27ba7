"""The overview's headline, the same on every game's board: the band a phone shows first.

Discord shows an image about 400 px wide on a phone until it is tapped, so what a player
must read without tapping (the round and phase, who is awaited, the standings and what
changed since the previous board) is drawn at `HEAD` px or more on the 1280 px image: a
third of that at 400 px, the size of phone body text. Games build a `Headline` from their
view and draw their body below it; the words come from the game (worded through
`Scene.say`), the shapes from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.core.messages import msg
from rendering.kit.canvas import Canvas
from rendering.kit.layout import Flow
from rendering.kit.scene import Scene
from rendering.kit.theme import DARK_TEXT, GREEN, MUTED, PANEL, RED, TEXT, TILE, seat_color
from rendering.kit.views import player_name

HEAD = 40  # the title line
HEAD_TEXT = 36  # every other headline line: the floor the phone rule sets
CHIP_H = 56
CHIP_PAD = 14
GAP = 12
VALUE_PAD = 10  # inside a standing's figure box
VALUE_INSET = 6  # the figure box's top and bottom inside its chip
MAX_CHANGES = 4  # lines of "what changed"; the rest is counted, the log has them all


@dataclass(frozen=True)
class Standing:
    """A seat's place on the headline: its score or standing as the game words it, and the
    change since the previous overview (None: nothing to compare)."""

    seat: int
    value: str
    delta: int | None = None


@dataclass(frozen=True)
class Headline:
    title: str  # round and phase, worded
    standings: tuple[Standing, ...] = ()
    changes: tuple[str, ...] = ()  # short worded lines of what changed since the last board
    colors: tuple[str, ...] = ()  # each seat's colour where a game has its own (Redux's
    #                                nations); a seat it does not name keeps the kit's colour

    def color(self, seat: int) -> str:
        return self.colors[seat] if 0 <= seat < len(self.colors) else seat_color(seat)


def delta(before: int | None, now: int) -> int | None:
    """A score's change since the previous overview; None when there was none to compare."""
    return None if before is None else now - before


def draw_headline(c: Canvas, scene: Scene, head: Headline, x: float, y: float,
                  width: float) -> float:
    """Draws the headline from (x, y) within `width`; returns the y below it."""
    c.text(x, y, head.title, HEAD, TEXT, bold=True, max_width=width, min_size=HEAD)
    y += HEAD + GAP
    y = _awaiting(c, scene, head, x, y, width)
    if head.standings:
        y = _standings(c, scene, head, x, y, width)
    if head.changes:
        y = _changes(c, scene, head.changes, x, y, width)
    return y


def _awaiting(c: Canvas, scene: Scene, head: Headline, x: float, y: float,
              width: float) -> float:
    caption = c.clean(scene.say(msg("engine.board.awaiting" if scene.awaiting else
                                    "engine.board.awaiting_nobody")))  # no tofu
    used = c.text(x, y + CHIP_H / 2, caption, HEAD_TEXT, MUTED, anchor="lm",
                  max_width=width / 2, min_size=HEAD_TEXT)
    flow = Flow(x + used + GAP, y, width - used - GAP, CHIP_H, GAP)
    for seat in scene.awaiting:
        name = player_name(scene.names, seat, c)
        w = min(c.measure(name, HEAD_TEXT, True) + 2 * CHIP_PAD, width - used - GAP)
        cx, cy = flow.place(w)
        c.sprite(cx, cy, (math.ceil(w) + 2, CHIP_H + 2), _awaited, name, w, head.color(seat))
    return max(flow.bottom, y + CHIP_H) + GAP  # the caption alone still takes its row


def _awaited(c: Canvas, x: float, y: float, name: str, w: float, fill: str) -> None:
    """An awaited seat's name on a chip `w` wide from (x, y) in its colour."""
    c.rect((x, y, x + w, y + CHIP_H), fill=fill)
    c.text(x + CHIP_PAD, y + CHIP_H / 2, name, HEAD_TEXT, DARK_TEXT, bold=True,
           max_width=w - 2 * CHIP_PAD, anchor="lm", min_size=HEAD_TEXT)


def _standings(c: Canvas, scene: Scene, head: Headline, x: float, y: float,
               width: float) -> float:
    """A chip per seat: its name (cut short first when the row is too narrow), then its value
    in a box of its own and its change, which are never cut. The box keeps a name that ends
    in a digit off the figure: "AI 2" beside a boxed "0 VP" never reads as "AI 20 VP"."""
    flow = Flow(x, y, width, CHIP_H, GAP)
    for s in head.standings:
        name = player_name(scene.names, s.seat, c)
        change = "" if not s.delta else f"{s.delta:+d}".replace("-", "−")
        value_w = c.measure(s.value, HEAD_TEXT, True) + 2 * VALUE_PAD
        fixed = (2 * CHIP_PAD + GAP + value_w
                 + (c.measure(change, HEAD_TEXT, True) + GAP if change else 0))
        name_w = min(c.measure(name, HEAD_TEXT, True), max(HEAD_TEXT, width - fixed))
        cx, cy = flow.place(name_w + fixed)
        c.sprite(cx, cy, (math.ceil(name_w + fixed) + 2, CHIP_H + 2), _standing, name, name_w,
                 fixed, head.color(s.seat), s.value, value_w, change,
                 GREEN if s.delta and s.delta > 0 else RED)
    return flow.bottom + GAP


def _standing(c: Canvas, x: float, y: float, name: str, name_w: float, fixed: float,
              colour: str, value: str, value_w: float, change: str, change_ink: str) -> None:
    """A seat's standing chip from (x, y): its name in `name_w`, its value's box and its
    change in `change_ink`, edged in the seat's `colour`."""
    c.rect((x, y, x + name_w + fixed, y + CHIP_H), fill=PANEL, outline=colour, width=3)
    c.text(x + CHIP_PAD, y + CHIP_H / 2, name, HEAD_TEXT, TEXT, bold=True, anchor="lm",
           max_width=name_w, min_size=HEAD_TEXT)
    at = _value(c, value, x + CHIP_PAD + name_w + GAP, y, value_w)
    if change:
        c.text(at + GAP, y + CHIP_H / 2, change, HEAD_TEXT, change_ink, bold=True, anchor="lm")


def _value(c: Canvas, value: str, x: float, top: float, width: float) -> float:
    """A standing's figure on its own lighter box inside the chip; returns its right edge."""
    c.rect((x, top + VALUE_INSET, x + width, top + CHIP_H - VALUE_INSET), fill=TILE, radius=6)
    c.text(x + VALUE_PAD, top + CHIP_H / 2, value, HEAD_TEXT, TEXT, bold=True, anchor="lm")
    return x + width


def _changes(c: Canvas, scene: Scene, changes: tuple[str, ...], x: float, y: float,
             width: float) -> float:
    shown = changes[:MAX_CHANGES]
    if len(changes) > MAX_CHANGES:
        shown += (c.clean(scene.say(msg("engine.board.more_changes",
                                        count=len(changes) - MAX_CHANGES))),)
    for line in shown:
        c.text(x, y, f"• {line}", HEAD_TEXT, TEXT, max_width=width, min_size=HEAD_TEXT)
        y += HEAD_TEXT + 10
    return y + GAP
