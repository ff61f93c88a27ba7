"""The Tang game's flow on the shared machine (games.core.flow): its phases and step rules,
and the specific refusals of actions that are not offered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.actions import Action
from games.core.events import Event
from games.core.flow import Flow, Phase, Rule, Step, top
from games.tang import attack, battle, cards, setup, supply, turns
from games.tang.model import State, controlled, data_of


def _guard(resolve: Callable[[State, Step], list[Event]]) -> Callable[[State, Step], list[Event]]:
    """Once the game has ended (T4.1), nothing more resolves."""
    def guarded(state: State, step: Step) -> list[Event]:
        return [] if state.get("over") else resolve(state, step)
    return guarded


def _after_action(state: State) -> str | None:
    if state.get("over"):
        return None
    if state["options"].get("elimination_end", "immediate") == "end_of_round":
        gone = [s for s in range(len(state["players"])) if not controlled(state, s)]
        if gone:
            state["over"] = {"reason": "eliminated", "seat": gone[0]}
            return None
    if state["round"] >= int(data_of(state).constants["rounds"]):
        state["over"] = {"reason": "rounds"}
        return None
    return "supply"


RULES = {
    "pick": Rule(setup.pick_done, setup.pick_legal),
    "swap": Rule(setup.swap_done, setup.swap_legal),
    "first": Rule(setup.first_drawn),
    "color": Rule(setup.color_done, setup.color_legal),
    "capital": Rule(setup.capital_done, setup.capital_legal),
    "claim_next": Rule(setup.claim_next),
    "claim": Rule(setup.claim_done, setup.claim_legal),
    "armies": Rule(setup.armies_done, setup.armies_legal),
    "wbegin": Rule(supply.wbegin),
    "wstep": Rule(supply.wstep_done, supply.wstep_legal),
    "supply": Rule(supply.supply_done, supply.supply_legal),
    "turn_next": Rule(turns.turn_next),
    "turn": Rule(turns.turn_done, turns.turn_legal),
    "turn_end": Rule(turns.turn_end),
    "extra": Rule(turns.extra_done, turns.extra_legal),
    "transfer": Rule(turns.transfer_done, turns.transfer_legal),
    "attack": Rule(attack.attack_done, attack.attack_legal),
    "retreat": Rule(battle.retreat_done, battle.retreat_legal),
    "battle_start": Rule(battle.battle_start),
    "bwin": Rule(battle.bwin_done, battle.bwin_legal),
    "battle_end": Rule(battle.battle_end),
    "relocate": Rule(battle.relocate_done, battle.relocate_legal),
    "fall": Rule(battle.fall_done, battle.fall_legal),
    "attack_over": Rule(battle.attack_over),
    "respond": Rule(cards.respond_done, cards.respond_legal),
    "give": Rule(cards.give_done, cards.give_legal),
    "lure": Rule(cards.lure_done, cards.lure_legal),
}

FLOW = Flow(
    rules={name: Rule(_guard(rule.resolve), rule.legal) for name, rule in RULES.items()},
    phases={
        "setup": Phase(setup.begin_setup, lambda state: "supply"),
        "supply": Phase(supply.begin_supply, lambda state: "action"),
        "action": Phase(turns.begin_action, _after_action),
    },
)

Refusal = Callable[[State, Step, int, Action], Any]
REFUSALS: dict[str, Refusal] = {
    "armies": setup.armies_refusal,
    "supply": supply.supply_refusal,
    "extra": turns.extra_refusal,
    "transfer": turns.transfer_refusal,
    "attack": attack.attack_refusal,
    "retreat": battle.retreat_refusal,
    "turn": lambda state, step, seat, action: (attack.target_refusal(state, seat, action)
                                               or turns.transfer_start_refusal(state, seat,
                                                                               action)),
}


def refusal(state: State, seat: int, action: Action) -> Any:
    """A specific reason for an action that is not offered now, or None (the flow's generic
    refusal lists the choices)."""
    step = top(state)
    if step is None or step["rule"] not in REFUSALS:
        return None
    return REFUSALS[step["rule"]](state, step, seat, action)
