"""One player's action (R7): income, the draw (basic R7.3 or advanced A3), and the step-C
options that are not stratagems or attacks: building (R8), stationing, 劉備 and 袁術's
once-per-game powers (R15), 洛陽's ability (R16) and ending the action."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.record.data import DATA, RULES, kind_of, name
from games.record.state import (
    CAO_CAO,
    DECK_NAMES,
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
    events = [Event(f"Seat {seat}'s action. Income: +{amount}元 "
                    f"(now {player(state, seat)['coins']}元).", kind="phase")]
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
        events = [Event(f"Seat {seat} draws the last card of the game deck."),
                  Event(f"You draw {name(card)}.", seats=(seat,))]
        check_decks(state, events)
        return events + _to_main(state)
    cards = [deck.pop(0), deck.pop(0)]
    state["pending"] = {"kind": "keep", "seat": seat, "cards": cards}
    state["step"] = "draw"
    return [Event(f"Seat {seat} draws 2 cards."),
            Event(f"You drew {name(cards[0])} and {name(cards[1])}: keep one, the other goes "
                  "to the bottom of the deck.", seats=(seat,))]


def _skip_draw(state: State, seat: int) -> list[Event]:
    return [Event(f"Seat {seat} has no card to draw (the deck is exhausted).")] + _to_main(state)


def _to_main(state: State) -> list[Event]:
    state["pending"], state["step"] = None, "main"
    return []


def keep_actions(state: State, seat: int) -> list[Action]:
    return [Action("keep", (c,), label=f"Keep {name(c)} (other to the bottom)")
            for c in state["pending"]["cards"]]


def keep(state: State, seat: int, card: str) -> list[Event]:
    """R7.3: keep one, the other goes face down to the bottom of the game deck."""
    cards = state["pending"]["cards"]
    if card not in cards:
        raise IllegalAction(f"Keep one of the cards you drew: {', '.join(cards)}.")
    other = cards[1 - cards.index(card)]
    player(state, seat)["hand"].append(card)
    state["decks"]["game"].append(other)
    events = [Event(f"Seat {seat} keeps one card and puts the other at the bottom of the deck."),
              Event(f"You keep {name(card)}; {name(other)} goes to the bottom.", seats=(seat,))]
    check_decks(state, events)
    return events + _to_main(state)


def draw_deck_actions(state: State, seat: int) -> list[Action]:
    """A3: choose a deck; or pay 7 first to draw the top card of both."""
    actions = [Action("deck", (d,), label=f"Draw from the {DECK_NAMES[d]} "
                      f"({len(state['decks'][d])} cards)")
               for d in deck_names(state) if drawable(state, d)]
    cost = RULES["advanced_draw_cost"]
    if len(actions) == 2 and player(state, seat)["coins"] >= cost:
        actions.append(Action("paydraw", (), label=f"Pay {cost}元 and draw from both decks"))
    return actions


def draw_one(state: State, seat: int, deck: str) -> list[Event]:
    _check_deck_name(state, deck)
    if not drawable(state, deck):
        raise IllegalAction(f"The {DECK_NAMES[deck]} is empty: draw from the other deck.")
    return _advanced_draw(state, seat, [deck])


def pay_draw(state: State, seat: int) -> list[Event]:
    cost = RULES["advanced_draw_cost"]
    if player(state, seat)["coins"] < cost:
        raise IllegalAction(f"Drawing from both decks costs {cost}元, you have "
                            f"{player(state, seat)['coins']}元.")
    if not all(drawable(state, d) for d in deck_names(state)):
        raise IllegalAction("One deck is empty: draw from the other deck instead.")
    pay(state, seat, cost)
    return [Event(f"Seat {seat} pays {cost}元 to draw from both decks.")] + _advanced_draw(
        state, seat, deck_names(state))


def _advanced_draw(state: State, seat: int, decks: list[str]) -> list[Event]:
    events: list[Event] = []
    drawn = [c for c in (draw(state, d, events) for d in decks) if c]
    player(state, seat)["hand"].extend(drawn)
    where = " and ".join(f"the {DECK_NAMES[d]}" for d in decks)
    events += [Event(f"Seat {seat} draws {len(drawn)} card{'s' * (len(drawn) != 1)} "
                    f"from {where}."),
              Event("You draw " + ", ".join(name(c) for c in drawn) + ".", seats=(seat,))]
    check_decks(state, events)
    return events + _to_main(state)


def _check_deck_name(state: State, deck: object) -> None:
    if deck not in deck_names(state):
        raise IllegalAction(f"Unknown deck `{deck}`: choose one of "
                            f"{', '.join(deck_names(state))}.")


# -- step C: building ----------------------------------------------------------------------
def build_actions(state: State, seat: int) -> list[Action]:
    if state["turn"]["used"]["build"] or not generals_in_hand(state, seat):
        return []
    coins = player(state, seat)["coins"]
    cities = sorted({c for c in player(state, seat)["hand"] if kind_of(c) == "city"})
    return [Action("build", (c,), label=f"Build {name(c)} ({DATA.cities[c]['cost']}元)")
            for c in cities if DATA.cities[c]["cost"] <= coins]


def build(state: State, seat: int, city: str) -> list[Event]:
    """R8: pay the printed cost, then choose the defending general (`station`)."""
    p = player(state, seat)
    if state["turn"]["used"]["build"]:
        raise IllegalAction("You already built a city in this action (one build per action).")
    if kind_of(city) != "city" or city not in p["hand"]:
        raise IllegalAction(f"`{city}` is not a city card in your hand.")
    cost = DATA.cities[city]["cost"]
    if p["coins"] < cost:
        raise IllegalAction(f"{name(city)} costs {cost}元, you have {p['coins']}元.")
    if not generals_in_hand(state, seat):
        raise IllegalAction("You need a general in hand to station in the new city.")
    pay(state, seat, cost)
    take_from_hand(state, seat, city)
    state["turn"]["used"]["build"] = True
    state["pending"] = {"kind": "station", "seat": seat, "city": city, "source": "build"}
    state["step"] = "station"
    return [Event(f"Seat {seat} pays {cost}元 to build {name(city)}.")]


def station_actions(state: State, seat: int) -> list[Action]:
    city = state["pending"]["city"]
    return [Action("station", (g,), label=f"Station {name(g)} ({DATA.generals[g]['force']}) "
                   f"in {name(city)}") for g in sorted(generals_in_hand(state, seat))]


def station(state: State, seat: int, general: str) -> list[Event]:
    """R8.3 / R14.1(d) / R10.8: a general from hand goes face down into the city."""
    pending = state["pending"]
    if general not in generals_in_hand(state, seat):
        raise IllegalAction(f"`{general}` is not a general in your hand.")
    take_from_hand(state, seat, general)
    city, source = pending["city"], pending["source"]
    place_city(state, seat, city, general, built=source == "build")
    verb = {"build": "builds", "capture": "captures", "assassinate": "takes"}[source]
    events = [Event(f"Seat {seat} {verb} {name(city)} and stations a general face down."),
              Event(f"You station {name(general)} in {name(city)}.", seats=(seat,))]
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
            actions += [Action("liubei", (k,), label=f"劉備 人和: draw {k} from the Stratagem "
                               f"deck and {n - k} from the City/General deck")
                        for k in range(n + 1)]
        else:
            actions.append(Action("liubei", (), label=f"劉備 人和: draw {n} cards (once)"))
    if has_lord(state, seat, YUAN_SHU) and not used[YUAN_SHU]:
        actions.append(Action("yuanshu", (), label="袁術 稱帝: collect "
                              f"{lord_param(YUAN_SHU, 'collect')}元 from each player (once)"))
    if _luoyang_problem(state, seat) is None:
        ability = DATA.cities[LUOYANG]["ability"]
        actions.append(Action("luoyang", (), label=f"洛陽 Luoyang: pay {ability['pay']}元, "
                              f"collect {ability['collect']}元 from each player"))
    return actions


def _any_drawable(state: State) -> bool:
    return any(drawable(state, d) for d in deck_names(state))


def liu_bei(state: State, seat: int, split: object = None) -> list[Event]:
    """R15 劉備: once per game draw 3 (A5: split across the decks, declared first)."""
    if not has_lord(state, seat, LIU_BEI):
        raise IllegalAction("Only the player with 劉備 Liu Bei can use 人和.")
    if player(state, seat)["lord_used"][LIU_BEI]:
        raise IllegalAction("劉備's 人和 is once per game and has been used.")
    if not _any_drawable(state):
        raise IllegalAction("The deck is empty: 人和 cannot be used.")
    n = lord_param(LIU_BEI, "draw")
    if advanced(state):
        if not isinstance(split, int) or not 0 <= split <= n:
            raise IllegalAction(f"Say how many of the {n} cards come from the Stratagem deck: "
                                f"`liubei <0-{n}>`.")
        plan = ["stratagem"] * split + ["city_general"] * (n - split)
    elif split is not None:
        raise IllegalAction("In the basic game 人和 takes no number: `liubei`.")
    else:
        plan = ["game"] * n
    player(state, seat)["lord_used"][LIU_BEI] = True
    events: list[Event] = []
    drawn = [c for c in (draw(state, d, events) for d in plan) if c]
    player(state, seat)["hand"].extend(drawn)
    events += [Event(f"Seat {seat} uses 劉備's 人和 and draws {len(drawn)} cards."),
              Event("You draw " + ", ".join(name(c) for c in drawn) + ".", seats=(seat,))]
    check_decks(state, events)
    return events


def yuan_shu(state: State, seat: int) -> list[Event]:
    """R15 袁術: once per game, every other player pays 2 (or what they have)."""
    if not has_lord(state, seat, YUAN_SHU):
        raise IllegalAction("Only the player with 袁術 Yuan Shu can use 稱帝.")
    if player(state, seat)["lord_used"][YUAN_SHU]:
        raise IllegalAction("袁術's 稱帝 is once per game and has been used.")
    player(state, seat)["lord_used"][YUAN_SHU] = True
    amount = lord_param(YUAN_SHU, "collect")
    moved = {o: transfer(state, o, seat, amount) for o in others(state, seat)}
    parts = ", ".join(f"{m}元 from Seat {o}" for o, m in moved.items())
    return [Event(f"Seat {seat} uses 袁術's 稱帝 and collects {parts} "
                  f"(total {sum(moved.values())}元).")]


def _luoyang_problem(state: State, seat: int) -> str | None:
    """Why 洛陽's ability is unavailable now, or None (R16, AMB-13)."""
    found = find_city(state, LUOYANG)
    if found is None or found[0] != seat:
        return "You do not control 洛陽 Luoyang."
    if state["turn"]["luoyang"]:
        return "洛陽's ability is used at most once per action."
    entry = found[1]
    if state["options"].get("luoyang_literal"):
        fresh = entry["built_round"] == state["round"]
    else:
        fresh = entry["gained"] == state["action_no"]
    if fresh:
        return "洛陽's ability cannot be used in the action you gained 洛陽."
    cost = DATA.cities[LUOYANG]["ability"]["pay"]
    if player(state, seat)["coins"] < cost:
        return f"洛陽's ability costs {cost}元, you have {player(state, seat)['coins']}元."
    return None


def luoyang(state: State, seat: int) -> list[Event]:
    problem = _luoyang_problem(state, seat)
    if problem:
        raise IllegalAction(problem)
    ability = DATA.cities[LUOYANG]["ability"]
    pay(state, seat, ability["pay"])
    state["turn"]["luoyang"] = True
    moved = {o: transfer(state, o, seat, ability["collect"]) for o in others(state, seat)}
    parts = ", ".join(f"{m}元 from Seat {o}" for o, m in moved.items())
    return [Event(f"Seat {seat} uses 洛陽 Luoyang: pays {ability['pay']}元 and collects "
                  f"{parts}.")]
