"""Which rule of the spec (shared/rules/sangokushi-engi-wargame.spec.md, the bold `W<n>.<m>`
ids) a refusal names (issue 30 item 6, "Why can't I?"), so a player reads why an order is not
possible: "(Rule W16.6: each source sends a general and a troop)".

Each step of the flow cites the rule it follows (`Rule.cites` in games/wargame/game.py), which
the shared flow names when it refuses a move the step does not offer; each refusal raised in
this package names its rule where it is raised. An invasion order is checked in one place
(`orders.invasion_problem`, W16a), whose first broken condition is worded by its message key:
`INVASION` gives each the rule behind it. Titles are in `locales/rules.toml`."""

from __future__ import annotations

from games.core.errors import rule_term
from games.core.messages import Msg, Term

GAME = "wargame"
INVASION_ORDER = "W16a"  # the conditions of a legal invasion order
SCENARIOS = "W28.1"  # the scenarios, their players and their data
BATCH = "W33.4"  # batch entry and battle plans
TEXT_FORMS = "W33.3"  # the orders' text forms
SELECTION = "W18b"  # how many generals an army chooses
GOZOKU_ALLIANCE = "W14.2"  # adjacent 豪族 areas are allied as one group
REDEPLOY = "W25a"  # each unit moves at most once per redeploy step

INVASION: dict[str, str] = {
    "wargame.refuse.invade_target": "W12b",  # no coalition member invades another's area
    "wargame.refuse.invade_empty": "W16.7",  # the invader states the units used
    "wargame.refuse.invade_source": INVASION_ORDER,  # adjacent, no marker, may act
    "wargame.refuse.general_busy": "W9.7",  # a unit acts at most once per action step
    "wargame.refuse.troops_busy": "W9.7",
    "wargame.refuse.gozoku_keep": "W14.4.2",
    "wargame.refuse.contingent": "W16.6",
    "wargame.refuse.gozoku_joint": "W14.4.4",
    "wargame.refuse.gozoku_ratio": "W14.4.3",
    "wargame.refuse.joint_only": "W12a",
    "wargame.refuse.allowance": "W12a",
    "wargame.refuse.minor_troops": "W13.6.2",
    "wargame.refuse.minor_generals": "W13.6.2",
}


def rule(game_rule: str) -> Term:
    """The catalog term of one of the wargame's rules: rule("W16.6")."""
    return rule_term(GAME, game_rule)


def invasion_rule(problem: Msg) -> Term:
    """The rule an invasion order breaks, by the message that says how (W16a otherwise)."""
    return rule(INVASION.get(problem.key, INVASION_ORDER))
