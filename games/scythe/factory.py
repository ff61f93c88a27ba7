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
from games.core.messages import Msg, msg
from games.scythe import cards
from games.scythe import words as w
from games.scythe.encounter import apply_effects, push_effects
from games.scythe.frames import Decision, offered
from games.scythe.payment import begin_payment, can_pay
from games.scythe.starts import begin_move
from games.scythe.state import Frame, State, player, pop

VIA = "factory"
UNITS = 1  # S15.4: one unit


# -- the pickup (S15.2; games.scythe.starts begins it) ------------------------------------
def _pick_legal(state: State, frame: Frame) -> list[Action]:
    return [Action("keep", (c,), msg("scythe.label.keep", card=w.factory_card(c),
                                     text=card_text(cards.factory_card(c))))
            for c in state["decks"]["factory"]]


def _pick_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    card_id, seat = str(action.args[0]), frame["seat"]
    state["decks"]["factory"].remove(card_id)
    player(state, seat)["factory_card"] = card_id
    card = cards.factory_card(card_id)
    left = len(state["decks"]["factory"])
    coins = w.mentions_coins(card.cost, ()) or any(
        w.mentions_coins({}, o.effects) for o in card.options)
    return w.said(state, seat, "scythe.factory.keeps", coins, who=w.who(seat),
                  card=w.factory_card(card_id),
                  text=lambda hide: card_text(card, hide_coins=hide), left=left)


def card_text(card: cards.FactoryCard, *, hide_coins: bool = False) -> Msg:
    """`top: pay 2 power, then one of 1) a free Deploy, 2) a free Upgrade; bottom: move one
    unit up to 2 steps`."""
    options = tuple(msg("scythe.factory.numbered", key=o.key,
                        label=w.factory_option(card.id, o.key),
                        what=w.option_text({}, o.effects, hide_coins=hide_coins))
                    for o in card.options)
    if card.cost:
        return msg("scythe.factory.text_paid", cost=w.amounts(card.cost, hide_coins=hide_coins),
                   options=options, steps=card.move_steps)
    return msg("scythe.factory.text", options=options, steps=card.move_steps)


# -- using the card (S15.4) --------------------------------------------------------------------
def held(state: State, seat: int) -> cards.FactoryCard:
    return cards.factory_card(player(state, seat)["factory_card"])


def _top_legal(state: State, frame: Frame) -> list[Action]:
    """An option of the card when its cost can be paid in full (S5.2), or `skip`."""
    card = held(state, frame["seat"])
    options = []
    if can_pay(state, frame["seat"], card.cost):
        options = [Action("option", (int(o.key),), msg(
                       "scythe.label.option", label=w.factory_option(card.id, o.key),
                       what=w.option_text(card.cost, o.effects)))
                   for o in card.options]
    return [*options, Action("skip", (), msg("scythe.label.skip_top"))]


def _top_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """Pay the card's cost, then its option's effects (pushed first, so they wait)."""
    pop(state)
    seat, card = frame["seat"], held(state, frame["seat"])
    if action.kind == "skip":
        return [Event(msg("scythe.factory.skips_top", who=w.who(seat)))]
    option = card.options[int(action.args[0]) - 1]
    events = [Event(msg("scythe.factory.uses", who=w.who(seat), card=w.factory_card(card.id),
                        label=w.factory_option(card.id, option.key)))]
    if not card.cost:
        return events + apply_effects(state, seat, option.effects, None, VIA)
    push_effects(state, seat, option.effects, None, VIA)
    return events + begin_payment(state, seat, card.cost, f"factory:{card.id}")


def _top_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    card = held(state, frame["seat"])
    if action.kind != "option":
        return None
    if not can_pay(state, frame["seat"], card.cost):
        return msg("scythe.refuse.cannot_pay", cost=w.cost(card.cost),
                   reason=w.factory_card(card.id))
    return msg("scythe.refuse.factory_option", card=w.factory_card(card.id),
               choices=offered(_top_legal(state, frame)))


def _bottom_legal(state: State, frame: Frame) -> list[Action]:
    steps = held(state, frame["seat"]).move_steps
    return [Action("move", (), msg("scythe.label.factory_move", steps=steps)),
            Action("skip", (), msg("scythe.label.skip_bottom"))]


def _bottom_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    seat = frame["seat"]
    if action.kind == "skip":
        return [Event(msg("scythe.factory.skips_move", who=w.who(seat)))]
    return begin_move(state, seat, UNITS, held(state, seat).move_steps, VIA)


DECISIONS = {
    "factory_pick": Decision(_pick_legal, _pick_apply),
    "factory_top": Decision(_top_legal, _top_apply, _top_refuse),
    "factory_bottom": Decision(_bottom_legal, _bottom_apply),
}
