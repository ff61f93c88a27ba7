"""The state machine: who owes which decision, the legal actions of that decision, parsing
and dispatching a move to its rule module, and the automatic steps between decisions (round
starts, payout, the end of the game, and any decision with exactly one possible answer)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.messages import Msg, Seat, msg
from games.record import advisors, battle, setup, stratagems, turn
from games.record.citations import step_rule
from games.record.data import CARDS, DATA, RULES, key_of, term
from games.record.state import State, left_of, player

# The moves, typed as `<verb> <arguments>` (a card by its id or short name, a seat 1-based).
FORMS = {
    "lord": "lord <lord_id>", "draft": "draft <card_id>", "extra": "extra <n>",
    "advisor": "advisor <advisor_id>", "keep": "keep <card_id>",
    "deck": "deck <stratagem|city_general>", "paydraw": "paydraw",
    "build": "build <city_id>", "station": "station <general_id>",
    "play": "play <stratagem_id>", "discard": "discard <card_id>",
    "take": "take <general_id|none>", "target": "target <seat|city_id>",
    "guess": "guess <force>", "amount": "amount <n>", "attack": "attack <city_id>",
    "general": "general <general_id>", "stratagem": "stratagem <stratagem_id|none>",
    "defend": "defend <stratagem_id|none>", "arrange": "arrange <front> <middle> <rear>",
    "liubei": "liubei (advanced: liubei <n from the Stratagem deck>)", "yuanshu": "yuanshu",
    "luoyang": "luoyang", "end": "end",
}
ARITY = {"paydraw": 0, "yuanshu": 0, "luoyang": 0, "end": 0, "arrange": 3}
NUMERIC = {"extra", "guess", "amount", "arrange", "liubei"}
MAIN = ("build", "play", "attack", "liubei", "yuanshu", "luoyang", "end")
VERBS_BY_DECISION = {
    "lord": ("lord",), "draft": ("draft",), "extra": ("extra",), "advisor": ("advisor",),
    "keep": ("keep",), "draw_deck": ("deck", "paydraw"), "main": MAIN,
    "station": ("station",), "discard": ("discard",), "deck": ("deck",), "take": ("take",),
    "target_seat": ("target",), "target_city": ("target",), "guess": ("guess",),
    "amount": ("amount",), "attack_general": ("general",), "attack_stratagem": ("stratagem",),
    "defence": ("defend",), "arrange": ("arrange",),
}
MAX_FORCED_STEPS = 10_000


# -- who acts, on what ----------------------------------------------------------------------
def to_act(state: State) -> set[int]:
    phase = state["phase"]
    if phase == "lords":
        return {setup.lord_picker(state)}
    if phase == "draft":
        draft = state["draft"]
        return {s for s, done in enumerate(draft["picked"]) if not done} if draft else set()
    if phase == "advisors":
        return {advisors.chooser(state)} if state["selection"] else set()
    if phase == "actions":
        pending = state["pending"]
        if pending is None:
            return {state["active"]}
        return set(pending["seats"]) if pending["kind"] == "arrange" else {pending["seat"]}
    return set()


def decision(state: State) -> str | None:
    """The kind of decision owed now (the same for every seat in `to_act`)."""
    phase = state["phase"]
    if phase in ("lords", "draft"):
        return "lord" if phase == "lords" else "draft"
    if phase == "advisors":
        return "advisor" if state["selection"]["drawn"] else "extra"
    if phase == "actions":
        return state["pending"]["kind"] if state["pending"] else "main"
    return None


def legal_actions(state: State, seat: int) -> list[Action]:
    owed = decision(state)
    if owed is None or seat not in to_act(state):
        return []
    return LEGAL[owed](state, seat)


def _main_actions(state: State, seat: int) -> list[Action]:
    return (turn.build_actions(state, seat) + stratagems.play_actions(state, seat)
            + battle.attack_actions(state, seat) + turn.ability_actions(state, seat)
            + [Action("end", (), label=msg("record.label.end"))])


LEGAL: dict[str, Callable[[State, int], list[Action]]] = {
    "lord": setup.lord_actions, "draft": setup.draft_actions,
    "extra": advisors.selection_actions, "advisor": advisors.selection_actions,
    "keep": turn.keep_actions, "draw_deck": turn.draw_deck_actions, "main": _main_actions,
    "station": turn.station_actions, "discard": stratagems.pending_actions,
    "deck": stratagems.pending_actions, "take": stratagems.pending_actions,
    "target_seat": stratagems.pending_actions, "target_city": stratagems.pending_actions,
    "guess": stratagems.pending_actions, "amount": stratagems.pending_actions,
    "attack_general": battle.general_actions,
    "attack_stratagem": battle.attack_stratagem_actions, "defence": battle.defence_actions,
    "arrange": battle.arrange_actions,
}


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
    if verb not in FORMS:
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
               instead=prompt(state, seat) or msg("record.prompt.wait"))


def dispatch(state: State, seat: int, action: Action) -> list[Event]:
    """Validate the form and the moment, then let the rule module validate and apply."""
    owed = decision(state)
    rule = step_rule(owed, state["pending"])
    if not _well_formed(action):
        raise MalformedAction(not_now(state, seat, action), rule=rule)
    allowed = VERBS_BY_DECISION.get(owed, ()) if owed else ()
    if action.kind not in allowed:
        raise IllegalAction(not_now(state, seat, action), rule=rule)
    args: tuple[Any, ...] = tuple(_resolve_card(state, seat, a) for a in action.args)
    if owed == "deck" and state["pending"].get("card"):
        return stratagems.choose_deck(state, seat, *args)
    return HANDLERS[action.kind](state, seat, *args)


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


def advance(state: State, events: list[Event]) -> None:
    """Run every step that needs nobody's decision, including forced single choices."""
    for _ in range(MAX_FORCED_STEPS):
        if state["phase"] == "draft" and state["draft"] is None:
            state["round"] = 1
            events += advisors.start_selection(state)
        elif state["phase"] == "advisors" and state["selection"] is None:
            state["phase"] = "actions"
            events += turn.start_action(state, state["start_player"])
        else:
            forced = _forced(state)
            if forced is None:
                return
            events += dispatch(state, *forced)
    raise AssertionError("The game does not settle: too many automatic steps.")


