"""Pillow images of game views. Knows nothing of Discord, SQL or game rules.

Every function here is pure with respect to its arguments (the only shared state is the
font cache), so it may run concurrently in an executor.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from rendering import record, redux, scythe
from rendering.png import to_png

TableRenderer = Callable[[dict, list[str]], Image.Image]

TABLES: dict[str, TableRenderer] = {"record": record.render_table, "redux": redux.render_table,
                                    "scythe": scythe.render_table}
BATTLES: dict[str, TableRenderer] = {"record": record.render_battle}


def _renderer(registry: dict[str, TableRenderer], game: str, what: str) -> TableRenderer:
    try:
        return registry[game]
    except KeyError:
        known = ", ".join(sorted(registry)) or "none"
        raise ValueError(f"cannot draw a {what} for game {game!r} (drawable: {known})") from None


def render_board(game: str, view: dict, names: list[str]) -> bytes:
    """PNG of the table for a game's view (public or a seat's own)."""
    return to_png(_renderer(TABLES, game, "board")(view, names))


def render_battle_png(game: str, battle: dict, names: list[str]) -> bytes:
    """PNG of one battle (a view's "battle" or "last_battle")."""
    return to_png(_renderer(BATTLES, game, "battle")(battle, names))


__all__ = ["render_battle_png", "render_board", "to_png"]
