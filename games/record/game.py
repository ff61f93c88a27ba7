"""`RecordGame`: the engine contract for 三國志 Record of the Three Kingdoms, a
games.core.flowgame.FlowGame over the steps of games/record/flow.py. The rules live in the
modules it delegates to; this class only wires them together."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, GameError, IllegalAction, Option, Rng, State
from games.core.flow import Step
from games.core.flowgame import FlowGame
from games.core.messages import Said, msg
from games.core.modular import ModularGame
from games.record import ai, checks, references, scoring, setup
from games.record import flow as steps
from games.record import view as views
from games.record.citations import cite
from games.record.sample import sample as sampled


class RecordGame(FlowGame, ModularGame):
    name = "record"
    title = "Record of the Three Kingdoms (三國志)"
    min_players = 2
    max_players = 5
    options = (
        Option("advanced", "Advanced rules (進階規則): two decks, the 7元 double draw, deck "
               "rebuilds, an 8-point bonus with 5 players."),
        Option("two_player_lords", "2-player rules: each player takes two lords; 袁紹 taxes at "
               "most two small cities. Only with 2 players."),
        Option("qin_zei_captures", "擒賊擒王 captures the city instead of discarding it "
               "(alternative to AMB-4)."),
        Option("luoyang_literal", "洛陽's ability is barred only in the round it was built "
               "(alternative to AMB-13)."),
    )
    flow, single_answers = steps.FLOW, steps.SINGLE_ANSWERS
    checks, scoring, heuristic = checks, scoring, ai
    lookups, views = references, views

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        if not self.min_players <= seats <= self.max_players:
            raise IllegalAction(msg("record.refuse.players", least=self.min_players,
                                    most=self.max_players, count=seats), rule=cite("R19.1"))
        resolved = self.resolve_options(options)
        if resolved["two_player_lords"] and seats != 2:
            raise IllegalAction(msg("record.refuse.two_player_lords", count=seats), rule=cite("P1"))
        state, events = setup.new_state(seats, resolved, seed)
        return state, events + self.flow.settle(state) + self.auto_answers(state)

    def refusal(self, state: State, step: Step, seat: int, action: Action) -> GameError | None:
        return steps.refusal(state, step, seat, action)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat, self.to_act(state))

    def finished_battle(self, state: State) -> dict[str, Any] | None:
        return views.finished_battle(state)

    def phase(self, state: State) -> str:
        """Changes at each boundary the channel gets a board for."""
        phase = state["phase"]
        if phase == "actions":
            return f"r{state['round']}:actions:{state['active']}"
        return f"r{state['round']}:{phase}"

    def round(self, state: State) -> int | None:
        return state["round"] or None

    def step_prompt(self, state: State, step: Step, seat: int) -> Said:
        return steps.prompt(state, step, seat) or ""

    def skip_action(self, state: State, seat: int) -> Action | None:
        """R7.4: everything in step C is optional, so ending the action (`end`) is this
        game's pass; the other decisions (lords, draft, advisors, battles) must be made."""
        return next((a for a in self.legal_actions(state, seat) if a.kind == "end"), None)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)
