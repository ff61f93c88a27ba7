"""Looking up a card, a general, a place or a rule of a game by name, for a player who wants
to know what a thing does: `rules <name>` at the terminal, and later `/rules` on Discord (no
Discord here, only text in the reader's language).

Where the words come from, best first:
- the game's catalog: a thing's name is the `Term` key `<game>.<kind>.<id>` (the names
  catalogs `games/<name>/locales/names.toml`), its text the key `<game>.<kind>.<id>.text`,
  and a rule is any key `<game>.rule.<name>` (its title the key itself, its text the key's
  text);
- else the game's data (`games/<name>/data/*.json`): its names in the languages it has, its
  text (Record's in Traditional Chinese and English, the others' in English).

A typed name matches loosely: case, accents, spaces, punctuation and the id's prefix do not
matter (`Guo Jia`, `guo_jia` and `wei.guo_jia` all find 郭嘉), any language's name matches, and
a near miss is suggested. A typed move names its things the same way (`forms_of`, read by
bot/service/typed.py)."""

from __future__ import annotations

import difflib
import functools
import re
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from bot.i18n import catalog, t
from games.core import get_game

_COPY = re.compile(r"[#.]\d+$")  # a copy's number after its thing's id
_DROP = re.compile(r"[\s_\-.:'’·・()（）#]+")


@dataclass(frozen=True, eq=False)
class Entry:
    """One thing a player can look up. `ref` is how a move names it (`wei.guo_jia`);
    `names` are its names by language code (`en`, `ko`, `zh`, `zh-TW`...) from the data;
    `texts` its text by language code from the data."""

    game: str
    kind: str
    ref: str
    key: str  # the catalog key of its name, `<game>.<kind>.<id>`
    names: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    facts: tuple[tuple[str, Any], ...] = ()

    def name(self, locale: str) -> str:
        if self.key in catalog():
            return t(self.key, locale)
        return _in_language(self.names, locale, kanji=True) or self.ref

    def text(self, locale: str) -> str:
        """The catalog's `<key>.text` with its options `<key>.a`, `<key>.b`... (an encounter's
        choices), else the data's text."""
        if f"{self.key}.text" in catalog():
            options = [f"{o.upper()}: {t(f'{self.key}.{o}', locale)}" for o in "abcd"
                       if f"{self.key}.{o}" in catalog()]
            return "\n".join([t(f"{self.key}.text", locale), *options])
        return _in_language(self.texts, locale)

    def spellings(self) -> set[str]:
        """Every form a player may type, normalised: the id with and without its prefix,
        each name in the data, each name in the catalog."""
        full, bare, ids = self.forms()
        return full | bare | ids

    def forms(self) -> tuple[set[str], set[str], set[str]]:
        """Its names as written (in the data and in every language of the catalog), the
        same without a bracketed reading or original, and its ids, each normalised: a name
        typed in full is a better match than one without its brackets, and either is better
        than an id that happens to read the same (Record's lord `Cao Cao` against the id
        `cao_cao` of his ability)."""
        names = set(self.names.values())
        if self.key in catalog():
            names.update(t(self.key, locale) for locale in catalog()[self.key])
        ids = {self.ref, self.ref.split(":")[-1], self.ref.split(".")[-1], self.key}
        return ({normal(n) for n in names if n}, {normal(_bare(n)) for n in names if n},
                {normal(i) for i in ids if i})

    def describe(self, locale: str) -> str:
        """The name, the kind and the move form, then the text and the facts."""
        kind = _kind(self.kind, locale)
        head = (t("terminal.rules.head", locale, name=self.name(locale), kind=kind,
                  ref=self.ref) if kind else
                t("terminal.rules.head_bare", locale, name=self.name(locale), ref=self.ref))
        lines = [head]
        text = self.text(locale)
        if text:
            lines.append(text)
        facts = [t("terminal.fact", locale, fact=_fact(name, locale), value=str(value))
                 for name, value in self.facts]
        if facts:
            lines.append(" · ".join(facts))
        return "\n".join(lines)


