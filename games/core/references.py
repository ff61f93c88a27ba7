"""What a player may look up by name (`/game rules`, `rules` at the terminal): the things of a
game's data, as a game declares them (`Game.references`), so the lookup names no game.

A thing's name and text come first from the game's catalog (the term `key`, and
`<key>.text`); the `names` and `texts` here, by language code (`en`, `zh`, `zh-TW`...), are
what its data holds, for things the catalog does not word."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Reference:
    kind: str  # "general", "card", "city"...: the lookup names the kind in the reader's words
    ref: str  # how a move names it: `wei.guo_jia`
    key: str  # the catalog key of its name: `<game>.<kind>.<id>`
    names: Mapping[str, str] = field(default_factory=dict)
    texts: Mapping[str, str] = field(default_factory=dict)
    facts: tuple[tuple[str, Any], ...] = ()  # (fact, value) shown under its text


def facts_of(item: Mapping[str, Any], names: Iterable[str]) -> tuple[tuple[str, Any], ...]:
    """The facts among `names` that the data item has, in that order; a cost by resource
    reads as what is paid only ("2 gold, 1 rice")."""
    found = []
    for name in names:
        value = item.get(name)
        if isinstance(value, dict):
            value = ", ".join(f"{v} {k}" for k, v in value.items() if v)
        if value not in (None, "", False):
            found.append((name, value))
    return tuple(found)
