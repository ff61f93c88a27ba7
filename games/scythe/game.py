"""`ScytheGame`: the engine contract (games.core.Game) for Scythe. The rules live in the modules
it delegates to (docs/scythe-engine.md); this class only wires them together."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, IllegalAction, Option, Rng, State
from games.core.messages import Msg, msg
from games.core.modular import ModularGame
from games.scythe import ai, checks, citations, flow, references, scoring, setup
from games.scythe import view as views
from games.scythe.sample import sample as sampled


class ScytheGame(ModularGame):
    name = "scythe"
    title = "Scythe"
    min_players = 2
    max_players = 5
    extra_commands = True
    options = (
        Option("assignment", "`random`: a seeded faction and player mat per seat (S3.7); "
               "`draft`: seat 1, 2, ... each picks a faction and a mat.",
               default="random", choices=("random", "draft")),
        Option("coins_visible", "Everyone sees everyone's coins (off: only your own, S21.1).",
               default=True),
        Option("wayfare_unassigned_bases", "Crimea's Wayfare may also reach the two "
               "unassigned home bases (A16).", default=True),
        Option("disarm_counts_own_mine", "Saxony's Disarm also works on its own Mine, not "
               "only on printed tunnels (A5).", default=False),
        Option("camaraderie_covers_move_in", "Polania's Camaraderie also spares the "
               "popularity lost for workers displaced by moving in (A6).", default=False),
        Option("tournament", "Tournament rules: no coins change hands between players (coin "
               "deals are off, S20.4).", default=False),
    )
    turns, checks, scoring, heuristic = flow, checks, scoring, ai
    lookups, views = references, views
    # The heuristic scores an action in about a millisecond (ten times Record's), so the
    # search affords few, short rollouts within its second a decision.
    search_iterations, search_depth = 24, 4

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        if not self.min_players <= seats <= self.max_players:
            raise IllegalAction(msg("scythe.refuse.players", low=self.min_players,
                                    high=self.max_players, count=seats),
                                rule=citations.rule(citations.PLAYER_COUNT))
        state, events = setup.new_state(seats, self.resolve_options(options), seed)
        events += flow.settle(state)
        return state, events

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def factions(self, state: State) -> list[str]:
        return [p["faction"] or "" for p in state["players"]]

    def roles(self, state: State) -> dict[str, list[str]]:
        """Win rates by faction and by player mat (the mat fixes the first player, S3.12)."""
        return {"faction": self.factions(state),
                "mat": [p["mat"] or "" for p in state["players"]]}

    def length(self, state: State) -> tuple[str, int]:
        return "turns", state["turn_number"]

    def phase(self, state: State) -> str:
        """Changes after every turn, so the service posts a board after each one."""
        if state["end"] is not None:
            return "over"
        if state["active"] is None:
            return "draft"
        return f"turn {state['turn_number']}"

    def round(self, state: State) -> int | None:
        """Scythe has turns only: a round is one turn of every player (S3.12's order)."""
        if not state["turn_number"]:
            return None
        return (state["turn_number"] - 1) // max(1, len(state["order"])) + 1

    def prompt(self, state: State, seat: int) -> Msg:
        return flow.prompt(state, seat)

    def skip_action(self, state: State, seat: int) -> Action | None:
        """A deadline refuses a coin offer (S21.3); the rest of Scythe waits for its seat."""
        return flow.skip_action(state, seat)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)
