"""Which rule of the spec (shared/rules/scythe.spec.md, `S<n>.<m>`) a refusal names (issue 30
item 6, "Why can't I?"): a player who asks for a move that is not possible reads the rule that
stops it, "(Rule S8.11: a unit moves once per Move)".

A refusal that says why (a `scythe.refuse.<why>` message of a frame's `refuse`) names the rule
behind that why (`REFUSALS`). The generic one, "`x` is not possible now. You can: …", says only
what the frame offers, so it names the rule of the decision the frame asks for (`FRAMES`): what
the player may do at this point of the turn. Titles are in `locales/rules.toml`."""

from __future__ import annotations

from games.core.errors import rule_term
from games.core.messages import Msg, Said, Term

GAME = "scythe"
PLAYER_COUNT = "S20"  # Player-count notes: the base game is for 2 to 5 players
CANNOT_PAY = "S5.2"  # the full cost first, or no action

FRAMES: dict[str, str] = {
    "draft": "S3.7",  # a faction mat and a player mat per player
    "section": "S4.1",  # place the action token on another section
    "top": "S4.1",  # that section's top-row action, once, or not
    "bottom": "S4.1",  # that section's bottom-row action, once, or not
    "end": "S4.7",  # the turn passes on
    "trade": "S6.3",
    "produce": "S6.4",
    "upgrade": "S7.1",
    "deploy": "S7.2",
    "build": "S7.3",
    "enlist": "S7.4",
    "pay": "S2.8",  # resources spent from territories one controls
    "move": "S8.1",  # up to N different units, one at a time
    "step": "S8.3",  # a step goes to a territory adjacent for that unit
    "combat_order": "S13.2",
    "artillery": "S10.6",
    "commit": "S13.5",
    "retreat": "S10.6",  # Seaworthy: onto an adjacent lake instead of home
    "encounter": "S14.2",
    "take": "S14.3",  # an encounter's gains go on the character's territory
    "count": "S5.3",  # a benefit may be taken in part
    "factory_pick": "S15.2",
    "factory_top": "S15.4",
    "factory_bottom": "S8.14",
    "offer": "S20.4",
    "answer": "S20.4",
}

REFUSALS: dict[str, str] = {
    "scythe.refuse.section_form": "S4.1",
    "scythe.refuse.same_section": "S4.1",
    "scythe.refuse.no_factory_card": "S15.3",
    "scythe.refuse.objective_turn": "S16.2",
    "scythe.refuse.objective_not_held": "S16.2",
    "scythe.refuse.objective_unmet": "S16.2",
    "scythe.refuse.objective_star": "S16.3",
    "scythe.refuse.top_action": "S4.1",
    "scythe.refuse.cannot_pay_skip": CANNOT_PAY,
    "scythe.refuse.bottom_cost": CANNOT_PAY,
    "scythe.refuse.cannot_pay": CANNOT_PAY,
    "scythe.refuse.option_cost": "S14.2",
    "scythe.refuse.option_form": "S14.2",
    "scythe.refuse.option_again": "S9.5",  # Meander: two different options
    "scythe.refuse.trade_no_territory": "S6.3",
    "scythe.refuse.produce_nothing": "S6.4",
    "scythe.refuse.unit_moved": "S8.11",
    "scythe.refuse.worker_pinned": "S8.9",
    "scythe.refuse.worker_blocked": "S8.9",
    "scythe.refuse.unit_stuck": "S8.3",
    "scythe.refuse.step_far": "S8.3",
    "scythe.refuse.factory_option": "S15.4",
    "scythe.refuse.deals_off": "S20.4",  # offers are made at the section frame
    "scythe.refuse.offer_when": "S20.4",
    "scythe.refuse.offer_no_coins": "S20.4",
    "scythe.refuse.offered_all": "S20.4",
    "scythe.refuse.offer_form": "S20.4",
}


def rule(game_rule: str) -> Term:
    """The catalog term of one of Scythe's rules: rule("S5.2")."""
    return rule_term(GAME, game_rule)


def cited(frame_kind: str, refusal: Said) -> Term:
    """The rule a refusal at a frame of this kind names: the one behind its why when it says
    one, else the rule of the decision the frame asks for."""
    key = refusal.key if isinstance(refusal, Msg) else ""
    return rule(REFUSALS.get(key, FRAMES[frame_kind]))
