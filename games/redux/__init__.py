"""Three Kingdoms Redux (삼국지 리덕스), 3 players: the rules engine."""

from games.core import register
from games.redux.game import ReduxGame

GAME = register(ReduxGame())

__all__ = ["GAME", "ReduxGame"]
