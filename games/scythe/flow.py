"""The frame machine (docs/scythe-engine.md, "Frames and verbs"): who owes a decision, its legal
actions, dispatching an action to the module that owns the frame on top of the stack, and
`settle`, which runs automatic frames and answers forced questions until a real decision is
pending. Also the frames of the turn itself: `section` (S4.1), `end_turn`, `end` and the
passing of the turn, and objective reveals (S16.2), which are possible at any decision of the
player's own turn that the contract names (`section`, `bottom`, `end`).

Frame modules define `DECISIONS` (kind -> `Decision`) and `AUTOMATIC` (kind -> function). A
frame waiting for several seats at once (`"seats"`, the combat commit) gets the deciding seat
as a third argument: `legal(state, frame, seat)`, `apply(state, frame, action, seat)`; a seat
whose list is empty has already answered. The frame modules take `Decision` and the words
they share from `games/scythe/frames.py`, below this module, which imports them all."""

from __future__ import annotations

import math
from functools import cache

from games.core import Action, Event, IllegalAction, MalformedAction, NotYourTurn
from games.core.messages import Msg, msg
from games.scythe import (
    bottom,
    citations,
    combat,
    deals,
    encounter,
    factory,
    objectives,
    payment,
    rules,
)
from games.scythe import move as move_frames
from games.scythe import setup as setup_frames
from games.scythe import top as top_frames
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.frames import Automatic, Decision, new_turn, offered
from games.scythe.gains import award_star, place_deferred
from games.scythe.state import (
    Frame,
    State,
    frame_seats,
    left_of,
    pending,
    player,
    pop,
    push,
    top,
)

FRAME_MODULES = (setup_frames, top_frames, bottom, payment, move_frames, combat, encounter,
                 factory, deals)
ASKED = frozenset({"factory_pick"})  # the player looks at the cards even with one to keep
REVEAL_FRAMES = frozenset({"section", "bottom", "end"})  # where `objective <id>` is offered
MAX_STEPS = 10_000


# -- the joined tables -----------------------------------------------------------------------
@cache
def tables() -> tuple[dict[str, Decision], dict[str, Automatic]]:
    """Every module's frames, each kind owned by exactly one module."""
    decisions: dict[str, Decision] = dict(DECISIONS)
    automatic: dict[str, Automatic] = dict(AUTOMATIC)
    for module in FRAME_MODULES:
        own_decisions = getattr(module, "DECISIONS", {})
        own_automatic = getattr(module, "AUTOMATIC", {})
        twice = (set(decisions) | set(automatic)) & (set(own_decisions) | set(own_automatic))
        if twice:
            raise ValueError(f"frame kinds defined twice: {sorted(twice)} ({module.__name__})")
        decisions.update(own_decisions)
        automatic.update(own_automatic)
    return decisions, automatic


def _decision(frame: Frame) -> Decision | None:
    decisions, _ = tables()
    return decisions.get(frame["kind"])


def _owner(frame: Frame) -> Decision:
    """The handlers of a decision frame that a seat is known to owe."""
    decision = _decision(frame)
    if decision is None:
        raise AssertionError(f"no module owns the frame kind {frame['kind']!r}")
    return decision


# -- who acts, on what -----------------------------------------------------------------------
def to_act(state: State) -> set[int]:
    frame = top(state)
    if state["end"] is not None or frame is None:
        return set()
    decision = _decision(frame)
    if decision is None:
        return set()
    if "seats" in frame:
        return {s for s in frame_seats(frame) if decision.legal(state, frame, s)}
    return {frame["seat"]}


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    return _legal(state, pending(state), seat)


