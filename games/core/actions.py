"""Actions: one canonical text form (logs, terminal, `/move`) and one JSON form (storage).

An action is a verb and a few arguments, each a word without spaces (a card id, a seat number,
an amount): `build xinye`, `keep general:zhao_yun`, `pay 2`. Large choices are made step by step
(choose the action, then its target, then the amount), so every decision is one such action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.errors import MalformedAction

Arg = str | int


@dataclass(frozen=True, order=True)
class Action:
    kind: str
    args: tuple[Arg, ...] = ()
    # A label for buttons and menus; not part of the action's identity.
    label: str = field(default="", compare=False, hash=False)

    @property
    def text(self) -> str:
        return " ".join([self.kind, *(str(a) for a in self.args)])

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: dict) -> Action:
        return cls(data["kind"], tuple(data.get("args", ())))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the canonical text form; numbers become ints."""
        words = text.strip().split()
        if not words:
            raise MalformedAction("Empty move: type an action such as `pass`.")
        return cls(words[0].lower(), tuple(_arg(w) for w in words[1:]))

    def __str__(self) -> str:
        return self.text


def _arg(word: str) -> Arg:
    try:
        return int(word)
    except ValueError:
        return word
