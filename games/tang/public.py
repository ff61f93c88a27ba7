"""The public facts of a Tang table that its rules read and a view must carry (spec T9):
the options, the whole flow stack, and the battle's working fields.

A search that sees only a seat's view (games/tang/sample.py) rebuilds the state from them, so
they are shown to everyone, but for what a seat is still deciding: the choices it has made in
a decision it builds over several actions (an attack's target and musters, a transfer, where a
retreat goes) are told by no line until the decision is complete, so only the seat that owes
the step reads them, and another seat's secret pick shows only that it was made."""

from __future__ import annotations

from typing import Any

from games.core.flow import Step, flow_of
from games.tang.model import State

# Per rule, the keys of a step's data that hold its seat's choices not told yet: the whole of
# an attack (T3.4.2) and a transfer (T3.6) until they are declared, a retreat's or a fallen
# capital's destination not yet moved to (T3.4.4, T3.5.2), the city a placement is about to
# fill (T1.1.9, T2.5), and the stage each is in (which says what was chosen).
PRIVATE: dict[str, frozenset[str]] = {
    "attack": frozenset({"target", "defender", "musters", "andu", "source", "via", "stage"}),
    "transfer": frozenset({"source", "target", "count", "generals", "stage"}),
    "retreat": frozenset({"stage", "to"}),
    "fall": frozenset({"stage", "to", "from"}),
    "supply": frozenset({"stage", "city"}),
    "armies": frozenset({"city"}),
}
ANSWERED = "answered"  # a secret answer another seat gave, as a view shows it


def public_block(state: State, seat: int | None) -> dict[str, Any]:
    """The options, the flow stack (bottom first) as `seat` may see it, and the battle in
    full (its pre-battle situation, the skills used in it, its result so far)."""
    flow = flow_of(state)
    battle = state.get("battle")
    return {"options": dict(state["options"]),
            "flow": {"phase": flow["phase"],
                     "stack": [public_step(step, seat) for step in flow["stack"]]},
            "battle": None if battle is None else dict(battle), "fought": state["fought"]}


def public_step(step: Step, seat: int | None) -> dict[str, Any]:
    """A step as `seat` sees it: its own choices in full, another seat's without the private
    keys, and the answers of a secret step other than its own only as given."""
    owes = seat is not None and seat in step["seats"]
    hidden = frozenset() if owes else PRIVATE.get(step["rule"], frozenset())
    secret = step["kind"] == "simultaneous"
    answers = [answer if answer is None or not secret or owner == seat else ANSWERED
               for owner, answer in zip(step["seats"], step["answers"], strict=True)]
    return {"kind": step["kind"], "rule": step["rule"], "seats": list(step["seats"]),
            "answers": answers, "data": {k: v for k, v in step["data"].items() if k not in hidden}}
