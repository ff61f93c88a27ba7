"""三国志演義 area wargame (三国志演義ウォーゲーム, 2-11 players): the rules engine, registered
as "wargame" (its images are rendering/wargame, its progress docs/progress/wargame.md)."""

from games.core import register
from games.wargame.game import WargameGame

GAME = register(WargameGame())

__all__ = ["GAME", "WargameGame"]
