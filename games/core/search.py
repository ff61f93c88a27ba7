"""The search AI: information-set Monte Carlo tree search over determinisations (single-
observer ISMCTS, Cowling, Powley and Whitehouse 2012), with the game's heuristic as its
rollout policy and its prior.

The agent never reads the hidden parts of the true state: it takes its seat's view and legal
actions, and every iteration plays on a determinisation, a full state the game samples from
that view (`Game.sample`), so each iteration also draws the other hands and the chance to
come. The tree is keyed by actions (who played which action text), shared by every
determinisation: a node's children are the actions legal in the current one, chosen by UCB
over availability counts (how often a child could have been chosen, not how often its parent
was visited); each seat chooses for its own value (max^n). A child is expanded in the order of
the heuristic's `action_score`, one per iteration; a rollout then plays the heuristic, greedy
with a little noise, for a bounded number of actions, and `Game.values` judges the table it
reaches. The most visited action at the root is played.

Deterministic: one seed and one budget in iterations give the same choice (every draw comes
from a SplitMix64 seeded by the agent); a time budget caps play and is left out of tests and
simulations."""

from __future__ import annotations

import math
import pickle
import time
from dataclasses import dataclass
from typing import Any

from games.core.actions import Action
from games.core.game import Game, State
from games.core.rng import Rng

Key = tuple[int, str]  # (seat, action text): a tree edge, the same in every determinisation


@dataclass(frozen=True)
class Budget:
    """What one decision may spend. `iterations` is the budget that makes a choice
    repeatable; `seconds`, when set, stops the search earlier for a table that must not wait.
    `depth` is how many actions a rollout plays past the tree before the values judge it;
    either left None is the game's own (`Game.search_iterations`, `Game.search_depth`, sized
    to a second a decision). `noise` is the share of rollout actions drawn uniformly instead
    of greedily (two greedy seats would otherwise replay one line); `exploration` UCB's
    constant for values in [0, 1]; `bias` the progressive bias toward the heuristic's
    favourite, `bias / (visits + 1)` added to its UCB, so that a few noisy rollouts do not
    outvote the heuristic (without it, 60 iterations on Record left its choice in two
    thirds of the decisions, on differences the rollouts could not tell from noise, and lost
    to it 23 games to 27 of 50)."""

    iterations: int | None = None
    depth: int | None = None
    seconds: float | None = None
    noise: float = 0.1
    exploration: float = 0.7
    bias: float = 1.0


class Node:
    """One edge's statistics: `seat` chose the action that leads here, and `reward` sums that
    seat's values over the `visits` that went through it; `available` counts the visits to
    the parent where this action was legal, which UCB's exploration term reads. `prior`
    holds the heuristic's score of each action tried from here, by text, scored once in the
    determinisation that first reached the node (a heuristic may cost milliseconds an action,
    and the root's view, the seat's own, is the same in every determinisation)."""

    __slots__ = ("seat", "visits", "reward", "available", "children", "prior")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.children: dict[Key, Node] = {}
        self.prior: dict[str, float] = {}

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits)


def greedy(game: Game, view: dict[str, Any], seat: int, legal: list[Action],
           rng: Rng) -> Action:
    """The heuristic's pick: the best `action_score`, ties broken at random."""
    return max(legal, key=lambda a: (game.action_score(view, seat, a), rng.next_u64()))


class Search:
    """One decision's tree, grown from the seat's view alone."""

    def __init__(self, game: Game, view: dict[str, Any], seat: int, rng: Rng,
                 budget: Budget) -> None:
        self.game, self.view, self.seat, self.rng, self.budget = game, view, seat, rng, budget
        self.iterations = game.search_iterations if budget.iterations is None \
            else budget.iterations
        self.depth = game.search_depth if budget.depth is None else budget.depth
        self.root = Node(seat)

    def best(self, legal: list[Action]) -> Action:
        """The most visited of the seat's legal actions (those of the true state, which
        are the sample's) after the budget is spent."""
        stop = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        for _ in range(self.iterations):
            self.iterate()
            if stop is not None and time.perf_counter() >= stop:
                break
        visits = {key[1]: child.visits for key, child in self.root.children.items()}
        return max(legal, key=lambda a: visits.get(a.text, -1))

    def iterate(self) -> None:
        """One determinisation: down the tree, one new edge, a rollout, the values back up."""
        state = own_copy(self.game.sample(self.view, self.seat, self.rng))
        path = [self.root]
        seat: int | None = self.seat
        while seat is not None:
            node = path[-1]
            legal = self.game.legal_actions(state, seat)
            action, expanded = self.select(node, state, seat, legal)
            self.game._apply(state, seat, action)
            path.append(node.children[(seat, action.text)])
            if expanded:
                break
            seat = next_seat(self.game, state)
        values = self.rollout(state)
        for node in path[1:]:
            node.visits += 1
            node.reward += values[node.seat]

    def select(self, node: Node, state: State, seat: int,
               legal: list[Action]) -> tuple[Action, bool]:
        """The action to follow from `node` and whether it is a new edge: the untried action
        the heuristic likes best, else the tried one with the best UCB. Every tried child
        legal here counts one more availability."""
        untried, tried = [], []
        for action in legal:
            child = node.children.get((seat, action.text))
            if child is None:
                untried.append(action)
            else:
                child.available += 1
                tried.append((child, action))
        if untried:
            action = self.favourite(node, state, seat, untried)
            node.children[(seat, action.text)] = Node(seat)
            return action, True
        exploration, bias = self.budget.exploration, self.budget.bias
        favourite = max(tried, key=lambda pair: node.prior[pair[1].text])[0]
        return max(tried, key=lambda pair: pair[0].ucb(exploration) + (
            bias / (pair[0].visits + 1) if pair[0] is favourite else 0.0))[1], False

    def favourite(self, node: Node, state: State, seat: int, untried: list[Action]) -> Action:
        """The untried action the heuristic scores best (its prior: the order of
        expansion), ties broken at random; only actions the node never scored are scored."""
        unscored = [a for a in untried if a.text not in node.prior]
        if unscored:
            view = self.game.view(state, seat)
            for action in unscored:
                node.prior[action.text] = self.game.action_score(view, seat, action)
        return max(untried, key=lambda a: (node.prior[a.text], self.rng.next_u64()))

    def rollout(self, state: State) -> list[float]:
        """The heuristic plays on (one action in `noise` drawn at random) for `depth`
        actions or to the end; the values of the table it reaches."""
        noise = int(self.budget.noise * 1_000)
        for _ in range(self.depth):
            seat = next_seat(self.game, state)
            if seat is None:
                break
            legal = self.game.legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            elif self.rng.below(1_000) < noise:
                action = self.rng.choice(legal)
            else:
                action = greedy(self.game, self.game.view(state, seat), seat, legal, self.rng)
            self.game._apply(state, seat, action)
        return self.game.values(state)


def next_seat(game: Game, state: State) -> int | None:
    """Who acts next in a simulated game (the lowest seat that owes a decision, as the
    simulations order simultaneous choices); None once the game is over."""
    if game.result(state) is not None:
        return None
    due = game.to_act(state)
    return min(due) if due else None


def own_copy(state: State) -> State:
    """A sample the search may change in place: it plays each simulated action straight on
    the state (`Game._apply`) rather than through `apply`'s copy per action, and a sampler
    may share pieces of its state with the view or the game's data."""
    copied: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copied
