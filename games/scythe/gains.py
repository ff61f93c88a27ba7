"""Gains and losses with the track limits (S1.5, A11), combat-card draws (S3.3), stars and the
end of the game (S17, S18).

Every module that changes coins, power, popularity, a hand or the Triumph track goes through
here, so the limits, the star triggers and the immediate end on a sixth star (S18.1) are
applied in one place whatever the cause (an action, a recruit bonus, a combat, an encounter)."""

from __future__ import annotations

from games.core import Event
from games.core.chance import shuffle
from games.core.messages import Msg, msg
from games.scythe import rules
from games.scythe import words as w
from games.scythe.state import State, card_value, is_worker, player, units_at

TRACK_MAX = {"power": rules.POWER_MAX, "popularity": rules.POPULARITY_MAX}
TRACK_STAR = {"power": "power", "popularity": "popularity"}  # the star a full track gives
GAIN_KEYS = ("coins", "power", "popularity", "combat_cards")
LOSS_KEYS = ("coins", "power", "popularity")


# -- tracks and coins ------------------------------------------------------------------------
def gain(state: State, seat: int, amounts: dict[str, int], *,
         defer_stars: bool = False) -> list[Event]:
    """Add coins, power, popularity and draw combat cards. Power stops at 16 and popularity at
    18 (the excess is lost, A11); reaching the top gives that track's star (S17.5). A seat
    other than the active one places that star later (S17.6): it waits in `turn.deferred`,
    as does the active seat's own when `defer_stars` (a bottom-row action places its stars
    only after its coins and every recruit bonus, S7.5, S18.2)."""
    _check_keys(amounts, GAIN_KEYS)
    p = player(state, seat)
    parts: list[tuple[str, int, int]] = []
    for key in ("coins", "power", "popularity"):
        amount = amounts.get(key, 0)
        if amount <= 0:
            continue
        p[key] = min(p[key] + amount, TRACK_MAX.get(key, p[key] + amount))
        parts.append((key, amount, p[key]))
    events = _told(state, seat, "scythe.gains", parts)
    if amounts.get("combat_cards", 0) > 0:
        events += draw_cards(state, seat, amounts["combat_cards"])
    for track, star in TRACK_STAR.items():
        if amounts.get(track, 0) > 0 and p[track] >= TRACK_MAX[track]:
            events += _track_star(state, seat, star, defer_stars)
    return events


def lose(state: State, seat: int, amounts: dict[str, int]) -> list[Event]:
    """Take coins, power or popularity away, never below 0 (A11: a move that would push
    popularity below 0 is still legal, the track just stops). Combat cards leave a hand only
    as chosen cards, through `discard_cards`."""
    _check_keys(amounts, LOSS_KEYS)
    p = player(state, seat)
    parts: list[tuple[str, int, int]] = []
    for key in LOSS_KEYS:
        amount = min(amounts.get(key, 0), p[key])
        if amount <= 0:
            continue
        p[key] -= amount
        parts.append((key, amount, p[key]))
    return _told(state, seat, key="scythe.loses", parts=parts)


def _told(state: State, seat: int, key: str, parts: list[tuple[str, int, int]]) -> list[Event]:
    """`Alice gains $2 and 1 power (6).`: a track shows where it stands now; coins only to
    their owner when coins are hidden (S21.1)."""
    if not parts:
        return []

    def what(hide: bool) -> tuple[Msg, ...]:
        return tuple(w.amount(k, n, hide_coins=hide) if k == "coins"
                     else msg("scythe.amount.track", amount=w.amount(k, n), now=now)
                     for k, n, now in parts)
    return w.said(state, seat, key, any(k == "coins" for k, _, _ in parts),
                  who=w.who(seat), what=what)


def _check_keys(amounts: dict[str, int], allowed: tuple[str, ...]) -> None:
    """A wrong key or a negative amount is a bug in the caller, never a player's mistake."""
    for key, amount in amounts.items():
        if key not in allowed or amount < 0:
            raise ValueError(f"cannot apply {key}={amount}; allowed: {', '.join(allowed)}")


# -- combat cards ----------------------------------------------------------------------------
def draw_cards(state: State, seat: int, count: int) -> list[Event]:
    """Draw from the top (the end) of the combat deck. An empty deck takes the shuffled discard
    pile; with both empty nothing more is drawn (S3.3). Only the drawer learns the values. A
    draw of none (Crimea starts with no combat card) tells nothing: it must not claim that
    the deck ran out."""
    if count <= 0:
        return []
    deck, discard = state["decks"]["combat"], state["decks"]["combat_discard"]
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(count):
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            events.append(shuffle(state, deck, msg("scythe.combat_reshuffled"), top="last"))
        if not deck:
            break
        drawn.append(deck.pop())
    player(state, seat)["cards"].extend(drawn)
    if not drawn:
        events.append(Event(msg("scythe.draws_none", who=w.who(seat))))
        return events
    events.append(Event(msg("scythe.draws", who=w.who(seat),
                            what=w.amount("combat_cards", len(drawn)))))
    values = tuple(card_value(c) for c in drawn)
    events.append(Event(msg("scythe.you_draw", cards=card_values(values)), seats=(seat,)))
    return events


