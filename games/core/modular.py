"""`ModularGame`: the contract's hooks served by a game's own modules, named once.

A game keeps its rules in modules whose functions have the contract's names (`flow.py`
with `to_act`, `legal_actions`, and `dispatch` then `advance` for `_apply`; `checks.py` with
`invariants` and `secrets`, `scoring.py` with `result` and `standings`, `ai.py` with
`action_score`, `references.py` with `references`, `view.py` with `summary`). Its `Game`
names those modules as class attributes instead of writing one forwarding method per hook
in every game.py:

    class ScytheGame(ModularGame):
        turns, checks, scoring, heuristic, lookups, views = flow, checks, scoring, ai, ...

A hook the game writes itself (Tang's `result` waits for its flow) needs no module; one it
neither writes nor names a module for is refused when the class is made, not in play. A
game on `games.core.flowgame.FlowGame` lists it first, `(FlowGame, ModularGame)`, so that
its turns are the flow's. The contract itself, and its defaults, stay in games/core/game.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Protocol

from games.core.actions import Action
from games.core.events import Event
from games.core.game import Game, Result, State
from games.core.messages import Said
from games.core.references import Reference


class Turns(Protocol):
    def to_act(self, state: State, /) -> set[int]: ...

    def legal_actions(self, state: State, seat: int, /) -> list[Action]: ...

    def dispatch(self, state: State, seat: int, action: Action, /) -> list[Event]:
        """The action applied to `state` in place, validated before the first change."""

    def advance(self, state: State, events: list[Event], /) -> None:
        """What follows by itself until a seat must decide, its events added to `events`."""


class Checks(Protocol):
    def invariants(self, state: State, /) -> list[str]: ...

    def secrets(self, state: State, /) -> dict[int, set[str]]: ...


class Scoring(Protocol):
    def result(self, state: State, /) -> Result | None: ...

    def standings(self, state: State, /) -> Result: ...


class Heuristic(Protocol):
    def action_score(self, view: dict[str, Any], seat: int, action: Action, /) -> float: ...


class Lookups(Protocol):
    def references(self) -> list[Reference]: ...


class Views(Protocol):
    def summary(self, view: dict[str, Any], /) -> Said | Sequence[Said]: ...


class ModularGame(Game):
    """A `Game` whose hooks below forward to the modules its class attributes name."""

    turns: Turns
    checks: Checks
    scoring: Scoring
    heuristic: Heuristic
    lookups: Lookups
    views: Views
    # hook -> the attribute naming the module that serves it
    SERVED: ClassVar[dict[str, str]] = {
        "to_act": "turns", "legal_actions": "turns", "_apply": "turns",
        "invariants": "checks", "secrets": "checks", "result": "scoring",
        "standings": "scoring", "action_score": "heuristic", "references": "lookups",
        "summary": "views"}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = sorted(f"{hook} (from `{module}`)" for hook, module in cls.SERVED.items()
                         if getattr(cls, hook) is getattr(ModularGame, hook)
                         and not hasattr(cls, module))
        if missing:
            raise TypeError(f"{cls.__name__} neither writes nor names a module for "
                            f"{', '.join(missing)}")

    def to_act(self, state: State) -> set[int]:
        return self.turns.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self.turns.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        events = self.turns.dispatch(state, seat, action)
        self.turns.advance(state, events)
        return events

    def invariants(self, state: State) -> list[str]:
        return self.checks.invariants(state)

    def secrets(self, state: State) -> dict[int, set[str]]:
        return self.checks.secrets(state)

    def result(self, state: State) -> Result | None:
        return self.scoring.result(state)

    def standings(self, state: State) -> Result:
        return self.scoring.standings(state)

    def action_score(self, view: dict[str, Any], seat: int, action: Action) -> float:
        return self.heuristic.action_score(view, seat, action)

    def references(self) -> list[Reference]:
        return self.lookups.references()

    def summary(self, view: dict[str, Any]) -> Said | Sequence[Said]:
        return self.views.summary(view)
