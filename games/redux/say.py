"""How the Redux engine words what a player reads: amounts, the choices a refusal offers
instead, and the matching of a name a player typed to the id the game expects.

Every text is a `Msg` of the catalogs in `games/redux/locales/` (names in `names.toml`); a
refusal names what is possible by the choices' labels, at most a handful of them, and never
by an internal id unless it is the form to type ("did you mean `place shu.zhao_yun`?")."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from games.core import Action
from games.core.messages import Msg, Term, msg

# What an amount can count, by the names the data and the rules use.
AMOUNT_KEYS = {"weapons": "weapon", "armies": "army", "army": "army", "deficits": "deficit"}
SHOWN_CHOICES = 5


def amount(resource: str, count: int) -> Msg:
    """`2 gold`, `1 spear`, `3 untrained armies`: `redux.amount.<resource>`."""
    return msg(f"redux.amount.{AMOUNT_KEYS.get(resource, resource)}", count=count)


def amounts(pairs: Iterable[tuple[str, int]]) -> tuple[Msg, ...]:
    """Several amounts, shown as a list in the reader's language; zero amounts left out."""
    return tuple(amount(resource, n) for resource, n in pairs if n)


def units(unit: str, count: int) -> Msg:
    """`2 archer units`."""
    return msg("redux.amount.units", count=count, unit=Term(f"redux.unit.{unit}"))


def choices_hint(choices: Sequence[Action]) -> Msg:
    """What is possible instead, by the choices' labels: a few of them and how many more."""
    if not choices:
        return msg("redux.refuse.nothing_else")
    shown = tuple(c.label or c.text for c in choices[:SHOWN_CHOICES])
    more = len(choices) - len(shown)
    if more:
        return msg("redux.refuse.you_can_more", choices=shown, more=more)
    return msg("redux.refuse.you_can", choices=shown)


def _plain(text: str) -> str:
    return re.sub(r"[\s_'\-.()（）]+", "", text).lower()


def typed_match(typed: Sequence[object], names: Mapping[str, Iterable[str]]) -> str | None:
    """The id among `names` (id -> its names in every language) that a player meant when
    typing `typed` (one or more words): the id itself, its part after the nation, or a name
    in any language, ignoring case, spaces and punctuation."""
    wanted = _plain(" ".join(str(t) for t in typed))
    if not wanted:
        return None
    for entry, words in names.items():
        forms = {entry, entry.rpartition(".")[2], *words}
        if wanted in {_plain(f) for f in forms}:
            return entry
    return None