def discard_cards(state: State, seat: int, card_ids: list[str]) -> list[Event]:
    """Put chosen cards from a hand face up on the discard pile (combat, Coercion S9.3); their
    values become public, their ids stay out of the log."""
    hand = player(state, seat)["cards"]
    missing = [c for c in card_ids if c not in hand]
    if missing:
        raise ValueError(f"seat {seat} does not hold {missing}")
    for card in card_ids:
        hand.remove(card)
        state["decks"]["combat_discard"].append(card)
    if not card_ids:
        return []
    values = tuple(card_value(c) for c in card_ids)
    return [Event(msg("scythe.discards", who=w.who(seat), cards=card_values(values)))]


def card_values(values: tuple[int, ...]) -> Msg:
    """`combat card 4`, `combat cards 4 and 2`: values only, never a card's id."""
    return msg("scythe.card_values", count=len(values), values=tuple(values))


# -- stars and the end -----------------------------------------------------------------------
def star_limit(state: State, seat: int, star: str) -> int | None:
    """How many stars of this kind a seat may place (S17.3); None means no limit (Saxony's
    combat and objective stars, S9.4: objective stars stay at 2 because it holds 2 cards)."""
    if star in rules.STAR_LIMIT and player(state, seat)["faction"] == \
            rules.UNLIMITED_STARS_FACTION:
        return None
    return rules.STAR_LIMIT.get(star, 1)


def star_count(state: State, seat: int) -> int:
    return sum(player(state, seat)["stars"].values())


def award_star(state: State, seat: int, star: str) -> list[Event]:
    """Place a star if the limits allow (S17.2-S17.4); the sixth ends the game at once (S18.1).

    Callers award a combat star after the loser has retreated, so that S18.3 only undoes the
    moves into territories whose combat is still to come."""
    if state["end"] is not None:
        return []
    if star not in rules.STARS:
        raise ValueError(f"no star {star}")
    p = player(state, seat)
    limit = star_limit(state, seat, star)
    if limit is not None and p["stars"].get(star, 0) >= limit:
        return [Event(msg("scythe.star_full", who=w.who(seat), star=w.star(star)))]
    p["stars"][star] = p["stars"].get(star, 0) + 1
    total = star_count(state, seat)
    events = [Event(msg("scythe.star_placed", who=w.who(seat), star=w.star(star), total=total,
                        of=rules.STARS_TO_END))]
    if total >= rules.STARS_TO_END:
        events += _end_game(state, seat)
    return events


def _track_star(state: State, seat: int, star: str, defer: bool) -> list[Event]:
    """The 16-power / 18-popularity star: now for the active seat, else after the action."""
    if player(state, seat)["stars"].get(star, 0):
        return []
    if defer or seat != state["active"]:
        deferred = state["turn"]["deferred"]
        if [seat, star] not in deferred:
            deferred.append([seat, star])
        return []
    return award_star(state, seat, star)


def place_deferred(state: State) -> list[Event]:
    """S17.6, A8: the stars waiting in `turn.deferred`, the active seat's first, then clockwise
    from its left; none once the game has ended (a sixth star among them ends it at once)."""
    pending, state["turn"]["deferred"] = state["turn"]["deferred"], []
    if state["end"] is not None or not pending:
        return []
    order, active = state["order"], state["active"]
    start = order.index(active)
    events: list[Event] = []
    for seat, star in sorted(pending, key=lambda e: (order.index(e[0]) - start) % len(order)):
        events += award_star(state, seat, star)
    return events


def _end_game(state: State, seat: int) -> list[Event]:
    """S18.1: the game stops mid-turn: nothing pending is resolved, moves into combats not yet
    fought are undone (S18.3), and `result` scores the table."""
    state["stack"].clear()
    events = _undo_contested_moves(state)
    state["turn"]["deferred"] = []
    state["end"] = {"reason": "sixth_star", "seat": seat}
    state["active"] = None
    events.append(Event(msg("scythe.game_ends", who=w.who(seat))))
    return events


def _undo_contested_moves(state: State) -> list[Event]:
    """S18.3, S13.14: units of this Move that stand with an opponent's character or mech (a
    combat not fought) go back where they began the Move."""
    events = []
    for key, origin in state["turn"]["moved"].items():
        seat_text, unit = key.split("/", 1)
        seat = int(seat_text)
        place = player(state, seat)["units"][unit]
        if place != origin and _opponent_fighter_at(state, seat, place):
            player(state, seat)["units"][unit] = origin
            events.append(Event(msg("scythe.unit_returns", who=w.who(seat), unit=w.unit(unit),
                                    place=w.place(origin))))
    return events


def _opponent_fighter_at(state: State, seat: int, place: str) -> bool:
    return any(other != seat and not is_worker(unit) for other, unit in units_at(state, place))
