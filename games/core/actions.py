"""Actions: one canonical text form (logs, terminal, `/move`) and one JSON form (storage).

An action is a verb and a few arguments, each a word without spaces (a card id, a seat number,
an amount): `build xinye`, `keep general:zhao_yun`, `pay 2`. Large choices are made step by step
(choose the action, then its target, then the amount), so every decision is one such action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.errors import MalformedAction
from games.core.messages import Said, msg

Arg = str | int


@dataclass(frozen=True, order=True)
class Action:
    kind: str
    args: tuple[Arg, ...] = ()
    # A label for buttons and menus, worded for the reader; not part of the identity.
    label: Said = field(default="", compare=False, hash=False)

    @property
    def text(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(data["kind"], tuple(data.get("args", ())))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the canonical text form; numbers become ints."""
        words = text.strip().split()
        if not words:
            raise MalformedAction(msg("engine.empty_move"))
        return cls(words[0].lower(), tuple(_arg(w) for w in words[1:]))

    def word(self, index: int = 0) -> str:
        """Argument `index` as a word (an id, a place, a choice); a number reads as its digits,
        since the text form cannot tell `22` the id from 22 the amount."""
        return str(self._arg_at(index))

    def number(self, index: int = 0) -> int:
        """Argument `index` as an integer (an amount, a seat); refused when it is a word."""
        value = self._arg_at(index)
        if not isinstance(value, int):
            raise MalformedAction(msg("engine.not_a_number", action=self.text, place=index + 1,
                                      value=str(value)))
        return value

    def _arg_at(self, index: int) -> Arg:
        if index >= len(self.args):
            raise MalformedAction(msg("engine.too_few_args", action=self.text, count=index + 1))
        return self.args[index]

    def __str__(self) -> str:
        return self.text


def _arg(word: str) -> Arg:
    try:
        return int(word)
    except ValueError:
        return word
