"""A campaign's standings as an image: rank, player, games, wins, points and average score,
the leader highlighted, the points rule written under the table.

The caller translates the labels (rendering reads no catalog) and passes them twice: in the
reader's language and in English. When no CJK font is installed a label that needs one is
drawn in English rather than as empty boxes, and player names lose only the glyphs that
cannot be drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields

from PIL import Image

from rendering.kit.canvas import Canvas, Page, draw_measured
from rendering.kit.fonts import is_cjk_char, resolve_cjk
from rendering.kit.layout import PAD, text_lines
from rendering.kit.png import to_png
from rendering.kit.theme import BODY, DARK_TEXT, GOLD, MUTED, PANEL, SMALL, TEXT, TILE, TITLE

WIDTH = 960
MARGIN = 24
ROW_H = 44
# (column, width); the player's column takes what is left.
COLUMNS = (("rank", 70), ("player", 0), ("games", 120), ("wins", 120), ("points", 130),
           ("average", 150))
FIXED_W = sum(w for _, w in COLUMNS)


@dataclass(frozen=True)
class Standing:
    """One line of a campaign's standings; `average` is None before a first game."""

    rank: int
    user_id: int
    name: str
    games: int
    wins: int
    points: float
    average: float | None

    @property
    def points_text(self) -> str:
        """Half points are the only fractions: "3", "2.5"."""
        return f"{self.points:g}"

    @property
    def average_text(self) -> str:
        return "-" if self.average is None else f"{self.average:.1f}"


@dataclass(frozen=True)
class StandingsLabels:
    """The words on the image, already translated: the column headings, the line shown when
    nobody has joined yet, and the points rule written under the table."""

    rank: str
    player: str
    games: str
    wins: str
    points: str
    average: str
    empty: str
    rule: str

    @classmethod
    def translated(cls, translate: Callable[[str], str]) -> StandingsLabels:
        """Every label as `translate(field name)` gives it, e.g. a catalog lookup."""
        return cls(**{f.name: translate(f.name) for f in fields(cls)})

    @property
    def headings(self) -> tuple[str, ...]:
        """The column headings, in the order of COLUMNS."""
        return self.rank, self.player, self.games, self.wins, self.points, self.average


def render_standings(name: str, subtitle: str, rows: list[Standing], labels: StandingsLabels,
                     english: StandingsLabels, *, cjk: bool | None = None) -> Image.Image:
    return draw_standings(name, subtitle, rows, labels, english, resolve_cjk(cjk))[0]


def standings_png(name: str, subtitle: str, rows: list[Standing], labels: StandingsLabels,
                  english: StandingsLabels) -> bytes:
    """Module-level, so a process pool can run it."""
    return to_png(render_standings(name, subtitle, rows, labels, english))


def draw_standings(name: str, subtitle: str, rows: list[Standing], labels: StandingsLabels,
                   english: StandingsLabels, cjk: bool) -> Page:
    """The image and every string drawn on it (tests read them)."""
    drawn = _drawable(labels, english, cjk)
    return draw_measured(WIDTH, cjk, lambda c: _page(c, name, subtitle, rows, drawn))


def _drawable(labels: StandingsLabels, english: StandingsLabels,
              cjk: bool) -> StandingsLabels:
    """The reader's labels, each one in English when this machine cannot draw its script."""
    if cjk:
        return labels
    chosen: dict[str, str] = {}
    for f in fields(StandingsLabels):
        label = getattr(labels, f.name)
        chosen[f.name] = getattr(english, f.name) if any(map(is_cjk_char, label)) else label
    return StandingsLabels(**chosen)


def _page(c: Canvas, name: str, subtitle: str, rows: list[Standing],
          labels: StandingsLabels) -> float:
    inner = WIDTH - 2 * MARGIN
    y: float = MARGIN
    c.text(MARGIN, y, c.clean(name) or "-", TITLE, GOLD, bold=True, max_width=inner)
    y += TITLE + 8
    c.text(MARGIN, y, c.clean(subtitle), BODY, MUTED, max_width=inner)
    y += BODY + 16
    c.rect((MARGIN, y, WIDTH - MARGIN, y + ROW_H), fill=PANEL, radius=6)
    _cells(c, y, list(labels.headings), SMALL, MUTED, bold=True)
    y += ROW_H
    if not rows:
        c.text(MARGIN + PAD, y + ROW_H / 2, labels.empty, BODY, MUTED, anchor="lm")
        y += ROW_H
    for index, row in enumerate(rows):
        _row(c, row, index, y)
        y += ROW_H
    y = text_lines(c, MARGIN, y + 12, labels.rule, inner,
                   SMALL, MUTED)
    return y + MARGIN


def _row(c: Canvas, row: Standing, index: int, y: float) -> None:
    leader = row.rank == 1 and row.games > 0
    if leader:
        c.rect((MARGIN, y + 2, WIDTH - MARGIN, y + ROW_H - 2), outline=GOLD, width=2,
               radius=6)
    elif index % 2 == 1:
        c.rect((MARGIN, y + 2, WIDTH - MARGIN, y + ROW_H - 2), fill=TILE, radius=6)
    values = [str(row.rank), c.clean(row.name) or f"#{row.rank}", str(row.games),
              str(row.wins), row.points_text, row.average_text]
    if leader:
        c.dot(MARGIN + COLUMNS[0][1] / 2, y + ROW_H / 2, ROW_H / 2 - 8, GOLD)
    _cells(c, y, values, BODY, TEXT, bold=leader, first=DARK_TEXT if leader else TEXT)


def _cells(c: Canvas, y: float, values: list[str], size: int, color: str, *,
           bold: bool = False, first: str | None = None) -> None:
    """One line of the table: the player's name left-aligned, every number centred."""
    x: float = MARGIN
    for (key, fixed), value in zip(COLUMNS, values, strict=True):
        width = fixed or _player_w()
        if key == "player":
            c.text(x + PAD, y + ROW_H / 2, value, size, color, bold, max_width=width - 2 * PAD,
                   anchor="lm")
        else:
            ink = first if key == "rank" and first else color
            c.text(x + width / 2, y + ROW_H / 2, value, size, ink, bold,
                   max_width=width - PAD, anchor="mm")
        x += width


def _player_w() -> float:
    return WIDTH - 2 * MARGIN - FIXED_W

