"""The engine contract every game implements (see DESIGN.md, "The rules engine contract").

State is a plain JSON-serialisable dict owned by the engine; callers treat it as opaque except
for the keys documented here: "seed", "rng" (the PRNG state) and "players" (the seat count is
`len(state["players"])`). `apply` never mutates its input: it works on a copy and returns it,
so a refused action leaves the caller's state exactly as it was.
"""

from __future__ import annotations

import pickle
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.actions import Action
from games.core.errors import IllegalAction, NotYourTurn
from games.core.events import Event
from games.core.messages import Said, msg, said_json
from games.core.packs import PackFormat
from games.core.references import Reference
from games.core.rng import Rng

State = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """A table option (advanced rules, a variant). `choices` is None for a yes/no flag.

    A player reads what it does from the game's catalog, key `<game>.option.<name>`
    (`games/<game>/locales/options.toml`, five languages, worded by bot/service/options.py);
    `description` is the developer's note beside the code, shown only for a game whose
    catalog has no such key yet."""

    name: str
    description: str
    default: Any = False
    choices: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class Score:
    """One seat's final score with every category, and the values that break ties."""

    seat: int
    total: int
    categories: dict[str, int]
    tiebreak: tuple[int, ...] = ()
    shown: str = ""  # the total as players read it, when it is not whole (Tang's "20.5")


@dataclass(frozen=True)
class Result:
    """Final scores, best first; `winners` holds several seats when the victory is shared."""

    scores: list[Score]
    winners: list[int]
    reason: Said
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {
            "scores": [
                {"seat": s.seat, "total": s.total, "categories": s.categories,
                 "tiebreak": list(s.tiebreak), **({"shown": s.shown} if s.shown else {})}
                for s in self.scores
            ],
            "winners": self.winners,
            "reason": said_json(self.reason),
            "details": self.details,
        }


@dataclass(frozen=True)
class PrivateGroup:
    """Seats that may consult in private now. `purpose` names this occasion uniquely within
    the game (e.g. "council 3"): one private thread per purpose, closed to talk once the game
    no longer lists it; `chooser` is the seat whose decision the group talks over, if any."""

    purpose: str
    seats: tuple[int, ...]
    chooser: int | None = None


