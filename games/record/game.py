"""`RecordGame`: the engine contract (games.core.Game) for 三國志 Record of the Three Kingdoms.
The rules live in the modules it delegates to; this class only wires them together."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Game, IllegalAction, Option, Result, Rng, State
from games.core.messages import Said, msg
from games.core.references import Reference
from games.record import ai, checks, flow, scoring, setup
from games.record import view as views
from games.record.citations import cite
from games.record.references import references
from games.record.sample import sample as sampled


class RecordGame(Game):
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

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        if not self.min_players <= seats <= self.max_players:
            raise IllegalAction(msg("record.refuse.players", least=self.min_players,
                                    most=self.max_players, count=seats), rule=cite("R19.1"))
        resolved = self.resolve_options(options)
        if resolved["two_player_lords"] and seats != 2:
            raise IllegalAction(msg("record.refuse.two_player_lords", count=seats), rule=cite("P1"))
        state, events = setup.new_state(seats, resolved, seed)
        flow.advance(state, events)
        return state, events

    def to_act(self, state: State) -> set[int]:
        return flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        events = flow.dispatch(state, seat, action)
        flow.advance(state, events)
        return events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat, flow.to_act(state))

    def result(self, state: State) -> Result | None:
        return scoring.result(state)

    def standings(self, state: State) -> Result:
        return scoring.standings(state)

    def references(self) -> list[Reference]:
        return references()

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

    def prompt(self, state: State, seat: int) -> Said:
        return flow.prompt(state, seat) or ""

    def skip_action(self, state: State, seat: int) -> Action | None:
        """R7.4: everything in step C is optional, so ending the action (`end`) is this
        game's pass; the other decisions (lords, draft, advisors, battles) must be made."""
        return next((a for a in self.legal_actions(state, seat) if a.kind == "end"), None)

    def action_score(self, view: dict[str, Any], seat: int, action: Action) -> float:
        return ai.action_score(view, seat, action)

    def invariants(self, state: State) -> list[str]:
        return checks.invariants(state)

    def secrets(self, state: State) -> dict[int, set[str]]:
        return checks.secrets(state)

    def summary(self, view: dict[str, Any]) -> list[Said]:
        return views.summary(view)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)
