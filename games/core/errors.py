"""Typed errors an engine raises. Their message is shown to a player (worded in the reader's
language when it is a `Msg`), so it must say what was wrong and what to do instead.

A refusal that a rule of the rulebook makes names that rule (`rule`): the `Term` of its
title in the game's catalog, `<game>.rule.<id>` with the id as the game's spec numbers it
("record.rule.R7.4"). The player then reads why, not only that: "R7.4: one attack per
action" (`GameError.cited`)."""

from __future__ import annotations

from games.core.messages import Said, Term, msg

RULE_KEY = ".rule."  # a rule's catalog key: <game>.rule.<id>


class GameError(Exception):
    """Base class: the action was refused and the state is unchanged."""

    def __init__(self, message: Said, rule: Term | None = None) -> None:
        super().__init__(message)
        self.message, self.rule = message, rule

    def __str__(self) -> str:
        return str(self.cited)

    @property
    def cited(self) -> Said:
        """The refusal followed by the rule that makes it, where it names one."""
        if self.rule is None:
            return self.message
        return msg("engine.refused_by_rule", refusal=self.message, rule=rule_id(self.rule),
                   title=self.rule)


def rule_term(game: str, rule: str) -> Term:
    """The catalog term of a rule's title: rule_term("record", "R7.4")."""
    return Term(f"{game}{RULE_KEY}{rule}")


def rule_id(term: Term) -> str:
    """The rule's id as its game's spec numbers it: "R7.4" of "record.rule.R7.4"."""
    return term.key.partition(RULE_KEY)[2]


class IllegalAction(GameError):
    """The action breaks a rule ("Zhao Yun can lead at most 2 units")."""


class NotYourTurn(GameError):
    """The seat owes no decision right now."""


class MalformedAction(GameError):
    """The action text could not be read; the message shows the expected form."""
