"""Messages: what an engine says, as a catalog key with parameters, never as a sentence.

An engine cannot know who reads a line, nor in which language: the public log is read in the
thread's language, a private line in its seat's. So events, refusals, prompts and action labels
carry a `Msg` (a key of the game's catalog, `games/<name>/locales/*.toml`, and its
parameters), and the bot words it at the edge (`bot/i18n`), where the reader is known.

A parameter is one of:
- a number or a plain string (an amount, an action's text form): shown as it is;
- `Seat(n)`: a player (0-based seat), shown as the player's name. A text selects grammatical
  person with `PERSON($who)` ("you" when the reader holds that seat, else "other"), so "You
  choose" and "Cao Cao chooses" come from one key;
- `Term(key)`: a name from the catalog (a card, a general, a place), shown in the reader's
  language;
- another `Msg` (a clause worded in the same language);
- a list or tuple of these, shown as a list in the reader's language ("A, B and C", "A、B和C").

Plurals are the catalog's business: `{ $count -> [one] 1 coin *[other] { $count } coins }`.
Everything here is JSON-serialisable through `to_json`/`from_json`, since events are stored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union


@dataclass(frozen=True)
class Seat:
    """A player, by 0-based seat index."""

    index: int


@dataclass(frozen=True)
class Term:
    """A catalog key naming a thing of the game ("record.card.cc26")."""

    key: str


Param = Union[int, str, Seat, Term, "Msg", Sequence["Param"]]  # noqa: UP007 (a forward ref)


@dataclass(frozen=True)
class Msg:
    """A catalog key and its parameters. `str()` is a debugging form, not a sentence."""

    key: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Lists become tuples, so that a message equals its stored and read-back form.
        object.__setattr__(self, "params", {k: _frozen(v) for k, v in self.params.items()})

    def __str__(self) -> str:
        """English words where the bot's catalogs are loaded (logs, a refusal's str, tests),
        else the key and its parameters."""
        return _english(self)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        return cls(data["key"], {k: _param_of(v) for k, v in data.get("params", {}).items()})


# What an engine may say: a message, or (in code not yet moved to keys) a sentence as it is.
Said = Msg | str


def msg(key: str, /, **params: Param) -> Msg:
    """Shorthand: `Event(msg("record.draws", who=Seat(seat), count=2))`."""
    return Msg(key, params)


def said_json(message: Said) -> Any:
    return message.to_json() if isinstance(message, Msg) else message


def said_of(data: Any) -> Said:
    return Msg.from_json(data) if isinstance(data, Mapping) else str(data)


def _debug_form(message: Msg) -> str:
    shown = ", ".join(f"{name}={value!r}" for name, value in message.params.items())
    return f"{message.key}({shown})"


_english: Callable[[Msg], str] = _debug_form


def set_english(wording: Callable[[Msg], str]) -> None:
    """Installed by the bot's catalogs (bot/i18n), which the engines may not import: from then
    on `str()` of a message, and of an engine's refusal, is its English text."""
    global _english
    _english = wording


def _frozen(value: Param) -> Param:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _param_json(value: Param) -> Any:
    if isinstance(value, Seat):
        return {"seat": value.index}
    if isinstance(value, Term):
        return {"term": value.key}
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value


def _param_of(data: Any) -> Param:
    if isinstance(data, Mapping):
        if "seat" in data:
            return Seat(int(data["seat"]))
        if "term" in data:
            return Term(str(data["term"]))
        return Msg.from_json(data)
    if isinstance(data, list):
        return tuple(_param_of(v) for v in data)
    return data
