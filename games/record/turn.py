"""One player's action (R7): income, the draw (basic R7.3 or advanced A3), and the step-C
options that are not stratagems or attacks: building (R8), stationing, 劉備 and 袁術's
once-per-game powers (R15), 洛陽's ability (R16) and ending the action."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.messages import Msg, Seat, msg
from games.record.citations import STATION_RULES, cite
from games.record.data import (
    DATA,
    RULES,
    ability,
    card_info,
    deck_term,
    kind_of,
    shown,
    term,
)
from games.record.state import (
    CAO_CAO,
    LIU_BEI,
    LUOYANG,
    YUAN_SHAO,
    YUAN_SHU,
    State,
    advanced,
    check_decks,
    check_target,
    deck_names,
    draw,
    drawable,
    find_city,
    gain,
    generals_in_hand,
    has_lord,
    lord_param,
    others,
    pay,
    place_city,
    player,
    take_from_hand,
    transfer,
)


def new_turn() -> dict:
    return {"used": {"build": False, "general": False, "attack": False}, "luoyang": False}


# -- step A: income ------------------------------------------------------------------------
def income(state: State, seat: int) -> int:
    """R7.2 salary + tax; 曹操 +1 salary, 袁紹 small-city tax (capped by P2)."""
    total = RULES["salary"]
    if has_lord(state, seat, CAO_CAO):
        total += lord_param(CAO_CAO, "salary_bonus")
    small = 0
    for entry in player(state, seat)["cities"]:
        city = DATA.cities[entry["city"]]
        if city["size"] == "small" and has_lord(state, seat, YUAN_SHAO):
            small += 1
            capped = state["options"].get("two_player_lords")
            if not capped or small <= RULES["two_player_yuan_shao_small_cities"]:
                total += lord_param(YUAN_SHAO, "small_tax")
        else:
            total += city["tax"]
    return total


def start_action(state: State, seat: int) -> list[Event]:
    """Begin `seat`'s action: step A automatically, then step B."""
    state["action_no"] += 1
    state["active"], state["turn"] = seat, new_turn()
    amount = income(state, seat)
    gain(state, seat, amount)
    events = [Event(msg("record.action.starts", who=Seat(seat), income=amount,
                        coins=player(state, seat)["coins"]), kind="phase")]
    return events + _start_draw(state, seat)


# -- step B: draw --------------------------------------------------------------------------
def _start_draw(state: State, seat: int) -> list[Event]:
    if advanced(state):
        if not any(drawable(state, d) for d in deck_names(state)):
            return _skip_draw(state, seat)
        state["pending"] = {"kind": "draw_deck", "seat": seat}
        state["step"] = "draw"
        return []
    deck = state["decks"]["game"]
    if not deck:
        return _skip_draw(state, seat)
    # The basic game deck is never rebuilt (A4): its top card is simply taken.
    if len(deck) == 1:
        card = deck.pop(0)
        player(state, seat)["hand"].append(card)
        events = [Event(msg("record.draw.last", who=Seat(seat))),
                  you_draw(seat, [card])]
        check_decks(state, events)
        return events + _to_main(state)
    cards = [deck.pop(0), deck.pop(0)]
    state["pending"] = {"kind": "keep", "seat": seat, "cards": cards}
    state["step"] = "draw"
    return [Event(msg("record.draw.count", who=Seat(seat), count=len(cards))),
            Event(msg("record.draw.keep_one", first=card_info(cards[0]),
                      second=card_info(cards[1])), seats=(seat,))]


def you_draw(seat: int, cards: list[str]) -> Event:
    """The private line naming the cards `seat` drew."""
    if not cards:
        return Event(msg("record.draw.yours_none"), seats=(seat,))
    return Event(msg("record.draw.yours", cards=tuple(card_info(c) for c in cards)),
                 seats=(seat,))


def _skip_draw(state: State, seat: int) -> list[Event]:
    return [Event(msg("record.draw.none", who=Seat(seat)))] + _to_main(state)


def _to_main(state: State) -> list[Event]:
    state["pending"], state["step"] = None, "main"
    return []


def keep_actions(state: State, seat: int) -> list[Action]:
    return [Action("keep", (c,), label=msg("record.label.keep_drawn", card=card_info(c)))
            for c in state["pending"]["cards"]]


