"""`FlowGame`: the engine contract over a `games.core.flow.Flow`, with what every game on
the flow needs beside the machine itself.

A game declares its flow (rules, phases, and the game-over condition) and, as data or small
hooks, its own parts:

- `refusals`: per step, a function giving the specific reason (a `Msg`) an action the step
  does not offer is refused, or None for the flow's generic refusal that lists the choices;
  `refusal_rule` names the rule the refusal cites (by default the step's own);
- `prompts`: per step, the catalog key of what the step asks, worded for each reader, and
  `prompt_params` its parameters (a territory, a count; a step without a key asks "your
  turn"); `step_prompt` for a game whose prompt is more than a key and parameters;
- `single_answers`: the steps whose one legal answer is taken at once, without asking;
- `auto_answer`: the answer a seat gives without being asked (a standing battle plan), and
  `carry_on`, what a game does between decisions once nothing is answered automatically
  (a paused batch of orders resumes);
- `window_rules`: the steps that are response windows (`Game.window`).

`apply` is the contract's (games/core/game.py): one place copies the state for every game.
docs/engine-core.md shows a game built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from games.core.actions import Action
from games.core.errors import GameError, IllegalAction
from games.core.events import Event
from games.core.flow import MAX_STEPS, Flow, Step, new_flow, waiting
from games.core.game import Game, State
from games.core.messages import Said, Term, msg

Refusal = Callable[[State, Step, int, Action], Said | None]


class FlowGame(Game):
    """A game whose decisions are the steps of `flow`; subclasses declare the data below
    and keep `begin`, `view`, `result`, `phase` and `summary` their own."""

    flow: ClassVar[Flow]
    first_phase: ClassVar[str]
    refusals: ClassVar[Mapping[str, Refusal]] = {}
    prompts: ClassVar[Mapping[str, str]] = {}
    single_answers: ClassVar[frozenset[str]] = frozenset()
    window_rules: ClassVar[frozenset[str]] = frozenset()

    def start(self, state: State) -> list[Event]:
        """The flow of a new state, run from the first phase until a seat owes a decision;
        what it told opens the game's log (`begin`)."""
        new_flow(state)
        return self.flow.start(state, self.first_phase)

    def to_act(self, state: State) -> set[int]:
        return self.flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return self.flow.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        return self.answer(state, seat, action) + self.auto_answers(state)

    # -- answering the step on top ---------------------------------------------------------
    def answer(self, state: State, seat: int, action: Action) -> list[Event]:
        """`action` as `seat`'s answer to the step on top. It is played as the one offered,
        so what the flow tells of it ("You chose: …") is its label in the reader's words;
        one not offered is refused with the step's own reason when it has one. A step whose
        rule plays its answers judges them itself: the action is played as given, once
        `refusal` found nothing wrong with what the rule does not judge (its form, its verb),
        and no list of choices is built for it."""
        step = self.flow.top(state)
        if step is None:
            return self.flow.act_on(state, step, seat, action)  # refused: nothing is owed
        if self.flow.rules[step["rule"]].play is not None:
            legal = []
        else:
            legal = self.flow.legal_actions(state, seat)
        if action in legal:
            action = legal[legal.index(action)]
        else:
            error = self.refusal(state, step, seat, action)
            if error is not None:
                raise error
        return self.flow.act_on(state, step, seat, action)

    def refusal(self, state: State, step: Step, seat: int, action: Action) -> GameError | None:
        """The refusal, with a specific reason and its rule, of an action `step` (on top)
        does not offer, or None (the flow's generic refusal lists the choices)."""
        if step["rule"] not in self.refusals:
            return None
        reason = self.refusals[step["rule"]](state, step, seat, action)
        if reason is None:
            return None
        return IllegalAction(reason, rule=self.refusal_rule(step, reason))

    def refusal_rule(self, step: Step, reason: Said) -> Term | None:
        """The rule a specific refusal cites: the step's own."""
        return self.flow.rules[step["rule"]].cites

    # -- answers nobody is asked for -------------------------------------------------------
    def auto_answers(self, state: State) -> list[Event]:
        """Answer every step a seat answers without being asked (`auto_answer`, checked
        against what is legal), and run `carry_on`, until a seat must decide for itself."""
        events: list[Event] = []
        for _ in range(MAX_STEPS):
            step = self.flow.top(state)
            if step is None or self.flow.over(state):
                return events
            given = self._unasked(state, step)
            if given is not None:
                events += self.flow.act(state, *given)
                continue
            more = self.carry_on(state)
            if not more:
                return events
            events += more
        raise AssertionError(f"no decision after {MAX_STEPS} automatic answers")

    def _unasked(self, state: State, step: Step) -> tuple[int, Action] | None:
        """The first waiting seat's answer nobody asks for: the one legal answer of a step
        in `single_answers`, else its `auto_answer` when that is legal."""
        for seat in waiting(step):
            if step["rule"] in self.single_answers:
                legal = self.flow.legal_actions(state, seat)
                if len(legal) == 1:
                    return seat, legal[0]
            elif (action := self.auto_answer(state, step, seat)) is not None \
                    and action in self.flow.legal_actions(state, seat):
                return seat, action
        return None

    def auto_answer(self, state: State, step: Step, seat: int) -> Action | None:
        """What `seat` answers to `step` (not one of `single_answers`) without being asked;
        by default nothing."""
        return None

    def carry_on(self, state: State) -> list[Event]:
        """What the game does between decisions once no seat answers automatically; events
        mean it did something, and answers are looked for again."""
        return []

    # -- what a step asks ------------------------------------------------------------------
    def prompt(self, state: State, seat: int) -> Said:
        step = self.flow.top(state)
        if step is None or seat not in self.to_act(state):
            return ""
        return self.step_prompt(state, step, seat)

    def step_prompt(self, state: State, step: Step, seat: int) -> Said:
        """What `step` asks of `seat`, never naming an internal step: its `prompts` key
        with `prompt_params` (a step without one: "your turn")."""
        key = self.prompts.get(step["rule"])
        return msg(key, **self.prompt_params(state, step)) if key else msg("engine.your_turn")

    def prompt_params(self, state: State, step: Step) -> dict[str, Any]:
        return {}

    def window(self, state: State) -> bool:
        step = self.flow.top(state)
        return step is not None and step["rule"] in self.window_rules
