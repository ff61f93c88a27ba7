"""What every part of the Three Kingdoms Redux image shares: nation colours, how seats and
names are written, the Table the parts draw from (layout: rendering/panels.py).

A nation keeps one colour on every part of the image (Wei blue, Wu red, Shu green, the
colours players know from the box), so a glance at a bid, a region or a track tells whose it
is.
"""

from __future__ import annotations

from dataclasses import dataclass

from rendering.kit.canvas import Canvas
from rendering.kit.theme import PANEL, seat_color
from rendering.kit.views import player_name

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


