"""`gm simulate --game tang` before registration: bot/tools/simulate.py's own functions on the
engine object, every player count the spec allows (T0.4), with the figures the progress note
gives (game lengths, how games ended, win rates by camp). Run it as
`.venv/bin/python -m tests.games.tang.simulate_tang [games] [seed] [player counts...]`."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from statistics import mean

from bot.tools.simulate import play_game
from games.core import replay
from games.tang import GAME

AGENTS = ("heuristic", "random")


@dataclass
class Figures:
    players: int
    errors: list[str] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)
    ends: Counter[str] = field(default_factory=Counter)
    camp_games: Counter[str] = field(default_factory=Counter)
    camp_wins: Counter[str] = field(default_factory=Counter)
    kind_wins: Counter[str] = field(default_factory=Counter)
    camps_on: int = 0

    def line(self) -> str:
        rates = ", ".join(f"{c} {self.camp_wins[c] / n:.0%} of {n}"
                          for c, n in sorted(self.camp_games.items()))
        lengths = sorted(self.rounds) or [0]
        return (f"{self.players} players: errors {len(self.errors)}; rounds avg "
                f"{mean(lengths):.1f} (min {lengths[0]}, median {lengths[len(lengths) // 2]}); "
                f"ended {dict(self.ends)}; camp rule in effect {self.camps_on}; wins by AI "
                f"{dict(self.kind_wins)}; win rate by camp: {rates}")


def run(players: int, games: int, seed: int) -> Figures:
    """As bot.tools.simulate.simulate: the same seeds, agents alternating by seat, every
    action checked (invariants, secrets, JSON), the replay compared with the end state."""
    figures = Figures(players)
    for number in range(games):
        game_seed = seed * 100_003 + number
        kinds = [AGENTS[(number + i) % len(AGENTS)] for i in range(players)]
        try:
            state, log = play_game(GAME, players, {}, game_seed, kinds)
            if replay(GAME, players, {}, game_seed, log)[0] != state:
                raise AssertionError("replay differs from the played state")
        except Exception as error:  # a finding, reported with its seed
            figures.errors.append(f"seed {game_seed}: {type(error).__name__}: {error}")
            continue
        count(figures, state, kinds)
    return figures


def count(figures: Figures, state: dict, kinds: list[str]) -> None:
    result = GAME.result(state)
    assert result is not None
    figures.rounds.append(state["round"])
    figures.ends[state["over"]["reason"] if result.winners else
                 f"{state['over']['reason']}, no winner"] += 1
    figures.camps_on += bool(state["camp_rule"])
    camps = GAME.roles(state)["camp"]
    figures.camp_games.update(set(camps))
    figures.camp_wins.update({camps[s] for s in result.winners})
    figures.kind_wins.update(kinds[s] for s in result.winners)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    counts = [int(n) for n in sys.argv[3:]] or range(GAME.min_players, GAME.max_players + 1)
    for players in counts:
        figures = run(players, games, seed)
        print(figures.line(), flush=True)
        for error in figures.errors:
            print("  ERROR", error, flush=True)


if __name__ == "__main__":
    main()
