"""Reading a typed move (`/move` on Discord, a line at the terminal) as one of the seat's
legal actions, the same way for both, since both reach the service's `act`.

The candidates are the engine's legal actions for the seat, with their labels in the reader's
language. A move typed in its exact canonical text is that action, always. Otherwise a typed
move means every legal action it spells, ignoring case, Latin accents, spaces and
punctuation: its canonical text (`capital luoyang` for `capital Luoyang`), its label as the
reader reads it, or its kind followed by its arguments, each by its id or by a name the
reader's language gives the thing (`capital 洛阳` for a zh-CN reader); failing those, its kind
and the start of its last argument (`capital luo`). A canonical text in other case wins over
names, a whole name over a start. Several candidates (other than copies of one card): refused,
naming each, so the player types one of them; none: the text goes to the engine as typed,
whose refusal says why and what is possible instead (or which reads a form of its own, such
as a batch of orders)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Reader, Text, text
from bot.i18n.lookup import forms_of, normal, thing_of
from bot.service.announce import said_text
from bot.service.models import ServiceError
from games.core import Action, Game, GameError, State
from games.core.actions import Arg

SHOWN = 8  # the candidates an ambiguous move names; the rest are counted


def read(typed: str) -> Action:
    """The canonical reading of a typed text; refused when it is empty."""
    try:
        return Action.parse(typed)
    except GameError as error:
        raise ServiceError.of(error) from None


def typed_action(engine: Game, state: State, seat: int, typed: str, reader: Reader) -> Action:
    """The action `typed` means among `seat`'s legal actions (see the module's note). Refused,
    changing nothing, when it means several."""
    parsed = read(typed)
    legal = engine.legal_actions(state, seat)
    if parsed in legal:
        return parsed
    found = spelled(engine.name, legal, typed, reader)
    if len({_same(a) for a in found}) > 1:
        raise ServiceError(ambiguous(typed, found), tuple(reader.names))
    return found[0] if found else parsed


def _same(action: Action) -> tuple[str, tuple[str, ...]]:
    """What an action does, whichever copy of a card it names: two copies of one stratagem
    in a hand are one choice, not an ambiguity."""
    return action.kind, tuple(thing_of(str(arg)) for arg in action.args)


def spelled(game: str, legal: Sequence[Action], typed: str, reader: Reader) -> list[Action]:
    """The legal actions `typed` spells, the first way that finds any: by canonical text;
    by label or by kind and whole argument names; by kind and the start of its arguments
    (`capital luo`). A kind alone starts every move of that kind: it names them when there
    are several, and never plays the only one unasked."""
    wanted = normal(typed)
    by_text = [a for a in legal if normal(a.text) == wanted]
    if by_text or not wanted:
        return by_text
    kind, _, rest = typed.strip().partition(" ")
    of_kind = [a for a in legal if a.args and normal(a.kind) == normal(kind)]
    whole = [a for a in legal
             if (a.label and normal(said_text(a.label, reader)) == wanted)
             or (a in of_kind and _spells(normal(rest), _forms(game, a, reader)))]
    if whole:
        return whole
    started = [a for a in of_kind if _spells(normal(rest), _forms(game, a, reader), partly=True)]
    return started if normal(rest) or len(started) > 1 else []


def ambiguous(typed: str, found: Sequence[Action]) -> Text:
    """The refusal of a move that means several: each by its label and the text that
    plays it, and how many more there are."""
    shown = tuple(text("turns.typed_choice", label=a.label or a.text, move=a.text)
                  for a in found[:SHOWN])
    more = len(found) - len(shown)
    if more:
        return text("turns.typed_ambiguous_more", typed=typed.strip(), choices=shown, more=more)
    return text("turns.typed_ambiguous", typed=typed.strip(), choices=shown)


def _forms(game: str, action: Action, reader: Reader) -> list[frozenset[str]]:
    """The forms each argument of `action` may be typed in."""
    return [_arg_forms(game, arg, reader.locale) for arg in action.args]


def _arg_forms(game: str, arg: Arg, locale: str) -> frozenset[str]:
    return frozenset({str(arg)}) if isinstance(arg, int) else forms_of(game, arg, locale)


def _spells(rest: str, args: Sequence[frozenset[str]], partly: bool = False) -> bool:
    """Whether `rest` (normalised) is the arguments one after another, each in one of its
    forms; `partly`: it may stop short, within an argument or before the last ones."""
    if not args:
        return not rest
    if partly and any(form.startswith(rest) for form in args[0]):
        return True
    return any(rest.startswith(form) and _spells(rest[len(form):], args[1:], partly)
               for form in args[0] if form)
