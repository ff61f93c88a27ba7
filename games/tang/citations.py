"""Which rule of the spec (shared/rules/tang-strategy.spec.md, the bold `T<n>.<m>` ids) a
refusal names (issue 30 item 6, "Why can't I?"), so a player reads why a move is not possible:
"(Rule T3.4.1: attack a city next to one of yours)".

Every step of the flow cites the rule it follows (`Rule.cites` in games/tang/flow.py): the
shared flow names it when it refuses a move the step does not offer. A refusal that says a
more precise why (`tang.refuse.<why>`, games/tang/flow.py `REFUSALS`) names the rule behind
that why, by the step it is made at, since one why can come from two rules (no 民生 left
stops a tax raise, T2.4.1, and an extra turn, T3.3). Titles are in `locales/rules.toml`."""

from __future__ import annotations

from games.core.errors import rule_term
from games.core.messages import Msg, Said, Term

GAME = "tang"
PACK = "T0.1"  # a data pack replaces the board (and the cards) of T0.1

BECAUSE: dict[tuple[str, str], str] = {
    ("turn", "tang.refuse.not_adjacent"): "T3.4.1",
    ("turn", "tang.refuse.truce"): "T3.4.1",  # a truce bars the other party as defender
    ("attack", "tang.refuse.truce"): "T3.4.1",
    ("turn", "tang.refuse.not_connected"): "T3.6",  # both cities connected to the capital
    ("supply", "tang.refuse.half_limit"): "T2.2.4",
    ("supply", "tang.refuse.tax_cut"): "T2.4.2",
    ("supply", "tang.refuse.minsheng_zero"): "T2.4.1",
}


def rule(game_rule: str) -> Term:
    """The catalog term of one of Tang's rules: rule("T3.4.1")."""
    return rule_term(GAME, game_rule)


def cited(step_rule: str, step_cites: Term | None, refusal: Said) -> Term | None:
    """The rule a refusal at a step names: the one behind its why, else the step's own."""
    key = refusal.key if isinstance(refusal, Msg) else ""
    found = BECAUSE.get((step_rule, key))
    return rule(found) if found else step_cites
