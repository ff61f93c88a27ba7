"""What every game's determiniser (`Game.sample`) shares: the unseen pool and its dealing.

A sampler rebuilds a state from one seat's view. Its hidden parts are dealt, in the sizes the
view shows (hand counts, deck sizes), from the pool of pieces that appear nowhere in the view:
`unseen` finds that pool from every string the view holds, so a card shown anywhere (a hand,
the discard's top, a revealed battle) never turns up in a hidden place."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from games.core.rng import Rng

T = TypeVar("T")


def seen(view: Any) -> set[str]:
    """Every string in a view, keys and values: the ids of every piece it shows."""
    found: set[str] = set()
    stack = [view]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list | tuple):
            stack.extend(value)
    return found


def unseen(pieces: Iterable[str], view: Any) -> list[str]:
    """The pieces (a deck's full contents, in the game's data order) the view never names."""
    shown = seen(view)
    return [p for p in pieces if p not in shown]


class Dealer(Generic[T]):
    """Deals a shuffled pool out in the sizes the view gives, in a fixed order of calls, so
    one rng gives one sample. A pool dealt past its size is a sampler's bug (the view's
    counts and the game's data disagree), raised at once rather than sampled short."""

    def __init__(self, pool: list[T], rng: Rng) -> None:
        self.pool = list(pool)
        rng.shuffle(self.pool)

    def deal(self, count: int) -> list[T]:
        if count > len(self.pool):
            raise ValueError(f"the view wants {count} unseen pieces, {len(self.pool)} left")
        dealt, self.pool = self.pool[:count], self.pool[count:]
        return dealt

    def take(self, pieces: Iterable[T]) -> list[T]:
        """Pieces whose hidden place the seat can tell (a card it saw discarded for good)."""
        taken = [p for p in pieces if p in self.pool]
        self.pool = [p for p in self.pool if p not in taken]
        return taken

    def deal_where(self, count: int, fits: Callable[[T], bool]) -> list[T]:
        """`count` pieces that fit a hidden place (a face-down defender must be a general)."""
        fitting = [p for p in self.pool if fits(p)]
        if count > len(fitting):
            raise ValueError(f"the view wants {count} fitting unseen pieces, {len(fitting)} left")
        dealt = fitting[:count]
        self.pool = [p for p in self.pool if p not in dealt]
        return dealt

    def rest(self) -> list[T]:
        dealt, self.pool = self.pool, []
        return dealt


def fresh_rng(rng: Rng) -> int:
    """The sample's own generator state: the true one is hidden, as every future draw is."""
    return rng.next_u64()
