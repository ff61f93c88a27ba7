"""Gains and losses with the track limits (S1.5, A11), combat-card draws (S3.3), stars and the
end of the game (S17, S18).

Every module that changes coins, power, popularity, a hand or the Triumph track goes through
here, so the limits, the star triggers and the immediate end on a sixth star (S18.1) are
applied in one place whatever the cause (an action, a recruit bonus, a combat, an encounter)."""

from __future__ import annotations

from games.core import Event
from games.core.chance import shuffle
from games.scythe import rules
from games.scythe.state import State, card_value, is_worker, player, seat_name, units_at

TRACK_MAX = {"power": rules.POWER_MAX, "popularity": rules.POPULARITY_MAX}
TRACK_STAR = {"power": "power", "popularity": "popularity"}  # the star a full track gives
GAIN_KEYS = ("coins", "power", "popularity", "combat_cards")
LOSS_KEYS = ("coins", "power", "popularity")
STAR_TEXT = {
    "upgrades": "all 6 upgrades", "mechs": "all 4 mechs deployed",
    "structures": "all 4 structures built", "recruits": "all 4 recruits enlisted",
    "workers": "all 8 workers on the board", "objective": "an objective",
    "combat": "a combat victory", "popularity": "18 popularity", "power": "16 power",
}


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
    parts = []
    for key in ("coins", "power", "popularity"):
        amount = amounts.get(key, 0)
        if amount <= 0:
            continue
        p[key] = min(p[key] + amount, TRACK_MAX.get(key, p[key] + amount))
        parts.append(f"${amount}" if key == "coins" else f"{amount} {key} ({p[key]})")
    events = [Event(f"{seat_name(state, seat)} gains {_join(parts)}.")] if parts else []
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
    parts = []
    for key in LOSS_KEYS:
        amount = min(amounts.get(key, 0), p[key])
        if amount <= 0:
            continue
        p[key] -= amount
        parts.append(f"${amount}" if key == "coins" else f"{amount} {key} ({p[key]})")
    return [Event(f"{seat_name(state, seat)} loses {_join(parts)}.")] if parts else []


def _check_keys(amounts: dict[str, int], allowed: tuple[str, ...]) -> None:
    """A wrong key or a negative amount is a bug in the caller, never a player's mistake."""
    for key, amount in amounts.items():
        if key not in allowed or amount < 0:
            raise ValueError(f"cannot apply {key}={amount}; allowed: {', '.join(allowed)}")


def _join(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


# -- combat cards ----------------------------------------------------------------------------
def draw_cards(state: State, seat: int, count: int) -> list[Event]:
    """Draw from the top (the end) of the combat deck. An empty deck takes the shuffled discard
    pile; with both empty nothing more is drawn (S3.3). Only the drawer learns the values."""
    deck, discard = state["decks"]["combat"], state["decks"]["combat_discard"]
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(count):
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            events.append(shuffle(state, deck, "The combat discard pile is shuffled into a new "
                                  "deck.", top="last"))
        if not deck:
            break
        drawn.append(deck.pop())
    player(state, seat)["cards"].extend(drawn)
    name = seat_name(state, seat)
    if not drawn:
        events.append(Event(f"{name} draws no combat card: the deck and the discard pile are "
                            "empty."))
        return events
    noun = "combat card" if len(drawn) == 1 else "combat cards"
    events.append(Event(f"{name} draws {len(drawn)} {noun}."))
    values = ", ".join(f"{card_value(c)} ({c})" for c in drawn)
    events.append(Event(f"You draw {noun} {values}.", seats=(seat,)))
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
    values = ", ".join(str(card_value(c)) for c in card_ids)
    noun = "combat card" if len(card_ids) == 1 else "combat cards"
    return [Event(f"{seat_name(state, seat)} discards {noun} {values}.")]


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
    p, name = player(state, seat), seat_name(state, seat)
    limit = star_limit(state, seat, star)
    if limit is not None and p["stars"].get(star, 0) >= limit:
        return [Event(f"{name} has already placed its stars for {STAR_TEXT[star]}: no star.")]
    p["stars"][star] = p["stars"].get(star, 0) + 1
    total = star_count(state, seat)
    events = [Event(f"{name} places a star for {STAR_TEXT[star]} ({total} of "
                    f"{rules.STARS_TO_END}).")]
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
    faction = player(state, seat)["faction"].capitalize()
    state["end"] = {"reason": f"{faction} placed a sixth star", "seat": seat}
    state["active"] = None
    events.append(Event(f"{seat_name(state, seat)} has placed its sixth star: the game ends."))
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
            events.append(Event(f"{seat_name(state, seat)}'s {unit} returns to {origin}: its "
                                "combat is not fought (S18.3)."))
    return events


def _opponent_fighter_at(state: State, seat: int, place: str) -> bool:
    return any(other != seat and not is_worker(unit) for other, unit in units_at(state, place))
