"""The Factory and Factory cards (spec S15).

Pickup (S15.2, A13): at the end of a Move whose character stands on the Factory, a player
without a card looks at all the cards still there and keeps one face up; the others stay face
down. Holding one card means the pickup never happens again, so "the first time" needs no
record of its own. The card is then a fifth section (S15.3, flow's `section factory`): its top
action pays the card's cost for one of its options, its bottom action moves one unit up to 2
steps (S15.4). Neither gives section coins, recruit bonuses or structure bonuses (S15.5); the
Mine still works for the move (S12.7), as steps do not depend on how a Move started."""

from __future__ import annotations

from games.core import Action, Event
from games.scythe import cards
from games.scythe.encounter import apply_effects, push_effects
from games.scythe.flow import Decision
from games.scythe.payment import begin_payment, can_pay
from games.scythe.starts import begin_move
from games.scythe.state import Frame, State, player, pop, seat_name

VIA = "factory"
UNITS = 1  # S15.4: one unit


# -- the pickup (S15.2; games.scythe.starts begins it) ------------------------------------
def _pick_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("keep", (c,), f"Keep “{cards.factory_card(c).title}”: "
                                 f"{_card_text(cards.factory_card(c))}")
            for c in state["decks"]["factory"]]


def _pick_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    card_id, seat = str(action.args[0]), frame["seat"]
    state["decks"]["factory"].remove(card_id)
    player(state, seat)["factory_card"] = card_id
    card = cards.factory_card(card_id)
    left = len(state["decks"]["factory"])
    return [Event(f"{seat_name(state, seat)} keeps the Factory card “{card.title}” "
                  f"({_card_text(card)}); {left} stay on the Factory.")]


def _card_text(card: cards.FactoryCard) -> str:
    options = " or ".join(cards.describe(o) for o in card.options)
    cost = f"pay {cards.describe_cost(card.cost)}: " if card.cost else ""
    return f"top: {cost}{options}; bottom: move 1 unit {card.move_steps} steps"


# -- using the card (S15.4) --------------------------------------------------------------------
def held(state: State, seat: int) -> cards.FactoryCard:
    return cards.factory_card(player(state, seat)["factory_card"])


def _top_legal(state: State, frame: Frame) -> list[Action]:
    """An option of the card when its cost can be paid in full (S5.2), or `skip`."""
    card = held(state, frame["seat"])
    options = []
    if can_pay(state, frame["seat"], card.cost):
        options = [Action("option", (int(o.key),), f"{o.label}: {cards.describe(o)}")
                   for o in card.options]
    return [*options, Action("skip", (), "Skip the top action")]


def _top_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """Pay the card's cost, then its option's effects (pushed first, so they wait)."""
    pop(state)
    seat, card = frame["seat"], held(state, frame["seat"])
    name = seat_name(state, seat)
    if action.kind == "skip":
        return [Event(f"{name} skips the top action of its Factory card.")]
    option = card.options[int(action.args[0]) - 1]
    events = [Event(f"{name} uses its Factory card “{card.title}”: {option.label}.")]
    if not card.cost:
        return events + apply_effects(state, seat, option.effects, None, VIA)
    push_effects(state, seat, option.effects, None, VIA)
    return events + begin_payment(state, seat, card.cost, f"“{card.title}”")


def _top_refuse(state: State, frame: Frame, action: Action) -> str | None:
    card = held(state, frame["seat"])
    if action.kind != "option":
        return None
    if not can_pay(state, frame["seat"], card.cost):
        return f"You cannot pay {cards.describe_cost(card.cost)} for “{card.title}”."
    return f"“{card.title}” has options 1 to {len(card.options)}: e.g. `option 1`."


def _bottom_legal(state: State, frame: Frame) -> list[Action]:
    steps = held(state, frame["seat"]).move_steps
    return [Action("move", (), f"Move 1 unit up to {steps} steps (Speed: one more)"),
            Action("skip", (), "Skip the bottom action")]


def _bottom_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    seat = frame["seat"]
    if action.kind == "skip":
        return [Event(f"{seat_name(state, seat)} skips the move of its Factory card.")]
    return begin_move(state, seat, UNITS, held(state, seat).move_steps, VIA)


DECISIONS = {
    "factory_pick": Decision(_pick_legal, _pick_apply),
    "factory_top": Decision(_top_legal, _top_apply, _top_refuse),
    "factory_bottom": Decision(_bottom_legal, _bottom_apply),
}
