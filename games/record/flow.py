"""Record's flow on the shared machine (games.core.flow), over the fields its rules keep:
`phase` (lords, draft, advisors, actions, over) and one `pending` decision of the action
(never a stack: a stratagem or a battle asks one thing at a time). `owed` reads them as the
step owed now, one step per decision of the rulebook; each step's rule plays the answer
through the module that owns it (setup, advisors, turn, stratagems, battle), and what that
changes in the fields names the next step. RecordGame (a games.core.flowgame.FlowGame) takes
its prompts and refusals from here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, Event, GameError, IllegalAction, MalformedAction
from games.core.flow import Flow, Rule, Step, chance, simultaneous
from games.core.flow import turn as turn_of
from games.core.messages import Msg, Seat, msg
from games.record import advisors, battle, setup, stratagems, turn
from games.record.citations import STEP_RULES, cite, step_rule
from games.record.data import CARDS, DATA, RULES, key_of, term
from games.record.state import State, left_of, player

# The moves are typed as `<verb> <arguments>` (a card by its id or short name, a seat
# 1-based): the verbs of HANDLERS, with one argument unless ARITY says otherwise.
ARITY = {"paydraw": 0, "yuanshu": 0, "luoyang": 0, "end": 0, "arrange": 3}
NUMERIC = {"extra", "guess", "amount", "arrange", "liubei"}
# -- the steps, as the rulebook orders them ------------------------------------------------
def owed(state: State) -> Step | None:
    """The step owed now, read from the fields the rules keep; None once the game is over."""
    phase = state["phase"]
    if phase == "actions":  # R7: the active seat's step C, or what its move asks now
        pending = state["pending"]
        if pending is None:
            return turn_of("main", state["active"])
        if pending["kind"] == "arrange":  # R13.4: both sides arrange, in secret
            return simultaneous("arrange", pending["seats"])
        return turn_of(pending["kind"], pending["seat"])
    if phase == "lords":  # R4.2: each seat in turn keeps its lord
        return turn_of("lord", setup.lord_picker(state))
    if phase == "draft":  # R4.3: every seat keeps one card of its packet, then passes it
        draft = state["draft"]
        if draft is None:
            return chance("round")
        return simultaneous("draft", [s for s, done in enumerate(draft["picked"]) if not done])
    if phase == "advisors":  # R6.1: each seat in turn buys extra draws, then keeps one
        selection = state["selection"]
        if selection is None:
            return chance("actions")
        return turn_of("advisor" if selection["drawn"] else "extra", advisors.chooser(state))
    return None


def _first_round(state: State, step: Step) -> list[Event]:
    """R5: once the draft is over (R4.4), round 1 begins with the advisors."""
    state["round"] = 1
    return advisors.start_selection(state)


def _first_action(state: State, step: Step) -> list[Event]:
    """R7: once every seat kept its advisor, the start player's action begins."""
    state["phase"] = "actions"
    return turn.start_action(state, state["start_player"])


def _play(state: State, step: Step, seat: int, action: Action) -> list[Event]:
    """The answer, its cards named by id or short name, applied by the rule module of its
    move; the deck step of a stratagem (A5) draws for the card, the draw step's `deck` (A3)
    for the action."""
    args: tuple[Any, ...] = tuple(_resolve_card(state, seat, a) for a in action.args)
    if step["rule"] == "deck":
        return stratagems.choose_deck(state, seat, *args)
    return HANDLERS[action.kind](state, seat, *args)


def _main_actions(state: State, seat: int) -> list[Action]:
    return (turn.build_actions(state, seat) + stratagems.play_actions(state, seat)
            + battle.attack_actions(state, seat) + turn.ability_actions(state, seat)
            + [Action("end", (), label=msg("record.label.end"))])


