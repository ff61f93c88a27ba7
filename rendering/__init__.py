"""Pillow images of game views. Knows nothing of Discord, SQL or game rules.

Each game draws in a package of its own, named as the game is registered (`rendering.<game>`):
it exposes `render_table(view, names)` and, if the game has battle images,
`render_battle(battle, names)`. The drawing kit they share is `rendering.kit`. The games are
found by that convention rather than listed here, so adding a game touches only its folder.

Every function here is pure with respect to its arguments (the only shared state is the font
cache), so it may run concurrently in an executor; the two entry points are module-level
functions so that a process pool can pickle them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache

from PIL import Image

from rendering.kit.png import to_png

Renderer = Callable[[dict, list[str]], Image.Image]
KIT = "kit"


def render_board(game: str, view: dict, names: list[str]) -> bytes:
    """PNG of the table for a game's view (public or a seat's own)."""
    return to_png(_renderer(game, "render_table", "board")(view, names))


def render_battle_png(game: str, battle: dict, names: list[str]) -> bytes:
    """PNG of one battle (a view's "battle", or the engine's `Game.finished_battle`)."""
    return to_png(_renderer(game, "render_battle", "battle")(battle, names))


@cache
def _game_packages() -> tuple[str, ...]:
    """Every sub-package but the kit is a game's; shared modules (standings) are not packages,
    and a name that is no package here (a typo, a path) is never imported."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)
                        if m.ispkg and m.name != KIT))


def _renderer(game: str, function: str, what: str) -> Renderer:
    """The game's `function`, or a ValueError naming the games that have one."""
    found: Renderer | None = None
    if game in _game_packages():
        found = getattr(importlib.import_module(f"rendering.{game}"), function, None)
    if found is None:
        known = [name for name in _game_packages()
                 if hasattr(importlib.import_module(f"rendering.{name}"), function)]
        raise ValueError(f"cannot draw a {what} for game {game!r} "
                         f"(drawable: {', '.join(known) or 'none'})")
    return found


__all__ = ["render_battle_png", "render_board", "to_png"]
