"""The Tang-era strategy game (安史之乱, 2-8 players): the rules engine, registered as "tang"
(its images are rendering/tang, its progress docs/progress/tang.md)."""

from games.core import register
from games.tang.game import TangGame

GAME = register(TangGame())

__all__ = ["GAME", "TangGame"]
