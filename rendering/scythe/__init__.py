"""Scythe: the board image, drawn from the view of docs/scythe-engine.md only.

`table` lays the page out; `map` draws the hexes and what stands on them, `mats` the players'
mats, `score` the final score, in the colours and names of `style`.
"""

from __future__ import annotations

from rendering.scythe.table import render_table

__all__ = ["render_table"]
