"""Three Kingdoms Redux: the board image, drawn from the view of docs/redux-engine.md only.

`table` lays the page out; `actions`, `tracks`, `players` and `score` draw its parts, in the
colours and names of `style`.
"""

from __future__ import annotations

from rendering.redux.table import render_table

__all__ = ["render_table"]
