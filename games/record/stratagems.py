"""General (non-combat) stratagems (R9, R10), played step by step: `play <card>`, then the
card's own choices (`discard`, `deck`, `take`, `target`, `guess`, `amount`). The played card
waits in `state["pending"]["card"]` and is discarded when it resolves, success or not (R9.3)."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.chance import pick, shuffle
from games.record.contests import (
    contest,
    contest_text,
    draw_battle_cards,
    return_battle_cards,
    shuffle_battle_deck,
)
from games.record.data import DATA, RULES, key_of, kind_of, name
from games.record.state import (
    DECK_NAMES,
    State,
    advanced,
    check_decks,
    check_target,
    city_in_play,
    deck_names,
    discard,
    draw,
    drawable,
    gain,
    generals_in_hand,
    intelligence,
    others,
    pay,
    player,
    remove_city,
    take_from_hand,
    transfer,
)

PAO, HUN, YISHI, TAO = "pao_zhuan_yin_yu", "hun_shui_mo_yu", "yi_shi_er_niao", "tao_yuan_jie_yi"
SHUN, LONG, ANSHA, CAO = ("shun_shou_qian_yang", "long_luo_zhi_ji", "an_sha_ji",
                          "cao_chuan_jie_jian")


def params(card: str) -> dict:
    return DATA.stratagems[card]["params"]


def is_type(card: str, kind: str) -> bool:
    return kind_of(card) == "stratagem" and DATA.stratagems[card]["type"] == kind


def enemy_cities(state: State, seat: int, face_down_only: bool = False) -> list[str]:
    return [e["city"] for o in others(state, seat) for e in player(state, o)["cities"]
            if not (face_down_only and e["face_up"])]


def requirement_problem(state: State, seat: int, card: str) -> str | None:
    """R9.4 / AMB-7: why the card cannot be played now, or None."""
    key, p = key_of(card), player(state, seat)
    if key == PAO and len(p["hand"]) < 2:
        return "拋磚引玉 needs another card in your hand to discard."
    if key == LONG and not enemy_cities(state, seat, face_down_only=True):
        return "攏絡之計 needs another player's city with a face-down defender."
    if key == ANSHA and not enemy_cities(state, seat):
        return "暗殺計 needs a city controlled by another player."
    if key == ANSHA and p["coins"] < 1:
        return "暗殺計 needs at least 1元 to pay."
    return None


def play_actions(state: State, seat: int) -> list[Action]:
    """One `play` per kind of general stratagem in hand (copies are interchangeable)."""
    if state["turn"]["used"]["general"]:
        return []
    seen: dict[str, str] = {}
    for card in sorted(player(state, seat)["hand"]):
        if is_type(card, "general") and key_of(card) not in seen:
            seen[key_of(card)] = card
    return [Action("play", (c,), label=f"Play {name(c)}") for c in seen.values()
            if requirement_problem(state, seat, c) is None]


def play(state: State, seat: int, card: str) -> list[Event]:
    if card not in player(state, seat)["hand"]:
        raise IllegalAction(f"`{card}` is not in your hand.")
    if kind_of(card) != "stratagem":
        raise IllegalAction(f"{name(card)} is not a stratagem.")
    if not is_type(card, "general"):
        raise IllegalAction(f"{name(card)} is a combat stratagem: it is played only during "
                            "an attack.")
    if state["turn"]["used"]["general"]:
        raise IllegalAction("You already played a general stratagem in this action.")
    problem = requirement_problem(state, seat, card)
    if problem:
        raise IllegalAction(problem)
    take_from_hand(state, seat, card)
    state["turn"]["used"]["general"] = True
    events = [Event(f"Seat {seat} plays {name(card)}.")]
    key = key_of(card)
    if key == HUN:
        gain(state, seat, params(card)["gain"])
        discard(state, card)
        return events + [Event(f"Seat {seat} gains {params(card)['gain']}元.")]
    next_kind = {PAO: "discard", YISHI: "deck", TAO: "deck", SHUN: "target_seat",
                 CAO: "target_seat", LONG: "target_city", ANSHA: "target_city"}[key]
    return events + _pend(state, seat, card, next_kind)


def _pend(state: State, seat: int, card: str, kind: str) -> list[Event]:
    """Wait for the card's next choice; a deck choice only exists in the advanced game."""
    state["pending"] = {"kind": kind, "seat": seat, "card": card}
    state["step"] = kind
    if kind == "deck":
        decks = [d for d in deck_names(state) if drawable(state, d)]
        if not advanced(state) or len(decks) < 2:
            return _drawing_effect(state, seat, decks[0] if decks else deck_names(state)[0])
    return []


def _finish(state: State, card: str) -> None:
    discard(state, card)
    state["pending"], state["step"] = None, "main"


