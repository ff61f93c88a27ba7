"""A map's name as every map draws it: on a dark plate, tied to its place's sign by a thin
line when it had to stand off (rendering.kit.labels says where). The plate and its name are
one sprite, so the reusing canvas pastes a name a board shows again in one go."""

from __future__ import annotations

import math

from rendering.kit.canvas import Canvas
from rendering.kit.theme import BG, MUTED

Box = tuple[float, float, float, float]
RADIUS = 5
SPILL = 6  # px under the plate a descender may reach (the CJK font's Latin letters' do)


def name_plate(c: Canvas, text: str, box: Box, far: float, sign: tuple[float, float],
               ink: str, size: int) -> None:
    """`text` at `size` in `ink` on its plate `box`; when it stands `far` off, a line from
    its sign's centre `sign` to the plate's nearest point."""
    lx, ly, rx, by = box
    if far:
        cx, cy = sign
        c.line([(cx, cy), (min(max(cx, lx), rx), min(max(cy, ly), by))], MUTED, 2)
    c.sprite(lx, ly, (math.ceil(rx - lx) + 2, math.ceil(by - ly) + SPILL), _plate, text,
             rx - lx, by - ly, ink, size)


def _plate(c: Canvas, x: float, y: float, text: str, w: float, h: float, ink: str,
           size: int) -> None:
    """The plate w x h from (x, y) and its name in the middle."""
    c.rect((x, y, x + w, y + h), fill=BG, radius=RADIUS)
    c.text(x + w / 2, y + h / 2 + 1, text, size, ink, bold=True, anchor="mm")
