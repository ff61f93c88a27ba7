"""The Tang game's flow on the shared machine (games.core.flow): its phases and step rules,
the end of the game (T4.1), and the specific refusals of actions that are not offered
(TangGame, a games.core.flowgame.FlowGame, asks them)."""

from __future__ import annotations

from games.core.flow import Flow, Phase, Rule
from games.core.flowgame import Refusal
from games.tang import attack, battle, cards, setup, supply, turns
from games.tang.citations import rule
from games.tang.model import State, controlled, data_of


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
    "pick": Rule(setup.pick_done, setup.pick_legal, cites=rule("T1.1.1")),
    "swap": Rule(setup.swap_done, setup.swap_legal, cites=rule("T1.1.3")),
    "first": Rule(setup.first_drawn, cites=rule("T1.1.5")),
    "color": Rule(setup.color_done, setup.color_legal, cites=rule("T1.1.6")),
    "capital": Rule(setup.capital_done, setup.capital_legal, cites=rule("T1.1.7")),
    "claim_next": Rule(setup.claim_next, cites=rule("T1.1.8")),
    "claim": Rule(setup.claim_done, setup.claim_legal, cites=rule("T1.1.8")),
    "armies": Rule(setup.armies_done, setup.armies_legal, cites=rule("T1.1.9")),
    "wbegin": Rule(supply.wbegin, cites=rule("T8.2")),
    "wstep": Rule(supply.wstep_done, supply.wstep_legal, cites=rule("T8.2")),
    "supply": Rule(supply.supply_done, supply.supply_legal, cites=rule("T2.5")),
    "turn_next": Rule(turns.turn_next, cites=rule("T3.3")),
    "turn": Rule(turns.turn_done, turns.turn_legal, cites=rule("T3.2.2")),
    "turn_end": Rule(turns.turn_end, cites=rule("T3.3")),
    "extra": Rule(turns.extra_done, turns.extra_legal, cites=rule("T3.3")),
    "transfer": Rule(turns.transfer_done, turns.transfer_legal, cites=rule("T3.6")),
    "attack": Rule(attack.attack_done, attack.attack_legal, cites=rule("T3.4.2")),
    "retreat": Rule(battle.retreat_done, battle.retreat_legal, cites=rule("T3.4.4")),
    "battle_start": Rule(battle.battle_start, cites=rule("T3.4.3")),
    "bwin": Rule(battle.bwin_done, battle.bwin_legal, cites=rule("T8.4")),
    "battle_end": Rule(battle.battle_end, cites=rule("T3.4.5")),
    "relocate": Rule(battle.relocate_done, battle.relocate_legal, cites=rule("T3.4.5")),
    "fall": Rule(battle.fall_done, battle.fall_legal, cites=rule("T3.5.2")),
    "attack_over": Rule(battle.attack_over, cites=rule("T3.4.5")),
    "respond": Rule(cards.respond_done, cards.respond_legal, cites=rule("T8.3")),
    "give": Rule(cards.give_done, cards.give_legal, cites=rule("T7.5")),
    "lure": Rule(cards.lure_done, cards.lure_legal, cites=rule("T7.5")),
}

FLOW = Flow(
    rules=RULES,
    phases={
        "setup": Phase(setup.begin_setup, lambda state: "supply"),
        "supply": Phase(supply.begin_supply, lambda state: "action"),
        "action": Phase(turns.begin_action, _after_action),
    },
    over=lambda state: bool(state.get("over")),  # once the game has ended (T4.1)
)

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