def _legal(state: State, frame: Frame, seat: int, enough: float = math.inf) -> list[Action]:
    """The frame's own actions, then a reveal frame's objectives, then a section's offer.
    `enough`: a caller that only asks whether there are that many (`settle`: is the answer
    forced?) gets the list cut short once it has them, before objectives and offers are
    judged; the objective conditions were the largest part of a playout's legal lists."""
    decision = _owner(frame)
    if "seats" in frame:
        return decision.legal(state, frame, seat)
    actions = decision.legal(state, frame)
    if frame["kind"] in REVEAL_FRAMES:
        actions = [a for a in actions if a.kind != "objective"]
        if len(actions) < enough:
            actions += objective_actions(state, seat)
    if frame["kind"] == "section" and len(actions) < enough:
        actions += deals.offers(state, seat)
    return actions


def _is_legal(state: State, frame: Frame, seat: int, action: Action) -> bool:
    """Whether `action` is in `_legal(state, frame, seat)`, building only the part of the list
    its verb can be in: a reveal frame's objectives only for `objective`, a section's offer
    only for `offer` (every action is validated, and most are neither)."""
    if "seats" in frame:
        return action in _owner(frame).legal(state, frame, seat)
    if frame["kind"] in REVEAL_FRAMES and action.kind == "objective":
        return action in objective_actions(state, seat)
    if frame["kind"] == "section" and action.kind == deals.OFFER:
        return action in deals.offers(state, seat)
    return action in _owner(frame).legal(state, frame)


def dispatch(state: State, seat: int, action: Action) -> list[Event]:
    """Apply one action of `seat` to the frame on top; refuse it, changing nothing, when it is
    not among the legal ones."""
    if seat not in to_act(state):
        raise NotYourTurn(msg("engine.not_your_turn"))
    frame = pending(state)
    if not _is_legal(state, frame, seat, action):
        reason = _refusal(state, frame, action, _legal(state, frame, seat))
        raise IllegalAction(reason, rule=citations.cited(frame["kind"], reason))
    return _carry_out(state, seat, frame, action)


def _carry_out(state: State, seat: int, frame: Frame, action: Action) -> list[Event]:
    """Apply an action already known to be legal for `seat` at `frame`."""
    if action.kind == "objective" and frame["kind"] in REVEAL_FRAMES:
        return reveal_objective(state, seat, action.word())
    if action.kind == "offer" and frame["kind"] == "section":
        return deals.begin_offer(state, seat, action)
    decision = _owner(frame)
    if "seats" in frame:
        return decision.apply(state, frame, action, seat)
    return decision.apply(state, frame, action)


def _refusal(state: State, frame: Frame, action: Action, legal: list[Action]) -> Msg:
    reason: Msg | None
    if action.kind == "objective":
        reason = _objective_refusal(state, frame["seat"], action)
    elif action.kind == "offer":
        reason = deals.refusal(state, frame, action)
    else:
        refuse = _owner(frame).refuse
        reason = refuse(state, frame, action) if refuse else None
    if reason:
        return reason
    return msg("scythe.refuse.not_now", action=action.text, choices=offered(legal))


def advance(state: State, events: list[Event]) -> None:
    """`settle` after an action, its events told after the action's (the engine's `_apply`,
    games/core/modular.py)."""
    events += settle(state)


def settle(state: State) -> list[Event]:
    """Run automatic frames and answer every question that has one possible answer, until a
    seat owes a real choice or the game is over. Simultaneous frames and the Factory pickup
    are always asked: answering them would show the others what a seat holds."""
    _, automatic = tables()
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        frame = top(state)
        if state["end"] is not None or frame is None:
            return events
        if frame["kind"] in automatic:
            events += automatic[frame["kind"]](state, frame)
            continue
        if _decision(frame) is None:
            raise AssertionError(f"no module owns the frame kind {frame['kind']!r}")
        if "seats" in frame or frame["kind"] in ASKED:
            return events
        legal = _legal(state, frame, frame["seat"], enough=2)
        if not legal:
            raise AssertionError(f"the {frame['kind']} frame of seat {frame['seat']} offers "
                                 "no action")
        if len(legal) > 1:
            return events
        events += _carry_out(state, frame["seat"], frame, legal[0])  # the one legal answer
    raise AssertionError(f"no decision after {MAX_STEPS} steps at {top(state)}")


