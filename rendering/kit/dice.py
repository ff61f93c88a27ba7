"""A die drawn as a face with its pips, so a player checks a roll at a glance on a phone
(the Tang and wargame battle images draw every roll so). The pips sit on a 3 x 3 grid a
quarter of the face apart, as on a real die."""

from __future__ import annotations

from rendering.kit.canvas import Canvas
from rendering.kit.theme import CARD_FACE, DARK_TEXT

# A face's pips on the grid, (column, row) from the centre, -1 to 1.
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def die(c: Canvas, x: float, y: float, face: int, size: float, pip: float, radius: int,
        text_size: int) -> None:
    """A `size` square die face at (x, y), corners rounded by `radius`, with pips of radius
    `pip`; a face a die cannot show is written as a number at `text_size`."""
    c.rect((x, y, x + size, y + size), fill=CARD_FACE, outline=DARK_TEXT, width=2,
           radius=radius)
    pips = PIPS.get(face)
    if pips is None:
        c.text(x + size / 2, y + size / 2, str(face), text_size, DARK_TEXT, bold=True,
               anchor="mm")
        return
    for dx, dy in pips:
        c.dot(x + size / 2 + dx * size / 4, y + size / 2 + dy * size / 4, pip, DARK_TEXT)
