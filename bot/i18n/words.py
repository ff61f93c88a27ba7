"""Putting a message into words for one reader: their language, the table's names, their seat.

Engines and the service say `Msg`s (games/core/messages.py); only here, at the edge, do they
become sentences. A `Seat` parameter becomes the player's name (and "you" where the text
selects on `PERSON`), a `Term` the thing's name in the reader's language, a list a list in
that language's own form, or joined by a separator no name contains when an item has a comma
(`listed`), so a name with a comma never splits it.
A number is shown without grouping (a game number 1234 is not "1,234") and selects the
language's plural form.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from babel import Locale
from babel.lists import format_list
from fluent.runtime.resolver import Pattern, Placeable, VariableReference
from fluent.runtime.types import fluent_number

from bot.i18n.catalog import DEFAULT_LOCALE, CatalogError, bundle, catalog, fluent_id
from bot.i18n.functions import Who
from bot.i18n.korean import particles
from games.core.messages import Msg, Param, Said, Seat, Term

# Babel's names of our locales, for the form of a list.
_BABEL = {"en": "en", "ko": "ko", "zh-CN": "zh_Hans_CN", "zh-TW": "zh_Hant_TW", "ja": "ja"}
# Older engine sentences name a player "Seat N" (0-based); see `words`.
_SEAT = re.compile(r"\bSeat (\d+)\b")
SENTENCE_ENDS = (".", "!", "?", ".)")  # a text ending so is a sentence, else a caption
# Characters of one parameter's text. Fluent refuses a placeable over 2500 (an error, so a
# quoted 6000-character option or seat name would crash the answer that quotes it), and a
# Discord message holds 2000: a longer value is shortened, so the sentence around it, which
# says what to do instead, still reaches the reader.
PARAM_LIMIT = 1000


@dataclass(frozen=True)
class Reader:
    """Who reads: `names` are the table's players by seat; `seat` is the reader's own, whose
    player the texts address as "you" (None in a shared thread)."""

    locale: str = DEFAULT_LOCALE
    names: Sequence[str] = ()
    seat: int | None = None

    def __call__(self, said: Said, /) -> str:
        """The reader as a renderer's `Speech` (rendering/kit/scene.py): plain data, so it
        crosses into a rendering process, where it words the board's captions."""
        return words(said, self)


def words(said: Said, reader: Reader = Reader()) -> str:
    """The message in the reader's words. A sentence that opens with a thing's name starts
    with a capital ("The gentry retreats.", though the name is "the gentry" mid-sentence); a
    caption ("game deck: 38") is left as its board writes its others. A plain sentence
    (code not yet moved to keys) is shown as it is, its "Seat N" replaced by the player's
    name."""
    if isinstance(said, Msg):
        text = fill(said.key, said.params, reader)
        if text.endswith(SENTENCE_ENDS) and _opens_with_term(said, reader):
            return text[:1].upper() + text[1:]
        return text
    return _SEAT.sub(lambda m: _name(int(m.group(1)), reader, m.group(0)), said)


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The text of `key` in `locale` (English when the catalog lacks it), filled with
    `params`. An unknown key raises KeyError: a typo must fail in the tests, not show."""
    return fill(key, params, Reader(locale or DEFAULT_LOCALE))


def fill(key: str, params: Mapping[str, Any], reader: Reader) -> str:
    locale = _locale_of(key, reader)
    if locale != reader.locale:
        reader = replace(reader, locale=locale)
    language = bundle(locale)
    message = language.get_message(fluent_id(key))
    if message.value is None:  # check_pattern refuses such a text; mypy cannot know
        raise CatalogError(f"{key} ({locale}) has no text")
    args = {name: _arg(value, reader) for name, value in params.items()}
    text, errors = language.format_pattern(message.value, args)
    if errors:
        raise CatalogError(f"{key} ({locale}): {errors[0]}")
    return particles(str(text)) if locale == "ko" else str(text)


def _arg(value: Param | Any, reader: Reader) -> Any:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, Seat):
        return Who(_name(value.index, reader), value.index == reader.seat)
    if isinstance(value, (list, tuple)):
        return listed([_plain(v, reader) for v in value], reader)
    return _plain(value, reader)


def listed(items: Sequence[str], reader: Reader | str = Reader()) -> str:
    """Items as one list in the reader's language, the only way lists are joined: in the
    language's own form ("A, B, and C", "A、B和C"), unless an item holds that form's comma
    (a name like "Strengthen Walls, Clear the Fields"); then every item is joined by the
    language's `core.list_separator`, which no name of any game contains, so a hand of 8
    cards always reads as 8."""
    reader = Reader(reader) if isinstance(reader, str) else reader
    separator = fill("core.list_separator", {}, reader)
    marks = (_list_comma(reader.locale), separator.strip())
    if any(mark in item for item in items for mark in marks):
        return separator.join(items)
    return format_list(list(items), locale=_BABEL.get(reader.locale, "en"))


@functools.cache
def _list_comma(locale: str) -> str:
    """What the language's own list form puts between two items ("," in English, "、" in
    Chinese and Japanese), from its CLDR pattern."""
    middle = Locale.parse(_BABEL.get(locale, "en")).list_patterns["standard"]["middle"]
    return str(middle).replace("{0}", "").replace("{1}", "").strip()


def _plain(value: Param | Any, reader: Reader) -> str:
    """A parameter as text on its own (in a list, or where no selector reads it)."""
    if isinstance(value, Msg):  # inside a sentence: as it is
        return fill(value.key, value.params, reader)
    if isinstance(value, Term):
        return fill(value.key, {}, reader)
    if isinstance(value, Seat):
        return _name(value.index, reader)
    if isinstance(value, (list, tuple)):
        return str(_arg(value, reader))
    return shortened(str(value))


def shortened(value: str, limit: int = PARAM_LIMIT) -> str:
    """A parameter's text within `limit` characters, its cut marked."""
    return value if len(value) <= limit else value[:limit - 1] + "…"


def _locale_of(key: str, reader: Reader) -> str:
    """The language `key` is worded in for the reader: theirs, or English where the catalog
    lacks it. An unknown key raises KeyError."""
    return reader.locale if reader.locale in catalog()[key] else DEFAULT_LOCALE


def _opens_with_term(said: Msg, reader: Reader) -> bool:
    """Whether the message's text for the reader starts with a Term parameter (a player's
    name is left as its player spells it)."""
    message = bundle(_locale_of(said.key, reader)).get_message(fluent_id(said.key))
    if not isinstance(message.value, Pattern) or not message.value.elements:
        return False
    first = message.value.elements[0]
    return (isinstance(first, Placeable) and isinstance(first.expression, VariableReference)
            and isinstance(said.params.get(first.expression.id.name), Term))


def _name(index: int, reader: Reader, unknown: str | None = None) -> str:
    if 0 <= index < len(reader.names):
        return reader.names[index]
    return unknown or t("engine.seat", reader.locale, number=index + 1)
