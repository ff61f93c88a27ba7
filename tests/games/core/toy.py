"""High Roll, a toy game on the shared flow (games.core.flow) for its tests.

Each round: everyone bids 1-3 in secret (a simultaneous step); the bids are revealed together
and everyone rolls 1d6 plus their bid (a chance step); the others may challenge the leader (a
response window); the leader then claims 3 points less one per challenger (a turn). Two rounds
are played (a phase that hands over to itself, then ends the flow). The game is a FlowGame
(games.core.flowgame), which answers `to_act`, `legal_actions` and `_apply` from the flow."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event, Result, Rng, Score, roll
from games.core.errors import rule_term
from games.core.flow import (
    Flow,
    Phase,
    Rule,
    State,
    Step,
    answers,
    chance,
    new_flow,
    phase,
    push,
    simultaneous,
    step_view,
    turn,
    window,
)
from games.core.flowgame import FlowGame
from games.core.messages import Seat

ROUNDS = 2
BIDS = rule_term("toy", "H1")  # the title of High Roll's rule H1 (it has no catalog)


def _begin_round(state: State) -> list[Event]:
    state["round"] += 1
    push(state, simultaneous("bid", list(range(len(state["players"])))))
    return [Event(f"Round {state['round']}: everyone bids 1 to 3 in secret.")]


def _after_round(state: State) -> str | None:
    return "round" if state["round"] < ROUNDS else None


def _bid_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("bid", (n,), label=f"Bid {n}") for n in (1, 2, 3)]


def _bids_revealed(state: State, step: Step) -> list[Event]:
    state["bids"] = [answers(step)[s].number() for s in step["seats"]]
    push(state, chance("roll"))
    shown = ", ".join(f"Seat {s} {b}" for s, b in enumerate(state["bids"]))
    return [Event(f"The bids are revealed: {shown}.")]


def _roll(state: State, step: Step) -> list[Event]:
    rolls = [roll(state, 1, 6, who=Seat(s), modifiers=[("bid", bid)])
             for s, bid in enumerate(state["bids"])]
    totals = [r.total for r in rolls]
    leader = totals.index(max(totals))
    others = [s for s in range(len(totals)) if s != leader]
    push(state, window("challenge", others, leader=leader), turn("claim", leader))
    return [r.event for r in rolls]


def _challenge_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("challenge", label=f"Challenge Seat {step['data']['leader']}")]


def _challenges(state: State, step: Step) -> list[Event]:
    state["challengers"] = sorted(s for s, a in answers(step).items() if a.kind == "challenge")
    return []


def _claim_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("claim", label="Claim the points")]


def _claim(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    points = 3 - len(state["challengers"])
    state["players"][seat]["score"] += points
    return [Event(f"Seat {seat} claims {points} points.")]


FLOW = Flow(
    rules={"bid": Rule(_bids_revealed, _bid_legal, cites=BIDS), "roll": Rule(_roll),
           "challenge": Rule(_challenges, _challenge_legal), "claim": Rule(_claim, _claim_legal)},
    phases={"round": Phase(_begin_round, _after_round)},
)


def new_table(seats: int, seed: int) -> tuple[State, list[Event]]:
    """The state at the first secret bid, and what the opening told."""
    state: State = {"seed": seed, "rng": Rng.from_seed(seed).state, "round": 0,
                    "players": [{"score": 0} for _ in range(seats)], "bids": [],
                    "challengers": []}
    new_flow(state)
    return state, FLOW.start(state, "round")


class HighRoll(FlowGame):
    name, title, min_players, max_players = "toy", "High Roll", 2, 4
    flow, first_phase = FLOW, "round"

    def begin(self, seats: int, options: dict[str, Any],
              seed: int) -> tuple[State, list[Event]]:
        return new_table(seats, seed)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"round": state["round"], "scores": [p["score"] for p in state["players"]],
                "bids": state["bids"], "step": step_view(state, seat)}

    def result(self, state: State) -> Result | None:
        if phase(state) is not None:
            return None
        scores = [Score(s, p["score"], {"points": p["score"]})
                  for s, p in enumerate(state["players"])]
        best = max(s.total for s in scores)
        return Result(sorted(scores, key=lambda s: -s.total),
                      [s.seat for s in scores if s.total == best], "two rounds played")

    def phase(self, state: State) -> str:
        return phase(state) or "over"

    def summary(self, view: dict[str, Any]) -> str:
        return str(view)
