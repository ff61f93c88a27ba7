"""三國志 Record of the Three Kingdoms (2010), 2-5 players: the rules engine."""

from games.core import register
from games.record.game import RecordGame

GAME = register(RecordGame())

__all__ = ["GAME", "RecordGame"]
