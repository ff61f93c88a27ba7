"""AI-vs-AI games that check the engine after every action: the invariants the game declares,
no secret in a view that may not see it, JSON-clean state, replay equal to the final state."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
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
    agent_games: Counter[str] = field(default_factory=Counter)  # "search", "search at seat 1"
    agent_wins: Counter[str] = field(default_factory=Counter)

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
            *self._agent_lines(),
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

    def _agent_lines(self) -> list[str]:
        """Win rate per AI kind, then per kind and seat (seats rotate between kinds), when
        the run seats more than one kind; a shared win counts for each winner."""
        kinds = sorted(k for k in self.agent_games if " at seat " not in k)
        if len(kinds) < 2:
            return []

        def rates(names: list[str]) -> str:
            return ", ".join(f"{name}: {self.agent_wins[name] / self.agent_games[name]:.1%} "
                             f"({self.agent_wins[name]} of {self.agent_games[name]})"
                             for name in names)

        by_seat = sorted((k for k in self.agent_games if " at seat " in k),
                         key=lambda k: (k.split(" at seat ")[0], int(k.split(" at seat ")[1])))
        return [f"win rate by agent: {rates(kinds)}",
                f"win rate by agent and seat: {rates(by_seat)}"]

    def count(self, game: Game, state: State, actions: int, kinds: list[str] | None = None
              ) -> None:
        """Add one finished game to the figures; `kinds` are the agents by seat."""
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
        for seat, kind in enumerate(kinds or []):
            self.agent_games.update([kind, f"{kind} at seat {seat + 1}"])
            if seat in result.winners:
                self.agent_wins.update([kind, f"{kind} at seat {seat + 1}"])


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
    """Secrets are matched as whole JSON strings, so "battle:2" is not found in "battle:22".
    A circular state or view fails as a RecursionError instead of json's own ValueError."""
    broken = game.invariants(state)
    if broken:
        raise AssertionError("; ".join(broken))
    json.dumps(state, check_circular=False)
    secrets = {owner: [secret_of(s) for s in hidden]
               for owner, hidden in game.secrets(state).items()}
    wanted = {s.plain for hidden in secrets.values() for s in hidden if s.plain is not None}
    for viewer in [None, *range(players)]:
        shown = ViewText(json.dumps(game.view(state, viewer), ensure_ascii=False,
                                    check_circular=False), wanted)
        for owner, hidden in secrets.items():
            if owner == viewer:
                continue
            leaked = [secret.value for secret in hidden if shown.shows(secret)]
            if leaked:
                who = "the public view" if viewer is None else f"seat {viewer + 1}'s view"
                raise AssertionError(f"seat {owner + 1}'s secret {leaked[0]} is in {who}")


# An encoded secret with no quote or backslash inside, whose first character never follows a
# closing quote in json.dumps' text (", " and ": " separate, "]" and "}" close)
_PLAIN = re.compile(r'"([^"\\,:\]}][^"\\]*)"')
_STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"')  # a JSON string token, escapes kept


@dataclass(frozen=True)
class Secret:
    """A secret as JSON text (`encoded`), and its text between the quotes when it is plain."""
    value: Any
    encoded: str
    plain: str | None


@functools.lru_cache(maxsize=65_536, typed=True)
def secret_of(value: Any) -> Secret:
    """Cached: the same card ids are secrets after action upon action."""
    encoded = json.dumps(value, ensure_ascii=False)
    match = _PLAIN.fullmatch(encoded)
    return Secret(value, encoded, match.group(1) if match else None)


class ViewText:
    """A view's JSON text (json.dumps' default separators), read once into its string tokens
    so that a plain secret is a set lookup, not a search of the whole text: every secret was
    searched for in every view after every action, the larger part of a checked game's time.
    `shows` answers exactly what `secret.encoded in text` answers for every secret whose
    plain text is among `wanted`, and for every secret that is not plain."""

    def __init__(self, text: str, wanted: set[str]) -> None:
        self.text = text
        if '\\"' in text:
            tokens = _STRING.findall(text)
            self.quoting = [t for t in tokens if '\\"' in t]
        else:  # no escaped quote: every quote opens or closes a string, and splitting is fast
            tokens = text.split('"')[1::2]
            self.quoting = []
        self.found = wanted.intersection(tokens)

    def shows(self, secret: Secret) -> bool:
        """A plain secret's match can only start at a token's opening quote (the token is
        the secret) or at an escaped quote inside a token (the token ends with that quote
        and the secret): a closing quote is never followed by its first character. Any
        other secret is searched for in the whole text."""
        if secret.plain is None:
            return secret.encoded in self.text
        if secret.plain in self.found:
            return True
        return bool(self.quoting) and any(t.endswith('\\"' + secret.plain)
                                          for t in self.quoting)


def simulate(game: Game, players: int, games: int, seed: int, options: dict[str, Any],
             agents: tuple[str, ...] = ("heuristic", "random"), jobs: int = 1) -> Summary:
    """Play `games` games; agents alternate by seat so both kinds meet every seat. A seat
    count the game does not allow is refused at once (ValueError), not found by each game.
    With `jobs` > 1 the games are spread over that many processes; the summary is the one
    a single process gives (each game has its own seed, results are counted in game order)."""
    if not game.min_players <= players <= game.max_players:
        raise ValueError(f"{game.name} is for {game.min_players}-{game.max_players} players, "
                         f"not {players}")
    if games < 1 or not agents:
        raise ValueError("simulate needs at least one game and one AI kind")
    if jobs < 1:
        raise ValueError(f"simulate needs at least one process, not {jobs}")
    summary = Summary()
    table = Table(game, players, options, seed, agents)
    for number, (state, actions, error) in enumerate(_played(table, games, jobs)):
        summary.games += 1
        if error is not None:
            summary.errors.append(error)
        else:
            summary.count(game, state, actions, table.kinds(number))
    return summary


@dataclass(frozen=True)
class Table:
    """What every game of a run shares; sent whole to each worker process."""
    game: Game
    players: int
    options: dict[str, Any]
    seed: int
    agents: tuple[str, ...]

    def kinds(self, number: int) -> list[str]:
        """The AI kind of each seat in game `number`: the kinds rotate by seat and game."""
        return [self.agents[(number + i) % len(self.agents)] for i in range(self.players)]

    def play(self, number: int) -> tuple[State, int, str | None]:
        """Game `number` checked and replayed: its final state and length, or the error that
        stopped it (any crash is a finding, reported with its seed)."""
        game_seed = self.seed * 100_003 + number
        try:
            state, log = play_game(self.game, self.players, self.options, game_seed,
                                   self.kinds(number))
            replayed, _ = replay(self.game, self.players, self.options, game_seed, log)
            if replayed != state:
                raise AssertionError("replay differs from the played state")
        except Exception as error:
            return {}, 0, f"game {number} (seed {game_seed}): {type(error).__name__}: {error}"
        return state, len(log), None


def _played(table: Table, games: int, jobs: int) -> Iterator[tuple[State, int, str | None]]:
    """The games' outcomes in game order, played here or by a pool of `jobs` processes."""
    if jobs == 1:
        yield from map(table.play, range(games))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(table.play, range(games))
