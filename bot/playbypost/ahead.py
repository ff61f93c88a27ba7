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
"""

from __future__ import annotations

from games.core import CHANCE, Game, GameError, State

BUDGET = 64  # actions tried at most: about 10 ms in Three Kingdoms Redux and in Scythe


def certain_next(engine: Game, state: State, seat: int, budget: int = BUDGET) -> int | None:
    """The one seat that owes the next decision after `seat` ends its turn, whatever
    `seat` chooses; None when that is not certain."""
    frontier, found, tried = [state], set[int](), 0
    while frontier:
        current = frontier.pop()
        for action in engine.legal_actions(current, seat):
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
