"""The rule a refusal names (issue 30 item 6, "Why can't I?"), by its id in the spec
(three-kingdoms-redux.spec.md numbers its rules R7.5.2, R8.4.13.8 …); each id's title is
in locales/rules.toml.

A refusal of a specific move names the rule it breaks where it is raised (`cite("R7.5.2")`).
A move of a kind the step does not take names the rule of the step: what it lets the
player do (recruit, choose the alliance action, place a general, perform won actions).
Inside a won action, a move that is not one of its choices names that action's rule
(R8.4.1 … R8.4.14), and a later decision of it (`state["doing"]["stage"]`) the sub-rule
that asks for it."""

from __future__ import annotations

from games.core.errors import rule_term
from games.core.messages import Term

# The step owing a decision (state["step"]) -> the rule of what it lets the player do.
STEP_RULES = {
    "pick": "R7.1.2", "alliance": "R7.2.3", "bid": "R7.7.2", "resolve": "R8.3.1",
    "reward": "R8.4.14.3", "benefits": "R8.6.2", "over": "R11.1",
}
# A won action (rules.ACTIONS) -> the rule of its effect.
ACTION_RULES = {
    "farm": "R8.4.1", "market": "R8.4.2", "trade": "R8.4.3", "instructor": "R8.4.4",
    "build": "R8.4.5", "spear_horse": "R8.4.6", "crossbow_ship": "R8.4.7",
    "recruit": "R8.4.8", "train": "R8.4.9", "tribute": "R8.4.10", "support": "R8.4.11",
    "emperor": "R8.4.12", "battle_shu_wei": "R8.4.13", "battle_shu_wu": "R8.4.13",
    "battle_wei_wu": "R8.4.13", "xiongnu": "R8.4.14", "shanyue": "R8.4.14",
    "nanman": "R8.4.14",
}
# A later decision of an action or benefit in progress -> the rule that asks for it; taking
# or giving weapons of the player's choice belongs to the action that yields them.
STAGE_RULES = {"weapons": "R8.4.3.3", "import": "R8.4.4.3", "reward": "R8.4.14.3",
               "exchange": "R8.6.1"}
BENEFITS = "R8.6.1"  # weapons taken from an end-of-round benefit (no action in progress)


def cite(rule: str) -> Term:
    """The catalog term of one of Redux's rules: cite("R7.5.2")."""
    return rule_term("redux", rule)


def step_rule(step: str) -> Term:
    """The rule of the step owing a decision, for a move of a kind it does not take."""
    return cite(STEP_RULES[step])


def action_rule(action: str) -> Term:
    """The rule of a won action's effect (R8.4.x)."""
    return cite(ACTION_RULES[action])


def stage_rule(doing: dict) -> Term:
    """The rule of the decision an action or benefit in progress asks for."""
    if doing["stage"] in STAGE_RULES:
        return cite(STAGE_RULES[doing["stage"]])
    return action_rule(doing["action"]) if doing["action"] else cite(BENEFITS)
