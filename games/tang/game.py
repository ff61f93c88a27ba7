"""The Tang-era strategy game (安史之乱): the engine (spec shared/rules/tang-strategy.spec.md).

Its flow runs on games.core.flow (games/tang/flow.py) through games.core.flowgame; the rules
live in setup, supply, turns, attack, battle, cards and scoring; views in view, checks in
checks, the heuristic in ai.
"""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.errors import IllegalAction
from games.core.events import Event
from games.core.flow import Step
from games.core.flow import phase as flow_phase
from games.core.flowgame import FlowGame
from games.core.game import Option, PrivateGroup, Result, State
from games.core.messages import Said, Term, msg
from games.core.modular import ModularGame
from games.core.rng import Rng
from games.tang import ai, checks, citations, references, scoring, setup, view
from games.tang.data import DataError, load_data
from games.tang.flow import FLOW, REFUSALS
from games.tang.packs import TangPacks
from games.tang.sample import sample as sampled

DATA = load_data()

OPTIONS = (
    Option("first_player", "甲 is drawn at random, or is the host (T1.1.5, A29)", "random",
           ("random", "host")),
    Option("capitals_not_adjacent", "capitals may not be adjacent (T1.1.7, A30)", False),
    Option("setup_min_one_army", "every city gets at least 1 army at setup (T1.1.9, A21)", True),
    Option("placement_requires_connection",
           "supply armies only in cities connected to the capital (T2.2.5, A3)", False),
    Option("transfer_range", "transfers between connected or adjacent cities (T3.6, A7)",
           "connected", ("connected", "adjacent")),
    Option("camp_friendly_fire", "attacks on your own camp (T3.4.1, A25)", "allowed",
           ("allowed", "forbidden")),
    Option("own_turn_cards_use_action", "own-turn cards use the turn's action (T3.2.3, A19)",
           False),
    Option("hidden_grain", "grain counts are hidden (T9, A26)", False),
    Option("luoyang_is_special", "洛阳 also scores as a special city (T4.3, A11)", False),
    Option("camp_average_rounding", "camp averages exact or rounded down (T4.4, A13)", "exact",
           ("exact", "floor")),
    Option("winner_rule", "who may win (T4.5, A12)", "eligible_top",
           ("eligible_top", "top_must_hold_capital")),
    Option("elimination_end", "a player without cities ends the game (T4.1, A14)",
           "immediate", ("immediate", "end_of_round")),
    Option("extra_turn", "extra turns cost 民生 or follow the literal text (T3.3, A1)", "cost",
           ("cost", "literal")),
    Option("pack", "a group's own data (the same schema), frozen as text", None),
)


class TangGame(FlowGame, ModularGame):
    name = "tang"
    title = "Tang: the An Lushan Rebellion (安史之乱)"
    min_players, max_players = DATA.players
    options = OPTIONS
    packs = TangPacks()  # a group's own data of the same schema (the `pack` option)
    flow, first_phase, refusals = FLOW, "setup", REFUSALS
    checks, heuristic, lookups, views = checks, ai, references, view
    # T8.2-T8.4: a phase window's step, a battle window and a 识破 response are asked of a
    # seat whose hand decides whether it can answer
    window_rules = frozenset({"wstep", "bwin", "respond"})

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        pack = given.get("pack")
        rest = {k: v for k, v in given.items() if k != "pack"}
        resolved = super().resolve_options(rest)
        if pack is not None:  # refused at once when the pack does not validate
            try:
                load_data(str(pack))
            except DataError as error:
                raise IllegalAction(msg("tang.refuse.pack_unusable", error=str(error)),
                                    rule=citations.rule(citations.PACK)) from None
        return {**resolved, "pack": pack}

    def begin(self, seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        options = self.resolve_options(options)
        low, high = load_data(options.get("pack")).players
        if not low <= seats <= high:
            raise ValueError(f"Tang is played by {low} to {high} players, not {seats}")
        state = setup.new_state(seats, options, seed, Rng.from_seed(seed).state)
        return state, self.start(state)

    def refusal_rule(self, step: Step, reason: Said) -> Term | None:
        """The rule behind the refusal's why, else the step's own."""
        return citations.cited(step["rule"], FLOW.rules[step["rule"]].cites, reason)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.view_of(state, seat)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)

    def result(self, state: State) -> Result | None:
        if flow_phase(state) is not None or not state.get("over"):
            return None
        return scoring.result_of(state)

    def standings(self, state: State) -> Result:
        return scoring.result_of(state)

    def phase(self, state: State) -> str:
        return flow_phase(state) or "over"

    def round(self, state: State) -> int | None:
        """T2: a round is a supply phase and every seat's action turns after it."""
        return state["round"] or None

    def step_prompt(self, state: State, step: Step, seat: int) -> Said:
        return view.prompt_of(step)

    def skip_action(self, state: State, seat: int) -> Action | None:
        """A deadline's skip: pass a window, keep, do nothing, no extra turn, stand."""
        legal = {a.text: a for a in self.legal_actions(state, seat)}
        for text in ("pass", "keep", "end", "extra no", "done"):
            if text in legal:
                return legal[text]
        return None

    def finished_battle(self, state: State) -> dict[str, Any] | None:
        """The last battle fought (not a capture without one), numbered so that two alike
        battles in a row still differ: sides, city, dice, cards, rallies, totals with their
        parts, the generals, losses and the outcome (T3.4.3-T3.4.5)."""
        fought: dict[str, Any] | None = state.get("fought")
        return fought

    def factions(self, state: State) -> list[str]:
        return [p["rep"] or "" for p in state["players"]]

    def private_groups(self, state: State) -> list[PrivateGroup]:
        """Each camp of 2+ players (T1.1.2; possible from 4 players up, T1.1.4) may consult
        in private for as long as the camp rule holds, the whole game: camps share their
        final score (T4.4), so members talk over their plans, never through the public
        thread."""
        if not state.get("camp_rule") or self.result(state) is not None:
            return []
        camps: dict[str, list[int]] = {}
        for seat, nation in enumerate(self.roles(state)["camp"]):
            camps.setdefault(nation, []).append(seat)
        return [PrivateGroup(f"camp {nation}", tuple(members))
                for nation, members in sorted(camps.items()) if len(members) >= 2]

    def roles(self, state: State) -> dict[str, list[str]]:
        """By camp (the representatives' nationalities, T1.1.2) and by representative."""
        chars = load_data(state["options"].get("pack")).characters
        camps = [chars[p["rep"]]["nationality"] if p["rep"] else "" for p in state["players"]]
        return {"camp": camps, "representative": self.factions(state)}

    def length(self, state: State) -> tuple[str, int]:
        return "rounds", state["round"]
