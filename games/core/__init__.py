"""The engine contract, shared by every game: actions, events, errors, the PRNG, chance and
agents."""

from games.core.actions import Action
from games.core.agents import HeuristicAgent, RandomAgent, make_agent
from games.core.chance import CHANCE, ForcedOutcomeError, Pick, Roll, force, pick, roll, shuffle
from games.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from games.core.events import Event
from games.core.game import Game, Option, Result, Score, State
from games.core.registry import all_games, get_game, register
from games.core.replay import replay
from games.core.rng import Rng

__all__ = [
    "CHANCE", "Action", "Event", "ForcedOutcomeError", "Game", "GameError", "HeuristicAgent",
    "IllegalAction", "MalformedAction", "NotYourTurn", "Option", "Pick", "RandomAgent", "Result",
    "Rng", "Roll", "Score", "State", "all_games", "force", "get_game", "make_agent", "pick",
    "register", "replay", "roll", "shuffle",
]
