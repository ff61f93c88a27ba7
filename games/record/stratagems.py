"""General (non-combat) stratagems (R9, R10), played step by step: `play <card>`, then the
card's own choices (`discard`, `deck`, `take`, `target`, `guess`, `amount`). The played card
waits in `state["pending"]["card"]` and is discarded when it resolves, success or not (R9.3)."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction
from games.core.chance import pick, shuffle
from games.core.messages import Msg, Seat, Term, msg
from games.record.citations import STRATAGEM_RULES, cite
from games.record.contests import (
    contest,
    contest_text,
    draw_battle_cards,
    return_battle_cards,
    shuffle_battle_deck,
)
from games.record.data import DATA, RULES, card_info, deck_term, key_of, kind_of, shown, term
from games.record.state import (
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
from games.record.turn import you_draw

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


def requirement_problem(state: State, seat: int, card: str) -> Msg | None:
    """R9.4 / AMB-7: why the card cannot be played now, or None."""
    key, p = key_of(card), player(state, seat)
    if key == PAO and len(p["hand"]) < 2:
        return msg("record.refuse.needs_discard", card=term(card))
    if key == LONG and not enemy_cities(state, seat, face_down_only=True):
        return msg("record.refuse.needs_face_down", card=term(card))
    if key == ANSHA and not enemy_cities(state, seat):
        return msg("record.refuse.needs_enemy_city", card=term(card))
    if key == ANSHA and p["coins"] < 1:
        return msg("record.refuse.needs_coin", card=term(card))
    return None


def play_actions(state: State, seat: int) -> list[Action]:
    """One `play` per kind of general stratagem in hand (copies are interchangeable)."""
    if state["turn"]["used"]["general"]:
        return []
    seen: dict[str, str] = {}
    for card in sorted(player(state, seat)["hand"]):
        if is_type(card, "general") and key_of(card) not in seen:
            seen[key_of(card)] = card
    return [Action("play", (c,), label=msg("record.label.play", card=term(c)))
            for c in seen.values() if requirement_problem(state, seat, c) is None]


def play(state: State, seat: int, card: str) -> list[Event]:
    if card not in player(state, seat)["hand"]:
        raise IllegalAction(msg("record.refuse.not_in_hand", card=shown(card)), rule=cite("R9.1"))
    if kind_of(card) != "stratagem":
        raise IllegalAction(msg("record.refuse.not_a_stratagem", card=term(card)),
                            rule=cite("R9.1"))
    if not is_type(card, "general"):
        raise IllegalAction(msg("record.refuse.combat_stratagem", card=term(card)),
                            rule=cite("R9.1"))
    if state["turn"]["used"]["general"]:
        raise IllegalAction(msg("record.refuse.played"), rule=cite("R9.2"))
    problem = requirement_problem(state, seat, card)
    if problem:
        raise IllegalAction(problem, rule=cite("R9.4"))
    take_from_hand(state, seat, card)
    state["turn"]["used"]["general"] = True
    events = [Event(msg("record.effect.plays", who=Seat(seat), card=term(card)))]
    key = key_of(card)
    if key == HUN:
        gain(state, seat, params(card)["gain"])
        discard(state, card)
        return events + [Event(msg("record.effect.gains", who=Seat(seat),
                                   amount=params(card)["gain"]))]
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
        return [Action("discard", (c,), label=msg("record.label.discard", card=card_info(c)))
                for c in sorted(player(state, seat)["hand"])]
    if kind == "deck":
        return [Action("deck", (d,), label=msg("record.label.use_deck", deck=deck_term(d),
                                               count=len(state["decks"][d])))
                for d in deck_names(state) if drawable(state, d)]
    if kind == "take":
        generals = [c for c in pending["revealed"] if kind_of(c) == "general"]
        return [Action("take", (g,), label=msg("record.label.take", general=card_info(g)))
                for g in generals] + [
            Action("take", ("none",), label=msg("record.label.take_nothing"))]
    if kind == "target_seat":
        # A seat is typed 1-based, as players count them: `target 1` is the first player.
        return [Action("target", (o + 1,), label=msg("record.label.target_seat",
                                                     card=term(card), target=Seat(o)))
                for o in others(state, seat)]
    if kind == "target_city":
        face_down = key_of(card) == LONG
        return [Action("target", (c,), label=msg(
            "record.label.target_city", card=term(card), owner=Seat(city_in_play(state, c)[0]),
            city=term(c))) for c in enemy_cities(state, seat, face_down_only=face_down)]
    if kind == "guess":
        return [Action("guess", (n,), label=msg("record.label.guess", force=n))
                for n in range(RULES["guess_min"], RULES["guess_max"] + 1)]
    if kind == "amount":
        top = min(player(state, seat)["coins"], max(DATA.battle_cards))
        return [Action("amount", (x,), label=msg(
            "record.label.amount_sure" if x == top == max(DATA.battle_cards)
            else "record.label.amount", amount=x)) for x in range(1, top + 1)]
    raise AssertionError(kind)


def choose_discard(state: State, seat: int, card: str) -> list[Event]:
    """拋磚引玉: discard one other card, then draw 3."""
    if card not in player(state, seat)["hand"]:
        raise IllegalAction(msg("record.refuse.not_in_hand", card=shown(card)), rule=cite("R10.1"))
    take_from_hand(state, seat, card)
    discard(state, card)
    events = [Event(msg("record.effect.discards", who=Seat(seat), card=term(card)))]
    return events + _pend(state, seat, state["pending"]["card"], "deck")


def choose_deck(state: State, seat: int, deck: str) -> list[Event]:
    if deck not in deck_names(state) or not drawable(state, deck):
        options = tuple(deck_term(d) for d in deck_names(state) if drawable(state, d))
        raise IllegalAction(msg("record.refuse.deck", decks=options), rule=cite("A5"))
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
    events += [Event(msg("record.draw.count", who=Seat(seat), count=len(drawn))),
               you_draw(seat, drawn)]
    check_decks(state, events)
    return events


def _reveal(state: State, seat: int, card: str, deck: str) -> list[Event]:
    events: list[Event] = []
    revealed = [c for c in (draw(state, deck, events) for _ in range(params(card)["reveal"]))
                if c]
    state["pending"] = {"kind": "take", "seat": seat, "card": card, "revealed": revealed,
                        "deck": deck}
    state["step"] = "take"
    if not revealed:
        return events + [Event(msg("record.effect.reveals_nothing", card=term(card)))]
    return events + [Event(msg("record.effect.reveals", card=term(card),
                               cards=tuple(card_info(c) for c in revealed)))]


def take(state: State, seat: int, choice: str) -> list[Event]:
    """桃園結義: take at most one revealed general; the rest go back and the deck shuffles."""
    pending = state["pending"]
    revealed = pending["revealed"]
    events: list[Event] = []
    if choice != "none":
        if choice not in revealed or kind_of(choice) != "general":
            generals = tuple(term(c) for c in revealed if kind_of(c) == "general")
            raise IllegalAction(msg("record.refuse.take", generals=generals) if generals
                                else msg("record.refuse.take_nothing"), rule=cite("R10.4"))
        revealed.remove(choice)
        player(state, seat)["hand"].append(choice)
        events.append(Event(msg("record.effect.takes", who=Seat(seat),
                                general=term(choice))))
    else:
        events.append(Event(msg("record.effect.takes_nothing", who=Seat(seat))))
    deck = state["decks"][pending["deck"]]
    deck.extend(revealed)
    events.append(shuffle(state, deck, msg("record.cards_back",
                                           deck=deck_term(pending["deck"]))))
    _finish(state, pending["card"])
    check_decks(state, events)
    return events


def _rule_of(card: str) -> Term:
    """The R10 rule by which the General stratagem `card` resolves."""
    return cite(STRATAGEM_RULES[key_of(card)])


def choose_target(state: State, seat: int, target: object) -> list[Event]:
    pending = state["pending"]
    if pending["kind"] == "target_seat":
        # Typed 1-based (`target 1` is the first player); kept 0-based inside.
        if not isinstance(target, int) or target - 1 not in others(state, seat):
            raise IllegalAction(msg("record.refuse.target_seat", seats=tuple(
                msg("record.seat_choice", number=o + 1, who=Seat(o))
                for o in sorted(others(state, seat)))), rule=_rule_of(pending["card"]))
        return _resolve_seat_target(state, seat, pending["card"], target - 1)
    face_down = key_of(pending["card"]) == LONG
    allowed = enemy_cities(state, seat, face_down_only=face_down)
    if target not in allowed:
        raise IllegalAction(msg("record.refuse.target_face_down" if face_down
                                else "record.refuse.target_city",
                                cities=tuple(term(c) for c in allowed)),
                            rule=_rule_of(pending["card"]))
    state["pending"] = {**pending, "kind": "guess" if key_of(pending["card"]) == LONG
                        else "amount", "city": target}
    state["step"] = state["pending"]["kind"]
    owner = city_in_play(state, target)[0]
    return [Event(msg("record.effect.targets_city", who=Seat(seat), owner=Seat(owner),
                      city=term(target)))]


def _resolve_seat_target(state: State, seat: int, card: str, target: int) -> list[Event]:
    result = contest(state, card, seat, target)
    events = [Event(msg("record.effect.targets", who=Seat(seat), target=Seat(target))),
              Event(contest_text(state, result))]
    if result["success"] and key_of(card) == SHUN:
        diff = intelligence(state, seat) - intelligence(state, target)
        moved = transfer(state, target, seat, diff)
        events.append(Event(msg("record.effect.steals", who=Seat(seat), amount=moved,
                                target=Seat(target))))
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
        taken = pick(state, hand, msg("record.effect.random_card", who=Seat(seat),
                                      target=Seat(target)),
                     show=term, seen_by=(seat, target))
        player(state, seat)["hand"].append(hand.pop(taken.index))
        events += taken.events
    return events or [Event(msg("record.effect.no_card", target=Seat(target),
                                who=Seat(seat)))]


def guess(state: State, seat: int, value: object) -> list[Event]:
    """攏絡之計: a right guess plus a won contest takes the city and its face-down general."""
    pending = state["pending"]
    low, high = RULES["guess_min"], RULES["guess_max"]
    if not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(msg("record.refuse.guess", low=low, high=high), rule=cite("R10.7"))
    city, card = pending["city"], pending["card"]
    owner, entry = city_in_play(state, city)
    result = contest(state, card, seat, owner)
    events = [Event(msg("record.effect.guesses", who=Seat(seat), city=term(city),
                        force=value)),
              Event(contest_text(state, result))]
    if result["success"] and DATA.generals[entry["defender"]]["force"] == value:
        moved = remove_city(state, owner, city)
        player(state, seat)["cities"].append({**moved, "gained": state["action_no"],
                                              "built_round": state["round"]})
        events.append(Event(msg("record.effect.guess_right", who=Seat(seat),
                                city=term(city))))
        check_target(state, events, seat)
    elif result["success"]:
        events.append(Event(msg("record.effect.guess_wrong")))
    _finish(state, card)
    return events


def amount(state: State, seat: int, value: object) -> list[Event]:
    """暗殺計: pay X first (never refunded), contest, then a battle card ≤ X kills."""
    pending = state["pending"]
    coins = player(state, seat)["coins"]
    if not isinstance(value, int) or not 1 <= value <= coins:
        raise IllegalAction(msg("record.refuse.amount", coins=coins), rule=cite("R10.8"))
    city, card = pending["city"], pending["card"]
    owner, entry = city_in_play(state, city)
    pay(state, seat, value)
    result = contest(state, card, seat, owner)
    events = [Event(msg("record.effect.pays", who=Seat(seat), amount=value,
                        card=term(card))),
              Event(contest_text(state, result))]
    if not result["success"]:
        _finish(state, card)
        return events
    events.append(shuffle_battle_deck(state))
    drawn = draw_battle_cards(state, 1)
    events.append(return_battle_cards(state, drawn))
    if drawn[0] > value:
        events.append(Event(msg("record.effect.assassination_fails", card=drawn[0],
                                amount=value)))
        _finish(state, card)
        return events
    victim = entry["defender"]
    remove_city(state, owner, city)
    discard(state, victim)
    events.append(Event(msg("record.effect.assassinated", card=drawn[0], amount=value,
                            general=term(victim))))
    discard(state, card)
    if not generals_in_hand(state, seat):
        discard(state, city)
        state["pending"], state["step"] = None, "main"
        events.append(Event(msg("record.effect.no_general", who=Seat(seat),
                                city=term(city))))
        return events
    state["pending"] = {"kind": "station", "seat": seat, "city": city,
                        "source": "assassinate"}
    state["step"] = "station"
    return events