def entries(game: str) -> list[Entry]:
    """Every thing of the game that can be looked up: its data's things, the other names of
    its names catalog, and its catalog's rules."""
    found = [Entry(game, r.kind, r.ref, r.key, dict(r.names), dict(r.texts), r.facts)
             for r in get_game(game).references()]
    found += _named(game, {entry.key for entry in found})
    prefix = f"{game}.rule."
    found += [Entry(game, "rule", key[len(prefix):], key) for key in catalog()
              if key.startswith(prefix) and not key.endswith(".text")]
    return found


def find(game: str, typed: str) -> list[Entry]:
    """The things a typed name may mean, best first: the exact matches (a whole name in
    any language, then a name without its brackets, then an id form), else the things
    whose name holds what was typed, else the near misses."""
    wanted = normal(typed)
    if not wanted:
        return []
    exact = _exact(game, wanted)
    if exact:
        return [entry for _, entry in exact]
    known = _index(game)
    partial = [e for e, forms in known if any(wanted in form for form in forms)]
    if partial:
        return partial
    by_form = {form: e for e, forms in known for form in forms}
    close = difflib.get_close_matches(wanted, list(by_form), n=5, cutoff=0.75)
    return list(dict.fromkeys(by_form[form] for form in close))


def lookup(game: str, typed: str, locale: str) -> str:
    """What `rules <typed>` answers: the one thing (an exact name always wins, the other
    things of that name listed under it), or the candidates, or how to ask."""
    if not typed.strip():
        return t("terminal.rules.usage", locale, example=example(game, locale))
    exact = _exact(game, normal(typed))
    best = [entry for rank, entry in exact if rank == exact[0][0]] if exact else []
    if len(best) == 1:
        others = [entry for rank, entry in exact if rank < 2 and entry is not best[0]][:6]
        also = [t("terminal.rules.also", locale)] + [_line(e, locale) for e in others]
        return "\n".join([best[0].describe(locale), *(also if others else [])])
    if len(best) > 1 and len({_bare(entry.name(locale)) for entry in best}) == 1:
        return "\n\n".join(entry.describe(locale) for entry in best)  # no longer name to type
    found = best or find(game, typed)
    if not found:
        return t("terminal.rules.none", locale, typed=typed.strip())
    if len(found) == 1:
        return found[0].describe(locale)
    lines = [t("terminal.rules.several", locale, typed=typed.strip(), count=len(found))]
    return "\n".join(lines + [_line(e, locale) for e in found[:12]])


def example(game: str, locale: str) -> str:
    """A name of this game to show in the help (`rules <name>`), in the reader's words: the
    first general, character or lord of its data, else its first thing."""
    found = entries(game)
    people = [e for e in found if e.kind in ("general", "character", "lord")]
    return _bare((people or found)[0].name(locale)) if found else "?"


def _line(entry: Entry, locale: str) -> str:
    """A candidate: its name, its move form and its kind."""
    kind = _kind(entry.kind, locale)
    return f"  {entry.name(locale)} — `{entry.ref}`" + (f" ({kind})" if kind else "")


def _exact(game: str, wanted: str) -> list[tuple[int, Entry]]:
    """The things `wanted` names exactly, with the rank of the form it matched (0: a whole
    name, 1: a name without its brackets, 2: an id), best first."""
    ranked = []
    for entry, full, bare, ids in _forms_index(game):
        rank = 0 if wanted in full else 1 if wanted in bare else 2 if wanted in ids else None
        if rank is not None:
            ranked.append((rank, entry))
    return sorted(ranked, key=lambda pair: pair[0])


@functools.cache
def forms_of(game: str, ref: str, locale: str) -> frozenset[str]:
    """Every way a move's argument `ref` (an id: `luoyang`, `general:ma_su`, `wei.guo_jia`)
    may be typed by a reader of `locale`, normalised: the id with and without its prefix, and
    the names the reader's language gives the thing it names (with and without a bracketed
    original), so `capital 洛阳` reads for a zh-CN reader as `capital luoyang` does."""
    thing = thing_of(ref)
    forms = {ref, *_id_forms(ref), *_id_forms(thing)}
    things = _by_ref(game)
    for entry in things.get(ref) or things.get(thing, ()):
        name = entry.name(locale)
        forms.update((name, _bare(name)))
    return frozenset(normal(form) for form in forms if form)


