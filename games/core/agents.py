"""AI seats any game can use. An agent sees only its seat's view, never the full state, so
it cannot cheat; its own randomness is seeded so simulations are repeatable."""

from __future__ import annotations

import random

from games.core.actions import Action
from games.core.game import Game, State
from games.core.rng import Rng
from games.core.search import Budget, Search, greedy


class Agent:
    name = "agent"
    at_tables = True  # offered to a table's AI seats (`/game ai level:`)

    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def choose(self, game: Game, state: State, seat: int) -> Action:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions: the fuzzer of simulations."""

    name = "random"

    def choose(self, game: Game, state: State, seat: int) -> Action:
        return self.random.choice(game.legal_actions(state, seat))


class HeuristicAgent(Agent):
    """Greedy on the game's `action_score`, judged from the seat's own view; ties are broken
    at random so two heuristic seats do not mirror each other."""

    name = "heuristic"

    def choose(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        scored = [(game.action_score(view, seat, a), self.random.random(), a) for a in legal]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


class SearchAgent(Agent):
    """Searches before it plays (games/core/search.py), from its seat's view and legal
    actions alone. A decision with one legal action is played at once; a game without a
    determiniser (`Game.can_sample`) gets the heuristic's choice."""

    name = "search"
    # Not offered to tables: over seeded self-play it has not beaten the heuristic yet
    # (docs/engine-core.md, "Search"); simulations and the bench still pit it.
    at_tables = False

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()

    def choose(self, game: Game, state: State, seat: int) -> Action:
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        view = game.view(state, seat)
        rng = Rng(self.random.getrandbits(64))
        if not game.can_sample:
            return greedy(game, view, seat, legal, rng)
        return Search(game, view, seat, rng, self.budget).best(legal)


AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "heuristic": HeuristicAgent,
                                  "search": SearchAgent}


def make_agent(kind: str, seed: int = 0) -> Agent:
    return AGENTS[kind](seed)


def agent_kinds(game: Game) -> list[str]:
    """The AI kinds a table of `game` may seat: search only where the game samples."""
    return [kind for kind in AGENTS if kind != SearchAgent.name or game.can_sample]


def table_levels(game: Game) -> list[str]:
    """The AI kinds a table of `game` is offered: those that play at least as well as the
    heuristic, and that the game can run."""
    return [kind for kind in agent_kinds(game) if AGENTS[kind].at_tables]