def keep(state: State, seat: int, card: str) -> list[Event]:
    """R7.3: keep one, the other goes face down to the bottom of the game deck."""
    cards = state["pending"]["cards"]
    if card not in cards:
        raise IllegalAction(msg("record.refuse.keep", cards=tuple(term(c) for c in cards)),
                            rule=cite("R7.3"))
    other = cards[1 - cards.index(card)]
    player(state, seat)["hand"].append(card)
    state["decks"]["game"].append(other)
    events = [Event(msg("record.draw.kept", who=Seat(seat))),
              Event(msg("record.draw.kept_yours", card=term(card), other=term(other)),
                    seats=(seat,))]
    check_decks(state, events)
    return events + _to_main(state)


def draw_deck_actions(state: State, seat: int) -> list[Action]:
    """A3: choose a deck; or pay 7 first to draw the top card of both."""
    actions = [Action("deck", (d,), label=msg("record.label.draw_from", deck=deck_term(d),
                                              count=len(state["decks"][d])))
               for d in deck_names(state) if drawable(state, d)]
    cost = RULES["advanced_draw_cost"]
    if len(actions) == 2 and player(state, seat)["coins"] >= cost:
        actions.append(Action("paydraw", (), label=msg("record.label.paydraw", cost=cost)))
    return actions


def draw_one(state: State, seat: int, deck: str) -> list[Event]:
    _check_deck_name(state, deck)
    if not drawable(state, deck):
        raise IllegalAction(msg("record.refuse.deck_empty", deck=deck_term(deck)), rule=cite("A3"))
    return _advanced_draw(state, seat, [deck])


def pay_draw(state: State, seat: int) -> list[Event]:
    cost = RULES["advanced_draw_cost"]
    if player(state, seat)["coins"] < cost:
        raise IllegalAction(msg("record.refuse.paydraw_cost", cost=cost,
                                coins=player(state, seat)["coins"]), rule=cite("R21.1"))
    if not all(drawable(state, d) for d in deck_names(state)):
        raise IllegalAction(msg("record.refuse.paydraw_empty"), rule=cite("A3"))
    pay(state, seat, cost)
    return [Event(msg("record.draw.paid", who=Seat(seat), cost=cost))] + _advanced_draw(
        state, seat, deck_names(state))


def _advanced_draw(state: State, seat: int, decks: list[str]) -> list[Event]:
    events: list[Event] = []
    drawn = [c for c in (draw(state, d, events) for d in decks) if c]
    player(state, seat)["hand"].extend(drawn)
    events += [Event(msg("record.draw.from", who=Seat(seat), count=len(drawn),
                         decks=tuple(deck_term(d) for d in decks))),
               you_draw(seat, drawn)]
    check_decks(state, events)
    return events + _to_main(state)


def _check_deck_name(state: State, deck: object) -> None:
    if deck not in deck_names(state):
        raise IllegalAction(msg("record.refuse.deck", decks=tuple(
            deck_term(d) for d in deck_names(state) if drawable(state, d))), rule=cite("A3"))


# -- step C: building ----------------------------------------------------------------------
def build_actions(state: State, seat: int) -> list[Action]:
    if state["turn"]["used"]["build"] or not generals_in_hand(state, seat):
        return []
    coins = player(state, seat)["coins"]
    cities = sorted({c for c in player(state, seat)["hand"] if kind_of(c) == "city"})
    return [Action("build", (c,), label=msg("record.label.build", city=card_info(c)))
            for c in cities if DATA.cities[c]["cost"] <= coins]


def build(state: State, seat: int, city: str) -> list[Event]:
    """R8: pay the printed cost, then choose the defending general (`station`)."""
    p = player(state, seat)
    if state["turn"]["used"]["build"]:
        raise IllegalAction(msg("record.refuse.built"), rule=cite("R8.1"))
    if kind_of(city) != "city" or city not in p["hand"]:
        raise IllegalAction(_not_a_city(state, seat, city), rule=cite("R8.1"))
    cost = DATA.cities[city]["cost"]
    if p["coins"] < cost:
        raise IllegalAction(msg("record.refuse.build_cost", city=term(city), cost=cost,
                                coins=p["coins"]), rule=cite("R8.1"))
    if not generals_in_hand(state, seat):
        raise IllegalAction(msg("record.refuse.build_general"), rule=cite("R8.1"))
    pay(state, seat, cost)
    take_from_hand(state, seat, city)
    state["turn"]["used"]["build"] = True
    state["pending"] = {"kind": "station", "seat": seat, "city": city, "source": "build"}
    state["step"] = "station"
    return [Event(msg("record.build.pays", who=Seat(seat), cost=cost, city=term(city)))]