Offers = Callable[[State, int], list[Action]]
_MAIN = ("build", "play", "attack", "liubei", "yuanshu", "luoyang", "end")
_STRATAGEM = stratagems.pending_actions
# Each decision: what it offers a seat, and the verbs it takes (another is refused at once).
DECISIONS: dict[str, tuple[Offers, tuple[str, ...]]] = {
    "lord": (setup.lord_actions, ("lord",)), "draft": (setup.draft_actions, ("draft",)),
    "extra": (advisors.selection_actions, ("extra",)),
    "advisor": (advisors.selection_actions, ("advisor",)),
    "keep": (turn.keep_actions, ("keep",)),
    "draw_deck": (turn.draw_deck_actions, ("deck", "paydraw")),
    "main": (_main_actions, _MAIN), "station": (turn.station_actions, ("station",)),
    "discard": (_STRATAGEM, ("discard",)), "deck": (_STRATAGEM, ("deck",)),
    "take": (_STRATAGEM, ("take",)), "target_seat": (_STRATAGEM, ("target",)),
    "target_city": (_STRATAGEM, ("target",)), "guess": (_STRATAGEM, ("guess",)),
    "amount": (_STRATAGEM, ("amount",)), "attack_general": (battle.general_actions, ("general",)),
    "attack_stratagem": (battle.attack_stratagem_actions, ("stratagem",)),
    "defence": (battle.defence_actions, ("defend",)), "arrange": (battle.arrange_actions,
                                                                  ("arrange",)),
}


def _decision(name: str, offers: Offers) -> Rule:
    """A decision's step: what it offers, each answer played, citing the rule of the
    decision (a station or stratagem step cites what asked it: `citations.step_rule`)."""
    return Rule(legal=lambda state, step, seat: offers(state, seat), play=_play,
                cites=cite(STEP_RULES[name]) if name in STEP_RULES else None)


STEPS = {"round": Rule(_first_round, cites=cite("R5")),
         "actions": Rule(_first_action, cites=cite("R5")),
         **{name: _decision(name, offers) for name, (offers, _) in DECISIONS.items()}}
FLOW = Flow(STEPS, owed=owed, over=lambda state: state["phase"] == "over")  # R18
# Every decision with exactly one answer is taken at once, except ending the action: the
# player declares it (R7.6), even when nothing else is possible.
SINGLE_ANSWERS = frozenset(STEPS) - {"main"}


# -- moves ---------------------------------------------------------------------------------
def _resolve_card(state: State, seat: int, arg: object) -> object:
    """Accept short card names (`xinye`, `hun_shui_mo_yu`) for the full ids, preferring the
    copy the seat holds; other words and numbers pass through unchanged."""
    if not isinstance(arg, str) or arg in CARDS or arg == "none":
        return arg
    word = arg.lower()
    matches = [c for c in CARDS if key_of(c) == word or c.split(":", 1)[1] == word]
    if not matches:
        return arg
    near = _cards_in_reach(state, seat)
    owned = [c for c in matches if c in near]
    return (owned or matches)[0]


def _cards_in_reach(state: State, seat: int) -> set[str]:
    """The cards `seat` may name now: its hand, packet, fresh draws and revealed cards."""
    cards = set(player(state, seat)["hand"])
    if state["draft"]:
        cards |= set(state["draft"]["packets"][seat])
    pending = state["pending"] or {}
    cards |= set(pending.get("cards", [])) | set(pending.get("revealed", []))
    return cards


def _well_formed(action: Action) -> bool:
    verb, args = action.kind, action.args
    if verb not in HANDLERS:
        return False
    arity = ARITY.get(verb, 1)
    if verb == "liubei":
        arity = len(args) if len(args) <= 1 else 1
    if len(args) != arity:
        return False
    return verb not in NUMERIC or all(isinstance(a, int) for a in args)


def not_now(state: State, seat: int, action: Action) -> Msg:
    """A refusal of a move this moment does not take: what the seat may do instead (the
    prompt of the decision owed), never the list of every move of the game."""
    return msg("record.refuse.not_now", action=action.text,
               instead=prompt(state, FLOW.top(state), seat) or msg("record.prompt.wait"))


