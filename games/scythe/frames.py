"""What the frame machine (`games/scythe/flow.py`) and the modules that own its frames share:
the handlers of a decision frame, the words that list what is possible now, and the turn's
record at its start. Below every frame module and the machine, so the machine can import the
modules that own its frames, which import this."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NamedTuple

from games.core import Action, Event
from games.core.messages import Msg, msg
from games.scythe.state import Frame, State

# An action's form that names a piece or a card by its id is not shown in a refusal: its label
# names it (the form stays on the button, apart).
INTERNAL_ID = re.compile(r"worker:|mech:|obj_|enc_|factory_\d|cc\d\d|home_")


class Decision(NamedTuple):
    """A decision frame's handlers. `refuse`, when given, words why an action that is not
    legal was refused better than the generic list of what is possible."""

    legal: Callable[..., list[Action]]
    apply: Callable[..., list[Event]]
    refuse: Callable[[State, Frame, Action], Msg | None] | None = None


Automatic = Callable[[State, Frame], list[Event]]


def offered(legal: list[Action], limit: int = 6) -> Msg:
    """A few of the actions possible now, by their labels and forms (`Gain $1` — `gain`), and
    how many more there are: never a list of dozens."""
    shown = tuple(msg("scythe.choice", label=a.label, form=a.text)
                  if a.label and not INTERNAL_ID.search(a.text) else a.label or f"`{a.text}`"
                  for a in legal[:limit])
    if len(legal) > limit:
        return msg("scythe.choices_more", choices=shown, more=len(legal) - limit)
    return msg("scythe.choices", choices=shown)


def new_turn() -> dict[str, Any]:
    """`state["turn"]` at the start of a turn: nothing done yet."""
    return {"section": None, "coerced": False, "events": [], "moved": {}, "deferred": [],
            "offered": []}
