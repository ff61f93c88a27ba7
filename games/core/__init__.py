"""The engine contract, shared by every game: actions, events, errors, the PRNG and agents."""

from games.core.actions import Action
from games.core.agents import HeuristicAgent, RandomAgent, make_agent
from games.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from games.core.events import Event
from games.core.game import Game, Option, Result, Score, State
from games.core.registry import all_games, get_game, register
from games.core.replay import replay
from games.core.rng import Rng, below_in, shuffle_in

__all__ = [
    "Action", "Event", "Game", "GameError", "HeuristicAgent", "IllegalAction",
    "MalformedAction", "NotYourTurn", "Option", "RandomAgent", "Result", "Rng", "Score",
    "State", "all_games", "below_in", "get_game", "make_agent", "register", "replay",
    "shuffle_in",
]
