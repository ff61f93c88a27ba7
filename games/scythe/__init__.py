"""Scythe (base game, 2-5 players): the rules engine. Contract: docs/scythe-engine.md."""

from games.core import register
from games.scythe.game import ScytheGame

GAME = register(ScytheGame())

__all__ = ["GAME", "ScytheGame"]
