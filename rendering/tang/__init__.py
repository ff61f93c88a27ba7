"""The Tang game's images (安史之乱), drawn from the view of games/tang/view.py only.

`overview` (front.py) is what a table sees after each phase: the headline, the round and 民生
tracks and the map with what changed. The parts (parts.py) are the details a player opens:
the players (a seat's own part with its hand and character pile), the tracks with the decks,
the full map zoomed with its legend and generals, and the final score. `battle` draws one
fought battle from `Game.finished_battle`'s record with its arithmetic (battle.py).
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.scene import Scene
from rendering.tang.battle import render_battle
from rendering.tang.front import overview
from rendering.tang.parts import PARTS, part


def battle(scene: Scene) -> Image.Image:
    """One battle, `scene.view` its record (`Game.finished_battle`)."""
    return render_battle(scene)


__all__ = ["PARTS", "battle", "overview", "part", "render_battle"]