# -- choices -------------------------------------------------------------------------------
def pending_actions(state: State, seat: int) -> list[Action]:
    pending = state["pending"]
    kind, card = pending["kind"], pending["card"]
    if kind == "discard":
        return [Action("discard", (c,), label=f"Discard {name(c)}")
                for c in sorted(player(state, seat)["hand"])]
    if kind == "deck":
        return [Action("deck", (d,), label=f"Use the {DECK_NAMES[d]}")
                for d in deck_names(state) if drawable(state, d)]
    if kind == "take":
        generals = [c for c in pending["revealed"] if kind_of(c) == "general"]
        return [Action("take", (g,), label=f"Take {name(g)}") for g in generals] + [
            Action("take", ("none",), label="Take nothing")]
    if kind == "target_seat":
        return [Action("target", (o,), label=f"{name(card)} against Seat {o}")
                for o in others(state, seat)]
    if kind == "target_city":
        face_down = key_of(card) == LONG
        return [Action("target", (c,), label=f"{name(card)} on Seat "
                       f"{city_in_play(state, c)[0]}'s {name(c)}")
                for c in enemy_cities(state, seat, face_down_only=face_down)]
    if kind == "guess":
        return [Action("guess", (n,), label=f"Guess force {n}")
                for n in range(RULES["guess_min"], RULES["guess_max"] + 1)]
    if kind == "amount":
        top = min(player(state, seat)["coins"], max(DATA.battle_cards))
        return [Action("amount", (x,), label=f"Pay {x}元" + (" (always enough)" if x == top
                                                             and top == 22 else ""))
                for x in range(1, top + 1)]
    raise AssertionError(kind)


def choose_discard(state: State, seat: int, card: str) -> list[Event]:
    """拋磚引玉: discard one other card, then draw 3."""
    if card not in player(state, seat)["hand"]:
        raise IllegalAction(f"`{card}` is not in your hand.")
    take_from_hand(state, seat, card)
    discard(state, card)
    events = [Event(f"Seat {seat} discards {name(card)}.")]
    return events + _pend(state, seat, state["pending"]["card"], "deck")


def choose_deck(state: State, seat: int, deck: str) -> list[Event]:
    if deck not in deck_names(state) or not drawable(state, deck):
        options = [d for d in deck_names(state) if drawable(state, d)]
        raise IllegalAction(f"Choose a deck with cards: {', '.join(options)}.")
    return _drawing_effect(state, seat, deck)


def _drawing_effect(state: State, seat: int, deck: str) -> list[Event]:
    """一石二鳥 / 拋磚引玉 draw from one deck (A5); 桃園結義 reveals from it."""
    card = state["pending"]["card"]
    if key_of(card) == TAO:
        return _reveal(state, seat, card, deck)
    count = params(card)["draw"]
    events: list[Event] = []
    drawn = [c for c in (draw(state, deck, events) for _ in range(count)) if c]
    player(state, seat)["hand"].extend(drawn)
    _finish(state, card)
    events += [Event(f"Seat {seat} draws {len(drawn)} card{'s' * (len(drawn) != 1)}."),
              Event("You draw " + (", ".join(name(c) for c in drawn) or "nothing") + ".",
                    seats=(seat,))]
    check_decks(state, events)
    return events


def _reveal(state: State, seat: int, card: str, deck: str) -> list[Event]:
    events: list[Event] = []
    revealed = [c for c in (draw(state, deck, events) for _ in range(params(card)["reveal"]))
                if c]
    state["pending"] = {"kind": "take", "seat": seat, "card": card, "revealed": revealed,
                        "deck": deck}
    state["step"] = "take"
    shown = ", ".join(name(c) for c in revealed) or "nothing"
    return events + [Event(f"桃園結義 reveals: {shown}.")]


def take(state: State, seat: int, choice: str) -> list[Event]:
    """桃園結義: take at most one revealed general; the rest go back and the deck shuffles."""
    pending = state["pending"]
    revealed = pending["revealed"]
    events: list[Event] = []
    if choice != "none":
        if choice not in revealed or kind_of(choice) != "general":
            raise IllegalAction("Take one of the revealed generals, or `take none`.")
        revealed.remove(choice)
        player(state, seat)["hand"].append(choice)
        events.append(Event(f"Seat {seat} takes {name(choice)} into their hand."))
    else:
        events.append(Event(f"Seat {seat} takes nothing."))
    deck = state["decks"][pending["deck"]]
    deck.extend(revealed)
    events.append(shuffle(state, deck, f"The other cards go back and the "
                          f"{DECK_NAMES[pending['deck']]} is shuffled."))
    _finish(state, pending["card"])
    check_decks(state, events)
    return events