# -- the section (S4.1) ------------------------------------------------------------------------
def section_arg(index: int) -> int | str:
    """Sections are written 1-4 in actions (0-3 in the state); the Factory card `factory`."""
    return "factory" if index == rules.FACTORY_SECTION else index + 1


def section_index(arg: int | str) -> int | None:
    if arg == "factory":
        return rules.FACTORY_SECTION
    return arg - 1 if isinstance(arg, int) and 1 <= arg <= 4 else None


def _section_of(action: Action) -> int:
    index = section_index(action.args[0])
    if index is None:
        raise MalformedAction(msg("scythe.refuse.section_form"))
    return index


def sections_open(state: State, seat: int) -> list[int]:
    """S4.1, S9.2, S15.3: any section but last turn's (Rusviet's Relentless may repeat), the
    Factory card as a fifth one when held."""
    p = player(state, seat)
    held = [*range(4), *([rules.FACTORY_SECTION] if p["factory_card"] else [])]
    if p["faction"] == "rusviet":
        return held
    return [s for s in held if s != p["last_section"]]


def _section_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("section", (section_arg(s),), label=section_label(state, frame["seat"], s))
            for s in sections_open(state, frame["seat"])]


def _section_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat, index = frame["seat"], _section_of(action)
    player(state, seat)["last_section"] = index
    state["turn"]["section"] = index
    pop(state)
    end = {"kind": "end_turn", "seat": seat}
    if index == rules.FACTORY_SECTION:
        push(state, {"kind": "factory_top", "seat": seat},
             {"kind": "factory_bottom", "seat": seat}, end)
    else:
        push(state, {"kind": "top", "seat": seat, "section": index},
             {"kind": "bottom", "seat": seat, "section": index}, end)
    return [Event(msg("scythe.places_token", who=w.who(seat),
                      section=section_label(state, seat, index)))]


def _section_refusal(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind != "section" or len(action.args) != 1:
        return None
    index, p = section_index(action.args[0]), player(state, frame["seat"])
    open_now = tuple(f"`section {section_arg(s)}`" for s in sections_open(state, frame["seat"]))
    if index is None:
        return msg("scythe.refuse.section_form")
    if index == rules.FACTORY_SECTION and not p["factory_card"]:
        return msg("scythe.refuse.no_factory_card", open=open_now)
    if index == p["last_section"]:
        return msg("scythe.refuse.same_section", section=section_label(state, frame["seat"], index),
                   open=open_now)
    return None


def section_label(state: State, seat: int, index: int) -> Msg:
    """`section 2 (Produce / Deploy)`, from the seat's mat."""
    return _section_label(player(state, seat)["mat"], index)


@cache
def _section_label(mat: str, index: int) -> Msg:
    """One message per mat and section (messages are immutable): every section decision
    labels its four or five choices, and building them was a visible cost of a playout."""
    if index == rules.FACTORY_SECTION:
        return msg("scythe.section.factory")
    section = board().mats[mat].sections[index]
    return msg("scythe.section", number=index + 1, top=w.action(section.top),
               bottom=w.action(section.bottom))


# -- the end of the turn ---------------------------------------------------------------------
def _end_turn(state: State, frame: Frame) -> list[Event]:
    """Stars still waiting are placed (S17.6); the player is asked to end the turn only when
    an objective could still be revealed (S4.4), else the turn passes."""
    events = place_deferred(state)
    if state["end"] is not None:
        return events
    pop(state)
    if objective_actions(state, frame["seat"]):
        push(state, {"kind": "end", "seat": frame["seat"]})
        return events
    return events + pass_turn(state)


def _end_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("end", (), label=msg("scythe.label.end"))]


def _end_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    return pass_turn(state)


def pass_turn(state: State) -> list[Event]:
    """S4.7: the next seat clockwise (`order`) takes its turn."""
    seat = left_of(state, state["active"])
    state["turn"] = new_turn()
    state["active"] = seat
    state["turn_number"] += 1
    push(state, {"kind": "section", "seat": seat})
    return [Event(msg("scythe.turn", turn=state["turn_number"], who=w.who(seat)))]