def _not_a_city(state: State, seat: int, card: str) -> Msg:
    """The refusal of building what is no city card in hand: the cities that can be built
    now, the only ones worth suggesting (a city too dear, or without a general to defend
    it, would be refused in turn); else why the held ones cannot be."""
    buildable = tuple(term(a.word()) for a in build_actions(state, seat))
    if buildable:
        return msg("record.refuse.build", card=shown(card), cities=buildable)
    held = tuple(term(c) for c in sorted(player(state, seat)["hand"]) if kind_of(c) == "city")
    if held:
        return msg("record.refuse.build_none", card=shown(card), cities=held)
    return msg("record.refuse.no_city", card=shown(card))


def station_actions(state: State, seat: int) -> list[Action]:
    city = state["pending"]["city"]
    return [Action("station", (g,), label=msg("record.label.station", general=card_info(g),
                                              city=term(city)))
            for g in sorted(generals_in_hand(state, seat))]


def general_refusal(state: State, seat: int, card: object, key: str,
                    rule: str) -> IllegalAction:
    """A card that is not a general in the seat's hand: the generals it may name instead;
    `rule` is the rule that asks for a general here."""
    return IllegalAction(msg(key, card=shown(card), generals=tuple(
        term(g) for g in sorted(generals_in_hand(state, seat)))), rule=cite(rule))


def station(state: State, seat: int, general: str) -> list[Event]:
    """R8.3 / R14.1(d) / R10.8: a general from hand goes face down into the city."""
    pending = state["pending"]
    if general not in generals_in_hand(state, seat):
        raise general_refusal(state, seat, general, "record.refuse.station",
                              STATION_RULES[pending["source"]])
    take_from_hand(state, seat, general)
    city, source = pending["city"], pending["source"]
    place_city(state, seat, city, general, built=source == "build")
    told = {"build": "record.station.build", "capture": "record.station.capture",
            "assassinate": "record.station.assassinate"}[source]
    events = [Event(msg(told, who=Seat(seat), city=term(city))),
              Event(msg("record.station.yours", general=term(general), city=term(city)),
                    seats=(seat,))]
    check_target(state, events, seat)
    state["pending"], state["step"] = None, "main"
    if source == "capture":
        state["last_battle"], state["battle"] = state["battle"], None
    return events


# -- step C: lord and city abilities (R7.5) --------------------------------------------------
def ability_actions(state: State, seat: int) -> list[Action]:
    actions: list[Action] = []
    used = player(state, seat)["lord_used"]
    if has_lord(state, seat, LIU_BEI) and not used[LIU_BEI] and _any_drawable(state):
        n = lord_param(LIU_BEI, "draw")
        if advanced(state):
            actions += [Action("liubei", (k,), label=msg(
                "record.label.liubei_split", ability=ability(LIU_BEI), stratagems=k,
                others=n - k)) for k in range(n + 1)]
        else:
            actions.append(Action("liubei", (), label=msg(
                "record.label.liubei", ability=ability(LIU_BEI), count=n)))
    if has_lord(state, seat, YUAN_SHU) and not used[YUAN_SHU]:
        actions.append(Action("yuanshu", (), label=msg(
            "record.label.yuanshu", ability=ability(YUAN_SHU),
            amount=lord_param(YUAN_SHU, "collect"))))
    if _luoyang_problem(state, seat) is None:
        power = DATA.cities[LUOYANG]["ability"]
        actions.append(Action("luoyang", (), label=msg(
            "record.label.luoyang", city=term(LUOYANG), cost=power["pay"],
            amount=power["collect"])))
    return actions


def _any_drawable(state: State) -> bool:
    return any(drawable(state, d) for d in deck_names(state))


