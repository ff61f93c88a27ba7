"""Hidden coins stay hidden (S21.1 with `coins_visible` off; issue 20, item 5): a public
reader who knows every seat's starting coins (printed on the mats) and reads every public
line of a whole game, adding up each seat's gains and payments, rebuilds every purse
exactly when coins are visible, and cannot when they are hidden, whatever the public view
shows meanwhile."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from games.core import Event, get_game, make_agent
from games.core.messages import Msg, Seat

GAME = get_game("scythe")
# what a line that moves coins is called; an encounter's card lists its options' prices
MOVES_COINS = ("gain", "pay", "receive", "lose", "spend", "earn", "collect", "income", "bonus",
               "coins")
PAYS = ("pay", "lose", "spend")


def _coins_in(value: Any) -> Iterator[int]:
    if isinstance(value, Msg):
        count = value.params.get("count")
        if value.key == "scythe.amount.coins" and isinstance(count, int):
            yield count
        for param in value.params.values():
            yield from _coins_in(param)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _coins_in(item)


def read_change(event: Event) -> tuple[int, int] | None:
    """(seat, coins) a public line says a seat gained (or paid, negative)."""
    said = event.text
    if not event.public or not isinstance(said, Msg) or "encounter" in said.key:
        return None
    who = said.params.get("who")
    if not isinstance(who, Seat) or not any(word in said.key for word in MOVES_COINS):
        return None
    amount = sum(_coins_in(said))
    return (who.index, -amount if any(word in said.key for word in PAYS) else amount) \
        if amount else None


def public_reader(visible: bool, players: int, seed: int) -> tuple[int, int, set[int]]:
    """Plays a whole heuristic game; after every action the reader's guess of each purse
    is compared with the truth: (steps guessed right, steps guessed wrong, seats whose
    coins the public view showed at any time)."""
    state, _ = GAME.begin(players, GAME.resolve_options({"coins_visible": visible}), seed)
    guess = [p["coins"] for p in state["players"]]  # the mats' starting coins
    agents = [make_agent("heuristic", seed=seed + n) for n in range(players)]
    right = wrong = 0
    shown: set[int] = set()
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, told = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        for change in filter(None, map(read_change, told)):
            guess[change[0]] += change[1]
        truth = [p["coins"] for p in state["players"]]
        right, wrong = (right + 1, wrong) if guess == truth else (right, wrong + 1)
        guess = list(guess)
        public = GAME.view(state, None)
        shown |= {n for n, p in enumerate(public["players"]) if p.get("coins") is not None}
    return right, wrong, shown


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 3), (5, 7)])
def test_visible_coins_can_be_rebuilt_from_the_public_lines(players: int, seed: int) -> None:
    """The reader is a real attack: every purse, after every action, from the lines alone."""
    right, wrong, shown = public_reader(True, players, seed)
    assert right > 50 and wrong == 0 and shown == set(range(players))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 3), (5, 7)])
def test_hidden_coins_cannot_be_rebuilt_from_anything_public(players: int, seed: int) -> None:
    right, wrong, shown = public_reader(False, players, seed)
    assert wrong > right and not shown