# -- objectives (S16.2) ------------------------------------------------------------------------
def objective_actions(state: State, seat: int) -> list[Action]:
    """Objectives the seat may reveal now: only on its own turn (S4.4)."""
    if seat != state["active"]:
        return []
    return [Action("objective", (oid,),
                   label=msg("scythe.label.reveal", objective=w.objective(oid)))
            for oid in objectives.revealable(state, seat)]


def reveal_objective(state: State, seat: int, objective_id: str) -> list[Event]:
    """S16.2: reveal a met objective, then put it and the other held objective face down at
    the bottom of the objective deck (Saxony keeps the other, S9.4); then the star, which may
    end the game (S18.1)."""
    p = player(state, seat)
    p["objectives"].remove(objective_id)
    p["objectives_done"].append(objective_id)
    returned = [objective_id]
    if p["faction"] != rules.UNLIMITED_STARS_FACTION:
        returned += p["objectives"]
        p["objectives"] = []
    state["decks"]["objective"][:0] = returned  # the bottom of a deck is its start
    key = "scythe.reveals_returns" if len(returned) > 1 else "scythe.reveals"
    events = [Event(msg(key, who=w.who(seat), objective=w.objective(objective_id)))]
    return events + award_star(state, seat, "objective")


def _objective_refusal(state: State, seat: int, action: Action) -> Msg:
    oid = str(action.args[0]) if len(action.args) == 1 else ""
    held = tuple(w.objective(o) for o in player(state, seat)["objectives"])
    if seat != state["active"]:
        return msg("scythe.refuse.objective_turn")
    if oid not in player(state, seat)["objectives"]:
        return msg("scythe.refuse.objective_not_held", held=held or msg("scythe.nothing"))
    if not objectives.met(state, seat, oid):
        return msg("scythe.refuse.objective_unmet", objective=w.objective(oid),
                   condition=w.objective_text(oid))
    return msg("scythe.refuse.objective_star")


# -- prompts ---------------------------------------------------------------------------------
PROMPTED = frozenset({  # `scythe.prompt.<kind>`
    "draft", "top", "factory_top", "factory_bottom", "pay", "move", "step", "trade", "produce",
    "bottom", "upgrade", "deploy", "build", "enlist", "combat_order", "artillery", "commit",
    "retreat", "encounter", "take", "count", "factory_pick", "end", "offer"})


def prompt(state: State, seat: int) -> Msg:
    """What `seat` is asked now, in one sentence; `scythe.prompt.none` when it owes nothing."""
    if seat not in to_act(state):
        return msg("scythe.prompt.none")
    kind = pending(state)["kind"]
    if kind == "section":
        open_now = tuple(f"`section {section_arg(s)}`" for s in sections_open(state, seat))
        key = "scythe.prompt.section_reveal" if objective_actions(state, seat) else \
            "scythe.prompt.section"
        return msg(key, open=open_now)
    if kind == "offer" and pending(state)["to"] is None:
        return msg("scythe.prompt.offer_to")
    if kind == "answer":
        frame = pending(state)
        return msg("scythe.prompt.answer", who=w.who(frame["giver"]),
                   what=w.amount("coins", frame["coins"]))
    return msg(f"scythe.prompt.{kind}" if kind in PROMPTED else "scythe.prompt.other")


def skip_action(state: State, seat: int) -> Action | None:
    """What a passed deadline plays for `seat`: only a coin offer's answer has a default, a
    refusal (S21.3: an optional step times out declined); other decisions wait."""
    if seat not in to_act(state):
        return None
    return deals.skip(state, pending(state))


DECISIONS: dict[str, Decision] = {
    "section": Decision(_section_legal, _section_apply, _section_refusal),
    "end": Decision(_end_legal, _end_apply),
}
AUTOMATIC: dict[str, Automatic] = {"end_turn": _end_turn}