def choose_target(state: State, seat: int, target: object) -> list[Event]:
    pending = state["pending"]
    if pending["kind"] == "target_seat":
        if target not in others(state, seat):
            raise IllegalAction(f"Choose another player: one of {others(state, seat)}.")
        return _resolve_seat_target(state, seat, pending["card"], target)
    allowed = enemy_cities(state, seat, face_down_only=key_of(pending["card"]) == LONG)
    if target not in allowed:
        why = " with a face-down defender" if key_of(pending["card"]) == LONG else ""
        raise IllegalAction(f"Choose another player's city{why}: "
                            f"{', '.join(allowed) or 'none'}.")
    state["pending"] = {**pending, "kind": "guess" if key_of(pending["card"]) == LONG
                        else "amount", "city": target}
    state["step"] = state["pending"]["kind"]
    owner = city_in_play(state, target)[0]
    return [Event(f"Seat {seat} targets Seat {owner}'s {name(target)}.")]


def _resolve_seat_target(state: State, seat: int, card: str, target: int) -> list[Event]:
    result = contest(state, card, seat, target)
    events = [Event(f"Seat {seat} targets Seat {target}."),
              Event(contest_text(state, result))]
    if result["success"] and key_of(card) == SHUN:
        diff = intelligence(state, seat) - intelligence(state, target)
        moved = transfer(state, target, seat, diff)
        events.append(Event(f"Seat {seat} steals {moved}元 from Seat {target}."))
    elif result["success"]:
        events += _steal_cards(state, seat, target, card)
    _finish(state, card)
    return events


def _steal_cards(state: State, seat: int, target: int, card: str) -> list[Event]:
    """草船借箭: 1 random card, 2 if the intelligence gap is at least 3 (R10.6)."""
    p = params(card)
    count = p["take"]
    if intelligence(state, seat) - intelligence(state, target) >= p["extra_diff"]:
        count += p["extra_take"]
    hand = player(state, target)["hand"]
    events: list[Event] = []
    for _ in range(min(count, len(hand))):
        taken = pick(state, hand, f"Seat {seat} takes a random card from Seat {target}'s hand",
                     show=name, seen_by=(seat, target))
        player(state, seat)["hand"].append(hand.pop(taken.index))
        events += taken.events
    return events or [Event(f"Seat {target} has no card for Seat {seat} to take.")]


def guess(state: State, seat: int, value: object) -> list[Event]:
    """攏絡之計: a right guess plus a won contest takes the city and its face-down general."""
    pending = state["pending"]
    low, high = RULES["guess_min"], RULES["guess_max"]
    if not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"Guess a force from {low} to {high}: `guess <n>`.")
    city, card = pending["city"], pending["card"]
    owner, entry = city_in_play(state, city)
    result = contest(state, card, seat, owner)
    events = [Event(f"Seat {seat} guesses the defender of {name(city)} has force {value}."),
              Event(contest_text(state, result))]
    if result["success"] and DATA.generals[entry["defender"]]["force"] == value:
        moved = remove_city(state, owner, city)
        player(state, seat)["cities"].append({**moved, "gained": state["action_no"],
                                              "built_round": state["round"]})
        events.append(Event(f"The guess is right: Seat {seat} wins over {name(city)} and its "
                            "general, still face down."))
        check_target(state, events, seat)
    elif result["success"]:
        events.append(Event("The guess is wrong: nothing happens."))
    _finish(state, card)
    return events


def amount(state: State, seat: int, value: object) -> list[Event]:
    """暗殺計: pay X first (never refunded), contest, then a battle card ≤ X kills."""
    pending = state["pending"]
    coins = player(state, seat)["coins"]
    if not isinstance(value, int) or value < 1:
        raise IllegalAction("Pay at least 1元: `amount <n>`.")
    if value > coins:
        raise IllegalAction(f"You cannot pay {value}元, you have {coins}元.")
    city, card = pending["city"], pending["card"]
    owner, entry = city_in_play(state, city)
    pay(state, seat, value)
    result = contest(state, card, seat, owner)
    events = [Event(f"Seat {seat} pays {value}元 for the assassination."),
              Event(contest_text(state, result))]
    if not result["success"]:
        _finish(state, card)
        return events
    events.append(shuffle_battle_deck(state))
    drawn = draw_battle_cards(state, 1)
    events.append(return_battle_cards(state, drawn))
    if drawn[0] > value:
        events.append(Event(f"The battle card is {drawn[0]} (more than {value}): the "
                            "assassination fails."))
        _finish(state, card)
        return events
    victim = entry["defender"]
    remove_city(state, owner, city)
    discard(state, victim)
    events.append(Event(f"The battle card is {drawn[0]} (at most {value}): {name(victim)} is "
                        f"assassinated."))
    discard(state, card)
    if not generals_in_hand(state, seat):
        discard(state, city)
        state["pending"], state["step"] = None, "main"
        events.append(Event(f"Seat {seat} has no general to station: {name(city)} is "
                            "discarded."))
        return events
    state["pending"] = {"kind": "station", "seat": seat, "city": city,
                        "source": "assassinate"}
    state["step"] = "station"
    return events