def refusal(state: State, step: Step, seat: int, action: Action) -> GameError | None:
    """Why `action`, which the step does not offer, is refused for its form or its verb
    (citing the rule of the decision owed); None lets the step's rule module judge it (its
    own refusal cites the move's rule)."""
    if not _well_formed(action):
        return MalformedAction(not_now(state, seat, action),
                               rule=step_rule(step["rule"], state["pending"]))
    if action.kind not in DECISIONS[step["rule"]][1]:
        return IllegalAction(not_now(state, seat, action),
                             rule=step_rule(step["rule"], state["pending"]))
    return None


def _arrange(state: State, seat: int, *order: int) -> list[Event]:
    return battle.arrange(state, seat, tuple(order))


def _liubei(state: State, seat: int, *split: int) -> list[Event]:
    return turn.liu_bei(state, seat, split[0] if split else None)


def _end(state: State, seat: int) -> list[Event]:
    return end_action(state, seat)


HANDLERS: dict[str, Callable[..., list[Event]]] = {
    "lord": setup.choose_lord, "draft": setup.draft_pick, "extra": advisors.buy_extra,
    "advisor": advisors.keep_advisor, "keep": turn.keep, "deck": turn.draw_one,
    "paydraw": turn.pay_draw, "build": turn.build, "station": turn.station,
    "play": stratagems.play, "discard": stratagems.choose_discard, "take": stratagems.take,
    "target": stratagems.choose_target, "guess": stratagems.guess,
    "amount": stratagems.amount, "attack": battle.attack, "general": battle.commit_general,
    "stratagem": battle.commit_stratagem, "defend": battle.defend, "arrange": _arrange,
    "liubei": _liubei, "yuanshu": turn.yuan_shu, "luoyang": turn.luoyang, "end": _end,
}


# -- automatic steps -------------------------------------------------------------------------
def end_action(state: State, seat: int) -> list[Event]:
    """R7.6, then the next seat clockwise, or the payout and round end (R17-R19)."""
    n = len(state["players"])
    state["turn"], state["pending"] = None, None
    events = [Event(msg("record.action.ends", who=Seat(seat)))]
    if (seat - state["start_player"]) % n < n - 1:
        return events + turn.start_action(state, left_of(state, seat))
    events += advisors.payout(state)
    state["active"] = None
    if state["end_triggered"]:
        state["phase"] = state["step"] = "over"
        return events + [Event(msg("record.end.over"), kind="end")]
    state["start_player"] = left_of(state, state["start_player"])
    state["round"] += 1
    return events + advisors.start_selection(state)


# -- what a seat is asked --------------------------------------------------------------------
def prompt(state: State, step: Step | None, seat: int) -> Msg | None:
    """What `step` asks `seat` to decide (`record.prompt.<decision>`), or None when it owes
    nothing."""
    if step is None or seat not in FLOW.to_act(state):
        return None
    name, pending = step["rule"], state["pending"] or {}
    if name == "defence" and state["battle"]["attack_stratagem"]:
        name = "defence_added"
    return msg(f"record.prompt.{name}", **_prompt_params(state, name, seat, pending))


def _prompt_params(state: State, name: str, seat: int, pending: dict) -> dict[str, Any]:
    if name == "extra":
        return {"most": advisors.max_extra(state, seat)}
    if name == "draw_deck":
        return {"cost": RULES["advanced_draw_cost"]}
    if name == "station":
        return {"city": term(pending["city"])}
    if name == "guess":
        return {"low": RULES["guess_min"], "high": RULES["guess_max"]}
    if name == "amount":
        return {"most": min(player(state, seat)["coins"], max(DATA.battle_cards))}
    if name in ("defence", "defence_added"):
        fight = state["battle"]
        return {"attacker": Seat(fight["attacker"]), "city": term(fight["city"])}
    if name == "arrange":
        return {"cards": tuple(state["battle"]["top"][battle.side_of(state, seat)])}
    if name in ("discard", "deck", "target_seat", "target_city"):
        return {"card": term(pending["card"]) if pending.get("card") else ""}
    return {}
