"""Who plays after the seat now awaited, when the rules leave no doubt: the heads-up "you
are next" (bot/playbypost/clock.py) is sent only then.

The engines have no common notion of a turn order (a round's order may change with a bid, a
seat may be skipped, a turn may hold several decisions), so the answer is read from the rules
themselves: every choice open to the awaited seat is tried (and, while the seat keeps the
turn, every choice after it), and the next seat is certain when all of them hand the turn to
the same one other seat. Nothing is certain, and None is the answer, when the choices lead
to different seats or to several at once, when chance takes part (a draw must not leak), when
the game could end, or when the choices are too many to try (`BUDGET`): a heads-up that turns
out wrong is worse than none.

Only the choices anyone could know the seat has are tried: a choice naming one of the seat's
secrets (a card in its hand, a general it keeps face down) is left out, since whether the
heads-up comes would otherwise tell the next player what that hand holds. A seat with such
secrets may still change the order with one, which the heads-up then says (`Ahead.unless`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.core import CHANCE, Action, Game, GameError, State

BUDGET = 64  # actions tried at most: about 10 ms in Three Kingdoms Redux and in Scythe


@dataclass(frozen=True)
class Ahead:
    """The seat that plays next, and whether the awaited seat holds secrets that might
    change that (the heads-up then says "unless they play a card that changes it")."""

    seat: int
    unless: bool


def next_seat(engine: Game, state: State, seat: int, budget: int = BUDGET) -> Ahead | None:
    """Who plays after `seat` whatever it chooses openly; None when that is not certain."""
    following = certain_next(engine, state, seat, budget)
    if following is None:
        return None
    return Ahead(following, bool(engine.secrets(state).get(seat)))


def certain_next(engine: Game, state: State, seat: int, budget: int = BUDGET) -> int | None:
    """The one seat that owes the next decision after `seat` ends its turn, whatever
    `seat` chooses of the choices that name none of its secrets; None when that is not
    certain (or when every choice it has names one)."""
    frontier, found, tried = [state], set[int](), 0
    while frontier:
        current = frontier.pop()
        for action in _open_choices(engine, current, seat):
            tried += 1
            if tried > budget:
                return None
            try:
                after, events = engine.apply(current, seat, action)
            except GameError:
                return None
            if any(e.kind == CHANCE for e in events) or engine.result(after) is not None:
                return None
            due = engine.to_act(after)
            if due == {seat}:
                frontier.append(after)
                continue
            if len(due) != 1 or seat in due:
                return None
            found |= due
            if len(found) > 1:
                return None
    return next(iter(found)) if len(found) == 1 else None


def _open_choices(engine: Game, state: State, seat: int) -> list[Action]:
    """The seat's legal actions that name none of its secrets (as a whole argument, or as
    one of the ids an argument lists: `select g1,g2`, `play card:7`)."""
    hidden = engine.secrets(state).get(seat, set())
    return [a for a in engine.legal_actions(state, seat)
            if not any(part in hidden for arg in a.args
                       for part in (str(arg), *_ID_PARTS.split(str(arg))))]


_ID_PARTS = re.compile(r"[,;/+]")
