"""Record of the Three Kingdoms (三國志): the table image (`table`) and the image of one
attack (`battle`), both drawn from the view of docs/record-view.md only."""

from __future__ import annotations

from rendering.record.battle import render_battle
from rendering.record.table import render_table

__all__ = ["render_battle", "render_table"]
