"""The rule a refusal names (issue 30 item 6, "Why can't I?"), by its id in the spec
(record-of-the-three-kingdoms.spec.md numbers its rules R7.4, A3, P1 …); each id's title
is in locales/rules.toml.

A refusal of a specific move names the rule it breaks where it is raised (`cite("R8.1")`).
A move the moment does not take at all (`not_now`: the wrong verb for the decision owed)
names the rule of that decision instead: what this step lets the player do. The steps of a
General stratagem (discard, take, target, guess, amount) belong to the card being resolved,
so they name that card's R10 rule (its deck step: A5, one deck of the player's choice);
stationing a general names the rule that put the city in the seat's hands (built, captured
or assassinated)."""

from __future__ import annotations

from games.core.errors import rule_term
from games.core.messages import Term
from games.record.data import key_of

# The decision owed (its step in games/record/flow.py) -> the rule of what it lets the
# player do.
STEP_RULES = {
    None: "R18",  # the game is over: it ended with the round of its trigger
    "lord": "R4.2", "draft": "R4.3.2", "extra": "R6.1", "advisor": "R6.1", "keep": "R7.3",
    "draw_deck": "A3", "deck": "A5", "main": "R7.4", "attack_general": "R11.3",
    "attack_stratagem": "R11.4", "defence": "R11.5", "arrange": "R13.4",
}
# A General stratagem that asks its player a choice (kind key) -> its rule of resolution.
STRATAGEM_RULES = {
    "pao_zhuan_yin_yu": "R10.1", "tao_yuan_jie_yi": "R10.4", "shun_shou_qian_yang": "R10.5",
    "cao_chuan_jie_jian": "R10.6", "long_luo_zhi_ji": "R10.7", "an_sha_ji": "R10.8",
}
# How the city to station a general in came to the seat -> the rule that stations it.
STATION_RULES = {"build": "R8.3", "capture": "R14.1", "assassinate": "R10.8"}


def cite(rule: str) -> Term:
    """The catalog term of one of Record's rules: cite("R8.1")."""
    return rule_term("record", rule)


def step_rule(decision: str | None, pending: dict | None) -> Term:
    """The rule of the decision owed now, for a move it does not take."""
    pending = pending or {}
    if decision == "station":
        return cite(STATION_RULES[pending["source"]])
    card = pending.get("card")
    if decision not in STEP_RULES and card:
        return cite(STRATAGEM_RULES[key_of(card)])
    return cite(STEP_RULES[decision])
