"""The Tang-era strategy game (安史之乱, 2-8 players): the rules engine.

Not registered yet (docs/progress/tang.md): registration in games/core/registry.py comes with
the renderer and the whole game. `GAME` is the engine, for tests and tools.
"""

from games.tang.game import TangGame

GAME = TangGame()

__all__ = ["GAME", "TangGame"]
