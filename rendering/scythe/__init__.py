"""Scythe's images, drawn from the view of docs/scythe-engine.md only.

`overview` (front.py) is what a table sees after each turn: the headline and the map with
what changed. The parts (parts.py) are the details a player opens: the players' tracks and
cards, their mats, the full map with its legend, and the final score. `map` draws the hexes,
`mats` the panels, `score` the score sheet, `changes` compares two views, in the colours and
words of `style`.
"""

from __future__ import annotations

from rendering.scythe.front import overview
from rendering.scythe.parts import PARTS, part

__all__ = ["PARTS", "overview", "part"]
