"""Choices built once per data pack: a legal action's label (a message naming a general or
an action) depends only on the pack and the choice, yet building it was the largest cost of
enumerating legal actions, which every move and every AI decision does. Actions and messages
are immutable, so one built tuple is shared by every state of that pack."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from games.redux.state import State

T = TypeVar("T")
MOST = 20_000  # entries before the memo starts afresh: a bound for a process serving many packs

_BUILT: dict[tuple[Hashable, ...], tuple] = {}


def built(state: State, key: tuple[Hashable, ...], build: Callable[[], Iterable[T]]) -> list[T]:
    """`build()` for this pack and `key`, made the first time and copied after (a fresh list,
    so a caller may extend it)."""
    full = (state["pack"]["hash"], *key)
    found = _BUILT.get(full)
    if found is None:
        if len(_BUILT) >= MOST:
            _BUILT.clear()
        found = _BUILT[full] = tuple(build())
    return list(found)