def thing_of(ref: str) -> str:
    """The thing a copy's id names: `stratagem:mei_ren_ji#3` and `jianbi.2` are copies of
    `stratagem:mei_ren_ji` and `jianbi`."""
    return _COPY.sub("", ref)


def _id_forms(ref: str) -> set[str]:
    """An id without its prefix (`general:ma_su` -> `ma_su`, `wei.guo_jia` -> `guo_jia`),
    never a bare copy number."""
    return {form for form in (ref.split(":")[-1], ref.split(".")[-1]) if not form.isdigit()}


def _kind(kind: str, locale: str) -> str:
    """The kind of a thing in the reader's words; empty for a kind the terminal does not
    name."""
    key = f"terminal.kind.{kind}"
    return t(key, locale) if key in catalog() else ""


def _fact(name: str, locale: str) -> str:
    """A fact's name in the reader's words (`terminal.fact.<name>`), else as the data has it."""
    key = f"terminal.fact.{name}"
    return t(key, locale) if key in catalog() else name


def _named(game: str, known: set[str]) -> Iterator[Entry]:
    """The names of the game's names catalog that its data reader did not give: a thing
    whose key is `<game>.<kind>.<id>` (not a part of another key, not a sentence with
    variables), looked up by name, with its `.text` if the catalog has one."""
    path = files(f"games.{game}").joinpath("locales", "names.toml")
    if not path.is_file():
        return
    keys = list(tomllib.loads(path.read_text("utf-8")))
    every = set(keys)
    for key in keys:
        parts = key.split(".")
        if (key in known or len(parts) < 3 or parts[0] != game
                or key.rsplit(".", 1)[0] in every or "{" in catalog().get(key, {}).get("en", "{")):
            continue
        yield Entry(game, parts[1], ".".join(parts[2:]), key)


def normal(text: str) -> str:
    """A typed text as it is compared: case, Latin accents, spaces and punctuation dropped."""
    return _DROP.sub("", _unaccented(unicodedata.normalize("NFKC", text).casefold()))


def _unaccented(text: str) -> str:
    """Latin letters without their accents (`Luòyáng` -> `luoyang`); a mark on any other
    script stays (Japanese が is not か)."""
    if text.isascii():
        return text
    kept: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and kept and kept[-1].isascii():
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept))


def _bare(name: str) -> str:
    """A name without its reading or original in brackets: "Cao Cao (曹操)" -> "Cao Cao"."""
    return re.sub(r"[（(].*?[）)]", "", name).strip()


def _in_language(by_language: dict[str, str], locale: str, kanji: bool = False) -> str:
    """The text in the reader's language, else the nearest one the data has: Chinese for
    either Chinese (and for a Japanese reader's names, written in kanji), else English, else
    any."""
    chinese = locale.startswith("zh") or (kanji and locale == "ja")
    for code in (locale, locale.split("-")[0], "zh" if chinese else "", "en"):
        if code and by_language.get(code):
            return by_language[code]
    return next(iter(by_language.values()), "")


@functools.cache
def _index(game: str) -> tuple[tuple[Entry, frozenset[str]], ...]:
    """The game's things with the forms each answers to, read once."""
    return tuple((entry, frozenset(entry.spellings())) for entry in entries(game))


@functools.cache
def _forms_index(game: str) -> tuple[tuple[Entry, set[str], set[str], set[str]], ...]:
    """The game's things with their names, bare names and ids, read once."""
    return tuple((entry, *entry.forms()) for entry, _ in _index(game))


@functools.cache
def _by_ref(game: str) -> dict[str, tuple[Entry, ...]]:
    """The game's things by the id a move gives them, read once."""
    found: dict[str, list[Entry]] = {}
    for entry, _ in _index(game):
        if entry.kind != "rule":
            found.setdefault(entry.ref, []).append(entry)
    return {ref: tuple(entries) for ref, entries in found.items()}
