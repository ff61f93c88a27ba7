"""What every part of the Three Kingdoms Redux image shares: nation colours, how seats and
names are written, boxed panels and wrapped text.

A nation keeps one colour on every part of the image (Wei blue, Wu red, Shu green, the
colours players know from the box), so a glance at a bid, a region or a track tells whose it
is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rendering.canvas import BODY, PANEL, TEXT, Canvas, player_name, seat_color

WIDTH = 1280
MARGIN = 24
GAP = 16
PAD = 14
ROW_GAP = 10
STRIPE_W = 8
INNER = WIDTH - 2 * MARGIN

NATION_COLORS = {"wei": "#4f97ea", "wu": "#e8665d", "shu": "#4fc07a"}
NATION_DIM = {"wei": "#243a57", "wu": "#552a29", "shu": "#234a32"}  # panel tints per nation
ALLIANCE_COLOR = "#c58af0"


@dataclass(frozen=True)
class Table:
    """The view being drawn and the player names, with the seat lookups every part needs."""

    view: dict
    names: list[str]

    def player(self, seat: int) -> dict:
        for p in self.view.get("players", []):
            if p.get("seat") == seat:
                return p
        return {"seat": seat}

    def nation(self, seat: int) -> str:
        return str(self.player(seat).get("nation", ""))

    def color(self, seat: int) -> str:
        """The nation's colour; a seat colour only if the view names no nation."""
        return NATION_COLORS.get(self.nation(seat), seat_color(seat))

    def dim(self, seat: int) -> str:
        return NATION_DIM.get(self.nation(seat), PANEL)

    def nation_name(self, c: Canvas, seat: int) -> str:
        p = self.player(seat)
        return c.clean(str(p.get("nation_name") or p.get("nation", "")).strip()) or "?"

    def who(self, c: Canvas, seat: int) -> str:
        """'Alice (Wei 魏)': the player's name first, the nation to tell the colour's owner."""
        return f"{player_name(self.names, seat, c)} ({self.nation_name(c, seat)})"

    def short(self, c: Canvas, seat: int) -> str:
        """The nation alone, where the colour already says whose it is and room is short."""
        return self.nation_name(c, seat)

    def own(self, seat: int) -> bool:
        """Own-only fields are drawn for the viewer's own entry and nowhere else, so a stray
        hand in a public view still never reaches the image."""
        viewer = self.view.get("viewer")
        return viewer is not None and viewer == seat


def name_of(c: Canvas, value: object) -> str:
    """A name from the view (the engine gives English names), cleaned of what the fonts
    cannot draw."""
    return c.clean(str(value or ""))


def wrap(c: Canvas, text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Words broken into lines no wider than width (a single over-long word stays whole and
    is ellipsized when drawn)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and c.measure(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def text_lines(c: Canvas, x: float, y: float, text: str, width: float, size: int = BODY,
               color: str = TEXT, bold: bool = False) -> float:
    """Wrapped text; returns the y below the last line."""
    for line in wrap(c, text, size, width, bold):
        c.text(x, y, line, size, color, bold, max_width=width)
        y += size + 6
    return y


def boxed(c: Canvas, box: tuple[float, float, float], body: Callable[[Canvas, float], float],
          fill: str = PANEL, stripe: str | None = None, outline: str | None = None,
          pad: float = PAD) -> float:
    """A panel (x0, x1, top) sized by a dry run of its body, then the body drawn on top.
    The body receives the canvas and the y to start at, and returns the y it ended at."""
    x0, x1, y = box
    bottom = body(c.twin(), y + pad) + pad
    if c.dry:
        return bottom
    if stripe is not None:
        c.rect((x0, y, x1, bottom), fill=stripe)
        x0 += STRIPE_W
    c.rect((x0, y, x1, bottom), fill=fill, outline=outline, width=3)
    return body(c, y + pad) + pad