def liu_bei(state: State, seat: int, split: object = None) -> list[Event]:
    """R15 劉備: once per game draw 3 (A5: split across the decks, declared first)."""
    _check_lord(state, seat, LIU_BEI)
    if not _any_drawable(state):
        raise IllegalAction(msg("record.refuse.liubei_empty", ability=ability(LIU_BEI)),
                            rule=cite("R15"))
    n = lord_param(LIU_BEI, "draw")
    if advanced(state):
        if not isinstance(split, int) or not 0 <= split <= n:
            raise IllegalAction(msg("record.refuse.liubei_split", ability=ability(LIU_BEI),
                                    count=n), rule=cite("A5"))
        plan = ["stratagem"] * split + ["city_general"] * (n - split)
    elif split is not None:
        raise IllegalAction(msg("record.refuse.liubei_basic", ability=ability(LIU_BEI),
                                count=n), rule=cite("R15"))
    else:
        plan = ["game"] * n
    player(state, seat)["lord_used"][LIU_BEI] = True
    events: list[Event] = []
    drawn = [c for c in (draw(state, d, events) for d in plan) if c]
    player(state, seat)["hand"].extend(drawn)
    events += [Event(msg("record.power.liubei", who=Seat(seat), lord=term(LIU_BEI),
                         ability=ability(LIU_BEI), count=len(drawn))),
               you_draw(seat, drawn)]
    check_decks(state, events)
    return events


def yuan_shu(state: State, seat: int) -> list[Event]:
    """R15 袁術: once per game, every other player pays 2 (or what they have)."""
    _check_lord(state, seat, YUAN_SHU)
    player(state, seat)["lord_used"][YUAN_SHU] = True
    amount = lord_param(YUAN_SHU, "collect")
    moved = {o: transfer(state, o, seat, amount) for o in others(state, seat)}
    return [Event(msg("record.power.yuanshu", who=Seat(seat), lord=term(YUAN_SHU),
                      ability=ability(YUAN_SHU), payments=_payments(moved),
                      total=sum(moved.values())))]


def _check_lord(state: State, seat: int, lord: str) -> None:
    """A once-per-game lord power (R15): the seat has the lord and has not used it."""
    if not has_lord(state, seat, lord):
        raise IllegalAction(msg("record.refuse.not_your_lord", lord=term(lord),
                                ability=ability(lord)), rule=cite("R15"))
    if player(state, seat)["lord_used"][lord]:
        raise IllegalAction(msg("record.refuse.lord_used", lord=term(lord),
                                ability=ability(lord)), rule=cite("R15"))


def _payments(moved: dict[int, int]) -> tuple[Msg, ...]:
    return tuple(msg("record.payment", amount=m, who=Seat(o)) for o, m in moved.items())


def _luoyang_problem(state: State, seat: int) -> IllegalAction | None:
    """Why 洛陽's ability is unavailable now, or None (R16, AMB-13)."""
    found = find_city(state, LUOYANG)
    city = term(LUOYANG)
    if found is None or found[0] != seat:
        return IllegalAction(msg("record.refuse.luoyang_not_yours", city=city),
                             rule=cite("R16.1"))
    if state["turn"]["luoyang"]:
        return IllegalAction(msg("record.refuse.luoyang_used", city=city), rule=cite("R16.1"))
    entry = found[1]
    if state["options"].get("luoyang_literal"):
        fresh = entry["built_round"] == state["round"]
    else:
        fresh = entry["gained"] == state["action_no"]
    if fresh:
        return IllegalAction(msg("record.refuse.luoyang_fresh", city=city), rule=cite("R16.2"))
    cost = DATA.cities[LUOYANG]["ability"]["pay"]
    if player(state, seat)["coins"] < cost:
        return IllegalAction(msg("record.refuse.luoyang_cost", city=city, cost=cost,
                                 coins=player(state, seat)["coins"]), rule=cite("R16.1"))
    return None


def luoyang(state: State, seat: int) -> list[Event]:
    problem = _luoyang_problem(state, seat)
    if problem:
        raise problem
    power = DATA.cities[LUOYANG]["ability"]
    pay(state, seat, power["pay"])
    state["turn"]["luoyang"] = True
    moved = {o: transfer(state, o, seat, power["collect"]) for o in others(state, seat)}
    return [Event(msg("record.power.luoyang", who=Seat(seat), city=term(LUOYANG),
                      cost=power["pay"], payments=_payments(moved)))]
