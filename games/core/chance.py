"""Chance: every die roll, shuffle and random pick an engine makes, told in the log.

Each helper draws from the PRNG kept in the state (`state["rng"]`, games.core.rng), stores its
new state back, and returns an Event of kind `CHANCE` that a player can read ("Liu Bei rolls 2d6
for the battle: 4+5 = 9.", "The battle deck is shuffled."), a message (games.core.messages)
the bot words for each reader. A shuffle's event never shows the order; a pick from hidden
cards is told in full only to the seats given as `seen_by`.

The test hook is `force(state, *outcomes)`. It queues outcomes *in the state* (key
`FORCED`), and the next chance steps take them in order. Why the state and not a context
manager or a module global: `apply` must stay a pure function of (state, seat, action), so
the service's snapshot-equals-replay check, a retried write and a terminal replay all see the
same thing; an ambient override would make one state give two results. A forced step still
draws from the PRNG exactly as an unforced one would, so forcing one outcome changes nothing
else in the game; the key is removed once its queue is empty, so real games never carry it.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from games.core.events import Event
from games.core.messages import Msg, Param, Said, msg
from games.core.rng import Rng

T = TypeVar("T")
CHANCE = "chance"  # Event.kind of every chance event, so the log can filter or style them
FORCED = "forced"  # state key of the queue that `force` fills
Top = Literal["first", "last"]  # where a deck's top is: its first or its last element
_NOTHING = object()


class ForcedOutcomeError(ValueError):
    """A forced outcome does not fit the chance step that took it: a mistake in the test."""


def force(state: dict[str, Any], *outcomes: Any) -> None:
    """Fix the next chance outcomes, in order. A die takes a face (an int from 1 to its
    sides, one per die), a pick takes the item to pick, and a shuffle takes a list of items
    that it puts on top of the deck in that order (the rest follow in shuffled order)."""
    state.setdefault(FORCED, []).extend(outcomes)


def _forced(state: dict[str, Any]) -> Any:
    """The next forced outcome, or `_NOTHING` when none is queued."""
    queue = state.get(FORCED)
    if not queue:
        return _NOTHING
    outcome = queue.pop(0)
    if not queue:
        del state[FORCED]
    return outcome


def _below(state: dict[str, Any], n: int) -> int:
    rng = Rng(state["rng"])
    value = rng.below(n)
    state["rng"] = rng.state
    return value


# -- dice ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Roll:
    """The faces rolled, the named modifiers added, and the event that tells it."""

    faces: tuple[int, ...]
    modifiers: tuple[tuple[Param, int], ...]
    event: Event

    @property
    def natural(self) -> int:
        """The sum of the faces alone (what "a natural 12" speaks of)."""
        return sum(self.faces)

    @property
    def total(self) -> int:
        return self.natural + sum(value for _, value in self.modifiers)


def roll(state: dict[str, Any], dice: int, sides: int, *, who: Param,
         why: Param | None = None, modifiers: Sequence[tuple[Param, int]] = ()) -> Roll:
    """Roll `dice`d`sides` for `who` (a `Seat`, or a name); `why` names the roll (a message or
    a term: "the battle") and each modifier comes with its name: "Liu Bei rolls 2d6 for the
    battle: 4+5, with +2 (general), = 11." """
    if dice < 1 or sides < 2:
        raise ValueError(f"cannot roll {dice}d{sides}")
    faces = tuple(_face(state, sides) for _ in range(dice))
    named = tuple((name, value) for name, value in modifiers)
    total = sum(faces) + sum(value for _, value in named)
    shown = "+".join(str(f) for f in faces)
    result = (msg("engine.dice_modified", faces=shown, total=total, modifiers=tuple(
        msg("engine.modifier", value=f"{value:+d}", name=name) for name, value in named))
        if named else msg("engine.dice", faces=shown, total=total))
    told = (msg("engine.roll", who=who, dice=dice, sides=sides, result=result) if why is None
            else msg("engine.roll_for", who=who, dice=dice, sides=sides, why=why, result=result))
    return Roll(faces, named, Event(told, kind=CHANCE))


def _face(state: dict[str, Any], sides: int) -> int:
    drawn = _below(state, sides) + 1
    forced = _forced(state)
    if forced is _NOTHING:
        return drawn
    if isinstance(forced, bool) or not isinstance(forced, int) or not 1 <= forced <= sides:
        raise ForcedOutcomeError(f"a d{sides} cannot show the forced outcome {forced!r}")
    return forced


# -- shuffles ----------------------------------------------------------------------------------
def shuffle(state: dict[str, Any], items: MutableSequence[T], text: Said, *,
            top: Top = "first") -> Event:
    """Shuffle `items` in place (Fisher-Yates); `text` tells it without the order ("The
    battle deck is shuffled."). `top` says which end is the top, for forced outcomes."""
    rng = Rng(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.state
    forced = _forced(state)
    if forced is not _NOTHING:
        _stack(items, forced, top)
    return Event(text, kind=CHANCE)


def _stack(items: MutableSequence[T], wanted: Any, top: Top) -> None:
    """Put the forced items on top in the given order, the rest after them as shuffled."""
    if not isinstance(wanted, list) or any(w not in items for w in wanted):
        raise ForcedOutcomeError(f"a shuffle cannot put {wanted!r} on top of {list(items)!r}")
    rest = [item for item in items if item not in wanted]
    order = [*wanted, *rest]
    items[:] = order if top == "first" else order[::-1]


# -- random picks ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pick(Generic[T]):
    """The picked item, its index in the sequence picked from, and the events telling it."""

    index: int
    item: T
    events: tuple[Event, ...]


def pick(state: dict[str, Any], items: Sequence[T], text: Msg, *,
         show: Callable[[T], Param] = str, seen_by: tuple[int, ...] | None = None) -> Pick[T]:
    """Pick one of `items` at random. `text` tells the pick ("Zhang Fei takes a random card
    from Cao Cao's hand."); the item, as `show` words it, is added for everyone, or only for
    the seats `seen_by` when the item is hidden (the others read `text` alone)."""
    if not items:
        raise ValueError("cannot pick from nothing")
    index = _below(state, len(items))
    forced = _forced(state)
    if forced is not _NOTHING:
        if forced not in items:
            raise ForcedOutcomeError(f"cannot pick the forced {forced!r} from {list(items)!r}")
        index = list(items).index(forced)
    item = items[index]
    told = Event(msg("engine.picked", what=text, item=show(item)), seats=seen_by, kind=CHANCE)
    if seen_by is None:
        return Pick(index, item, (told,))
    return Pick(index, item, (Event(text, kind=CHANCE), told))
