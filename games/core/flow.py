"""Shared flow: phases and a stack of pending steps, kept in the JSON state.

Modelled on boardgame.io (phases that begin and hand over to the next one, stages in which
several seats act out of turn) and OpenSpiel (chance nodes: steps no seat decides). A step is
one of four kinds:

- `turn`: one seat decides (its legal actions come from the step's rule);
- `simultaneous`: several seats choose in secret; each answer is stored hidden, and the rule
  resolves the step once every seat has answered, with all answers revealed together. An
  answer built in several actions (a selection of generals) is one secret commitment: the
  rule's `keep` takes the actions before the last into that seat's private part of the state,
  so the seat stays awaited and nobody else learns how far it got;
- `window`: a response window: every eligible seat reacts or passes (`pass` is always legal),
  in any order, and the rule resolves the step once all have answered;
- `chance`: no seat acts; `settle` resolves it at once, drawing through games.core.chance.

Any step that no seat owes (a chance step, a window nobody is eligible for) is resolved at
once by `settle`.

A game whose own fields already say what is owed (a phase field and one pending decision,
never a stack) keeps them: its `Flow(owed=...)` builds the step on top from them instead of
storing one, and its rules `play` each answer at once (docs/engine-core.md, "A flow over a
game's own fields").

The steps live in `state["flow"]` as plain dicts and lists (`FlowState`), so a state stays
JSON and deterministic. The top of the stack is what is owed now; a rule may push further steps
when it resolves (they are owed before what was below). When the stack is empty the phase ends
and its `after` names the next phase (None ends the flow). docs/engine-core.md shows an
engine built on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypedDict, cast

from games.core.actions import Action
from games.core.errors import IllegalAction, NotYourTurn
from games.core.events import Event
from games.core.messages import Msg, Seat, Term, msg

State = dict[str, Any]
Kind = Literal["turn", "simultaneous", "window", "chance"]
PASS = Action("pass", label=msg("engine.label.pass"))  # a window's pass, in the reader's words
MAX_STEPS = 10_000  # automatic steps in one `settle`: more means a rule loops
SHOWN_CHOICES = 6  # the choices a refusal names; it counts the rest


class Step(TypedDict):
    """One pending step. `answers` has one entry per seat of `seats`: None until that seat
    answered, then its action in JSON form. `data` is the rule's own context (a territory, an
    amount); the flow never reads it."""

    kind: Kind
    rule: str
    seats: list[int]
    answers: list[dict[str, Any] | None]
    data: dict[str, Any]


class FlowState(TypedDict):
    phase: str | None
    stack: list[Step]


Legal = Callable[[State, Step, int], list[Action]]
Resolve = Callable[[State, Step], list[Event]]
Keep = Callable[[State, Step, int, Action], bool]
Play = Callable[[State, Step, int, Action], list[Event]]
Owed = Callable[[State], Step | None]


def _no_actions(state: State, step: Step, seat: int) -> list[Action]:
    return []


def _resolves_nothing(state: State, step: Step) -> list[Event]:
    return []


@dataclass(frozen=True)
class Rule:
    """What a step of this name offers (`legal`, per seat) and does once complete
    (`resolve`, with every answer in the step). A chance rule needs no `legal`.

    `keep`, for an answer a seat builds in several actions: given each legal action of a
    seat, it takes it into that seat's private part of the state and says whether the
    answer goes on (True: the seat still owes the step, and only it is told what it took)
    or is complete (False: the action is the seat's answer, told as any answer is). So a
    secret choice is announced once, when made, and its size never shows before the
    reveal.

    `play`, for a step of a flow over the game's own fields (`Flow(owed=...)`): it applies
    each answer as it is given and tells what it says (the flow tells nothing of its own);
    what it changes in the fields says the next step. It also judges the answer: `legal`
    is then what the step offers (the choices shown, the AI's), and an action it does not
    offer is played too, refused by the reason `play` raises or taken (暗殺計 offers the
    amounts up to the highest battle card and takes any the player can pay).

    `cites`: the rule of the rulebook this step follows (`games.core.errors.rule_term`), which
    a refusal of an action the step does not offer names, so the player reads why."""

    resolve: Resolve = _resolves_nothing
    legal: Legal = _no_actions
    keep: Keep | None = None
    cites: Term | None = None
    play: Play | None = None


@dataclass(frozen=True)
class Phase:
    """`begin` pushes the phase's first steps (and may tell something); `after` names the next
    phase once the stack is empty, or None when the flow is over."""

    begin: Callable[[State], list[Event]]
    after: Callable[[State], str | None]


# -- steps, as data ------------------------------------------------------------------------------
def _step(kind: Kind, rule: str, seats: list[int], data: dict[str, Any]) -> Step:
    return {"kind": kind, "rule": rule, "seats": seats, "answers": [None] * len(seats),
            "data": data}


def turn(rule: str, seat: int, **data: Any) -> Step:
    return _step("turn", rule, [seat], data)


def simultaneous(rule: str, seats: list[int], **data: Any) -> Step:
    return _step("simultaneous", rule, sorted(seats), data)


def window(rule: str, seats: list[int], **data: Any) -> Step:
    return _step("window", rule, sorted(seats), data)


def chance(rule: str, **data: Any) -> Step:
    return _step("chance", rule, [], data)


def answers(step: Step) -> dict[int, Action]:
    """The answers given so far, by seat (all of them once the step is resolved)."""
    return {seat: Action.from_json(answer)
            for seat, answer in zip(step["seats"], step["answers"], strict=True) if answer}


def waiting(step: Step) -> list[int]:
    """The seats of the step that have not answered yet (asked after every action: a step
    nobody answered yet, as every step read from a game's fields, is answered quickly)."""
    given = step["answers"]
    if not any(given):
        return list(step["seats"])
    return [s for s, answer in zip(step["seats"], given, strict=True) if not answer]


# -- the stack -------------------------------------------------------------------------------------
def new_flow(state: State) -> None:
    """An empty flow, before the first phase begins (`Flow.start`)."""
    state["flow"] = FlowState(phase=None, stack=[])


def flow_of(state: State) -> FlowState:
    return cast(FlowState, state["flow"])


def push(state: State, *steps: Step) -> None:
    """Push steps given in the order they are owed: the first one given ends on top."""
    flow_of(state)["stack"].extend(reversed(steps))


def top(state: State) -> Step | None:
    stack = flow_of(state)["stack"]
    return stack[-1] if stack else None


def phase(state: State) -> str | None:
    return flow_of(state)["phase"]


# -- the machine -----------------------------------------------------------------------------------
class Flow:
    """An engine's rules and phases over the shared stack: who acts, what they may do, and
    applying an answer. The engine's `to_act`, `legal_actions` and `_apply` delegate here
    (games.core.flowgame.FlowGame does it for a game).

    `over` is the game-over condition: once it holds, no step resolves and no phase begins
    (the steps left on the stack settle as nothing, then the flow is over) and nobody owes a
    decision, so a rule that ends the game need not empty the stack. `after_step` runs
    after every resolved step and begun phase, for a condition that may end the game in any
    step (a last nation standing); what it tells follows the step's events.

    `owed`, for a game whose own fields say what is owed: the step on top, built from them
    (None: nothing is). Nothing of the flow is stored then; its rules `play` the answers,
    its chance steps resolve by changing the fields, and it has no phases of its own."""

    def __init__(self, rules: Mapping[str, Rule], phases: Mapping[str, Phase] | None = None,
                 *, over: Callable[[State], bool] = lambda state: False,
                 after_step: Callable[[State], list[Event]] = lambda state: [],
                 owed: Owed | None = None) -> None:
        self.rules, self.phases = dict(rules), dict(phases or {})
        self.over, self.after_step, self.owed = over, after_step, owed

    def top(self, state: State) -> Step | None:
        """The step owed now: built from the game's fields (`owed`), else the stack's top."""
        return self.owed(state) if self.owed is not None else top(state)

    def start(self, state: State, first: str) -> list[Event]:
        """Begin the first phase and run until a seat owes a decision."""
        flow = flow_of(state)
        flow["phase"] = first
        return self._begin(state, first) + self.settle(state)

    def to_act(self, state: State) -> set[int]:
        step = self.top(state)
        return set() if step is None or self.over(state) else set(waiting(step))

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        step = self.top(state)
        if step is None or seat not in waiting(step) or self.over(state):
            return []
        legal = self.rules[step["rule"]].legal(state, step, seat)
        return legal + [PASS] if step["kind"] == "window" and PASS not in legal else legal

    def act(self, state: State, seat: int, action: Action) -> list[Event]:
        """Record `seat`'s answer to the step on top (or, by the rule's `keep`, a part of
        it: the seat then still owes the step); resolve the step once every seat has
        answered, then settle. Refuses, changing nothing, an action that is not legal."""
        return self.act_on(state, self.top(state), seat, action)

    def act_on(self, state: State, step: Step | None, seat: int, action: Action) -> list[Event]:
        """`act`, for a caller that holds the step on top already (`top(state)`)."""
        if step is None or seat not in waiting(step) or self.over(state):
            raise NotYourTurn(msg("engine.not_your_turn"))
        play = self.rules[step["rule"]].play
        if play is not None:  # it judges the action itself: no list of choices is built
            return play(state, step, seat, action) + self.after_step(state) + self.settle(state)
        legal = self.legal_actions(state, seat)
        if action not in legal:
            raise IllegalAction(not_possible(action, legal), rule=self.rules[step["rule"]].cites)
        offered = legal[legal.index(action)]  # as offered: with its label
        keep = self.rules[step["rule"]].keep
        if keep is not None and keep(state, step, seat, offered):
            return [_you_chose(seat, offered)]
        step["answers"][step["seats"].index(seat)] = action.to_json()
        events = _told(step, seat, offered)
        if waiting(step):
            return events
        flow_of(state)["stack"].pop()
        return events + self._resolve(state, step) + self.settle(state)

    def settle(self, state: State) -> list[Event]:
        """Resolve the steps nobody owes (chance steps, a window no seat may answer) and move
        through phases until a seat owes a decision or the flow is over."""
        if self.owed is not None:
            return self._settle_owed(state)
        events: list[Event] = []
        flow = flow_of(state)
        for _ in range(MAX_STEPS):
            step = top(state)
            if step is not None and waiting(step):
                return events
            if step is not None:
                flow["stack"].pop()
                events += self._resolve(state, step)
                continue
            if flow["phase"] is None:
                return events
            if self.over(state):  # the flow ends with the game
                flow["phase"] = None
                return events
            flow["phase"] = self.phases[flow["phase"]].after(state)
            if flow["phase"] is not None:
                events += self._begin(state, flow["phase"])
        raise AssertionError(f"no decision after {MAX_STEPS} automatic steps")

    def _settle_owed(self, state: State) -> list[Event]:
        """`settle` over the game's fields: resolve the steps nobody owes until one is owed,
        or nothing is (the game is over)."""
        events: list[Event] = []
        for _ in range(MAX_STEPS):
            step = self.top(state)
            if step is None or waiting(step) or self.over(state):
                return events
            events += self._resolve(state, step)
        raise AssertionError(f"no decision after {MAX_STEPS} automatic steps")

    def _resolve(self, state: State, step: Step) -> list[Event]:
        if self.over(state):
            return []
        return self.rules[step["rule"]].resolve(state, step) + self.after_step(state)

    def _begin(self, state: State, name: str) -> list[Event]:
        if self.over(state):
            return []
        return self.phases[name].begin(state) + self.after_step(state)


def not_possible(action: Action, legal: list[Action]) -> Msg:
    """The refusal of an action not offered now: the first choices by their labels, and how
    many more there are when those are not all (a player must not think 6 of 50 capitals
    are all there is)."""
    shown = tuple(a.label or a.text for a in legal[:SHOWN_CHOICES])
    more = len(legal) - len(shown)
    if more:
        return msg("engine.not_possible_more", action=action.text, choices=shown, more=more)
    return msg("engine.not_possible", action=action.text, choices=shown)


def _told(step: Step, seat: int, action: Action) -> list[Event]:
    """A secret answer is told as made, and only its seat reads what it was; the others are
    public at once (a turn's own rule tells what it does)."""
    if step["kind"] == "simultaneous":
        return [Event(msg("engine.has_chosen", who=Seat(seat))), _you_chose(seat, action)]
    if step["kind"] == "window":
        return [Event(msg("engine.passes", who=Seat(seat)) if action == PASS else
                      msg("engine.answers", who=Seat(seat), what=action.label or action.text))]
    return []


def _you_chose(seat: int, action: Action) -> Event:
    """What a seat reads of its own secret action (the others read nothing of it)."""
    return Event(msg("engine.you_chose", what=action.label or action.text), seats=(seat,))


# -- what a view may show --------------------------------------------------------------------------
class StepView(TypedDict):
    """The step on top as a seat may see it: who still owes an answer, and the answers it may
    read (all of a window's, only its own of a secret step)."""

    kind: Kind
    rule: str
    waiting: list[int]
    answers: dict[str, str]  # by seat number as text, as JSON keys are


def step_view(state: State, seat: int | None) -> StepView | None:
    step = top(state)
    if step is None:
        return None
    shown = {str(s): a.text for s, a in answers(step).items()
             if step["kind"] != "simultaneous" or s == seat}
    return {"kind": step["kind"], "rule": step["rule"], "waiting": waiting(step),
            "answers": shown}
