"""Pillow images of game views. Knows nothing of Discord, SQL or game rules.

Each game draws in a package of its own, named as the game is registered (`rendering.<game>`),
from a `Scene` (rendering/kit/scene.py). It exposes:

- `overview(scene)`: the image posted after each phase, made for phones: at most
  `OVERVIEW_MAX` pixels, its headline (round and phase, who is awaited, standings, what
  changed since `scene.before`) legible at 400 px display width;
- `PARTS` and `part(scene, name)`: the details a player opens on request (mats, panels,
  tracks); a part drawn from a seat's own view shows that seat's private panel;
- `battle(scene)`, for games with battle images: one battle, `scene.view` its record.

The drawing kit they share is `rendering.kit`. The games are found by that convention rather
than listed here, so adding a game touches only its folder.

Every function here is pure with respect to its arguments (the only shared state is the font
cache), so it may run concurrently in an executor; the entry points are module-level
functions so that a process pool can pickle them.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import Any

from PIL import Image

from rendering.kit.layout import OVERVIEW_HEIGHT, WIDTH
from rendering.kit.png import to_png
from rendering.kit.scene import Scene, Speech

KIT = "kit"
OVERVIEW_MAX = (WIDTH, OVERVIEW_HEIGHT)  # portrait at most 4:5, at most 2 megapixels


def render_overview(game: str, scene: Scene) -> bytes:
    """PNG of the table's overview."""
    return to_png(overview_image(game, scene))


def overview_image(game: str, scene: Scene) -> Image.Image:
    """The overview drawn, not yet encoded (`gm bench` times the two apart)."""
    return _drawer(game, "overview", "board")(scene)


def render_part(game: str, name: str, scene: Scene) -> bytes:
    """PNG of one of the game's `parts`; a ValueError names the parts it has."""
    if name not in parts(game):
        raise ValueError(f"{game} has no part {name!r} (parts: {', '.join(parts(game))})")
    return to_png(_drawer(game, "part", "part")(scene, name))


def render_battle_png(game: str, scene: Scene) -> bytes:
    """PNG of one battle (a view's "battle", or the engine's `Game.finished_battle`)."""
    return to_png(_drawer(game, "battle", "battle")(scene))


def parts(game: str) -> tuple[str, ...]:
    """The details a game draws on request, in the order it offers them."""
    if game not in _game_packages():
        return ()
    return tuple(getattr(importlib.import_module(f"rendering.{game}"), "PARTS", ()))


@cache
def _game_packages() -> tuple[str, ...]:
    """Every sub-package but the kit is a game's; shared modules (standings) are not packages,
    and a name that is no package here (a typo, a path) is never imported."""
    return tuple(sorted(m.name for m in pkgutil.iter_modules(__path__)
                        if m.ispkg and m.name != KIT))


def _drawer(game: str, function: str, what: str) -> Callable[..., Image.Image]:
    """The game's `function`, or a ValueError naming the games that have one."""
    found: Callable[..., Any] | None = None
    if game in _game_packages():
        found = getattr(importlib.import_module(f"rendering.{game}"), function, None)
    if found is None:
        known = [name for name in _game_packages()
                 if hasattr(importlib.import_module(f"rendering.{name}"), function)]
        raise ValueError(f"cannot draw a {what} for game {game!r} "
                         f"(drawable: {', '.join(known) or 'none'})")
    return found


__all__ = ["OVERVIEW_MAX", "Scene", "Speech", "overview_image", "parts", "render_battle_png",
           "render_overview", "render_part", "to_png"]
