"""AI-vs-AI games that check the engine after every action: the invariants the game declares,
no secret in a view that may not see it, JSON-clean state, replay equal to the final state."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from games.core import Action, Game, State, make_agent, replay

MAX_ACTIONS = 20_000


@dataclass
class Summary:
    games: int = 0
    errors: list[str] = field(default_factory=list)
    length_unit: str = "rounds"
    lengths: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    wins: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    role_games: dict[str, Counter[str]] = field(default_factory=dict)  # kind -> role -> n
    role_wins: dict[str, Counter[str]] = field(default_factory=dict)

    def lines(self) -> list[str]:
        wins = ", ".join(f"seat {s + 1}: {n}" for s, n in sorted(self.wins.items()))
        reasons = ", ".join(f"{r}: {n}" for r, n in self.reasons.most_common())
        return [
            f"games: {self.games}",
            f"errors: {len(self.errors)}",
            self._length_line(),
            f"average actions: {mean(self.actions):.0f}" if self.actions else "",
            f"wins by seat (shared wins count for each): {wins}",
            f"end conditions met (a game may meet several): {reasons}",
            *(self._role_line(kind) for kind in self.role_games),
            *(f"ERROR {e}" for e in self.errors[:20]),
        ]

    def _length_line(self) -> str:
        if not self.lengths:
            return f"average {self.length_unit}: -"
        ordered = sorted(self.lengths)
        return (f"average {self.length_unit}: {mean(ordered):.1f} (shortest {ordered[0]}, "
                f"median {ordered[len(ordered) // 2]}, longest {ordered[-1]})")

    def _role_line(self, kind: str) -> str:
        """Win rate per role of one kind; a shared win counts for each winner."""
        games, wins = self.role_games[kind], self.role_wins[kind]
        rates = ", ".join(f"{name}: {wins[name] / played:.0%} of {played}"
                          for name, played in sorted(games.items()))
        return f"win rate by {kind}: {rates}"

    def count(self, game: Game, state: State, actions: int) -> None:
        """Add one finished game to the figures."""
        result = game.result(state)
        if result is None:
            raise ValueError("only a finished game is counted")
        self.length_unit, length = game.length(state)
        self.lengths.append(length)
        self.actions.append(actions)
        self.wins.update(result.winners)
        self.reasons.update(str(result.reason).split("; "))  # each end condition that was met
        for kind, roles in game.roles(state).items():
            self.role_games.setdefault(kind, Counter()).update(roles)
            self.role_wins.setdefault(kind, Counter()).update(roles[s] for s in result.winners)


def play_game(game: Game, players: int, options: dict[str, Any], seed: int,
              agents: list[str], check: bool = True) -> tuple[State, list[tuple[int, Action]]]:
    """One complete AI game; raises AssertionError naming the broken check."""
    state = game.setup(players, options, seed)
    seated = [make_agent(kind, seed=seed * 31 + i) for i, kind in enumerate(agents)]
    log: list[tuple[int, Action]] = []
    while game.result(state) is None:
        if len(log) >= MAX_ACTIONS:
            raise AssertionError(f"no end after {MAX_ACTIONS} actions")
        due = sorted(game.to_act(state))
        if not due:
            raise AssertionError(f"nobody to act in phase {game.phase(state)}")
        seat = due[0]
        action = seated[seat].choose(game, state, seat)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
        if check:
            check_state(game, state, players)
    return state, log


def check_state(game: Game, state: State, players: int) -> None:
    """Secrets are matched as whole JSON strings, so "battle:2" is not found in "battle:22"."""
    broken = game.invariants(state)
    if broken:
        raise AssertionError("; ".join(broken))
    json.dumps(state)
    secrets = game.secrets(state)
    for viewer in [None, *range(players)]:
        text = json.dumps(game.view(state, viewer), ensure_ascii=False)
        for owner, hidden in secrets.items():
            if owner == viewer:
                continue
            leaked = [s for s in hidden if json.dumps(s, ensure_ascii=False) in text]
            if leaked:
                who = "the public view" if viewer is None else f"seat {viewer + 1}'s view"
                raise AssertionError(f"seat {owner + 1}'s secret {leaked[0]} is in {who}")


def simulate(game: Game, players: int, games: int, seed: int, options: dict[str, Any],
             agents: tuple[str, ...] = ("heuristic", "random")) -> Summary:
    """Play `games` games; agents alternate by seat so both kinds meet every seat. A seat
    count the game does not allow is refused at once (ValueError), not found by each game."""
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players}-{game.max_players} players, "
                         f"not {players}")
    if games < 1 or not agents:
        raise ValueError("simulate needs at least one game and one AI kind")
    summary = Summary()
    for number in range(games):
        game_seed = seed * 100_003 + number
        kinds = [agents[(number + i) % len(agents)] for i in range(players)]
        summary.games += 1
        try:
            state, log = play_game(game, players, options, game_seed, kinds)
            replayed, _ = replay(game, players, options, game_seed, log)
            if replayed != state:
                raise AssertionError("replay differs from the played state")
        except Exception as error:  # any crash is a finding, reported with its seed
            summary.errors.append(f"game {number} (seed {game_seed}): "
                                  f"{type(error).__name__}: {error}")
            continue
        summary.count(game, state, len(log))
    return summary
