"""The wargame's images (三国志演義 area wargame), drawn from the view of games/wargame/game.py
only.

`overview` (front.py) is what a table sees after each phase: the headline and the map with
what changed. The parts (parts.py) are the details a player opens: the nations (a seat's own
part with its draft, paused orders, battle plan and secret picks), the full map zoomed with its
legend and generals, a zoom on the areas that matter now, and the turn track with the cup, the
天命札 and the banked VP. `battle` draws one fought battle from `finished_battle`'s record
(battle.py).
"""

from __future__ import annotations

from PIL import Image

from rendering.kit.scene import Scene
from rendering.wargame.battle import render_battle
from rendering.wargame.front import overview
from rendering.wargame.parts import PARTS, part


def battle(scene: Scene) -> Image.Image:
    """One battle, `scene.view` its record (`WargameGame.finished_battle`)."""
    return render_battle(scene)


__all__ = ["PARTS", "battle", "overview", "part", "render_battle"]