def _forced(state: State) -> tuple[int, Action] | None:
    """A decision with one possible answer. Ending the action is never forced: the player
    declares it (R7.6), even when nothing else is possible."""
    if decision(state) == "main":
        return None
    for seat in sorted(to_act(state)):
        legal = legal_actions(state, seat)
        if len(legal) == 1:
            return seat, legal[0]
    return None


# -- what a seat is asked --------------------------------------------------------------------
PROMPTS = {
    "lord": "record.prompt.lord", "draft": "record.prompt.draft",
    "advisor": "record.prompt.advisor", "keep": "record.prompt.keep",
    "main": "record.prompt.main", "take": "record.prompt.take",
    "attack_general": "record.prompt.attack_general",
    "attack_stratagem": "record.prompt.attack_stratagem",
}


def prompt(state: State, seat: int) -> Msg | None:
    """What `seat` is asked to decide now, or None when it owes nothing."""
    owed = decision(state)
    if owed is None or seat not in to_act(state):
        return None
    if owed in PROMPTS:
        return msg(PROMPTS[owed])
    pending = state["pending"] or {}
    card = term(pending["card"]) if pending.get("card") else None
    if owed == "extra":
        return msg("record.prompt.extra", most=advisors.max_extra(state, seat))
    if owed == "draw_deck":
        return msg("record.prompt.draw_deck", cost=RULES["advanced_draw_cost"])
    if owed == "station":
        return msg("record.prompt.station", city=term(pending["city"]))
    if owed == "guess":
        return msg("record.prompt.guess", low=RULES["guess_min"], high=RULES["guess_max"])
    if owed == "amount":
        return msg("record.prompt.amount", most=min(player(state, seat)["coins"],
                                                    max(DATA.battle_cards)))
    if owed == "defence":
        fight = state["battle"]
        return msg("record.prompt.defence_added" if fight["attack_stratagem"]
                   else "record.prompt.defence", attacker=Seat(fight["attacker"]),
                   city=term(fight["city"]))
    if owed == "arrange":
        cards = state["battle"]["top"][battle.side_of(state, seat)]
        return msg("record.prompt.arrange", cards=tuple(cards))
    keys = {"discard": "record.prompt.discard", "deck": "record.prompt.deck",
            "target_seat": "record.prompt.target_seat",
            "target_city": "record.prompt.target_city"}
    return msg(keys[owed], card=card if card is not None else "")
