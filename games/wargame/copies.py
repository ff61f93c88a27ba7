"""The copy of a wargame state that `apply` makes before changing it.

The contract's `apply` copies every game's state by pickle (games/core/game.py), and for
the wargame that copy was the largest single cost of an action after the legal choices:
its generals (a hundred and more small dicts) and areas alone are two thirds of it. Their
shape is fixed (games/wargame/board.py), so they are copied by that shape; the rest (the
flow, the step's context, the battle, whose rounds share lists with the battle itself) goes
through pickle, which keeps a list held twice one list."""

from __future__ import annotations

import pickle
from typing import Any

State = dict[str, Any]
# The parts copied by their shape; every other key goes through pickle.
SHAPED = ("generals", "areas", "decks", "options")


def copied(state: State) -> State:
    """A copy of `state` that shares nothing mutable with it."""
    rest = {k: v for k, v in state.items() if k not in SHAPED}
    new: State = pickle.loads(pickle.dumps(rest, pickle.HIGHEST_PROTOCOL))
    new["generals"] = {g: dict(s) for g, s in state["generals"].items()}
    new["areas"] = {a: {**s, "troops": dict(s["troops"])} for a, s in state["areas"].items()}
    new["decks"] = {p: list(ids) for p, ids in state["decks"].items()}
    new["options"] = dict(state["options"])
    return {k: new[k] for k in state}  # the keys in the state's own order