class Game(ABC):
    """A rules engine. Subclasses implement the underscored hooks; the public methods add the
    checks that every game shares (turn, legality, copy-on-write)."""

    name: str  # registry key, e.g. "record"; also names its renderer, rendering/<name>/
    title: str  # e.g. "Record of the Three Kingdoms (三國志)"
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    # Capabilities beyond the contract, each declared here so that no layer names a game:
    # its own extra slash commands live in the cog `cogs/<name>.py`;
    extra_commands: bool = False
    # a group may replace its designed data with their printed values (games/core/packs.py).
    packs: PackFormat | None = None
    # The search AI's budget per decision (games/core/search.py) where the game samples:
    # iterations, and the actions each rollout plays before `values` judges it; sized so
    # that a decision takes about a second at most on this machine (`gm bench`).
    search_iterations: int = 60
    search_depth: int = 20

    # -- the contract -------------------------------------------------------------------
    def setup(self, seats: int, options: dict[str, Any], seed: int) -> State:
        """A complete state for `seats` players; all randomness seeded from `seed`."""
        return self.begin(seats, options, seed)[0]

    @abstractmethod
    def begin(self, seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        """`setup`, with what it told: its shuffles and random draws (games.core.chance) and
        the first deals, public or for their seats only. They open the table's log."""

    @abstractmethod
    def to_act(self, state: State) -> set[int]:
        """Seats that owe a decision now (several for secret simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action `seat` may take now; empty when it owes nothing."""

    @abstractmethod
    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """Validate and apply to `state` in place (a private copy); raise GameError to refuse.

        Validation must come before the first mutation, or the copy is simply discarded."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` may see; `None` is the public view. The only exit for hidden data.

        The view's shape is the game's own (its renderer and its extra cog read it). A thing
        this seat may not see is left out (a count stands for it) or, where it is shown in
        place, is the dict `{"hidden": True}` (rendering/kit/views.is_hidden): never its id."""

    @abstractmethod
    def result(self, state: State) -> Result | None:
        """Final scores once the game is over, else None."""

    @abstractmethod
    def phase(self, state: State) -> str:
        """A short label of the current phase; the service posts a board when it changes."""

    def round(self, state: State) -> int | None:
        """The round, for tables that want one board per round (None: the game has no
        rounds, and such a table gets a board after every phase)."""
        return None

    @abstractmethod
    def summary(self, view: dict[str, Any]) -> Said | Sequence[Said]:
        """A view in words, a line each (the terminal, `/game status`, `/game hand`)."""

    def standings(self, state: State) -> Result:
        """Scores as if the game ended now, for a moderator's scored early end."""
        raise IllegalAction(msg("engine.no_early_score"))

    def factions(self, state: State) -> list[str]:
        """The faction each seat plays (a nation, a lord), for statistics by faction; empty
        when the game has none."""
        return []

    def roles(self, state: State) -> dict[str, list[str]]:
        """What each seat plays, by kind ("faction", a player mat), for win rates by role in
        simulations; by default the factions."""
        factions = self.factions(state)
        return {"faction": factions} if factions else {}

    def length(self, state: State) -> tuple[str, int]:
        """How far a game went, in the game's own unit, for simulation statistics."""
        return "rounds", state.get("round", 0)

    def prompt(self, state: State, seat: int) -> Said:
        """What `seat` is being asked to decide (turn prompts, reminders)."""
        return msg("engine.your_turn") if seat in self.to_act(state) else ""

    def finished_battle(self, state: State) -> dict[str, Any] | None:
        """The public record of the battle that finished last, for games that draw battles
        (`render_battle` in rendering/<name>/): the bot posts its image when the record
        changes between two states. None for games without battle images."""
        return None

    def references(self) -> list[Reference]:
        """The things of the game's data a player may look up by name (games/core/
        references.py); the names of its names catalog are found without them."""
        return []

    def private_groups(self, state: State) -> list[PrivateGroup]:
        """Seats that may consult privately right now (allies before a joint choice); the
        bot opens a private thread for a group on request. Empty for most games."""
        return []

    @property
    def has_private_groups(self) -> bool:
        """Whether the game ever forms private groups (it overrides `private_groups`): a
        player asking for one in a game that has none learns so, not that it is not now."""
        return type(self).private_groups is not Game.private_groups

    def orders_draft(self, state: State, seat: int) -> str | None:
        """For a game that takes a whole step as typed orders, one per line (a batch): the
        text `seat`'s orders form starts with (its unfinished draft, else "") when it may
        give one now; None when it may not (most games, most moments). The bot then offers
        a form beside the turn's buttons and plays what is written as `orders_action`."""
        return None

    def orders_action(self, text: str) -> Action | None:
        """The action that gives `text`, the orders form's lines, as one batch; None for a
        game without typed orders. The batch is validated as any action is, by `apply`."""
        return None

    def window(self, state: State) -> bool:
        """Whether the step on top is a response window: seats are asked whether to react
        out of turn, and whether one can answer depends on what only it knows (its hand).
        The bot then names nobody in public for it, answers the pass of a seat whose only
        answer is that pass when the window's time is up, and asks the others privately; a
        step that is no window and leaves a seat nothing but its pass is answered for it at
        once (docs/play-by-post.md, "Nobody waits on a seat that cannot act")."""
        return False

    def awaited(self, state: State) -> set[int]:
        """The seats the table is shown awaiting (a board's headline, the "waiting for" a
        player pressing out of turn reads): `to_act`, unless a seat owes a decision the
        others may not know of (a private offer's answer), where the game names the seats
        the table would see awaited had there been none."""
        return self.to_act(state)

    def only_pass(self, state: State, seat: int) -> Action | None:
        """The seat's pass when it is the seat's one legal answer (`skip_action`), else None:
        a decision with nothing to decide."""
        legal = self.legal_actions(state, seat)
        if len(legal) == 1 and legal[0] == self.skip_action(state, seat):
            return legal[0]
        return None

    def skip_action(self, state: State, seat: int) -> Action | None:
        """What `seat` plays when its turn deadline passed under the `skip` policy: a legal
        pass where the rules offer one; None when the rules make the seat decide (the table
        then waits for it)."""
        return next((a for a in self.legal_actions(state, seat) if a.kind == "pass"), None)

    def action_score(self, view: dict[str, Any], seat: int, action: Action) -> float:
        """Heuristic value of an action for AI seats, from the seat's own view only."""
        return 0.0

    def invariants(self, state: State) -> list[str]:
        """Broken invariants (tokens not conserved, a card in two places), in words; empty
        when all hold. Simulations and property tests call this after every action."""
        return []

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        """A determinisation, for search AIs: a full state consistent with everything `seat`
        was shown, built from `view` (what `view(state, seat)` returned) and the game's public
        data alone, never from the true state, which a search must not peek at.

        Guarantees: `view(sample(view, seat, rng), seat) == view`; when `seat` is to act, its
        legal actions in the sample are those of the true state, and any of them applies.
        What the view hides (other hands, deck order, face-down cards, secret picks) is drawn
        from `rng` out of the pool the seat has not seen, so a card the view shows somewhere
        never turns up in a hidden place. The state's own generator is hidden too (it decides
        every future draw): the sample gets a fresh one from `rng`, so a search also samples
        the chance to come. The same `rng` state gives the same sample (`rng` is advanced).
        Where the seat sees everything the sample is that state, but for its generator.

        A game implements it in `games/<game>/sample.py` (docs/engine-core.md, "Sampling");
        one without a determiniser refuses, and a search AI keeps to the heuristic there."""
        raise NotImplementedError(f"{self.name} has no determiniser (Game.sample)")

    @property
    def can_sample(self) -> bool:
        """Whether the game has a determiniser (it overrides `sample`): the one place that
        decides whether its tables are offered the search AI (games/core/agents.py)."""
        return type(self).sample is not Game.sample

    def values(self, state: State) -> list[float]:
        """How good the table is for each seat, in [0, 1], for a search that judges a
        simulated game it stopped early (games/core/search.py).

        A finished game gives its winners 1 (a shared victory splits it) and the others 0.
        Otherwise `standings` is read: the leader gets 1, the last seat 0 and the rest their
        place between the two in points, so a rollout that gains points over the others
        reads as better even far from the end; a table where everyone is level (or a game
        without standings) gives 0.5 each. A game whose standings say little mid-game (a
        score only counted at the end) overrides this with its own estimate."""
        seats = len(state["players"])
        result = self.result(state)
        if result is not None:
            return [1 / len(result.winners) if s in result.winners else 0.0
                    for s in range(seats)]
        try:
            totals = {score.seat: score.total for score in self.standings(state).scores}
        except IllegalAction:
            return [0.5] * seats
        low, high = min(totals.values()), max(totals.values())
        if high == low:
            return [0.5] * seats
        return [(totals[s] - low) / (high - low) for s in range(seats)]

    def secrets(self, state: State) -> dict[int, set[str]]:
        """For each seat, the strings only it may see (ids of its hidden cards). Checkers
        assert none of them appears in the public view or another seat's view, so ids of
        hidden things must be unique per physical piece."""
        return {}

    # -- shared behaviour ---------------------------------------------------------------
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Apply `action` for `seat` to a copy of `state`; the input is never changed.

        The copy is made by pickle: for a JSON state the same copy as `copy.deepcopy` (a
        list held twice stays one list), four to six times faster, and the copy was the
        largest cost of an action through the service and in every simulation."""
        if self.result(state) is not None:
            raise NotYourTurn(msg("engine.game_over"))
        if seat not in self.to_act(state):
            raise NotYourTurn(msg("engine.not_your_turn"))
        new_state: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
        events = self._apply(new_state, seat, action)
        return new_state, events

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and refuse unknown names or values."""
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if name not in known:
                raise IllegalAction(msg("engine.unknown_option", name=name,
                                        known=", ".join(known) or "-"))
            choices = known[name].choices or (True, False)
            if value not in choices:
                raise IllegalAction(msg("engine.option_value", name=name,
                                        allowed=", ".join(str(c) for c in choices)))
        return {**self.default_options(), **given}
