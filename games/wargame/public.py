"""The public state a seat's view carries beside its board (`view["public"]`): every fact the
rules read that the rest of the view leaves out, so a determiniser (games/wargame/sample.py)
can rebuild a whole state from the view alone. Nothing here is hidden from the seat:

- the options, the raw turn (the pick phase's is before the first), the seat order drawn
  (`pick_order`), the heirs and falls pending (W26b, W27), the troop ledger;
- the flow: its phase and its stack, without a pending alliance offer the seat is no party
  to (W33.2, as `flow` shows the step it interrupts), without another seat's answer to a
  simultaneous step (its secret selection, W18b: only that it answered) and without the
  data of an order another seat is building (its `draft`, W33.6: only the step's rule);
- the generals the board leaves out (waiting, dead, exited), but for `opt.hide_zaiya`
  the free and the waiting ones, which are then `unplaced` (W5.5b: only counts are shown);
- the 天命札 cards drawn so far from each period's deck: the deck holds the others, in an
  order nobody knows;
- the battle's parts `battle` leaves out that are not secret: its stage, and a proposed
  loss split without its shares for anyone but the proposer and the majors who vote on it
  (W17.4.2, W33.2). A secret selection's drafts (W18b) stay out: the sides the rules field
  without a choice follow from the board (`combat.chooses`)."""

from __future__ import annotations

from typing import Any

from games.core.flow import top
from games.wargame import alliance
from games.wargame.data import WargameData

State = dict[str, Any]
HIDDEN_TILL_PLACED = ("zaiya", "waiting")  # with opt.hide_zaiya
DRAFTS = ("levy", "diplo", "block", "invade", "move")  # an order being built, one choice a time


def public(state: State, data: WargameData, seat: int | None) -> dict[str, Any]:
    hidden = bool(state["options"]["hide_zaiya"])
    generals = state["generals"]
    shown = {g: dict(s) for g, s in generals.items()
             if s["state"] not in ("nation", "zaiya")
             and not (hidden and s["state"] in HIDDEN_TILL_PLACED)}
    return {
        "options": dict(state["options"]), "turn": state["turn"],
        "pick_order": list(state["pick_order"]), "heirs": list(state["heirs"]),
        "falls": list(state["falls"]), "ledger": dict(state["ledger"]),
        "flow": {"phase": state["flow"]["phase"], "stack": _stack(state, seat)},
        "generals": shown,
        "unplaced": sorted(g for g, s in generals.items()
                           if s["state"] in HIDDEN_TILL_PLACED) if hidden else None,
        "drawn": {p: [c for c in ids if c not in state["decks"][p]]
                  for p, ids in ((str(p), ids) for p, ids in data.decks.items())},
        "battle": _battle(state, seat),
    }


def _stack(state: State, seat: int | None) -> list[dict[str, Any]]:
    stack = state["flow"]["stack"]
    step = top(state)
    if step is not None and alliance.pending_offer(step) \
            and seat not in alliance.offer_seats(state, str(step["data"]["ally"])):
        stack = stack[:-1]
    return [_step(s, seat) for s in stack]


def _step(step: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A step as `seat` may see it: of a simultaneous step, only whether another seat has
    answered (`True`), never what; of an order another seat is building (`DRAFTS`), only
    its rule (its data is that seat's `draft`, W33.6)."""
    answers = list(step["answers"])
    if step["kind"] == "simultaneous":
        answers = [a if s == seat or not a else True for s, a in zip(step["seats"], answers,
                                                                     strict=True)]
    hidden = step["rule"] in DRAFTS and seat not in step["seats"]
    return {**step, "answers": answers, "data": None if hidden else step["data"]}


def _battle(state: State, seat: int | None) -> dict[str, Any] | None:
    b = state["battle"]
    if b is None:
        return None
    split = b["split"]
    if split is not None:
        by = state["nations"][state["step"]["nation"]]["seat"]
        if split["verdict"] is None and seat != by and seat not in split["voters"]:
            split = {**split, "shares": None}
    return {"stage": b["stage"], "split": split}
